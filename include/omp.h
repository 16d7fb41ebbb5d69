/*
 * omp.h - OpenMP 5.2 host API for this runtime (drop-in for LLVM 19 libomp).
 *
 * SPDX-License-Identifier: Apache-2.0
 *
 * Every type, enumerator value and prototype below is kept ABI-identical to
 * the omp.h shipped with LLVM 19's libomp, so that objects compiled against
 * either header link and run against either libomp.so.5.  Fortran interfaces
 * are not part of this header.
 */

#ifndef OMP_H
#define OMP_H
/* LLVM's omp.h uses __OMP_H as its guard and declares the very same API.
 * Share that guard so the two headers never both expand in one TU
 * (whichever comes first wins; the declarations are identical). */
#ifndef __OMP_H
#define __OMP_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

/* Several enums below need enumerators outside the range of 'int' (this is
 * what forces them to be 32-bit-unsigned / pointer-sized, matching LLVM).
 * ISO C before C23 does not allow that; GNU C does.  Mark them so that
 * -pedantic stays quiet. */
#if defined(__GNUC__) || defined(__clang__)
#define OMP_H_EXT_ __extension__
#else
#define OMP_H_EXT_
#endif

/* ------------------------------------------------------------------------- */
/* Version identification (same values LLVM's header advertises).            */
/* ------------------------------------------------------------------------- */
#define KMP_VERSION_MAJOR 5
#define KMP_VERSION_MINOR 0
#define KMP_VERSION_BUILD 20140926
#define KMP_BUILD_DATE "No_Timestamp"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------- */
/* Symbol aliases: the affinity-format routines are called through their     */
/* ompc_* entry points, exactly as with LLVM's header (the runtime exports   */
/* both spellings).                                                          */
/* ------------------------------------------------------------------------- */
#define omp_set_affinity_format ompc_set_affinity_format
#define omp_get_affinity_format ompc_get_affinity_format
#define omp_display_affinity ompc_display_affinity
#define omp_capture_affinity ompc_capture_affinity

/* ------------------------------------------------------------------------- */
/* Loop schedule kinds (omp_set_schedule / omp_get_schedule).                */
/* omp_sched_monotonic is a modifier bit OR-ed into one of the kinds.        */
/* ------------------------------------------------------------------------- */
OMP_H_EXT_ typedef enum omp_sched_t {
  omp_sched_static = 1,
  omp_sched_dynamic = 2,
  omp_sched_guided = 3,
  omp_sched_auto = 4,
  omp_sched_monotonic = 0x80000000
} omp_sched_t;

/* ------------------------------------------------------------------------- */
/* Execution environment: setters.                                           */
/* ------------------------------------------------------------------------- */
extern void omp_set_num_threads(int);
extern void omp_set_dynamic(int);
extern void omp_set_nested(int);
extern void omp_set_max_active_levels(int);
extern void omp_set_schedule(omp_sched_t, int);

/* ------------------------------------------------------------------------- */
/* Execution environment: queries.                                           */
/* ------------------------------------------------------------------------- */
extern int omp_get_num_threads(void);
extern int omp_get_dynamic(void);
extern int omp_get_nested(void);
extern int omp_get_max_threads(void);
extern int omp_get_thread_num(void);
extern int omp_get_num_procs(void);
extern int omp_in_parallel(void);
extern int omp_in_final(void);
extern int omp_get_active_level(void);
extern int omp_get_level(void);
extern int omp_get_ancestor_thread_num(int);
extern int omp_get_team_size(int);
extern int omp_get_thread_limit(void);
extern int omp_get_max_active_levels(void);
extern void omp_get_schedule(omp_sched_t *, int *);
extern int omp_get_max_task_priority(void);

/* ------------------------------------------------------------------------- */
/* Simple and nestable locks.  Both are one pointer wide; the runtime keeps  */
/* the real lock object (or an inline tag) behind _lk.                       */
/* ------------------------------------------------------------------------- */
typedef struct omp_lock_t {
  void *_lk;
} omp_lock_t;

