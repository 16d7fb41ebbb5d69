/* GCC's versioned names: a GCC-built program linked against GCC's own
 * libgomp.so.1 asks for GOMP_parallel@GOMP_4.0, omp_get_thread_num@OMP_1.0
 * and so on. LLVM's libomp answers those too (run as libgomp.so.1), so ours
 * does: each name below is exported once more, at the version node GCC
 * gave it (exports.map declares the nodes), as a jump to the entry point
 * that programs built against libomp reach at VERSION. A jump keeps every
 * argument register, so one form serves every signature, variadic ones
 * (GOMP_doacross_wait) included. The list is GCC 12's (libgomp.map), less
 * what this runtime does not define: GOMP_parallel_start and the other
 * pre-4.0 split forms, GCC's offloading and 5.1 entry points (GOMP_target*,
 * GOMP_teams, GOMP_teams4, GOMP_scope_start, GOMP_error, GOMP_warning),
 * and the device memory routines (omp_target_*, in libomptarget here). It
 * holds LLVM 19's C and Fortran names, and GCC's later nodes (OMP_5.0.1:
 * omp_fulfill_event, the allocators; OMP_5.0.2, OMP_5.1) and Fortran *_8
 * forms, which LLVM lacks, too.
 *
 * The trampolines' own names (gomp_compat_*) stay local (exports.map);
 * only the versioned names are exported. */
        .macro VERSIONED name, node, tag
        .globl  gomp_compat_\name\()_\tag
        .type   gomp_compat_\name\()_\tag,@function
        .p2align 4
gomp_compat_\name\()_\tag:
        .cfi_startproc
        jmp     \name@PLT
        .cfi_endproc
        .size   gomp_compat_\name\()_\tag, .-gomp_compat_\name\()_\tag
        .symver gomp_compat_\name\()_\tag, \name@\node
        .endm

        .text
/* OMP_1.0 */
        VERSIONED omp_destroy_lock, OMP_1.0, o10
        VERSIONED omp_destroy_nest_lock, OMP_1.0, o10
        VERSIONED omp_get_dynamic, OMP_1.0, o10
        VERSIONED omp_get_max_threads, OMP_1.0, o10
        VERSIONED omp_get_nested, OMP_1.0, o10
        VERSIONED omp_get_num_procs, OMP_1.0, o10
        VERSIONED omp_get_num_threads, OMP_1.0, o10
        VERSIONED omp_get_thread_num, OMP_1.0, o10
        VERSIONED omp_in_parallel, OMP_1.0, o10
        VERSIONED omp_init_lock, OMP_1.0, o10
        VERSIONED omp_init_nest_lock, OMP_1.0, o10
        VERSIONED omp_set_dynamic, OMP_1.0, o10
        VERSIONED omp_set_lock, OMP_1.0, o10
        VERSIONED omp_set_nest_lock, OMP_1.0, o10
        VERSIONED omp_set_nested, OMP_1.0, o10
        VERSIONED omp_set_num_threads, OMP_1.0, o10
        VERSIONED omp_test_lock, OMP_1.0, o10
        VERSIONED omp_test_nest_lock, OMP_1.0, o10
        VERSIONED omp_unset_lock, OMP_1.0, o10
        VERSIONED omp_unset_nest_lock, OMP_1.0, o10
/* OMP_2.0 */
        VERSIONED omp_get_wtick, OMP_2.0, o20
        VERSIONED omp_get_wtime, OMP_2.0, o20
/* OMP_3.0 */
        VERSIONED omp_destroy_lock, OMP_3.0, o30
        VERSIONED omp_destroy_nest_lock, OMP_3.0, o30
        VERSIONED omp_get_active_level, OMP_3.0, o30
        VERSIONED omp_get_ancestor_thread_num, OMP_3.0, o30
        VERSIONED omp_get_level, OMP_3.0, o30
        VERSIONED omp_get_max_active_levels, OMP_3.0, o30
        VERSIONED omp_get_schedule, OMP_3.0, o30
        VERSIONED omp_get_team_size, OMP_3.0, o30
        VERSIONED omp_get_thread_limit, OMP_3.0, o30
        VERSIONED omp_init_lock, OMP_3.0, o30
        VERSIONED omp_init_nest_lock, OMP_3.0, o30
        VERSIONED omp_set_lock, OMP_3.0, o30
        VERSIONED omp_set_max_active_levels, OMP_3.0, o30
        VERSIONED omp_set_nest_lock, OMP_3.0, o30
        VERSIONED omp_set_schedule, OMP_3.0, o30
        VERSIONED omp_test_lock, OMP_3.0, o30
        VERSIONED omp_test_nest_lock, OMP_3.0, o30
        VERSIONED omp_unset_lock, OMP_3.0, o30
        VERSIONED omp_unset_nest_lock, OMP_3.0, o30
