// Zero-length array sections: map(p[0:0]) does not allocate but translates
// the pointer if its target is mapped; unmapped gives NULL-or-host pointer.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#define N 64
static int fail;
#define CHECK(c, ...) do { if (!(c)) { printf(__VA_ARGS__); printf("\n"); fail = 1; } } while (0)
int main(void) {
  int dev = omp_get_default_device();
  int *p = malloc(N * sizeof(int));
  for (int i = 0; i < N; i++) p[i] = i;
  #pragma omp target enter data map(to: p[0:N])
  int *q = p + 10;
  #pragma omp target map(p[0:0]) map(q[0:0])
  { p[0] = 100; q[0] = 110; }
  #pragma omp target exit data map(from: p[0:N])
  CHECK(p[0] == 100 && p[10] == 110, "p[0]=%d p[10]=%d", p[0], p[10]);
  /* zero-length section of something not mapped: nothing is created */
  int *r = malloc(N * sizeof(int));
  #pragma omp target map(r[0:0])
  { }
  CHECK(!omp_target_is_present(r, dev), "zero-length map created a mapping");
  free(p); free(r);
  if (fail) return 1;
  printf("OK\n");
  return 0;
}
