/* dispatch.c — loops scheduled at run time, and `sections` handed out one
 * by one.
 *
 * For schedule(dynamic|guided|runtime|auto) and every `ordered` loop clang-19
 * emits __kmpc_dispatch_init_* once, then calls __kmpc_dispatch_next_* until
 * it returns 0, then __kmpc_dispatch_deinit. Every member computes the loop's
 * normalised form (first value, stride, trip count, resolved schedule) from
 * the same arguments into its own omp_dispatch_private, so init needs no
 * handshake; the only shared state is the construct's buffer in the team
 * (runtime.h): one counter, on its own cache line, that dynamic, guided and
 * trapezoidal schedules claim chunks from. Static kinds reached through
 * dispatch (schedule(runtime) with OMP_SCHEDULE=static, `for ordered`) are
 * computed per member like loop_static.c does and touch no shared word.
 *
 * Buffers are taken in construct order (omp_dispatch_acquire) and released
 * by the last member to finish (omp_dispatch_release), which is what lets
 * KMP_DISP_NUM_BUFFERS (default 7) nowait loops run back to back; a member
 * that runs further ahead waits for its buffer's previous construct to
 * finish. A doacross loop's flags (ordered.c) and GCC's scratch block
 * (gomp_loop.c) come from rings of their own, as many buffers each
 * (omp_dispatch_acquire_ring): a construct holding a loop's buffer and one
 * of those must not wait for itself when there is a single buffer.
 * Teams of one use no buffer at all: their loop is a single chunk.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "runtime.h"

/* LLVM's sched_type values (kmp.h). */
enum {
  KMP_SCH_STATIC_CHUNKED = 33,
  KMP_SCH_STATIC = 34,
  KMP_SCH_DYNAMIC_CHUNKED = 35,
  KMP_SCH_GUIDED_CHUNKED = 36,
  KMP_SCH_RUNTIME = 37,
  KMP_SCH_AUTO = 38,
  KMP_SCH_TRAPEZOIDAL = 39,
  KMP_SCH_STATIC_GREEDY = 40,
  KMP_SCH_STATIC_BALANCED = 41,
  KMP_SCH_GUIDED_ITERATIVE = 42,
  KMP_SCH_GUIDED_ANALYTICAL = 43,
  KMP_SCH_STATIC_STEAL = 44,
  KMP_SCH_STATIC_BALANCED_CHUNKED = 45,
  KMP_SCH_GUIDED_SIMD = 46,
  KMP_SCH_RUNTIME_SIMD = 47,
  KMP_ORD_LOWER = 64,
  KMP_ORD_UPPER = 72,
  KMP_NM_LOWER = 160, /* "nomerge" twins of 32..72 */
  KMP_NM_UPPER = 200,
};
#define KMP_SCH_MONOTONIC (1u << 29)
#define KMP_SCH_NONMONOTONIC (1u << 30)

/* How this runtime hands out a loop, once the schedule is resolved. */
enum omp_loop_kind {
  OMP_LOOP_STATIC_BLOCK,   /* one balanced block per member */
  OMP_LOOP_STATIC_CHUNKED, /* chunks round-robin by member number */
  OMP_LOOP_STATIC_SIMD,    /* one block per member, a multiple of chunk */
  OMP_LOOP_DYNAMIC,        /* chunks claimed with one fetch-add each */
  OMP_LOOP_GUIDED,         /* shrinking chunks claimed by compare-exchange */
  OMP_LOOP_GUIDED_SIMD,    /* guided, sizes rounded to a multiple of chunk */
  OMP_LOOP_TRAPEZOIDAL,    /* linearly shrinking chunks, one fetch-add each */
};

/* ---- buffers ----------------------------------------------------------- */

void omp_dispatch_buffers_alloc(struct omp_team *team) {
  size_t size = sizeof(struct omp_dispatch_buffer) * omp_global.dispatch_buffers * OMP_RINGS;
  team->dispatch = aligned_alloc(OMP_CACHE_LINE, size);
  if (!team->dispatch)
    omp_fatal(NULL, "out of memory for a team's %u dispatch buffers",
              omp_global.dispatch_buffers);
  memset(team->dispatch, 0, size);
}

static void omp_dispatch_wait_turn(struct omp_dispatch_buffer *buf,
                                   uint32_t loop) {
  for (;;) {
    uint32_t seen = atomic_load(&buf->released.value);
    if (atomic_load_explicit(&buf->index, memory_order_acquire) == loop)
      return;
    omp_wait_while_equal(&buf->released, seen);
  }
}

