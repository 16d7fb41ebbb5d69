! The runtime library routines under their Fortran names (omp_*_),
! as gfortran calls them through GCC's omp_lib: every argument by
! reference, character arguments with hidden lengths. Where the answer is
! the runtime's own, the C name (reached through a bind(c) interface) is
! the reference; set-then-get pairs check the value made the round trip.
! Run with OMP_NUM_THREADS=4 and OMP_CANCELLATION=true.
module c_names
  use iso_c_binding
  implicit none
  interface
    integer(c_int) function c_place_num_procs(place) bind(c, name='omp_get_place_num_procs')
      import :: c_int
      integer(c_int), value :: place
    end function
    subroutine c_place_proc_ids(place, ids) bind(c, name='omp_get_place_proc_ids')
      import :: c_int
      integer(c_int), value :: place
      integer(c_int) :: ids(*)
    end subroutine
    integer(c_int) function c_num_places() bind(c, name='omp_get_num_places')
      import :: c_int
    end function
  end interface
end module c_names

! The lock routines through omp_lib.h, as fixed-form programs include it.
subroutine count_under_locks(total, nested_depth)
  implicit none
  include 'omp_lib.h'
  integer, intent(out) :: total, nested_depth
  integer(omp_lock_kind) :: lock
  integer(omp_nest_lock_kind) :: nest
  integer :: i
  total = 0
  call omp_init_lock(lock)
!$omp parallel do num_threads(4) shared(total, lock)
  do i = 1, 4000
    call omp_set_lock(lock)
    total = total + 1
    call omp_unset_lock(lock)
  end do
  call omp_destroy_lock(lock)
  call omp_init_nest_lock(nest)
  call omp_set_nest_lock(nest)
  call omp_set_nest_lock(nest)
  nested_depth = omp_test_nest_lock(nest)
  call omp_unset_nest_lock(nest)
  call omp_unset_nest_lock(nest)
  call omp_unset_nest_lock(nest)
  call omp_destroy_nest_lock(nest)
end subroutine count_under_locks

program gfortran_api
  use omp_lib
  use iso_c_binding
  use checks
  use c_names
  implicit none
  integer :: nthreads, id_sum, levels_seen, ancestor_ok, sizes_ok, total, depth
  integer(omp_sched_kind) :: kind
  integer :: chunk, place, count
  integer(omp_lock_kind) :: lock
  logical :: in_par, got_lock, other_got
  character(len=64) :: buffer
  character(len=2) :: small
  integer :: length
  integer(omp_allocator_handle_kind) :: aligned
  type(omp_alloctrait) :: traits(1)
  type(c_ptr) :: p
  integer(omp_event_handle_kind) :: event
  integer :: fulfilled_first
  integer(c_int), allocatable :: ids_f(:), ids_c(:)
  double precision :: t0, t1

  ! ---- threads and teams
  call check(omp_get_num_threads() == 1, 'omp_get_num_threads outside a region')
  call check_int(int(omp_get_max_threads(), 8), 4_8, 'omp_get_max_threads (OMP_NUM_THREADS=4)')
  call check(.not. omp_in_parallel(), 'omp_in_parallel outside a region')
  call omp_set_num_threads(3)
  call check_int(int(omp_get_max_threads(), 8), 3_8, 'omp_set_num_threads(3)')
  id_sum = 0
  in_par = .false.
!$omp parallel shared(nthreads, id_sum, in_par)
!$omp atomic
  id_sum = id_sum + omp_get_thread_num()
!$omp single
  nthreads = omp_get_num_threads()
  in_par = omp_in_parallel()
!$omp end single
!$omp end parallel
  call check_int(int(nthreads, 8), 3_8, 'team size after omp_set_num_threads(3)')
  call check_int(int(id_sum, 8), 3_8, 'thread numbers 0+1+2')
  call check(in_par, 'omp_in_parallel in a region')
  call omp_set_num_threads(4)

  call omp_set_dynamic(.true.)
  call check(omp_get_dynamic(), 'omp_set_dynamic(.true.)')
  call omp_set_dynamic(.false.)
  call check(.not. omp_get_dynamic(), 'omp_set_dynamic(.false.)')

  ! ---- nesting
  call omp_set_max_active_levels(2)
  call check_int(int(omp_get_max_active_levels(), 8), 2_8, 'omp_set_max_active_levels(2)')
  call check(omp_get_supported_active_levels() >= 2, 'omp_get_supported_active_levels')
  levels_seen = 0
  ancestor_ok = 1
  sizes_ok = 1
