/* reduction.c — reductions within a team (parallel) and across teams.
 *
 * clang generates, per reduction, the type-specific pieces: a shuffle-and-
 * reduce function (combines a value with one shuffled from another lane),
 * an inter-warp copy function (warp leaders to warp 0 through clang's own
 * shared buffer), and for teams four functions moving a team's values to
 * and from a global buffer. We only choreograph them (the scheme of LLVM
 * 19's device runtime, Volta and newer):
 *  1. reduce within each warp by shuffles (a tree of offsets 16, 8, ...;
 *     or the irregular version for a partial last warp);
 *  2. leaders copy to warp 0, which reduces once more;
 *  3. the thread that returns 1 holds the result and combines it with the
 *     original variable.
 * Across teams, each team leader writes its value into the global buffer
 * slot team % slots (reducing into it once slots wrap), and the last team
 * to arrive reduces the buffer.
 */
#include "devicertl.h"

typedef void (*shuffle_reduce_fn)(void *rhs, int16_t lane_id, int16_t offset,
                                  int16_t algo_version);
typedef void (*inter_warp_copy_fn)(void *src, int32_t warp_num);
typedef void (*list_global_fn)(void *buffer, int idx, void *reduce_data);

/* The lanes that are here: all 32 in whole warps; in the partial last warp
 * of an SPMD team of n threads, only those below n call in (a full mask
 * would wait for lanes that never come). The reduction algorithms only
 * use values from lanes below the size they pass. */
int32_t __kmpc_shuffle_int32(int32_t value, int16_t delta, int16_t width) {
  return hw_shfl_down_i32(hw_active_mask(), value, (uint32_t)delta, width);
}

int64_t __kmpc_shuffle_int64(int64_t value, int16_t delta, int16_t width) {
  uint32_t mask = hw_active_mask();
  uint32_t lo = (uint32_t)value, hi = (uint32_t)((uint64_t)value >> 32);
  lo = (uint32_t)hw_shfl_down_i32(mask, (int32_t)lo, (uint32_t)delta, width);
  hi = (uint32_t)hw_shfl_down_i32(mask, (int32_t)hi, (uint32_t)delta, width);
  return (int64_t)(((uint64_t)hi << 32) | lo);
}

/* A full warp: the classic halving tree (algorithm 0). */
static void warp_reduce_full(void *data, shuffle_reduce_fn shuffle) {
  for (uint32_t offset = WARP_SIZE / 2; offset > 0; offset /= 2)
    shuffle(data, 0, (int16_t)offset, 0);
}

/* The first `size` lanes of a warp (algorithm 1). */
static void warp_reduce_partial(void *data, shuffle_reduce_fn shuffle, uint32_t size,
                                uint32_t lane) {
  uint32_t current = size;
  uint32_t offset = current / 2;
  while (offset > 0) {
    shuffle(data, (int16_t)lane, (int16_t)offset, 1);
    current = (current + 1) / 2;
    offset = current / 2;
  }
}

static int32_t reduce_in_team(void *data, shuffle_reduce_fn shuffle, inter_warp_copy_fn copy) {
  uint32_t threads = (uint32_t)omp_get_num_threads();
  if (threads == 1)
    return 1;
  uint32_t tid = hw_thread_id();
  uint32_t warps = (threads + WARP_SIZE - 1) / WARP_SIZE;
  uint32_t warp = tid / WARP_SIZE;
  if (threads % WARP_SIZE == 0 || warp < warps - 1)
    warp_reduce_full(data, shuffle);
  else /* SPMD only: generic-mode teams are whole warps */
    warp_reduce_partial(data, shuffle, threads % WARP_SIZE, tid % WARP_SIZE);
  if (threads > WARP_SIZE) {
    copy(data, (int32_t)warps);
    if (warp == 0)
      warp_reduce_partial(data, shuffle, warps, tid);
  }
  return tid == 0;
}

