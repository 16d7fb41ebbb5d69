/* A team of one (the initial thread here) records no task dependences
 * while each of its tasks completes as it runs. A nowait target region
 * completes later, from its queue's callback, whether a hidden helper or
 * the initial thread itself (LIBOMP_NUM_HIDDEN_HELPER_THREADS=0) ran the
 * target task: a host task and taskwait depend after it must wait for
 * it, also when host tasks with the same dependence ran before it. */
#include <omp.h>
#include <stdio.h>
#include <unistd.h>

int main(void) {
  int fails = 0;
  for (int round = 0; round < 3; round++) {
    int a = 0, before = 0, task_saw = -1, taskwait_saw = -1;
    for (int i = 0; i < 3; i++) {
#pragma omp task depend(inout : a) shared(before)
      before++;
    }
#pragma omp target nowait depend(inout : a) map(tofrom : a)
    {
      usleep(50000);
      a = 1;
    }
#pragma omp task depend(in : a) shared(a, task_saw)
    task_saw = a;
#pragma omp taskwait depend(in : a)
    taskwait_saw = a;
#pragma omp taskwait
    if (before != 3 || task_saw != 1 || taskwait_saw != 1) {
      printf("FAIL: round %d: %d host tasks before, the dependent task saw %d, "
             "taskwait depend saw %d (want 3, 1, 1)\n",
             round, before, task_saw, taskwait_saw);
      fails++;
    }
  }
  if (!fails)
    printf("OK\n");
  return fails != 0;
}
