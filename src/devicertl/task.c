/* task.c — explicit tasks on the device: each task runs at once, in the
 * thread that creates it, to completion (an included task). That keeps
 * every ordering OpenMP promises — a task's dependences were satisfied by
 * the tasks created before it, which have finished; taskwait and
 * taskgroup have nothing left to wait for — at the price of parallelism
 * between tasks, which a GPU thread would not offer anyway.
 */
#include "devicertl.h"

/* kmp_task_t as clang lays it out: shareds pointer and entry first. */
typedef struct task_descriptor {
  void *shareds;
  int32_t (*routine)(int32_t gtid, struct task_descriptor *task);
  int32_t part_id;
} task_descriptor;

task_descriptor *__kmpc_omp_task_alloc(IdentTy *loc, int32_t gtid, int32_t flags,
                                       size_t task_bytes, size_t shareds_bytes,
                                       int32_t (*routine)(int32_t, task_descriptor *)) {
  (void)loc;
  (void)gtid;
  (void)flags;
  /* The shared-variable pointers follow the task, pointer-aligned. */
  size_t padded = (task_bytes + sizeof(void *) - 1) & ~(sizeof(void *) - 1);
  task_descriptor *task = global_alloc(padded + shareds_bytes);
  if (!task)
    devicertl_out_of_memory("task");
  task->shareds = (char *)task + padded;
  task->routine = routine;
  task->part_id = 0;
  return task;
}

static void run_task(task_descriptor *task) {
  task->routine(0, task);
  global_free(task);
}

int32_t __kmpc_omp_task(IdentTy *loc, int32_t gtid, task_descriptor *task) {
  (void)loc;
  (void)gtid;
  run_task(task);
  return 0;
}

int32_t __kmpc_omp_task_with_deps(IdentTy *loc, int32_t gtid, task_descriptor *task,
                                  int32_t ndeps, void *deps, int32_t ndeps_noalias,
                                  void *deps_noalias) {
  (void)loc;
  (void)gtid;
  (void)ndeps;
  (void)deps;
  (void)ndeps_noalias;
  (void)deps_noalias;
  run_task(task);
  return 0;
}

/* if(0) tasks: clang calls the routine itself between these two. */
void __kmpc_omp_task_begin_if0(IdentTy *loc, int32_t gtid, task_descriptor *task) {
  (void)loc;
  (void)gtid;
  (void)task;
}
void __kmpc_omp_task_complete_if0(IdentTy *loc, int32_t gtid, task_descriptor *task) {
  (void)loc;
  (void)gtid;
  global_free(task);
}

void __kmpc_omp_wait_deps(IdentTy *loc, int32_t gtid, int32_t ndeps, void *deps,
                          int32_t ndeps_noalias, void *deps_noalias) {
  (void)loc;
  (void)gtid;
  (void)ndeps;
  (void)deps;
  (void)ndeps_noalias;
  (void)deps_noalias;
}

int32_t __kmpc_omp_taskwait(IdentTy *loc, int32_t gtid) {
  (void)loc;
  (void)gtid;
  return 0;
}
int32_t __kmpc_omp_taskyield(IdentTy *loc, int32_t gtid, int32_t end_part) {
  (void)loc;
  (void)gtid;
  (void)end_part;
  return 0;
}
void __kmpc_taskgroup(IdentTy *loc, int32_t gtid) {
  (void)loc;
  (void)gtid;
}
void __kmpc_end_taskgroup(IdentTy *loc, int32_t gtid) {
  (void)loc;
  (void)gtid;
}

/* taskloop: one task runs the whole iteration space; clang has already
 * stored the bounds in the task, and the task's own loop runs nothing when
 * they are empty (comparing them here would need their signedness). */
void __kmpc_taskloop(IdentTy *loc, int32_t gtid, task_descriptor *task, int32_t if_val,
                     uint64_t *lower, uint64_t *upper, int64_t stride, int32_t nogroup,
                     int32_t sched, uint64_t grainsize, void *task_dup) {
  (void)if_val;
  (void)stride;
  (void)nogroup;
  (void)sched;
  (void)grainsize;
  (void)task_dup;
  (void)lower;
  (void)upper;
  __kmpc_omp_task(loc, gtid, task);
}

/* No task is ever final here: included tasks are undeferred, not final. */
int omp_in_final(void) { return 0; }
int omp_get_max_task_priority(void) { return 0; }

DEVICE_CODE_END
