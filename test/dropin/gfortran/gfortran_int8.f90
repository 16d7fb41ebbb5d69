! The *_8 forms GCC's omp_lib picks for integer(8) and logical(8)
! arguments (as -fdefault-integer-8 programs pass): only libgomp and ours
! have them (LLVM's libomp does not), so this program is built against
! libgomp.so.1 alone and runs on ours through that name. Each value is
! set through the *_8 form and read back through the default one, or
! compared with the integer(4) form's answer.
program gfortran_int8
  use omp_lib
  use iso_c_binding
  use checks
  implicit none
  integer(8) :: chunk8, place8, level8
  integer(omp_sched_kind) :: kind
  integer :: place, count, sizes_ok, ancestors_ok, parts_ok
  integer(4), allocatable :: ids4(:)
  integer(8), allocatable :: ids8(:), parts8(:)
  integer(4), allocatable :: parts4(:)
  integer(omp_allocator_handle_kind) :: aligned
  type(omp_alloctrait) :: traits(1)
  type(c_ptr) :: p

  call omp_set_num_threads(3_8)
  call check_int(int(omp_get_max_threads(), 8), 3_8, 'omp_set_num_threads_8')
  call omp_set_dynamic(.true._8)
  call check(omp_get_dynamic(), 'omp_set_dynamic_8(.true.)')
  call omp_set_dynamic(.false._8)
  call check(.not. omp_get_dynamic(), 'omp_set_dynamic_8(.false.)')
  call omp_set_max_active_levels(2_8)
  call check_int(int(omp_get_max_active_levels(), 8), 2_8, 'omp_set_max_active_levels_8')
  call omp_set_nested(.false._8)
  call check(.not. omp_get_nested(), 'omp_set_nested_8(.false.)')
  call omp_set_max_active_levels(2_8)

  call omp_set_schedule(omp_sched_guided, 5_8)
  call omp_get_schedule(kind, chunk8)
  call check(kind == omp_sched_guided .and. chunk8 == 5, 'omp_set_schedule_8/omp_get_schedule_8')
  ! a chunk beyond int is clamped, as libgomp does
  call omp_set_schedule(omp_sched_dynamic, 10000000000_8)
  call omp_get_schedule(kind, chunk8)
  call check(kind == omp_sched_dynamic .and. chunk8 == huge(1_4), 'a clamped chunk size')

  sizes_ok = 1
  ancestors_ok = 1
!$omp parallel num_threads(2) shared(sizes_ok, ancestors_ok)
!$omp parallel num_threads(2) shared(sizes_ok, ancestors_ok) private(level8)
  level8 = 1
  if (omp_get_team_size(level8) /= 2 .or. omp_get_team_size(2_8) /= 2) then
!$omp atomic write
    sizes_ok = 0
  end if
  if (omp_get_ancestor_thread_num(2_8) /= omp_get_thread_num() .or. &
      omp_get_ancestor_thread_num(0_8) /= 0) then
!$omp atomic write
    ancestors_ok = 0
  end if
!$omp end parallel
!$omp end parallel
  call check(sizes_ok == 1, 'omp_get_team_size_8')
  call check(ancestors_ok == 1, 'omp_get_ancestor_thread_num_8')

  parts_ok = 1
  do place = 0, omp_get_num_places() - 1
    place8 = place
    count = omp_get_place_num_procs(place8)
    call check(count == omp_get_place_num_procs(place), 'omp_get_place_num_procs_8')
    allocate(ids4(count), ids8(count))
    call omp_get_place_proc_ids(place, ids4)
    call omp_get_place_proc_ids(place8, ids8)
    call check(all(ids8 == ids4), 'omp_get_place_proc_ids_8')
    deallocate(ids4, ids8)
  end do
!$omp parallel num_threads(2) proc_bind(spread) private(parts4, parts8, count) &
!$omp& shared(parts_ok)
  count = omp_get_partition_num_places()
  allocate(parts4(count), parts8(count))
  call omp_get_partition_place_nums(parts4)
  call omp_get_partition_place_nums(parts8)
  if (any(parts8 /= parts4)) then
!$omp atomic write
    parts_ok = 0
  end if
!$omp end parallel
  call check(parts_ok == 1, 'omp_get_partition_place_nums_8')

  call omp_set_default_device(int(omp_get_initial_device(), 8))
  call check(omp_get_default_device() == omp_get_initial_device(), 'omp_set_default_device_8')
  call omp_set_num_teams(3_8)
  call check_int(int(omp_get_max_teams(), 8), 3_8, 'omp_set_num_teams_8')
  call omp_set_teams_thread_limit(2_8)
  call check_int(int(omp_get_teams_thread_limit(), 8), 2_8, 'omp_set_teams_thread_limit_8')

  traits(1) = omp_alloctrait(omp_atk_alignment, 512)
  aligned = omp_init_allocator(omp_default_mem_space, 1_8, traits)
  p = omp_alloc(10_c_size_t, aligned)
  call check(c_associated(p) .and. mod(transfer(p, 0_c_intptr_t), 512_c_intptr_t) == 0, &
             'omp_init_allocator_8 with 512-byte alignment')
  call omp_free(p, aligned)
  call omp_destroy_allocator(aligned)

  call finish()
end program gfortran_int8
