/* proc_bind policies: the place and place partition of every thread of
 * teams of 1 .. 2P+1 threads on P places, against a serial reference of the
 * assignment (the spec's rules, with LLVM's choices where the spec leaves
 * them open: which places get an extra thread, and the subpartition sizes
 * of spread), then nested: an inner team stays inside its master's
 * partition. argv[1] is the policy: primary, close or spread.
 * Run with OMP_PLACES=threads; passes on LLVM's runtime as well.
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define MAX_THREADS 64

struct assignment {
  int place, first, last;
};

/* More threads than places: runs of S or S+1 threads per place, the places
 * with an extra thread `gap` apart, from place 0. */
static void reference_packed(struct assignment *a, int n, int p, int spread) {
  int per = n / p, rem = n - per * p;
  int gap = rem > 0 ? p / rem : p, gap_ct = gap, count = 0, place = 0;
  for (int f = 0; f < n; f++) {
    a[f].place = place;
    a[f].first = spread ? place : 0;
    a[f].last = spread ? place : p - 1;
    count++;
    if (count == per && rem && gap_ct == gap) {
    } else if (count == per + 1 && rem && gap_ct == gap) {
      place = (place + 1) % p;
      count = 0;
      gap_ct = 1;
      rem--;
    } else if (count == per) {
      place = (place + 1) % p;
      gap_ct++;
      count = 0;
    }
  }
}

/* The top-level team of n threads on p places, master on place 0. */
static void reference(const char *policy, struct assignment *a, int n, int p) {
  if (strcmp(policy, "primary") == 0) {
    for (int f = 0; f < n; f++)
      a[f] = (struct assignment){0, 0, p - 1};
  } else if (strcmp(policy, "close") == 0) {
    if (n > p)
      reference_packed(a, n, p, 0);
    else
      for (int f = 0; f < n; f++)
        a[f] = (struct assignment){f, 0, p - 1};
  } else if (n > p) {
    reference_packed(a, n, p, 1);
  } else {
    /* subpartitions of about p/n places, each thread on its first */
    double spacing = (double)(p + 1) / n;
    for (int f = 0; f < n; f++) {
      int first = (int)(f * spacing), last = (int)((f + 1) * spacing) - 1;
      if (last >= p)
        last = p - 1;
      a[f] = (struct assignment){first, first, last};
    }
  }
}

static int policy_clause(const char *policy) {
  if (strcmp(policy, "primary") == 0)
    return omp_proc_bind_master;
  return strcmp(policy, "close") == 0 ? omp_proc_bind_close : omp_proc_bind_spread;
}

/* Each member notes its place and partition. */
static void record(struct assignment *got, int *partition_size, int *team_size) {
  int me = omp_get_thread_num();
  int *nums = malloc(sizeof(int) * (size_t)omp_get_num_places());
  if (me == 0)
    *team_size = omp_get_num_threads();
  got[me].place = omp_get_place_num();
  partition_size[me] = omp_get_partition_num_places();
  omp_get_partition_place_nums(nums);
  got[me].first = nums[0];
  got[me].last = nums[partition_size[me] - 1];
  free(nums);
}

static void check_team(const char *policy, int n, int p) {
  struct assignment want[MAX_THREADS], got[MAX_THREADS];
  int partition_size[MAX_THREADS];
  int team_size = 0;
  reference(policy, want, n, p);
  int clause = policy_clause(policy);
  /* the proc_bind clause takes the policy as a constant: one region each */
  if (clause == omp_proc_bind_master) {
#pragma omp parallel num_threads(n) proc_bind(master)
    record(got, partition_size, &team_size);
  } else if (clause == omp_proc_bind_close) {
#pragma omp parallel num_threads(n) proc_bind(close)
    record(got, partition_size, &team_size);
  } else {
#pragma omp parallel num_threads(n) proc_bind(spread)
    record(got, partition_size, &team_size);
  }
  CHECK(team_size == n, "%s: asked for %d threads, got %d", policy, n, team_size);
  if (team_size != n)
    return;
  for (int f = 0; f < n; f++) {
    CHECK(got[f].place == want[f].place && got[f].first == want[f].first &&
              got[f].last == want[f].last,
          "%s, %d threads on %d places: thread %d on place %d partition [%d,%d], "
          "want place %d partition [%d,%d]",
          policy, n, p, f, got[f].place, got[f].first, got[f].last,
          want[f].place, want[f].first, want[f].last);
    int size = want[f].last - want[f].first + 1;
    CHECK_EQ_INT(partition_size[f], size);
  }
}

/* spread then close: every inner thread stays in its master's partition,
 * and close keeps that partition for the whole inner team. */
static void check_nested(int p) {
  int outside = 0, wrong_partition = 0;
  omp_set_max_active_levels(2);
#pragma omp parallel num_threads(2) proc_bind(spread)
  {
    int first = omp_get_place_num(), size = omp_get_partition_num_places();
#pragma omp parallel num_threads(2) proc_bind(close) reduction(+ : outside, wrong_partition)
    {
      int place = omp_get_place_num();
      int offset = (place - first + p) % p;
      outside += offset >= size;
      wrong_partition += omp_get_partition_num_places() != size;
    }
  }
  CHECK(outside == 0, "%d inner threads left their master's partition", outside);
  CHECK(wrong_partition == 0, "%d inner threads have another partition", wrong_partition);
}

int main(int argc, char **argv) {
  const char *policy = argc > 1 ? argv[1] : "spread";
  int p = omp_get_num_places();
  if (p < 1 || omp_get_proc_bind() == omp_proc_bind_false) {
    fprintf(stderr, "run with OMP_PLACES set\n");
    return 2;
  }
  int max = 2 * p + 1 < MAX_THREADS ? 2 * p + 1 : MAX_THREADS;
  for (int n = 1; n <= max; n++)
    if (n <= 8 || n % p <= 1 || n == max) /* on big machines, a sample */
      check_team(policy, n, p);
  if (p >= 2)
    check_nested(p);
  CHECK_DONE();
}
