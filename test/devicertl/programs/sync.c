// Synchronisation inside target regions: critical, atomic, single, master,
// masked, barrier, flush, and locks from the device API.
#include <omp.h>
#include <stdio.h>

int main(void) {
  int fails = 0;
  long crit = 0, atom = 0, single_count = 0, master_count = 0, masked_count = 0;
  int after_barrier_ok = 1, lock_count = 0, nthreads = 0;
  int flag_seen[256] = {0};
#pragma omp target parallel num_threads(128) map(tofrom : crit, atom, single_count, master_count, masked_count, after_barrier_ok, lock_count, nthreads, flag_seen)
  {
#pragma omp critical
    crit += 2;
#pragma omp atomic
    atom += 3;
#pragma omp single
    single_count++;
#pragma omp master
    master_count++;
#pragma omp masked filter(1)
    masked_count += 10;
    int tid = omp_get_thread_num();
    flag_seen[tid] = 1;
#pragma omp barrier
#pragma omp flush
    int n = omp_get_num_threads();
    if (tid == 0) nthreads = n;
    for (int t = 0; t < n; t++)
      if (!flag_seen[t]) {
#pragma omp atomic write
        after_barrier_ok = 0;
      }
  }
  int n = nthreads;
  if (crit != 2L * n) { printf("critical: %ld want %d\n", crit, 2 * n); fails++; }
  if (atom != 3L * n) { printf("atomic: %ld\n", atom); fails++; }
  if (single_count != 1) { printf("single: %ld\n", single_count); fails++; }
  if (master_count != 1) { printf("master: %ld\n", master_count); fails++; }
  if (masked_count != (n > 1 ? 10 : 0)) { printf("masked: %ld\n", masked_count); fails++; }
  if (!after_barrier_ok) { printf("barrier: a thread passed early\n"); fails++; }

  // critical across teams: one lock for every thread of every team.
  int team_crit = 0, team_count = 0;
#pragma omp target teams num_teams(16) map(tofrom : team_crit, team_count)
  {
#pragma omp parallel num_threads(64)
    {
#pragma omp critical
      team_crit += 1;
#pragma omp atomic
      team_count += 1;
    }
  }
  if (team_crit != team_count || team_count < 1) {
    printf("teams critical: %d want %d\n", team_crit, team_count);
    fails++;
  }

#pragma omp target parallel num_threads(64) map(tofrom : lock_count)
  {
    static omp_lock_t lock; // device global
    if (omp_get_thread_num() == 0) omp_init_lock(&lock);
#pragma omp barrier
    omp_set_lock(&lock);
    lock_count++;
    omp_unset_lock(&lock);
#pragma omp barrier
    if (omp_get_thread_num() == 0) {
      lock_count *= omp_test_lock(&lock) ? 1 : -1;
      omp_unset_lock(&lock);
      omp_destroy_lock(&lock);
    }
  }
  if (lock_count <= 0) { printf("locks: %d\n", lock_count); fails++; }

  printf("%s\n", fails ? "FAIL" : "OK");
  return fails != 0;
}