extern void omp_init_lock(omp_lock_t *);
extern void omp_set_lock(omp_lock_t *);
extern void omp_unset_lock(omp_lock_t *);
extern void omp_destroy_lock(omp_lock_t *);
extern int omp_test_lock(omp_lock_t *);

typedef struct omp_nest_lock_t {
  void *_lk;
} omp_nest_lock_t;

extern void omp_init_nest_lock(omp_nest_lock_t *);
extern void omp_set_nest_lock(omp_nest_lock_t *);
extern void omp_unset_nest_lock(omp_nest_lock_t *);
extern void omp_destroy_nest_lock(omp_nest_lock_t *);
extern int omp_test_nest_lock(omp_nest_lock_t *);

/* ------------------------------------------------------------------------- */
/* Synchronization hints (OpenMP 5.0) and the older lock-hint spellings,     */
/* plus the kmp_* vendor hints.  Hinted lock initializers.                   */
/* ------------------------------------------------------------------------- */
typedef enum omp_sync_hint_t {
  omp_sync_hint_none = 0,
  omp_lock_hint_none = omp_sync_hint_none,
  omp_sync_hint_uncontended = 1,
  omp_lock_hint_uncontended = omp_sync_hint_uncontended,
  omp_sync_hint_contended = (1 << 1),
  omp_lock_hint_contended = omp_sync_hint_contended,
  omp_sync_hint_nonspeculative = (1 << 2),
  omp_lock_hint_nonspeculative = omp_sync_hint_nonspeculative,
  omp_sync_hint_speculative = (1 << 3),
  omp_lock_hint_speculative = omp_sync_hint_speculative,
  kmp_lock_hint_hle = (1 << 16),
  kmp_lock_hint_rtm = (1 << 17),
  kmp_lock_hint_adaptive = (1 << 18)
} omp_sync_hint_t;

typedef omp_sync_hint_t omp_lock_hint_t;

extern void omp_init_lock_with_hint(omp_lock_t *, omp_lock_hint_t);
extern void omp_init_nest_lock_with_hint(omp_nest_lock_t *, omp_lock_hint_t);

/* ------------------------------------------------------------------------- */
/* Timing.                                                                   */
/* ------------------------------------------------------------------------- */
extern double omp_get_wtime(void);
extern double omp_get_wtick(void);

/* ------------------------------------------------------------------------- */
/* Devices, teams and cancellation queries (OpenMP 4.0 / 4.5 / 5.0).         */
/* ------------------------------------------------------------------------- */
extern int omp_get_default_device(void);
extern void omp_set_default_device(int);
extern int omp_is_initial_device(void);
extern int omp_get_num_devices(void);
extern int omp_get_num_teams(void);
extern int omp_get_team_num(void);
extern int omp_get_cancellation(void);
extern int omp_get_initial_device(void);
extern int omp_get_device_num(void);

/* As in LLVM's omp.h: folded per compilation, so offload kernels (which run
 * on the host CPU for the x86_64 device, through this same libomp) see 0. */
#if defined(_OPENMP) && _OPENMP >= 201811
#pragma omp begin declare variant match(device = {kind(host)})
static inline int omp_is_initial_device(void) { return 1; }
#pragma omp end declare variant
#pragma omp begin declare variant match(device = {kind(nohost)})
static inline int omp_is_initial_device(void) { return 0; }
#pragma omp end declare variant
#endif

/* ------------------------------------------------------------------------- */
/* Device memory routines (OpenMP 4.5, 5.1 async variants, 6.0 memset).      */
/* ------------------------------------------------------------------------- */
typedef void *omp_depend_t;

extern void *omp_target_alloc(size_t, int);
extern void omp_target_free(void *, int);
extern int omp_target_is_present(const void *, int);
extern int omp_target_memcpy(void *, const void *, size_t, size_t, size_t, int,
                             int);
