/* Explicit tasks: recursion with taskwait, dependences (order checked),
 * taskgroup, taskloop, task reductions, final/if(0), detach. */
#include <omp.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

#include "check.h"

static long fib_serial(int n) { return n < 2 ? n : fib_serial(n - 1) + fib_serial(n - 2); }

static long fib_tasks(int n) {
  if (n < 2)
    return n;
  long a, b;
#pragma omp task shared(a) if (n > 12)
  a = fib_tasks(n - 1);
#pragma omp task shared(b) if (n > 12)
  b = fib_tasks(n - 2);
#pragma omp taskwait
  return a + b;
}

static void test_fib(void) {
  long r = 0;
#pragma omp parallel
#pragma omp single
  r = fib_tasks(24);
  CHECK_EQ_INT(r, fib_serial(24));
}

/* A chain out -> in,in -> inout -> inoutset x2 -> in: record the order. */
static void test_deps(void) {
  int x = 0, log[16], pos = 0;
  atomic_int seq = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out : x) shared(log, seq)
    { usleep(2000); log[atomic_fetch_add(&seq, 1)] = 1; }
#pragma omp task depend(in : x) shared(log, seq)
    log[atomic_fetch_add(&seq, 1)] = 2;
#pragma omp task depend(in : x) shared(log, seq)
    log[atomic_fetch_add(&seq, 1)] = 2;
#pragma omp task depend(inout : x) shared(log, seq)
    { usleep(1000); log[atomic_fetch_add(&seq, 1)] = 3; }
#pragma omp task depend(inoutset : x) shared(log, seq)
    log[atomic_fetch_add(&seq, 1)] = 4;
#pragma omp task depend(inoutset : x) shared(log, seq)
    log[atomic_fetch_add(&seq, 1)] = 4;
#pragma omp task depend(mutexinoutset : x) shared(log, seq)
    log[atomic_fetch_add(&seq, 1)] = 5;
#pragma omp task depend(in : x) shared(log, seq)
    log[atomic_fetch_add(&seq, 1)] = 6;
#pragma omp taskwait
    pos = atomic_load(&seq);
  }
  int want[] = {1, 2, 2, 3, 4, 4, 5, 6};
  CHECK_EQ_INT(pos, 8);
  for (int i = 0; i < 8; i++)
    CHECK(log[i] == want[i], "dependence order: position %d ran %d, want %d", i, log[i], want[i]);
}

/* A wavefront over a 2-D grid with depend on neighbours, vs serial. */
static void test_wavefront(void) {
  enum { N = 24 };
  static long grid[N][N], ref[N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      ref[i][j] = (i == 0 || j == 0) ? 1 : ref[i - 1][j] + ref[i][j - 1] + ref[i - 1][j - 1];
  memset(grid, 0, sizeof(grid));
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
#pragma omp task depend(in : grid[i - 1 < 0 ? 0 : i - 1][j], grid[i][j - 1 < 0 ? 0 : j - 1]) \
    depend(out : grid[i][j]) firstprivate(i, j)
      grid[i][j] = (i == 0 || j == 0) ? 1 : grid[i - 1][j] + grid[i][j - 1] + grid[i - 1][j - 1];
    }
  int bad = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      bad += grid[i][j] != ref[i][j];
  CHECK_EQ_INT(bad, 0);
}

static void test_taskgroup(void) {
  atomic_int done = 0;
  int seen = -1;
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskgroup
    {
      for (int i = 0; i < 50; i++) {
#pragma omp task shared(done)
        {
#pragma omp task shared(done)
          atomic_fetch_add(&done, 1); /* a descendant: the group waits too */
          atomic_fetch_add(&done, 1);
        }
      }
    }
    seen = atomic_load(&done);
  }
  CHECK_EQ_INT(seen, 100);
}

static void test_taskloop(void) {
  enum { N = 1000 };
  static int hits[N];
  memset(hits, 0, sizeof(hits));
  long sum = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskloop grainsize(7)
    for (int i = 0; i < N; i++)
      hits[i]++;
#pragma omp taskloop num_tasks(13)
    for (int i = N - 1; i >= 0; i -= 2)
      hits[i]++;
#pragma omp taskloop reduction(+ : sum) grainsize(strict : 64)
    for (long i = 0; i < N; i++)
      sum += i;
  }
  int bad = 0;
  for (int i = 0; i < N; i++)
    bad += hits[i] != 1 + (i % 2 == 1);
  CHECK_EQ_INT(bad, 0);
  CHECK_EQ_INT(sum, (long)N * (N - 1) / 2);
}

static void test_task_reduction(void) {
  long total = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskgroup task_reduction(+ : total)
    for (int i = 1; i <= 100; i++) {
#pragma omp task in_reduction(+ : total) firstprivate(i)
      total += i;
    }
  }
  CHECK_EQ_INT(total, 5050);
  long modsum = 0;
#pragma omp parallel reduction(task, + : modsum)
  {
#pragma omp single
    for (int i = 1; i <= 10; i++) {
#pragma omp task in_reduction(+ : modsum) firstprivate(i)
      modsum += i;
    }
  }
  CHECK_EQ_INT(modsum, 55);
}

static void test_final_if0(void) {
  int in_final = -1, ran_on = -1;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
    int me = omp_get_thread_num();
#pragma omp task final(1) shared(in_final, ran_on)
    {
#pragma omp task shared(in_final)
      in_final = omp_in_final();
    }
#pragma omp task if (0) shared(ran_on)
    ran_on = omp_get_thread_num();
    CHECK_EQ_INT(ran_on, me);
  }
  CHECK_EQ_INT(in_final, 1);
}

static void test_detach(void) {
  omp_event_handle_t ev = 0;
  int body = 0, fulfilled = 0, successor_saw = -1;
  int x = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task detach(ev) depend(out : x) shared(body)
    body = 1;
    /* Runs only once the detached task completed, i.e. after fulfil. */
#pragma omp task depend(in : x) shared(fulfilled, successor_saw)
    successor_saw = __atomic_load_n(&fulfilled, __ATOMIC_SEQ_CST);
#pragma omp task shared(fulfilled, ev)
    {
      usleep(5000);
      __atomic_store_n(&fulfilled, 1, __ATOMIC_SEQ_CST);
      omp_fulfill_event(ev);
    }
#pragma omp taskwait
  }
  CHECK_EQ_INT(body, 1);
  CHECK_EQ_INT(successor_saw, 1);
}

int main(void) {
  test_fib();
  test_deps();
  test_wavefront();
  test_taskgroup();
  test_taskloop();
  test_task_reduction();
  test_final_if0();
  test_detach();
  /* Tasks with no parallel region: the initial thread runs them. */
  int v = 0;
#pragma omp task shared(v)
  v = 42;
#pragma omp taskwait
  CHECK_EQ_INT(v, 42);
  CHECK_DONE();
}
