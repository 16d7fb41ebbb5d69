/* omp_target_is_present and omp_get_mapped_ptr around target data, enter
 * and exit data, on several devices; the initial device (always present,
 * the pointer itself); NULL. */
#include "api_test.h"

int main(void) {
  int host = omp_get_initial_device(), d0 = api_dev(0), d1 = api_dev(1);
  static double a[100];
  CHECK(omp_target_is_present(a, host), "host: not present");
  CHECK(omp_get_mapped_ptr(a, host) == a, "host: mapped ptr is not the pointer");
  CHECK(!omp_target_is_present(NULL, d0), "NULL present");
  CHECK(!omp_target_is_present(NULL, host), "NULL present on host");
  CHECK(omp_get_mapped_ptr(NULL, d0) == NULL, "NULL mapped");
  if (d0 == host) {
    return api_report();
  }
  CHECK(!omp_target_is_present(a, d0), "present before target data");
  CHECK(omp_get_mapped_ptr(a, d0) == NULL, "mapped before target data");
  void *dev_addr = NULL;
  #pragma omp target data device(d0) map(to: a[10:50])
  {
    CHECK(omp_target_is_present(&a[10], d0), "begin not present");
    CHECK(omp_target_is_present(&a[59], d0), "last not present");
    CHECK(!omp_target_is_present(&a[9], d0), "before section present");
    CHECK(!omp_target_is_present(&a[60], d0), "after section present");
    if (d1 != host) /* one device: d1 is the host, where everything is present */
      CHECK(!omp_target_is_present(&a[10], d1), "present on another device");
    /* omp_get_mapped_ptr agrees with use_device_ptr. */
    double *p = &a[10];
    #pragma omp target data device(d0) use_device_ptr(p)
    dev_addr = p;
    CHECK(omp_get_mapped_ptr(&a[10], d0) == dev_addr, "mapped ptr %p, use_device_ptr %p",
          omp_get_mapped_ptr(&a[10], d0), dev_addr);
    CHECK(omp_get_mapped_ptr(&a[20], d0) == (double *)dev_addr + 10, "interior mapped ptr");
    CHECK(dev_addr != (void *)&a[10], "device copy at the host address");
    CHECK(omp_get_mapped_ptr(&a[9], d0) == NULL, "mapped before section");
    /* Nested data on the same range keeps it present after the inner end. */
    #pragma omp target data device(d0) map(a[10:50])
    { }
    CHECK(omp_target_is_present(&a[10], d0), "inner end removed outer mapping");
  }
  CHECK(!omp_target_is_present(&a[10], d0), "present after target data");
  CHECK(omp_get_mapped_ptr(&a[10], d0) == NULL, "mapped after target data");

  /* enter/exit data, on device 1 */
  if (d1 == host)
    return api_report();
  #pragma omp target enter data device(d1) map(alloc: a)
  CHECK(omp_target_is_present(a, d1) && omp_target_is_present(&a[99], d1), "enter data");
  CHECK(!omp_target_is_present(a, d0), "enter on d1 shows on d0");
  #pragma omp target enter data device(d1) map(to: a)
  #pragma omp target exit data device(d1) map(release: a)
  CHECK(omp_target_is_present(a, d1), "released with one reference left");
  #pragma omp target exit data device(d1) map(release: a)
  CHECK(!omp_target_is_present(a, d1), "present after last release");
  return api_report();
}
