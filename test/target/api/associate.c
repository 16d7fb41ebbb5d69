/* omp_target_associate_ptr / omp_target_disassociate_ptr: the association
 * makes host memory "present" with the program's device memory behind it
 * (with a device offset), map clauses find it and neither copy nor free,
 * is_device_ptr and omp_get_mapped_ptr see the same memory; re-associating
 * the same pair succeeds, a different one fails; disassociation ends it,
 * after which maps copy again; errors for the initial device, unknown
 * pointers and map-clause mappings. */
#include "api_test.h"

#define N 512

int main(void) {
  int host = omp_get_initial_device(), dev = api_dev(0);
  if (dev == host) { /* no offload device: nothing to associate with */
    printf("OK\n");
    return 0;
  }
  static int h[N], check[N];
  for (int i = 0; i < N; i++)
    h[i] = i;
  /* Device memory with a 16-int prefix; the association starts after it. */
  int *mem = omp_target_alloc((N + 16) * sizeof(int), dev);
  CHECK(mem != NULL, "alloc");
  CHECK(omp_target_memcpy(mem, h, N * sizeof(int), 16 * sizeof(int), 0, dev, host) == 0,
        "fill");
  CHECK(!omp_target_is_present(h, dev), "present before associate");
  CHECK(omp_target_associate_ptr(h, mem, N * sizeof(int), 16 * sizeof(int), dev) == 0,
        "associate");
  CHECK(omp_target_is_present(h, dev), "not present after associate");
  CHECK(omp_target_is_present(&h[N - 1], dev), "last element not present");
  CHECK(!omp_target_is_present(&h[N], dev), "one past the end present");
  CHECK(omp_get_mapped_ptr(h, dev) == mem + 16, "mapped ptr %p, want %p",
        omp_get_mapped_ptr(h, dev), (void *)(mem + 16));
  CHECK(omp_get_mapped_ptr(&h[100], dev) == mem + 116, "interior mapped ptr");
  /* Not present on another device. */
  if (api_dev(1) != host)
    CHECK(!omp_target_is_present(h, api_dev(1)), "present on device 1");

  /* Associating the same pair again is fine; a different one is not. */
  CHECK(omp_target_associate_ptr(h, mem, N * sizeof(int), 16 * sizeof(int), dev) == 0,
        "re-associate same");
  CHECK(omp_target_associate_ptr(h, mem, N * sizeof(int), 0, dev) != 0,
        "re-associate with another device address");
  CHECK(omp_target_associate_ptr(h, mem, N / 2 * sizeof(int), 16 * sizeof(int), dev) != 0,
        "re-associate with another size");

  /* A map clause finds the association: no copy in, no copy out. */
  for (int i = 0; i < N; i++)
    h[i] = -1; /* host changes the device must not see */
  #pragma omp target device(dev) map(tofrom: h)
  for (int i = 0; i < N; i++)
    h[i] = h[i] * 2 + 1; /* device values were i */
  CHECK(h[0] == -1 && h[N - 1] == -1, "association copied back: %d", h[0]);
  CHECK(omp_target_memcpy(check, mem, N * sizeof(int), 0, 16 * sizeof(int), host, dev) == 0,
        "read device");
  for (int i = 0; i < N; i++)
    if (check[i] != 2 * i + 1) {
      CHECK(0, "device[%d] = %d, want %d", i, check[i], 2 * i + 1);
      break;
    }
  /* target update copies through the association. */
  #pragma omp target update device(dev) from(h[10:5])
  CHECK(h[10] == 21 && h[14] == 29 && h[15] == -1, "update from: %d %d %d", h[10], h[14],
        h[15]);
  /* exit data delete cannot remove an association. */
  #pragma omp target exit data device(dev) map(delete: h)
  CHECK(omp_target_is_present(h, dev), "delete removed the association");
  /* is_device_ptr on the device memory: the same storage. */
  int *p = mem + 16;
  #pragma omp target device(dev) is_device_ptr(p)
  for (int i = 0; i < N; i++)
    p[i] += 1000;
  #pragma omp target device(dev) map(from: check[0:1]) map(to: h)
  check[0] = h[3]; /* h[3] on the device is 2*3+1+1000 */
  CHECK(check[0] == 1007, "is_device_ptr and map disagree: %d", check[0]);

  /* Disassociation: errors first, then the real one. */
  CHECK(omp_target_disassociate_ptr(&h[1], dev) != 0, "disassociate interior pointer");
  CHECK(omp_target_disassociate_ptr(h, host) != 0, "disassociate on the host");
  CHECK(omp_target_associate_ptr(h, mem, 4, 0, host) != 0, "associate on the host");
  CHECK(omp_target_associate_ptr(NULL, mem, 4, 0, dev) != 0, "associate NULL");
  CHECK(omp_target_associate_ptr(check, mem, 0, 0, dev) != 0, "associate size 0");
  CHECK(omp_target_disassociate_ptr(h, dev) == 0, "disassociate");
  CHECK(!omp_target_is_present(h, dev), "present after disassociate");
  CHECK(omp_get_mapped_ptr(h, dev) == NULL, "mapped after disassociate");
  CHECK(omp_target_disassociate_ptr(h, dev) != 0, "disassociate twice");

  /* Now a map clause makes its own copy again. */
  for (int i = 0; i < N; i++)
    h[i] = 5;
  #pragma omp target device(dev) map(tofrom: h)
  for (int i = 0; i < N; i++)
    h[i] += 1;
  CHECK(h[0] == 6 && h[N - 1] == 6, "map after disassociate: %d", h[0]);
  /* The device memory the program owns is untouched by that. */
  omp_target_memcpy(check, mem, sizeof(int), 0, (16 + 3) * sizeof(int), host, dev);
  CHECK(check[0] == 1007, "program's device memory changed: %d", check[0]);

  /* A map-clause mapping is not an association. */
  static int m[8];
  #pragma omp target enter data device(dev) map(to: m)
  CHECK(omp_target_disassociate_ptr(m, dev) != 0, "disassociated a mapped variable");
  CHECK(omp_target_associate_ptr(m, mem, sizeof(m), 0, dev) != 0,
        "associated over a mapped variable");
  #pragma omp target exit data device(dev) map(delete: m)
  CHECK(!omp_target_is_present(m, dev), "m still present");

  omp_target_free(mem, dev);
  return api_report();
}
