/* The worksharing entry points called directly, as other compilers and the
 * OpenMPIRBuilder do: __kmpc_dispatch_* with every schedule kind LLVM 19
 * accepts (trapezoidal, static_steal, guided iterative/analytical, static
 * greedy/balanced, ordered kinds, modifier bits), loop types of 32 and 64
 * bits over ranges at the ends of the types, p_last set for exactly the
 * chunk holding the last iteration, p_st; __kmpc_for_static_init's exact
 * stride and last flag; __kmpc_dist_*, __kmpc_team_static_init inside host
 * teams; __kmpc_sections_init/next_section/end_sections; and
 * schedule(runtime) honouring omp_set_schedule. */
#include <omp.h>
#include <stdint.h>
#include <string.h>

#include "check.h"

typedef struct ident {
  int32_t reserved_1, flags, reserved_2, reserved_3;
  const char *psource;
} ident_t;
static ident_t loc = {0, 2, 0, 0, ";dispatch_abi.c;main;1;1;;"};

void __kmpc_dispatch_init_4(ident_t *, int32_t, int32_t, int32_t, int32_t, int32_t, int32_t);
void __kmpc_dispatch_init_4u(ident_t *, int32_t, int32_t, uint32_t, uint32_t, int32_t, int32_t);
void __kmpc_dispatch_init_8(ident_t *, int32_t, int32_t, int64_t, int64_t, int64_t, int64_t);
void __kmpc_dispatch_init_8u(ident_t *, int32_t, int32_t, uint64_t, uint64_t, int64_t, int64_t);
int __kmpc_dispatch_next_4(ident_t *, int32_t, int32_t *, int32_t *, int32_t *, int32_t *);
int __kmpc_dispatch_next_4u(ident_t *, int32_t, int32_t *, uint32_t *, uint32_t *, int32_t *);
int __kmpc_dispatch_next_8(ident_t *, int32_t, int32_t *, int64_t *, int64_t *, int64_t *);
int __kmpc_dispatch_next_8u(ident_t *, int32_t, int32_t *, uint64_t *, uint64_t *, int64_t *);
void __kmpc_dist_dispatch_init_4(ident_t *, int32_t, int32_t, int32_t *, int32_t, int32_t, int32_t, int32_t);
void __kmpc_for_static_init_4(ident_t *, int32_t, int32_t, int32_t *, int32_t *, int32_t *, int32_t *, int32_t, int32_t);
void __kmpc_for_static_init_8u(ident_t *, int32_t, int32_t, int32_t *, uint64_t *, uint64_t *, int64_t *, int64_t, int64_t);
void __kmpc_for_static_fini(ident_t *, int32_t);
void __kmpc_dist_for_static_init_4(ident_t *, int32_t, int32_t, int32_t *, int32_t *, int32_t *, int32_t *, int32_t *, int32_t, int32_t);
void __kmpc_team_static_init_4(ident_t *, int32_t, int32_t *, int32_t *, int32_t *, int32_t *, int32_t, int32_t);
int32_t __kmpc_sections_init(ident_t *, int32_t);
int32_t __kmpc_next_section(ident_t *, int32_t, int32_t);
void __kmpc_end_sections(ident_t *, int32_t);
int32_t __kmpc_global_thread_num(ident_t *);
void __kmpc_barrier(ident_t *, int32_t);

#define MAXN 3000
static int hits[MAXN];
static int lasts, last_ok, stride_bad;

/* Run one dynamically dispatched loop in the current team (every member
 * calls this) and count iterations by (v - lo) / |st|. */
#define DISPATCH_LOOP(S, T, ST, sched, lo, hi, st, chunk)                      \
  do {                                                                         \
    int32_t gtid = __kmpc_global_thread_num(&loc);                             \
    __kmpc_dispatch_init_##S(&loc, gtid, sched, lo, hi, st, chunk);            \
    int32_t last = 0;                                                          \
    T lb, ub;                                                                  \
    ST stride;                                                                 \
    while (__kmpc_dispatch_next_##S(&loc, gtid, &last, &lb, &ub, &stride)) {   \
      if (stride != (ST)(st)) {                                                \
        _Pragma("omp atomic") stride_bad++;                                    \
      }                                                                        \
      T v = lb;                                                                \
      for (;;) {                                                               \
        __int128 d = (__int128)v - (__int128)(T)(lo);                          \
        long k = (long)((d < 0 ? -d : d) / ((st) < 0 ? -(__int128)(st) : (st))); \
        if (k >= 0 && k < MAXN) {                                              \
          _Pragma("omp atomic") hits[k]++;                                     \
        }                                                                      \
        if (v == ub)                                                           \
          break;                                                               \
        v = (T)(v + (T)(st));                                                  \
      }                                                                        \
      if (last) {                                                              \
        _Pragma("omp atomic") lasts++;                                         \
        if (ub == (T)(hi) || (T)(ub + (T)(st)) == (T)(hi) ||                   \
            ((st) > 0 ? (__int128)ub + (st) > (__int128)(T)(hi)                \
                      : (__int128)ub + (st) < (__int128)(T)(hi))) {            \
          _Pragma("omp atomic") last_ok++;                                     \
        }                                                                      \
      }                                                                        \
    }                                                                          \
  } while (0)

