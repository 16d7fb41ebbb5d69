/* The CUDA plugin on the mock driver (mock_driver.c), with kernels that do
 * not run: built with -O2, clang inlines each region's host version into
 * main and deletes it, so the mock finds no host function and a launch is a
 * no-op — every target region must hand back its data untouched (the host
 * version would change it). 512 deferred regions from one thread, each
 * mapping its own slice tofrom and a shared table to (concurrent mapping of
 * one entry, copy events, the stream pool growing past its 2 initial
 * streams, completion through the driver's callback thread), then
 * synchronous data regions with updates. */
#include <omp.h>
#include <stdio.h>

#define NT 512
#define K 64

static double data[NT * K], table[NT];

int main(void) {
  int fail = 0;
  if (omp_get_num_devices() != 1) {
    printf("FAIL: %d devices, want the mock's 1\n", omp_get_num_devices());
    return 1;
  }
  for (int round = 0; round < 3; round++) {
    for (int i = 0; i < NT * K; i++)
      data[i] = i + round;
    for (int t = 0; t < NT; t++)
      table[t] = 1000.0 + t;
    for (int t = 0; t < NT; t++) {
      #pragma omp target nowait map(tofrom: data[t * K:K]) map(to: table) firstprivate(t)
      data[t * K] += table[t]; /* only a host version that ran would do this */
    }
    #pragma omp taskwait
    for (int i = 0; i < NT * K; i++)
      if (data[i] != i + round) {
        printf("FAIL round %d: data[%d] = %g, want %d\n", round, i, data[i], i + round);
        fail = 1;
        break;
      }
  }
  /* Synchronous: enter, update to, clobber the host copy, update from. */
  #pragma omp target enter data map(alloc: data)
  for (int i = 0; i < NT * K; i++)
    data[i] = 2.0 * i;
  #pragma omp target update to(data)
  for (int i = 0; i < NT * K; i++)
    data[i] = -1;
  #pragma omp target update from(data)
  #pragma omp target exit data map(release: data)
  for (int i = 0; i < NT * K; i++)
    if (data[i] != 2.0 * i) {
      printf("FAIL update round trip: data[%d] = %g\n", i, data[i]);
      fail = 1;
      break;
    }
  if (fail)
    return 1;
  printf("OK\n");
  return 0;
}
