! LLVM's kmp_* extensions under their Fortran names (kmp_*_), which only
! LLVM's libomp (and ours) has: built against it alone, not libgomp. No
! module declares them, so Fortran's defaults apply: arguments by
! reference, the trailing underscore. The affinity mask routines are
! checked against their C names (bind(c)), which answer for the runtime.
program gfortran_kmp
  use iso_c_binding
  use checks
  implicit none
  interface
    subroutine kmp_set_blocktime(ms)
      integer(4) :: ms
    end subroutine
    integer(4) function kmp_get_blocktime()
    end function
    subroutine kmp_set_stacksize_s(size)
      integer(8) :: size
    end subroutine
    integer(8) function kmp_get_stacksize_s()
    end function
    type(c_ptr) function kmp_aligned_malloc(size, alignment)
      import :: c_ptr
      integer(8) :: size, alignment
    end function
    type(c_ptr) function kmp_realloc(ptr, size)
      import :: c_ptr
      type(c_ptr) :: ptr
      integer(8) :: size
    end function
    subroutine kmp_free(ptr)
      import :: c_ptr
      type(c_ptr) :: ptr
    end subroutine
    integer(4) function kmp_get_cancellation_status(kind)
      integer(4) :: kind
    end function
  end interface
  interface
    subroutine kmp_create_affinity_mask(mask)
      import :: c_ptr
      type(c_ptr) :: mask
    end subroutine
    subroutine kmp_destroy_affinity_mask(mask)
      import :: c_ptr
      type(c_ptr) :: mask
    end subroutine
    integer(4) function kmp_set_affinity_mask_proc(proc, mask)
      import :: c_ptr
      integer(4) :: proc
      type(c_ptr) :: mask
    end function
    integer(4) function kmp_get_affinity_mask_proc(proc, mask)
      import :: c_ptr
      integer(4) :: proc
      type(c_ptr) :: mask
    end function
    integer(c_int) function c_get_affinity_mask_proc(proc, mask) &
        bind(c, name='kmp_get_affinity_mask_proc')
      import :: c_ptr, c_int
      integer(c_int), value :: proc
      type(c_ptr) :: mask
    end function
    integer(4) function kmp_get_affinity_max_proc()
    end function
  end interface
  type(c_ptr) :: p, mask
  integer :: proc, rc_set, rc_get, max_proc

  call kmp_set_blocktime(17)
  call check_int(int(kmp_get_blocktime(), 8), 17_8, 'kmp_set_blocktime(17)')
  call kmp_set_stacksize_s(4194304_8)
  call check_int(kmp_get_stacksize_s(), 4194304_8, 'kmp_set_stacksize_s')
  p = kmp_aligned_malloc(1000_8, 128_8)
  call check(c_associated(p) .and. mod(transfer(p, 0_c_intptr_t), 128_c_intptr_t) == 0, &
             'kmp_aligned_malloc(1000, 128)')
  call kmp_free(p)
  p = kmp_realloc(c_null_ptr, 64_8)
  call check(c_associated(p), 'kmp_realloc of nothing allocates')
  call kmp_free(p)
  call check(kmp_get_cancellation_status(1) == 0, 'kmp_get_cancellation_status outside a region')


  ! an affinity mask: set through the Fortran name, read through both
  call kmp_create_affinity_mask(mask)
  call check(c_associated(mask), 'kmp_create_affinity_mask')
  max_proc = kmp_get_affinity_max_proc()
  proc = 0
  rc_set = kmp_set_affinity_mask_proc(proc, mask)
  rc_get = kmp_get_affinity_mask_proc(proc, mask)
  call check(rc_get == c_get_affinity_mask_proc(0, mask), &
             'kmp_get_affinity_mask_proc(proc) reads proc by reference')
  if (max_proc > 0) then
    call check(rc_set == 0 .and. rc_get == 1, 'kmp_set_affinity_mask_proc(0) then get')
  end if
  call kmp_destroy_affinity_mask(mask)
  call check(.not. c_associated(mask), 'kmp_destroy_affinity_mask clears the handle')

  call finish()
end program gfortran_kmp
