// schedule(guided) on the device, for every width clang dispatches with
// (__kmpc_dispatch_*_4, _4u, _8, _8u): every iteration runs exactly once,
// with and without a chunk, downwards, with strides, near the ends of the
// types' ranges, and through schedule(runtime) with omp_set_schedule. Then
// the guided rule itself, watched through the dispatch calls clang makes:
// each chunk is the unassigned iterations over twice the team size, at
// least the given chunk (except the last), so chunk sizes never grow in the
// order the chunks start. A runtime that runs guided as dynamic (fixed
// chunks) fails that check; the host checks everything against a serial
// reference.
#include <limits.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define N 20011

static int fails;

static void expect_once(const char *what, const int *hits, long n) {
  for (long i = 0; i < n; i++)
    if (hits[i] != 1) {
      if (fails++ < 20)
        printf("%s: iteration %ld ran %d times\n", what, i, hits[i]);
      return;
    }
}

// The dispatch entry points clang calls for a dynamic loop over int; the
// region below calls them itself to see each chunk it is handed.
#pragma omp declare target
typedef struct ident {
  int32_t reserved_1, flags, reserved_2, reserved_3;
  const char *psource;
} ident_t;
static ident_t loc = {0, 2, 0, 0, ";guided.c;guided_chunks;0;0;;"};
int32_t __kmpc_global_thread_num(ident_t *loc);
void __kmpc_dispatch_init_4(ident_t *loc, int32_t gtid, int32_t sched, int32_t lb, int32_t ub,
                            int32_t st, int32_t chunk);
int32_t __kmpc_dispatch_next_4(ident_t *loc, int32_t gtid, int32_t *last, int32_t *lb,
                               int32_t *ub, int32_t *st);
#pragma omp end declare target

enum { kmp_sched_guided = 36, MAX_CHUNKS = 4096 };

// Records every chunk of one guided loop (start, size); returns how many.
static int guided_chunks(int trip, int chunk, int threads, int *start, int *size,
                         int *team) {
  int count = 0, lasts = 0;
#pragma omp target parallel num_threads(threads) map(tofrom : count, lasts) \
    map(from : start[0 : MAX_CHUNKS], size[0 : MAX_CHUNKS], team[0 : 1])
  {
    int32_t gtid = __kmpc_global_thread_num(&loc);
    if (omp_get_thread_num() == 0)
      team[0] = omp_get_num_threads();
    __kmpc_dispatch_init_4(&loc, gtid, kmp_sched_guided, 0, trip - 1, 1, chunk);
    int32_t last = 0, lb, ub, st;
    while (__kmpc_dispatch_next_4(&loc, gtid, &last, &lb, &ub, &st)) {
      int slot;
#pragma omp atomic capture
      slot = count++;
      if (slot < MAX_CHUNKS) {
        start[slot] = lb;
        size[slot] = ub - lb + 1;
      }
      if (last) {
#pragma omp atomic
        lasts++;
      }
    }
  }
  if (lasts != 1 && fails++ < 20)
    printf("guided trip %d chunk %d: %d chunks flagged last\n", trip, chunk, lasts);
  return count;
}

static int by_start(const void *a, const void *b) {
  const int *x = a, *y = b;
  return (x[0] > y[0]) - (x[0] < y[0]);
}

static void check_guided_rule(int trip, int chunk, int threads) {
  int *start = calloc(MAX_CHUNKS, sizeof(int)), *size = calloc(MAX_CHUNKS, sizeof(int));
  int team = 0;
  int count = guided_chunks(trip, chunk, threads, start, size, &team);
  if (count > MAX_CHUNKS) {
    if (fails++ < 20)
      printf("guided trip %d chunk %d: %d chunks, more than guided gives\n", trip, chunk, count);
    goto out;
  }
  int(*chunks)[2] = malloc(count * sizeof *chunks);
  for (int k = 0; k < count; k++) {
    chunks[k][0] = start[k];
    chunks[k][1] = size[k];
  }
  qsort(chunks, count, sizeof *chunks, by_start);
  int least = chunk > 0 ? chunk : 1, next = 0;
  const char *bad = 0;
  for (int k = 0; k < count && !bad; k++) {
    if (chunks[k][0] != next)
      bad = "chunks do not tile the loop";
    else if (k + 1 < count && chunks[k][1] < least)
      bad = "chunk below the given size";
    else if (k > 0 && chunks[k][1] > chunks[k - 1][1])
      bad = "chunk larger than the one before it";
    // The first chunk is what a first taker sees: trip / (2 * team).
    else if (k == 0 && team > 0 && chunks[0][1] != (trip / (2 * team) > least
                                                        ? trip / (2 * team) : least))
      bad = "first chunk is not trip / (2 * team size)";
    if (bad) {
      if (fails++ < 20)
        printf("guided trip %d chunk %d team %d: %s (chunk %d: [%d, +%d))\n", trip, chunk,
               team, bad, k, chunks[k][0], chunks[k][1]);
    }
    next += chunks[k][1];
  }
  if (!bad && next != trip && fails++ < 20)
    printf("guided trip %d chunk %d: chunks cover %d iterations\n", trip, chunk, next);
  free(chunks);
out:
  free(start);
  free(size);
}

