/* parallel.c — `#pragma omp parallel` on the device: __kmpc_parallel_51.
 *
 * Three ways to run a region:
 *  - serialized (if(0), nested inside another parallel region, or one
 *    thread): the caller runs it alone in a data environment of its own;
 *  - SPMD mode: every thread of the block is already here; each one writes
 *    the same new team state (state.c says why) between two barriers and
 *    runs the outlined function directly;
 *  - generic mode: the main thread publishes the wrapper function and the
 *    arguments (shared-variable buffer) and releases the workers from the
 *    state machine, then waits for them at the same barrier.
 * Nested parallel regions always run serialized (max-active-levels is 1).
 */
#include "devicertl.h"

/* Calls the outlined region with clang's argument convention:
 * fn(&global_tid, &bound_tid, arg0, arg1, ...). The call type must match
 * the outlined function's exactly (a variadic call to a non-variadic
 * function is undefined, and LLVM deletes it), hence one type per arity. */
#define P void *
typedef void (*region0)(int32_t *, int32_t *);
typedef void (*region1)(int32_t *, int32_t *, P);
typedef void (*region2)(int32_t *, int32_t *, P, P);
typedef void (*region3)(int32_t *, int32_t *, P, P, P);
typedef void (*region4)(int32_t *, int32_t *, P, P, P, P);
typedef void (*region5)(int32_t *, int32_t *, P, P, P, P, P);
typedef void (*region6)(int32_t *, int32_t *, P, P, P, P, P, P);
typedef void (*region7)(int32_t *, int32_t *, P, P, P, P, P, P, P);
typedef void (*region8)(int32_t *, int32_t *, P, P, P, P, P, P, P, P);
typedef void (*region9)(int32_t *, int32_t *, P, P, P, P, P, P, P, P, P);
typedef void (*region10)(int32_t *, int32_t *, P, P, P, P, P, P, P, P, P, P);
typedef void (*region11)(int32_t *, int32_t *, P, P, P, P, P, P, P, P, P, P, P);
typedef void (*region12)(int32_t *, int32_t *, P, P, P, P, P, P, P, P, P, P, P, P);
typedef void (*region13)(int32_t *, int32_t *, P, P, P, P, P, P, P, P, P, P, P, P, P);
typedef void (*region14)(int32_t *, int32_t *, P, P, P, P, P, P, P, P, P, P, P, P, P, P);
typedef void (*region15)(int32_t *, int32_t *, P, P, P, P, P, P, P, P, P, P, P, P, P, P, P);
typedef void (*region16)(int32_t *, int32_t *, P, P, P, P, P, P, P, P, P, P, P, P, P, P, P, P);
#undef P

static void invoke_microtask(int32_t global_tid, int32_t bound_tid, void *fn, void **args,
                             int64_t nargs) {
  int32_t *g = &global_tid, *b = &bound_tid;
  void **a = args;
  switch (nargs) {
  case 0: ((region0)fn)(g, b); break;
  case 1: ((region1)fn)(g, b, a[0]); break;
  case 2: ((region2)fn)(g, b, a[0], a[1]); break;
  case 3: ((region3)fn)(g, b, a[0], a[1], a[2]); break;
  case 4: ((region4)fn)(g, b, a[0], a[1], a[2], a[3]); break;
  case 5: ((region5)fn)(g, b, a[0], a[1], a[2], a[3], a[4]); break;
  case 6: ((region6)fn)(g, b, a[0], a[1], a[2], a[3], a[4], a[5]); break;
  case 7: ((region7)fn)(g, b, a[0], a[1], a[2], a[3], a[4], a[5], a[6]); break;
  case 8: ((region8)fn)(g, b, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7]); break;
  case 9: ((region9)fn)(g, b, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8]); break;
  case 10:
    ((region10)fn)(g, b, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9]);
    break;
  case 11:
    ((region11)fn)(g, b, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10]);
    break;
  case 12:
    ((region12)fn)(g, b, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10],
                   a[11]);
    break;
  case 13:
    ((region13)fn)(g, b, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10],
                   a[11], a[12]);
    break;
  case 14:
    ((region14)fn)(g, b, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10],
                   a[11], a[12], a[13]);
    break;
  case 15:
    ((region15)fn)(g, b, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10],
                   a[11], a[12], a[13], a[14]);
    break;
  case 16:
    ((region16)fn)(g, b, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10],
                   a[11], a[12], a[13], a[14], a[15]);
    break;
  default:
    /* clang passes at most 16 captured variables one by one; beyond that
     * it packs them into a struct, so this is unreachable. */
    __llvm_omp_vprintf("omptarget device: parallel region with more than 16 arguments\n", 0, 0);
    __builtin_trap();
  }
}

/* How many threads a region gets: num_threads clause, else nthreads-var,
 * capped by the team; generic mode rounds down to whole warps (the named
 * barrier of a parallel team counts in warps). */
static uint32_t region_threads(int32_t num_threads, bool is_spmd) {
  uint32_t wanted = num_threads > 0 ? (uint32_t)num_threads : icv_get(ICV_NTHREADS);
  uint32_t available = max_team_threads();
  uint32_t threads = wanted && wanted < available ? wanted : available;
  if (is_spmd)
    return threads;
  return threads < WARP_SIZE ? 1 : threads & ~(WARP_SIZE - 1);
}

