// target data: nesting, reference counting, if clause, device clause.
#include <omp.h>
#include <stdio.h>
#define N 100
static int fail;
#define CHECK(c, ...) do { if (!(c)) { printf(__VA_ARGS__); printf("\n"); fail = 1; } } while (0)
int main(void) {
  int dev = omp_get_default_device();
  int a[N], b[N];
  for (int i = 0; i < N; i++) { a[i] = i; b[i] = 0; }
  #pragma omp target data map(to: a) map(tofrom: b)
  {
    #pragma omp target data map(tofrom: a, b)    /* already present: no copies */
    {
      #pragma omp target
      for (int i = 0; i < N; i++) { b[i] = a[i] + 1; a[i] = 0; }
    }
    CHECK(a[5] == 5 && b[5] == 0, "inner region copied back a=%d b=%d", a[5], b[5]);
    CHECK(omp_target_is_present(a, dev) && omp_target_is_present(b, dev), "not present");
  }
  CHECK(a[5] == 5, "map(to) copied back");
  for (int i = 0; i < N; i++) CHECK(b[i] == i + 1, "b[%d]=%d", i, b[i]);
  CHECK(!omp_target_is_present(a, dev), "a still present");
  int use = 0;
  #pragma omp target data map(tofrom: b) if(use)
  {
    CHECK(!omp_target_is_present(b, dev), "if(0) mapped b");
  }
  #pragma omp target data map(tofrom: b) device(dev)
  {
    CHECK(omp_target_is_present(b, dev), "device(dev) did not map b");
  }
  if (fail) return 1;
  printf("OK\n");
  return 0;
}
