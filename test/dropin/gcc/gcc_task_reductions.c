/* A GCC-built program on our runtime: GCC's task reductions, where GCC's
 * code combines the copies and the runtime hands out memory and addresses
 * (taskgroup task_reduction with in_reduction tasks, nested taskgroups,
 * reduction(task, ...) on parallel, for and sections, taskloop reduction,
 * taskloop in_reduction), with +, * and max, checked against the serial
 * sums. Prints PASS. */
#include <omp.h>
#include <stdio.h>

#include "check.h"

int main(void) {
  /* taskgroup task_reduction, tasks in_reduction, made by one member */
  long sum = 0;
  double prod = 1;
  int big = -1;
#pragma omp parallel num_threads(4)
#pragma omp single
  {
#pragma omp taskgroup task_reduction(+ : sum) task_reduction(* : prod) task_reduction(max : big)
    {
      for (int i = 1; i <= 100; i++) {
#pragma omp task in_reduction(+ : sum) in_reduction(* : prod) in_reduction(max : big) firstprivate(i)
        {
          sum += i;
          if (i <= 10)
            prod *= 2;
          if (i > big)
            big = i;
        }
      }
    }
  }
  CHECK(sum == 5050 && prod == 1024 && big == 100, "taskgroup: sum %ld prod %g max %d", sum,
        prod, big);

  /* nested taskgroups: the inner reduction's tasks also add to the outer */
  long outer = 0, inner = 0;
#pragma omp parallel num_threads(3)
#pragma omp single
  {
#pragma omp taskgroup task_reduction(+ : outer)
    {
      for (int k = 0; k < 10; k++) {
#pragma omp task in_reduction(+ : outer)
        outer += 1;
      }
#pragma omp taskgroup task_reduction(+ : inner)
      {
        for (int k = 0; k < 10; k++) {
#pragma omp task in_reduction(+ : inner, outer)
          {
            inner += 2;
            outer += 3;
          }
        }
      }
      CHECK(inner == 20, "inner taskgroup: %ld", inner);
    }
  }
  CHECK(outer == 40, "outer taskgroup: %ld", outer);

  /* orphaned, in serial code */
  long serial = 0;
#pragma omp taskgroup task_reduction(+ : serial)
  {
    for (int k = 0; k < 5; k++) {
#pragma omp task in_reduction(+ : serial)
      serial += k;
    }
  }
  CHECK(serial == 10, "serial taskgroup: %ld", serial);

  /* reduction(task, ...) on parallel: every member makes tasks */
  long par = 0;
#pragma omp parallel num_threads(4) reduction(task, + : par)
  {
    par += 1000;
    for (int k = 0; k < 25; k++) {
#pragma omp task in_reduction(+ : par)
      par += 1;
    }
  }
  int nth = 4;
#pragma omp parallel num_threads(4)
#pragma omp single
  nth = omp_get_num_threads();
  CHECK(par == nth * 1025L, "parallel reduction(task): %ld for %d members", par, nth);

  /* reduction(task, ...) on a worksharing loop and on sections */
  long loop = 0, sect = 0;
#pragma omp parallel num_threads(4)
  {
#pragma omp for reduction(task, + : loop) schedule(dynamic, 4)
    for (int i = 0; i < 200; i++) {
      loop += i;
#pragma omp task in_reduction(+ : loop) firstprivate(i)
      loop += i;
    }
#pragma omp sections reduction(task, + : sect)
    {
#pragma omp section
      {
#pragma omp task in_reduction(+ : sect)
        sect += 5;
      }
#pragma omp section
      sect += 7;
    }
  }
  CHECK(loop == 2 * 19900 && sect == 12, "worksharing reduction(task): loop %ld sections %ld",
        loop, sect);

  /* taskloop reduction, and taskloop in_reduction */
  long tl = 0, tl_in = 0;
#pragma omp parallel num_threads(4)
#pragma omp single
  {
#pragma omp taskloop reduction(+ : tl) grainsize(16)
    for (int i = 0; i < 1000; i++)
      tl += i;
#pragma omp taskloop reduction(+ : tl) num_tasks(4)
    for (int i = 5; i < 5; i++) /* empty */
      tl += 1000000;
#pragma omp taskgroup task_reduction(+ : tl_in)
    {
#pragma omp taskloop in_reduction(+ : tl_in) nogroup grainsize(50)
      for (int i = 0; i < 1000; i++)
        tl_in += 2;
    }
  }
  CHECK(tl == 499500 && tl_in == 2000, "taskloop: reduction %ld, in_reduction %ld", tl, tl_in);

  CHECK_DONE();
}