extern int omp_target_memcpy_rect(void *, const void *, size_t, int,
                                  const size_t *, const size_t *,
                                  const size_t *, const size_t *,
                                  const size_t *, int, int);
extern int omp_target_associate_ptr(const void *, const void *, size_t, size_t,
                                    int);
extern int omp_target_disassociate_ptr(const void *, int);
extern int omp_target_memcpy_async(void *, const void *, size_t, size_t,
                                   size_t, int, int, int, omp_depend_t *);
extern int omp_target_memcpy_rect_async(void *, const void *, size_t, int,
                                        const size_t *, const size_t *,
                                        const size_t *, const size_t *,
                                        const size_t *, int, int, int,
                                        omp_depend_t *);
extern void *omp_target_memset(void *, int, size_t, int);
extern void *omp_target_memset_async(void *, int, size_t, int, int,
                                     omp_depend_t *);
extern void *omp_get_mapped_ptr(const void *, int);
extern int omp_target_is_accessible(const void *, size_t, int);

/* LLVM offloading extension: print the host<->device mapping tables. */
extern void ompx_dump_mapping_tables(void);

/* ------------------------------------------------------------------------- */
/* Interoperability objects (OpenMP 5.1).  Negative property ids are the     */
/* standard ones; 0..omp_get_num_interop_properties()-1 are vendor-defined.  */
/* ------------------------------------------------------------------------- */
typedef intptr_t omp_intptr_t;

typedef enum omp_interop_property {
  omp_ipr_fr_id = -1,
  omp_ipr_fr_name = -2,
  omp_ipr_vendor = -3,
  omp_ipr_vendor_name = -4,
  omp_ipr_device_num = -5,
  omp_ipr_platform = -6,
  omp_ipr_device = -7,
  omp_ipr_device_context = -8,
  omp_ipr_targetsync = -9,
  omp_ipr_first = -9
} omp_interop_property_t;

#define omp_interop_none 0

typedef enum omp_interop_rc {
  omp_irc_no_value = 1,
  omp_irc_success = 0,
  omp_irc_empty = -1,
  omp_irc_out_of_range = -2,
  omp_irc_type_int = -3,
  omp_irc_type_ptr = -4,
  omp_irc_type_str = -5,
  omp_irc_other = -6
} omp_interop_rc_t;

typedef enum omp_interop_fr {
  omp_ifr_cuda = 1,
  omp_ifr_cuda_driver = 2,
  omp_ifr_opencl = 3,
  omp_ifr_sycl = 4,
  omp_ifr_hip = 5,
  omp_ifr_level_zero = 6,
  omp_ifr_last = 7
} omp_interop_fr_t;

typedef void *omp_interop_t;

extern int omp_get_num_interop_properties(const omp_interop_t);
extern omp_intptr_t omp_get_interop_int(const omp_interop_t,
                                        omp_interop_property_t, int *);
extern void *omp_get_interop_ptr(const omp_interop_t, omp_interop_property_t,
                                 int *);
extern const char *omp_get_interop_str(const omp_interop_t,
                                       omp_interop_property_t, int *);
extern const char *omp_get_interop_name(const omp_interop_t,
                                        omp_interop_property_t);
extern const char *omp_get_interop_type_desc(const omp_interop_t,
                                             omp_interop_property_t);
extern const char *omp_get_interop_rc_desc(const omp_interop_t,
                                           omp_interop_rc_t);

