/* `for ordered`: the ordered blocks run in iteration order under every
 * schedule (clang schedules these through __kmpc_dispatch_* with kmp_ord_*
 * kinds), including iterations that skip their ordered block, back-to-back
 * nowait ordered loops, and unsigned/64-bit/negative-step loops. */
#include <omp.h>
#include <stdint.h>
#include <string.h>

#include "check.h"

#define PRAGMA(...) _Pragma(#__VA_ARGS__)
#define N 600

static long seq[N];
static int pos;

static void check_sequence(const char *what, long first, long step, int n) {
  CHECK(pos == n, "%s: %d ordered blocks ran, want %d", what, pos, n);
  for (int k = 0; k < n && k < pos; k++)
    CHECK(seq[k] == first + k * step, "%s: ordered block %d ran iteration "
          "%ld, want %ld", what, k, seq[k], first + k * step);
}

#define ORDERED_CASE(...)                                                      \
  do {                                                                         \
    pos = 0;                                                                   \
    PRAGMA(omp parallel for ordered __VA_ARGS__)                               \
    for (int i = 0; i < N; i++) {                                              \
      _Pragma("omp ordered") seq[pos++] = i;                                   \
    }                                                                          \
    check_sequence("int " #__VA_ARGS__, 0, 1, N);                              \
    pos = 0;                                                                   \
    PRAGMA(omp parallel for ordered __VA_ARGS__)                               \
    for (uint64_t i = UINT64_MAX - 3; i > UINT64_MAX - 3 * N; i -= 3) {        \
      _Pragma("omp ordered") seq[pos++] = (long)(UINT64_MAX - i);              \
    }                                                                          \
    check_sequence("uint64 down " #__VA_ARGS__, 3, 3, N - 1);                  \
    /* only every third iteration has an ordered block */                      \
    pos = 0;                                                                   \
    PRAGMA(omp parallel for ordered __VA_ARGS__)                               \
    for (unsigned i = 0; i < 3 * N; i++) {                                     \
      if (i % 3 == 0) {                                                        \
        _Pragma("omp ordered") seq[pos++] = i;                                 \
      }                                                                        \
    }                                                                          \
    check_sequence("skipping " #__VA_ARGS__, 0, 3, N);                         \
  } while (0)

/* Ordered nowait loops in a row: more than there are dispatch buffers. */
static void nowait_chain(void) {
  enum { LOOPS = 12, M = 50 };
  static long order[LOOPS][M];
  static int count[LOOPS];
  memset(count, 0, sizeof(count));
#pragma omp parallel
  for (int l = 0; l < LOOPS; l++) {
#pragma omp for ordered schedule(dynamic, 2) nowait
    for (int i = 0; i < M; i++) {
#pragma omp ordered
      order[l][count[l]++] = i;
    }
  }
  for (int l = 0; l < LOOPS; l++) {
    CHECK(count[l] == M, "nowait loop %d: %d blocks", l, count[l]);
    for (int k = 0; k < M; k++)
      CHECK(order[l][k] == k, "nowait loop %d: block %d ran iteration %ld", l,
            k, order[l][k]);
  }
}

int main(void) {
  ORDERED_CASE();
  ORDERED_CASE(schedule(static));
  ORDERED_CASE(schedule(static, 1));
  ORDERED_CASE(schedule(static, 7));
  ORDERED_CASE(schedule(dynamic));
  ORDERED_CASE(schedule(dynamic, 4));
  ORDERED_CASE(schedule(guided));
  ORDERED_CASE(schedule(guided, 3));
  ORDERED_CASE(schedule(runtime));
  ORDERED_CASE(schedule(auto));
  ORDERED_CASE(schedule(monotonic : dynamic, 5));
  omp_set_schedule(omp_sched_dynamic, 3);
  ORDERED_CASE(schedule(runtime));
  omp_set_schedule(omp_sched_static, 0);
  nowait_chain();
  CHECK_DONE();
}
