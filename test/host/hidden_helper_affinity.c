/* KMP_HIDDEN_HELPER_AFFINITY binds the hidden helper threads alone (KMP_AFFINITY's
 * syntax, as LLVM): hidden helper tasks, made through the entry points clang
 * emits for `target nowait`, record the affinity mask of the helper running
 * them. argv[1] says what every mask must be:
 *   one   exactly one processor (granularity=fine,compact: a place per thread)
 *   cpu1  exactly processor 1 (explicit,proclist=[1]); SKIPPED without it
 *   all   every processor the process may use (no variable, or none)
 * The team threads stay as OMP_PROC_BIND/KMP_AFFINITY say. */
#define _GNU_SOURCE
#include <omp.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "kmp_tasks.h"

#define TASKS 16

static cpu_set_t masks[TASKS];

static int32_t record_mask(int32_t gtid, void *arg) {
  (void)gtid;
  int slot = *(int *)((kmp_task_t *)arg)->shareds;
  usleep(2000); /* long enough that more than one helper takes part */
  sched_getaffinity(0, sizeof(cpu_set_t), &masks[slot]);
  return 0;
}

int main(int argc, char **argv) {
  const char *want = argc > 1 ? argv[1] : "all";
  cpu_set_t process;
  sched_getaffinity(0, sizeof(process), &process);
  if (!strcmp(want, "cpu1") && !CPU_ISSET(1, &process)) {
    printf("SKIPPED: processor 1 is not available to this process\n");
    return 77;
  }
  int32_t gtid = __kmpc_global_thread_num(NULL);
  for (int i = 0; i < TASKS; i++) {
    kmp_task_t *t = __kmpc_omp_target_task_alloc(NULL, gtid, 1, sizeof(kmp_task_t),
                                                 sizeof(int), record_mask, 0);
    *(int *)t->shareds = i;
    __kmpc_omp_task(NULL, gtid, t);
  }
#pragma omp taskwait
  for (int i = 0; i < TASKS; i++) {
    int count = CPU_COUNT(&masks[i]);
    if (!strcmp(want, "one"))
      CHECK(count == 1, "task %d: its helper may run on %d processors, want 1", i, count);
    else if (!strcmp(want, "cpu1"))
      CHECK(count == 1 && CPU_ISSET(1, &masks[i]),
            "task %d: its helper is not bound to processor 1 alone (%d processors)", i, count);
    else
      CHECK(CPU_EQUAL(&masks[i], &process), "task %d: its helper is bound (%d processors of %d)",
            i, count, CPU_COUNT(&process));
  }
  CHECK_DONE();
}
