/*
 * omp_h_layout.c - check that include/omp.h is layout/value compatible with
 * LLVM 19's omp.h.
 *
 * SPDX-License-Identifier: Apache-2.0
 *
 * Every expected number below was produced by compiling a small probe
 * program against LLVM 19's header
 * (clang-19 -I/usr/lib/llvm-19/lib/clang/19/include, x86_64 Linux) and is
 * hard-coded here; the prototype signatures come from the same header's AST.
 * Only types, enumerators and unevaluated expressions are used, so this
 * program does not need to link against any OpenMP runtime.
 *
 * Build:  clang-19 -I include test/host/omp_h_layout.c -o omp_h_layout
 * Prints "omp_h_layout: OK" and exits 0, or lists mismatches and exits 1.
 */
#include <omp.h>

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* ---- Compile-time checks on the ABI-critical items. ---- */
_Static_assert(sizeof(omp_lock_t) == 8 && sizeof(omp_lock_t) == sizeof(void *),
               "omp_lock_t must be one pointer");
_Static_assert(sizeof(omp_nest_lock_t) == 8 &&
                   sizeof(omp_nest_lock_t) == sizeof(void *),
               "omp_nest_lock_t must be one pointer");
_Static_assert(sizeof(omp_allocator_handle_t) == sizeof(uintptr_t),
               "omp_allocator_handle_t must be uintptr_t-sized");
_Static_assert(sizeof(omp_memspace_handle_t) == sizeof(uintptr_t),
               "omp_memspace_handle_t must be uintptr_t-sized");
_Static_assert(sizeof(omp_event_handle_t) == sizeof(uintptr_t),
               "omp_event_handle_t must be uintptr_t-sized");
_Static_assert(sizeof(omp_sched_t) == 4, "omp_sched_t must be 4 bytes");
_Static_assert((int)omp_sched_monotonic == (int)0x80000000,
               "omp_sched_monotonic");
_Static_assert(omp_default_mem_alloc == 1, "omp_default_mem_alloc");
_Static_assert(omp_default_mem_space == 0, "omp_default_mem_space");
_Static_assert(omp_atk_pinned == 7, "omp_atk_pinned");
_Static_assert(omp_atv_interleaved == 18, "omp_atv_interleaved");
_Static_assert(omp_pause_soft == 1, "omp_pause_soft");
_Static_assert(omp_proc_bind_spread == 4, "omp_proc_bind_spread");
_Static_assert(omp_sync_hint_speculative == 8, "omp_sync_hint_speculative");
_Static_assert(omp_ifr_level_zero == 6, "omp_ifr_level_zero");
_Static_assert(sizeof(omp_alloctrait_t) == 16 &&
                   offsetof(omp_alloctrait_t, value) == 8,
               "omp_alloctrait_t layout");

static int failures;

static void check_ll(const char *what, long long got, long long want) {
  if (got != want) {
    printf("omp_h_layout: MISMATCH %s: got %lld, want %lld\n", what, got,
           want);
    failures++;
  }
}

static void check_str(const char *what, const char *got, const char *want) {
  if (strcmp(got, want) != 0) {
    printf("omp_h_layout: MISMATCH %s: got \"%s\", want \"%s\"\n", what,
           got, want);
    failures++;
  }
}