struct omp_dispatch_buffer *omp_dispatch_acquire_ring(struct omp_thread *th,
                                                      enum omp_dispatch_ring ring) {
  uint32_t loop = th->dispatch_count[ring];
  th->dispatch_count[ring] = loop + 1 == omp_global.dispatch_wrap ? 0 : loop + 1;
  struct omp_dispatch_buffer *buf =
      &th->team->dispatch[ring * omp_global.dispatch_buffers +
                          loop % omp_global.dispatch_buffers];
  if (OMP_UNLIKELY(atomic_load_explicit(&buf->index, memory_order_acquire) !=
                   loop))
    omp_dispatch_wait_turn(buf, loop);
  return buf;
}

/* The blocks a buffer's construct shared (omp_dispatch_share_block) go. */
static void omp_dispatch_free_blocks(struct omp_dispatch_buffer *buf) {
  void *_Atomic *slots[] = {&buf->doacross, &buf->gomp_scratch};
  for (size_t i = 0; i < sizeof(slots) / sizeof(slots[0]); i++) {
    void *block = atomic_load_explicit(slots[i], memory_order_relaxed);
    if (block) {
      free(block);
      atomic_store_explicit(slots[i], NULL, memory_order_relaxed);
    }
  }
}

void omp_dispatch_release(struct omp_thread *th, struct omp_dispatch_buffer *buf) {
  uint32_t nth = (uint32_t)th->team->nthreads;
  if (atomic_fetch_add_explicit(&buf->finished, 1, memory_order_acq_rel) + 1 !=
      nth)
    return;
  /* Everybody is done: clean it for the construct dispatch_buffers on (a
   * doacross loop's shared flags or GCC's scratch block go with it). */
  omp_dispatch_free_blocks(buf);
  atomic_store_explicit(&buf->gomp_reductions, NULL, memory_order_relaxed);
  atomic_store_explicit(&buf->finished, 0, memory_order_relaxed);
  atomic_store_explicit(&buf->next, 0, memory_order_relaxed);
  atomic_store_explicit(&buf->ordered_next, 0, memory_order_relaxed);
  uint32_t index = atomic_load_explicit(&buf->index, memory_order_relaxed) +
                   omp_global.dispatch_buffers;
  if (index >= omp_global.dispatch_wrap)
    index -= omp_global.dispatch_wrap;
  atomic_store_explicit(&buf->index, index, memory_order_release);
  atomic_fetch_add(&buf->released.value, 1);
  omp_wake_all(&buf->released);
}

void omp_dispatch_reset(struct omp_team *team) {
  for (uint32_t i = 0; i < omp_global.dispatch_buffers * OMP_RINGS; i++) {
    struct omp_dispatch_buffer *buf = &team->dispatch[i];
    OMP_STORE_IF_CHANGED(buf->index, i % omp_global.dispatch_buffers);
    OMP_STORE_IF_CHANGED(buf->finished, 0);
    OMP_STORE_IF_CHANGED(buf->next, 0);
    OMP_STORE_IF_CHANGED(buf->ordered_next, 0);
    OMP_STORE_IF_CHANGED(buf->gomp_reductions, NULL);
    omp_dispatch_free_blocks(buf); /* of a construct cancellation abandoned */
  }
}

/* The members' side of omp_master_enter and of a worker's start in a team:
 * no construct of the team has begun, and the constructs th was in (an
 * enclosing team's, a cancelled region's) are not the team's to end. */
void omp_dispatch_enter_team(struct omp_thread *th) {
  memset(th->dispatch_count, 0, sizeof(th->dispatch_count));
  th->dispatch = NULL;
  th->dispatch_private.doacross_buffer = NULL;
  th->dispatch_private.gomp_scratch = NULL;
  th->dispatch_private.gomp_scratch_buffer = NULL;
}

/* `slot` is the CAS claim of the first member, which makes the block while
 * the others wait on the buffer's waitword. */
static char omp_block_making;
#define OMP_BLOCK_BEING_MADE ((void *)&omp_block_making)

