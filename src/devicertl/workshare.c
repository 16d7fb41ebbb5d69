/* workshare.c — loop worksharing on the device: static (for and
 * distribute) and the dispatch interface clang uses for dynamic, guided,
 * runtime, auto and ordered schedules.
 *
 * Static schedules need no state: each thread computes its bounds from its
 * number, as LLVM 19's device runtime does (chunked: round robin; no chunk:
 * one near-equal block per thread).
 *
 * Dispatch keeps one record per team in shared memory — bounds, chunk and
 * a chunk counter the threads take from with one atomic per warp — instead
 * of a heap-allocated record per thread: the schedule kinds that need
 * per-thread static assignment are handed out by the same counter (legal
 * for runtime/auto; ordered loops go to a single thread whole, so ordered
 * regions run in order). A thread alone in a nested data environment keeps
 * its loop in its thread state, so it cannot clobber its team's record.
 * Guided runs as dynamic with the given chunk.
 */
#include "devicertl.h"

/* ---- static ------------------------------------------------------------- */

#define DEFINE_STATIC(SUFFIX, T, ST)                                           \
  static void static_chunk_##SUFFIX(int32_t *last, T *lower, T *upper, ST *stride,     \
                                    ST chunk, T entity, T entities) {          \
    T lb = *lower, input_ub = *upper;                                          \
    *stride = (ST)(entities * (T)chunk);                                       \
    lb = lb + entity * (T)chunk;                                               \
    *lower = lb;                                                               \
    *upper = lb + (T)chunk - 1; /* clang's loops run i <= ub */                \
    T last_chunk_begin = input_ub - (input_ub % (T)chunk);                     \
    *last = ((last_chunk_begin - lb) % (T)*stride) == 0;                       \
  }                                                                            \
  static void static_nochunk_##SUFFIX(int32_t *last, T *lower, T *upper, ST *stride,   \
                                      T entity, T entities) {                  \
    T lb = *lower, input_ub = *upper;                                          \
    T size = input_ub - lb + 1;                                                \
    T chunk = size / entities;                                                 \
    T left_over = size - chunk * entities;                                     \
    if (entity < left_over) {                                                  \
      chunk++;                                                                 \
      lb = lb + entity * chunk;                                                \
    } else {                                                                   \
      lb = lb + entity * chunk + left_over;                                    \
    }                                                                          \
    T ub = lb + chunk - 1;                                                     \
    *lower = lb;                                                               \
    *upper = ub;                                                               \
    *last = lb <= input_ub && input_ub <= ub;                                  \
    *stride = (ST)size; /* one chunk per thread */                             \
  }                                                                            \
  static void static_init_##SUFFIX(int32_t sched, int32_t *last, T *lower, T *upper,   \
                                   ST *stride, ST chunk) {                     \
    T tid = (T)current_thread_num(), threads = (T)current_team_size();         \
    T team = (T)omp_get_team_num(), teams = (T)omp_get_num_teams();            \
    switch (sched & ~kmp_sched_modifier_mask) {                                \
    case kmp_sched_static_chunk:                                               \
      if (chunk > 0) {                                                         \
        static_chunk_##SUFFIX(last, lower, upper, stride, chunk, tid, threads); \
        return;                                                                \
      }                                                                        \
      break;                                                                   \
    case kmp_sched_static_balanced_chunk:                                      \
      if (chunk > 0) {                                                         \
        /* a chunk multiple covering the loop in one round */                  \
        T trip = *upper - *lower + 1;                                          \
        T span = (trip + threads - 1) / threads;                               \
        ST balanced = (ST)((span + (T)chunk - 1) & ~((T)chunk - 1));           \
        T old_ub = *upper;                                                     \
        static_chunk_##SUFFIX(last, lower, upper, stride, balanced, tid, threads); \
        if (*upper > old_ub)                                                   \
          *upper = old_ub;                                                     \
        return;                                                                \
      }                                                                        \
      break;                                                                   \
    case kmp_sched_static_nochunk:                                             \
      break;                                                                   \
    case kmp_sched_distr_static_chunk:                                         \
      if (chunk > 0) {                                                         \
        static_chunk_##SUFFIX(last, lower, upper, stride, chunk, team, teams); \
        return;                                                                \
      }                                                                        \
      static_nochunk_##SUFFIX(last, lower, upper, stride, team, teams);        \
      return;                                                                  \
    case kmp_sched_distr_static_nochunk:                                       \
      static_nochunk_##SUFFIX(last, lower, upper, stride, team, teams);        \
      return;                                                                  \
    case kmp_sched_distr_static_chunk_sched_static_chunkone:                   \
      static_chunk_##SUFFIX(last, lower, upper, stride, chunk,                 \
                            threads * team + tid, teams * threads);            \
      return;                                                                  \
    default:                                                                   \
      static_chunk_##SUFFIX(last, lower, upper, stride, chunk > 0 ? chunk : 1, tid, \
                            threads);                                          \
      return;                                                                  \
    }                                                                          \
    static_nochunk_##SUFFIX(last, lower, upper, stride, tid, threads);         \
  }                                                                            \
  void __kmpc_for_static_init_##SUFFIX(IdentTy *loc, int32_t gtid, int32_t sched,      \
                                       int32_t *last, T *lower, T *upper,      \
                                       ST *stride, ST incr, ST chunk) {        \
    (void)loc;                                                                 \
    (void)gtid;                                                                \
    (void)incr;                                                                \
    static_init_##SUFFIX(sched, last, lower, upper, stride, chunk);            \
  }                                                                            \
  void __kmpc_distribute_static_init_##SUFFIX(IdentTy *loc, int32_t gtid,      \
                                              int32_t sched, int32_t *last,    \
                                              T *lower, T *upper, ST *stride,  \
                                              ST incr, ST chunk) {             \
    (void)loc;                                                                 \
    (void)gtid;                                                                \
    (void)incr;                                                                \
    static_init_##SUFFIX(sched, last, lower, upper, stride, chunk);            \
  }