!$omp parallel num_threads(2) shared(levels_seen, ancestor_ok, sizes_ok)
!$omp parallel num_threads(2) shared(levels_seen, ancestor_ok, sizes_ok)
  if (omp_get_level() == 2 .and. omp_get_active_level() == 2) then
!$omp atomic
    levels_seen = levels_seen + 1
  end if
  if (omp_get_ancestor_thread_num(2) /= omp_get_thread_num() .or. &
      omp_get_ancestor_thread_num(0) /= 0 .or. omp_get_ancestor_thread_num(3) /= -1) then
!$omp atomic write
    ancestor_ok = 0
  end if
  if (omp_get_team_size(1) /= 2 .or. omp_get_team_size(2) /= 2 .or. &
      omp_get_team_size(0) /= 1) then
!$omp atomic write
    sizes_ok = 0
  end if
!$omp end parallel
!$omp end parallel
  call check_int(int(levels_seen, 8), 4_8, 'omp_get_level and omp_get_active_level at level 2')
  call check(ancestor_ok == 1, 'omp_get_ancestor_thread_num(level) read by reference')
  call check(sizes_ok == 1, 'omp_get_team_size(level) read by reference')

  ! ---- schedule
  call omp_set_schedule(omp_sched_dynamic, 7)
  call omp_get_schedule(kind, chunk)
  call check(kind == omp_sched_dynamic .and. chunk == 7, 'omp_set_schedule/omp_get_schedule')
  call omp_set_schedule(omp_sched_guided, 3)
  call omp_get_schedule(kind, chunk)
  call check(kind == omp_sched_guided .and. chunk == 3, 'omp_get_schedule after guided,3')

  ! ---- locks: through the module here, through omp_lib.h in the subroutine
  call omp_init_lock(lock)
  call omp_set_lock(lock)
  other_got = .true.
!$omp parallel num_threads(2) shared(other_got, lock)
  if (omp_get_thread_num() == 1) other_got = omp_test_lock(lock)