static void expect(const char *what, long n) {
  for (long k = 0; k < n; k++)
    CHECK(hits[k] == 1, "%s: iteration %ld ran %d times", what, k, hits[k]);
  for (long k = n; k < MAXN; k++)
    CHECK(hits[k] == 0, "%s: iteration %ld past the end ran", what, k);
  if (n > 0) {
    CHECK(lasts == 1, "%s: p_last set %d times, want 1", what, lasts);
    CHECK(last_ok == 1, "%s: p_last not on the last chunk", what);
  } else {
    CHECK(lasts == 0, "%s: p_last set in a zero-trip loop", what);
  }
  CHECK(stride_bad == 0, "%s: p_st differs from the stride", what);
  memset(hits, 0, sizeof(hits));
  lasts = last_ok = stride_bad = 0;
}

#define RUN(what, n, S, T, ST, sched, lo, hi, st, chunk)                       \
  do {                                                                         \
    _Pragma("omp parallel") DISPATCH_LOOP(S, T, ST, sched, lo, hi, st, chunk); \
    expect(what, n);                                                           \
  } while (0)

static const int kinds[] = {33, 34, 35, 36, 38, 39, 40, 41, 42, 43, 44,
                            35 | (1 << 30), 35 | (1 << 29), 36 | (1 << 30),
                            65, 66, 67, 68, 70};

static void dispatch_kinds(void) {
  char what[64];
  for (unsigned k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
    int s = kinds[k];
    snprintf(what, sizeof(what), "kind %#x int", s);
    RUN(what, 1000, 4, int32_t, int32_t, s, 0, 999, 1, 7);
    snprintf(what, sizeof(what), "kind %#x int down", s);
    RUN(what, 667, 4, int32_t, int32_t, s, INT32_MAX, INT32_MAX - 1998, -3, 2);
    snprintf(what, sizeof(what), "kind %#x int zero-trip", s);
    RUN(what, 0, 4, int32_t, int32_t, s, 5, 4, 1, 1);
    snprintf(what, sizeof(what), "kind %#x int one-trip", s);
    RUN(what, 1, 4, int32_t, int32_t, s, -7, -7, 1, 3);
    snprintf(what, sizeof(what), "kind %#x unsigned top", s);
    RUN(what, 1001, 4u, uint32_t, int32_t, s, UINT32_MAX - 1000, UINT32_MAX, 1, 5);
    snprintf(what, sizeof(what), "kind %#x int64 wide", s);
    RUN(what, 2001, 8, int64_t, int64_t, s, INT64_MIN,
        (int64_t)((uint64_t)INT64_MIN + 2000 * (uint64_t)(INT64_MAX / 1000)),
        INT64_MAX / 1000, 3);
    snprintf(what, sizeof(what), "kind %#x uint64 whole range", s);
    RUN(what, 2501, 8u, uint64_t, int64_t, s, 0, 2500 * (UINT64_MAX / 2500),
        (int64_t)(UINT64_MAX / 2500), 1);
    snprintf(what, sizeof(what), "kind %#x uint64 down from max", s);
    RUN(what, 1500, 8u, uint64_t, int64_t, s, UINT64_MAX, UINT64_MAX - 2998, -2, 4);
  }
}

