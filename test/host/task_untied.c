/* Untied tasks: clang splits the body into parts at each scheduling point
 * (taskyield, taskwait, task creation) and the task re-enqueues itself with
 * the next part_id, so a part may continue on another thread. Checked: all
 * parts run exactly once and in order, the children a part waits for are
 * done, a generator of many tasks, and an untied task that is undeferred
 * (if(0)) or included (final), or in a team of one, still runs every part
 * before the construct ends, however many parts it has. Two shapes from
 * BOTS and KASTORS that LLVM 19's runtime fails: an untied task making
 * 40000 untied children before its taskwait (LLVM segfaults past about 32K)
 * and a recursion of untied tasks with depend on the parent's locals and a
 * taskwait at each level (LLVM hangs now and then with 4 threads). The
 * untied if(0) case runs alone (argument "if0"): LLVM 19 aborts on it
 * (assertion td_last_tied, kmp_tasking.cpp:1836), a bug of LLVM's. */
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

/* One level of a strassen-like recursion: each call makes a chain of tied
 * tasks and DEPTH_FANOUT untied recursive ones ordered by depend on this
 * frame's locals, then waits for them all. Each task adds its level's
 * weight to *sum only after its input (the task it depends on) has
 * written its own stamp, so a dependence not honoured shows. */
enum { DEPTH_FANOUT = 5, DEPTH_LEVELS = 5 };

static void untied_dependent_level(int level, atomic_long *leaves, atomic_int *out_of_order) {
  if (level == DEPTH_LEVELS) {
    atomic_fetch_add(leaves, 1);
    return;
  }
  int stamp[DEPTH_FANOUT + 1] = {0};
#pragma omp task depend(out : stamp[0]) shared(stamp)
  stamp[0] = 1;
  for (int k = 1; k <= DEPTH_FANOUT; k++) {
#pragma omp task untied depend(in : stamp[k - 1]) depend(out : stamp[k]) firstprivate(k) \
    shared(stamp)
    {
      if (__atomic_load_n(&stamp[k - 1], __ATOMIC_ACQUIRE) != k)
        atomic_fetch_add(out_of_order, 1);
      untied_dependent_level(level + 1, leaves, out_of_order);
      __atomic_store_n(&stamp[k], k + 1, __ATOMIC_RELEASE);
    }
  }
#pragma omp taskwait
  for (int k = 0; k <= DEPTH_FANOUT; k++)
    if (stamp[k] != k + 1)
      atomic_fetch_add(out_of_order, 1);
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

  /* An untied generator of 40000 untied children, waited for inside it:
   * all run once before its taskwait returns. */
  enum { CHILDREN = 40000 };
  atomic_long child_sum = 0;
  long child_sum_at_wait = -1;
#pragma omp parallel num_threads(4)
#pragma omp single
#pragma omp task untied shared(child_sum, child_sum_at_wait)
  {
    for (int i = 0; i < CHILDREN; i++) {
#pragma omp task untied firstprivate(i) shared(child_sum)
      atomic_fetch_add(&child_sum, i);
    }
#pragma omp taskwait
    child_sum_at_wait = atomic_load(&child_sum);
  }
  CHECK_EQ_INT(child_sum_at_wait, (long)CHILDREN * (CHILDREN - 1) / 2);

  /* Recursive untied tasks ordered by depend, a taskwait at each level. */
  atomic_long leaves = 0;
  atomic_int out_of_order = 0;
#pragma omp parallel num_threads(4)
#pragma omp single
  untied_dependent_level(0, &leaves, &out_of_order);
  long want_leaves = 1;
  for (int l = 0; l < DEPTH_LEVELS; l++)
    want_leaves *= DEPTH_FANOUT;
  CHECK_EQ_INT(atomic_load(&leaves), want_leaves);
  CHECK_EQ_INT(atomic_load(&out_of_order), 0);

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
