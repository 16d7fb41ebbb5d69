/* target.h — the nvptx target layer: everything that names a hardware
 * register, a PTX barrier, a shuffle or a memory fence. The rest of the
 * device runtime is portable C over these small inline functions.
 *
 * Barriers come in two kinds, and the difference matters to openmp-opt:
 *  - aligned (`bar.sync 0`): every thread of the block reaches the same
 *    instruction; marked ompx_aligned_barrier so that redundant ones can be
 *    removed (seed 004 §IV-D);
 *  - unaligned (`barrier.sync`): threads may arrive from different code,
 *    as in the generic-mode state machine, where the main thread and the
 *    workers wait at different places.
 */
#ifndef OMPRT_DEVICERTL_TARGET_H
#define OMPRT_DEVICERTL_TARGET_H

#include <stdint.h>

/* In OpenMP device mode clang knows the nvptx builtins but declares none
 * of them in C; their prototypes, as BuiltinsNVPTX.def types them. */
int __nvvm_read_ptx_sreg_tid_x(void);
int __nvvm_read_ptx_sreg_tid_y(void);
int __nvvm_read_ptx_sreg_tid_z(void);
int __nvvm_read_ptx_sreg_ntid_x(void);
int __nvvm_read_ptx_sreg_ntid_y(void);
int __nvvm_read_ptx_sreg_ntid_z(void);
int __nvvm_read_ptx_sreg_ctaid_x(void);
int __nvvm_read_ptx_sreg_ctaid_y(void);
int __nvvm_read_ptx_sreg_ctaid_z(void);
int __nvvm_read_ptx_sreg_nctaid_x(void);
int __nvvm_read_ptx_sreg_nctaid_y(void);
int __nvvm_read_ptx_sreg_nctaid_z(void);
int __nvvm_read_ptx_sreg_laneid(void);
unsigned int __nvvm_activemask(void);
int __nvvm_read_ptx_sreg_lanemask_lt(void);
int __nvvm_read_ptx_sreg_lanemask_gt(void);
void __syncthreads(void);
void __nvvm_barrier_sync(unsigned int);
void __nvvm_barrier_sync_cnt(unsigned int, unsigned int);
void __nvvm_bar_warp_sync(unsigned int);
void __nvvm_membar_cta(void);
void __nvvm_membar_gl(void);
void __nvvm_membar_sys(void);
int __nvvm_shfl_sync_down_i32(unsigned int, int, int, int);
int __nvvm_shfl_sync_idx_i32(unsigned int, int, int, int);
unsigned int __nvvm_vote_ballot_sync(unsigned int, _Bool);
long long __nvvm_read_ptx_sreg_clock64(void);
long long __nvvm_read_ptx_sreg_globaltimer(void);
void __nvvm_nanosleep(unsigned int);
_Bool __nvvm_isspacep_shared(const void *);
unsigned int __nvvm_atom_inc_gen_ui(volatile unsigned int *, unsigned int);

#define WARP_SIZE 32u
#define MAX_THREADS_PER_TEAM 1024u

/* Barrier ids: 0 is the aligned block-wide one (__syncthreads); 8 the
 * unaligned block-wide one of generic mode, which the main thread and the
 * workers reach from different code (LLVM 19 uses 8 too, and openmp-opt's
 * custom state machines call __kmpc_barrier_simple_generic, which must
 * meet our parallel_51 at the same id); 7 the one the threads of a
 * generic-mode parallel region share (a thread count, a multiple of the
 * warp size). */
#define BARRIER_BLOCK 0
#define BARRIER_GENERIC 8
#define BARRIER_PARALLEL_TEAM 7

static inline uint32_t hw_num_threads(void) { return (uint32_t)__nvvm_read_ptx_sreg_ntid_x(); }
static inline uint32_t hw_num_blocks(void) { return (uint32_t)__nvvm_read_ptx_sreg_nctaid_x(); }
/* Ids come with the fact id < count: loop bounds computed from them are
 * then known not to wrap (nuw), which spares registers in every kernel. */
static inline uint32_t hw_thread_id(void) {
  uint32_t id = (uint32_t)__nvvm_read_ptx_sreg_tid_x(), count = hw_num_threads();
  __builtin_assume(id < count);
  return id;
}
static inline uint32_t hw_block_id(void) {
  uint32_t id = (uint32_t)__nvvm_read_ptx_sreg_ctaid_x(), count = hw_num_blocks();
  __builtin_assume(id < count);
  return id;
}
/* The three grid dimensions, for the kernel-language extensions (ompx.h):
 * OpenMP itself uses x only. `dim` is 0, 1 or 2 (x, y, z). */
