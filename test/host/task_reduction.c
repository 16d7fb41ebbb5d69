/* Task reductions against serial sums: taskgroup task_reduction with
 * in_reduction tasks (nested groups, several items and operators, tasks
 * from every member), reduction(task, +: x) on parallel and on for, and
 * taskloop reduction / in_reduction. */
#include <omp.h>

#include "check.h"

enum { N = 2000 };

static void test_taskgroup(void) {
  long sum = 0, want_sum = 0;
  double prod = 1.0, want_prod = 1.0;
  int maxv = -1, want_max = -1;
  for (int i = 1; i <= N; i++) {
    want_sum += i;
    want_prod *= (i % 3 == 0) ? 1.001 : 1.0;
    want_max = (i * 7919) % 1013 > want_max ? (i * 7919) % 1013 : want_max;
  }
#pragma omp parallel num_threads(4)
#pragma omp single
  {
#pragma omp taskgroup task_reduction(+ : sum) task_reduction(* : prod) task_reduction(max : maxv)
    {
      for (int i = 1; i <= N; i++) {
#pragma omp task in_reduction(+ : sum) in_reduction(* : prod) in_reduction(max : maxv) \
    firstprivate(i)
        {
          sum += i;
          if (i % 3 == 0)
            prod *= 1.001;
          if ((i * 7919) % 1013 > maxv)
            maxv = (i * 7919) % 1013;
        }
      }
    }
  }
  CHECK(sum == want_sum, "task_reduction(+): %ld, want %ld", sum, want_sum);
  CHECK(prod > want_prod * (1 - 1e-9) && prod < want_prod * (1 + 1e-9),
        "task_reduction(*): %.12g, want %.12g", prod, want_prod);
  CHECK(maxv == want_max, "task_reduction(max): %d, want %d", maxv, want_max);

  /* Nested groups: the inner reduction completes into the outer one's copy. */
  long outer = 0, inner = 0;
#pragma omp parallel num_threads(3)
#pragma omp single
  {
#pragma omp taskgroup task_reduction(+ : outer)
    {
      for (int i = 0; i < 100; i++) {
#pragma omp task in_reduction(+ : outer) firstprivate(i)
        outer += i;
      }
#pragma omp taskgroup task_reduction(+ : inner)
      for (int i = 0; i < 100; i++) {
#pragma omp task in_reduction(+ : outer, inner) firstprivate(i)
        {
          outer += 1;
          inner += 2 * i;
        }
      }
    }
  }
  CHECK(outer == 4950 + 100, "outer task reduction: %ld, want %d", outer, 4950 + 100);
  CHECK(inner == 9900, "inner task reduction: %ld, want 9900", inner);

  /* Every member runs its own task-reduction group at once (into its own
   * variable: groups reducing into one shared item would race at their
   * ends, in the program, not in the runtime). */
  long all = 0;
  int nthreads = 0;
#pragma omp parallel num_threads(4) reduction(+ : all)
  {
#pragma omp single
    nthreads = omp_get_num_threads();
    long mine = 0;
#pragma omp taskgroup task_reduction(+ : mine)
    for (int i = 0; i < 50; i++) {
#pragma omp task in_reduction(+ : mine) firstprivate(i)
      mine += i;
    }
    all += mine;
  }
  CHECK(all == 1225L * nthreads, "per-member task reductions: %ld, want %ld", all,
        1225L * nthreads);
}

static void test_modifier(void) {
  long par = 0;
  int nthreads = 0;
#pragma omp parallel num_threads(4) reduction(task, + : par)
  {
#pragma omp single
    nthreads = omp_get_num_threads();
    par += 1000; /* the member's own contribution, by the ordinary reduction */
#pragma omp single
    for (int i = 1; i <= N; i++) {
#pragma omp task in_reduction(+ : par) firstprivate(i)
      par += i;
    }
  }
  long want = 1000L * nthreads + (long)N * (N + 1) / 2;
  CHECK(par == want, "parallel reduction(task, +): %ld, want %ld", par, want);

  long ws = 0;
#pragma omp parallel num_threads(4)
  {
#pragma omp for reduction(task, + : ws)
    for (int i = 0; i < N; i++) {
      ws += 1;
      if (i % 10 == 0) {
#pragma omp task in_reduction(+ : ws) firstprivate(i)
        ws += i;
      }
    }
  }
  long want_ws = N;
  for (int i = 0; i < N; i += 10)
    want_ws += i;
  CHECK(ws == want_ws, "for reduction(task, +): %ld, want %ld", ws, want_ws);
}

static void test_taskloop(void) {
  long s = 0, t = 0;
#pragma omp parallel num_threads(4)
#pragma omp single
  {
#pragma omp taskloop reduction(+ : s) grainsize(16)
    for (int i = 0; i < N; i++)
      s += i;
#pragma omp taskgroup task_reduction(+ : t)
    {
#pragma omp taskloop in_reduction(+ : t) num_tasks(7)
      for (int i = 0; i < N; i++)
        t += 2 * i;
#pragma omp task in_reduction(+ : t)
      t += 5;
    }
  }
  CHECK(s == (long)N * (N - 1) / 2, "taskloop reduction: %ld, want %ld", s, (long)N * (N - 1) / 2);
  CHECK(t == (long)N * (N - 1) + 5, "taskloop in_reduction: %ld, want %ld", t,
        (long)N * (N - 1) + 5);
}

int main(void) {
  test_taskgroup();
  test_modifier();
  test_taskloop();
  CHECK_DONE();
}
