/* kernel.c — kernel entry and exit, and the generic-mode state machine
 * (seed 003: the workers loop, waiting at a barrier for the main thread to
 * publish a parallel region; seed 004 §II).
 *
 * clang-19 brackets every target region with
 *     if (__kmpc_target_init(&kernel_env, launch_env) == -1) {
 *       user code; __kmpc_target_deinit();
 *     }
 * In SPMD mode every thread returns -1 and runs the user code. In generic
 * mode only the main thread (first lane of the block's last warp) does;
 * the threads below it are workers and wait in the state machine (ours, or
 * the one openmp-opt writes into the kernel, which then clears
 * UseGenericStateMachine); the rest of the main thread's warp leaves.
 */
#include "devicertl.h"

/* 1 in SPMD mode. Written at kernel start by the block's first thread;
 * openmp-opt folds __kmpc_is_spmd_exec_mode() when it knows every kernel
 * reaching a call. */
static SHARED uint32_t spmd_mode_flag;

__attribute__((noinline)) int8_t __kmpc_is_spmd_exec_mode(void) { return (int8_t)spmd_mode_flag; }


__attribute__((noinline)) uint32_t __kmpc_get_hardware_thread_id_in_block(void) {
  return hw_thread_id();
}

__attribute__((noinline)) uint32_t __kmpc_get_hardware_num_threads_in_block(void) {
  return hw_num_threads();
}

__attribute__((noinline)) uint32_t __kmpc_get_hardware_num_blocks(void) {
  return hw_num_blocks();
}

__attribute__((noinline)) uint32_t __kmpc_get_warp_size(void) { return WARP_SIZE; }

/* The loop the workers of a generic-mode team run until the main thread
 * finishes the target region (publishes a NULL region). */
static void generic_state_machine(void) {
  for (;;) {
    parallel_wrapper_fn work = 0;
    hw_barrier_generic(); /* wait for the main thread to publish work */
    bool active = __kmpc_kernel_parallel((void **)&work);
    if (!work)
      return;
    if (active) {
      work(0, hw_thread_id());
      __kmpc_kernel_end_parallel();
    }
    hw_barrier_generic(); /* tell the main thread the region is done */
  }
}

/* Generic mode, out of line: kept out of __kmpc_target_init so that the
 * SPMD path stays small enough to be inlined into every kernel. */
static __attribute__((noinline)) int32_t generic_target_init(KernelEnvironmentTy *kernel_env,
                                                             KernelLaunchEnvironmentTy *launch_env) {
  bool main_thread = is_main_thread(false);
  if (main_thread)
    spmd_mode_flag = 0;
  state_init(false, kernel_env, launch_env);
  /* The workers meet the main thread at its first barrier, after it has
   * written the team state. */
  if (main_thread)
    return -1;
  uint32_t tid = hw_thread_id();
  if (kernel_env->Configuration.UseGenericStateMachine && tid < team_threads(false))
    generic_state_machine();
  return (int32_t)tid;
}

int32_t __kmpc_target_init(KernelEnvironmentTy *kernel_env,
                           KernelLaunchEnvironmentTy *launch_env) {
  if (!(kernel_env->Configuration.ExecMode & EXEC_MODE_SPMD))
    return generic_target_init(kernel_env, launch_env);
  /* SPMD: every thread writes the same initial state, and no barrier:
   * each reads only what it wrote itself until the first parallel region,
   * which starts with one. */
  spmd_mode_flag = 1;
  state_init(true, kernel_env, launch_env);
  return -1;
}

void __kmpc_target_deinit(void) {
  if (is_spmd_mode()) {
    /* Nested parallel regions may have created thread states and the
     * team's array of them: each thread frees its own, the last thread out
     * the array. Kernels without nested parallelism (openmp-opt clears
     * MayUseNestedParallelism) fold this away. */
    if (config_may_use_nested_parallelism()) {
      state_reset_thread(hw_thread_id()); /* e.g. from omp_set_num_threads */
      state_release_team_spmd();
    }
    return;
  }
  if (is_main_thread(false)) {
    state_release_team(); /* the workers are idle in the state machine */
    /* The workers wake from the state machine barrier (the main thread's
     * exit counts as its arrival) and find no work: they leave. */
    omprt_team_state.parallel_region_fn = 0;
    return;
  }
  if (!state_kernel_environment()->Configuration.UseGenericStateMachine) {
    /* A custom state machine ended: it already saw the NULL region. */
    void *work = 0;
    __kmpc_kernel_parallel(&work);
    ASSERT(work == 0, "worker left the state machine with work pending");
  }
}

/* Worker side of the state machine: fetch the published region; say
 * whether this thread is part of its team. */
__attribute__((noinline)) bool __kmpc_kernel_parallel(void **work_fn) {
  parallel_wrapper_fn work = omprt_team_state.parallel_region_fn;
  *work_fn = (void *)work;
  if (!work)
    return false;
  return hw_thread_id() < state_effective_team_size();
}

__attribute__((noinline)) void __kmpc_kernel_end_parallel(void) {
  state_reset_thread(hw_thread_id());
}

DEVICE_CODE_END