/* ------------------------------------------------------------------------- */
/* kmp_* runtime-control extensions (stack size, blocktime, library mode).   */
/* ------------------------------------------------------------------------- */
extern int kmp_get_stacksize(void);
extern void kmp_set_stacksize(int);
extern size_t kmp_get_stacksize_s(void);
extern void kmp_set_stacksize_s(size_t);
extern int kmp_get_blocktime(void);
extern int kmp_get_library(void);
extern void kmp_set_blocktime(int);
extern void kmp_set_library(int);
extern void kmp_set_library_serial(void);
extern void kmp_set_library_turnaround(void);
extern void kmp_set_library_throughput(void);
extern void kmp_set_defaults(char const *);
extern void kmp_set_disp_num_buffers(int);

/* ------------------------------------------------------------------------- */
/* kmp_* affinity-mask extensions.                                           */
/* ------------------------------------------------------------------------- */
typedef void *kmp_affinity_mask_t;

extern int kmp_set_affinity(kmp_affinity_mask_t *);
extern int kmp_get_affinity(kmp_affinity_mask_t *);
extern int kmp_get_affinity_max_proc(void);
extern void kmp_create_affinity_mask(kmp_affinity_mask_t *);
extern void kmp_destroy_affinity_mask(kmp_affinity_mask_t *);
extern int kmp_set_affinity_mask_proc(int, kmp_affinity_mask_t *);
extern int kmp_unset_affinity_mask_proc(int, kmp_affinity_mask_t *);
extern int kmp_get_affinity_mask_proc(int, kmp_affinity_mask_t *);

/* ------------------------------------------------------------------------- */
/* Thread affinity / places (OpenMP 4.0 / 4.5).                              */
/* ------------------------------------------------------------------------- */
typedef enum omp_proc_bind_t {
  omp_proc_bind_false = 0,
  omp_proc_bind_true = 1,
  omp_proc_bind_master = 2,
  omp_proc_bind_close = 3,
  omp_proc_bind_spread = 4
} omp_proc_bind_t;

extern omp_proc_bind_t omp_get_proc_bind(void);
extern int omp_get_num_places(void);
extern int omp_get_place_num_procs(int);
extern void omp_get_place_proc_ids(int, int *);
extern int omp_get_place_num(void);
extern int omp_get_partition_num_places(void);
extern void omp_get_partition_place_nums(int *);

/* ------------------------------------------------------------------------- */
/* kmp_* thread-aware heap and warning switches.                             */
/* ------------------------------------------------------------------------- */
extern void *kmp_malloc(size_t);
extern void *kmp_aligned_malloc(size_t, size_t);
extern void *kmp_calloc(size_t, size_t);
extern void *kmp_realloc(void *, size_t);
extern void kmp_free(void *);

extern void kmp_set_warnings_on(void);
extern void kmp_set_warnings_off(void);

/* ------------------------------------------------------------------------- */
/* Tool control (OpenMP 5.0, forwarded to an attached OMPT tool).            */
/* ------------------------------------------------------------------------- */
typedef enum omp_control_tool_result_t {
  omp_control_tool_notool = -2,
  omp_control_tool_nocallback = -1,
  omp_control_tool_success = 0,
  omp_control_tool_ignored = 1
} omp_control_tool_result_t;

typedef enum omp_control_tool_t {
  omp_control_tool_start = 1,
  omp_control_tool_pause = 2,
  omp_control_tool_flush = 3,
  omp_control_tool_end = 4
} omp_control_tool_t;

extern int omp_control_tool(int, int, void *);

/* ------------------------------------------------------------------------- */
/* Memory management (OpenMP 5.0): allocator traits, memory spaces,          */
/* predefined allocators and the allocation routines.                        */
/* The handle enums carry a UINTPTR_MAX sentinel so they are pointer-sized;  */
/* user-created allocators are returned as (pointer) values of that type.    */
/* ------------------------------------------------------------------------- */
typedef uintptr_t omp_uintptr_t;

typedef enum {
  omp_atk_sync_hint = 1,
  omp_atk_alignment = 2,
  omp_atk_access = 3,
  omp_atk_pool_size = 4,
  omp_atk_fallback = 5,
  omp_atk_fb_data = 6,
  omp_atk_pinned = 7,
  omp_atk_partition = 8
} omp_alloctrait_key_t;

