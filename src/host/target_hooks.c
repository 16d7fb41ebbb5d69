/* target_hooks.c — what libomptarget asks of the host runtime beyond the
 * LLVM ABI: letting a running target task complete later.
 *
 * A deferred target task (run by the hidden helper team) issues its copies
 * and kernel on a device queue and returns at once; the plugin's completion
 * callback fulfils the event this hook returns, and only then does the task
 * complete and release its dependences (seed 001's detach design: nobody
 * polls, the helper thread is free for the next task at once).
 */
#include "runtime.h"

/* Arm a completion event on the calling thread's current task; NULL when
 * that task cannot complete later (an implicit or undeferred task, or one
 * already detached): the caller must then finish synchronously. */
OMP_EXPORT void *__omprt_task_detach_current(void) {
  struct omp_thread *th = omp_self_tls;
  if (!th || !th->task)
    return NULL;
  struct omp_task *task = th->task;
  if (task->implicit || task->if0 || (task->flags & OMP_TASK_PROXY))
    return NULL;
  int32_t none = OMP_DETACH_NONE;
  if (!atomic_compare_exchange_strong(&task->detach_state, &none, OMP_DETACH_ARMED))
    return NULL;
  return task;
}
