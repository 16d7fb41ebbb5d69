/* omp_target_alloc/free and llvm_omp_target_{alloc,free}_{host,shared,device}
 * on every device and the initial device; device memory used by kernels via
 * is_device_ptr; size 0; an allocation too large for the device returns
 * NULL; free(NULL); lock/unlock on offload devices;
 * llvm_omp_target_dynamic_shared_alloc. */
#include "api_test.h"

#define N 1000

int main(void) {
  int ndev = omp_get_num_devices(), host = omp_get_initial_device();
  CHECK(host == ndev, "initial device %d != number of devices %d", host, ndev);
  for (int dev = 0; dev <= ndev; dev++) {
    CHECK(omp_target_alloc(0, dev) == NULL, "alloc(0) on %d not NULL", dev);
    int *d = omp_target_alloc(N * sizeof(int), dev);
    CHECK(d != NULL, "alloc on %d failed", dev);
    if (!d)
      continue;
    CHECK(((uintptr_t)d & 7) == 0, "alloc on %d misaligned: %p", dev, (void *)d);
    /* The kernel fills the memory; memcpy brings it back. */
    #pragma omp target device(dev) is_device_ptr(d)
    for (int i = 0; i < N; i++)
      d[i] = 3 * i + dev;
    int back[N];
    CHECK(omp_target_memcpy(back, d, sizeof(back), 0, 0, host, dev) == 0, "d->h on %d", dev);
    for (int i = 0; i < N; i++)
      if (back[i] != 3 * i + dev) {
        CHECK(0, "device %d: back[%d] = %d, want %d", dev, i, back[i], 3 * i + dev);
        break;
      }
    /* Device memory is not a mapping of host memory. */
    if (dev != host)
      CHECK(!omp_target_is_present(d, dev), "allocated memory is 'present' on %d", dev);
    omp_target_free(d, dev);
    omp_target_free(NULL, dev);

    /* LLVM's allocation kinds. Host and shared memory are host-accessible. */
    int *ph = llvm_omp_target_alloc_host(64 * sizeof(int), dev);
    int *ps = llvm_omp_target_alloc_shared(64 * sizeof(int), dev);
    int *pd = llvm_omp_target_alloc_device(64 * sizeof(int), dev);
    CHECK(ph && ps && pd, "llvm_omp_target_alloc_* on %d: %p %p %p", dev, (void *)ph,
          (void *)ps, (void *)pd);
    CHECK(llvm_omp_target_alloc_device(0, dev) == NULL, "alloc_device(0) not NULL");
    if (ph && ps && pd) {
      for (int i = 0; i < 64; i++)
        ph[i] = i, ps[i] = 2 * i;
      CHECK(omp_target_memcpy(pd, ps, 64 * sizeof(int), 0, 0, dev, host) == 0, "s->d");
      CHECK(omp_target_memcpy(ph, pd, 64 * sizeof(int), 0, 0, host, dev) == 0, "d->h");
      CHECK(ph[63] == 126, "host/shared/device round trip on %d: %d", dev, ph[63]);
    }
    llvm_omp_target_free_host(ph, dev);
    llvm_omp_target_free_shared(ps, dev);
    llvm_omp_target_free_device(pd, dev);
    llvm_omp_target_free_device(NULL, dev);

    /* Pinning: on this device the pointer is its own pinned form (LLVM
     * 19 refuses the initial device here; see ours_only.c). */
    if (dev != host) {
      static char buf[4096];
      void *locked = llvm_omp_target_lock_mem(buf, sizeof(buf), dev);
      CHECK(locked == buf, "lock_mem on %d returned %p for %p", dev, locked, (void *)buf);
      llvm_omp_target_unlock_mem(buf, dev);
    }
  }
  /* Out of device memory is a NULL result, not an error (the spec). */
  if (ndev > 0)
    CHECK(omp_target_alloc((size_t)1 << 60, 0) == NULL, "2^60 bytes allocated");
  CHECK(llvm_omp_target_dynamic_shared_alloc() == NULL, "dynamic shared on the host");
  return api_report();
}
