! The constructs both Fortran compilers' programs check (gfortran's
! GOMP_* calls, flang's __kmpc_* ones), each result against the serial
! computation: every loop schedule, collapse and lastprivate, scalar
! reductions, sections, single copyprivate, critical, atomic, ordered,
! threadprivate copyin, a dependence chain, recursive tasks, a taskgroup.
! What only gfortran lowers is in gfortran_constructs.f90. Expects
! OMP_NUM_THREADS=4.
module shared_state
  implicit none
  integer, save :: tp_value
!$omp threadprivate(tp_value)
end module shared_state

module constructs
  use omp_lib
  use checks
  use shared_state
  implicit none
contains
  subroutine check_common_constructs()
    integer, parameter :: n = 2000
    integer(8) :: sum_par, sum_ref
    integer :: i, j, k, last, copied, counter, wrong_tp, atomic_count, bad_copies
    integer :: order(100), next_slot, acc, acc_ref
    integer :: grid(40, 30), grid_ref(40, 30)
    double precision :: a(n), b(n), dot, dot_ref, biggest, smallest
    integer :: bits, sec_hits(3)
    logical :: all_positive
    integer :: fib_result

    do i = 1, n
      a(i) = dble(mod(i * 37, 101)) - 50d0
      b(i) = dble(mod(i * 13, 17)) + 1d0
    end do

    ! ---- loops: every schedule, a reduction each
    sum_ref = 0
    do i = 1, n
      sum_ref = sum_ref + int(i, 8) * i
    end do
    sum_par = 0
!$omp parallel do reduction(+:sum_par) schedule(static)
    do i = 1, n
      sum_par = sum_par + int(i, 8) * i
    end do
    call check_int(sum_par, sum_ref, 'parallel do schedule(static) reduction(+)')
    sum_par = 0
!$omp parallel do reduction(+:sum_par) schedule(dynamic, 7)
    do i = 1, n
      sum_par = sum_par + int(i, 8) * i
    end do
    call check_int(sum_par, sum_ref, 'schedule(dynamic,7)')
    sum_par = 0
!$omp parallel do reduction(+:sum_par) schedule(guided, 3)
    do i = n, 1, -1
      sum_par = sum_par + int(i, 8) * i
    end do
    call check_int(sum_par, sum_ref, 'schedule(guided,3), downward')
    sum_par = 0
!$omp parallel do reduction(+:sum_par) schedule(runtime)
    do i = 1, n, 3
      sum_par = sum_par + i
    end do
    sum_ref = 0
    do i = 1, n, 3
      sum_ref = sum_ref + i
    end do
    call check_int(sum_par, sum_ref, 'schedule(runtime), step 3')

    ! ---- collapse(2) and lastprivate
    do j = 1, 30
      do i = 1, 40
        grid_ref(i, j) = i * 100 + j
      end do
    end do
    grid = 0
!$omp parallel do collapse(2) lastprivate(last)
    do j = 1, 30
      do i = 1, 40
        grid(i, j) = i * 100 + j
        last = i * 100 + j
      end do
    end do
    call check(all(grid == grid_ref), 'collapse(2) fills every element once')
    call check_int(int(last, 8), 4030_8, 'lastprivate takes the last iteration''s value')

    ! ---- Fortran reductions: max, min, .and., iand
    dot_ref = 0d0
    do i = 1, n
      dot_ref = dot_ref + a(i) * b(i)
    end do
    dot = 0d0
    biggest = -huge(1d0)
    smallest = huge(1d0)
    all_positive = .true.
    bits = -1
!$omp parallel do reduction(+:dot) reduction(max:biggest) reduction(min:smallest) &
!$omp& reduction(.and.:all_positive) reduction(iand:bits)
    do i = 1, n
      dot = dot + a(i) * b(i)
      biggest = max(biggest, a(i))
      smallest = min(smallest, a(i))
      all_positive = all_positive .and. b(i) > 0d0
      bits = iand(bits, not(ishft(1, mod(i, 5))))
    end do
    call check(abs(dot - dot_ref) < 1d-6, 'reduction(+) of a dot product')
    call check(biggest == maxval(a) .and. smallest == minval(a), 'reduction(max) and (min)')
    call check(all_positive, 'reduction(.and.)')
    call check_int(int(bits, 8), int(not(31), 8), 'reduction(iand)')

    ! ---- sections, single copyprivate, critical, atomic, barrier; the
    ! critical and the atomic count apart (a critical region does not
    ! exclude an atomic update of the same variable)
    sec_hits = 0
    copied = -1
    counter = 0
    atomic_count = 0
    bad_copies = 0
