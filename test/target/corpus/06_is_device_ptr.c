// omp_target_alloc + is_device_ptr; omp_get_mapped_ptr of an entered
// mapping used through is_device_ptr.
#include <omp.h>
#include <stdio.h>
#define N 512
static int fail;
#define CHECK(c, ...) do { if (!(c)) { printf(__VA_ARGS__); printf("\n"); fail = 1; } } while (0)
int main(void) {
  int dev = omp_get_default_device(), host = omp_get_initial_device();
  int *d = omp_target_alloc(N * sizeof(int), dev);
  CHECK(d != NULL, "omp_target_alloc failed");
  int h[N];
  #pragma omp target is_device_ptr(d)
  for (int i = 0; i < N; i++) d[i] = i * 7;
  CHECK(omp_target_memcpy(h, d, N * sizeof(int), 0, 0, host, dev) == 0, "memcpy failed");
  for (int i = 0; i < N; i++) CHECK(h[i] == i * 7, "h[%d]=%d", i, h[i]);
  int arr[N];
  for (int i = 0; i < N; i++) arr[i] = i;
  #pragma omp target enter data map(to: arr)
  int *darr = omp_get_mapped_ptr(arr, dev);
  CHECK(darr != NULL, "omp_get_mapped_ptr NULL");
  #pragma omp target map(present, alloc: arr)
  for (int i = 0; i < N; i++) arr[i] += 1;
  #pragma omp target is_device_ptr(darr)
  for (int i = 0; i < N; i++) darr[i] *= 2;
  #pragma omp target exit data map(from: arr)
  for (int i = 0; i < N; i++) CHECK(arr[i] == (i + 1) * 2, "arr[%d]=%d", i, arr[i]);
  CHECK(omp_get_mapped_ptr(arr, host) == arr, "mapped ptr on host device");
  omp_target_free(d, dev);
  if (fail) return 1;
  printf("OK\n");
  return 0;
}