/* OMP_3.1 */
        VERSIONED omp_in_final, OMP_3.1, o31
/* OMP_4.0 */
        VERSIONED omp_get_cancellation, OMP_4.0, o40
        VERSIONED omp_get_default_device, OMP_4.0, o40
        VERSIONED omp_get_num_devices, OMP_4.0, o40
        VERSIONED omp_get_num_teams, OMP_4.0, o40
        VERSIONED omp_get_proc_bind, OMP_4.0, o40
        VERSIONED omp_get_team_num, OMP_4.0, o40
        VERSIONED omp_is_initial_device, OMP_4.0, o40
        VERSIONED omp_set_default_device, OMP_4.0, o40
/* OMP_4.5 */
        VERSIONED omp_get_initial_device, OMP_4.5, o45
        VERSIONED omp_get_max_task_priority, OMP_4.5, o45
        VERSIONED omp_get_num_places, OMP_4.5, o45
        VERSIONED omp_get_partition_num_places, OMP_4.5, o45
        VERSIONED omp_get_partition_place_nums, OMP_4.5, o45
        VERSIONED omp_get_place_num, OMP_4.5, o45
        VERSIONED omp_get_place_num_procs, OMP_4.5, o45
        VERSIONED omp_get_place_proc_ids, OMP_4.5, o45
/* OMP_5.0 */
        VERSIONED omp_capture_affinity, OMP_5.0, o50
        VERSIONED omp_display_affinity, OMP_5.0, o50
        VERSIONED omp_get_affinity_format, OMP_5.0, o50
        VERSIONED omp_pause_resource, OMP_5.0, o50
        VERSIONED omp_pause_resource_all, OMP_5.0, o50
        VERSIONED omp_set_affinity_format, OMP_5.0, o50
/* OMP_5.0.1 */
        VERSIONED omp_alloc, OMP_5.0.1, o501
        VERSIONED omp_destroy_allocator, OMP_5.0.1, o501
        VERSIONED omp_free, OMP_5.0.1, o501
        VERSIONED omp_fulfill_event, OMP_5.0.1, o501
        VERSIONED omp_get_default_allocator, OMP_5.0.1, o501
        VERSIONED omp_get_supported_active_levels, OMP_5.0.1, o501
        VERSIONED omp_init_allocator, OMP_5.0.1, o501
        VERSIONED omp_set_default_allocator, OMP_5.0.1, o501
/* OMP_5.0.2 */
        VERSIONED omp_aligned_alloc, OMP_5.0.2, o502
        VERSIONED omp_aligned_calloc, OMP_5.0.2, o502
        VERSIONED omp_calloc, OMP_5.0.2, o502
        VERSIONED omp_get_device_num, OMP_5.0.2, o502
        VERSIONED omp_realloc, OMP_5.0.2, o502
/* OMP_5.1 */
        VERSIONED omp_display_env, OMP_5.1, o51
        VERSIONED omp_get_max_teams, OMP_5.1, o51
        VERSIONED omp_get_teams_thread_limit, OMP_5.1, o51
        VERSIONED omp_set_num_teams, OMP_5.1, o51
        VERSIONED omp_set_teams_thread_limit, OMP_5.1, o51