static void static_init_exact(void) {
  /* the values LLVM returns: balanced blocks, stride = trip count */
#pragma omp parallel num_threads(3)
  {
    int32_t gtid = __kmpc_global_thread_num(&loc), tid = omp_get_thread_num();
    int32_t last = -1, lb = 0, ub = 9, st = 0;
    __kmpc_for_static_init_4(&loc, gtid, 34, &last, &lb, &ub, &st, 1, 1);
    int32_t want_lb[3] = {0, 4, 7}, want_ub[3] = {3, 6, 9};
    CHECK(lb == want_lb[tid] && ub == want_ub[tid] && st == 10 &&
              last == (tid == 2),
          "static 0..9 thread %d: [%d,%d] stride %d last %d", tid, lb, ub, st, last);
    __kmpc_for_static_fini(&loc, gtid);
    /* fewer iterations than threads */
    last = -1, lb = 0, ub = 1, st = 0;
    __kmpc_for_static_init_4(&loc, gtid, 34, &last, &lb, &ub, &st, 1, 1);
    CHECK(tid < 2 ? lb == tid && ub == tid : lb > ub,
          "static 0..1 thread %d: [%d,%d]", tid, lb, ub);
    CHECK(last == (tid == 1), "static 0..1 thread %d: last %d", tid, last);
    /* chunked: stride = chunk * nthreads, last on the owner of the last chunk */
    last = -1, lb = 0, ub = 99, st = 0;
    __kmpc_for_static_init_4(&loc, gtid, 33, &last, &lb, &ub, &st, 1, 8);
    CHECK(lb == 8 * tid && ub == 8 * tid + 7 && st == 24 && last == (tid == 12 % 3),
          "static,8 thread %d: [%d,%d] stride %d last %d", tid, lb, ub, st, last);
    /* zero-trip: bounds untouched, stride = incr, last 0 */
    last = -1, lb = 3, ub = 2, st = 0;
    __kmpc_for_static_init_4(&loc, gtid, 34, &last, &lb, &ub, &st, 1, 1);
    CHECK(lb == 3 && ub == 2 && st == 1 && last == 0,
          "zero-trip thread %d: [%d,%d] stride %d last %d", tid, lb, ub, st, last);
    /* unsigned 64-bit at the top of the range, negative increment */
    uint64_t ulb = UINT64_MAX, uub = UINT64_MAX - 29;
    int64_t ust = 0;
    last = -1;
    __kmpc_for_static_init_8u(&loc, gtid, 34, &last, &ulb, &uub, &ust, -1, 1);
    CHECK(ulb == UINT64_MAX - 10 * (uint64_t)tid && uub == ulb - 9 && ust == 30 &&
              last == (tid == 2),
          "8u down thread %d: [%llu,%llu] stride %lld", tid,
          (unsigned long long)ulb, (unsigned long long)uub, (long long)ust);
  }
  /* a team of one gets everything */
  int32_t last = -1, lb = 5, ub = 1, st = 0;
  __kmpc_for_static_init_4(&loc, __kmpc_global_thread_num(&loc), 34, &last,
                           &lb, &ub, &st, -1, 1);
  CHECK(lb == 5 && ub == 1 && st == -5 && last == 1,
        "serial: [%d,%d] stride %d last %d", lb, ub, st, last);
}

static void teams_entry_points(void) {
  static int count[1000];
  memset(count, 0, sizeof(count));
  int lasts_seen = 0;
#pragma omp teams num_teams(2)
  {
#pragma omp parallel num_threads(2)
    {
      int32_t gtid = __kmpc_global_thread_num(&loc);
      int32_t last = 0, lb = 0, ub = 999, ubd = 0, st = 0;
      __kmpc_dist_for_static_init_4(&loc, gtid, 34, &last, &lb, &ub, &ubd, &st, 1, 1);
      for (int i = lb; i <= ub && i <= ubd; i++) {
#pragma omp atomic
        count[i]++;
      }
      if (last) {
#pragma omp atomic
        lasts_seen++;
        CHECK(ub == 999, "dist_for: last set on a chunk ending at %d", ub);
      }
    }
  }
  for (int i = 0; i < 1000; i++)
    CHECK(count[i] == 1, "dist_for_static_init: %d ran %d times", i, count[i]);
  CHECK(lasts_seen == 1, "dist_for_static_init: last set %d times", lasts_seen);

  memset(count, 0, sizeof(count));
  lasts_seen = 0;
#pragma omp teams num_teams(2)
  {
    int32_t gtid = __kmpc_global_thread_num(&loc);
    int32_t last = 0, lb = 0, ub = 999, st = 0;
    __kmpc_team_static_init_4(&loc, gtid, &last, &lb, &ub, &st, 1, 10);
    for (; lb <= 999; lb += st, ub += st)
      for (int i = lb; i <= ub && i <= 999; i++) {
#pragma omp atomic
        count[i]++;
      }
    if (last) {
#pragma omp atomic
      lasts_seen++;
    }
  }
  for (int i = 0; i < 1000; i++)
    CHECK(count[i] == 1, "team_static_init: %d ran %d times", i, count[i]);
  CHECK(lasts_seen == 1, "team_static_init: last set %d times", lasts_seen);

  memset(hits, 0, sizeof(hits));
  lasts = last_ok = stride_bad = 0;
#pragma omp teams num_teams(2)
  {
#pragma omp parallel num_threads(2)
    {
      int32_t gtid = __kmpc_global_thread_num(&loc), dlast = 0;
      __kmpc_dist_dispatch_init_4(&loc, gtid, 35, &dlast, 0, 999, 1, 3);
      int32_t last = 0, lb, ub, st;
      while (__kmpc_dispatch_next_4(&loc, gtid, &last, &lb, &ub, &st))
        for (int i = lb; i <= ub; i++) {
#pragma omp atomic
          hits[i]++;
        }
    }
  }
  for (int i = 0; i < 1000; i++)
    CHECK(hits[i] == 1, "dist_dispatch_init: %d ran %d times", i, hits[i]);
  memset(hits, 0, sizeof(hits));
}

