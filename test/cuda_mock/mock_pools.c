/* mock_pools.c — the CUDA plugin's stream and event pools under load, on the
 * mock driver (mock_driver.c), run with pools of one stream and one event.
 *
 * ROUNDS rounds of TASKS deferred regions issued at once. The output array
 * is resident (`target enter data`), so no region copies anything back: a
 * copy back to pageable memory would hold the issuing thread until its
 * stream drains. Each region maps its own slice of IN (a new mapping: a
 * copy-in and its event, held until the region completes) and then the
 * shared TABLE (the first region of the round copies it in and records an
 * event; the others find the mapping with the copy in flight and make their
 * stream wait for that event), and runs a kernel reading both. The output
 * is compared with a serial reference after each round. check_pools.cmake
 * then reads the mock's counts of the streams and events created
 * (MOCK_CUDA_STATS): the pools must have grown by doubling and stayed
 * bounded — streams and events go back to the pools and later rounds reuse
 * them.
 *
 * Built with -O0 for the host: clang keeps the host versions the mock runs.
 */
#include <stdint.h>
#include <stdio.h>

#include "mock_check.h"

#define TASKS 256
#define SLICE 16
#define ROUNDS 4

int main(void) {
  uint64_t **blocks = mock_start(4, TASKS * SLICE);
  if (!blocks)
    return 1;
  uint64_t *in = blocks[0], *out = blocks[1], *want = blocks[2], *table = blocks[3];
  for (uint64_t round = 0; round < ROUNDS && !mock_failures; round++) {
    for (int i = 0; i < TASKS * SLICE; i++) {
      in[i] = (uint64_t)i * 5 + round;
      out[i] = (uint64_t)i;
    }
    for (int t = 0; t < TASKS; t++)
      table[t] = (uint64_t)t * 11 + round;
    #pragma omp target enter data map(to: out[0:TASKS * SLICE])
    for (int t = 0; t < TASKS; t++) {
      /* The table last: no copy after its copy-in drains the stream. */
      #pragma omp target nowait map(to: in[t * SLICE:SLICE]) map(to: table[0:TASKS]) \
          map(tofrom: out[t * SLICE:SLICE]) firstprivate(t)
      for (int i = t * SLICE; i < (t + 1) * SLICE; i++)
        out[i] = out[i] * 3 + in[i] + table[t];
    }
    #pragma omp taskwait
    #pragma omp target exit data map(from: out[0:TASKS * SLICE])
    for (int t = 0; t < TASKS; t++)
      for (int i = t * SLICE; i < (t + 1) * SLICE; i++)
        want[i] = (uint64_t)i * 3 + in[i] + table[t];
    char what[64];
    snprintf(what, sizeof(what), "round %d", (int)round);
    mock_check(what, out, want, TASKS * SLICE);
  }
  mock_arrays_free(blocks, 4);
  return mock_check_done();
}
