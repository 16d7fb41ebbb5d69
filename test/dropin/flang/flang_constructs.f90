! flang-19's code for the constructs (__kmpc_* calls through LLVM's
! OpenMPIRBuilder, as clang's, and the routines by their C names through
! flang's omp_lib): those both Fortran compilers lower (constructs.f90,
! from test/dropin/gfortran), each result checked against the serial
! computation; and routines called with no interface at all (Fortran's
! default: the trailing-underscore names, arguments by reference). Run
! with OMP_NUM_THREADS=4.
program flang_constructs
  use checks
  use constructs
  implicit none
  call check_common_constructs()
  call no_interface_calls(failures)
  call finish()
end program flang_constructs

! No module, no interface: flang calls omp_get_num_threads_ and passes
! omp_get_team_size's level by reference, as for any external procedure.
subroutine no_interface_calls(failures)
  implicit none
  integer, intent(inout) :: failures
  integer :: omp_get_num_threads, omp_get_team_size, omp_get_level, omp_get_max_threads
  external :: omp_get_num_threads, omp_get_team_size, omp_get_level, omp_get_max_threads
  external :: omp_set_num_threads
  integer :: seen_threads, seen_size, seen_level, level
  call omp_set_num_threads(3)
  if (omp_get_max_threads() /= 3) then
    print '(a)', 'check failed: omp_set_num_threads_ then omp_get_max_threads_'
    failures = failures + 1
  end if
  level = 1
!$omp parallel shared(seen_threads, seen_size, seen_level)
!$omp single
  seen_threads = omp_get_num_threads()
  seen_size = omp_get_team_size(level)
  seen_level = omp_get_level()
!$omp end single
!$omp end parallel
  if (seen_threads /= 3 .or. seen_size /= 3 .or. seen_level /= 1) then
    print '(a,3i4)', 'check failed: the Fortran names in a region of 3:', &
      seen_threads, seen_size, seen_level
    failures = failures + 1
  end if
  call omp_set_num_threads(4)
end subroutine no_interface_calls