void *omp_dispatch_share_block(struct omp_dispatch_buffer *buf, void *_Atomic *slot,
                               void *(*make)(const void *), const void *arg) {
  void *block = NULL;
  if (atomic_compare_exchange_strong(slot, &block, OMP_BLOCK_BEING_MADE)) {
    block = make(arg);
    atomic_store_explicit(slot, block, memory_order_release);
    atomic_fetch_add(&buf->released.value, 1);
    omp_wake_all(&buf->released);
    return block;
  }
  for (;;) {
    uint32_t seen = atomic_load(&buf->released.value);
    block = atomic_load_explicit(slot, memory_order_acquire);
    if (block != OMP_BLOCK_BEING_MADE)
      return block;
    omp_wait_while_equal(&buf->released, seen);
  }
}

/* ---- init ------------------------------------------------------------------ */

static uint64_t omp_chunk_or_default(int64_t chunk) {
  return chunk > 0 ? (uint64_t)chunk : 1;
}

/* schedule(runtime): the run-sched-var ICV (omp_set_schedule/OMP_SCHEDULE).
 * Its monotonic modifier needs no action: every schedule here hands out
 * chunks in increasing order to each member. simd_width > 0 for
 * schedule(simd:runtime), whose chunks must be multiples of it. */
static int omp_runtime_kind(const struct omp_icvs *icvs, uint64_t simd_width,
                            uint64_t *chunk) {
  int kind = (int)((uint32_t)icvs->sched_kind & ~(uint32_t)omp_sched_monotonic);
  int64_t icv_chunk = icvs->sched_chunk;
  if (simd_width) {
    /* static with a chunk is round-robin, as in LLVM (its run-sched
     * static,n is static_chunked, which the balanced-simd case skips) */
    if (kind == omp_sched_auto || (kind == omp_sched_static && icv_chunk <= 0)) {
      *chunk = simd_width;
      return OMP_LOOP_STATIC_SIMD;
    }
    *chunk = omp_chunk_or_default(icv_chunk) * simd_width;
    if (kind == omp_sched_static)
      return OMP_LOOP_STATIC_CHUNKED;
    return kind == omp_sched_guided ? OMP_LOOP_GUIDED_SIMD : OMP_LOOP_DYNAMIC;
  }
  switch (kind) {
  case omp_sched_static:
    *chunk = omp_chunk_or_default(icv_chunk);
    return icv_chunk > 0 ? OMP_LOOP_STATIC_CHUNKED : OMP_LOOP_STATIC_BLOCK;
  case omp_sched_dynamic:
  case OMP_SCHED_STATIC_STEAL: /* as schedule(static_steal) from clang: dynamic */
    *chunk = omp_chunk_or_default(icv_chunk);
    return OMP_LOOP_DYNAMIC;
  case OMP_SCHED_TRAPEZOIDAL: /* LLVM's extension; the chunk is the smallest */
    *chunk = omp_chunk_or_default(icv_chunk);
    return OMP_LOOP_TRAPEZOIDAL;
  default: /* guided; auto is guided as in LLVM (__kmp_auto) */
    *chunk = kind == omp_sched_guided ? omp_chunk_or_default(icv_chunk) : 1;
    return OMP_LOOP_GUIDED;
  }
}

/* Resolve clang's schedule argument to a loop kind and chunk. The
 * nonmonotonic modifier is honoured trivially (dynamic is allowed to be
 * monotonic); static_steal runs as dynamic. */
static int omp_resolve_schedule(ident_t *loc, struct omp_thread *th,
                                int32_t schedule, int64_t chunk_arg,
                                uint64_t *chunk, bool *ordered) {
  int kind = (int)((uint32_t)schedule &
                   ~(KMP_SCH_MONOTONIC | KMP_SCH_NONMONOTONIC));
  if (kind >= KMP_NM_LOWER && kind < KMP_NM_UPPER)
    kind -= KMP_NM_LOWER - 32;
  *ordered = kind > KMP_ORD_LOWER && kind < KMP_ORD_UPPER;
  if (*ordered)
    kind -= KMP_ORD_LOWER - 32;
  *chunk = omp_chunk_or_default(chunk_arg);
  switch (kind) {
  case KMP_SCH_STATIC:
  case KMP_SCH_STATIC_GREEDY:
  case KMP_SCH_STATIC_BALANCED:
    return OMP_LOOP_STATIC_BLOCK;
  case KMP_SCH_STATIC_CHUNKED:
    return OMP_LOOP_STATIC_CHUNKED;
  case KMP_SCH_STATIC_BALANCED_CHUNKED:
    return OMP_LOOP_STATIC_SIMD;
  case KMP_SCH_DYNAMIC_CHUNKED:
  case KMP_SCH_STATIC_STEAL:
    return OMP_LOOP_DYNAMIC;
  case KMP_SCH_GUIDED_CHUNKED:
  case KMP_SCH_GUIDED_ITERATIVE:
  case KMP_SCH_GUIDED_ANALYTICAL:
    return OMP_LOOP_GUIDED;
  case KMP_SCH_GUIDED_SIMD:
    return OMP_LOOP_GUIDED_SIMD;
  case KMP_SCH_AUTO:
    *chunk = 1;
    return OMP_LOOP_GUIDED;
  case KMP_SCH_TRAPEZOIDAL:
    return OMP_LOOP_TRAPEZOIDAL;
  case KMP_SCH_RUNTIME:
    return omp_runtime_kind(&th->task->icvs, 0, chunk);
  case KMP_SCH_RUNTIME_SIMD:
    return omp_runtime_kind(&th->task->icvs, *chunk, chunk);
  default:
    omp_fatal(loc, "__kmpc_dispatch_init: unknown schedule type %d",
              (int)schedule);
  }
}