/* GOMP_1.0 */
        VERSIONED GOMP_atomic_end, GOMP_1.0, g10
        VERSIONED GOMP_atomic_start, GOMP_1.0, g10
        VERSIONED GOMP_barrier, GOMP_1.0, g10
        VERSIONED GOMP_critical_end, GOMP_1.0, g10
        VERSIONED GOMP_critical_name_end, GOMP_1.0, g10
        VERSIONED GOMP_critical_name_start, GOMP_1.0, g10
        VERSIONED GOMP_critical_start, GOMP_1.0, g10
        VERSIONED GOMP_loop_dynamic_next, GOMP_1.0, g10
        VERSIONED GOMP_loop_dynamic_start, GOMP_1.0, g10
        VERSIONED GOMP_loop_end, GOMP_1.0, g10
        VERSIONED GOMP_loop_end_nowait, GOMP_1.0, g10
        VERSIONED GOMP_loop_guided_next, GOMP_1.0, g10
        VERSIONED GOMP_loop_guided_start, GOMP_1.0, g10
        VERSIONED GOMP_loop_ordered_dynamic_next, GOMP_1.0, g10
        VERSIONED GOMP_loop_ordered_dynamic_start, GOMP_1.0, g10
        VERSIONED GOMP_loop_ordered_guided_next, GOMP_1.0, g10
        VERSIONED GOMP_loop_ordered_guided_start, GOMP_1.0, g10
        VERSIONED GOMP_loop_ordered_runtime_next, GOMP_1.0, g10
        VERSIONED GOMP_loop_ordered_runtime_start, GOMP_1.0, g10
        VERSIONED GOMP_loop_ordered_static_next, GOMP_1.0, g10
        VERSIONED GOMP_loop_ordered_static_start, GOMP_1.0, g10
        VERSIONED GOMP_loop_runtime_next, GOMP_1.0, g10
        VERSIONED GOMP_loop_runtime_start, GOMP_1.0, g10
        VERSIONED GOMP_loop_static_next, GOMP_1.0, g10
        VERSIONED GOMP_loop_static_start, GOMP_1.0, g10
        VERSIONED GOMP_ordered_end, GOMP_1.0, g10
        VERSIONED GOMP_ordered_start, GOMP_1.0, g10
        VERSIONED GOMP_sections_end, GOMP_1.0, g10
        VERSIONED GOMP_sections_end_nowait, GOMP_1.0, g10
        VERSIONED GOMP_sections_next, GOMP_1.0, g10
        VERSIONED GOMP_sections_start, GOMP_1.0, g10
        VERSIONED GOMP_single_copy_end, GOMP_1.0, g10
        VERSIONED GOMP_single_copy_start, GOMP_1.0, g10
        VERSIONED GOMP_single_start, GOMP_1.0, g10
/* GOMP_2.0 */
        VERSIONED GOMP_loop_ull_dynamic_next, GOMP_2.0, g20
        VERSIONED GOMP_loop_ull_dynamic_start, GOMP_2.0, g20
        VERSIONED GOMP_loop_ull_guided_next, GOMP_2.0, g20
        VERSIONED GOMP_loop_ull_guided_start, GOMP_2.0, g20
        VERSIONED GOMP_loop_ull_ordered_dynamic_next, GOMP_2.0, g20
        VERSIONED GOMP_loop_ull_ordered_dynamic_start, GOMP_2.0, g20
        VERSIONED GOMP_loop_ull_ordered_guided_next, GOMP_2.0, g20
        VERSIONED GOMP_loop_ull_ordered_guided_start, GOMP_2.0, g20
        VERSIONED GOMP_loop_ull_ordered_runtime_next, GOMP_2.0, g20
        VERSIONED GOMP_loop_ull_ordered_runtime_start, GOMP_2.0, g20
        VERSIONED GOMP_loop_ull_ordered_static_next, GOMP_2.0, g20
        VERSIONED GOMP_loop_ull_ordered_static_start, GOMP_2.0, g20
        VERSIONED GOMP_loop_ull_runtime_next, GOMP_2.0, g20
        VERSIONED GOMP_loop_ull_runtime_start, GOMP_2.0, g20
        VERSIONED GOMP_loop_ull_static_next, GOMP_2.0, g20
        VERSIONED GOMP_loop_ull_static_start, GOMP_2.0, g20
        VERSIONED GOMP_task, GOMP_2.0, g20
        VERSIONED GOMP_taskwait, GOMP_2.0, g20
/* GOMP_3.0 */
        VERSIONED GOMP_taskyield, GOMP_3.0, g30