typedef enum {
  omp_atv_false = 0,
  omp_atv_true = 1,
  omp_atv_contended = 3,
  omp_atv_uncontended = 4,
  omp_atv_serialized = 5,
  omp_atv_sequential = omp_atv_serialized, /* deprecated spelling */
  omp_atv_private = 6,
  omp_atv_all = 7,
  omp_atv_thread = 8,
  omp_atv_pteam = 9,
  omp_atv_cgroup = 10,
  omp_atv_default_mem_fb = 11,
  omp_atv_null_fb = 12,
  omp_atv_abort_fb = 13,
  omp_atv_allocator_fb = 14,
  omp_atv_environment = 15,
  omp_atv_nearest = 16,
  omp_atv_blocked = 17,
  omp_atv_interleaved = 18
} omp_alloctrait_value_t;

#define omp_atv_default ((omp_uintptr_t)-1)

typedef struct {
  omp_alloctrait_key_t key;
  omp_uintptr_t value;
} omp_alloctrait_t;

#if defined(__cplusplus) && __cplusplus >= 201103L
typedef enum omp_allocator_handle_t : omp_uintptr_t
#else
OMP_H_EXT_ typedef enum omp_allocator_handle_t
#endif
{
  omp_null_allocator = 0,
  omp_default_mem_alloc = 1,
  omp_large_cap_mem_alloc = 2,
  omp_const_mem_alloc = 3,
  omp_high_bw_mem_alloc = 4,
  omp_low_lat_mem_alloc = 5,
  omp_cgroup_mem_alloc = 6,
  omp_pteam_mem_alloc = 7,
  omp_thread_mem_alloc = 8,
  llvm_omp_target_host_mem_alloc = 100,
  llvm_omp_target_shared_mem_alloc = 101,
  llvm_omp_target_device_mem_alloc = 102,
  KMP_ALLOCATOR_MAX_HANDLE = UINTPTR_MAX
} omp_allocator_handle_t;

#if defined(__cplusplus) && __cplusplus >= 201103L
typedef enum omp_memspace_handle_t : omp_uintptr_t
#else
OMP_H_EXT_ typedef enum omp_memspace_handle_t
#endif
{
  omp_default_mem_space = 0,
  omp_large_cap_mem_space = 1,
  omp_const_mem_space = 2,
  omp_high_bw_mem_space = 3,
  omp_low_lat_mem_space = 4,
  llvm_omp_target_host_mem_space = 100,
  llvm_omp_target_shared_mem_space = 101,
  llvm_omp_target_device_mem_space = 102,
  KMP_MEMSPACE_MAX_HANDLE = UINTPTR_MAX
} omp_memspace_handle_t;

extern omp_allocator_handle_t omp_init_allocator(omp_memspace_handle_t, int,
                                                 omp_alloctrait_t[]);
extern void omp_destroy_allocator(omp_allocator_handle_t);
extern void omp_set_default_allocator(omp_allocator_handle_t);
extern omp_allocator_handle_t omp_get_default_allocator(void);

#ifdef __cplusplus
/* C++ callers may omit the allocator argument(s). */
extern void *omp_alloc(size_t, omp_allocator_handle_t = omp_null_allocator);
extern void *omp_aligned_alloc(size_t, size_t,
                               omp_allocator_handle_t = omp_null_allocator);
extern void *omp_calloc(size_t, size_t,
                        omp_allocator_handle_t = omp_null_allocator);
extern void *omp_aligned_calloc(size_t, size_t, size_t,
                                omp_allocator_handle_t = omp_null_allocator);
extern void *omp_realloc(void *, size_t,
                         omp_allocator_handle_t = omp_null_allocator,
                         omp_allocator_handle_t = omp_null_allocator);
