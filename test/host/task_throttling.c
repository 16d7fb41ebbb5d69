/* Task throttling (KMP_ENABLE_TASK_THROTTLING, LLVM's): a producer whose
 * queue holds 256 tasks runs the next one itself (1, the default); with 0
 * its queue grows and it queues every task. The tasks block until the
 * producer runs one, so the other thread cannot drain the queue: the
 * number of tasks made before the producer ran one tells which happened.
 * argv[1]: "on" or "off", matching the environment env.cmake sets. */
#include <omp.h>
#include <stdatomic.h>
#include <string.h>

#include "check.h"

#define TASKS 2000

int main(int argc, char **argv) {
  int throttling = argc > 1 && strcmp(argv[1], "on") == 0;
  atomic_int made = 0, made_when_producer_ran = -1, blocked = 1;
  int producer = -1;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
    producer = omp_get_thread_num();
    for (int i = 0; i < TASKS; i++) {
      atomic_fetch_add(&made, 1);
#pragma omp task
      {
        if (omp_get_thread_num() == producer) {
          int expected = -1;
          atomic_compare_exchange_strong(&made_when_producer_ran, &expected,
                                         atomic_load(&made));
          atomic_store(&blocked, 0);
        }
        while (atomic_load(&blocked))
          ;
      }
    }
    atomic_store(&blocked, 0);
  }
  int seen = atomic_load(&made_when_producer_ran);
  if (omp_get_max_threads() < 2 || seen < 0) {
    printf("SKIP: the producer ran no task (one thread?)\n");
    return 77;
  }
  if (throttling)
    CHECK(seen < TASKS, "throttling on: the producer queued all %d tasks", TASKS);
  else
    CHECK(seen == TASKS, "throttling off: the producer ran a task after %d of %d", seen,
          TASKS);
  CHECK_DONE();
}
