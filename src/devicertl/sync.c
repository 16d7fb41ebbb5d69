/* sync.c — barriers, critical, single, master/masked, flush, ordered,
 * cancellation and the lock API on the device.
 *
 * __kmpc_barrier must pick the right hardware barrier for the team it binds
 * to: nothing for a team of one (the sequential part of a target region,
 * serialized nested regions), the aligned block barrier when the team is
 * the whole block (SPMD mode), and the counted barrier of the parallel
 * team otherwise: in generic mode, whose main thread's warp never arrives,
 * and in SPMD mode for a num_threads team smaller than the block, whose
 * other threads wait at the region's end. The team size alone tells them
 * apart.
 */
#include "devicertl.h"

#pragma omp begin assumes ext_aligned_barrier
void sync_threads_aligned(void) { hw_barrier_aligned(); }
/* Every thread of the block, from the same instruction. */
__attribute__((noinline)) void __kmpc_barrier_simple_spmd(IdentTy *loc, int32_t tid) {
  (void)loc;
  (void)tid;
  hw_barrier_aligned();
}
#pragma omp end assumes

void sync_threads(void) { hw_barrier_generic(); }

/* The generic-mode block barrier: main thread and workers, from anywhere. */
__attribute__((noinline)) void __kmpc_barrier_simple_generic(IdentTy *loc, int32_t tid) {
  (void)loc;
  (void)tid;
  hw_barrier_generic();
}

void __kmpc_flush(IdentTy *loc) {
  (void)loc;
  hw_fence_device();
}

/* The barrier of a parallel team smaller than the block (SPMD mode) or
 * of the workers (generic mode): whole warps (parallel.c rounds teams so)
 * meet at the counted barrier; a team inside warp 0 at a warp barrier. */
static void team_barrier(uint32_t threads) {
  hw_fence_team();
  if (threads < WARP_SIZE)
    hw_syncwarp((1u << threads) - 1);
  else
    hw_barrier_count(BARRIER_PARALLEL_TEAM, threads);
}

void __kmpc_barrier(IdentTy *loc, int32_t tid) {
  /* Decided by the team size alone, not the mode: the size is what the
   * region's starter stored, which the optimizer forwards into an inlined
   * region, where the mode would stay unknown in a file whose kernels mix
   * modes (openmp-opt cannot see which kernels reach a region's code).
   * A nested (serialized) region only exists in kernels that may nest:
   * only there is the level worth reading. */
  uint32_t threads = config_may_use_nested_parallelism() ? (uint32_t)omp_get_num_threads()
                                                         : state_effective_team_size();
  /* 1: a team of one, level 0 (the binding team is the initial thread;
   * the generic-mode main thread is always here), or a serialized region. */
  if (threads == 1) {
    __kmpc_flush(loc);
    return;
  }
  /* The whole block (SPMD mode only: a generic-mode team leaves out the
   * main thread's warp), the common case: the aligned barrier. */
  if (threads == hw_num_threads()) {
    __kmpc_barrier_simple_spmd(loc, tid);
    /* Only SPMD mode gets here, in an active region at level 1 (see the
     * end of this function). */
    state_restore_spmd_mode();
    omprt_team_state.icv.level = 1;
    omprt_team_state.icv.active_level = 1;
  } else
    /* Part of the block: the others wait at the region's end (SPMD mode)
     * or in the state machine (generic mode), and a block barrier here
     * would meet theirs. */
    team_barrier(threads);
  /* The barrier may write any memory as far as the optimizer knows, so the
   * next barrier of the region (the inter-warp copy of a reduction has
   * two per 32-bit word) would load the team size again and keep all
   * three ways, and the next worksharing loop would load the levels (and
   * the kernel's end the mode) again. Storing back what they are lets
   * those loads forward from here. They cannot have changed: a team of
   * more than one thread is an active region's, at level 1, and the team
   * state changes only at the region's start and end, behind barriers
   * every thread of the team passes first; every thread stores the same
   * values. (The levels only for the whole block: in a smaller team the
   * two stores cost more registers than the loads they save.) */
  state_set_team_size(threads);
}

