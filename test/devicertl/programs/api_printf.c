// The omp_* device API, device printf, device malloc/free and a passing
// assert inside a target region.
#include <assert.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int fails = 0;
  int is_initial = -1, team = -1, nteams = -1, nthreads = -1, maxthr = -1, level = -1;
  int in_final = -1, dyn = -1, nested_levels = -1, devnum = -1, ndev_host = omp_get_num_devices();
  double wt = -1, tick = -1;
  int heap_ok = 0;
  int default_dev = omp_get_default_device();
#pragma omp target map(from : is_initial, team, nteams, nthreads, maxthr, level, in_final, dyn, nested_levels, devnum, wt, tick, heap_ok)
  {
    is_initial = omp_is_initial_device();
    team = omp_get_team_num();
    nteams = omp_get_num_teams();
    nthreads = omp_get_num_threads();
    maxthr = omp_get_max_threads();
    level = omp_get_level();
    in_final = omp_in_final();
    dyn = omp_get_dynamic();
    nested_levels = omp_get_max_active_levels();
    devnum = omp_get_device_num();
    double t0 = omp_get_wtime();
    tick = omp_get_wtick();
    wt = omp_get_wtime() - t0;
    int *p = malloc(16 * sizeof(int));
    if (p) {
      for (int i = 0; i < 16; i++) p[i] = i;
      heap_ok = p[15] == 15;
      free(p);
    }
    assert(team == 0 && "team 0 runs the sequential part");
    printf("device printf: team %d of %d, %d %s\n", team, nteams, 42, "str");
  }
  int gpu = ndev_host > 0;
  if (gpu) {
    if (is_initial != 0) { printf("is_initial=%d\n", is_initial); fails++; }
    if (devnum != default_dev) { printf("device_num=%d want %d\n", devnum, default_dev); fails++; }
    if (nthreads != 1) { printf("num_threads=%d (sequential part)\n", nthreads); fails++; }
    if (maxthr < 1) { printf("max_threads=%d\n", maxthr); fails++; }
    if (tick <= 0 || wt < 0) { printf("wtime: tick %g dt %g\n", tick, wt); fails++; }
  }
  if (team != 0 || nteams != 1 || level != 0 || in_final != 0 || dyn != 0) {
    printf("team %d nteams %d level %d final %d dyn %d\n", team, nteams, level, in_final, dyn);
    fails++;
  }
  if (!heap_ok) { printf("device malloc failed\n"); fails++; }
  (void)nested_levels;

  // Per-thread queries in an SPMD kernel.
  int ids[256], nth[256];
#pragma omp target teams distribute parallel for num_teams(2) thread_limit(128) map(from : ids, nth)
  for (int i = 0; i < 256; i++) {
    ids[i] = omp_get_team_num() * 1000 + omp_get_thread_num();
    nth[i] = omp_get_num_threads() * 1000 + omp_get_num_teams();
  }
  for (int i = 0; i < 256; i++)
    if (ids[i] % 1000 >= nth[i] / 1000 || ids[i] / 1000 >= nth[i] % 1000) {
      printf("ids[%d]=%d nth=%d\n", i, ids[i], nth[i]);
      fails++;
      break;
    }

  printf("%s\n", fails ? "FAIL" : "OK");
  return fails != 0;
}
