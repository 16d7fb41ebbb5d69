// Multi-dimensional arrays, VLAs, large mappings, mapping of a pointer to
// a 2-D array, and sections of rows.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
static int fail;
#define CHECK(c, ...) do { if (!(c)) { printf(__VA_ARGS__); printf("\n"); fail = 1; } } while (0)
static void vla(int n, int m) {
  double A[n][m];
  for (int i = 0; i < n; i++) for (int j = 0; j < m; j++) A[i][j] = i + j;
  #pragma omp target map(tofrom: A)
  for (int i = 0; i < n; i++) for (int j = 0; j < m; j++) A[i][j] *= 2;
  for (int i = 0; i < n; i++) for (int j = 0; j < m; j++) CHECK(A[i][j] == 2.0 * (i + j), "vla A[%d][%d]", i, j);
  #pragma omp target map(tofrom: A[1:2][0:m])
  for (int i = 1; i < 3; i++) for (int j = 0; j < m; j++) A[i][j] = -1;
  for (int i = 0; i < n; i++) for (int j = 0; j < m; j++) CHECK(A[i][j] == ((i == 1 || i == 2) ? -1 : 2.0 * (i + j)), "rows A[%d][%d]", i, j);
}
int main(void) {
  vla(5, 7);
  size_t big = 1u << 20;           /* 1M doubles = 8 MiB */
  double *p = malloc(big * sizeof(double));
  for (size_t i = 0; i < big; i += 4096) p[i] = (double)i;
  #pragma omp target teams distribute parallel for map(tofrom: p[0:big])
  for (size_t i = 0; i < big; i += 4096) p[i] += 1;
  for (size_t i = 0; i < big; i += 4096) CHECK(p[i] == i + 1.0, "big p[%zu]", i);
  free(p);
  int (*m)[10] = malloc(6 * sizeof *m);
  for (int i = 0; i < 6; i++) for (int j = 0; j < 10; j++) m[i][j] = i * j;
  #pragma omp target map(tofrom: m[0:6][0:10])
  for (int i = 0; i < 6; i++) for (int j = 0; j < 10; j++) m[i][j] += 1;
  for (int i = 0; i < 6; i++) for (int j = 0; j < 10; j++) CHECK(m[i][j] == i * j + 1, "m[%d][%d]", i, j);
  free(m);
  if (fail) return 1;
  printf("OK\n");
  return 0;
}
