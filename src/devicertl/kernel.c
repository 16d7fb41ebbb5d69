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

/* 1 in generic mode, 0 in SPMD mode (0, like every initial value of the
 * team state, costs SPMD kernels no register, see struct icv_state).
 * Written at kernel start: by every thread in SPMD mode, by the main thread
 * in generic mode; SPMD-only paths store the 0 again after their barriers
 * (state_restore_spmd_mode). openmp-opt folds __kmpc_is_spmd_exec_mode()
 * when it knows every kernel reaching a call. */
SHARED uint32_t omprt_generic_mode;

__attribute__((noinline)) int8_t __kmpc_is_spmd_exec_mode(void) { return omprt_generic_mode == 0; }


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
    omprt_generic_mode = 1;
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

/* Entry points openmp-opt writes calls to into kernels (the guards of a
 * kernel it SPMD-ises, a custom state machine) after clang has linked the
 * runtime into the unit, which brings in only what the unit references
 * then. Absent, such a call stayed a call to an external function,
 * resolved from the archive at the device link: the kernel paid the call
 * ABI (`25_target_variants.c` main_l28: 24 registers for one guard's
 * barrier, LLVM 19 10). So __kmpc_target_init, which every kernel calls,
 * references them, behind a bit of __omp_rtl_debug_kind no debug mode
 * uses. clang emits that constant into every unit of the program, so it
 * is unknown when the runtime is built (the reference stays in the
 * bitcode and links them in) and 0 in the program (the branch folds
 * before openmp-opt runs; openmp-opt still finds the functions, and those
 * it does not call go with the other dead functions later). Taken, the
 * branch only stores addresses, into a global: stores into a local,
 * volatile or not, LLVM found to have no effect and dropped the call.
 * (`used` links them too, through llvm.compiler.used, but a -save-temps
 * build links the runtime into both halves of the device compile, and
 * that list brought in a second copy with a team state of its own.) */
#define DEBUG_KEEP_OPENMP_OPT_ENTRY_POINTS (1u << 31)
static void *volatile openmp_opt_entry_point;
static __attribute__((noinline)) void keep_openmp_opt_entry_points(void) {
  openmp_opt_entry_point = (void *)__kmpc_barrier_simple_spmd;
  openmp_opt_entry_point = (void *)__kmpc_barrier_simple_generic;
  openmp_opt_entry_point = (void *)__kmpc_kernel_parallel;
  openmp_opt_entry_point = (void *)__kmpc_kernel_end_parallel;
  openmp_opt_entry_point = (void *)__kmpc_get_hardware_thread_id_in_block;
  openmp_opt_entry_point = (void *)__kmpc_get_hardware_num_threads_in_block;
  openmp_opt_entry_point = (void *)__kmpc_get_warp_size;
}

int32_t __kmpc_target_init(KernelEnvironmentTy *kernel_env,
                           KernelLaunchEnvironmentTy *launch_env) {
  if (__omp_rtl_debug_kind & DEBUG_KEEP_OPENMP_OPT_ENTRY_POINTS)
    keep_openmp_opt_entry_points();
  if (!(kernel_env->Configuration.ExecMode & EXEC_MODE_SPMD))
    return generic_target_init(kernel_env, launch_env);
  /* SPMD: every thread writes the same initial state, and no barrier:
   * each reads only what it wrote itself until the first parallel region,
   * which starts with one. */
  omprt_generic_mode = 0;
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
