/* ordered.c — `ordered` regions and doacross (`ordered(n)` with
 * depend(sink)/depend(source)).
 *
 * Ordered: clang-19 schedules every `for ordered` loop through dispatch
 * (dispatch.c; plain `ordered` passes kmp_ord_static), and in each iteration
 * brackets the ordered block with __kmpc_ordered/__kmpc_end_ordered and ends
 * the iteration with __kmpc_dispatch_fini_*. The loop's buffer holds
 * ordered_next, the number of iterations that have passed their ordered
 * point; an iteration of the chunk starting at iteration L may enter once
 * ordered_next >= L (the earlier iterations of its own chunk are this
 * thread's, so they are done), and leaving bumps ordered_next by one.
 * An iteration that skips its ordered block still passes the token in
 * __kmpc_dispatch_fini.
 *
 * Doacross: __kmpc_doacross_init takes the next worksharing buffer and
 * shares one bit per iteration of the linearised iteration space; the first
 * member allocates it, the last to finish frees it (omp_dispatch_release).
 * post sets an iteration's bit, wait spins, then sleeps, until its sink's bit
 * is set; sinks outside the iteration space are satisfied at once, as in
 * LLVM, and (unlike LLVM) that includes the iteration one past the last,
 * which clang's dimensions name (see __kmpc_doacross_init).
 */
#include <stdlib.h>
#include <string.h>

#include "runtime.h"

/* ---- ordered ------------------------------------------------------------ */

static void omp_ordered_wait(struct omp_dispatch_buffer *buf, uint64_t first) {
  if (atomic_load_explicit(&buf->ordered_next, memory_order_acquire) >= first)
    return;
  for (;;) {
    uint32_t seen = atomic_load(&buf->ordered_moved.value);
    if (atomic_load_explicit(&buf->ordered_next, memory_order_acquire) >= first)
      return;
    omp_wait_while_equal(&buf->ordered_moved, seen);
  }
}

/* The token moves past `iterations` more iterations. Only the thread
 * holding it moves ordered_next, so no RMW on it. */
static void omp_ordered_pass(struct omp_dispatch_buffer *buf, uint64_t iterations) {
  uint64_t next = atomic_load_explicit(&buf->ordered_next, memory_order_relaxed);
  atomic_store_explicit(&buf->ordered_next, next + iterations, memory_order_release);
  atomic_fetch_add(&buf->ordered_moved.value, 1);
  omp_wake_all(&buf->ordered_moved);
}

/* The buffer of th's current ordered loop; NULL for a team of one (which
 * runs its iterations in order anyway) or outside an ordered loop. */
static struct omp_dispatch_buffer *omp_ordered_loop(struct omp_thread *th) {
  struct omp_dispatch_buffer *buf = th->dispatch;
  return buf && th->dispatch_private.ordered ? buf : NULL;
}

OMP_EXPORT void __kmpc_ordered(ident_t *loc, int32_t gtid) {
  struct omp_thread *th = omp_self();
  struct omp_dispatch_buffer *buf = omp_ordered_loop(th);
  if (OMP_UNLIKELY(omp_ompt_enabled())) {
    /* the loop's buffer names the ordered region's mutual exclusion (the
     * team, for one outside any ordered loop: it runs at once) */
    const void *ra = __builtin_return_address(0);
    const void *wait_id = buf ? (const void *)buf : (const void *)th->team;
    omp_ompt_mutex_acquire(ompt_mutex_ordered, 0, wait_id, ra);
    if (buf)
      omp_ordered_wait(buf, th->dispatch_private.ordered_lower);
    omp_ompt_mutex_acquired(ompt_mutex_ordered, wait_id, ra);
    return;
  }
  if (!buf)
    return;
  omp_ordered_wait(buf, th->dispatch_private.ordered_lower);
}