DEFINE_STATIC(4, int32_t, int32_t)
DEFINE_STATIC(4u, uint32_t, int32_t)
DEFINE_STATIC(8, int64_t, int64_t)
DEFINE_STATIC(8u, uint64_t, int64_t)

void __kmpc_for_static_fini(IdentTy *loc, int32_t gtid) {
  (void)loc;
  (void)gtid;
}
void __kmpc_distribute_static_fini(IdentTy *loc, int32_t gtid) {
  (void)loc;
  (void)gtid;
}

/* ---- dispatch ----------------------------------------------------------- */

struct team_dispatch {
  uint64_t lower, upper, chunk; /* bits of the loop's type */
  uint64_t next_chunk;          /* chunks handed out so far */
};

static SHARED
struct team_dispatch team_dispatch;

#define TEAM_DISPATCH (*(struct team_dispatch *)&team_dispatch)

/* One atomic per warp: the lanes asking together share one add. */
static uint64_t take_chunk(void) {
  uint32_t active = hw_active_mask();
  uint32_t leader = hw_ffs(active) - 1;
  uint32_t rank = hw_popc(active & hw_lanemask_lt());
  uint64_t first = 0;
  if (rank == 0)
    first = __atomic_fetch_add(&TEAM_DISPATCH.next_chunk, (uint64_t)hw_popc(active),
                               __ATOMIC_RELAXED);
  uint32_t lo = (uint32_t)hw_shfl_idx_i32(active, (int32_t)(uint32_t)first, leader);
  uint32_t hi = (uint32_t)hw_shfl_idx_i32(active, (int32_t)(uint32_t)(first >> 32), leader);
  return (((uint64_t)hi << 32) | lo) + rank;
}

static bool is_ordered(int32_t sched) {
  return sched >= kmp_sched_ordered_first && sched <= kmp_sched_ordered_last;
}

/* omp_sched_t values (omp.h). */
enum { omp_sched_static = 1, omp_sched_dynamic = 2, omp_sched_guided = 3, omp_sched_auto = 4 };

