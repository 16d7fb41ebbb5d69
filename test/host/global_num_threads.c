/* __kmpc_global_num_threads counts the threads the runtime knows that
 * exist now (LLVM's __kmp_all_nth): the initial thread, workers (busy or
 * idle in the pool), hidden helpers and registered user threads until they
 * end. Before the fix it counted gtids handed out: a user thread that had
 * ended still counted, and a forked child counted its parent's threads
 * and then its own new helpers on top of the parent's (24 here instead
 * of 11). Run with the default 8 hidden helper threads; the process's
 * threads are also counted from /proc to see that the runtime's count
 * matches what exists.
 *
 * Sequence (each step's count checked):
 *  - start: 1 (the caller registers);
 *  - parallel num_threads(4): 4; a hidden helper task: 4 + 8 = 12;
 *  - a user thread's parallel num_threads(2) (the initial thread's hot
 *    team keeps its 3 workers, so one more is made): 14 inside;
 *  - after the user thread ended: 13 (its worker waits in the pool);
 *  - in a forked child: 1, after parallel num_threads(3) 3, after a helper
 *    task 3 + 8 = 11. */
#include <omp.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "kmp_tasks.h"
#include "os_threads.h"

extern int32_t __kmpc_global_num_threads(void *loc);

static int32_t helper_entry(int32_t gtid, void *task) {
  (void)gtid;
  (void)task;
  return 0;
}

static void run_helper_task(void) {
  int32_t gtid = __kmpc_global_thread_num(NULL);
  kmp_task_t *t = __kmpc_omp_target_task_alloc(NULL, gtid, 1, sizeof(kmp_task_t), 0,
                                               helper_entry, -1);
  __kmpc_omp_task(NULL, gtid, t);
#pragma omp taskwait
}

/* A region with an effect (clang's OpenMP optimisation deletes an empty
 * one) that checks it got all n threads. */
static void parallel_of(int n) {
  int members = 0;
#pragma omp parallel num_threads(n)
  {
#pragma omp atomic
    members++;
  }
  CHECK(members == n, "parallel(%d) ran with %d threads", n, members);
}

static int inside_user_thread;
static void *user_thread(void *arg) {
  (void)arg;
  parallel_of(2);
  inside_user_thread = __kmpc_global_num_threads(NULL);
  return NULL;
}

static void expect(const char *when, int want) {
  int got = __kmpc_global_num_threads(NULL);
  CHECK(got == want, "%s: __kmpc_global_num_threads %d, want %d", when, got, want);
  /* Every thread of the process is the runtime's. A joined thread may
   * still be listed for a moment while the kernel finishes its exit. */
  int os = os_thread_count();
  for (int tries = 0; os != want && tries < 200; tries++) {
    usleep(5000);
    os = os_thread_count();
  }
  CHECK(os == want, "%s: %d threads in /proc, want %d", when, os, want);
}

int main(void) {
  expect("start", 1);
  parallel_of(4);
  expect("after parallel(4)", 4);
  run_helper_task();
  expect("after a hidden helper task", 12);

  pthread_t user;
  pthread_create(&user, NULL, user_thread, NULL);
  pthread_join(user, NULL);
  CHECK(inside_user_thread == 14, "in a user thread's region: %d, want 14", inside_user_thread);
  expect("after the user thread ended", 13);

  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    alarm(30);
    expect("forked child", 1);
    parallel_of(3);
    expect("child after parallel(3)", 3);
    run_helper_task();
    expect("child after a hidden helper task", 11);
    fflush(NULL);
    _exit(check_failures ? 1 : 0);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "child: %s %d",
        WIFEXITED(status) ? "exit" : "signal",
        WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
  expect("parent after the fork", 13);
  CHECK_DONE();
}