!$omp parallel shared(sec_hits, counter, atomic_count, bad_copies) firstprivate(copied)
!$omp sections
!$omp section
    sec_hits(1) = sec_hits(1) + 1
!$omp section
    sec_hits(2) = sec_hits(2) + 1
!$omp section
    sec_hits(3) = sec_hits(3) + 1
!$omp end sections
!$omp single
    copied = 42
!$omp end single copyprivate(copied)
    if (copied /= 42) then
!$omp critical (bad_copy)
      bad_copies = bad_copies + 1
!$omp end critical (bad_copy)
    end if
    do k = 1, 100
!$omp critical
      counter = counter + 1
!$omp end critical
!$omp atomic
      atomic_count = atomic_count + 1
    end do
!$omp barrier
!$omp end parallel
    call check(all(sec_hits == 1), 'each section ran once')
    call check_int(int(bad_copies, 8), 0_8, 'copyprivate gave every thread the value')
    call check_int(int(counter, 8), int(100 * omp_get_max_threads(), 8), 'critical increments')
    call check_int(int(atomic_count, 8), int(100 * omp_get_max_threads(), 8), 'atomic increments')

    ! ---- ordered
    next_slot = 0
!$omp parallel do ordered schedule(dynamic, 2) shared(order, next_slot)
    do i = 1, 100
!$omp ordered
      next_slot = next_slot + 1
      order(next_slot) = i
!$omp end ordered
    end do
    call check(all(order == [(i, i = 1, 100)]), 'ordered runs the iterations in order')

    ! ---- threadprivate with copyin
    tp_value = 7
    wrong_tp = 0
!$omp parallel copyin(tp_value) reduction(+:wrong_tp)
    if (tp_value /= 7) wrong_tp = wrong_tp + 1
    tp_value = omp_get_thread_num()
!$omp barrier
    if (tp_value /= omp_get_thread_num()) wrong_tp = wrong_tp + 1
!$omp end parallel
    call check_int(int(wrong_tp, 8), 0_8, 'threadprivate copyin, then private per thread')

    ! ---- tasks: an inout chain on one scalar (flang 19 takes no array
    ! elements in depend; and its tasks copy firstprivate variables when they
    ! start, not when they are made, on either runtime, so the chain's tasks
    ! are alike: run at once, they would lose updates), recursion with
    ! taskwait, a taskgroup
    acc = 0
!$omp parallel
!$omp single
    do k = 1, 20
!$omp task depend(inout: acc) shared(acc)
      acc = mod(acc * 3 + 1, 1000003)
!$omp end task
    end do
!$omp taskwait
    fib_result = fib(20)
!$omp end single
!$omp end parallel
    acc_ref = 0
    do k = 1, 20
      acc_ref = mod(acc_ref * 3 + 1, 1000003)
    end do
    call check_int(int(acc, 8), int(acc_ref, 8), 'a chain of 20 tasks, depend(inout) on one scalar')
    call check_int(int(fib_result, 8), 6765_8, 'recursive tasks with taskwait (fib 20)')
    counter = 0
!$omp parallel shared(counter)
!$omp single
!$omp taskgroup
    do k = 1, 50
!$omp task shared(counter)
!$omp atomic
      counter = counter + 1
!$omp end task
    end do
!$omp end taskgroup
    if (counter /= 50) counter = -counter
!$omp end single
!$omp end parallel
    call check_int(int(counter, 8), 50_8, 'taskgroup waits for its 50 tasks')

  end subroutine check_common_constructs

  recursive integer function fib(m) result(r)
    integer, intent(in) :: m
    integer :: x, y
    if (m < 2) then
      r = m
      return
    end if
!$omp task shared(x) firstprivate(m) if(m > 12)
    x = fib(m - 1)
!$omp end task
!$omp task shared(y) firstprivate(m) if(m > 12)
    y = fib(m - 2)
!$omp end task
!$omp taskwait
    r = x + y
  end function fib
end module constructs
