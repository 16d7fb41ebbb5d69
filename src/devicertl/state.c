/* state.c — ICV state: one team state in static shared memory, thread
 * states only when a thread enters a data environment of its own
 * (seed 004 §III-B/C, Fig. 3).
 *
 * Lookups without a thread state read the team state. Who writes it:
 *  - SPMD mode: every thread, the same values (kernel start, entry and exit
 *    of each parallel region, between barriers). Each thread's loads are
 *    then dominated by its own store, so ordinary store-to-load forwarding
 *    folds them once the runtime is inlined, and with no load left the
 *    stores and the shared memory disappear: an SPMD kernel without
 *    nested parallelism keeps no state (seed 004 §IV-B; 0 B of static
 *    shared memory where LLVM 19 reaches it through its assumptions).
 *  - generic mode: the main thread, before the barrier that releases the
 *    workers (a broadcast).
 */
#include "devicertl.h"

SHARED struct team_state omprt_team_state;
/* Per-thread pointers to the innermost thread state, allocated (global
 * memory) the first time any thread of the team needs one. */
SHARED thread_state_array_ptr omprt_thread_states;
SHARED kernel_environment_ptr omprt_kernel_environment;
SHARED uintptr_t omprt_launch_environment;

/* Every ICV at its initial value: all fields 0 (struct icv_state). */
static void icv_init(struct icv_state *icv) {
  icv->nthreads = 0;
  icv->level = 0;
  icv->active_level = 0;
  icv->max_active_levels = 0;
  icv->run_sched = 0;
  icv->run_sched_chunk = 0;
}

/* Always inlined into __kmpc_target_init, which is itself small enough to
 * be inlined into each kernel after openmp-opt: the kernel then holds
 * these stores, and its later loads of the same fields fold. */
__attribute__((always_inline)) void state_init(bool is_spmd, KernelEnvironmentTy *kernel_env,
                                               KernelLaunchEnvironmentTy *launch_env) {
  shared_stack_init(is_spmd);
  /* SPMD: every thread writes the same values (see __kmpc_parallel_spmd
   * for why); generic: the main thread, before the workers' first look. */
  if (is_spmd || is_main_thread(false)) {
    icv_init(&TEAM.icv);
    state_set_team_size(1);
    TEAM.has_thread_state = 0;
    /* Only generic mode's workers read the region to run: an SPMD kernel
     * storing it kept 8 B of shared memory where a generic kernel of the
     * same unit reads it. */
    if (!is_spmd)
      TEAM.parallel_region_fn = 0;
    omprt_thread_states = 0;
    omprt_kernel_environment = kernel_env;
    /* Only teams reductions read the launch environment, and only kernels
     * with one have a reduction data size (clang writes it into the
     * kernel environment, a constant of each kernel; the plugin gives the
     * other kernels no real launch environment either). Elsewhere the
     * store folds away: in a unit where another kernel reads the pointer,
     * it cost each kernel a store and a register. */
    if (kernel_env->Configuration.ReductionDataSize)
      omprt_launch_environment = (uintptr_t)launch_env;
  }
}

struct own_dispatch *state_own_dispatch(void) {
  struct thread_state *own = own_thread_state();
  return own ? &own->dispatch : 0;
}

/* An ICV write from user code (omp_set_*). At level 0 of a team the team
 * state is the task's data environment; inside a parallel region the
 * write must not leak to the other threads, so it goes to a thread state
 * of the caller's own. */
void icv_set(enum icv_field field, uint32_t value) {
  struct thread_state *own = own_thread_state();
  if (!own && TEAM.icv.level > 0 && config_may_use_thread_states()) {
    state_enter_data_environment();
    own = own_thread_state();
  }
  *icv_field_ptr(own ? &own->icv : &TEAM.icv, field) = value ^ icv_initial(field);
}

/* The team's array of per-thread state pointers, created by whichever
 * thread needs it first. One slot past the threads counts the threads that
 * have left an SPMD kernel (state_release_team_spmd). */
static struct thread_state **thread_state_array(void) {
  struct thread_state **states =
      __atomic_load_n((struct thread_state ***)&omprt_thread_states, __ATOMIC_RELAXED);
  hw_fence_team();
  if (states)
    return states;
  size_t bytes = sizeof(struct thread_state *) * (hw_num_threads() + 1);
  struct thread_state **fresh = global_alloc(bytes);
  if (!fresh)
    devicertl_out_of_memory("thread states");
  __builtin_memset(fresh, 0, bytes);
  struct thread_state **expected = 0;
  if (!__atomic_compare_exchange_n((struct thread_state ***)&omprt_thread_states, &expected,
                                   fresh, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
    global_free(fresh); /* another thread won the race */
    return expected;
  }
  return fresh;
}

/* Makes `fresh` the calling thread's innermost data environment, with the
 * ICVs of the one it encloses. */
static void push_thread_state(struct thread_state *fresh, bool explicit_task, bool final_task) {
  struct thread_state **states = thread_state_array();
  uint32_t tid = hw_thread_id();
  struct thread_state *previous = states[tid];
  fresh->icv = previous ? previous->icv : TEAM.icv;
  fresh->dispatch.pending = 0;
  fresh->previous = previous;
  fresh->explicit_task = explicit_task;
  fresh->final_task = final_task;
  states[tid] = fresh;
  TEAM.has_thread_state = 1;
}

void state_enter_data_environment(void) {
  if (!config_may_use_thread_states())
    return;
  /* An implicit task: never final, even inside a final task. */
  push_thread_state(__kmpc_alloc_shared(sizeof(struct thread_state)), false, false);
}

bool state_enter_task_environment(struct thread_state *env, bool final_task) {
  if (!config_may_use_thread_states())
    return false;
  push_thread_state(env, true, final_task);
  return true;
}

void state_exit_task_environment(struct thread_state *env) {
  omprt_thread_states[hw_thread_id()] = env->previous;
}

void state_reset_thread(uint32_t tid) {
  if (!config_may_use_thread_states() || !TEAM.has_thread_state)
    return;
  struct thread_state **states = omprt_thread_states;
  if (!states)
    return;
  while (states[tid]) {
    struct thread_state *top = states[tid];
    states[tid] = top->previous;
    __kmpc_free_shared(top, sizeof(struct thread_state));
  }
}

void state_release_team(void) {
  struct thread_state **states = omprt_thread_states;
  if (states) {
    omprt_thread_states = 0;
    global_free(states);
  }
}

/* No barrier (a thread that never reaches the kernel's end must not hang
 * the others): each thread counts itself out, the last frees. A thread
 * that found no array yet while another was creating one leaves it
 * allocated: a leak, never a use after free. */
void state_release_team_spmd(void) {
  struct thread_state **states =
      __atomic_load_n((struct thread_state ***)&omprt_thread_states, __ATOMIC_RELAXED);
  if (!states)
    return;
  uint32_t threads = hw_num_threads();
  uint64_t *leavers = (uint64_t *)&states[threads];
  hw_fence_device();
  if (__atomic_fetch_add(leavers, 1, __ATOMIC_RELAXED) == threads - 1)
    global_free(states);
}

void state_exit_data_environment(void) {
  if (!config_may_use_thread_states())
    return;
  uint32_t tid = hw_thread_id();
  struct thread_state **states = omprt_thread_states;
  ASSERT(states && states[tid], "leaving a data environment never entered");
  struct thread_state *top = states[tid];
  states[tid] = top->previous;
  __kmpc_free_shared(top, sizeof(struct thread_state));
}

DEVICE_CODE_END
