! The Fortran programs' checks, as test/common/check.h for the C ones:
! each failed check prints "check failed: <what>", and finish prints PASS
! only when none did (stop 1 otherwise).
module checks
  implicit none
  integer, save :: failures = 0
contains
  subroutine check(condition, what)
    logical, intent(in) :: condition
    character(len=*), intent(in) :: what
    if (.not. condition) then
      print '(2a)', 'check failed: ', what
      failures = failures + 1
    end if
  end subroutine check

  subroutine check_int(got, want, what)
    integer(8), intent(in) :: got, want
    character(len=*), intent(in) :: what
    if (got /= want) then
      print '(3a,i0,a,i0)', 'check failed: ', what, ': got ', got, ', want ', want
      failures = failures + 1
    end if
  end subroutine check_int

  subroutine finish()
    if (failures /= 0) then
      print '(i0,a)', failures, ' checks failed'
      stop 1
    end if
    print '(a)', 'PASS'
  end subroutine finish
end module checks