/* Trapezoid self-scheduling: chunk sizes fall linearly from trip/(2n) to
 * the chunk; the same parameters as LLVM's kmp_sch_trapezoidal. */
static void omp_trapezoid_init(struct omp_dispatch_private *p, uint64_t nth) {
  uint64_t first = p->trip_count / (2 * nth);
  if (first < 1)
    first = 1;
  uint64_t last = p->chunk > first ? first : p->chunk;
  uint64_t nchunks = (2 * p->trip_count + first + last - 1) / (first + last);
  if (nchunks < 2)
    nchunks = 2;
  p->trapezoid_first = first;
  p->trapezoid_step = (first - last) / (nchunks - 1);
  p->nchunks = nchunks;
}

/* The normalised loop in this member's private state; takes the team's
 * next buffer when the team has more than one member. */
void omp_dispatch_start(ident_t *loc, int32_t schedule, uint64_t lower, int64_t stride,
                        uint64_t trip, int64_t chunk) {
  struct omp_thread *th = omp_self();
  struct omp_dispatch_private *p = &th->dispatch_private;
  struct omp_team *team = th->team;
  uint64_t nth = team->is_league ? 1 : (uint64_t)team->nthreads;
  bool ordered;
  p->kind = omp_resolve_schedule(loc, th, schedule, chunk, &p->chunk, &ordered);
  if (OMP_UNLIKELY(omp_ompt_enabled())) {
    /* guided in a team of one is one static block (as LLVM tells it) */
    bool guided = p->kind == OMP_LOOP_GUIDED || p->kind == OMP_LOOP_GUIDED_SIMD;
    p->ompt_work_type = p->kind == OMP_LOOP_DYNAMIC         ? ompt_work_loop_dynamic
                        : guided && nth > 1                 ? ompt_work_loop_guided
                        : guided || p->kind <= OMP_LOOP_STATIC_SIMD ? ompt_work_loop_static
                                                            : ompt_work_loop_other;
    omp_ompt_work(th, p->ompt_work_type, ompt_scope_begin, trip,
                  omp_ompt_take_codeptr(th));
  }
  p->lower = lower;
  p->stride = stride;
  p->trip_count = trip;
  p->static_next = 0;
  p->ordered = ordered;
  p->ordered_bumped = false;
  p->ordered_lower = 0;
  if (nth == 1) {
    /* a team of one runs the whole loop as one chunk, in order */
    p->kind = OMP_LOOP_STATIC_BLOCK;
    th->dispatch = NULL;
    return;
  }
  if (p->kind == OMP_LOOP_TRAPEZOIDAL)
    omp_trapezoid_init(p, nth);
  else
    p->nchunks = trip / p->chunk + (trip % p->chunk ? 1 : 0);
  th->dispatch = omp_dispatch_acquire(th);
}

/* ---- next ------------------------------------------------------------------ */

/* Chunk `index` of p's loop: [*first, *last], the last one clipped. */
static bool omp_chunk_bounds(const struct omp_dispatch_private *p,
                             uint64_t index, uint64_t *first, uint64_t *last) {
  if (index >= p->nchunks)
    return false;
  uint64_t start = index * p->chunk;
  *first = start;
  *last = p->trip_count - start > p->chunk ? start + p->chunk - 1
                                           : p->trip_count - 1;
  return true;
}

