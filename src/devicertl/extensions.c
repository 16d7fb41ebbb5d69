/* extensions.c — LLVM's extensions to OpenMP that device code calls by name:
 * the kernel-language routines of clang's <ompx.h> (grid coordinates,
 * block barriers, warp ballot and shuffles, as used by `ompx_bare` kernels
 * and CUDA-style code inside target regions), and the lookup clang-19
 * programs call to turn a host function pointer into its `declare target
 * indirect` device function.
 *
 * None of these touches the team state: they read hardware registers or
 * the device environment, so they also work in `ompx_bare` kernels, which
 * never call __kmpc_target_init.
 */
#include "devicertl.h"

/* ---- grid coordinates (ompx_dim_x/y/z = 0/1/2) -------------------------- */

int ompx_thread_id(int dim) { return (int)hw_thread_id_dim(dim); }
int ompx_block_dim(int dim) { return (int)hw_num_threads_dim(dim); }
int ompx_block_id(int dim) { return (int)hw_block_id_dim(dim); }
int ompx_grid_dim(int dim) { return (int)hw_num_blocks_dim(dim); }

/* ---- block barriers ------------------------------------------------------ */

/* A PTX barrier orders the memory accesses of the threads it joins, so
 * every `ordering` (ompx_relaxed .. ompx_seq_cst) is met by the barrier
 * itself, as in LLVM 19's device runtime. */
void ompx_sync_block(int ordering) {
  (void)ordering;
  hw_barrier_aligned();
}

void ompx_sync_block_acq_rel(void) { hw_barrier_aligned(); }

/* Threads may arrive from different code: the unaligned barrier. */
void ompx_sync_block_divergent(int ordering) {
  (void)ordering;
  hw_barrier_generic();
}

/* ---- warp ballot and shuffles (a warp is 32 lanes: the mask's low half) -- */

uint64_t ompx_ballot_sync(uint64_t mask, int predicate) {
  return hw_ballot((uint32_t)mask, predicate);
}

int ompx_shfl_down_sync_i(uint64_t mask, int value, unsigned delta, int width) {
  return hw_shfl_down_i32((uint32_t)mask, value, delta, width);
}

float ompx_shfl_down_sync_f(uint64_t mask, float value, unsigned delta, int width) {
  int32_t bits;
  __builtin_memcpy(&bits, &value, sizeof(bits));
  bits = hw_shfl_down_i32((uint32_t)mask, bits, delta, width);
  __builtin_memcpy(&value, &bits, sizeof(value));
  return value;
}

/* 64-bit values travel as two 32-bit halves. */
static uint64_t shfl_down_u64(uint32_t mask, uint64_t value, unsigned delta, int width) {
  uint32_t low = (uint32_t)hw_shfl_down_i32(mask, (int32_t)(uint32_t)value, delta, width);
  uint32_t high =
      (uint32_t)hw_shfl_down_i32(mask, (int32_t)(uint32_t)(value >> 32), delta, width);
  return (uint64_t)high << 32 | low;
}

long ompx_shfl_down_sync_l(uint64_t mask, long value, unsigned delta, int width) {
  return (long)shfl_down_u64((uint32_t)mask, (uint64_t)value, delta, width);
}

double ompx_shfl_down_sync_d(uint64_t mask, double value, unsigned delta, int width) {
  uint64_t bits;
  __builtin_memcpy(&bits, &value, sizeof(bits));
  bits = shfl_down_u64((uint32_t)mask, bits, delta, width);
  __builtin_memcpy(&value, &bits, sizeof(value));
  return value;
}

/* ---- `declare target indirect` ------------------------------------------- */

/* The host plugin writes a table of (host function, device function) pairs
 * sorted by host address into the device environment when it loads the
 * image. A pointer not in the table is already a device function (or a
 * host pointer no device code can call), and comes back unchanged, as in
 * LLVM 19; NULL stays NULL. */
struct indirect_call_pair {
  void *host;
  void *device;
};

void *__llvm_omp_indirect_call_lookup(void *host_fn) {
  const DeviceEnvironmentTy *env = device_environment();
  const struct indirect_call_pair *table =
      (const struct indirect_call_pair *)env->IndirectCallTable;
  uint64_t count = env->IndirectCallTableSize;
  if (!host_fn || !table || count == 0)
    return host_fn;
  /* Lower bound: the first pair whose host address is not below host_fn. */
  uint64_t low = 0, high = count;
  while (low < high) {
    uint64_t middle = low + (high - low) / 2;
    if ((uintptr_t)table[middle].host < (uintptr_t)host_fn)
      low = middle + 1;
    else
      high = middle;
  }
  return low < count && table[low].host == host_fn ? table[low].device : host_fn;
}

DEVICE_CODE_END
