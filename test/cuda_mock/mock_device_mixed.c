/* mock_device_mixed.c — a chain of target tasks alternating between the
 * CUDA device (the mock) and the x86_64 offload device. A CUDA task's
 * successor on the x86_64 device cannot wait for its event on a queue of
 * its own kind: it checks the event and yields until it is done; the x86_64
 * device publishes no events, so the CUDA tasks after it wait for its
 * completion. Non-commuting steps give the serial result only in order.
 * Built for both nvptx64 and x86_64 targets: the x86_64 plugin's devices
 * come first (0-3), the mock GPU last. */
#include <omp.h>
#include <stdio.h>

#define N 256
#define CHAINS 3
#define LENGTH 30

int main(void) {
  if (omp_get_num_devices() < 2) {
    printf("FAIL: %d devices, want the mock GPU and the x86_64 device\n",
           omp_get_num_devices());
    return 1;
  }
  static double a[CHAINS][N];
  for (int c = 0; c < CHAINS; c++)
    for (int i = 0; i < N; i++)
      a[c][i] = i + 10.0 * c;
#pragma omp parallel num_threads(2)
#pragma omp single
  for (int k = 0; k < LENGTH; k++)
    for (int c = 0; c < CHAINS; c++) {
      double *p = a[c];
      /* two on the GPU, two on x86_64, ... */
      int dev = (k / 2) % 2 ? 0 : omp_get_num_devices() - 1;
#pragma omp target map(tofrom: p[0:N]) nowait depend(inout: p[0]) firstprivate(k) device(dev)
      for (int i = 0; i < N; i++)
        p[i] = p[i] * 3 + k;
    }
  for (int c = 0; c < CHAINS; c++)
    for (int i = 0; i < N; i++) {
      double want = i + 10.0 * c;
      for (int k = 0; k < LENGTH; k++)
        want = want * 3 + k;
      if (a[c][i] != want) {
        printf("FAIL chain %d element %d is %.17g, serially %.17g\n", c, i, a[c][i], want);
        return 1;
      }
    }
  printf("OK\n");
  return 0;
}
