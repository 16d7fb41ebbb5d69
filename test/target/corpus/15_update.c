// target update to/from on whole arrays, sections and rows, with if().
// (Non-contiguous sections are left out: see docs/abi-target.md.)
#include <omp.h>
#include <stdio.h>
#define N 64
static int fail;
#define CHECK(c, ...) do { if (!(c)) { printf(__VA_ARGS__); printf("\n"); fail = 1; } } while (0)
int main(void) {
  int a[N];
  double m[8][8];
  for (int i = 0; i < N; i++) a[i] = i;
  for (int i = 0; i < 8; i++) for (int j = 0; j < 8; j++) m[i][j] = i * 8 + j;
  #pragma omp target data map(to: a, m)
  {
    for (int i = 0; i < N; i++) a[i] = 100 + i;
    #pragma omp target update to(a[0:N/2])
    #pragma omp target
    for (int i = 0; i < N; i++) a[i] *= 2;
    #pragma omp target update from(a)
    for (int i = 0; i < N; i++) CHECK(a[i] == (i < N / 2 ? 2 * (100 + i) : 2 * i), "a[%d]=%d", i, a[i]);
    #pragma omp target
    for (int i = 0; i < 8; i++) for (int j = 0; j < 8; j++) m[i][j] = -m[i][j];
    #pragma omp target update from(m[2:3])               /* whole rows: contiguous */
    for (int i = 0; i < 8; i++) for (int j = 0; j < 8; j++) {
      double want = (i >= 2 && i < 5) ? -(i * 8 + j) : (i * 8 + j);
      CHECK(m[i][j] == want, "m[%d][%d]=%g want %g", i, j, m[i][j], want);
    }
    int flag = 0;
    #pragma omp target update from(a) if(flag)
    CHECK(a[1] == 2 * 101, "update if(0) copied");
  }
  if (fail) return 1;
  printf("OK\n");
  return 0;
}
