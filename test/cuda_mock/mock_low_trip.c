/* mock_low_trip.c — launch geometry of a short SPMD loop on the CUDA
 * plugin: 128 iterations and no num_teams/thread_limit get blocks of
 * LIBOMPTARGET_MIN_THREADS_FOR_LOW_TRIP_COUNT threads (32 by default, as
 * LLVM 19), more blocks instead of wider ones; the test reads the launch
 * from LIBOMPTARGET_INFO=16 and checks the loop's result. */
#include <stdio.h>

#define N 128

int main(void) {
  int a[N];
  for (int i = 0; i < N; i++)
    a[i] = i;
#pragma omp target teams distribute parallel for map(tofrom : a)
  for (int i = 0; i < N; i++)
    a[i] = 3 * a[i] + 1;
  for (int i = 0; i < N; i++)
    if (a[i] != 3 * i + 1) {
      printf("FAIL: a[%d] = %d, want %d\n", i, a[i], 3 * i + 1);
      return 1;
    }
  printf("OK\n");
  return 0;
}
