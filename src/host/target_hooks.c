/* target_hooks.c — what libomptarget asks of the host runtime beyond the
 * LLVM ABI: letting a running target task complete later, device-side
 * dependences between target tasks (device_signal.h), finishing the
 * initial thread's target tasks before the program's images go, and the
 * device number of code the x86_64 offload device runs here.
 *
 * A deferred target task (run by the hidden helper team) issues its copies
 * and kernel on a device queue and returns at once; the plugin's completion
 * callback fulfils the event this hook returns, and only then does the task
 * complete and release its dependences (seed 001's detach design: nobody
 * polls, the helper thread is free for the next task at once).
 */
#include <time.h>

#include "device_signal.h"
#include "runtime.h"

int32_t __kmpc_omp_taskyield(ident_t *loc, int32_t gtid, int end_part);

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

/* At the program's end, libomptarget unregistering its images (from the
 * program's exit handlers) first lets an initial thread outside any
 * parallel region wait for the deferred target tasks still running: those
 * of `nowait` constructs nobody waited for, which would otherwise go on
 * running on a device whose images are gone (ours and LLVM 19 crashed
 * there). Only target tasks: a host task that never completes (a detach
 * event never fulfilled) must not hold up the exit. Meanwhile the thread
 * runs tasks it can (a target task's host-task predecessor, say). */
OMP_EXPORT void __omprt_finish_initial_tasks(void) {
  struct omp_thread *th = omp_self_tls;
  if (!th || !th->task || !th->task->implicit || omp_get_level() != 0)
    return;
  while (atomic_load_explicit(&omp_target_tasks_outstanding, memory_order_acquire) > 0) {
    __kmpc_omp_taskyield(NULL, th->gtid, 0);
    struct timespec pause = {0, 50000};
    nanosleep(&pause, NULL);
  }
}

/* The x86_64 offload device runs a kernel on the calling thread: while it
 * runs, the thread's current task is on device `device_num` (-1: back on
 * the host), and so are the teams, threads and tasks the kernel makes,
 * which take their ICVs from it; omp_get_device_num() there answers it, as
 * on a GPU. Returns the value to restore when the kernel returns. */
OMP_EXPORT int __omprt_run_on_device(int device_num) {
  struct omp_icvs *icvs = &omp_self()->task->icvs;
  int outer = icvs->device_num;
  icvs->device_num = device_num;
  return outer;
}

/* ---- device-side dependences ------------------------------------------------------ */

/* Target-task entry functions seen to begin with a device construct. clang
 * gives each target construct with `nowait`/`depend` its own task entry,
 * which only unpacks the task's private copy of the offload arguments and
 * calls libomptarget (falling back to the host version when that fails);
 * `if(false)` selects a different entry that runs the host version at
 * once. An entry seen once calling libomptarget first always does, so its
 * later tasks may start before their target-task predecessors complete
 * (taskdeps.c). The first task of each entry takes the host path. */
#define OMP_OFFLOAD_ENTRIES 512 /* distinct target constructs remembered */
#define OMP_OFFLOAD_PROBES 16
static _Atomic(kmp_routine_entry_t) omp_offload_entries[OMP_OFFLOAD_ENTRIES];

static size_t omp_offload_slot(kmp_routine_entry_t entry, int probe) {
  uint64_t h = (uint64_t)(uintptr_t)entry * 0x9E3779B97F4A7C15ull;
  return ((size_t)(h >> 40) + (size_t)probe) & (OMP_OFFLOAD_ENTRIES - 1);
}

bool omp_offload_entry_known(kmp_routine_entry_t entry) {
  for (int probe = 0; probe < OMP_OFFLOAD_PROBES; probe++) {
    kmp_routine_entry_t seen = atomic_load_explicit(
        &omp_offload_entries[omp_offload_slot(entry, probe)], memory_order_acquire);
    if (seen == entry)
      return true;
    if (!seen)
      return false;
  }
  return false;
}

static void omp_offload_entry_learn(kmp_routine_entry_t entry) {
  for (int probe = 0; probe < OMP_OFFLOAD_PROBES; probe++) {
    _Atomic(kmp_routine_entry_t) *slot = &omp_offload_entries[omp_offload_slot(entry, probe)];
    kmp_routine_entry_t seen = NULL;
    if (atomic_compare_exchange_strong(slot, &seen, entry) || seen == entry)
      return;
  }
  /* full: this entry keeps the host path */
}

static struct omp_task *omp_current_target_task(void) {
  struct omp_thread *th = omp_self_tls;
  struct omp_task *task = th ? th->task : NULL;
  return task && task->target_task ? task : NULL;
}

OMP_EXPORT int __omprt_task_may_have_successors(void) {
  struct omp_task *task = omp_current_target_task();
  return task && task->depnode;
}

OMP_EXPORT void __omprt_task_issued(struct omprt_device_signal *signal) {
  struct omp_task *task = omp_current_target_task();
  if (task)
    omp_deps_issued(task, signal);
}

OMP_EXPORT struct omprt_device_signal **__omprt_task_take_device_preds(int *count) {
  *count = 0;
  struct omp_task *task = omp_current_target_task();
  if (!task)
    return NULL;
  if (!task->construct_seen) {
    task->construct_seen = true;
    omp_offload_entry_learn(omp_task_abi(task)->routine);
  }
  return omp_deps_take_device_preds(task, count);
}
