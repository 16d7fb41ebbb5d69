// requires unified_shared_memory: host pointers are used directly on the
// device; maps do not copy. Declare-target globals (`to`, `begin declare target`, `link`)
// are the host's variables on every device: clang reaches them through a
// reference pointer the runtime must point at the host copy when it loads
// the image (null there, a kernel using one faulted).
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#pragma omp requires unified_shared_memory
#define N 1000
static int fail;
struct record { int id; double v[8]; };
struct record rec_to;
#pragma omp begin declare target
int counts_begin[16];
#pragma omp end declare target
double linked[4];
#pragma omp declare target to(rec_to)
#pragma omp declare target link(linked)

#define CHECK(c, ...) do { if (!(c)) { printf(__VA_ARGS__); printf("\n"); fail = 1; } } while (0)
int main(void) {
  double *p = malloc(N * sizeof(double));
  for (int i = 0; i < N; i++) p[i] = i;
  #pragma omp target
  for (int i = 0; i < N; i++) p[i] *= 2;
  for (int i = 0; i < N; i++) CHECK(p[i] == 2.0 * i, "p[%d]=%g", i, p[i]);
  #pragma omp target teams distribute parallel for map(to: p[0:N])
  for (int i = 0; i < N; i++) p[i] += 1;
  for (int i = 0; i < N; i++) CHECK(p[i] == 2.0 * i + 1, "map(to) under USM p[%d]=%g", i, p[i]);
  free(p);

  int ndev = omp_get_num_devices();
  CHECK(ndev >= 1, "no offload device");
  for (int d = 0; d < ndev; d++) {
    rec_to.id = 10 + d;
    linked[1] = 0.5 * d;
    int seen_id = -1;
    double seen_linked = -1;
    /* used without a map: the host's values, and writes land on the host */
    #pragma omp target device(d) map(from: seen_id, seen_linked)
    {
      seen_id = rec_to.id;
      seen_linked = linked[1];
      rec_to.v[3] = d + 0.25;
      counts_begin[d % 16] += 1;
      linked[2] = 7.0 * d;
    }
    CHECK(seen_id == 10 + d, "device %d read rec_to.id %d, host has %d", d, seen_id, 10 + d);
    CHECK(seen_linked == 0.5 * d, "device %d read linked[1] %g", d, seen_linked);
    CHECK(rec_to.v[3] == d + 0.25, "device %d wrote rec_to.v[3], host has %g", d, rec_to.v[3]);
    CHECK(linked[2] == 7.0 * d, "device %d wrote linked[2], host has %g", d, linked[2]);
    /* mapped explicitly: still the host's storage, nothing copied back over it */
    for (int i = 0; i < 8; i++) rec_to.v[i] = i;
    #pragma omp target teams distribute parallel for device(d) map(to: rec_to, linked)
    for (int i = 0; i < 8; i++) rec_to.v[i] += i + linked[1];
    for (int i = 0; i < 8; i++)
      CHECK(rec_to.v[i] == 2 * i + 0.5 * d, "device %d: map(to) rec_to.v[%d]=%g", d, i, rec_to.v[i]);
  }
  for (int d = 0; d < ndev && d < 16; d++)
    CHECK(counts_begin[d] == 1, "counts_begin[%d]=%d", d, counts_begin[d]);
  if (fail) return 1;
  printf("OK\n");
  return 0;
}
