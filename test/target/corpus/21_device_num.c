// device(n) for every device: each has its own data environment, and code
// running there (teams, threads, tasks, deferred regions) knows its number;
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
    /* On the x86_64 device the kernel calls the host libomp's
       omp_get_device_num() (LLVM 19's answers the initial device there). */
    CHECK(dn == d, "omp_get_device_num on %d = %d", d, dn);
    CHECK(initial == 0, "device %d says initial", d);
    /* ... and so do the kernel's teams, their threads and tasks, and a
       deferred region's, which runs elsewhere. */
    int wrong = 0;
    #pragma omp target teams num_teams(2) device(d) map(tofrom: wrong)
    {
      if (omp_get_device_num() != d) {
        #pragma omp atomic
        wrong++;
      }
      #pragma omp parallel num_threads(2)
      {
        int here = omp_get_device_num();
        #pragma omp task firstprivate(here) shared(wrong)
        {
          if (here != d || omp_get_device_num() != d) {
            #pragma omp atomic
            wrong++;
          }
        }
      }
    }
    CHECK(wrong == 0, "device %d: %d teams/threads/tasks answered another device", d, wrong);
    int deferred = -5;
    #pragma omp target device(d) map(from: deferred) nowait
    deferred = omp_get_device_num();
    #pragma omp taskwait
    CHECK(deferred == d, "nowait region on device %d: omp_get_device_num = %d", d, deferred);
  }
  /* Back on the host, and in a host parallel region: the initial device. */
  int host_wrong = 0;
  #pragma omp parallel num_threads(2) reduction(+: host_wrong)
  host_wrong += omp_get_device_num() != omp_get_initial_device();
  CHECK(host_wrong == 0, "host threads answer a device");
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
