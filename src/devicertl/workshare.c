/* workshare.c — loop worksharing on the device: static (for and
 * distribute) and the dispatch interface clang uses for dynamic, guided,
 * runtime, auto and ordered schedules.
 *
 * Static schedules need no state: each thread computes its bounds from its
 * number, as LLVM 19's device runtime does (chunked: round robin; no chunk:
 * one near-equal block per thread).
 *
 * Dispatch keeps one record per team in shared memory — bounds, chunk and
 * a counter the threads take chunks from with one atomic per warp — instead
 * of a heap-allocated record per thread: the schedule kinds that need
 * per-thread static assignment are handed out by the same counter (legal
 * for runtime/auto; ordered loops go to a single thread whole, so ordered
 * regions run in order). A thread alone in a nested data environment keeps
 * its loop in its thread state, so it cannot clobber its team's record.
 * Guided hands out shrinking chunks from the same record (a compare-and-
 * swap per chunk, since a chunk's size depends on what is left).
 *
 * Known signs. Thread and team numbers come from inline functions whose
 * values the optimizer knows to be small and non-negative, never from
 * omp_get_team_num() and friends: those live in api.c, so here they are
 * calls of unknown sign when this file is compiled, `team * chunk` gets
 * only `nsw`, and once the program's chunk is a constant (128 in a
 * combined `distribute parallel for`) it becomes `shl nsw` for good. With
 * `nuw` as well, instcombine can prove the loop indices derived from it
 * non-negative, compares them unsigned and zero-extends them; without,
 * B1's kernel K sign-extended its inner index on every iteration and took
 * 30 registers instead of 24.
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
    /* The hardware reads, not omp_get_team_num(): see "Known signs". */    \
    T team = (T)hw_block_id(), teams = (T)hw_num_blocks();                   \
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

/* The team's loop, as iteration numbers 0 .. trip - 1 from `lower`: typed
 * arithmetic happens only where bounds come in and go out (unsigned, so
 * that any signed loop, e.g. INT_MIN .. INT_MAX, is counted exactly). */
struct team_dispatch {
  uint64_t lower; /* bits of the loop's type */
  uint64_t trip;  /* iterations */
  uint64_t chunk; /* dynamic: iterations per chunk; guided: the least */
  uint64_t next;  /* dynamic: chunks handed out; guided: iterations */
  uint32_t guided_divisor; /* guided: 2 * team size; 0: dynamic */
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
    first = __atomic_fetch_add(&TEAM_DISPATCH.next, (uint64_t)hw_popc(active),
                               __ATOMIC_RELAXED);
  uint32_t lo = (uint32_t)hw_shfl_idx_i32(active, (int32_t)(uint32_t)first, leader);
  uint32_t hi = (uint32_t)hw_shfl_idx_i32(active, (int32_t)(uint32_t)(first >> 32), leader);
  return (((uint64_t)hi << 32) | lo) + rank;
}

/* Dynamic: chunk number n of the loop, if there is one. */
static bool next_dynamic_chunk(uint64_t *first, uint64_t *count) {
  uint64_t n = take_chunk(), chunk = TEAM_DISPATCH.chunk, trip = TEAM_DISPATCH.trip;
  if (__builtin_mul_overflow(n, chunk, first) || *first >= trip)
    return false;
  *count = trip - *first < chunk ? trip - *first : chunk;
  return true;
}

static uint64_t div_u64(uint64_t a, uint64_t b) {
  /* 32-bit division where it suffices: a few instructions instead of the
   * 64-bit routine. */
  if ((a | b) >> 32 == 0)
    return (uint32_t)a / (uint32_t)b;
  return a / b;
}

/* A chunk as iteration numbers from the loop's lower bound; count 0: none
 * left. Returned by value (in registers, not through memory). */
struct chunk {
  uint64_t first, count;
};

/* Guided (OpenMP 5.2 §11.5.3): each chunk is the unassigned iterations
 * divided by twice the team size, at least the chunk the loop gave
 * (except the last), so chunks shrink as the loop drains. The size depends
 * on what is left when the chunk is taken, hence a compare-and-swap on the
 * iterations handed out rather than an add.
 *
 * Out of line: __kmpc_dispatch_next cannot know the loop's kind (the
 * record is read after a barrier), so every dispatch loop holds this path
 * next to the dynamic one, and inlined, its compare-and-swap loop and
 * divisions cost dynamic loops about 10 registers (a `parallel for
 * schedule(dynamic)` with 8-byte bounds: 42 against LLVM 19's 40, 30
 * without). A call per guided chunk is cheap next to the compare-and-swap. */
static __attribute__((noinline)) struct chunk next_guided_chunk(void) {
  uint64_t trip = TEAM_DISPATCH.trip, least = TEAM_DISPATCH.chunk;
  uint64_t divisor = TEAM_DISPATCH.guided_divisor;
  uint64_t taken = __atomic_load_n(&TEAM_DISPATCH.next, __ATOMIC_RELAXED);
  uint64_t size;
  do {
    if (taken >= trip)
      return (struct chunk){0, 0};
    uint64_t left = trip - taken;
    size = div_u64(left, divisor);
    if (size < least)
      size = least;
    if (size > left)
      size = left;
  } while (!__atomic_compare_exchange_n(&TEAM_DISPATCH.next, &taken, taken + size, false,
                                        __ATOMIC_RELAXED, __ATOMIC_RELAXED));
  return (struct chunk){taken, size};
}