/* Type size / alignment. */
#define CHECK_TYPE(T, SIZE, ALIGN)                                             \
  do {                                                                         \
    check_ll("sizeof(" #T ")", (long long)sizeof(T), SIZE);                    \
    check_ll("_Alignof(" #T ")", (long long)_Alignof(T), ALIGN);               \
  } while (0)

/* Whether an enum type's underlying integer type is signed. */
#define CHECK_SIGNED(T, SIGNED)                                                \
  check_ll("signedness of " #T, ((T)-1 > (T)0) ? 0LL : 1LL, SIGNED)

/* Enumerator value and the size of the enumerator constant's type. */
#define CHECK_ENUM(E, VALUE, SIZE)                                             \
  do {                                                                         \
    check_ll(#E, (long long)(E), VALUE##LL);                                   \
    check_ll("sizeof(" #E ")", (long long)sizeof(E), SIZE);                    \
  } while (0)

/* Prototype check: &F must have exactly the function-pointer type FT
 * (_Generic does not evaluate its operand, so nothing is linked). */
#define CHECK_PROTO(F, FT)                                                     \
  check_ll("prototype of " #F, _Generic(&F, FT: 1, default: 0), 1)

int main(void) {
  /* ---- Type sizes and alignments. ---- */
  CHECK_TYPE(omp_sched_t, 4, 4);
  CHECK_TYPE(omp_lock_t, 8, 8);
  CHECK_TYPE(omp_nest_lock_t, 8, 8);
  CHECK_TYPE(omp_sync_hint_t, 4, 4);
  CHECK_TYPE(omp_lock_hint_t, 4, 4);
  CHECK_TYPE(omp_depend_t, 8, 8);
  CHECK_TYPE(omp_intptr_t, 8, 8);
  CHECK_TYPE(omp_interop_property_t, 4, 4);
  CHECK_TYPE(omp_interop_rc_t, 4, 4);
  CHECK_TYPE(omp_interop_fr_t, 4, 4);
  CHECK_TYPE(omp_interop_t, 8, 8);
  CHECK_TYPE(kmp_affinity_mask_t, 8, 8);
  CHECK_TYPE(omp_proc_bind_t, 4, 4);
  CHECK_TYPE(omp_control_tool_result_t, 4, 4);
  CHECK_TYPE(omp_control_tool_t, 4, 4);
  CHECK_TYPE(omp_uintptr_t, 8, 8);
  CHECK_TYPE(omp_alloctrait_key_t, 4, 4);
  CHECK_TYPE(omp_alloctrait_value_t, 4, 4);
  CHECK_TYPE(omp_alloctrait_t, 16, 8);
  CHECK_TYPE(omp_allocator_handle_t, 8, 8);
  CHECK_TYPE(omp_memspace_handle_t, 8, 8);
  CHECK_TYPE(omp_event_handle_t, 8, 8);
  CHECK_TYPE(omp_pause_resource_t, 4, 4);
  CHECK_TYPE(omp_int_t, 4, 4);
  CHECK_TYPE(omp_wtime_t, 8, 8);

  /* ---- Signedness of enum underlying types. ---- */
  CHECK_SIGNED(omp_sched_t, 0);
  CHECK_SIGNED(omp_sync_hint_t, 0);
  CHECK_SIGNED(omp_interop_property_t, 1);
  CHECK_SIGNED(omp_interop_rc_t, 1);
  CHECK_SIGNED(omp_interop_fr_t, 0);
  CHECK_SIGNED(omp_proc_bind_t, 0);
  CHECK_SIGNED(omp_control_tool_result_t, 1);
  CHECK_SIGNED(omp_control_tool_t, 0);
  CHECK_SIGNED(omp_alloctrait_key_t, 0);
  CHECK_SIGNED(omp_alloctrait_value_t, 0);
  CHECK_SIGNED(omp_allocator_handle_t, 0);
  CHECK_SIGNED(omp_memspace_handle_t, 0);
  CHECK_SIGNED(omp_event_handle_t, 0);
  CHECK_SIGNED(omp_pause_resource_t, 0);

  /* ---- Enumerator values (as long long) and constant sizes. ---- */
  CHECK_ENUM(omp_sched_static, 1, 4);
  CHECK_ENUM(omp_sched_dynamic, 2, 4);
  CHECK_ENUM(omp_sched_guided, 3, 4);
  CHECK_ENUM(omp_sched_auto, 4, 4);
  CHECK_ENUM(omp_sched_monotonic, 2147483648, 4);
  CHECK_ENUM(omp_sync_hint_none, 0, 4);
  CHECK_ENUM(omp_lock_hint_none, 0, 4);
  CHECK_ENUM(omp_sync_hint_uncontended, 1, 4);
  CHECK_ENUM(omp_lock_hint_uncontended, 1, 4);
  CHECK_ENUM(omp_sync_hint_contended, 2, 4);
  CHECK_ENUM(omp_lock_hint_contended, 2, 4);
  CHECK_ENUM(omp_sync_hint_nonspeculative, 4, 4);
  CHECK_ENUM(omp_lock_hint_nonspeculative, 4, 4);
  CHECK_ENUM(omp_sync_hint_speculative, 8, 4);
  CHECK_ENUM(omp_lock_hint_speculative, 8, 4);
  CHECK_ENUM(kmp_lock_hint_hle, 65536, 4);
  CHECK_ENUM(kmp_lock_hint_rtm, 131072, 4);
  CHECK_ENUM(kmp_lock_hint_adaptive, 262144, 4);
  CHECK_ENUM(omp_ipr_fr_id, -1, 4);
  CHECK_ENUM(omp_ipr_fr_name, -2, 4);
  CHECK_ENUM(omp_ipr_vendor, -3, 4);
  CHECK_ENUM(omp_ipr_vendor_name, -4, 4);
  CHECK_ENUM(omp_ipr_device_num, -5, 4);
  CHECK_ENUM(omp_ipr_platform, -6, 4);
  CHECK_ENUM(omp_ipr_device, -7, 4);
  CHECK_ENUM(omp_ipr_device_context, -8, 4);
  CHECK_ENUM(omp_ipr_targetsync, -9, 4);
  CHECK_ENUM(omp_ipr_first, -9, 4);
  CHECK_ENUM(omp_irc_no_value, 1, 4);
  CHECK_ENUM(omp_irc_success, 0, 4);
  CHECK_ENUM(omp_irc_empty, -1, 4);
  CHECK_ENUM(omp_irc_out_of_range, -2, 4);
  CHECK_ENUM(omp_irc_type_int, -3, 4);
  CHECK_ENUM(omp_irc_type_ptr, -4, 4);
  CHECK_ENUM(omp_irc_type_str, -5, 4);
  CHECK_ENUM(omp_irc_other, -6, 4);
  CHECK_ENUM(omp_ifr_cuda, 1, 4);
  CHECK_ENUM(omp_ifr_cuda_driver, 2, 4);
  CHECK_ENUM(omp_ifr_opencl, 3, 4);
  CHECK_ENUM(omp_ifr_sycl, 4, 4);
  CHECK_ENUM(omp_ifr_hip, 5, 4);
  CHECK_ENUM(omp_ifr_level_zero, 6, 4);
  CHECK_ENUM(omp_ifr_last, 7, 4);
  CHECK_ENUM(omp_proc_bind_false, 0, 4);
  CHECK_ENUM(omp_proc_bind_true, 1, 4);
  CHECK_ENUM(omp_proc_bind_master, 2, 4);
  CHECK_ENUM(omp_proc_bind_close, 3, 4);
  CHECK_ENUM(omp_proc_bind_spread, 4, 4);
  CHECK_ENUM(omp_control_tool_notool, -2, 4);
  CHECK_ENUM(omp_control_tool_nocallback, -1, 4);
  CHECK_ENUM(omp_control_tool_success, 0, 4);
  CHECK_ENUM(omp_control_tool_ignored, 1, 4);
  CHECK_ENUM(omp_control_tool_start, 1, 4);
  CHECK_ENUM(omp_control_tool_pause, 2, 4);
  CHECK_ENUM(omp_control_tool_flush, 3, 4);
  CHECK_ENUM(omp_control_tool_end, 4, 4);
  CHECK_ENUM(omp_atk_sync_hint, 1, 4);
  CHECK_ENUM(omp_atk_alignment, 2, 4);
  CHECK_ENUM(omp_atk_access, 3, 4);
  CHECK_ENUM(omp_atk_pool_size, 4, 4);
  CHECK_ENUM(omp_atk_fallback, 5, 4);
  CHECK_ENUM(omp_atk_fb_data, 6, 4);
  CHECK_ENUM(omp_atk_pinned, 7, 4);
  CHECK_ENUM(omp_atk_partition, 8, 4);
  CHECK_ENUM(omp_atv_false, 0, 4);
  CHECK_ENUM(omp_atv_true, 1, 4);
  CHECK_ENUM(omp_atv_contended, 3, 4);
  CHECK_ENUM(omp_atv_uncontended, 4, 4);
  CHECK_ENUM(omp_atv_serialized, 5, 4);
  CHECK_ENUM(omp_atv_sequential, 5, 4);
  CHECK_ENUM(omp_atv_private, 6, 4);
  CHECK_ENUM(omp_atv_all, 7, 4);
  CHECK_ENUM(omp_atv_thread, 8, 4);
  CHECK_ENUM(omp_atv_pteam, 9, 4);
  CHECK_ENUM(omp_atv_cgroup, 10, 4);
  CHECK_ENUM(omp_atv_default_mem_fb, 11, 4);
  CHECK_ENUM(omp_atv_null_fb, 12, 4);
  CHECK_ENUM(omp_atv_abort_fb, 13, 4);
  CHECK_ENUM(omp_atv_allocator_fb, 14, 4);
  CHECK_ENUM(omp_atv_environment, 15, 4);
  CHECK_ENUM(omp_atv_nearest, 16, 4);
  CHECK_ENUM(omp_atv_blocked, 17, 4);
  CHECK_ENUM(omp_atv_interleaved, 18, 4);
  CHECK_ENUM(omp_null_allocator, 0, 4);
  CHECK_ENUM(omp_default_mem_alloc, 1, 4);
  CHECK_ENUM(omp_large_cap_mem_alloc, 2, 4);
  CHECK_ENUM(omp_const_mem_alloc, 3, 4);
  CHECK_ENUM(omp_high_bw_mem_alloc, 4, 4);
  CHECK_ENUM(omp_low_lat_mem_alloc, 5, 4);
  CHECK_ENUM(omp_cgroup_mem_alloc, 6, 4);
  CHECK_ENUM(omp_pteam_mem_alloc, 7, 4);
  CHECK_ENUM(omp_thread_mem_alloc, 8, 4);
  CHECK_ENUM(llvm_omp_target_host_mem_alloc, 100, 4);
  CHECK_ENUM(llvm_omp_target_shared_mem_alloc, 101, 4);
  CHECK_ENUM(llvm_omp_target_device_mem_alloc, 102, 4);
  CHECK_ENUM(KMP_ALLOCATOR_MAX_HANDLE, -1, 8);
  CHECK_ENUM(omp_default_mem_space, 0, 4);
  CHECK_ENUM(omp_large_cap_mem_space, 1, 4);
  CHECK_ENUM(omp_const_mem_space, 2, 4);
  CHECK_ENUM(omp_high_bw_mem_space, 3, 4);
  CHECK_ENUM(omp_low_lat_mem_space, 4, 4);
  CHECK_ENUM(llvm_omp_target_host_mem_space, 100, 4);
  CHECK_ENUM(llvm_omp_target_shared_mem_space, 101, 4);
  CHECK_ENUM(llvm_omp_target_device_mem_space, 102, 4);
  CHECK_ENUM(KMP_MEMSPACE_MAX_HANDLE, -1, 8);
  CHECK_ENUM(KMP_EVENT_MAX_HANDLE, -1, 8);
  CHECK_ENUM(omp_pause_resume, 0, 4);
  CHECK_ENUM(omp_pause_soft, 1, 4);
  CHECK_ENUM(omp_pause_hard, 2, 4);

  /* ---- Struct layout. ---- */
  check_ll("offsetof(omp_alloctrait_t, key)",
           (long long)offsetof(omp_alloctrait_t, key), 0);
  check_ll("offsetof(omp_alloctrait_t, value)",
           (long long)offsetof(omp_alloctrait_t, value), 8);

  /* ---- Pointer-width sentinels really are all-ones in their type. ---- */
  check_ll("KMP_ALLOCATOR_MAX_HANDLE == UINTPTR_MAX",
           (uintptr_t)KMP_ALLOCATOR_MAX_HANDLE == UINTPTR_MAX, 1);
  check_ll("KMP_MEMSPACE_MAX_HANDLE == UINTPTR_MAX",
           (uintptr_t)KMP_MEMSPACE_MAX_HANDLE == UINTPTR_MAX, 1);
  check_ll("KMP_EVENT_MAX_HANDLE == UINTPTR_MAX",
           (uintptr_t)KMP_EVENT_MAX_HANDLE == UINTPTR_MAX, 1);
  check_ll("(unsigned)omp_sched_monotonic",
           (long long)(unsigned)omp_sched_monotonic, 2147483648LL);

  /* ---- Macros. ---- */
  check_ll("omp_atv_default == (omp_uintptr_t)-1",
           omp_atv_default == (omp_uintptr_t)-1, 1);
  check_ll("sizeof(omp_atv_default)", (long long)sizeof(omp_atv_default), 8);
  check_ll("omp_interop_none", omp_interop_none, 0);
  check_ll("KMP_VERSION_MAJOR", KMP_VERSION_MAJOR, 5);
  check_ll("KMP_VERSION_MINOR", KMP_VERSION_MINOR, 0);
  check_ll("KMP_VERSION_BUILD", KMP_VERSION_BUILD, 20140926);
  check_str("KMP_BUILD_DATE", KMP_BUILD_DATE, "No_Timestamp");

  /* ---- Function prototypes (as declared by LLVM 19's omp.h; the
   *      omp_*_affinity* names are macros for the ompc_* entry points). ---- */
  CHECK_PROTO(omp_set_num_threads, void (*)(int));
  CHECK_PROTO(omp_set_dynamic, void (*)(int));
  CHECK_PROTO(omp_set_nested, void (*)(int));
  CHECK_PROTO(omp_set_max_active_levels, void (*)(int));
  CHECK_PROTO(omp_set_schedule, void (*)(omp_sched_t, int));
  CHECK_PROTO(omp_get_num_threads, int (*)(void));
  CHECK_PROTO(omp_get_dynamic, int (*)(void));
  CHECK_PROTO(omp_get_nested, int (*)(void));
  CHECK_PROTO(omp_get_max_threads, int (*)(void));
  CHECK_PROTO(omp_get_thread_num, int (*)(void));
  CHECK_PROTO(omp_get_num_procs, int (*)(void));
  CHECK_PROTO(omp_in_parallel, int (*)(void));
  CHECK_PROTO(omp_in_final, int (*)(void));
  CHECK_PROTO(omp_get_active_level, int (*)(void));
  CHECK_PROTO(omp_get_level, int (*)(void));
  CHECK_PROTO(omp_get_ancestor_thread_num, int (*)(int));
  CHECK_PROTO(omp_get_team_size, int (*)(int));
  CHECK_PROTO(omp_get_thread_limit, int (*)(void));
  CHECK_PROTO(omp_get_max_active_levels, int (*)(void));
  CHECK_PROTO(omp_get_schedule, void (*)(omp_sched_t *, int *));
  CHECK_PROTO(omp_get_max_task_priority, int (*)(void));
  CHECK_PROTO(omp_init_lock, void (*)(omp_lock_t *));
  CHECK_PROTO(omp_set_lock, void (*)(omp_lock_t *));
  CHECK_PROTO(omp_unset_lock, void (*)(omp_lock_t *));
  CHECK_PROTO(omp_destroy_lock, void (*)(omp_lock_t *));
  CHECK_PROTO(omp_test_lock, int (*)(omp_lock_t *));
  CHECK_PROTO(omp_init_nest_lock, void (*)(omp_nest_lock_t *));
  CHECK_PROTO(omp_set_nest_lock, void (*)(omp_nest_lock_t *));
  CHECK_PROTO(omp_unset_nest_lock, void (*)(omp_nest_lock_t *));
  CHECK_PROTO(omp_destroy_nest_lock, void (*)(omp_nest_lock_t *));
  CHECK_PROTO(omp_test_nest_lock, int (*)(omp_nest_lock_t *));
  CHECK_PROTO(omp_init_lock_with_hint, void (*)(omp_lock_t *, omp_lock_hint_t));
  CHECK_PROTO(omp_init_nest_lock_with_hint, void (*)(omp_nest_lock_t *, omp_lock_hint_t));
  CHECK_PROTO(omp_get_wtime, double (*)(void));
  CHECK_PROTO(omp_get_wtick, double (*)(void));
  CHECK_PROTO(omp_get_default_device, int (*)(void));
  CHECK_PROTO(omp_set_default_device, void (*)(int));
  CHECK_PROTO(omp_is_initial_device, int (*)(void));
  CHECK_PROTO(omp_get_num_devices, int (*)(void));
  CHECK_PROTO(omp_get_num_teams, int (*)(void));
  CHECK_PROTO(omp_get_team_num, int (*)(void));
  CHECK_PROTO(omp_get_cancellation, int (*)(void));
  CHECK_PROTO(omp_get_initial_device, int (*)(void));
  CHECK_PROTO(omp_target_alloc, void * (*)(size_t, int));
  CHECK_PROTO(omp_target_free, void (*)(void *, int));
  CHECK_PROTO(omp_target_is_present, int (*)(const void *, int));
  CHECK_PROTO(omp_target_memcpy, int (*)(void *, const void *, size_t, size_t, size_t, int, int));
  CHECK_PROTO(omp_target_memcpy_rect, int (*)(void *, const void *, size_t, int, const size_t *, const size_t *, const size_t *, const size_t *, const size_t *, int, int));
  CHECK_PROTO(omp_target_associate_ptr, int (*)(const void *, const void *, size_t, size_t, int));
  CHECK_PROTO(omp_target_disassociate_ptr, int (*)(const void *, int));
  CHECK_PROTO(omp_get_device_num, int (*)(void));
  CHECK_PROTO(ompx_dump_mapping_tables, void (*)(void));
  CHECK_PROTO(omp_get_num_interop_properties, int (*)(const omp_interop_t));
  CHECK_PROTO(omp_get_interop_int, omp_intptr_t (*)(const omp_interop_t, omp_interop_property_t, int *));
  CHECK_PROTO(omp_get_interop_ptr, void * (*)(const omp_interop_t, omp_interop_property_t, int *));
  CHECK_PROTO(omp_get_interop_str, const char * (*)(const omp_interop_t, omp_interop_property_t, int *));
  CHECK_PROTO(omp_get_interop_name, const char * (*)(const omp_interop_t, omp_interop_property_t));
  CHECK_PROTO(omp_get_interop_type_desc, const char * (*)(const omp_interop_t, omp_interop_property_t));
  CHECK_PROTO(omp_get_interop_rc_desc, const char * (*)(const omp_interop_t, omp_interop_rc_t));
  CHECK_PROTO(omp_target_memcpy_async, int (*)(void *, const void *, size_t, size_t, size_t, int, int, int, omp_depend_t *));
  CHECK_PROTO(omp_target_memcpy_rect_async, int (*)(void *, const void *, size_t, int, const size_t *, const size_t *, const size_t *, const size_t *, const size_t *, int, int, int, omp_depend_t *));
  CHECK_PROTO(omp_target_memset, void * (*)(void *, int, size_t, int));
  CHECK_PROTO(omp_target_memset_async, void * (*)(void *, int, size_t, int, int, omp_depend_t *));
  CHECK_PROTO(omp_get_mapped_ptr, void * (*)(const void *, int));
  CHECK_PROTO(omp_target_is_accessible, int (*)(const void *, size_t, int));
  CHECK_PROTO(kmp_get_stacksize, int (*)(void));
  CHECK_PROTO(kmp_set_stacksize, void (*)(int));
  CHECK_PROTO(kmp_get_stacksize_s, size_t (*)(void));
  CHECK_PROTO(kmp_set_stacksize_s, void (*)(size_t));
  CHECK_PROTO(kmp_get_blocktime, int (*)(void));
  CHECK_PROTO(kmp_get_library, int (*)(void));
  CHECK_PROTO(kmp_set_blocktime, void (*)(int));
  CHECK_PROTO(kmp_set_library, void (*)(int));
  CHECK_PROTO(kmp_set_library_serial, void (*)(void));
  CHECK_PROTO(kmp_set_library_turnaround, void (*)(void));
  CHECK_PROTO(kmp_set_library_throughput, void (*)(void));
  CHECK_PROTO(kmp_set_defaults, void (*)(const char *));
  CHECK_PROTO(kmp_set_disp_num_buffers, void (*)(int));
  CHECK_PROTO(kmp_set_affinity, int (*)(kmp_affinity_mask_t *));
  CHECK_PROTO(kmp_get_affinity, int (*)(kmp_affinity_mask_t *));
  CHECK_PROTO(kmp_get_affinity_max_proc, int (*)(void));
  CHECK_PROTO(kmp_create_affinity_mask, void (*)(kmp_affinity_mask_t *));
  CHECK_PROTO(kmp_destroy_affinity_mask, void (*)(kmp_affinity_mask_t *));
  CHECK_PROTO(kmp_set_affinity_mask_proc, int (*)(int, kmp_affinity_mask_t *));
  CHECK_PROTO(kmp_unset_affinity_mask_proc, int (*)(int, kmp_affinity_mask_t *));
  CHECK_PROTO(kmp_get_affinity_mask_proc, int (*)(int, kmp_affinity_mask_t *));
  CHECK_PROTO(omp_get_proc_bind, omp_proc_bind_t (*)(void));
  CHECK_PROTO(omp_get_num_places, int (*)(void));
  CHECK_PROTO(omp_get_place_num_procs, int (*)(int));
  CHECK_PROTO(omp_get_place_proc_ids, void (*)(int, int *));
  CHECK_PROTO(omp_get_place_num, int (*)(void));
  CHECK_PROTO(omp_get_partition_num_places, int (*)(void));
  CHECK_PROTO(omp_get_partition_place_nums, void (*)(int *));
  CHECK_PROTO(kmp_malloc, void * (*)(size_t));
  CHECK_PROTO(kmp_aligned_malloc, void * (*)(size_t, size_t));
  CHECK_PROTO(kmp_calloc, void * (*)(size_t, size_t));
  CHECK_PROTO(kmp_realloc, void * (*)(void *, size_t));
  CHECK_PROTO(kmp_free, void (*)(void *));
  CHECK_PROTO(kmp_set_warnings_on, void (*)(void));
  CHECK_PROTO(kmp_set_warnings_off, void (*)(void));
  CHECK_PROTO(omp_control_tool, int (*)(int, int, void *));
  CHECK_PROTO(omp_init_allocator, omp_allocator_handle_t (*)(omp_memspace_handle_t, int, omp_alloctrait_t *));
  CHECK_PROTO(omp_destroy_allocator, void (*)(omp_allocator_handle_t));
  CHECK_PROTO(omp_set_default_allocator, void (*)(omp_allocator_handle_t));
  CHECK_PROTO(omp_get_default_allocator, omp_allocator_handle_t (*)(void));
  CHECK_PROTO(omp_alloc, void * (*)(size_t, omp_allocator_handle_t));
  CHECK_PROTO(omp_aligned_alloc, void * (*)(size_t, size_t, omp_allocator_handle_t));
  CHECK_PROTO(omp_calloc, void * (*)(size_t, size_t, omp_allocator_handle_t));
  CHECK_PROTO(omp_aligned_calloc, void * (*)(size_t, size_t, size_t, omp_allocator_handle_t));
  CHECK_PROTO(omp_realloc, void * (*)(void *, size_t, omp_allocator_handle_t, omp_allocator_handle_t));
  CHECK_PROTO(omp_free, void (*)(void *, omp_allocator_handle_t));
  CHECK_PROTO(ompc_set_affinity_format, void (*)(const char *));
  CHECK_PROTO(ompc_get_affinity_format, size_t (*)(char *, size_t));
  CHECK_PROTO(ompc_display_affinity, void (*)(const char *));
  CHECK_PROTO(ompc_capture_affinity, size_t (*)(char *, size_t, const char *));
  CHECK_PROTO(omp_fulfill_event, void (*)(omp_event_handle_t));
  CHECK_PROTO(omp_pause_resource, int (*)(omp_pause_resource_t, int));
  CHECK_PROTO(omp_pause_resource_all, int (*)(omp_pause_resource_t));
  CHECK_PROTO(omp_get_supported_active_levels, int (*)(void));
  CHECK_PROTO(omp_set_num_teams, void (*)(int));
  CHECK_PROTO(omp_get_max_teams, int (*)(void));
  CHECK_PROTO(omp_set_teams_thread_limit, void (*)(int));
  CHECK_PROTO(omp_get_teams_thread_limit, int (*)(void));
  CHECK_PROTO(omp_display_env, void (*)(int));
  CHECK_PROTO(omp_in_explicit_task, int (*)(void));
  CHECK_PROTO(llvm_omp_target_dynamic_shared_alloc, void * (*)(void));

  if (failures) {
    printf("omp_h_layout: FAILED (%d mismatches)\n", failures);
    return 1;
  }
  printf("omp_h_layout: OK\n");
  return 0;
}
