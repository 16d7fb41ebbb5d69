// ompx_hold map modifier: a hold reference keeps the mapping alive through
// exit data delete until the structured region ends.
#include <omp.h>
#include <stdio.h>
static int fail;
#define CHECK(c, ...) do { if (!(c)) { printf(__VA_ARGS__); printf("\n"); fail = 1; } } while (0)
int main(void) {
  int dev = omp_get_default_device();
  int x = 1;
  #pragma omp target data map(ompx_hold, tofrom: x)
  {
    #pragma omp target exit data map(delete: x)
    CHECK(omp_target_is_present(&x, dev), "hold mapping removed by delete");
    #pragma omp target map(present, tofrom: x)
    x = 5;
    CHECK(x == 1, "copy-back while held x=%d", x);
  }
  CHECK(x == 5, "end of hold region x=%d", x);
  CHECK(!omp_target_is_present(&x, dev), "still present after hold region");
  int y = 0;
  #pragma omp target enter data map(to: y)
  #pragma omp target map(ompx_hold, tofrom: y)
  y = 9;
  CHECK(omp_target_is_present(&y, dev), "dynamic ref lost");
  #pragma omp target exit data map(from: y)
  CHECK(y == 9, "y=%d", y);
  if (fail) return 1;
  printf("OK\n");
  return 0;
}
