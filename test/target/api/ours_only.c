/* What this runtime adds to LLVM 19 (which has neither):
 *  - omp_target_is_accessible (OpenMP 5.1): true for the initial device and
 *    for the x86_64 device, whose kernels run in this process and can
 *    dereference host addresses (checked by a kernel reading host memory
 *    through a plain pointer value); false for NULL.
 *  - omp_initial_device (-1, OpenMP 5.2) as a device number in the device
 *    memory routines: the host.
 *  - llvm_omp_target_lock_mem/unlock_mem on the initial device (LLVM 19
 *    aborts): host memory needs no pinning, the pointer comes back.
 *  - an async copy given something that is not a depend object (an array
 *    where the list of objects belongs, as OpenMP_VV's
 *    test_target_memcpy_async_depobj does) fails with a message saying so
 *    (LLVM 19 asserts in kmp_taskdeps.cpp; ours said "out of memory"). */
#include "api_test.h"

#define OMP_INITIAL_DEVICE (-1)

int main(void) {
  int host = omp_get_initial_device();
  static int h[32];
  for (int i = 0; i < 32; i++)
    h[i] = i * i;
  CHECK(omp_target_is_accessible(h, sizeof(h), host), "host memory not accessible on host");
  CHECK(!omp_target_is_accessible(NULL, 4, host), "NULL accessible");
  for (int dev = 0; dev < omp_get_num_devices(); dev++) {
    CHECK(omp_target_is_accessible(h, sizeof(h), dev), "not accessible on %d", dev);
    /* Accessible means a kernel may dereference it as it is. */
    uintptr_t addr = (uintptr_t)h;
    int sum = 0;
    #pragma omp target device(dev) map(tofrom: sum)
    {
      const int *p = (const int *)addr;
      for (int i = 0; i < 32; i++)
        sum += p[i];
    }
    CHECK(sum == 10416, "kernel on %d read %d through a host pointer", dev, sum);
  }
  int *p = omp_target_alloc(64, OMP_INITIAL_DEVICE);
  CHECK(p != NULL, "alloc on omp_initial_device");
  CHECK(omp_target_memcpy(p, h, 64, 0, 0, OMP_INITIAL_DEVICE, host) == 0, "memcpy");
  CHECK(p[5] == 25, "memcpy on omp_initial_device: %d", p[5]);
  CHECK(omp_target_is_present(p, OMP_INITIAL_DEVICE), "is_present on omp_initial_device");
  CHECK(omp_get_mapped_ptr(p, OMP_INITIAL_DEVICE) == p, "mapped_ptr on omp_initial_device");
  omp_target_free(p, OMP_INITIAL_DEVICE);
  CHECK(llvm_omp_target_lock_mem(h, sizeof(h), host) == h, "lock_mem on the host");
  llvm_omp_target_unlock_mem(h, host);

  /* Not a depend object: its "count" word, before it, is garbage. */
  static intptr_t garbage[16];
  for (int i = 0; i < 16; i++)
    garbage[i] = (intptr_t)0x55AA55AA55AA55AA;
  omp_depend_t fake = (omp_depend_t)&garbage[8];
  char text[512];
  struct api_capture cap = api_capture_begin(2);
  int rc = omp_target_memcpy_async(h, h, 4, 0, 0, host, host, 1, &fake);
  api_capture_end(&cap, text, sizeof(text));
  CHECK(rc != 0, "memcpy_async took a non-depend object");
  CHECK(strstr(text, "omp_target_memcpy_async: depend object 0 is not one") != NULL,
        "message: %s", text);
  return api_report();
}
