/* GPU variant of test/target/async/nowait_overlap.c: four independent
 * nowait target regions, each a single GPU thread busy for 80 ms (device
 * clock through omp_get_wtime, as the device has no usleep), must overlap:
 * the runtime puts them on different streams and completes each target
 * task from its stream, so all four finish in well under 4 x 80 ms. */
#include <omp.h>
#include <stdio.h>

#define BUSY_S 0.08

int main(void) {
  int a[4] = {0}, fails = 0;
  /* Warm-up: the first region pays for loading the image. */
  int warm = 0;
#pragma omp target map(tofrom : warm)
  warm = 1;
  double t0 = omp_get_wtime();
  for (int i = 0; i < 4; i++) {
#pragma omp target map(tofrom : a[i : 1]) nowait firstprivate(i)
    {
      double start = omp_get_wtime();
      while (omp_get_wtime() - start < BUSY_S)
        ;
      a[i] = i + 1;
    }
  }
#pragma omp taskwait
  double elapsed = omp_get_wtime() - t0;
  for (int i = 0; i < 4; i++)
    if (a[i] != i + 1) {
      printf("FAIL: a[%d] = %d\n", i, a[i]);
      fails++;
    }
  printf("4 x %.0f ms nowait regions took %.3f s\n", BUSY_S * 1e3, elapsed);
  if (elapsed < BUSY_S * 0.9) {
    printf("FAIL: faster than one region: the device clock did not tick\n");
    fails++;
  }
  if (elapsed > 3.5 * BUSY_S) {
    printf("FAIL: they did not overlap\n");
    fails++;
  }
  if (!warm)
    fails++;
  if (fails)
    return 1;
  printf("OK\n");
  return 0;
}