!$omp end parallel
  call check(.not. other_got, 'omp_test_lock on a lock another thread holds')
  call omp_unset_lock(lock)
  got_lock = omp_test_lock(lock)
  call check(got_lock, 'omp_test_lock on a free lock')
  call omp_unset_lock(lock)
  call omp_destroy_lock(lock)
  call count_under_locks(total, depth)
  call check_int(int(total, 8), 4000_8, 'increments under omp_set_lock (omp_lib.h)')
  call check_int(int(depth, 8), 3_8, 'omp_test_nest_lock returns the nesting count')

  ! ---- affinity format: character arguments with hidden lengths
  call omp_set_affinity_format('T%n of %N')
  length = omp_get_affinity_format(buffer)
  call check_int(int(length, 8), 9_8, 'omp_get_affinity_format length')
  call check(buffer == 'T%n of %N', 'omp_get_affinity_format text, blank-padded')
  length = omp_get_affinity_format(small)
  call check(length == 9 .and. small == 'T%', 'omp_get_affinity_format truncated to its buffer')
  length = omp_capture_affinity(buffer, 'x%ny%Nz')
  call check(length == 5 .and. buffer == 'x0y1z', 'omp_capture_affinity with a format')
  length = omp_capture_affinity(buffer, '')
  call check(length == 7 .and. buffer == 'T0 of 1', 'omp_capture_affinity with the ICV''s format')

  ! ---- places: the Fortran names read the place number by reference
  call check(omp_get_num_places() == c_num_places(), 'omp_get_num_places')
  do place = 0, omp_get_num_places() - 1
    count = omp_get_place_num_procs(place)
    call check(count == c_place_num_procs(place) .and. count > 0, 'omp_get_place_num_procs(place)')
    allocate(ids_f(count), ids_c(count))
    call omp_get_place_proc_ids(place, ids_f)
    call c_place_proc_ids(place, ids_c)
    call check(all(ids_f == ids_c), 'omp_get_place_proc_ids(place)')
    deallocate(ids_f, ids_c)
  end do
  call check(omp_get_place_num_procs(omp_get_num_places()) == 0, 'a place past the last has none')

  ! ---- devices and teams ICVs
  call check(omp_is_initial_device(), 'omp_is_initial_device on the host')
  call check(omp_get_initial_device() == omp_get_num_devices(), 'omp_get_initial_device')
  call check(omp_get_device_num() == omp_get_initial_device(), 'omp_get_device_num on the host')
  call omp_set_default_device(omp_get_initial_device())
  call check(omp_get_default_device() == omp_get_initial_device(), 'omp_set_default_device')
  call omp_set_num_teams(3)
  call check_int(int(omp_get_max_teams(), 8), 3_8, 'omp_set_num_teams(3)')
  call omp_set_teams_thread_limit(2)
  call check_int(int(omp_get_teams_thread_limit(), 8), 2_8, 'omp_set_teams_thread_limit(2)')
  call check(omp_get_cancellation(), 'omp_get_cancellation (OMP_CANCELLATION=true)')
  call check(omp_get_max_task_priority() == 0, 'omp_get_max_task_priority')
  call check(.not. omp_in_final(), 'omp_in_final outside a task')
  call check(omp_get_thread_limit() > 0, 'omp_get_thread_limit')
  call check(omp_get_num_procs() > 0, 'omp_get_num_procs')

  ! ---- time
  t0 = omp_get_wtime()
  call check(omp_get_wtick() > 0d0 .and. omp_get_wtick() < 1d0, 'omp_get_wtick')
  t1 = omp_get_wtime()
  call check(t1 >= t0, 'omp_get_wtime is monotonic')

  ! ---- allocators
  traits(1) = omp_alloctrait(omp_atk_alignment, 256)
  aligned = omp_init_allocator(omp_default_mem_space, 1, traits)
  call check(aligned /= omp_null_allocator, 'omp_init_allocator with 256-byte alignment')
  call omp_set_default_allocator(aligned)
  call check(omp_get_default_allocator() == aligned, 'omp_set_default_allocator (by reference)')
  p = omp_alloc(100_c_size_t, omp_null_allocator)
  call check(mod(transfer(p, 0_c_intptr_t), 256_c_intptr_t) == 0, 'the default allocator''s alignment')
  call omp_free(p, omp_null_allocator)
  call omp_set_default_allocator(omp_default_mem_alloc)
  call omp_destroy_allocator(aligned)

  ! ---- detach: omp_fulfill_event takes its event by value. (The detached
  ! task has a body: gfortran 12 at -O2 drops the clause from an empty one.)
  fulfilled_first = 0
!$omp parallel num_threads(2) shared(fulfilled_first, event)
!$omp single
!$omp task detach(event) shared(fulfilled_first)
!$omp atomic
  fulfilled_first = fulfilled_first + 10
!$omp end task
!$omp task shared(fulfilled_first)
!$omp atomic
  fulfilled_first = fulfilled_first + 1
  call omp_fulfill_event(event)
!$omp end task
!$omp taskwait
!$omp end single
!$omp end parallel
  call check(fulfilled_first == 11, 'a detached task completed by omp_fulfill_event')

  ! ---- pause: the kind and the device by reference
  call check(omp_pause_resource(omp_pause_soft, omp_get_initial_device()) == 0, &
             'omp_pause_resource(soft, host)')
  nthreads = 0
!$omp parallel num_threads(2) shared(nthreads)
!$omp atomic
  nthreads = nthreads + 1
!$omp end parallel
  call check_int(int(nthreads, 8), 2_8, 'a region after omp_pause_resource')
  call check(omp_pause_resource_all(omp_pause_soft) == 0, 'omp_pause_resource_all(soft)')

  call finish()
end program gfortran_api
