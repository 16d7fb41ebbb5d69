/* devicertl.h — the one internal header of the nvptx device runtime.
 *
 * The device runtime is C compiled by clang-19 as OpenMP device code
 * (`-fopenmp --offload-device-only`, see CMakeLists.txt) so that
 * `#pragma omp begin assumes` can attach the assumption strings LLVM's
 * openmp-opt pass understands (ompx_aligned_barrier, ompx_no_call_asm) —
 * plain C has no spelling for them in clang 19. Every file includes this
 * header first and ends with DEVICE_CODE_END.
 *
 * What lives here: the ABI structures clang-19 and the host plugin share
 * with us (LLVM 19 offload/include/Shared/Environment.h, ident_t), the team
 * state (seed 004 §III-B..D), and the prototypes each concept file exports
 * to the others. Hardware access is in target.h only.
 */
#ifndef OMPRT_DEVICERTL_H
#define OMPRT_DEVICERTL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#pragma omp begin declare target device_type(nohost)
/* No runtime function calls inline assembly that could transfer control:
 * openmp-opt may reason across every call into us. */
#pragma omp begin assumes ext_no_call_asm
#define DEVICE_CODE_END                                                        \
  _Pragma("omp end assumes") _Pragma("omp end declare target")

#include "target.h"

/* A team-shared variable in static shared memory. No initializer: shared
 * memory cannot have one; the first thread of the team writes it. Pointer
 * variables need a typedef'd pointer type, else the attribute binds to the
 * pointee. */
#define SHARED __attribute__((address_space(3), loader_uninitialized))

/* ---- ABI shared with clang-19 and the host plugin ----------------------- */

/* kmp's ident_t: clang passes one to most entry points; only psource is
 * ever looked at (in debug output). */
typedef struct IdentTy {
  int32_t reserved_1;
  int32_t flags;
  int32_t reserved_2;
  int32_t reserved_3;
  const char *psource;
} IdentTy;

enum exec_mode { EXEC_MODE_GENERIC = 1, EXEC_MODE_SPMD = 2 };

/* Field order and sizes are fixed: clang writes these as constants and
 * openmp-opt rewrites ExecMode, UseGenericStateMachine and
 * MayUseNestedParallelism in place. */
typedef struct ConfigurationEnvironmentTy {
  uint8_t UseGenericStateMachine;
  uint8_t MayUseNestedParallelism;
  uint8_t ExecMode;
  int32_t MinThreads;
  int32_t MaxThreads;
  int32_t MinTeams;
  int32_t MaxTeams;
  int32_t ReductionDataSize;
  int32_t ReductionBufferLength;
} ConfigurationEnvironmentTy;

typedef struct DynamicEnvironmentTy {
  uint16_t DebugIndentionLevel;
} DynamicEnvironmentTy;

typedef struct KernelEnvironmentTy {
  ConfigurationEnvironmentTy Configuration;
  IdentTy *Ident;
  DynamicEnvironmentTy *DynamicEnv;
} KernelEnvironmentTy;

/* Per launch, written by the plugin; only kernels with a teams reduction
 * get a real one (others get an invalid pointer we never dereference). */
typedef struct KernelLaunchEnvironmentTy {
  uint32_t ReductionCnt;
  uint32_t ReductionIterCnt;
  void *ReductionBuffer;
} KernelLaunchEnvironmentTy;

/* Written by the host plugin into `__omp_rtl_device_environment` when the
 * image is loaded (48 bytes; src/plugins/cuda/device.c checks the size). */
typedef struct DeviceEnvironmentTy {
  uint32_t DeviceDebugKind;
  uint32_t NumDevices;
  uint32_t DeviceNum;
  uint32_t DynamicMemSize;
  uint64_t ClockFrequency;
  uintptr_t IndirectCallTable;
  uint64_t IndirectCallTableSize;
  uint64_t HardwareParallelism;
} DeviceEnvironmentTy;

enum debug_kind {
  DEBUG_ASSERTION = 1u << 0,
  DEBUG_FUNCTION_TRACING = 1u << 1,
  DEBUG_COMMON_ISSUES = 1u << 2,
};

/* Outlined parallel region as clang's wrapper function takes it. */
typedef void (*parallel_wrapper_fn)(uint16_t parallel_level, uint32_t thread_id);

/* ---- configuration (config.c) ------------------------------------------- */

