// The resource-comparison kernels (src/devicertl/resources.sh): a STREAM
// triad (SPMD) and a generic-mode kernel with sequential and parallel parts
// (seed 003, Fig. 12), checked against a host reference.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N (1 << 20)

void triad(double *a, const double *b, const double *c, double s, int n) {
#pragma omp target teams distribute parallel for map(to : b[0:n], c[0:n]) map(from : a[0:n])
  for (int i = 0; i < n; i++) a[i] = b[i] + s * c[i];
}

void generic_kernel(double *a, int n, int blocks) {
#pragma omp target teams distribute map(tofrom : a[0:n])
  for (int blk = 0; blk < blocks; blk++) {
    int lo = blk * (n / blocks), hi = lo + n / blocks;
    double scale = 1.0 + blk % 3; // sequential part, on the team's main thread
#pragma omp parallel for
    for (int i = lo; i < hi; i++) a[i] = a[i] * scale + 1.0;
    a[lo] += 0.5; // sequential again
  }
}

int main(void) {
  double *a = malloc(N * sizeof(double)), *b = malloc(N * sizeof(double)),
         *c = malloc(N * sizeof(double));
  for (int i = 0; i < N; i++) { b[i] = i; c[i] = 2.0 * i; }
  triad(a, b, c, 3.0, N);
  int fails = 0;
  for (int i = 0; i < N; i++)
    if (a[i] != b[i] + 3.0 * c[i]) { printf("triad a[%d]=%g\n", i, a[i]); fails++; break; }
  for (int i = 0; i < N; i++) a[i] = 1.0;
  int blocks = 256;
  generic_kernel(a, N, blocks);
  for (int blk = 0; blk < blocks && !fails; blk++)
    for (int i = blk * (N / blocks); i < (blk + 1) * (N / blocks); i++) {
      double want = 1.0 * (1.0 + blk % 3) + 1.0 + (i == blk * (N / blocks) ? 0.5 : 0.0);
      if (a[i] != want) { printf("generic a[%d]=%g want %g\n", i, a[i], want); fails++; break; }
    }
  printf("%s\n", fails ? "FAIL" : "OK");
  return fails != 0;
}
