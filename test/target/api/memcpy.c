/* omp_target_memcpy in every direction: host->host, host->device,
 * device->host, device->device on one device and between devices 0 and 1,
 * with offsets on both sides; length 0 (even with NULL pointers) is a
 * successful no-op; a NULL pointer with a length fails. */
#include "api_test.h"

#define N 4096

int main(void) {
  int host = omp_get_initial_device(), d0 = api_dev(0), d1 = api_dev(1);
  static long src[N], dst[N], ref[N];
  for (int i = 0; i < N; i++)
    src[i] = (long)i * 7 - 11;

  /* host -> host with offsets */
  memset(dst, 0, sizeof(dst));
  CHECK(omp_target_memcpy(dst, src, 100 * sizeof(long), 5 * sizeof(long),
                          20 * sizeof(long), host, host) == 0, "h->h");
  for (int i = 0; i < N; i++) {
    long want = (i >= 5 && i < 105) ? src[i + 15] : 0;
    if (dst[i] != want) {
      CHECK(0, "h->h dst[%d] = %ld, want %ld", i, dst[i], want);
      break;
    }
  }

  long *a = omp_target_alloc(N * sizeof(long), d0);
  long *b = omp_target_alloc(N * sizeof(long), d0);
  long *c = omp_target_alloc(N * sizeof(long), d1);
  CHECK(a && b && c, "alloc");
  if (!a || !b || !c)
    return api_report();

  /* host -> device 0 (whole), device 0 -> device 0 (offset window), device 0
   * -> device 1 (offset window), device 1 -> host (offset window). */
  CHECK(omp_target_memcpy(a, src, N * sizeof(long), 0, 0, d0, host) == 0, "h->d");
  long zero[N] = {0};
  CHECK(omp_target_memcpy(b, zero, sizeof(zero), 0, 0, d0, host) == 0, "zero b");
  CHECK(omp_target_memcpy(c, zero, sizeof(zero), 0, 0, d1, host) == 0, "zero c");
  CHECK(omp_target_memcpy(b, a, 1000 * sizeof(long), 100 * sizeof(long),
                          200 * sizeof(long), d0, d0) == 0, "d->d same device");
  CHECK(omp_target_memcpy(c, b, 900 * sizeof(long), 3 * sizeof(long),
                          150 * sizeof(long), d1, d0) == 0, "d0->d1");
  memset(dst, 0, sizeof(dst));
  CHECK(omp_target_memcpy(dst, c, (N - 8) * sizeof(long), 8 * sizeof(long), 0, host,
                          d1) == 0, "d1->h");
  /* The reference: the same three steps on host arrays. */
  long rb[N] = {0}, rc[N] = {0};
  memcpy(rb + 100, src + 200, 1000 * sizeof(long));
  memcpy(rc + 3, rb + 150, 900 * sizeof(long));
  memset(ref, 0, sizeof(ref));
  memcpy(ref + 8, rc, (N - 8) * sizeof(long));
  for (int i = 0; i < N; i++)
    if (dst[i] != ref[i]) {
      CHECK(0, "chain dst[%d] = %ld, want %ld", i, dst[i], ref[i]);
      break;
    }

  /* Device 1's copy is its own: a kernel on device 1 sees the data. */
  long sum = 0, want_sum = 0;
  for (int i = 0; i < N; i++)
    want_sum += rc[i];
  #pragma omp target device(d1) is_device_ptr(c) map(tofrom: sum)
  for (int i = 0; i < N; i++)
    sum += c[i];
  CHECK(sum == want_sum, "kernel on device 1 sums %ld, want %ld", sum, want_sum);

  /* Zero length succeeds whatever the pointers; NULL with a length fails. */
  CHECK(omp_target_memcpy(NULL, NULL, 0, 0, 0, d0, host) == 0, "len 0 with NULLs");
  CHECK(omp_target_memcpy(a, src, 0, 0, 0, d0, host) == 0, "len 0");
  CHECK(omp_target_memcpy(NULL, src, 8, 0, 0, d0, host) != 0, "NULL dst accepted");
  CHECK(omp_target_memcpy(a, NULL, 8, 0, 0, d0, host) != 0, "NULL src accepted");

  omp_target_free(a, d0);
  omp_target_free(b, d0);
  omp_target_free(c, d1);
  return api_report();
}