/* GOMP_4.0 */
        VERSIONED GOMP_barrier_cancel, GOMP_4.0, g40
        VERSIONED GOMP_cancel, GOMP_4.0, g40
        VERSIONED GOMP_cancellation_point, GOMP_4.0, g40
        VERSIONED GOMP_loop_end_cancel, GOMP_4.0, g40
        VERSIONED GOMP_parallel, GOMP_4.0, g40
        VERSIONED GOMP_parallel_loop_dynamic, GOMP_4.0, g40
        VERSIONED GOMP_parallel_loop_guided, GOMP_4.0, g40
        VERSIONED GOMP_parallel_loop_runtime, GOMP_4.0, g40
        VERSIONED GOMP_parallel_loop_static, GOMP_4.0, g40
        VERSIONED GOMP_parallel_sections, GOMP_4.0, g40
        VERSIONED GOMP_sections_end_cancel, GOMP_4.0, g40
        VERSIONED GOMP_taskgroup_end, GOMP_4.0, g40
        VERSIONED GOMP_taskgroup_start, GOMP_4.0, g40
/* GOMP_4.5 */
        VERSIONED GOMP_doacross_post, GOMP_4.5, g45
        VERSIONED GOMP_doacross_ull_post, GOMP_4.5, g45
        VERSIONED GOMP_doacross_ull_wait, GOMP_4.5, g45
        VERSIONED GOMP_doacross_wait, GOMP_4.5, g45
        VERSIONED GOMP_loop_doacross_dynamic_start, GOMP_4.5, g45
        VERSIONED GOMP_loop_doacross_guided_start, GOMP_4.5, g45
        VERSIONED GOMP_loop_doacross_runtime_start, GOMP_4.5, g45
        VERSIONED GOMP_loop_doacross_static_start, GOMP_4.5, g45
        VERSIONED GOMP_loop_nonmonotonic_dynamic_next, GOMP_4.5, g45
        VERSIONED GOMP_loop_nonmonotonic_dynamic_start, GOMP_4.5, g45
        VERSIONED GOMP_loop_nonmonotonic_guided_next, GOMP_4.5, g45
        VERSIONED GOMP_loop_nonmonotonic_guided_start, GOMP_4.5, g45
        VERSIONED GOMP_loop_ull_doacross_dynamic_start, GOMP_4.5, g45
        VERSIONED GOMP_loop_ull_doacross_guided_start, GOMP_4.5, g45
        VERSIONED GOMP_loop_ull_doacross_runtime_start, GOMP_4.5, g45
        VERSIONED GOMP_loop_ull_doacross_static_start, GOMP_4.5, g45
        VERSIONED GOMP_loop_ull_nonmonotonic_dynamic_next, GOMP_4.5, g45
        VERSIONED GOMP_loop_ull_nonmonotonic_dynamic_start, GOMP_4.5, g45
        VERSIONED GOMP_loop_ull_nonmonotonic_guided_next, GOMP_4.5, g45
        VERSIONED GOMP_loop_ull_nonmonotonic_guided_start, GOMP_4.5, g45
        VERSIONED GOMP_parallel_loop_nonmonotonic_dynamic, GOMP_4.5, g45
        VERSIONED GOMP_parallel_loop_nonmonotonic_guided, GOMP_4.5, g45
        VERSIONED GOMP_taskloop, GOMP_4.5, g45
        VERSIONED GOMP_taskloop_ull, GOMP_4.5, g45
/* GOMP_5.0 */
        VERSIONED GOMP_loop_doacross_start, GOMP_5.0, g50
        VERSIONED GOMP_loop_maybe_nonmonotonic_runtime_next, GOMP_5.0, g50
        VERSIONED GOMP_loop_maybe_nonmonotonic_runtime_start, GOMP_5.0, g50
        VERSIONED GOMP_loop_nonmonotonic_runtime_next, GOMP_5.0, g50
        VERSIONED GOMP_loop_nonmonotonic_runtime_start, GOMP_5.0, g50
        VERSIONED GOMP_loop_ordered_start, GOMP_5.0, g50
        VERSIONED GOMP_loop_start, GOMP_5.0, g50
        VERSIONED GOMP_loop_ull_doacross_start, GOMP_5.0, g50
        VERSIONED GOMP_loop_ull_maybe_nonmonotonic_runtime_next, GOMP_5.0, g50
        VERSIONED GOMP_loop_ull_maybe_nonmonotonic_runtime_start, GOMP_5.0, g50
        VERSIONED GOMP_loop_ull_nonmonotonic_runtime_next, GOMP_5.0, g50
        VERSIONED GOMP_loop_ull_nonmonotonic_runtime_start, GOMP_5.0, g50
        VERSIONED GOMP_loop_ull_ordered_start, GOMP_5.0, g50
        VERSIONED GOMP_loop_ull_start, GOMP_5.0, g50
        VERSIONED GOMP_parallel_loop_maybe_nonmonotonic_runtime, GOMP_5.0, g50
        VERSIONED GOMP_parallel_loop_nonmonotonic_runtime, GOMP_5.0, g50
        VERSIONED GOMP_parallel_reductions, GOMP_5.0, g50
        VERSIONED GOMP_sections2_start, GOMP_5.0, g50
        VERSIONED GOMP_task_reduction_remap, GOMP_5.0, g50
        VERSIONED GOMP_taskgroup_reduction_register, GOMP_5.0, g50
        VERSIONED GOMP_taskgroup_reduction_unregister, GOMP_5.0, g50
        VERSIONED GOMP_taskwait_depend, GOMP_5.0, g50
        VERSIONED GOMP_teams_reg, GOMP_5.0, g50
        VERSIONED GOMP_workshare_task_reduction_unregister, GOMP_5.0, g50