int32_t __kmpc_cancel_barrier(IdentTy *loc, int32_t tid) {
  __kmpc_barrier(loc, tid);
  return 0;
}

/* Cancellation is not activated on the device (cancel-var is false). */
int32_t __kmpc_cancel(IdentTy *loc, int32_t tid, int32_t kind) {
  (void)loc;
  (void)tid;
  (void)kind;
  return 0;
}
int32_t __kmpc_cancellationpoint(IdentTy *loc, int32_t tid, int32_t kind) {
  (void)loc;
  (void)tid;
  (void)kind;
  return 0;
}

int32_t __kmpc_master(IdentTy *loc, int32_t tid) {
  (void)loc;
  (void)tid;
  return omp_get_thread_num() == 0;
}
void __kmpc_end_master(IdentTy *loc, int32_t tid) {
  (void)loc;
  (void)tid;
}

int32_t __kmpc_masked(IdentTy *loc, int32_t tid, int32_t filter) {
  (void)loc;
  (void)tid;
  return omp_get_thread_num() == filter;
}
void __kmpc_end_masked(IdentTy *loc, int32_t tid) {
  (void)loc;
  (void)tid;
}

/* The thread numbered 0 runs single regions: no shared counter needed,
 * and clang adds the closing barrier itself unless nowait. */
int32_t __kmpc_single(IdentTy *loc, int32_t tid) {
  (void)loc;
  (void)tid;
  return omp_get_thread_num() == 0;
}
void __kmpc_end_single(IdentTy *loc, int32_t tid) {
  (void)loc;
  (void)tid;
}

/* Ordered loops are given whole to one thread (workshare.c), so ordered
 * regions already run in order. */
void __kmpc_ordered(IdentTy *loc, int32_t tid) {
  (void)loc;
  (void)tid;
}
void __kmpc_end_ordered(IdentTy *loc, int32_t tid) {
  (void)loc;
  (void)tid;
}

void __kmpc_syncwarp(uint64_t mask) { hw_syncwarp((uint32_t)mask); }
uint64_t __kmpc_warp_active_thread_mask(void) { return hw_active_mask(); }

/* ---- locks: one 32-bit word, 0 free, 1 held ------------------------------ */

static void lock_acquire(uint32_t *word) {
  uint32_t backoff = 32;
  for (;;) {
    uint32_t expected = 0;
    if (__atomic_compare_exchange_n(word, &expected, 1u, false, __ATOMIC_ACQUIRE,
                                    __ATOMIC_RELAXED))
      break;
    hw_pause(backoff);
    if (backoff < 1024)
      backoff *= 2;
  }
  hw_fence_device();
}

static void lock_release(uint32_t *word) {
  hw_store_release_u32(word, 0u);
}

static bool lock_try(uint32_t *word) {
  uint32_t expected = 0;
  bool taken = __atomic_compare_exchange_n(word, &expected, 1u, false, __ATOMIC_ACQUIRE,
                                           __ATOMIC_RELAXED);
  if (taken)
    hw_fence_device();
  return taken;
}

/* The critical name is a zero-initialised 32-byte global clang emits per
 * name; its first word is the lock. */
void __kmpc_critical(IdentTy *loc, int32_t tid, uint32_t (*name)[8]) {
  (void)loc;
  (void)tid;
  lock_acquire(&(*name)[0]);
}
void __kmpc_end_critical(IdentTy *loc, int32_t tid, uint32_t (*name)[8]) {
  (void)loc;
  (void)tid;
  lock_release(&(*name)[0]);
}

/* omp_lock_t is { void *_lk; }: the lock word is its first 4 bytes. */
typedef struct omp_lock_t {
  void *_lk;
} omp_lock_t;

void omp_init_lock(omp_lock_t *lock) { __atomic_store_n((uint32_t *)lock, 0u, __ATOMIC_RELAXED); }
void omp_destroy_lock(omp_lock_t *lock) { (void)lock; }
void omp_set_lock(omp_lock_t *lock) { lock_acquire((uint32_t *)lock); }
void omp_unset_lock(omp_lock_t *lock) { lock_release((uint32_t *)lock); }
int omp_test_lock(omp_lock_t *lock) { return lock_try((uint32_t *)lock); }

DEVICE_CODE_END
