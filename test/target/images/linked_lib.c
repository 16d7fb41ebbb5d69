/* The shared library of the two-image test: a device image of its own, with
 * a `declare target` global, device functions called through a pointer on
 * the device, and target regions. */
#include <omp.h>

int lib_global = 1000;
#pragma omp declare target to(lib_global)

#pragma omp declare target
int lib_twice(int x) { return 2 * x; }
int lib_thrice(int x) { return 3 * x; }
#pragma omp end declare target

/* a[i] = op(a[i]) + lib_global, op chosen on the device through a function
 * pointer; returns whether the region ran on an offload device. */
int lib_region(int *a, int n, int which) {
  int on_device = 0;
#pragma omp target map(tofrom : a[0 : n]) map(from : on_device)
  {
    int (*op)(int) = which ? lib_thrice : lib_twice;
    for (int i = 0; i < n; i++)
      a[i] = op(a[i]) + lib_global;
    on_device = !omp_is_initial_device();
  }
  return on_device;
}

void lib_write_global(int dev, int v) {
#pragma omp target device(dev) firstprivate(v)
  lib_global = v;
}

int lib_read_global(int dev) {
  int v = -1;
#pragma omp target device(dev) map(from : v)
  v = lib_global;
  return v;
}
