/* omp_target_memset on devices and the host: byte values (the value is
 * converted to unsigned char), sizes larger than any internal chunk, a fill
 * in the middle of a buffer, count 0 and NULL are no-ops, and the result is
 * always the pointer passed in. */
#include "api_test.h"

#define BIG (300 * 1000 + 17)

static void check_fill(const char *what, const unsigned char *p, size_t n,
                       unsigned char want) {
  for (size_t i = 0; i < n; i++)
    if (p[i] != want) {
      CHECK(0, "%s: byte %zu is 0x%02x, want 0x%02x", what, i, p[i], want);
      return;
    }
}

int main(void) {
  int host = omp_get_initial_device();
  static unsigned char back[BIG];
  for (int dev = 0; dev <= omp_get_num_devices(); dev++) {
    unsigned char *p = omp_target_alloc(BIG, dev);
    CHECK(p != NULL, "alloc on %d", dev);
    if (!p)
      continue;
    int values[] = {0, 0xab, -1, 0x1ff, 0x37};
    for (int v = 0; v < 5; v++) {
      CHECK(omp_target_memset(p, values[v], BIG, dev) == p, "result on %d", dev);
      omp_target_memcpy(back, p, BIG, 0, 0, host, dev);
      check_fill("whole", back, BIG, (unsigned char)values[v]);
    }
    /* A window inside: the bytes around it keep their value (0x37). */
    CHECK(omp_target_memset(p + 1001, 0x11, 70000, dev) == p + 1001, "window result");
    omp_target_memcpy(back, p, BIG, 0, 0, host, dev);
    check_fill("before window", back, 1001, 0x37);
    check_fill("window", back + 1001, 70000, 0x11);
    check_fill("after window", back + 71001, BIG - 71001, 0x37);
    /* Count 0 and NULL do nothing and return the pointer. */
    CHECK(omp_target_memset(p, 0x22, 0, dev) == p, "count 0 result");
    CHECK(omp_target_memset(NULL, 0x22, 16, dev) == NULL, "NULL result");
    omp_target_memcpy(back, p, 16, 0, 0, host, dev);
    check_fill("after count 0", back, 16, 0x37);
    /* A kernel sees the filled memory. */
    int sum = 0;
    omp_target_memset(p, 1, 1000, dev);
    #pragma omp target device(dev) is_device_ptr(p) map(tofrom: sum)
    for (int i = 0; i < 1000; i++)
      sum += p[i];
    CHECK(sum == 1000, "kernel on %d sums %d", dev, sum);
    omp_target_free(p, dev);
  }
  return api_report();
}