static inline uint32_t hw_thread_id_dim(int dim) {
  return (uint32_t)(dim == 0   ? __nvvm_read_ptx_sreg_tid_x()
                    : dim == 1 ? __nvvm_read_ptx_sreg_tid_y()
                               : __nvvm_read_ptx_sreg_tid_z());
}
static inline uint32_t hw_num_threads_dim(int dim) {
  return (uint32_t)(dim == 0   ? __nvvm_read_ptx_sreg_ntid_x()
                    : dim == 1 ? __nvvm_read_ptx_sreg_ntid_y()
                               : __nvvm_read_ptx_sreg_ntid_z());
}
static inline uint32_t hw_block_id_dim(int dim) {
  return (uint32_t)(dim == 0   ? __nvvm_read_ptx_sreg_ctaid_x()
                    : dim == 1 ? __nvvm_read_ptx_sreg_ctaid_y()
                               : __nvvm_read_ptx_sreg_ctaid_z());
}
static inline uint32_t hw_num_blocks_dim(int dim) {
  return (uint32_t)(dim == 0   ? __nvvm_read_ptx_sreg_nctaid_x()
                    : dim == 1 ? __nvvm_read_ptx_sreg_nctaid_y()
                               : __nvvm_read_ptx_sreg_nctaid_z());
}
static inline uint32_t hw_lane_id(void) { return (uint32_t)__nvvm_read_ptx_sreg_laneid(); }
static inline uint32_t hw_warp_id(void) { return hw_thread_id() / WARP_SIZE; }

static inline uint32_t hw_active_mask(void) { return __nvvm_activemask(); }
static inline uint32_t hw_lanemask_lt(void) {
  return (uint32_t)__nvvm_read_ptx_sreg_lanemask_lt();
}
static inline uint32_t hw_lanemask_gt(void) {
  return (uint32_t)__nvvm_read_ptx_sreg_lanemask_gt();
}

/* Aligned block barrier: llvm.nvvm.barrier0, which openmp-opt knows is
 * aligned even after inlining (the functions around it also carry the
 * ompx_aligned_barrier assumption, see sync.c). */
#pragma omp begin assumes ext_aligned_barrier
static inline void hw_barrier_aligned(void) { __syncthreads(); }
#pragma omp end assumes

static inline void hw_barrier_generic(void) { __nvvm_barrier_sync(BARRIER_GENERIC); }
static inline void hw_barrier_count(uint32_t id, uint32_t threads) {
  __nvvm_barrier_sync_cnt(id, threads);
}
static inline void hw_syncwarp(uint32_t mask) { __nvvm_bar_warp_sync(mask); }

/* Fences at the three scopes OpenMP needs. */
static inline void hw_fence_team(void) { __nvvm_membar_cta(); }
static inline void hw_fence_device(void) { __nvvm_membar_gl(); }
static inline void hw_fence_system(void) { __nvvm_membar_sys(); }

static inline int32_t hw_shfl_down_i32(uint32_t mask, int32_t value, uint32_t delta,
                                       int32_t width) {
  /* c = ((warp size - width) << 8) | 0x1f: a segment of `width` lanes. */
  int32_t segment = (int32_t)((WARP_SIZE - (uint32_t)width) << 8) | 0x1f;
  return __nvvm_shfl_sync_down_i32(mask, value, (int)delta, segment);
}

static inline int32_t hw_shfl_idx_i32(uint32_t mask, int32_t value, uint32_t source_lane) {
  return __nvvm_shfl_sync_idx_i32(mask, value, (int)source_lane, 0x1f);
}

static inline uint32_t hw_ballot(uint32_t mask, int predicate) {
  return __nvvm_vote_ballot_sync(mask, predicate != 0);
}

static inline uint64_t hw_clock(void) { return (uint64_t)__nvvm_read_ptx_sreg_clock64(); }
/* Nanoseconds of the global timer. */
static inline uint64_t hw_global_time_ns(void) {
  return (uint64_t)__nvvm_read_ptx_sreg_globaltimer();
}

/* Back-off while spinning on a lock: yields the issue slot to other warps. */
static inline void hw_pause(uint32_t ns) { __nvvm_nanosleep(ns); }

/* NVPTX in LLVM 19 selects only relaxed atomic loads and stores; ordering
 * comes from an explicit fence after the load / before the store. */
static inline uint32_t hw_load_acquire_u32(uint32_t *word) {
  uint32_t value = __atomic_load_n(word, __ATOMIC_RELAXED);
  __nvvm_membar_gl();
  return value;
}
static inline void hw_store_release_u32(uint32_t *word, uint32_t value) {
  __nvvm_membar_gl();
  __atomic_store_n(word, value, __ATOMIC_RELAXED);
}

/* CUDA's atomicInc: old >= limit ? 0 : old + 1, returns old. */
static inline uint32_t hw_atomic_inc(uint32_t *word, uint32_t limit) {
  return __nvvm_atom_inc_gen_ui(word, limit);
}

static inline uint32_t hw_popc(uint32_t x) { return (uint32_t)__builtin_popcount(x); }
static inline uint32_t hw_ffs(uint32_t x) { return (uint32_t)__builtin_ffs((int)x); }

/* The shared (addrspace 3) window: pointers into it came from the shared
 * stack. */
static inline int hw_is_shared_ptr(const void *ptr) { return __nvvm_isspacep_shared(ptr); }

#endif
