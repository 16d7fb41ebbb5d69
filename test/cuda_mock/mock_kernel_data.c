/* mock_kernel_data.c — kernels that change data, through the CUDA plugin on
 * the mock driver, which runs each kernel as the region's host version on
 * the stream's worker thread (mock_driver.c). Device memory there is a
 * separate host block, so a copy that is missing, late or early shows as a
 * wrong value. Every result is compared with the same steps done serially.
 *
 *   tofrom        `target map(tofrom)` incrementing, repeated
 *   target data   kernels on resident data; the host copy stays untouched
 *                 until `target update from`; `target update to` after a
 *                 host change
 *   nowait data   per array: `target enter data nowait`, kernels, `target
 *                 update from/to` around a host task, `target exit data
 *                 nowait`, all ordered by depend(inout), arrays overlapping
 *   arguments     a region with 16 arguments (8 arrays, 8 scalars of
 *                 different types), the most the mock passes
 *   teams         `target teams distribute parallel for` (libomp runs the
 *                 host version's teams on the stream's thread)
 *
 * Built with -O0 for the host: clang keeps the host versions the mock runs.
 */
#include <stdint.h>

#include "mock_check.h"

#define N 1000
#define REPEAT 20
#define ARRAYS 4

static uint64_t step(uint64_t v, uint64_t k) { return v * 3 + k; }

static void tofrom_repeated(uint64_t *a, uint64_t *want) {
  for (int i = 0; i < N; i++) {
    a[i] = (uint64_t)i;
    want[i] = (uint64_t)i + REPEAT;
  }
  for (int r = 0; r < REPEAT; r++) {
    #pragma omp target map(tofrom: a[0:N])
    for (int i = 0; i < N; i++)
      a[i] += 1;
  }
  mock_check("tofrom: repeated increment", a, want, N);
}

/* Kernels from..to-1 on the resident a, and the same on the host's want. */
static void resident_steps(uint64_t *a, uint64_t *want, uint64_t from, uint64_t to) {
  for (uint64_t k = from; k < to; k++) {
    #pragma omp target map(tofrom: a[0:N]) firstprivate(k)
    for (int i = 0; i < N; i++)
      a[i] = a[i] * 3 + k;
    for (int i = 0; i < N; i++)
      want[i] = step(want[i], k);
  }
}

static void target_data(uint64_t *a, uint64_t *want, uint64_t *initial) {
  for (int i = 0; i < N; i++)
    a[i] = want[i] = initial[i] = (uint64_t)i * 7;
  #pragma omp target data map(tofrom: a[0:N])
  {
    resident_steps(a, want, 0, REPEAT / 2);
    /* Present data: nothing came back yet. */
    mock_check("target data: host copy before update from", a, initial, N);
    #pragma omp target update from(a[0:N])
    mock_check("target data: after update from", a, want, N);
    for (int i = 0; i < N; i++) {
      a[i] += 5;
      want[i] += 5;
    }
    #pragma omp target update to(a[0:N])
    resident_steps(a, want, REPEAT / 2, REPEAT);
  }
  mock_check("target data: at the end of the region", a, want, N);
}

/* Per array: enter, REPEAT kernels with an update from / host task /
 * update to in the middle, exit; the arrays' chains interleave. */