/* GOMP_5.0.1 */
        VERSIONED GOMP_alloc, GOMP_5.0.1, g501
        VERSIONED GOMP_free, GOMP_5.0.1, g501

/* The Fortran names (fortran_api.c), *_8 forms included, at GCC's nodes:
 * gfortran's programs call omp_get_thread_num_@OMP_1.0 and the like. */
/* OMP_1.0, Fortran */
        VERSIONED omp_destroy_lock_, OMP_1.0, o10
        VERSIONED omp_destroy_nest_lock_, OMP_1.0, o10
        VERSIONED omp_get_dynamic_, OMP_1.0, o10
        VERSIONED omp_get_max_threads_, OMP_1.0, o10
        VERSIONED omp_get_nested_, OMP_1.0, o10
        VERSIONED omp_get_num_procs_, OMP_1.0, o10
        VERSIONED omp_get_num_threads_, OMP_1.0, o10
        VERSIONED omp_get_thread_num_, OMP_1.0, o10
        VERSIONED omp_in_parallel_, OMP_1.0, o10
        VERSIONED omp_init_lock_, OMP_1.0, o10
        VERSIONED omp_init_nest_lock_, OMP_1.0, o10
        VERSIONED omp_set_dynamic_, OMP_1.0, o10
        VERSIONED omp_set_dynamic_8_, OMP_1.0, o10
        VERSIONED omp_set_lock_, OMP_1.0, o10
        VERSIONED omp_set_nest_lock_, OMP_1.0, o10
        VERSIONED omp_set_nested_, OMP_1.0, o10
        VERSIONED omp_set_nested_8_, OMP_1.0, o10
        VERSIONED omp_set_num_threads_, OMP_1.0, o10
        VERSIONED omp_set_num_threads_8_, OMP_1.0, o10
        VERSIONED omp_test_lock_, OMP_1.0, o10
        VERSIONED omp_test_nest_lock_, OMP_1.0, o10
        VERSIONED omp_unset_lock_, OMP_1.0, o10
        VERSIONED omp_unset_nest_lock_, OMP_1.0, o10
/* OMP_2.0, Fortran */
        VERSIONED omp_get_wtick_, OMP_2.0, o20
        VERSIONED omp_get_wtime_, OMP_2.0, o20
/* OMP_3.0, Fortran */
        VERSIONED omp_destroy_lock_, OMP_3.0, o30
        VERSIONED omp_destroy_nest_lock_, OMP_3.0, o30
        VERSIONED omp_get_active_level_, OMP_3.0, o30
        VERSIONED omp_get_ancestor_thread_num_, OMP_3.0, o30
        VERSIONED omp_get_ancestor_thread_num_8_, OMP_3.0, o30
        VERSIONED omp_get_level_, OMP_3.0, o30
        VERSIONED omp_get_max_active_levels_, OMP_3.0, o30
        VERSIONED omp_get_schedule_, OMP_3.0, o30
        VERSIONED omp_get_schedule_8_, OMP_3.0, o30
        VERSIONED omp_get_team_size_, OMP_3.0, o30
        VERSIONED omp_get_team_size_8_, OMP_3.0, o30
        VERSIONED omp_get_thread_limit_, OMP_3.0, o30
        VERSIONED omp_init_lock_, OMP_3.0, o30
        VERSIONED omp_init_nest_lock_, OMP_3.0, o30
        VERSIONED omp_set_lock_, OMP_3.0, o30
        VERSIONED omp_set_max_active_levels_, OMP_3.0, o30
        VERSIONED omp_set_max_active_levels_8_, OMP_3.0, o30
        VERSIONED omp_set_nest_lock_, OMP_3.0, o30
        VERSIONED omp_set_schedule_, OMP_3.0, o30
        VERSIONED omp_set_schedule_8_, OMP_3.0, o30
        VERSIONED omp_test_lock_, OMP_3.0, o30
        VERSIONED omp_test_nest_lock_, OMP_3.0, o30
        VERSIONED omp_unset_lock_, OMP_3.0, o30
        VERSIONED omp_unset_nest_lock_, OMP_3.0, o30
