/* User-defined reductions (`declare reduction`): clang's combiner is a
 * function, so the atomic answer (2) makes it run under a critical section
 * and the tree and critical methods call it on the runtime's side. Checked
 * against a serial loop for each team size, in `parallel for`, `for nowait`
 * and host `teams`. */
#include <limits.h>
#include <omp.h>

#include "check.h"

#define N 2000

/* Arg-max with the lowest index on ties: associative and commutative. */
struct best {
  int value;
  int index;
};

static void best_merge(struct best *out, const struct best *in) {
  if (in->value > out->value || (in->value == out->value && in->index < out->index))
    *out = *in;
}

#pragma omp declare reduction(argmax : struct best : best_merge(&omp_out, &omp_in)) \
    initializer(omp_priv = (struct best){INT_MIN, INT_MAX})

/* A pair of counters merged field by field. */
struct stats {
  long count;
  long sum_sq;
};
#pragma omp declare reduction(stats_add : struct stats : \
    omp_out.count += omp_in.count, omp_out.sum_sq += omp_in.sum_sq) \
    initializer(omp_priv = (struct stats){0, 0})

/* A user operator on a scalar with a non-zero identity. */
#pragma omp declare reduction(imax : int : omp_out = omp_in > omp_out ? omp_in : omp_out) \
    initializer(omp_priv = INT_MIN)

static int value_at(int i) { return (i * 7919) % 1009 - 500; }

int main(void) {
  struct best want_best = {INT_MIN, INT_MAX};
  struct stats want_stats = {0, 0};
  int want_max = INT_MIN;
  for (int i = 0; i < N; i++) {
    struct best here = {value_at(i), i};
    best_merge(&want_best, &here);
    want_stats.count++;
    want_stats.sum_sq += (long)value_at(i) * value_at(i);
    if (value_at(i) > want_max)
      want_max = value_at(i);
  }

  for (int nt = 1; nt <= 8; nt++) {
    struct best best = {INT_MIN, INT_MAX};
    struct stats stats = {0, 0};
    int imax = INT_MIN;
#pragma omp parallel for num_threads(nt) reduction(argmax : best) \
    reduction(stats_add : stats) reduction(imax : imax)
    for (int i = 0; i < N; i++) {
      struct best here = {value_at(i), i};
      best_merge(&best, &here);
      stats.count++;
      stats.sum_sq += (long)value_at(i) * value_at(i);
      imax = value_at(i) > imax ? value_at(i) : imax;
    }
    CHECK(best.value == want_best.value && best.index == want_best.index,
          "%d threads: argmax (%d at %d), want (%d at %d)", nt, best.value,
          best.index, want_best.value, want_best.index);
    CHECK(stats.count == want_stats.count && stats.sum_sq == want_stats.sum_sq,
          "%d threads: stats (%ld, %ld), want (%ld, %ld)", nt, stats.count,
          stats.sum_sq, want_stats.count, want_stats.sum_sq);
    CHECK(imax == want_max, "%d threads: imax %d, want %d", nt, imax, want_max);

    struct stats nowait = {0, 0};
    int nowait_ok = 1;
#pragma omp parallel num_threads(nt)
    {
#pragma omp for reduction(stats_add : nowait) nowait
      for (int i = 0; i < N; i++) {
        nowait.count++;
        nowait.sum_sq += (long)value_at(i) * value_at(i);
      }
#pragma omp barrier
      if (nowait.count != want_stats.count || nowait.sum_sq != want_stats.sum_sq) {
#pragma omp atomic write
        nowait_ok = 0;
      }
    }
    CHECK(nowait_ok, "%d threads: for nowait user reduction: (%ld, %ld)", nt,
          nowait.count, nowait.sum_sq);
  }

  struct stats league = {0, 0};
#pragma omp teams distribute num_teams(2) reduction(stats_add : league)
  for (int i = 0; i < N; i++) {
    league.count++;
    league.sum_sq += (long)value_at(i) * value_at(i);
  }
  CHECK(league.count == want_stats.count && league.sum_sq == want_stats.sum_sq,
        "teams: (%ld, %ld), want (%ld, %ld)", league.count, league.sum_sq,
        want_stats.count, want_stats.sum_sq);
  CHECK_DONE();
}
