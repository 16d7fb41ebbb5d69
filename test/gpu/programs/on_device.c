/* The offload really happened: a target region reports it did not run on
 * the initial device, and its teams/threads are GPU-shaped (more than one
 * team, more than one thread per team). Without this, a runtime that falls
 * back to the host would pass every default-mode GPU test. */
#include <omp.h>
#include <stdio.h>

int main(void) {
  int on_host = -1, device_num = -1, teams = 0, threads = 0;
#pragma omp target teams num_teams(4) map(from : on_host, device_num, teams, threads)
  {
#pragma omp parallel num_threads(64)
    if (omp_get_team_num() == 0 && omp_get_thread_num() == 0) {
      on_host = omp_is_initial_device();
      device_num = omp_get_device_num();
      teams = omp_get_num_teams();
      threads = omp_get_num_threads();
    }
  }
  printf("on_host=%d device_num=%d teams=%d threads=%d (num_devices=%d)\n", on_host,
         device_num, teams, threads, omp_get_num_devices());
  if (on_host != 0 || device_num != omp_get_default_device() || teams < 2 || threads < 2) {
    printf("FAIL: the target region did not run on a GPU\n");
    return 1;
  }
  printf("OK\n");
  return 0;
}