/* Compile-time facts the program's compile may override (weak 0 here). */
extern const uint32_t __omp_rtl_debug_kind;
extern const uint32_t __omp_rtl_assume_no_thread_state;
extern const uint32_t __omp_rtl_assume_no_nested_parallelism;
/* What the host plugin writes when it loads the image. */
extern __attribute__((address_space(4))) DeviceEnvironmentTy __omp_rtl_device_environment;

static inline const DeviceEnvironmentTy *device_environment(void) {
  return (const DeviceEnvironmentTy *)&__omp_rtl_device_environment;
}

/* Both must hold for a debug path to run: the image was built with
 * -fopenmp-target-debug=<kind> (a compile-time constant, so the path folds
 * away otherwise) and LIBOMPTARGET_DEVICE_RTL_DEBUG asked for it. */
static inline bool config_debug(uint32_t kind) {
  return (__omp_rtl_debug_kind & kind) && (device_environment()->DeviceDebugKind & kind);
}
static inline bool config_may_use_thread_states(void) {
  return !__omp_rtl_assume_no_thread_state;
}
static inline uint32_t config_device_num(void) { return device_environment()->DeviceNum; }
static inline uint32_t config_num_devices(void) { return device_environment()->NumDevices; }
static inline uint64_t config_hardware_parallelism(void) {
  return device_environment()->HardwareParallelism;
}

/* ---- assertions --------------------------------------------------------- */

void devicertl_assert_failed(const char *expr, const char *msg, const char *file,
                             unsigned line, const char *func) __attribute__((noreturn));

/* Device memory ran out where the runtime cannot go on: says so and stops
 * the kernel (the launch fails on the host). */
void devicertl_out_of_memory(const char *what) __attribute__((noreturn));

/* ASSERT(expr, msg): checked when the image asks for assertions
 * (-fopenmp-target-debug=1 and LIBOMPTARGET_DEVICE_RTL_DEBUG=1); always an
 * assumption for the optimizer otherwise (seed 004 §III-G). */
