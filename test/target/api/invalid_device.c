/* Error path: a device memory routine given a device number that names no
 * device must stop the program with a clear message naming the routine
 * (LLVM 19 aborts with "Device number 'N' out of range"). argv[1] picks the
 * routine, argv[2] the device number (default 7). Expected (ours):
 *   omptarget: error: <routine>: device number N does not exist (...)
 * and exit status 1. */
#include "api_test.h"

int main(int argc, char **argv) {
  const char *which = argc > 1 ? argv[1] : "alloc";
  int bad = argc > 2 ? atoi(argv[2]) : 7;
  int host = omp_get_initial_device();
  static int h[16];
  void *p = NULL;
  int rc = 0;
  size_t v[1] = {1}, z[1] = {0}, dim[1] = {16};
  if (!strcmp(which, "alloc"))
    p = omp_target_alloc(16, bad);
  else if (!strcmp(which, "free"))
    omp_target_free(h, bad);
  else if (!strcmp(which, "memcpy"))
    rc = omp_target_memcpy(h, h, 4, 0, 0, host, bad);
  else if (!strcmp(which, "memcpy_rect"))
    rc = omp_target_memcpy_rect(h, h, 4, 1, v, z, z, dim, dim, bad, host);
  else if (!strcmp(which, "memcpy_async"))
    rc = omp_target_memcpy_async(h, h, 4, 0, 0, bad, host, 0, NULL);
  else if (!strcmp(which, "memset"))
    p = omp_target_memset(h, 0, 4, bad);
  else if (!strcmp(which, "is_present"))
    rc = omp_target_is_present(h, bad);
  else if (!strcmp(which, "associate"))
    rc = omp_target_associate_ptr(h, h, 4, 0, bad);
  else if (!strcmp(which, "mapped_ptr"))
    p = omp_get_mapped_ptr(h, bad);
  else if (!strcmp(which, "llvm_alloc"))
    p = llvm_omp_target_alloc_shared(16, bad);
  #pragma omp taskwait
  printf("not reached: %s on device %d returned %p / %d\n", which, bad, p, rc);
  return 0;
}