static void run_serialized(uint32_t tid, void *fn, void **args, int64_t nargs) {
  state_enter_data_environment();
  icv_set(ICV_LEVEL, icv_get(ICV_LEVEL) + 1);
  invoke_microtask((int32_t)tid, 0, fn, args, nargs);
  state_exit_data_environment();
}

/* Always inlined, like LLVM 19's: the kernel then holds the team-state
 * stores and the loads they forward to in one function. */
__attribute__((always_inline)) void __kmpc_parallel_spmd(IdentTy *ident, int32_t num_threads,
                                                    void *fn, void **args, int64_t nargs) {
  (void)ident;
  uint32_t tid = hw_thread_id();
  uint32_t threads = region_threads(num_threads, true);
  uint32_t team_size = threads == max_team_threads() ? 0 : threads;
  /* Everyone has read the enclosing level's state before it changes. */
  sync_threads_aligned();
  /* Every thread stores the same values, and each thread's later loads are
   * dominated by its own store: the optimizer forwards them, and with no
   * load left the stores and the shared memory go (seed 004 §IV-B). Only
   * two barriers: nobody reads a value another thread wrote. */
  omprt_team_state.parallel_team_size = team_size;
  omprt_team_state.icv.active_level = 1;
  omprt_team_state.icv.level = 1;
  if (!team_size || tid < team_size)
    invoke_microtask((int32_t)tid, 0, fn, args, nargs);
  /* Everyone has left the region before it ends. */
  sync_threads_aligned();
  omprt_team_state.parallel_team_size = 1;
  omprt_team_state.icv.active_level = 0;
  omprt_team_state.icv.level = 0;
}

__attribute__((always_inline)) void __kmpc_parallel_51(IdentTy *ident, int32_t global_tid, int32_t if_expr,
                        int32_t num_threads, int32_t proc_bind, void *fn, void *wrapper_fn,
                        void **args, int64_t nargs) {
  (void)global_tid;
  (void)proc_bind;
  uint32_t tid = hw_thread_id();
  /* Serialized: if(0), or nested. A thread in a data environment of its
   * own is always at level > 0 here (tasks run in their creator's), so
   * the level alone decides; and when openmp-opt has cleared
   * MayUseNestedParallelism, nothing is read at all. */
  bool is_spmd = is_spmd_mode();
  if (!if_expr && is_spmd && icv_get(ICV_LEVEL) == 0) {
    /* SPMD, if(0) at level 0: every thread runs the region alone. No
     * thread states (another thread may still be writing its initial
     * state: creating them now would race with that), the team state
     * says "one inactive level, one thread" instead, written like an
     * active region's (every thread, the same values, between barriers). */
    sync_threads_aligned();
    omprt_team_state.parallel_team_size = 1;
    omprt_team_state.icv.level = 1;
    invoke_microtask((int32_t)tid, 0, fn, args, nargs);
    sync_threads_aligned();
    omprt_team_state.icv.level = 0;
    return;
  }
  if (!if_expr || (config_may_use_nested_parallelism() && icv_get(ICV_LEVEL) > 0)) {
    run_serialized(tid, fn, args, nargs);
    return;
  }
  if (is_spmd) {
    __kmpc_parallel_spmd(ident, num_threads, fn, args, nargs);
    return;
  }

  /* Generic mode, the main thread. */
  uint32_t threads = region_threads(num_threads, false);
  if (threads <= 1) {
    run_serialized(tid, fn, args, nargs);
    return;
  }
  void **shared_args = 0;
  if (nargs) {
    __kmpc_begin_sharing_variables(&shared_args, (uint64_t)nargs);
    for (int64_t i = 0; i < nargs; i++)
      shared_args[i] = args[i];
  }
  omprt_team_state.parallel_team_size = threads == max_team_threads() ? 0 : threads;
  omprt_team_state.parallel_region_fn = (parallel_wrapper_fn)wrapper_fn;
  omprt_team_state.icv.active_level = 1;
  omprt_team_state.icv.level = 1;
  hw_fence_team();
  hw_barrier_generic(); /* release the workers */
  hw_barrier_generic(); /* wait for them to finish */
  omprt_team_state.icv.level = 0;
  omprt_team_state.icv.active_level = 0;
  omprt_team_state.parallel_region_fn = 0;
  omprt_team_state.parallel_team_size = 1;
  if (nargs)
    __kmpc_end_sharing_variables();
}

/* openmp-opt folds this when it knows the callers' context. */
__attribute__((noinline)) uint16_t __kmpc_parallel_level(IdentTy *ident, uint32_t gtid) {
  (void)ident;
  (void)gtid;
  return (uint16_t)omp_get_level();
}

int32_t __kmpc_global_thread_num(IdentTy *ident) {
  (void)ident;
  return omp_get_thread_num();
}

/* clang passes num_threads and proc_bind to __kmpc_parallel_51 directly on
 * the device; these exist for the few paths that still push them. */
void __kmpc_push_num_threads(IdentTy *ident, int32_t gtid, int32_t num_threads) {
  (void)ident;
  (void)gtid;
  (void)num_threads;
}
void __kmpc_push_proc_bind(IdentTy *ident, uint32_t gtid, int proc_bind) {
  (void)ident;
  (void)gtid;
  (void)proc_bind;
}
void __kmpc_push_num_teams(IdentTy *ident, int32_t gtid, int32_t num_teams,
                           int32_t thread_limit) {
  (void)ident;
  (void)gtid;
  (void)num_teams;
  (void)thread_limit;
}

DEVICE_CODE_END