#define DEFINE_DISPATCH(SUFFIX, T, ST)                                         \
  void __kmpc_dispatch_init_##SUFFIX(IdentTy *loc, int32_t gtid, int32_t sched, T lb, \
                                     T ub, ST st, ST chunk) {                  \
    (void)st;                                                                  \
    sched &= ~kmp_sched_modifier_mask;                                         \
    T threads = (T)current_team_size();                                        \
    struct own_dispatch *own = state_own_dispatch();                           \
    if (own) {                                                                 \
      /* Alone in a nested data environment: the whole loop, once. */          \
      own->lower = (uint64_t)lb;                                               \
      own->upper = (uint64_t)ub;                                               \
      own->pending = lb <= ub;                                                 \
      return;                                                                  \
    }                                                                          \
    T trip = ub >= lb ? ub - lb + 1 : 0;                                       \
    if (sched == kmp_sched_runtime) {                                          \
      uint32_t kind = icv_get(ICV_RUN_SCHED) & 0x7fffffffu;                    \
      chunk = (ST)icv_get(ICV_RUN_SCHED_CHUNK);                                \
      sched = kind == omp_sched_dynamic || kind == omp_sched_guided            \
                  ? kmp_sched_dynamic                                          \
                  : kind == omp_sched_auto ? kmp_sched_auto : kmp_sched_static_nochunk; \
      if (sched == kmp_sched_static_nochunk && chunk > 0)                      \
        sched = kmp_sched_static_chunk;                                        \
    }                                                                          \
    T chunk_size;                                                              \
    if (threads <= 1 || trip <= 1 || is_ordered(sched))                        \
      chunk_size = trip ? trip : 1; /* one thread takes it all */              \
    else if (sched == kmp_sched_dynamic || sched == kmp_sched_guided ||        \
             sched == kmp_sched_static_chunk || sched == kmp_sched_static_balanced_chunk) \
      chunk_size = chunk > 0 ? (T)chunk : 1;                                   \
    else if (sched == kmp_sched_auto)                                          \
      chunk_size = 1;                                                          \
    else /* static, no chunk: one near-equal block each */                     \
      chunk_size = (trip + threads - 1) / threads;                             \
    /* Every thread is done with the previous loop's record before thread   \
     * 0 rewrites it, and sees the new one after. */                          \
    if (threads > 1)                                                           \
      __kmpc_barrier(loc, gtid);                                               \
    if (threads <= 1 || current_thread_num() == 0) {                           \
      TEAM_DISPATCH.lower = (uint64_t)lb;                                      \
      TEAM_DISPATCH.upper = (uint64_t)ub;                                      \
      TEAM_DISPATCH.chunk = (uint64_t)chunk_size;                              \
      TEAM_DISPATCH.next_chunk = trip ? 0 : UINT64_MAX / 2;                    \
    }                                                                          \
    if (threads > 1)                                                           \
      __kmpc_barrier(loc, gtid);                                               \
  }                                                                            \
  int32_t __kmpc_dispatch_next_##SUFFIX(IdentTy *loc, int32_t gtid, int32_t *last, \
                                        T *lower, T *upper, ST *stride) {      \
    (void)loc;                                                                 \
    (void)gtid;                                                                \
    struct own_dispatch *own = state_own_dispatch();                           \
    if (own) {                                                                 \
      if (!own->pending)                                                       \
        return 0;                                                              \
      own->pending = 0;                                                        \
      *lower = (T)own->lower;                                                  \
      *upper = (T)own->upper;                                                  \
      *stride = 1;                                                             \
      *last = 1;                                                               \
      return 1;                                                                \
    }                                                                          \
    T lb = (T)TEAM_DISPATCH.lower, ub = (T)TEAM_DISPATCH.upper;                \
    T chunk_size = (T)TEAM_DISPATCH.chunk;                                     \
    if (ub < lb)                                                               \
      return 0;                                                                \
    uint64_t n = take_chunk();                                                 \
    T trip = ub - lb + 1;                                                      \
    T chunks = (trip - 1) / chunk_size + 1;                                    \
    if (n >= (uint64_t)chunks)                                                 \
      return 0;                                                                \
    T my_lb = lb + (T)n * chunk_size;                                          \
    T my_ub = n + 1 == (uint64_t)chunks ? ub : my_lb + chunk_size - 1;         \
    *lower = my_lb;                                                            \
    *upper = my_ub;                                                            \
    *stride = 1;                                                               \
    *last = my_ub == ub;                                                       \
    return 1;                                                                  \
  }                                                                            \
  void __kmpc_dispatch_fini_##SUFFIX(IdentTy *loc, int32_t gtid) {             \
    (void)loc;                                                                 \
    (void)gtid;                                                                \
  }

DEFINE_DISPATCH(4, int32_t, int32_t)
DEFINE_DISPATCH(4u, uint32_t, int32_t)
DEFINE_DISPATCH(8, int64_t, int64_t)
DEFINE_DISPATCH(8u, uint64_t, int64_t)

void __kmpc_dispatch_deinit(IdentTy *loc, int32_t gtid) {
  (void)loc;
  (void)gtid;
}

DEVICE_CODE_END
