/* mock_kernel_chains.c — dependences between target tasks, through the CUDA
 * plugin on the mock driver, which runs kernels in stream order on the CPU
 * (mock_driver.c) with a random delay before each stream operation. Task k
 * of a chain computes a[i] = a[i]*3 + k: the steps do not commute, so any
 * two tasks of a chain that overlap or run out of order give a different
 * final value than the serial reference.
 *
 *   chains     CHAINS chains over different arrays issued interleaved (so
 *              their tasks overlap on different streams), each L = 1..64
 *              `target nowait depend(inout)` tasks mapping their array
 *              tofrom; in every other chain each third step is a host
 *              `task depend(inout)` on the host copy instead
 *   resident   the same with the arrays mapped once (`target enter data`):
 *              no copies, only the order of the kernels
 *   diamond    B4's graph, DIAMONDS iterations: 1 writes A; 2 (A -> B) and
 *              3 (A -> C) after 1, side by side, both mapping A; 4 (B, C ->
 *              D) after 2 and 3; the next 1 after 2 and 3 read A
 *
 * Built with -O0 for the host: clang keeps the host versions the mock runs.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "mock_check.h"

#define N 64
#define CHAINS 4
#define MAX_LENGTH 64
#define DIAMONDS 64

static uint64_t step(uint64_t v, uint64_t k) { return v * 3 + k; }

/* Step k of chain c on the host (mixed chains). */
static bool host_step(int c, int k) { return c % 2 == 1 && k % 3 == 2; }

static uint64_t initial_value(int c, int i) { return (uint64_t)(c * 1000 + i); }

static void chains(uint64_t **arrays, uint64_t **wants, int length, bool resident) {
  for (int c = 0; c < CHAINS; c++)
    for (int i = 0; i < N; i++)
      arrays[c][i] = wants[c][i] = initial_value(c, i);
  if (resident)
    for (int c = 0; c < CHAINS; c++) {
      uint64_t *p = arrays[c];
      #pragma omp target enter data map(to: p[0:N])
    }
  for (int k = 0; k < length; k++)
    for (int c = 0; c < CHAINS; c++) {
      uint64_t *p = arrays[c];
      uint64_t add = (uint64_t)(k + c);
      if (!resident && host_step(c, k)) {
        #pragma omp task depend(inout: p[0]) firstprivate(p, add)
        for (int i = 0; i < N; i++)
          p[i] = p[i] * 3 + add;
      } else {
        #pragma omp target nowait depend(inout: p[0]) map(tofrom: p[0:N]) firstprivate(add)
        for (int i = 0; i < N; i++)
          p[i] = p[i] * 3 + add;
      }
    }
  #pragma omp taskwait
  if (resident)
    for (int c = 0; c < CHAINS; c++) {
      uint64_t *p = arrays[c];
      #pragma omp target exit data map(from: p[0:N])
    }
  for (int c = 0; c < CHAINS; c++) {
    for (int k = 0; k < length; k++)
      for (int i = 0; i < N; i++)
        wants[c][i] = step(wants[c][i], (uint64_t)(k + c));
    char what[96];
    snprintf(what, sizeof(what), "%s chain %d of length %d%s", resident ? "resident" : "mapped",
             c, length, !resident && c % 2 ? " (with host tasks)" : "");
    if (!mock_check(what, arrays[c], wants[c], N))
      return;
  }
}

static void diamond(uint64_t *a, uint64_t *b, uint64_t *c, uint64_t *d, uint64_t **wants) {
  for (int i = 0; i < N; i++) {
    a[i] = wants[0][i] = (uint64_t)i;
    b[i] = wants[1][i] = (uint64_t)i + 100;
    c[i] = wants[2][i] = (uint64_t)i + 200;
    d[i] = wants[3][i] = (uint64_t)i + 300;
  }
  for (uint64_t it = 0; it < DIAMONDS; it++) {
    #pragma omp target nowait depend(inout: a[0]) map(tofrom: a[0:N]) firstprivate(it)
    for (int i = 0; i < N; i++)
      a[i] = a[i] * 3 + it;
    #pragma omp target nowait depend(in: a[0]) depend(inout: b[0]) map(tofrom: b[0:N]) \
        map(to: a[0:N])
    for (int i = 0; i < N; i++)
      b[i] = b[i] * 3 + a[i];
    #pragma omp target nowait depend(in: a[0]) depend(inout: c[0]) map(tofrom: c[0:N]) \
        map(to: a[0:N])
    for (int i = 0; i < N; i++)
      c[i] = c[i] * 5 + a[i];
    #pragma omp target nowait depend(in: b[0], c[0]) depend(inout: d[0]) \
        map(to: b[0:N], c[0:N]) map(tofrom: d[0:N])
    for (int i = 0; i < N; i++)
      d[i] = d[i] * 7 + b[i] - c[i];
  }
  #pragma omp taskwait
  for (uint64_t it = 0; it < DIAMONDS; it++)
    for (int i = 0; i < N; i++) {
      wants[0][i] = wants[0][i] * 3 + it;
      wants[1][i] = wants[1][i] * 3 + wants[0][i];
      wants[2][i] = wants[2][i] * 5 + wants[0][i];
      wants[3][i] = wants[3][i] * 7 + wants[1][i] - wants[2][i];
    }
  const char *names[] = {"diamond: A (task 1)", "diamond: B (task 2)", "diamond: C (task 3)",
                         "diamond: D (task 4)"};
  uint64_t *results[] = {a, b, c, d};
  for (int x = 0; x < 4; x++)
    mock_check(names[x], results[x], wants[x], N);
}

int main(void) {
  uint64_t **blocks = mock_start(2 * CHAINS, N);
  if (!blocks)
    return 1;
  uint64_t **arrays = blocks, **wants = blocks + CHAINS;
  for (int length = 1; length <= MAX_LENGTH && !mock_failures; length++)
    chains(arrays, wants, length, false);
  for (int length = 1; length <= MAX_LENGTH && !mock_failures; length *= 2)
    chains(arrays, wants, length, true);
  if (!mock_failures)
    diamond(arrays[0], arrays[1], arrays[2], arrays[3], wants);
  mock_arrays_free(blocks, 2 * CHAINS);
  return mock_check_done();
}