/* OMP_3.1, Fortran */
        VERSIONED omp_in_final_, OMP_3.1, o31
/* OMP_4.0, Fortran */
        VERSIONED omp_get_cancellation_, OMP_4.0, o40
        VERSIONED omp_get_default_device_, OMP_4.0, o40
        VERSIONED omp_get_num_devices_, OMP_4.0, o40
        VERSIONED omp_get_num_teams_, OMP_4.0, o40
        VERSIONED omp_get_proc_bind_, OMP_4.0, o40
        VERSIONED omp_get_team_num_, OMP_4.0, o40
        VERSIONED omp_is_initial_device_, OMP_4.0, o40
        VERSIONED omp_set_default_device_, OMP_4.0, o40
        VERSIONED omp_set_default_device_8_, OMP_4.0, o40
/* OMP_4.5, Fortran */
        VERSIONED omp_get_initial_device_, OMP_4.5, o45
        VERSIONED omp_get_max_task_priority_, OMP_4.5, o45
        VERSIONED omp_get_num_places_, OMP_4.5, o45
        VERSIONED omp_get_partition_num_places_, OMP_4.5, o45
        VERSIONED omp_get_partition_place_nums_, OMP_4.5, o45
        VERSIONED omp_get_partition_place_nums_8_, OMP_4.5, o45
        VERSIONED omp_get_place_num_, OMP_4.5, o45
        VERSIONED omp_get_place_num_procs_, OMP_4.5, o45
        VERSIONED omp_get_place_num_procs_8_, OMP_4.5, o45
        VERSIONED omp_get_place_proc_ids_, OMP_4.5, o45
        VERSIONED omp_get_place_proc_ids_8_, OMP_4.5, o45
/* OMP_5.0, Fortran */
        VERSIONED omp_capture_affinity_, OMP_5.0, o50
        VERSIONED omp_display_affinity_, OMP_5.0, o50
        VERSIONED omp_get_affinity_format_, OMP_5.0, o50
        VERSIONED omp_pause_resource_, OMP_5.0, o50
        VERSIONED omp_pause_resource_all_, OMP_5.0, o50
        VERSIONED omp_set_affinity_format_, OMP_5.0, o50
/* OMP_5.0.1, Fortran */
        VERSIONED omp_destroy_allocator_, OMP_5.0.1, o501
        VERSIONED omp_fulfill_event_, OMP_5.0.1, o501
        VERSIONED omp_get_default_allocator_, OMP_5.0.1, o501
        VERSIONED omp_get_supported_active_levels_, OMP_5.0.1, o501
        VERSIONED omp_init_allocator_, OMP_5.0.1, o501
        VERSIONED omp_init_allocator_8_, OMP_5.0.1, o501
        VERSIONED omp_set_default_allocator_, OMP_5.0.1, o501
/* OMP_5.0.2, Fortran */
        VERSIONED omp_get_device_num_, OMP_5.0.2, o502
/* OMP_5.1, Fortran */
        VERSIONED omp_display_env_, OMP_5.1, o51
        VERSIONED omp_display_env_8_, OMP_5.1, o51
        VERSIONED omp_get_max_teams_, OMP_5.1, o51
        VERSIONED omp_get_teams_thread_limit_, OMP_5.1, o51
        VERSIONED omp_set_num_teams_, OMP_5.1, o51
        VERSIONED omp_set_num_teams_8_, OMP_5.1, o51
        VERSIONED omp_set_teams_thread_limit_, OMP_5.1, o51
        VERSIONED omp_set_teams_thread_limit_8_, OMP_5.1, o51

        .section .note.GNU-stack,"",@progbits