static bool omp_next_static_block(struct omp_dispatch_private *p, uint64_t tid,
                                  uint64_t nth, uint64_t *first,
                                  uint64_t *last) {
  if (p->static_next++ != 0 || p->trip_count == 0)
    return false;
  uint64_t trip = p->trip_count;
  if (trip < nth) {
    if (tid >= trip)
      return false;
    *first = *last = tid;
    return true;
  }
  uint64_t small = trip / nth, extras = trip % nth;
  *first = tid * small + (tid < extras ? tid : extras);
  *last = *first + small - (tid < extras ? 0 : 1);
  return true;
}

static bool omp_next_guided(struct omp_dispatch_buffer *buf,
                            struct omp_dispatch_private *p, uint64_t nth,
                            uint64_t *first, uint64_t *last) {
  uint64_t trip = p->trip_count, chunk = p->chunk;
  uint64_t start = atomic_load_explicit(&buf->next, memory_order_relaxed);
  for (;;) {
    if (start >= trip)
      return false;
    uint64_t remaining = trip - start;
    /* a share of what is left, never below the chunk */
    uint64_t size = remaining / (2 * nth);
    if (size < chunk)
      size = chunk;
    if (p->kind == OMP_LOOP_GUIDED_SIMD && size % chunk)
      size += chunk - size % chunk;
    if (size > remaining)
      size = remaining;
    if (atomic_compare_exchange_weak_explicit(&buf->next, &start, start + size,
                                              memory_order_relaxed,
                                              memory_order_relaxed)) {
      *first = start;
      *last = start + size - 1;
      return true;
    }
  }
}

static bool omp_next_trapezoid(struct omp_dispatch_buffer *buf,
                               struct omp_dispatch_private *p, uint64_t *first,
                               uint64_t *last) {
  uint64_t index = atomic_fetch_add_explicit(&buf->next, 1, memory_order_relaxed);
  if (index >= p->nchunks)
    return false;
  /* chunk i starts after i chunks of first - j*step, j < i */
  unsigned __int128 f = p->trapezoid_first, d = p->trapezoid_step, i = index;
  unsigned __int128 start = i * f - i * (i - 1) / 2 * d; /* 0 for i = 0 */
  unsigned __int128 end = (i + 1) * f - (i + 1) * i / 2 * d;
  if (start >= p->trip_count)
    return false;
  *first = (uint64_t)start;
  *last = end >= p->trip_count ? p->trip_count - 1 : (uint64_t)end - 1;
  return true;
}

/* This member's next chunk as iteration numbers [*first, *last]; false when
 * it has no more, after which the buffer is released. */
static bool omp_dispatch_claim(struct omp_thread *th, uint64_t *first,
                               uint64_t *last) {
  struct omp_dispatch_private *p = &th->dispatch_private;
  struct omp_dispatch_buffer *buf = th->dispatch;
  if (!buf)
    return omp_next_static_block(p, 0, 1, first, last);
  uint64_t nth = (uint64_t)th->team->nthreads, tid = (uint64_t)th->tid;
  bool got;
  switch (p->kind) {
  case OMP_LOOP_DYNAMIC:
    got = omp_chunk_bounds(
        p, atomic_fetch_add_explicit(&buf->next, 1, memory_order_relaxed),
        first, last);
    break;
  case OMP_LOOP_STATIC_BLOCK:
    got = omp_next_static_block(p, tid, nth, first, last);
    break;
  case OMP_LOOP_STATIC_CHUNKED:
    got = omp_chunk_bounds(p, tid + p->static_next++ * nth, first, last);
    break;
  case OMP_LOOP_STATIC_SIMD: {
    uint64_t per = (p->trip_count + nth - 1) / nth;
    uint64_t size = (per + p->chunk - 1) / p->chunk * p->chunk;
    got = p->static_next++ == 0 && tid * size < p->trip_count;
    if (got) {
      *first = tid * size;
      *last = p->trip_count - *first > size ? *first + size - 1
                                            : p->trip_count - 1;
    }
    break;
  }
  case OMP_LOOP_TRAPEZOIDAL:
    got = omp_next_trapezoid(buf, p, first, last);
    break;
  default:
    got = omp_next_guided(buf, p, nth, first, last);
    break;
  }
  if (!got) {
    th->dispatch = NULL;
    omp_dispatch_release(th, buf);
  }
  return got;
}

