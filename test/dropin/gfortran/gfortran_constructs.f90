! gfortran's code for the constructs (GOMP_* calls): those both Fortran
! compilers lower (constructs.f90), and what flang 19 does not: an array
! reduction, workshare, dependences on array elements, taskloop. Each
! result is checked against the serial computation. Run with
! OMP_NUM_THREADS=4.
program gfortran_constructs
  use omp_lib
  use checks
  use constructs
  implicit none
  integer, parameter :: n = 2000
  integer(8) :: sum_par
  integer :: i, k, hist(8), hist_ref(8), chain(0:20)
  double precision :: a(n), b(n), c(n)

  call check_common_constructs()

  do i = 1, n
    a(i) = dble(mod(i * 37, 101)) - 50d0
    b(i) = dble(mod(i * 13, 17)) + 1d0
  end do
  ! ---- an array reduction
  hist = 0
!$omp parallel do reduction(+:hist)
  do i = 1, n
    hist(mod(i, 8) + 1) = hist(mod(i, 8) + 1) + 1
  end do
  hist_ref = 0
  do i = 1, n
    hist_ref(mod(i, 8) + 1) = hist_ref(mod(i, 8) + 1) + 1
  end do
  call check(all(hist == hist_ref), 'reduction(+) of an array')

  ! ---- workshare
  c = 0d0
!$omp parallel workshare
  c = a * 2d0 + b
!$omp end parallel workshare
  call check(all(c == a * 2d0 + b), 'parallel workshare array assignment')

  ! ---- tasks: a chain of dependences on array elements, taskloop
  chain = 0
!$omp parallel
!$omp single
  do k = 1, 20
!$omp task depend(in: chain(k - 1)) depend(out: chain(k)) shared(chain) firstprivate(k)
    chain(k) = chain(k - 1) + k
!$omp end task
  end do
!$omp taskwait
!$omp end single
!$omp end parallel
  call check_int(int(chain(20), 8), 210_8, 'a chain of 20 dependent tasks')
  sum_par = 0
!$omp parallel
!$omp single
!$omp taskloop grainsize(50) reduction(+:sum_par)
  do i = 1, n
    sum_par = sum_par + i
  end do
!$omp end taskloop
!$omp end single
!$omp end parallel
  call check_int(sum_par, int(n, 8) * (n + 1) / 2, 'taskloop reduction(+)')

  call finish()
end program gfortran_constructs
