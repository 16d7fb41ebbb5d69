/* A child made by fork() after the parent used OpenMP runs OpenMP itself.
 *
 * The child has only the forking thread: the parent's workers, hot team and
 * hidden helper threads are gone. Before the fix the child's first parallel
 * region waited forever for them (LLVM re-initialises its runtime in the
 * child, and so do we). Checked, in a child and in a grandchild:
 *  - a parallel region gets the requested 4 threads and each runs once;
 *  - tasks from a single all run; a critical section and an atomic count
 *    right; threadprivate copies are per thread;
 *  - a hidden helper task (clang's target-task allocation) runs on a
 *    helper thread and taskwait waits for it;
 *  - the parent's own runtime still works after the fork;
 *  - a fork with a lock held by the forking thread's peer at fork time is
 *    not tested: POSIX leaves such state to the program. */
#include <omp.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "kmp_tasks.h"

static int tp_value;
#pragma omp threadprivate(tp_value)

static atomic_int helper_ran, helper_gtid;
static int32_t helper_entry(int32_t gtid, void *task) {
  (void)task;
  atomic_store(&helper_gtid, gtid);
  atomic_fetch_add(&helper_ran, 1);
  return 0;
}

/* Every OpenMP feature the child uses; returns the number of failures. */
static int use_openmp(const char *who) {
  int before = check_failures;
  int members = 0, critical_count = 0, atomic_count = 0, tp_ok = 1;
  atomic_int tasks_ran = 0;
#pragma omp parallel num_threads(4)
  {
#pragma omp atomic
    members++;
    tp_value = omp_get_thread_num() + 100;
#pragma omp critical
    critical_count++;
#pragma omp atomic
    atomic_count += 2;
#pragma omp single
    for (int i = 0; i < 64; i++) {
#pragma omp task
      atomic_fetch_add(&tasks_ran, 1);
    }
#pragma omp barrier
    if (tp_value != omp_get_thread_num() + 100)
#pragma omp atomic write
      tp_ok = 0;
  }
  CHECK(members == 4, "%s: %d members ran the region, want 4", who, members);
  CHECK(critical_count == 4 && atomic_count == 8, "%s: critical %d, atomic %d", who,
        critical_count, atomic_count);
  CHECK(atomic_load(&tasks_ran) == 64, "%s: %d of 64 tasks ran", who, atomic_load(&tasks_ran));
  CHECK(tp_ok, "%s: threadprivate copies were shared", who);

  atomic_store(&helper_ran, 0);
  int32_t gtid = __kmpc_global_thread_num(NULL);
  kmp_task_t *t = __kmpc_omp_target_task_alloc(NULL, gtid, 1, sizeof(kmp_task_t), 0,
                                               helper_entry, -1);
  __kmpc_omp_task(NULL, gtid, t);
#pragma omp taskwait
  CHECK(atomic_load(&helper_ran) == 1, "%s: the hidden helper task ran %d times", who,
        atomic_load(&helper_ran));
  CHECK(atomic_load(&helper_gtid) != gtid, "%s: the helper task ran on the forking thread", who);
  return check_failures - before;
}

/* Fork; the child runs `use_openmp` (and, at depth 1, forks again). */
static void fork_and_check(int depth) {
  fflush(NULL);
  pid_t pid = fork();
  if (pid < 0) {
    CHECK(0, "fork failed");
    return;
  }
  if (pid == 0) {
    alarm(30); /* a hang shows as a signal, not as a ctest timeout */
    int failures = use_openmp(depth == 1 ? "child" : "grandchild");
    if (depth == 1)
      fork_and_check(2);
    _exit(failures || check_failures ? 1 : 0);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "depth %d child: %s %d", depth,
        WIFEXITED(status) ? "exit" : "signal",
        WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
}

int main(void) {
  use_openmp("parent before fork");
  fork_and_check(1);
  use_openmp("parent after fork");
  CHECK_DONE();
}