/* ---- entry points ------------------------------------------------------ */

/* Iterations of lb..ub by st, 0 when the range is empty; in 64 bits, so a
 * 32-bit loop over its whole range counts 2^32. */
#define OMP_DISPATCH_TRIP(UT, lb, ub, st)                                      \
  ((st) > 0 ? ((ub) < (lb) ? 0                                                 \
                           : (uint64_t)((UT)((UT)(ub) - (UT)(lb)) / (UT)(st)) + 1) \
            : ((lb) < (ub) ? 0                                                 \
                           : (uint64_t)((UT)((UT)(lb) - (UT)(ub)) /            \
                                        (UT)(0 - (UT)(st))) + 1))

static _Noreturn void omp_dispatch_zero_stride(ident_t *loc) {
  omp_fatal(loc, "__kmpc_dispatch_init: loop increment is zero");
}

/* distribute part of `distribute parallel for` with a dynamic schedule:
 * this team's balanced block of the league's iterations. */
#define OMP_DIST_BOUNDS(UT, T, loc, p_last, lb, ub, st)                        \
  do {                                                                         \
    uint32_t team_id = 0, nteams = 1;                                          \
    struct omp_thread *th_ = omp_self();                                       \
    int num_ = 0;                                                              \
    struct omp_team *league_ = omp_enclosing_league(th_, &num_);               \
    if (league_) {                                                             \
      team_id = (uint32_t)num_;                                                \
      nteams = (uint32_t)league_->league_size;                                 \
    }                                                                          \
    uint64_t trip_ = OMP_DISPATCH_TRIP(UT, lb, ub, st);                        \
    if (trip_ == 0) {                                                          \
      if (p_last)                                                              \
        *(p_last) = 0;                                                         \
      break;                                                                   \
    }                                                                          \
    if (trip_ <= nteams) {                                                     \
      if (team_id < trip_)                                                     \
        (ub) = (lb) = (T)((UT)(lb) + (UT)team_id * (UT)(st));                  \
      else                                                                     \
        (lb) = (T)((UT)(ub) + (UT)(st));                                       \
      if (p_last)                                                              \
        *(p_last) = team_id == trip_ - 1;                                      \
    } else {                                                                   \
      uint64_t small_ = trip_ / nteams, extras_ = trip_ % nteams;              \
      (lb) = (T)((UT)(lb) +                                                    \
                 (UT)(team_id * small_ +                                       \
                      (team_id < extras_ ? team_id : extras_)) * (UT)(st));    \
      (ub) = (T)((UT)(lb) + (UT)small_ * (UT)(st) -                            \
                 (team_id < extras_ ? 0 : (UT)(st)));                          \
      if (p_last)                                                              \
        *(p_last) = team_id == nteams - 1;                                     \
    }                                                                          \
  } while (0)