OMP_EXPORT void __kmpc_end_ordered(ident_t *loc, int32_t gtid) {
  struct omp_thread *th = omp_self();
  struct omp_dispatch_buffer *buf = omp_ordered_loop(th);
  if (buf) {
    th->dispatch_private.ordered_bumped = true;
    omp_ordered_pass(buf, 1);
  }
  if (OMP_UNLIKELY(omp_ompt_enabled()))
    omp_ompt_mutex_released(ompt_mutex_ordered, buf ? (const void *)buf : (const void *)th->team,
                            __builtin_return_address(0));
}

/* GCC's ordered loops (gomp_loop.c) pass the token a chunk at a time, as
 * libgomp does: GOMP_ordered_end leaves it with the thread, and the thread
 * hands on its whole chunk (dispatch.c counted its iterations when it
 * claimed it) as it asks for the next one. The chunk's iterations run in
 * order on this thread, so one pass of the chunk is the same as one pass
 * per iteration, including for iterations that skipped their ordered
 * block. Each chunk is passed once: the count is cleared. */
void omp_ordered_chunk_end(struct omp_thread *th) {
  struct omp_dispatch_buffer *buf = omp_ordered_loop(th);
  struct omp_dispatch_private *p = &th->dispatch_private;
  if (!buf || p->ordered_chunk_iters == 0)
    return;
  omp_ordered_wait(buf, p->ordered_lower);
  omp_ordered_pass(buf, p->ordered_chunk_iters);
  p->ordered_chunk_iters = 0;
}

/* GOMP_ordered_end: the token stays (above); a tool hears of the release. */
void omp_ordered_end_chunked(const void *codeptr) {
  if (OMP_LIKELY(!omp_ompt_enabled()))
    return;
  struct omp_thread *th = omp_self();
  struct omp_dispatch_buffer *buf = omp_ordered_loop(th);
  omp_ompt_mutex_released(ompt_mutex_ordered,
                          buf ? (const void *)buf : (const void *)th->team, codeptr);
}

/* End of one iteration of an ordered loop. */
static void omp_dispatch_fini(void) {
  struct omp_thread *th = omp_self();
  struct omp_dispatch_buffer *buf = omp_ordered_loop(th);
  if (!buf)
    return;
  struct omp_dispatch_private *p = &th->dispatch_private;
  if (!p->ordered_bumped) {
    omp_ordered_wait(buf, p->ordered_lower);
    omp_ordered_pass(buf, 1);
  }
  p->ordered_bumped = false;
}

OMP_EXPORT void __kmpc_dispatch_fini_4(ident_t *loc, int32_t gtid) {
  omp_dispatch_fini();
}
OMP_EXPORT void __kmpc_dispatch_fini_4u(ident_t *loc, int32_t gtid) {
  omp_dispatch_fini();
}
OMP_EXPORT void __kmpc_dispatch_fini_8(ident_t *loc, int32_t gtid) {
  omp_dispatch_fini();
}
OMP_EXPORT void __kmpc_dispatch_fini_8u(ident_t *loc, int32_t gtid) {
  omp_dispatch_fini();
}

/* ---- doacross ----------------------------------------------------------- */

/* The shared flags: one bit per iteration, and a word to sleep on. */
struct omp_doacross_flags {
  struct omp_waitword posted; /* bumped by posts that have waiters */
  _Atomic uint32_t waiters;
  _Atomic uint32_t bits[] OMP_ALIGNED_CACHE;
};

/* Private bounds: 4 words per dimension (lo, up, st, iteration count). */
enum { DIM_LO, DIM_UP, DIM_ST, DIM_RANGE, DIM_WORDS };

static uint64_t omp_dim_range(ident_t *loc, const struct kmp_dim *d) {
  if (d->st == 0)
    omp_fatal(loc, "__kmpc_doacross_init: loop increment is zero");
  if (d->st > 0)
    return d->up < d->lo ? 0
                         : ((uint64_t)d->up - (uint64_t)d->lo) / (uint64_t)d->st + 1;
  return d->lo < d->up
             ? 0
             : ((uint64_t)d->lo - (uint64_t)d->up) / (0 - (uint64_t)d->st) + 1;
}

