/* The priority clause (OMP_MAX_TASK_PRIORITY=10): among ready tasks, every
 * thread starts the highest priority first. One member makes tasks of
 * random priorities and runs them all alone in its taskwait: the order must
 * be non-increasing in priority. The same with priorities out of range
 * (clamped to 0..10) and with tasks made ready by a dependence; then all
 * members running a mixed set (no high task starts after every low one). */
#include <omp.h>
#include <stdatomic.h>
#include <unistd.h>

#include "check.h"

enum { N = 200 };

static int order_prio[N];
static atomic_int next_slot;

static void run(int prio) { order_prio[atomic_fetch_add(&next_slot, 1)] = prio; }

/* Member 0 makes N tasks (via `make`) and runs them all alone in its
 * taskwait while member 1 waits outside any scheduling point; the order
 * must be non-increasing in priority. */
static void single_runner(void (*make)(int *), const char *what) {
  atomic_int release = 0;
  int team = 0;
  atomic_store(&next_slot, 0);
#pragma omp parallel num_threads(2) shared(release, team)
  {
    if (omp_get_thread_num() == 1) {
      while (!atomic_load(&release))
        usleep(100);
    } else {
      team = omp_get_num_threads();
      int gate[1];
      make(gate);
#pragma omp taskwait
      atomic_store(&release, 1);
    }
  }
  CHECK(team == 2, "%s: needs a team of two, got %d", what, team);
  CHECK_EQ_INT(atomic_load(&next_slot), N);
  int bad = 0;
  for (int i = 1; i < N; i++)
    if (order_prio[i] > order_prio[i - 1] && bad++ < 3)
      fprintf(stderr, "%s: task %d had priority %d after one of %d\n", what, i, order_prio[i],
              order_prio[i - 1]);
  CHECK(bad == 0, "%s: %d tasks ran before a ready task of higher priority", what, bad);
}

static void make_random(int *unused) {
  (void)unused;
  unsigned s = 777;
  for (int i = 0; i < N; i++) {
    s = s * 1103515245u + 12345u;
    int p = (int)((s >> 16) % 11);
#pragma omp task priority(p) firstprivate(p)
    run(p);
  }
}

/* The gate has the top priority and runs first; the tasks (priority > 5)
 * it releases must then run before the low ones that were ready all along:
 * recorded as 11, 10..6, 5..0. */
static void make_gated(int *gate) {
#pragma omp task depend(out : gate[0]) priority(10)
  run(11);
  unsigned s = 99;
  for (int i = 1; i < N; i++) {
    s = s * 1103515245u + 12345u;
    int p = (int)((s >> 16) % 11);
    if (p > 5) {
#pragma omp task depend(in : gate[0]) priority(p) firstprivate(p)
      run(p);
    } else {
#pragma omp task priority(p) firstprivate(p)
      run(p);
    }
  }
}

static void make_clamped(int *unused) {
  (void)unused;
  for (int i = 0; i < N; i++) {
    int p = i % 3 == 0 ? 1000 : i % 3 == 1 ? -5 : 0;
#pragma omp task priority(p) firstprivate(p)
    run(p < 0 ? 0 : p > 10 ? 10 : p);
  }
}

int main(void) {
  if (omp_get_max_task_priority() < 10) {
    fprintf(stderr, "run with OMP_MAX_TASK_PRIORITY=10 (got %d)\n", omp_get_max_task_priority());
    return 1;
  }
  single_runner(make_random, "random priorities");
  single_runner(make_clamped, "priorities above the maximum and negative");
  single_runner(make_gated, "priorities of tasks released by a dependence");
  CHECK_EQ_INT(order_prio[0], 11);

  /* All four members run a mixed set, made while the others waited
   * outside any scheduling point: no high task may start after every low
   * one started. */
  {
    atomic_int go = 0, high_started = 0, high_after_lows_done = 0;
    atomic_int lows_started = 0;
    enum { HIGH = 40, LOW = 160 };
#pragma omp parallel num_threads(4)
    {
      if (omp_get_thread_num() != 0) {
        while (!atomic_load(&go))
          usleep(100);
      } else {
        for (int i = 0; i < HIGH + LOW; i++) {
          if (i % 5 == 0) {
#pragma omp task priority(7) shared(high_started, lows_started, high_after_lows_done)
            {
              if (atomic_load(&lows_started) == LOW)
                atomic_fetch_add(&high_after_lows_done, 1);
              atomic_fetch_add(&high_started, 1);
            }
          } else {
#pragma omp task shared(lows_started)
            {
              atomic_fetch_add(&lows_started, 1);
              usleep(50);
            }
          }
        }
        atomic_store(&go, 1);
      }
    }
    CHECK_EQ_INT(atomic_load(&high_started), HIGH);
    CHECK(atomic_load(&high_after_lows_done) == 0,
          "%d high-priority tasks started after all low ones", atomic_load(&high_after_lows_done));
  }
  CHECK_DONE();
}
