/* taskloop against serial loops: grainsize and num_tasks (the number of
 * tasks counted through the task each iteration ran in), lastprivate,
 * firstprivate, reduction, nested taskloops, collapse(2), negative and
 * non-unit strides, nogroup, if(0) and an empty loop. */
#include <omp.h>
#include <stdatomic.h>
#include <string.h>

#include "check.h"

enum { N = 1000 };
static int hits[N];
static atomic_int ntasks;
/* Every iteration ran once, and the loop made as many tasks as wanted (each
 * task counts itself on its first iteration, see below). */
static void check_counts(const char *what, int want_tasks_lo, int want_tasks_hi) {
  int bad = 0;
  for (int i = 0; i < N; i++)
    bad += hits[i] != 1;
  CHECK(bad == 0, "%s: %d iterations ran other than once", what, bad);
  int n = atomic_load(&ntasks);
  CHECK(n >= want_tasks_lo && n <= want_tasks_hi, "%s: %d tasks, want %d..%d", what, n,
        want_tasks_lo, want_tasks_hi);
  memset(hits, 0, sizeof(hits));
  atomic_store(&ntasks, 0);
}

int main(void) {
  /* Each task gets its own firstprivate copy of `count`, starting at zero:
   * the iteration that finds it zero is its task's first. grainsize(g)
   * makes floor(N/g) tasks of g to 2g-1 iterations. */
  int chunk_len[N];
  memset(chunk_len, 0, sizeof(chunk_len));
#pragma omp parallel num_threads(4)
#pragma omp single
  {
    int count = 0;
#pragma omp taskloop grainsize(64) firstprivate(count) shared(chunk_len)
    for (int i = 0; i < N; i++) {
      hits[i]++;
      if (count++ == 0)
        atomic_fetch_add(&ntasks, 1);
      chunk_len[i] = count;
    }
  }
  check_counts("grainsize(64)", N / 64, N / 64);
  for (int i = 0; i < N; i++)
    CHECK(chunk_len[i] <= 127, "grainsize(64): a task ran %d iterations", chunk_len[i]);

#pragma omp parallel num_threads(4)
#pragma omp single
  {
    int count = 0;
#pragma omp taskloop num_tasks(13) firstprivate(count)
    for (int i = 0; i < N; i++) {
      hits[i]++;
      if (count++ == 0)
        atomic_fetch_add(&ntasks, 1);
    }
  }
  check_counts("num_tasks(13)", 13, 13);

  /* num_tasks larger than the trip count: one iteration per task. */
#pragma omp parallel num_threads(2)
#pragma omp single
  {
    int count = 0;
#pragma omp taskloop num_tasks(5000) firstprivate(count)
    for (int i = 0; i < N; i++) {
      hits[i]++;
      if (count++ == 0)
        atomic_fetch_add(&ntasks, 1);
    }
  }
  check_counts("num_tasks(5000) over 1000 iterations", N, N);

  /* lastprivate: the value of the sequentially last iteration. */
  int last = -1, last_j = -1;
#pragma omp parallel num_threads(4)
#pragma omp single
#pragma omp taskloop lastprivate(last, last_j) grainsize(10)
  for (int i = 0; i < N; i++) {
    last = i * 3;
    last_j = i;
  }
  CHECK(last == (N - 1) * 3 && last_j == N - 1, "lastprivate: %d, %d, want %d, %d", last,
        last_j, (N - 1) * 3, N - 1);

  /* reduction, with a negative step. */
  long sum = 0, want = 0;
  for (int i = N; i > 0; i -= 3)
    want += i;
#pragma omp parallel num_threads(4)
#pragma omp single
#pragma omp taskloop reduction(+ : sum) num_tasks(9)
  for (int i = N; i > 0; i -= 3)
    sum += i;
  CHECK(sum == want, "taskloop reduction, step -3: %ld, want %ld", sum, want);

  /* Nested taskloops: an outer taskloop whose iterations run taskloops. */
  static int grid[40][50];
  memset(grid, 0, sizeof(grid));
#pragma omp parallel num_threads(4)
#pragma omp single
#pragma omp taskloop grainsize(4)
  for (int i = 0; i < 40; i++) {
#pragma omp taskloop grainsize(8)
    for (int j = 0; j < 50; j++)
      grid[i][j] += i * 100 + j;
  }
  int bad = 0;
  for (int i = 0; i < 40; i++)
    for (int j = 0; j < 50; j++)
      bad += grid[i][j] != i * 100 + j;
  CHECK(bad == 0, "nested taskloop: %d cells wrong", bad);

  /* collapse(2) over a triangle-free 2-D space with lastprivate. */
  memset(grid, 0, sizeof(grid));
  int li = -1, lj = -1;
#pragma omp parallel num_threads(4)
#pragma omp single
#pragma omp taskloop collapse(2) num_tasks(17) lastprivate(li, lj)
  for (int i = 0; i < 40; i++)
    for (int j = 0; j < 50; j += 2) {
      grid[i][j] += 1;
      li = i;
      lj = j;
    }
  bad = 0;
  for (int i = 0; i < 40; i++)
    for (int j = 0; j < 50; j++)
      bad += grid[i][j] != (j % 2 == 0);
  CHECK(bad == 0, "collapse(2): %d cells wrong", bad);
  CHECK(li == 39 && lj == 48, "collapse(2) lastprivate: %d, %d, want 39, 48", li, lj);

  /* nogroup: the taskloop does not wait, a taskwait does. */
  atomic_int done = 0;
  int seen_after_taskwait = -1;
#pragma omp parallel num_threads(4)
#pragma omp single
  {
#pragma omp taskloop nogroup grainsize(50)
    for (int i = 0; i < N; i++)
      atomic_fetch_add(&done, 1);
#pragma omp taskwait
    seen_after_taskwait = atomic_load(&done);
  }
  CHECK_EQ_INT(seen_after_taskwait, N);

  /* if(0) runs every task undeferred, on the encountering thread. */
  int wrong_thread = 0, me = -1;
#pragma omp parallel num_threads(4)
#pragma omp single
  {
    me = omp_get_thread_num();
#pragma omp taskloop if (0) grainsize(100) shared(wrong_thread, me)
    for (int i = 0; i < N; i++) {
      hits[i]++;
      if (omp_get_thread_num() != me)
        wrong_thread++;
      if (i % 100 == 0)
        atomic_fetch_add(&ntasks, 1);
    }
  }
  CHECK_EQ_INT(wrong_thread, 0);
  check_counts("if(0)", 10, 10);

  /* An empty loop makes no task and returns. */
  int empty_ran = 0, lo = 5, hi = 5;
#pragma omp parallel num_threads(2)
#pragma omp single
#pragma omp taskloop shared(empty_ran)
  for (int i = lo; i < hi; i++)
    empty_ran++;
  CHECK_EQ_INT(empty_ran, 0);

  /* Outside any parallel region. */
  long s2 = 0;
#pragma omp taskloop reduction(+ : s2)
  for (int i = 0; i < N; i++)
    s2 += i;
  CHECK(s2 == (long)N * (N - 1) / 2, "taskloop outside a region: %ld", s2);
  CHECK_DONE();
}
