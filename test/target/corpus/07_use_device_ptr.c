// use_device_ptr / use_device_addr in target data: the host code sees the
// device address, which is then passed with is_device_ptr/has_device_addr.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#define N 300
static int fail;
#define CHECK(c, ...) do { if (!(c)) { printf(__VA_ARGS__); printf("\n"); fail = 1; } } while (0)
int main(void) {
  int dev = omp_get_default_device();
  double *p = malloc(N * sizeof(double));
  double arr[N];
  for (int i = 0; i < N; i++) { p[i] = i; arr[i] = -i; }
  double *hostp = p;
  void *seen = NULL, *seen2 = NULL;
  #pragma omp target data map(tofrom: p[0:N], arr)
  {
    void *mapped = omp_get_mapped_ptr(p, dev);
    void *mapped2 = omp_get_mapped_ptr(arr, dev);
    #pragma omp target data use_device_ptr(p)
    {
      seen = p;
      #pragma omp target is_device_ptr(p)
      for (int i = 0; i < N; i++) p[i] += 0.5;
    }
    #pragma omp target data use_device_addr(arr)
    {
      seen2 = arr;
      #pragma omp target has_device_addr(arr)
      for (int i = 0; i < N; i++) arr[i] *= 2;
    }
    CHECK(seen == mapped, "use_device_ptr gave %p, mapped %p", seen, mapped);
    CHECK(seen2 == mapped2, "use_device_addr gave %p, mapped %p", seen2, mapped2);
    CHECK(seen != hostp, "use_device_ptr gave the host pointer");
  }
  CHECK(p == hostp, "p not restored");
  for (int i = 0; i < N; i++) CHECK(p[i] == i + 0.5 && arr[i] == -2.0 * i, "i=%d p=%g arr=%g", i, p[i], arr[i]);
  free(p);
  if (fail) return 1;
  printf("OK\n");
  return 0;
}