int32_t __kmpc_nvptx_parallel_reduce_nowait_v2(IdentTy *loc, uint64_t data_size, void *data,
                                               shuffle_reduce_fn shuffle,
                                               inter_warp_copy_fn copy) {
  (void)loc;
  (void)data_size;
  return reduce_in_team(data, shuffle, copy);
}

void *__kmpc_reduction_get_fixed_buffer(void) {
  return state_launch_environment()->ReductionBuffer;
}

/* The team's part is its initial thread's: a teams reduction binds to the
 * teams region, so it runs at level 0, where a team counts one thread (in
 * SPMD mode thread 0, into whose copy of the variables the parallel
 * reduction before has combined the team's values; in generic mode the
 * main thread, the workers being in the state machine). That thread writes
 * the team's value into slot team % slots of the buffer (reducing into it
 * once slots wrap), and the last team to arrive reduces the buffer, with
 * one thread, as LLVM 19's does. The other threads return 0 at once: none
 * of them has anything left to do, so the team needs no barrier and no
 * shared memory to tell them the outcome (LLVM 19 broadcasts it through
 * two shared words and a block barrier; so did we, 8 bytes of static
 * shared memory in every kernel with a teams reduction). */
int32_t __kmpc_nvptx_teams_reduce_nowait_v2(IdentTy *loc, void *buffer, uint32_t slots,
                                            uint64_t data_size, void *data,
                                            shuffle_reduce_fn shuffle,
                                            inter_warp_copy_fn copy,
                                            list_global_fn local_to_global_copy,
                                            list_global_fn local_to_global_reduce,
                                            list_global_fn global_to_local_copy,
                                            list_global_fn global_to_local_reduce) {
  (void)loc;
  (void)data_size;
  (void)shuffle; /* one thread per team: nothing to shuffle or copy */
  (void)copy;
  bool initial_thread =
      is_spmd_mode() ? hw_thread_id() == 0 : is_main_thread_in_generic_mode();
  if (!initial_thread)
    return 0;
  KernelLaunchEnvironmentTy *launch = state_launch_environment();
  uint32_t *round_base = &launch->ReductionIterCnt;
  uint32_t *arrivals = &launch->ReductionCnt;
  uint32_t team = (uint32_t)omp_get_team_num();
  uint32_t teams = (uint32_t)omp_get_num_teams();

  /* Wait until this team's slot is free for its round: the teams that may
   * write the buffer now are [bound, bound + slots). */
  uint32_t bound;
  do
    bound = hw_load_acquire_u32(round_base);
  while (team >= bound + slots);
  uint32_t slot = team % slots;
  if (team < slots)
    local_to_global_copy(buffer, (int)slot, data);
  else
    local_to_global_reduce(buffer, (int)slot, data);
  hw_fence_device();
  /* This team's arrival number within its round (CUDA's atomicInc: wraps
   * at slots - 1). */
  uint32_t arrival = hw_atomic_inc(arrivals, slots - 1);

  if (arrival == teams - bound - 1) {
    /* The last team: everything is in the buffer. */
    hw_fence_device();
    uint32_t records = teams < slots ? teams : slots;
    global_to_local_copy(buffer, 0, data);
    /* Not unrolled: run once per kernel, and unrolled by 4 it kept four
     * record pointers live, 15 registers more in a kernel with one double
     * reduction (24_reduction.c main_l45: 46, LLVM 19 32, now 31). */
#pragma clang loop unroll(disable)
    for (uint32_t i = 1; i < records; i++)
      global_to_local_reduce(buffer, (int)i, data);
    /* Reset for the kernel's next teams reduction. */
    *arrivals = 0;
    *round_base = 0;
    return 1;
  }
  if (arrival == slots - 1) /* this round is full: next one */
    __atomic_fetch_add(round_base, slots, __ATOMIC_SEQ_CST);
  return 0;
}

DEVICE_CODE_END
