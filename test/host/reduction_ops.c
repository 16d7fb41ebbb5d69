/* Reductions: every operator on every arithmetic type, in `parallel for`,
 * `for` (blocking and nowait + barrier) and `sections`, checked
 * exactly against a serial loop (floating-point values are small integers,
 * so sums and products are exact in any order). Run under several team
 * sizes and KMP_FORCE_REDUCTION settings, so each reduction method
 * (empty, atomic, critical, tree) meets each construct. */
#include <complex.h>
#include <omp.h>
#include <stdio.h>

#include "check.h"

#define N 1000

static int team_sizes[] = {1, 2, 3, 5, 8};
#define NSIZES (int)(sizeof(team_sizes) / sizeof(team_sizes[0]))

/* Values per operator: products stay small, bit operators touch a few bits,
 * logical ones have a single false (&&) or true (||) element. */
#define VAL_SUM(i) ((i) % 7 + 1)
#define VAL_PROD(i) ((i) % 250 == 17 ? 2 : 1)
#define VAL_AND(i) ((i) % 100 == 3 ? ~(1 << ((i) / 100 % 7)) : ~0)
#define VAL_OR(i) ((i) % 100 == 7 ? 1 << ((i) / 100 % 7) : 0)
#define VAL_XOR(i) (((i) * 37) & 0x7f)
#define VAL_LAND(i) ((i) != 555)
#define VAL_LOR(i) ((i) == 444)
#define VAL_MINMAX(i) (((i) * 7919) % 1000 + 5)

#define COMBINE_ADD(a, b) ((a) + (b))
#define COMBINE_MUL(a, b) ((a) * (b))
#define COMBINE_AND(a, b) ((a) & (b))
#define COMBINE_OR(a, b) ((a) | (b))
#define COMBINE_XOR(a, b) ((a) ^ (b))
#define COMBINE_LAND(a, b) ((a) && (b))
#define COMBINE_LOR(a, b) ((a) || (b))
#define COMBINE_MIN(a, b) ((b) < (a) ? (b) : (a))
#define COMBINE_MAX(a, b) ((b) > (a) ? (b) : (a))

#define PRAGMA(x) _Pragma(#x)

/* One operator on one type in each construct, for each team size: the
 * combined `parallel for` (the nowait form, at the end of the region), then
 * in one region `for` (blocking), `for nowait` + barrier and `sections`.
 * The identity INIT is also the start value, so the serial loop is the
 * answer. */
