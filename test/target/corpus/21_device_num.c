// device(n) for every device: each has its own data environment;
// device(omp_get_initial_device()) runs on the host.
#include <omp.h>
#include <stdio.h>
static int fail;
#define CHECK(c, ...) do { if (!(c)) { printf(__VA_ARGS__); printf("\n"); fail = 1; } } while (0)
int main(void) {
  int nd = omp_get_num_devices();
  CHECK(nd >= 1, "no devices");
  CHECK(omp_get_initial_device() == nd, "initial device %d != num devices %d", omp_get_initial_device(), nd);
  int x[16];
  for (int d = 0; d < nd; d++) {
    for (int i = 0; i < 16; i++) x[i] = d;
    #pragma omp target enter data map(to: x) device(d)
  }
  for (int d = 0; d < nd; d++) {
    CHECK(omp_target_is_present(x, d), "x not present on %d", d);
    int dn = -5, v = -1, initial = -1;
    #pragma omp target device(d) map(from: dn, v, initial)
    { dn = omp_get_device_num(); v = x[3]; initial = omp_is_initial_device(); }
    CHECK(v == d, "device %d sees x[3]=%d", d, v);
    /* LLVM 19, x86_64 offload: the kernel calls the host libomp's
       omp_get_device_num(), which answers the initial device number. */
    CHECK(dn == d || dn == nd, "omp_get_device_num on %d = %d", d, dn);
    CHECK(initial == 0, "device %d says initial", d);
  }
  for (int d = 0; d < nd; d++) {
    #pragma omp target exit data map(delete: x) device(d)
  }
  int h = -1;
  #pragma omp target device(omp_get_initial_device()) map(from: h)
  h = omp_is_initial_device();
  CHECK(h == 1, "device(initial) ran on a device");
  CHECK(omp_get_device_num() == omp_get_initial_device(), "host omp_get_device_num=%d", omp_get_device_num());
  if (fail) return 1;
  printf("OK\n");
  return 0;
}