/* The flags of *(const uint64_t *)iterations iterations, zeroed; made by
 * the first member (omp_dispatch_share_block). */
static void *omp_doacross_flags_make(const void *iterations_arg) {
  uint64_t iterations = *(const uint64_t *)iterations_arg;
  size_t words = (size_t)(iterations / 32 + 1);
  size_t size = sizeof(struct omp_doacross_flags) + words * sizeof(uint32_t);
  size = (size + OMP_CACHE_LINE - 1) & ~(size_t)(OMP_CACHE_LINE - 1);
  struct omp_doacross_flags *flags = aligned_alloc(OMP_CACHE_LINE, size);
  if (!flags)
    omp_fatal(NULL, "out of memory for a doacross loop of %llu iterations",
              (unsigned long long)iterations);
  memset(flags, 0, size);
  return flags;
}

OMP_EXPORT void __kmpc_doacross_init(ident_t *loc, int32_t gtid,
                                     int32_t num_dims,
                                     const struct kmp_dim *dims) {
  struct omp_thread *th = omp_self();
  struct omp_dispatch_private *p = &th->dispatch_private;
  p->doacross_buffer = NULL;
  if (th->team->nthreads == 1 || th->team->is_league)
    return; /* one thread runs the nest in order: nothing to wait for */
  if (num_dims < 1)
    omp_fatal(loc, "__kmpc_doacross_init: %d loop dimensions", (int)num_dims);
  int64_t *info = malloc(sizeof(int64_t) * DIM_WORDS * (size_t)num_dims);
  if (!info)
    omp_fatal(loc, "out of memory for a doacross loop of %d dimensions",
              (int)num_dims);
  uint64_t iterations = 1;
  for (int d = 0; d < num_dims; d++) {
    struct kmp_dim dim = dims[d];
    /* clang-19 passes every dimension normalised, {0, N, 1} with N the
     * loop's iteration count, where LLVM's kmp_dim means an inclusive upper
     * bound. Read as inclusive, N is an iteration that never posts, and a
     * sink that names it (j + 1 in the inner loop's last iteration) waits
     * for ever: LLVM 19 hangs there. OpenMP ignores sinks outside the
     * iteration space, so the last iteration is N - 1. */
    if (dim.lo == 0 && dim.st == 1)
      dim.up--;
    uint64_t range = omp_dim_range(loc, &dim);
    info[d * DIM_WORDS + DIM_LO] = dim.lo;
    info[d * DIM_WORDS + DIM_UP] = dim.up;
    info[d * DIM_WORDS + DIM_ST] = dim.st;
    info[d * DIM_WORDS + DIM_RANGE] = (int64_t)range;
    if (range && iterations > UINT64_MAX / range)
      omp_fatal(loc, "doacross loop nest too large to track");
    iterations *= range;
  }
  p->doacross_dims = info;
  p->doacross_ndims = num_dims;
  struct omp_dispatch_buffer *buf = omp_dispatch_acquire_ring(th, OMP_RING_DOACROSS);
  p->doacross_buffer = buf;
  omp_dispatch_share_block(buf, &buf->doacross, omp_doacross_flags_make, &iterations);
}

/* The linear number of iteration vec; false when vec lies outside the
 * loop bounds. */
