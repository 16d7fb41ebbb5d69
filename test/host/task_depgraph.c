/* 10^5 tasks over a random dependence graph (fixed seed): each task names
 * up to four of K variables, each with one of in / out / inout / inoutset /
 * mutexinoutset, and the bodies are built so that every schedule that
 * respects the dependences gives the serial result:
 *   out, inout:     x = x * 31 + id + 1 (order matters: not commutative),
 *   inoutset:       x += mix(id), atomically (these may run side by side),
 *   mutexinoutset:  x += mix(id), plainly (never two at once: the runtime
 *                   must exclude them, else sums get lost),
 *   in:             records the x it saw, which must be the serial one.
 * The final values and every recorded read are compared with a serial run
 * of the same bodies in creation order. */
#include <omp.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

enum { NTASKS = 100000, K = 24, MAXDEPS = 4 };
enum { D_IN, D_OUT, D_INOUT, D_SET, D_MTX, D_KINDS };

struct desc {
  int ndeps;
  int var[MAXDEPS];
  int kind[MAXDEPS];
};

static struct desc *descs;
static uint64_t *seen, *seen_ref; /* per task and dependence slot */
static _Atomic uint64_t vars[K];

static uint64_t mix(uint64_t id) {
  id ^= id >> 17;
  id *= 0xed5ad4bbu;
  id ^= id >> 11;
  return id;
}

static void body(int id, uint64_t *record) {
  const struct desc *d = &descs[id];
  for (int j = 0; j < d->ndeps; j++) {
    _Atomic uint64_t *x = &vars[d->var[j]];
    switch (d->kind[j]) {
    case D_IN:
      record[j] = atomic_load_explicit(x, memory_order_relaxed);
      break;
    case D_OUT:
    case D_INOUT:
      atomic_store_explicit(x, atomic_load_explicit(x, memory_order_relaxed) * 31 + id + 1,
                            memory_order_relaxed);
      break;
    case D_SET:
      atomic_fetch_add_explicit(x, mix(id), memory_order_relaxed);
      break;
    case D_MTX: {
      /* Read, pause, write back: an overlapping mutexinoutset sibling would
       * lose an update here. */
      uint64_t v = atomic_load_explicit(x, memory_order_relaxed);
      for (volatile int spin = 0; spin < 20; spin++)
        ;
      atomic_store_explicit(x, v + mix(id), memory_order_relaxed);
      break;
    }
    }
  }
}

static void make_graph(void) {
  uint64_t s = 0x9E3779B97F4A7C15ull;
  for (int i = 0; i < NTASKS; i++) {
    struct desc *d = &descs[i];
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    d->ndeps = 1 + (int)((s >> 33) % MAXDEPS);
    for (int j = 0; j < d->ndeps; j++) {
      int v;
      bool dup;
      do { /* distinct variables within one task */
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        v = (int)((s >> 33) % K);
        dup = false;
        for (int k = 0; k < j; k++)
          dup |= d->var[k] == v;
      } while (dup);
      d->var[j] = v;
      s = s * 6364136223846793005ull + 1442695040888963407ull;
      /* Runs of the same kind make inoutset and mutexinoutset sets big. */
      d->kind[j] = (int)((s >> 35) % 16);
      d->kind[j] = d->kind[j] < 5 ? D_IN : d->kind[j] < 7 ? D_OUT : d->kind[j] < 9 ? D_INOUT
                   : d->kind[j] < 12 ? D_SET : D_MTX;
    }
  }
}

/* One task per descriptor; the depend clauses are built per kind with
 * iterators over the descriptor's variables of that kind. */
static void spawn(int id) {
  const struct desc *d = &descs[id];
  int idx[D_KINDS][MAXDEPS], n[D_KINDS] = {0};
  for (int j = 0; j < d->ndeps; j++)
    idx[d->kind[j]][n[d->kind[j]]++] = d->var[j];
  int *in = idx[D_IN], *out = idx[D_OUT], *inout = idx[D_INOUT], *set = idx[D_SET],
      *mtx = idx[D_MTX];
  int nin = n[D_IN], nout = n[D_OUT], ninout = n[D_INOUT], nset = n[D_SET], nmtx = n[D_MTX];
#pragma omp task firstprivate(id) depend(iterator(j = 0 : nin), in : vars[in[j]])        \
    depend(iterator(j = 0 : nout), out : vars[out[j]])                                     \
    depend(iterator(j = 0 : ninout), inout : vars[inout[j]])                               \
    depend(iterator(j = 0 : nset), inoutset : vars[set[j]])                                \
    depend(iterator(j = 0 : nmtx), mutexinoutset : vars[mtx[j]])
  body(id, &seen[(size_t)id * MAXDEPS]);
}

int main(void) {
  descs = calloc(NTASKS, sizeof(*descs));
  seen = calloc((size_t)NTASKS * MAXDEPS, sizeof(*seen));
  seen_ref = calloc((size_t)NTASKS * MAXDEPS, sizeof(*seen_ref));
  make_graph();
  for (int i = 0; i < NTASKS; i++)
    body(i, &seen_ref[(size_t)i * MAXDEPS]);
  uint64_t want[K];
  for (int k = 0; k < K; k++) {
    want[k] = atomic_load(&vars[k]);
    atomic_store(&vars[k], 0);
  }

  double t0 = omp_get_wtime();
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < NTASKS; i++)
    spawn(i);
  double elapsed = omp_get_wtime() - t0;

  for (int k = 0; k < K; k++)
    CHECK(atomic_load(&vars[k]) == want[k], "variable %d: %#llx, serial order gives %#llx", k,
          (unsigned long long)atomic_load(&vars[k]), (unsigned long long)want[k]);
  int bad = 0;
  for (int i = 0; i < NTASKS; i++)
    for (int j = 0; j < descs[i].ndeps; j++)
      if (descs[i].kind[j] == D_IN && seen[(size_t)i * MAXDEPS + j] != seen_ref[(size_t)i * MAXDEPS + j] &&
          bad++ < 5)
        fprintf(stderr, "task %d read variable %d too early or too late\n", i, descs[i].var[j]);
  CHECK(bad == 0, "%d reads saw a value the serial order does not give", bad);
  fprintf(stderr, "%d tasks in %.3f s\n", NTASKS, elapsed);
  free(descs);
  free(seen);
  free(seen_ref);
  CHECK_DONE();
}