static void nowait_data(uint64_t **arrays, uint64_t **wants) {
  for (int c = 0; c < ARRAYS; c++)
    for (int i = 0; i < N; i++)
      arrays[c][i] = wants[c][i] = (uint64_t)(i + c);
  for (int c = 0; c < ARRAYS; c++) {
    uint64_t *p = arrays[c];
    #pragma omp target enter data map(to: p[0:N]) nowait depend(out: p[0])
  }
  for (uint64_t k = 0; k < REPEAT; k++) {
    for (int c = 0; c < ARRAYS; c++) {
      uint64_t *p = arrays[c];
      uint64_t add = k + (uint64_t)c;
      #pragma omp target map(tofrom: p[0:N]) nowait depend(inout: p[0]) firstprivate(add)
      for (int i = 0; i < N; i++)
        p[i] = p[i] * 3 + add;
      if (k == REPEAT / 2) {
        #pragma omp target update from(p[0:N]) nowait depend(inout: p[0])
        #pragma omp task depend(inout: p[0]) firstprivate(p)
        for (int i = 0; i < N; i++)
          p[i] = p[i] * 5 + 1;
        #pragma omp target update to(p[0:N]) nowait depend(inout: p[0])
      }
    }
  }
  for (int c = 0; c < ARRAYS; c++) {
    uint64_t *p = arrays[c];
    #pragma omp target exit data map(from: p[0:N]) nowait depend(inout: p[0])
  }
  #pragma omp taskwait
  for (int c = 0; c < ARRAYS; c++) {
    for (uint64_t k = 0; k < REPEAT; k++)
      for (int i = 0; i < N; i++) {
        wants[c][i] = step(wants[c][i], k + (uint64_t)c);
        if (k == REPEAT / 2)
          wants[c][i] = wants[c][i] * 5 + 1;
      }
    char what[64];
    snprintf(what, sizeof(what), "nowait data: array %d", c);
    mock_check(what, arrays[c], wants[c], N);
  }
}

static void sixteen_arguments(uint64_t **in, uint64_t **out, uint64_t **want) {
  for (int c = 0; c < 4; c++)
    for (int i = 0; i < N; i++) {
      in[c][i] = (uint64_t)(i * (c + 2));
      out[c][i] = 0;
    }
  uint64_t *i0 = in[0], *i1 = in[1], *i2 = in[2], *i3 = in[3];
  uint64_t *o0 = out[0], *o1 = out[1], *o2 = out[2], *o3 = out[3];
  double d = 2.0;
  float f = 3.0f;
  int x = -4;
  char ch = 5;
  short sh = 6;
  long long ll = 1LL << 40;
  unsigned u = 7u;
  uint64_t big = UINT64_MAX - 8;
  #pragma omp target map(to: i0[0:N], i1[0:N], i2[0:N], i3[0:N]) \
      map(from: o0[0:N], o1[0:N], o2[0:N], o3[0:N]) firstprivate(d, f, x, ch, sh, ll, u, big)
  for (int i = 0; i < N; i++) {
    o0[i] = i0[i] * (uint64_t)d + (uint64_t)f;
    o1[i] = i1[i] + (uint64_t)(int64_t)x + (uint64_t)ch;
    o2[i] = i2[i] * (uint64_t)sh + (uint64_t)ll;
    o3[i] = i3[i] + u + big;
  }
  for (int i = 0; i < N; i++) {
    want[0][i] = in[0][i] * 2 + 3;
    want[1][i] = in[1][i] - 4 + 5;
    want[2][i] = in[2][i] * 6 + (1ULL << 40);
    want[3][i] = in[3][i] + 7 + (UINT64_MAX - 8);
  }
  for (int c = 0; c < 4; c++) {
    char what[64];
    snprintf(what, sizeof(what), "16 arguments: output %d", c);
    mock_check(what, out[c], want[c], N);
  }
}

static void teams_loop(uint64_t *a, uint64_t *want) {
  for (int i = 0; i < N; i++) {
    a[i] = (uint64_t)i;
    want[i] = (uint64_t)i * 9 + 2;
  }
  #pragma omp target teams distribute parallel for map(tofrom: a[0:N])
  for (int i = 0; i < N; i++)
    a[i] = a[i] * 9 + 2;
  mock_check("teams distribute parallel for", a, want, N);
}

int main(void) {
  uint64_t **blocks = mock_start(3 * ARRAYS, N);
  if (!blocks)
    return 1;
  uint64_t **arrays = blocks, **wants = blocks + ARRAYS, **more = blocks + 2 * ARRAYS;
  tofrom_repeated(arrays[0], wants[0]);
  target_data(arrays[0], wants[0], wants[1]);
  nowait_data(arrays, wants);
  sixteen_arguments(arrays, wants, more);
  teams_loop(arrays[0], wants[0]);
  mock_arrays_free(blocks, 3 * ARRAYS);
  return mock_check_done();
}