static bool omp_doacross_linear(const struct omp_dispatch_private *p,
                                const int64_t *vec, uint64_t *linear) {
  uint64_t number = 0;
  for (int d = 0; d < p->doacross_ndims; d++) {
    const int64_t *dim = &p->doacross_dims[d * DIM_WORDS];
    int64_t lo = dim[DIM_LO], up = dim[DIM_UP], st = dim[DIM_ST], v = vec[d];
    uint64_t index;
    if (st > 0) {
      if (v < lo || v > up)
        return false;
      index = ((uint64_t)v - (uint64_t)lo) / (uint64_t)st;
    } else {
      if (v > lo || v < up)
        return false;
      index = ((uint64_t)lo - (uint64_t)v) / (0 - (uint64_t)st);
    }
    number = number * (uint64_t)dim[DIM_RANGE] + index;
  }
  *linear = number;
  return true;
}

static struct omp_doacross_flags *omp_doacross_flags_of(struct omp_thread *th) {
  struct omp_dispatch_buffer *buf = th->dispatch_private.doacross_buffer;
  return buf ? atomic_load_explicit(&buf->doacross, memory_order_relaxed) : NULL;
}

/* A tool hears of each doacross dependence of the implicit task: the
 * iteration vector, as sink (a wait that applies) or source (a post). */
static void omp_ompt_doacross(struct omp_thread *th, const int64_t *vec,
                              ompt_dependence_type_t type) {
  ompt_callback_dependences_t report = OMPT_CB(dependences);
  int n = th->dispatch_private.doacross_ndims;
  if (!report || n <= 0)
    return;
  ompt_dependence_t deps[n];
  for (int i = 0; i < n; i++) {
    deps[i].variable.value = (uint64_t)vec[i];
    deps[i].dependence_type = type;
  }
  report(&th->task->ompt_task_data, deps, n);
}

OMP_EXPORT void __kmpc_doacross_wait(ident_t *loc, int32_t gtid,
                                     const int64_t *vec) {
  struct omp_thread *th = omp_self();
  struct omp_doacross_flags *flags = omp_doacross_flags_of(th);
  uint64_t linear;
  if (!flags || !omp_doacross_linear(&th->dispatch_private, vec, &linear))
    return;
  if (OMP_UNLIKELY(omp_ompt_enabled()))
    omp_ompt_doacross(th, vec, ompt_dependence_type_sink);
  _Atomic uint32_t *word = &flags->bits[linear / 32];
  uint32_t bit = 1u << (linear % 32);
  if (atomic_load_explicit(word, memory_order_acquire) & bit)
    return;
  /* Announce ourselves before the last look, so a post either is seen here
   * or sees us and bumps `posted`. */
  atomic_fetch_add(&flags->waiters, 1);
  for (;;) {
    uint32_t seen = atomic_load(&flags->posted.value);
    if (atomic_load(word) & bit)
      break;
    omp_wait_while_equal(&flags->posted, seen);
  }
  atomic_fetch_sub(&flags->waiters, 1);
}

OMP_EXPORT void __kmpc_doacross_post(ident_t *loc, int32_t gtid,
                                     const int64_t *vec) {
  struct omp_thread *th = omp_self();
  struct omp_doacross_flags *flags = omp_doacross_flags_of(th);
  uint64_t linear;
  if (!flags || !omp_doacross_linear(&th->dispatch_private, vec, &linear))
    return;
  if (OMP_UNLIKELY(omp_ompt_enabled()))
    omp_ompt_doacross(th, vec, ompt_dependence_type_source);
  atomic_fetch_or(&flags->bits[linear / 32], 1u << (linear % 32));
  if (atomic_load(&flags->waiters)) {
    atomic_fetch_add(&flags->posted.value, 1);
    omp_wake_all(&flags->posted);
  }
}

OMP_EXPORT void __kmpc_doacross_fini(ident_t *loc, int32_t gtid) {
  struct omp_thread *th = omp_self();
  struct omp_dispatch_private *p = &th->dispatch_private;
  struct omp_dispatch_buffer *buf = p->doacross_buffer;
  if (!buf)
    return;
  free(p->doacross_dims);
  p->doacross_dims = NULL;
  p->doacross_buffer = NULL;
  omp_dispatch_release(th, buf); /* the last member frees the flags */
}