#define ASSERT(expr, msg)                                                      \
  do {                                                                         \
    if (config_debug(DEBUG_ASSERTION) && !(expr))                              \
      devicertl_assert_failed(#expr, msg, __FILE__, __LINE__, __func__);       \
    __builtin_assume(expr);                                                    \
  } while (0)

/* ---- team and thread state (state.c) ------------------------------------ */

/* The internal control variables one data environment sees.
 *
 * Zero is every ICV's initial value as stored: the fields whose initial
 * value is not 0 hold their value XOR that one (icv_initial; icv_get and
 * icv_set translate). Why: in SPMD mode every thread writes the initial
 * state at the kernel's start (state.c), and the stores stay wherever any
 * function of the unit may read the state; ptxas stores zeros from its
 * zero register, while the constants 1 took registers of their own, as
 * the 64-bit pairs the stores were merged into (SPMD kernels without a
 * parallel region used 12 registers, now 6 and 10, as LLVM 19's:
 * mixed_modes.c spmdized_on_device_l151, 20_if_target.c main_l10).
 * The team size stays as it is (1 at level 0): stored less one, it cost
 * loops of parallel regions a register for ntid - 1. */
struct icv_state {
  uint32_t nthreads;          /* nthreads-var; 0: as many as the team has */
  uint32_t level;             /* levels-var */
  uint32_t active_level;      /* 1 inside an active (>1 thread) region */
  uint32_t max_active_levels; /* ^1; 1: nested parallel runs serialized */
  uint32_t run_sched;         /* ^1; run-sched-var (omp_sched_t) */
  uint32_t run_sched_chunk;   /* ^1 */
};

/* One per team, in static shared memory, written by the team's first thread
 * at kernel start; everyone reads it unless they own a thread state. */
struct team_state {
  struct icv_state icv;
  uint32_t parallel_team_size; /* threads of the active region; 1 at level 0 */
  uint32_t has_thread_state;   /* some thread pushed a thread state */
  parallel_wrapper_fn parallel_region_fn; /* generic mode: the next job */
};

/* The loop a thread runs alone under __kmpc_dispatch_* (workshare.c). */
struct own_dispatch {
  uint64_t lower, upper; /* bits of the loop's type */
  uint32_t pending;      /* the whole loop is still to be handed out */
};

/* Created on demand: a nested (serialized) region's implicit task, from
 * the shared stack (state.c), or an explicit task, inside the task's own
 * allocation (task.c). */
struct thread_state {
  struct icv_state icv;
  struct own_dispatch dispatch;
  struct thread_state *previous;
  bool explicit_task; /* explicit-task-var */
  bool final_task;    /* final-task-var */
};

enum icv_field {
  ICV_NTHREADS,
  ICV_LEVEL,
  ICV_ACTIVE_LEVEL,
  ICV_MAX_ACTIVE_LEVELS,
  ICV_RUN_SCHED,
  ICV_RUN_SCHED_CHUNK,
};

typedef struct thread_state **thread_state_array_ptr;
typedef KernelEnvironmentTy *kernel_environment_ptr;

/* Defined in state.c. The accessors below are inline so that, once a
 * call's field is a constant, each lookup is a plain load openmp-opt can
 * reason about. */
extern __attribute__((address_space(3))) struct team_state omprt_team_state;
extern __attribute__((address_space(3))) thread_state_array_ptr omprt_thread_states;
extern __attribute__((address_space(3))) kernel_environment_ptr omprt_kernel_environment;
/* 1 in generic mode, 0 in SPMD mode (kernel.c). */
extern __attribute__((address_space(3))) uint32_t omprt_generic_mode;
/* The launch environment's address as an integer: LLVM keeps every store
 * to a pointer-typed global that nothing loads (a leak checker's root), so
 * where openmp-opt forwards the kernel's argument to the teams reduction,
 * the pointer's 8 bytes of shared memory stayed; an integer goes. */
extern __attribute__((address_space(3))) uintptr_t omprt_launch_environment;

#define TEAM (*(struct team_state *)&omprt_team_state)

static inline KernelEnvironmentTy *state_kernel_environment(void) {
  return omprt_kernel_environment;
}
static inline KernelLaunchEnvironmentTy *state_launch_environment(void) {
  return (KernelLaunchEnvironmentTy *)omprt_launch_environment;
}

static inline bool config_may_use_nested_parallelism(void) {
  if (__omp_rtl_assume_no_nested_parallelism)
    return false;
  return state_kernel_environment()->Configuration.MayUseNestedParallelism;
}

static inline uint32_t *icv_field_ptr(struct icv_state *icv, enum icv_field field) {
  switch (field) {
  case ICV_NTHREADS: return &icv->nthreads;
  case ICV_LEVEL: return &icv->level;
  case ICV_ACTIVE_LEVEL: return &icv->active_level;
  case ICV_MAX_ACTIVE_LEVELS: return &icv->max_active_levels;
  case ICV_RUN_SCHED: return &icv->run_sched;
  case ICV_RUN_SCHED_CHUNK: return &icv->run_sched_chunk;
  }
  __builtin_unreachable();
}

/* What a field holds in a fresh data environment (the stored value is the
 * ICV XOR this, see struct icv_state). */
static inline uint32_t icv_initial(enum icv_field field) {
  switch (field) {
  case ICV_MAX_ACTIVE_LEVELS: return 1;
  case ICV_RUN_SCHED: return 1; /* omp_sched_static */
  case ICV_RUN_SCHED_CHUNK: return 1;
  default: return 0;
  }
}

/* The calling thread's innermost thread state, or NULL: the team's. */
static inline struct thread_state *own_thread_state(void) {
  if (!config_may_use_thread_states() || !TEAM.has_thread_state)
    return 0;
  struct thread_state **states = omprt_thread_states;
  return states ? states[hw_thread_id()] : 0;
}

static inline bool state_in_own_data_environment(void) { return own_thread_state() != 0; }

/* The ICVs of the calling thread's current data environment: the team's
 * unless it has a thread state of its own. Callers that read several
 * fields look it up once: the lookup branches, and where a unit may
 * create thread states, repeated lookups stayed repeated (three in each
 * omp_get_thread_num()). */
static inline struct icv_state *current_icvs(void) {
  struct thread_state *own = own_thread_state();
  return own ? &own->icv : &TEAM.icv;
}
static inline uint32_t icv_read(struct icv_state *icvs, enum icv_field field) {
  return *icv_field_ptr(icvs, field) ^ icv_initial(field);
}
static inline uint32_t icv_get(enum icv_field field) { return icv_read(current_icvs(), field); }

void state_init(bool is_spmd, KernelEnvironmentTy *kernel_env,
                KernelLaunchEnvironmentTy *launch_env);
/* Writes the calling thread's current data environment. */
void icv_set(enum icv_field field, uint32_t value);
void state_enter_data_environment(void);
/* An explicit task's data environment: `env` (the caller's memory, alive
 * while the task runs) becomes the calling thread's innermost thread state,
 * a copy of the generating task's ICVs; false: thread states are assumed
 * away (-fopenmp-assume-no-thread-state), the task shares its creator's. */
bool state_enter_task_environment(struct thread_state *env, bool final_task);
void state_exit_task_environment(struct thread_state *env);
/* The calling thread's dispatch record, or NULL without a thread state. */
struct own_dispatch *state_own_dispatch(void);
void state_exit_data_environment(void);
/* Drops any thread state the calling thread still holds (end of a
 * generic-mode parallel region). */
void state_reset_thread(uint32_t thread_id);
/* Kernel end: frees what the team allocated for thread states. Generic
 * mode: the main thread (the workers are idle by then). SPMD mode: every
 * thread calls it; the last one out frees. */
void state_release_team(void);
void state_release_team_spmd(void);

/* ---- mapping helpers ---------------------------------------------------- */

int8_t __kmpc_is_spmd_exec_mode(void);
uint32_t __kmpc_get_hardware_num_threads_in_block(void);

/* openmp-opt folds __kmpc_is_spmd_exec_mode() when every kernel that
 * reaches a call has the same mode; asking through it keeps that. */
static inline bool is_spmd_mode(void) { return __kmpc_is_spmd_exec_mode() != 0; }

/* The gtid. clang passes the value __kmpc_global_thread_num returns (and,
 * inside a parallel region, the one the runtime hands the outlined
 * function) back to most entry points; what it holds is the runtime's to
 * choose. Ours is the thread number plus a tag for what a kernel knows at
 * its start and the runtime needs later: that it runs in SPMD mode and
 * whether it may nest parallel regions. __kmpc_parallel_51 is one function
 * for every kernel of a translation unit, so when the unit mixes modes,
 * openmp-opt cannot fold the mode in it; the gtid, though, is an SSA value
 * of each kernel, and once the runtime is inlined there it is a constant.
 * Untagged (generic mode, or a gtid from elsewhere: the workers of a
 * custom state machine get __kmpc_target_init's return value) means
 * "ask the team state". */
#define GTID_TAG_MASK 0xff000000u
#define GTID_TAG_SPMD 0x5a000000u      /* SPMD kernel that may nest */
#define GTID_TAG_SPMD_FLAT 0x5b000000u /* SPMD kernel that never nests */

static inline int32_t gtid_make(uint32_t thread, bool is_spmd, bool may_nest) {
  if (!is_spmd)
    return (int32_t)thread;
  return (int32_t)(thread | (may_nest ? GTID_TAG_SPMD : GTID_TAG_SPMD_FLAT));
}
static inline bool gtid_says_spmd(int32_t gtid) {
  uint32_t tag = (uint32_t)gtid & GTID_TAG_MASK;
  return tag == GTID_TAG_SPMD || tag == GTID_TAG_SPMD_FLAT;
}
static inline bool gtid_says_flat(int32_t gtid) {
  return ((uint32_t)gtid & GTID_TAG_MASK) == GTID_TAG_SPMD_FLAT;
}

/* For code that runs only in SPMD mode, right after a block barrier: the
 * barrier may write any memory as far as the optimizer knows, so a later
 * mode check (the one in __kmpc_target_deinit, inlined into the kernel,
 * whose call to __kmpc_is_spmd_exec_mode the runtime's own build already
 * inlined) would load the flag again; with the 0 stored again here, the
 * load forwards and folds, and an SPMD kernel keeps no flag in shared
 * memory. Every thread stores the value the flag holds anyway. */
static inline void state_restore_spmd_mode(void) { omprt_generic_mode = 0; }

/* The generic-mode main thread: first lane of the last (maybe partial)
 * warp. */
static inline uint32_t main_thread_id(void) {
  return (__kmpc_get_hardware_num_threads_in_block() - 1) & ~(WARP_SIZE - 1);
}
static inline bool is_main_thread(bool is_spmd) {
  return !is_spmd && hw_thread_id() == main_thread_id();
}
static inline bool is_main_thread_in_generic_mode(void) {
  return is_main_thread(is_spmd_mode());
}
/* Threads that may run parallel regions: all of them in SPMD mode, all
 * below the main thread's warp in generic mode. The SPMD count is the
 * hardware's, never __kmpc_get_hardware_num_threads_in_block(): openmp-opt
 * folds that one to the kernel's thread limit, but the plugin launches an
 * SPMD kernel with fewer threads when the loop is short (as LLVM 19's), and
 * a team size taken from the fold would skip iterations. */
static inline uint32_t team_threads(bool is_spmd) {
  return is_spmd ? hw_num_threads() : main_thread_id();
}
static inline uint32_t max_team_threads(void) { return team_threads(is_spmd_mode()); }

/* The team size the active region's starter stored: the number itself,
 * never a code for "the whole block", so that reading it needs no mode.
 * Code inside a parallel region is reached through a function pointer,
 * where openmp-opt cannot tell which kernels run it and so cannot fold
 * the mode; the value stored, though, is forwarded to the loads once the
 * region is inlined into its kernel. */
static inline uint32_t state_effective_team_size(void) {
  return TEAM.parallel_team_size;
}
/* Written at the kernel's start, by the starters of a region at its start
 * and end (parallel.c), and by __kmpc_barrier storing back what it read. */
static inline void state_set_team_size(uint32_t threads) {
  TEAM.parallel_team_size = threads;
}

/* omp_get_thread_num()/omp_get_num_threads() for the runtime itself: the
 * same answers, typed so the optimizer knows they are a thread number
 * (0 <= n < 1024) and a team size (>= 1) — loop bounds computed from them
 * stay provably non-negative, which saves sign extensions and registers in
 * every worksharing loop. */
static inline uint32_t current_thread_num(void) {
  struct icv_state *icvs = current_icvs();
  uint32_t level = icv_read(icvs, ICV_LEVEL);
  if (level == 0 || level != icv_read(icvs, ICV_ACTIVE_LEVEL))
    return 0;
  return hw_thread_id();
}
static inline uint32_t current_team_size(void) {
  if (icv_get(ICV_LEVEL) != 1)
    return 1;
  uint32_t size = state_effective_team_size();
  __builtin_assume(size >= 1 && size <= MAX_THREADS_PER_TEAM);
  return size;
}

/* ---- synchronisation (sync.c) -------------------------------------------- */

void sync_threads_aligned(void);
void sync_threads(void);

/* ---- shared-memory stack (memory.c) ------------------------------------- */

void shared_stack_init(bool is_spmd);
void *global_alloc(size_t bytes);
void global_free(void *ptr);

/* ---- workshare (workshare.c) -------------------------------------------- */

/* kmp_sched_t values clang passes. */
enum kmp_sched {
  kmp_sched_static_chunk = 33,
  kmp_sched_static_nochunk = 34,
  kmp_sched_dynamic = 35,
  kmp_sched_guided = 36,
  kmp_sched_runtime = 37,
  kmp_sched_auto = 38,
  kmp_sched_static_balanced_chunk = 45,
  kmp_sched_ordered_first = 65,
  kmp_sched_ordered_last = 70,
  kmp_sched_distr_static_chunk = 91,
  kmp_sched_distr_static_nochunk = 92,
  kmp_sched_distr_static_chunk_sched_static_chunkone = 93,
  kmp_sched_modifier_mask = (1 << 29) | (1 << 30) | (1 << 31),
};

/* The ABI entry points the files call across each other. */
int omp_get_thread_num(void);
int omp_get_num_threads(void);
int omp_get_team_num(void);
int omp_get_num_teams(void);
int omp_get_level(void);
bool __kmpc_kernel_parallel(void **work_fn);
void __kmpc_kernel_end_parallel(void);
uint32_t __kmpc_get_hardware_thread_id_in_block(void);
uint32_t __kmpc_get_warp_size(void);
void __kmpc_barrier_simple_spmd(IdentTy *loc, int32_t tid);
void __kmpc_barrier_simple_generic(IdentTy *loc, int32_t tid);
void *__kmpc_alloc_shared(uint64_t bytes);
void __kmpc_free_shared(void *ptr, uint64_t bytes);
void __kmpc_barrier(IdentTy *loc, int32_t thread_id);
void __kmpc_begin_sharing_variables(void ***shared_args, uint64_t nargs);
void __kmpc_end_sharing_variables(void);
void __kmpc_get_shared_variables(void ***shared_args);
int __llvm_omp_vprintf(const char *format, void *args, uint32_t size);

#endif