int main(void) {
  int *hits = malloc(N * sizeof(int));
#define CLEAR() for (long i = 0; i < N; i++) hits[i] = 0

  // 32-bit signed: default chunk, a chunk, downwards with a stride.
  CLEAR();
#pragma omp target teams distribute parallel for schedule(guided) map(tofrom : hits[0 : N])
  for (int i = 0; i < N; i++) {
#pragma omp atomic
    hits[i]++;
  }
  expect_once("int guided", hits, N);

  CLEAR();
#pragma omp target parallel for schedule(guided, 7) map(tofrom : hits[0 : N])
  for (int i = -N; i < 0; i++) {
#pragma omp atomic
    hits[i + N]++;
  }
  expect_once("int guided,7 negative", hits, N);

  CLEAR();
#pragma omp target parallel for schedule(guided, 3) map(tofrom : hits[0 : N])
  for (int i = 3 * (N - 1); i >= 0; i -= 3) {
#pragma omp atomic
    hits[i / 3]++;
  }
  expect_once("int guided downwards, stride 3", hits, N);

  // 32-bit unsigned, at the top of the range.
  CLEAR();
  const unsigned top = UINT_MAX - N;
#pragma omp target parallel for schedule(guided, 5) map(tofrom : hits[0 : N])
  for (unsigned u = top; u < UINT_MAX; u++) {
#pragma omp atomic
    hits[u - top]++;
  }
  expect_once("unsigned guided,5 at the top", hits, N);

  // 64-bit signed, beyond 32 bits, and unsigned 64-bit downwards.
  CLEAR();
  const long base = -(1L << 42);
#pragma omp target teams distribute parallel for schedule(guided, 11) map(tofrom : hits[0 : N])
  for (long i = base; i < base + N; i++) {
#pragma omp atomic
    hits[i - base]++;
  }
  expect_once("long guided,11 below -2^42", hits, N);

  CLEAR();
  const unsigned long ubase = ULONG_MAX - 2 * N;
#pragma omp target parallel for schedule(guided) map(tofrom : hits[0 : N])
  for (unsigned long u = ubase + 2 * (N - 1); u >= ubase; u -= 2) {
#pragma omp atomic
    hits[(u - ubase) / 2]++;
  }
  expect_once("unsigned long guided downwards", hits, N);

  // schedule(runtime), set to guided inside the region.
  CLEAR();
#pragma omp target parallel map(tofrom : hits[0 : N])
  {
    omp_set_schedule(omp_sched_guided, 4);
#pragma omp for schedule(runtime)
    for (int i = 0; i < N; i++) {
#pragma omp atomic
      hits[i]++;
    }
  }
  expect_once("runtime = guided,4", hits, N);

  // A loop shorter than the team, one iteration, none.
  int small[3] = {0, 0, 0};
#pragma omp target parallel for schedule(guided, 2) map(tofrom : small)
  for (int i = 0; i < 3; i++) {
#pragma omp atomic
    small[i]++;
  }
  expect_once("three iterations", small, 3);
  int ran = 0;
#pragma omp target parallel for schedule(guided) map(tofrom : ran)
  for (int i = 5; i < 5; i++) {
#pragma omp atomic
    ran++;
  }
  if (ran != 0 && fails++ < 20)
    printf("empty loop ran %d iterations\n", ran);

  // The guided rule, chunk by chunk.
  check_guided_rule(N, 0, 64);
  check_guided_rule(N, 16, 64);
  check_guided_rule(1000, 1, 32);
  check_guided_rule(100000, 3, 128);

  free(hits);
  printf("%s\n", fails ? "FAIL" : "OK");
  return fails != 0;
}
