/* Untied tasks: clang splits the body into parts at each scheduling point
 * (taskyield, taskwait, task creation) and the task re-enqueues itself with
 * the next part_id, so a part may continue on another thread. Checked: all
 * parts run exactly once and in order, the children a part waits for are
 * done, a generator of many tasks, and an untied task that is undeferred
 * (if(0)) or included (final), or in a team of one, still runs every part
 * before the construct ends, however many parts it has. The untied if(0) case runs alone (argument "if0"): LLVM 19 aborts
 * on it (assertion td_last_tied, kmp_tasking.cpp:1836), a bug of LLVM's. */
#include <omp.h>
#include <stdatomic.h>
#include <string.h>

#include "check.h"

enum { M = 200 };

static int part_log[M][4];

/* An undeferred untied task runs all its parts before the code after it. */
static int untied_if0(void) {
  int steps = 0, steps_after = -1;
#pragma omp parallel num_threads(4)
#pragma omp single
  {
#pragma omp task untied if (0) shared(steps)
    {
      steps++;
#pragma omp taskyield
      steps++;
#pragma omp taskwait
      steps++;
    }
    steps_after = steps;
  }
  CHECK_EQ_INT(steps_after, 3);
  CHECK_DONE();
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "if0") == 0)
    return untied_if0();
  atomic_int children = 0;
  int bad_wait = 0;
#pragma omp parallel num_threads(4)
#pragma omp single
  {
    for (int t = 0; t < M; t++) {
#pragma omp task untied firstprivate(t) shared(children, bad_wait)
      {
        part_log[t][0] = 1;
#pragma omp taskyield
        part_log[t][1] = part_log[t][0] + 1;
        int mine = 0;
        for (int c = 0; c < 3; c++) {
#pragma omp task shared(mine, children)
          {
            __atomic_fetch_add(&mine, 1, __ATOMIC_RELAXED);
            atomic_fetch_add(&children, 1);
          }
        }
#pragma omp taskwait
        if (__atomic_load_n(&mine, __ATOMIC_RELAXED) != 3)
          __atomic_fetch_add(&bad_wait, 1, __ATOMIC_RELAXED);
        part_log[t][2] = part_log[t][1] + 1;
#pragma omp taskyield
        part_log[t][3] = part_log[t][2] + 1;
      }
    }
  }
  int bad = 0;
  for (int t = 0; t < M; t++)
    for (int p = 0; p < 4; p++)
      bad += part_log[t][p] != p + 1;
  CHECK(bad == 0, "%d parts of untied tasks missing or out of order", bad);
  CHECK_EQ_INT(bad_wait, 0);
  CHECK_EQ_INT(atomic_load(&children), 3 * M);

  /* An untied generator: creates tasks in a loop (each creation is a
   * scheduling point) while others run them. */
  atomic_long sum = 0;
#pragma omp parallel num_threads(4)
#pragma omp single
#pragma omp task untied shared(sum)
  for (int i = 0; i < 1000; i++) {
#pragma omp task firstprivate(i) shared(sum)
    atomic_fetch_add(&sum, i);
  }
  CHECK_EQ_INT(atomic_load(&sum), 999L * 1000 / 2);

  /* An included untied task finishes before the code after it. */
  int fsteps = 0, fsteps_after = -1;
#pragma omp parallel num_threads(4)
#pragma omp single
  {
#pragma omp task final(1) shared(fsteps, fsteps_after)
    {
#pragma omp task untied shared(fsteps)
      {
        fsteps++;
#pragma omp taskyield
        fsteps++;
      }
      fsteps_after = fsteps;
    }
  }
  CHECK_EQ_INT(fsteps_after, 2);

  /* An undeferred untied task with a scheduling point in a long loop, in a
   * team of one and included in a final task: each point starts a part,
   * and the parts run one after the other, not nested (LLVM 19 nests a
   * frame per part there and overflows the stack). */
  enum { POINTS = 1000000 };
  long loops[2] = {0, 0}, after[2] = {-1, -1};
#pragma omp parallel num_threads(1)
  {
#pragma omp task untied shared(loops)
    for (int i = 0; i < POINTS; i++) {
      loops[0]++;
#pragma omp taskyield
    }
    after[0] = loops[0];
  }
#pragma omp parallel num_threads(2)
#pragma omp single
#pragma omp task final(1) shared(loops, after)
  {
#pragma omp task untied shared(loops)
    for (int i = 0; i < POINTS; i++) {
      loops[1]++;
#pragma omp taskyield
    }
    after[1] = loops[1];
  }
  CHECK(after[0] == POINTS && after[1] == POINTS,
        "untied parts in a loop: team of one %ld, included %ld, of %d", after[0],
        after[1], (int)POINTS);

  /* Untied tasks with no parallel region. */
  int solo = 0;
#pragma omp task untied shared(solo)
  {
    solo++;
#pragma omp taskyield
    solo++;
  }
#pragma omp taskwait
  CHECK_EQ_INT(solo, 2);
  CHECK_DONE();
}
