// Generic-mode target regions: sequential code on the main thread, parallel
// regions (the state machine), nested parallel (serialized on the device),
// and variables shared from the main thread's stack into parallel regions.
#include <omp.h>
#include <stdio.h>

#define N 1000

int main(void) {
  int fails = 0;
  int out[N], levels[4] = {0}, nthreads = 0, in_par = -1, seq = 0;
#pragma omp target map(from : out, levels, nthreads, in_par, seq)
  {
    int base = 7; // lives on the main thread, shared with the workers
    seq = omp_get_thread_num() + 100 * omp_get_level();
    in_par = omp_in_parallel();
#pragma omp parallel num_threads(64)
    {
#pragma omp for
      for (int i = 0; i < N; i++)
        out[i] = i * base;
      if (omp_get_thread_num() == 0) {
        nthreads = omp_get_num_threads();
        levels[0] = omp_get_level();
      }
#pragma omp parallel num_threads(4)
      {
        if (omp_get_thread_num() == 0 && omp_get_ancestor_thread_num(1) == 0) {
          levels[1] = omp_get_level();
          levels[2] = omp_get_num_threads(); // nested: serialized, 1 thread
          levels[3] = omp_get_active_level();
        }
      }
    }
    base = 9;
#pragma omp parallel for
    for (int i = 0; i < N; i += 2)
      out[i] += base;
  }
  for (int i = 0; i < N; i++) {
    int want = i * 7 + (i % 2 == 0 ? 9 : 0);
    if (out[i] != want) {
      if (fails < 5) printf("out[%d]=%d want %d\n", i, out[i], want);
      fails++;
    }
  }
  // On the host fallback the numbers differ; only check the device shape.
  int on_host = omp_get_num_devices() == 0;
  if (!on_host) {
    if (nthreads != 64) { printf("nthreads=%d want 64\n", nthreads); fails++; }
    if (levels[0] != 1 || levels[1] != 2 || levels[2] != 1 || levels[3] != 1) {
      printf("levels %d %d %d %d want 1 2 1 1\n", levels[0], levels[1], levels[2], levels[3]);
      fails++;
    }
    if (seq != 0 || in_par != 0) { printf("seq=%d in_par=%d\n", seq, in_par); fails++; }
  }
  printf("%s\n", fails ? "FAIL" : "OK");
  return fails != 0;
}