#define RED_CASE(T, OP, INIT, VAL, COMBINE)                                    \
  do {                                                                         \
    T ref = (T)(INIT);                                                         \
    for (int i = 0; i < N; i++)                                                \
      ref = (T)COMBINE(ref, (T)VAL(i));                                        \
    for (int s = 0; s < NSIZES; s++) {                                         \
      int nt = team_sizes[s];                                                  \
      T got = (T)(INIT);                                                       \
      PRAGMA(omp parallel for num_threads(nt) reduction(OP : got))             \
      for (int i = 0; i < N; i++)                                              \
        got = (T)COMBINE(got, (T)VAL(i));                                      \
      report(#T, #OP, "parallel for", nt, got == ref);                         \
      T blocking = (T)(INIT), nowait = (T)(INIT), sections = (T)(INIT);        \
      int seen_blocking = 1, seen_nowait = 1;                                  \
      PRAGMA(omp parallel num_threads(nt))                                     \
      {                                                                        \
        PRAGMA(omp for reduction(OP : blocking))                               \
        for (int i = 0; i < N; i++)                                            \
          blocking = (T)COMBINE(blocking, (T)VAL(i));                          \
        if (!(blocking == ref)) {                                              \
          PRAGMA(omp atomic write)                                             \
          seen_blocking = 0;                                                   \
        }                                                                      \
        PRAGMA(omp for reduction(OP : nowait) nowait)                          \
        for (int i = 0; i < N; i++)                                            \
          nowait = (T)COMBINE(nowait, (T)VAL(i));                              \
        PRAGMA(omp barrier)                                                    \
        if (!(nowait == ref)) {                                                \
          PRAGMA(omp atomic write)                                             \
          seen_nowait = 0;                                                     \
        }                                                                      \
        PRAGMA(omp sections reduction(OP : sections))                          \
        {                                                                      \
          PRAGMA(omp section)                                                  \
          for (int i = 0; i < N / 3; i++)                                      \
            sections = (T)COMBINE(sections, (T)VAL(i));                        \
          PRAGMA(omp section)                                                  \
          for (int i = N / 3; i < N / 2; i++)                                  \
            sections = (T)COMBINE(sections, (T)VAL(i));                        \
          PRAGMA(omp section)                                                  \
          for (int i = N / 2; i < N; i++)                                      \
            sections = (T)COMBINE(sections, (T)VAL(i));                        \
        }                                                                      \
      }                                                                        \
      report(#T, #OP, "for (every thread after it)", nt, seen_blocking);       \
      report(#T, #OP, "for nowait + barrier", nt, seen_nowait);                \
      report(#T, #OP, "sections", nt, sections == ref);                        \
    }                                                                          \
  } while (0)

static void report(const char *type, const char *op, const char *construct,
                   int nt, int ok) {
  CHECK(ok, "reduction(%s) on %s in %s with %d threads", op, type, construct,
        nt);
}

#define INT_CASES(T)                                                           \
  do {                                                                         \
    RED_CASE(T, +, 0, VAL_SUM, COMBINE_ADD);                                   \
    RED_CASE(T, -, 0, VAL_SUM, COMBINE_ADD);                                   \
    RED_CASE(T, *, 1, VAL_PROD, COMBINE_MUL);                                  \
    RED_CASE(T, &, ~(T)0, VAL_AND, COMBINE_AND);                               \
    RED_CASE(T, |, 0, VAL_OR, COMBINE_OR);                                     \
    RED_CASE(T, ^, 0, VAL_XOR, COMBINE_XOR);                                   \
    RED_CASE(T, &&, 1, VAL_LAND, COMBINE_LAND);                                \
    RED_CASE(T, ||, 0, VAL_LOR, COMBINE_LOR);                                  \
    RED_CASE(T, min, 100000, VAL_MINMAX, COMBINE_MIN);                         \
    RED_CASE(T, max, 0, VAL_MINMAX, COMBINE_MAX);                              \
  } while (0)

#define FLOAT_CASES(T)                                                         \
  do {                                                                         \
    RED_CASE(T, +, 0, VAL_SUM, COMBINE_ADD);                                   \
    RED_CASE(T, -, 0, VAL_SUM, COMBINE_ADD);                                   \
    RED_CASE(T, *, 1, VAL_PROD, COMBINE_MUL);                                  \
    RED_CASE(T, &&, 1, VAL_LAND, COMBINE_LAND);                                \
    RED_CASE(T, ||, 0, VAL_LOR, COMBINE_LOR);                                  \
    RED_CASE(T, min, 100000, VAL_MINMAX, COMBINE_MIN);                         \
    RED_CASE(T, max, 0, VAL_MINMAX, COMBINE_MAX);                              \
  } while (0)

/* _Complex values: i*k + (k % 3) keeps products of (1 + i) exact. */
#define VAL_CSUM(i) ((double)((i) % 5) + (double)((i) % 3) * I)
#define VAL_CPROD(i) ((i) % 125 == 9 ? 1.0 + 1.0 * I : 1.0)
static void complex_cases(void) {
  RED_CASE(double _Complex, +, 0, VAL_CSUM, COMBINE_ADD);
  RED_CASE(double _Complex, -, 0, VAL_CSUM, COMBINE_ADD);
  RED_CASE(double _Complex, *, 1, VAL_CPROD, COMBINE_MUL);
  RED_CASE(float _Complex, +, 0, VAL_CSUM, COMBINE_ADD);
}

/* Several list items of different types in one clause (num_vars > 1). */
static void several_items(void) {
  for (int s = 0; s < NSIZES; s++) {
    int nt = team_sizes[s];
    long sum = 0;
    double prod = 1;
    int high = 0;
    short low = 30000;
#pragma omp parallel for num_threads(nt) reduction(+ : sum) reduction(* : prod) \
    reduction(max : high) reduction(min : low)
    for (int i = 0; i < N; i++) {
      sum += VAL_SUM(i);
      prod *= VAL_PROD(i);
      high = COMBINE_MAX(high, VAL_MINMAX(i));
      low = (short)COMBINE_MIN(low, VAL_MINMAX(i));
    }
    long want_sum = 0;
    for (int i = 0; i < N; i++)
      want_sum += VAL_SUM(i);
    CHECK(sum == want_sum && prod == 16.0 && high == 1004 && low == 5,
          "%d threads: sum %ld (want %ld) prod %g high %d low %d", nt, sum,
          want_sum, prod, high, low);
  }
}

/* reduction(+: a[0:M]) and whole arrays. */
#define M 37
static void array_sections(void) {
  for (int s = 0; s < NSIZES; s++) {
    int nt = team_sizes[s];
    int ia[M] = {0};
    double da[M + 3] = {0};
    long want[M] = {0};
#pragma omp parallel for num_threads(nt) reduction(+ : ia) \
    reduction(+ : da[1 : M])
    for (int i = 0; i < N; i++) {
      ia[i % M] += VAL_SUM(i);
      da[1 + (i * 7) % M] += VAL_SUM(i);
    }
    for (int i = 0; i < N; i++)
      want[i % M] += VAL_SUM(i);
    for (int k = 0; k < M; k++)
      CHECK(ia[k] == want[k], "%d threads: int array[%d] = %d, want %ld", nt,
            k, ia[k], want[k]);
    for (int k = 0; k < M; k++) {
      long w = 0;
      for (int i = 0; i < N; i++)
        if ((i * 7) % M == k)
          w += VAL_SUM(i);
      CHECK(da[1 + k] == (double)w, "%d threads: da[%d] = %g, want %ld", nt,
            1 + k, da[1 + k], w);
    }
    CHECK(da[0] == 0 && da[M + 1] == 0 && da[M + 2] == 0,
          "%d threads: elements outside the section changed", nt);
  }
}

/* Back-to-back nowait reductions: a member may enter the next while others
 * still hand over partial results of the previous one. */
static void nowait_stream(void) {
  long total = 0;
  const int rounds = 300;
#pragma omp parallel num_threads(5)
  {
    for (int r = 0; r < rounds; r++) {
#pragma omp for reduction(+ : total) nowait
      for (int i = 0; i < 40; i++)
        total += i + r;
    }
  }
  long want = 0;
  for (int r = 0; r < rounds; r++)
    for (int i = 0; i < 40; i++)
      want += i + r;
  CHECK_EQ_INT(total, want);
}

/* Nested teams each reduce into their own variable, then the outer team. */
static void nested(void) {
  omp_set_max_active_levels(2);
  long outer = 0;
  long inner_results[8] = {0};
  int inner_sizes[8] = {0};
#pragma omp parallel num_threads(3) reduction(+ : outer)
  {
    int me = omp_get_thread_num();
    long inner = 0;
#pragma omp parallel num_threads(me + 2) reduction(+ : inner)
    {
      inner += omp_get_thread_num() + 1;
      if (omp_get_thread_num() == 0)
        inner_sizes[me] = omp_get_num_threads();
    }
    inner_results[me] = inner;
    outer += inner;
  }
  long want_outer = 0;
  for (int t = 0; t < 3; t++) {
    int n = inner_sizes[t];
    CHECK(inner_results[t] == (long)n * (n + 1) / 2,
          "inner team of outer thread %d (%d threads): got %ld", t, n,
          inner_results[t]);
    want_outer += (long)n * (n + 1) / 2;
  }
  CHECK(inner_sizes[0] == 2 && inner_sizes[2] == 4,
        "nested teams did not get their threads: %d %d %d", inner_sizes[0],
        inner_sizes[1], inner_sizes[2]);
  CHECK_EQ_INT(outer, want_outer);
  omp_set_max_active_levels(1);
  /* With nesting off the inner regions are serialized: one-thread teams. */
  long serial_inner = 0;
#pragma omp parallel num_threads(3) reduction(+ : serial_inner)
  {
    long inner = 0;
#pragma omp parallel num_threads(4) reduction(+ : inner)
    inner += omp_get_num_threads() * 10 + 1;
    serial_inner += inner;
  }
  CHECK_EQ_INT(serial_inner, 3 * 11);
}

/* Serialized regions: num_threads(1) and if(false). */
static void serialized(void) {
  int zero = 0;
  long a = 5, b = 5;
#pragma omp parallel for num_threads(1) reduction(+ : a)
  for (int i = 0; i < 100; i++)
    a += i;
#pragma omp parallel for if (zero) reduction(* : b)
  for (int i = 1; i < 5; i++)
    b *= i;
  CHECK_EQ_INT(a, 5 + 4950);
  CHECK_EQ_INT(b, 5 * 24);
}

/* Host teams: the league's initial threads reduce, with and without a
 * parallel region in each team. */
static void teams(void) {
  long s1 = 0, s2 = 0, s3 = 0;
#pragma omp teams distribute num_teams(2) reduction(+ : s1)
  for (int i = 0; i < N; i++)
    s1 += VAL_SUM(i);
#pragma omp teams distribute parallel for num_teams(2) reduction(+ : s2)
  for (int i = 0; i < N; i++)
    s2 += VAL_SUM(i);
  int league = 0;
#pragma omp teams num_teams(2) reduction(+ : s3) reduction(+ : league)
  {
    s3 += omp_get_team_num() + 1;
    league += 1;
  }
  long want = 0;
  for (int i = 0; i < N; i++)
    want += VAL_SUM(i);
  CHECK_EQ_INT(s1, want);
  CHECK_EQ_INT(s2, want);
  CHECK_EQ_INT(s3, (long)league * (league + 1) / 2);
}

int main(void) {
  INT_CASES(char);
  INT_CASES(unsigned char);
  INT_CASES(short);
  INT_CASES(unsigned short);
  INT_CASES(int);
  INT_CASES(unsigned);
  INT_CASES(long);
  INT_CASES(unsigned long);
  INT_CASES(long long);
  INT_CASES(unsigned long long);
  FLOAT_CASES(float);
  FLOAT_CASES(double);
  FLOAT_CASES(long double);
  complex_cases();
  several_items();
  array_sections();
  nowait_stream();
  nested();
  serialized();
  teams();
  CHECK_DONE();
}