#define OMP_DEFINE_DISPATCH(S, T, UT, ST)                                      \
  OMP_EXPORT void __kmpc_dispatch_init_##S(ident_t *loc, int32_t gtid,         \
                                           int32_t schedule, T lb, T ub,       \
                                           ST st, ST chunk) {                  \
    if (OMP_UNLIKELY(st == 0))                                                 \
      omp_dispatch_zero_stride(loc);                                           \
    OMP_OMPT_CODEPTR(omp_self());                                              \
    omp_dispatch_start(loc, schedule, (uint64_t)(UT)lb, (int64_t)st,           \
                       OMP_DISPATCH_TRIP(UT, lb, ub, st), (int64_t)chunk);     \
  }                                                                            \
                                                                               \
  OMP_EXPORT void __kmpc_dist_dispatch_init_##S(                               \
      ident_t *loc, int32_t gtid, int32_t schedule, int32_t *p_last, T lb,     \
      T ub, ST st, ST chunk) {                                                 \
    if (OMP_UNLIKELY(st == 0))                                                 \
      omp_dispatch_zero_stride(loc);                                           \
    OMP_DIST_BOUNDS(UT, T, loc, p_last, lb, ub, st);                           \
    OMP_OMPT_CODEPTR(omp_self());                                              \
    omp_dispatch_start(loc, schedule, (uint64_t)(UT)lb, (int64_t)st,           \
                       OMP_DISPATCH_TRIP(UT, lb, ub, st), (int64_t)chunk);     \
  }                                                                            \
                                                                               \
  OMP_EXPORT int __kmpc_dispatch_next_##S(ident_t *loc, int32_t gtid,          \
                                          int32_t *p_last, T *p_lb, T *p_ub,   \
                                          ST *p_st) {                          \
    struct omp_thread *th = omp_self();                                        \
    uint64_t first, last;                                                      \
    if (!omp_dispatch_claim(th, &first, &last)) {                              \
      if (OMP_UNLIKELY(omp_ompt_enabled()))                                    \
        omp_ompt_work(th, th->dispatch_private.ompt_work_type, ompt_scope_end, \
                      0, __builtin_return_address(0));                         \
      return 0;                                                                \
    }                                                                          \
    struct omp_dispatch_private *p = &th->dispatch_private;                    \
    p->ordered_lower = first;                                                  \
    p->ordered_chunk_iters = last - first + 1;                                 \
    uint64_t step = (uint64_t)p->stride;                                       \
    *p_lb = (T)(UT)(p->lower + first * step);                                  \
    *p_ub = (T)(UT)(p->lower + last * step);                                   \
    if (OMP_UNLIKELY(omp_ompt_enabled()))                                      \
      omp_ompt_dispatch(th, ompt_dispatch_ws_loop_chunk, (uint64_t)*p_lb,      \
                        last - first + 1, __builtin_return_address(0));        \
    if (p_st)                                                                  \
      *p_st = (ST)p->stride;                                                   \
    if (p_last)                                                                \
      *p_last = last == p->trip_count - 1;                                     \
    return 1;                                                                  \
  }

OMP_DEFINE_DISPATCH(4, int32_t, uint32_t, int32_t)
OMP_DEFINE_DISPATCH(4u, uint32_t, uint32_t, int32_t)
OMP_DEFINE_DISPATCH(8, int64_t, uint64_t, int64_t)
OMP_DEFINE_DISPATCH(8u, uint64_t, uint64_t, int64_t)

/* clang-19 calls this after every dynamically scheduled loop; LLVM 19's is
 * empty, and here too the buffer was already released by the final
 * __kmpc_dispatch_next. */
OMP_EXPORT void __kmpc_dispatch_deinit(ident_t *loc, int32_t gtid) {}

/* ---- sections (the OpenMPIRBuilder's form; clang-19's own codegen uses
 * __kmpc_for_static_init with kmp_sch_static) -------------------------------- */

/* Returns 0 when the team is inactive and this thread runs every section. */
OMP_EXPORT int32_t __kmpc_sections_init(ident_t *loc, int32_t gtid) {
  struct omp_thread *th = omp_self();
  if (OMP_UNLIKELY(omp_ompt_enabled()))
    omp_ompt_work(th, ompt_work_sections, ompt_scope_begin, 0,
                  __builtin_return_address(0));
  if (th->team->nthreads == 1 || th->team->is_league)
    return 0;
  th->dispatch_private.ordered = false;
  th->dispatch = omp_dispatch_acquire(th);
  return 1;
}

/* The next section for this thread to run; numberOfSections or more when
 * there are none left (the buffer is released then). */
OMP_EXPORT int32_t __kmpc_next_section(ident_t *loc, int32_t gtid,
                                       int32_t numberOfSections) {
  struct omp_thread *th = omp_self();
  struct omp_dispatch_buffer *buf = th->dispatch;
  if (!buf)
    omp_fatal(loc, "__kmpc_next_section without __kmpc_sections_init in an "
                   "active team");
  uint64_t section = atomic_fetch_add_explicit(&buf->next, 1, memory_order_relaxed);
  if (section >= (uint64_t)(numberOfSections > 0 ? numberOfSections : 0)) {
    th->dispatch = NULL;
    omp_dispatch_release(th, buf);
    return numberOfSections > 0 ? numberOfSections : 0;
  }
  if (OMP_UNLIKELY(omp_ompt_enabled()))
    omp_ompt_dispatch(th, ompt_dispatch_section, section, 1, __builtin_return_address(0));
  return (int32_t)section;
}

/* No wait here: the compiler adds the barrier when there is no nowait. */
OMP_EXPORT void __kmpc_end_sections(ident_t *loc, int32_t gtid) {
  if (OMP_UNLIKELY(omp_ompt_enabled()))
    omp_ompt_work(omp_self(), ompt_work_sections, ompt_scope_end, 0,
                  __builtin_return_address(0));
}
