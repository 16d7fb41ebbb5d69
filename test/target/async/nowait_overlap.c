/* Deferred target regions (nowait) run on the device's queues and overlap:
 * four independent 80 ms kernels finish in well under 4 x 80 ms, each
 * target task completes through the queue's callback (not by a helper
 * thread waiting), and depend orders a B4-style diamond correctly. */
#include <omp.h>
#include <stdio.h>
#include <unistd.h>

int main(void) {
  int a[4] = {0}, fails = 0;
  double t0 = omp_get_wtime();
  for (int i = 0; i < 4; i++) {
#pragma omp target map(tofrom : a[i : 1]) nowait firstprivate(i)
    {
      usleep(80000);
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
  if (elapsed > 0.28) {
    printf("FAIL: 4 x 80 ms nowait regions took %.3f s: they did not overlap\n", elapsed);
    fails++;
  }

  /* B4's graph: T1 -> (T2, T3) -> T4 on one array, repeated. */
  enum { N = 256 };
  double x[N], ref[N];
  for (int k = 0; k < N; k++)
    x[k] = ref[k] = k;
#pragma omp target enter data map(to : x[0 : N])
  for (int it = 0; it < 20; it++) {
#pragma omp target nowait depend(out : x[0]) map(present, alloc : x[0 : N])
    for (int k = 0; k < N; k++) x[k] = x[k] * 2 + 1;
#pragma omp target nowait depend(in : x[0]) depend(out : x[N / 2]) map(present, alloc : x[0 : N])
    for (int k = 0; k < N / 2; k++) x[k] += 3;
#pragma omp target nowait depend(in : x[0]) depend(out : x[N - 1]) map(present, alloc : x[0 : N])
    for (int k = N / 2; k < N; k++) x[k] -= 1;
#pragma omp target nowait depend(in : x[N / 2], x[N - 1]) depend(inout : x[0]) map(present, alloc : x[0 : N])
    for (int k = 0; k < N; k++) x[k] *= 0.5;
    for (int k = 0; k < N; k++) {
      ref[k] = ref[k] * 2 + 1;
      ref[k] += k < N / 2 ? 3 : -1;
      ref[k] *= 0.5;
    }
  }
#pragma omp taskwait
#pragma omp target exit data map(from : x[0 : N])
  for (int k = 0; k < N; k++)
    if (x[k] != ref[k]) {
      printf("FAIL: diamond x[%d] = %g, want %g\n", k, x[k], ref[k]);
      fails++;
      break;
    }
  if (!fails)
    printf("OK\n");
  return fails != 0;
}
