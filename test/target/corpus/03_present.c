// map(present, ...) on data already mapped by target data / enter data.
#include <omp.h>
#include <stdio.h>
#define N 128
static int fail;
#define CHECK(c, ...) do { if (!(c)) { printf(__VA_ARGS__); printf("\n"); fail = 1; } } while (0)
int main(void) {
  int a[N], b[N];
  for (int i = 0; i < N; i++) { a[i] = i; b[i] = 0; }
  #pragma omp target data map(to: a) map(from: b)
  {
    #pragma omp target map(present, to: a) map(present, from: b)
    for (int i = 0; i < N; i++) b[i] = a[i] * a[i];
    #pragma omp target map(present, alloc: a[10:20])
    for (int i = 10; i < 30; i++) a[i] = 0;            /* subsection of a present mapping */
  }
  for (int i = 0; i < N; i++) CHECK(b[i] == i * i, "b[%d]=%d", i, b[i]);
  for (int i = 0; i < N; i++) CHECK(a[i] == i, "map(to) leaked a[%d]=%d", i, a[i]);
  #pragma omp target enter data map(to: a)
  #pragma omp target update from(present: a)
  #pragma omp target map(present, tofrom: a)
  a[0] = 99;
  #pragma omp target exit data map(from: a)
  CHECK(a[0] == 99, "a[0]=%d", a[0]);
  CHECK(!omp_target_is_present(a, omp_get_default_device()), "a still present");
  if (fail) return 1;
  printf("OK\n");
  return 0;
}