extern void omp_free(void *, omp_allocator_handle_t = omp_null_allocator);
#else
extern void *omp_alloc(size_t, omp_allocator_handle_t);
extern void *omp_aligned_alloc(size_t, size_t, omp_allocator_handle_t);
extern void *omp_calloc(size_t, size_t, omp_allocator_handle_t);
extern void *omp_aligned_calloc(size_t, size_t, size_t, omp_allocator_handle_t);
extern void *omp_realloc(void *, size_t, omp_allocator_handle_t,
                         omp_allocator_handle_t);
extern void omp_free(void *, omp_allocator_handle_t);
#endif

/* ------------------------------------------------------------------------- */
/* Affinity display (OpenMP 5.0).  These names are macros for ompc_*; see    */
/* the alias block at the top.                                               */
/* ------------------------------------------------------------------------- */
extern void omp_set_affinity_format(char const *);
extern size_t omp_get_affinity_format(char *, size_t);
extern void omp_display_affinity(char const *);
extern size_t omp_capture_affinity(char *, size_t, char const *);

/* ------------------------------------------------------------------------- */
/* Detachable-task events (OpenMP 5.0).  Pointer-sized opaque handle.        */
/* ------------------------------------------------------------------------- */
OMP_H_EXT_ typedef enum omp_event_handle_t {
  KMP_EVENT_MAX_HANDLE = UINTPTR_MAX
} omp_event_handle_t;

extern void omp_fulfill_event(omp_event_handle_t);

/* ------------------------------------------------------------------------- */
/* Pausing runtime resources (OpenMP 5.0) and nesting support query.         */
/* ------------------------------------------------------------------------- */
typedef enum omp_pause_resource_t {
  omp_pause_resume = 0,
  omp_pause_soft = 1,
  omp_pause_hard = 2
} omp_pause_resource_t;

extern int omp_pause_resource(omp_pause_resource_t, int);
extern int omp_pause_resource_all(omp_pause_resource_t);
extern int omp_get_supported_active_levels(void);

/* ------------------------------------------------------------------------- */
/* Teams ICVs (OpenMP 5.1).                                                  */
/* ------------------------------------------------------------------------- */
extern void omp_set_num_teams(int);
extern int omp_get_max_teams(void);
extern void omp_set_teams_thread_limit(int);
extern int omp_get_teams_thread_limit(void);

/* ------------------------------------------------------------------------- */
/* Environment display (OpenMP 5.1) and explicit-task query (OpenMP 5.2).    */
/* ------------------------------------------------------------------------- */
extern void omp_display_env(int);
extern int omp_in_explicit_task(void);

/* ------------------------------------------------------------------------- */
/* LLVM extensions.  llvm_omp_target_dynamic_shared_alloc is what LLVM's     */
/* omp.h declares; the target alloc/free/lock helpers below are exported by  */
/* LLVM's offload library but not declared in its omp.h -- they are declared */
/* here for convenience with the same signatures.                            */
/* ------------------------------------------------------------------------- */
extern void *llvm_omp_target_dynamic_shared_alloc(void);

extern void *llvm_omp_target_alloc_host(size_t, int);
extern void *llvm_omp_target_alloc_device(size_t, int);
extern void *llvm_omp_target_alloc_shared(size_t, int);
extern void llvm_omp_target_free_host(void *, int);
extern void llvm_omp_target_free_device(void *, int);
extern void llvm_omp_target_free_shared(void *, int);
extern void *llvm_omp_target_lock_mem(void *, size_t, int);
extern void llvm_omp_target_unlock_mem(void *, int);

/* ------------------------------------------------------------------------- */
/* Deprecated, non-standard typedefs kept for source compatibility.          */
/* ------------------------------------------------------------------------- */
typedef int omp_int_t;
typedef double omp_wtime_t;

#ifdef __cplusplus
} /* extern "C" */
#endif

#undef OMP_H_EXT_

#endif /* __OMP_H */
#endif /* OMP_H */
