// requires unified_shared_memory: host pointers are used directly on the
// device; maps do not copy.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#pragma omp requires unified_shared_memory
#define N 1000
static int fail;
#define CHECK(c, ...) do { if (!(c)) { printf(__VA_ARGS__); printf("\n"); fail = 1; } } while (0)
int main(void) {
  double *p = malloc(N * sizeof(double));
  for (int i = 0; i < N; i++) p[i] = i;
  #pragma omp target
  for (int i = 0; i < N; i++) p[i] *= 2;
  for (int i = 0; i < N; i++) CHECK(p[i] == 2.0 * i, "p[%d]=%g", i, p[i]);
  #pragma omp target teams distribute parallel for map(to: p[0:N])
  for (int i = 0; i < N; i++) p[i] += 1;
  for (int i = 0; i < N; i++) CHECK(p[i] == 2.0 * i + 1, "map(to) under USM p[%d]=%g", i, p[i]);
  free(p);
  if (fail) return 1;
  printf("OK\n");
  return 0;
}