static bool is_ordered(int32_t sched) {
  return sched >= kmp_sched_ordered_first && sched <= kmp_sched_ordered_last;
}

/* omp_sched_t values (omp.h). */
enum { omp_sched_static = 1, omp_sched_dynamic = 2, omp_sched_guided = 3, omp_sched_auto = 4 };

/* The schedule a runtime schedule stands for (run-sched-var). */
static int32_t runtime_schedule(int64_t *chunk) {
  uint32_t kind = icv_get(ICV_RUN_SCHED) & 0x7fffffffu; /* without monotonic */
  *chunk = (int32_t)icv_get(ICV_RUN_SCHED_CHUNK);
  switch (kind) {
  case omp_sched_dynamic: return kmp_sched_dynamic;
  case omp_sched_guided: return kmp_sched_guided;
  case omp_sched_auto: return kmp_sched_auto;
  default: return *chunk > 0 ? kmp_sched_static_chunk : kmp_sched_static_nochunk;
  }
}

/* Thread 0 of the team writes the record between two team barriers: every
 * thread is done with the previous loop's record before, and sees the new
 * one after. */
static void dispatch_init_team(IdentTy *loc, int32_t gtid, int32_t sched, uint64_t lower,
                               uint64_t trip, int64_t chunk) {
  uint32_t threads = current_team_size();
  sched &= ~kmp_sched_modifier_mask;
  if (sched == kmp_sched_runtime)
    sched = runtime_schedule(&chunk);
  uint64_t given = chunk > 0 ? (uint64_t)chunk : 1;
  uint64_t chunk_size;
  uint32_t guided_divisor = 0;
  if (threads <= 1 || trip <= 1 || is_ordered(sched))
    chunk_size = trip ? trip : 1; /* one thread takes it all */
  else if (sched == kmp_sched_guided) {
    chunk_size = given;
    guided_divisor = 2 * threads;
  } else if (sched == kmp_sched_dynamic || sched == kmp_sched_static_chunk ||
             sched == kmp_sched_static_balanced_chunk)
    chunk_size = given;
  else if (sched == kmp_sched_auto)
    chunk_size = 1;
  else /* static, no chunk: one near-equal block each */
    chunk_size = div_u64(trip - 1, threads) + 1;
  if (threads > 1)
    __kmpc_barrier(loc, gtid);
  if (threads <= 1 || current_thread_num() == 0) {
    TEAM_DISPATCH.lower = lower;
    TEAM_DISPATCH.trip = trip;
    TEAM_DISPATCH.chunk = chunk_size;
    TEAM_DISPATCH.next = 0;
    TEAM_DISPATCH.guided_divisor = guided_divisor;
  }
  if (threads > 1)
    __kmpc_barrier(loc, gtid);
}

/* The calling thread's next chunk as iteration numbers from the loop's
 * lower bound; last: it ends the loop. */
static bool dispatch_next_team(uint64_t *first, uint64_t *count, bool *last) {
  if (TEAM_DISPATCH.guided_divisor) {
    struct chunk guided = next_guided_chunk();
    if (!guided.count)
      return false;
    *first = guided.first;
    *count = guided.count;
  } else if (!next_dynamic_chunk(first, count)) {
    return false;
  }
  *last = *first + *count == TEAM_DISPATCH.trip;
  return true;
}

/* T: the loop variable's type, UT: its unsigned twin, ST: the signed type
 * of stride and chunk. */
#define DEFINE_DISPATCH(SUFFIX, T, UT, ST)                                     \
  void __kmpc_dispatch_init_##SUFFIX(IdentTy *loc, int32_t gtid, int32_t sched, T lb, \
                                     T ub, ST st, ST chunk) {                  \
    (void)st;                                                                  \
    struct own_dispatch *own = state_own_dispatch();                           \
    if (own) {                                                                 \
      /* Alone in a nested data environment: the whole loop, once. */          \
      own->lower = (uint64_t)lb;                                               \
      own->upper = (uint64_t)ub;                                               \
      own->pending = lb <= ub;                                                 \
      return;                                                                  \
    }                                                                          \
    uint64_t trip = lb <= ub ? (uint64_t)(UT)((UT)ub - (UT)lb) + 1 : 0;        \
    dispatch_init_team(loc, gtid, sched, (uint64_t)(UT)lb, trip, (int64_t)chunk); \
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
    uint64_t first, count;                                                     \
    bool is_last;                                                              \
    if (!dispatch_next_team(&first, &count, &is_last))                         \
      return 0;                                                                \
    UT begin = (UT)TEAM_DISPATCH.lower + (UT)first;                            \
    *lower = (T)begin;                                                         \
    *upper = (T)(UT)(begin + (UT)(count - 1));                                 \
    *stride = 1;                                                               \
    *last = is_last;                                                           \
    return 1;                                                                  \
  }                                                                            \
  void __kmpc_dispatch_fini_##SUFFIX(IdentTy *loc, int32_t gtid) {             \
    (void)loc;                                                                 \
    (void)gtid;                                                                \
  }

DEFINE_DISPATCH(4, int32_t, uint32_t, int32_t)
DEFINE_DISPATCH(4u, uint32_t, uint32_t, int32_t)
DEFINE_DISPATCH(8, int64_t, uint64_t, int64_t)
DEFINE_DISPATCH(8u, uint64_t, uint64_t, int64_t)

void __kmpc_dispatch_deinit(IdentTy *loc, int32_t gtid) {
  (void)loc;
  (void)gtid;
}

DEVICE_CODE_END