static void sections_api(void) {
  static int ran[50][6];
  memset(ran, 0, sizeof(ran));
#pragma omp parallel
  {
    int32_t gtid = __kmpc_global_thread_num(&loc);
    for (int r = 0; r < 50; r++) {
      if (__kmpc_sections_init(&loc, gtid)) {
        for (int32_t s; (s = __kmpc_next_section(&loc, gtid, 6)) < 6;) {
#pragma omp atomic
          ran[r][s]++;
        }
      } else {
        for (int s = 0; s < 6; s++)
          ran[r][s]++;
      }
      __kmpc_end_sections(&loc, gtid);
    }
  }
  for (int r = 0; r < 50; r++)
    for (int s = 0; s < 6; s++)
      CHECK(ran[r][s] == 1, "sections API rep %d: section %d ran %d times", r,
            s, ran[r][s]);
}

/* schedule(runtime) follows omp_set_schedule: static,k assigns chunk c to
 * thread c % n; dynamic,k hands out aligned runs of k; guided,k runs of at
 * least k (but the last). */
static void runtime_schedule(void) {
  enum { N = 997 };
  static int owner[N];
  int nth = 1;
  for (int chunk = 1; chunk <= 9; chunk += 4) {
    omp_set_schedule(omp_sched_static, chunk);
#pragma omp parallel
    {
#pragma omp single
      nth = omp_get_num_threads();
#pragma omp for schedule(runtime)
      for (int i = 0; i < N; i++)
        owner[i] = omp_get_thread_num();
    }
    for (int i = 0; i < N; i++)
      CHECK(owner[i] == (i / chunk) % nth, "runtime static,%d: %d on %d", chunk,
            i, owner[i]);
    for (int kind = omp_sched_dynamic; kind <= omp_sched_guided; kind++) {
      omp_set_schedule((omp_sched_t)kind, chunk);
#pragma omp parallel for schedule(runtime)
      for (int i = 0; i < N; i++)
        owner[i] = omp_get_thread_num();
      for (int i = 0; i < N;) {
        int run = 1;
        while (i + run < N && owner[i + run] == owner[i])
          run++;
        CHECK(i + run == N || run >= chunk,
              "runtime %s,%d: run of %d at %d", kind == 2 ? "dynamic" : "guided",
              chunk, run, i);
        if (kind == omp_sched_dynamic)
          CHECK(i % chunk == 0, "runtime dynamic,%d: a run starts at %d", chunk, i);
        i += run;
      }
    }
  }
  omp_set_schedule((omp_sched_t)(omp_sched_dynamic | omp_sched_monotonic), 2);
  RUN("runtime monotonic:dynamic,2", 1000, 4, int32_t, int32_t, 37, 0, 999, 1, 0);
  omp_set_schedule(omp_sched_auto, 0);
  RUN("runtime auto", 1000, 4, int32_t, int32_t, 37, 0, 999, 1, 0);
  omp_set_schedule(omp_sched_static, 0);
  RUN("runtime static", 1000, 4, int32_t, int32_t, 37, 0, 999, 1, 0);
}

int main(void) {
  dispatch_kinds();
  static_init_exact();
  teams_entry_points();
  sections_api();
  runtime_schedule();
  CHECK_DONE();
}
