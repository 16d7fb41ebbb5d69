/* taskloop.c — `taskloop`: split a loop into tasks.
 *
 * clang allocates one pattern task whose privates hold the loop bounds; we
 * compute how many tasks and how many iterations each (grainsize, num_tasks,
 * strict, or the default of ten tasks per team member), make each task a
 * copy of the pattern with its own bounds (task_dup copies firstprivates and
 * marks the last chunk for lastprivate), and run them inside an implicit
 * taskgroup unless nogroup. The pattern itself never runs.
 */
#include <stdlib.h>
#include <string.h>

#include "runtime.h"

typedef void (*omp_task_dup_t)(kmp_task_t *dst, kmp_task_t *src, int32_t lastpriv);

enum { OMP_TASKLOOP_NONE = 0, OMP_TASKLOOP_GRAINSIZE = 1, OMP_TASKLOOP_NUM_TASKS = 2 };

static uint64_t omp_taskloop_trip_count(uint64_t lb, uint64_t ub, int64_t st) {
  if (st == 1)
    return (int64_t)(ub - lb) < 0 ? 0 : ub - lb + 1;
  if (st > 0)
    return (int64_t)(ub - lb) < 0 ? 0 : (ub - lb) / (uint64_t)st + 1;
  return (int64_t)(lb - ub) < 0 ? 0 : (lb - ub) / (uint64_t)(-st) + 1;
}

/* A fresh task with the pattern's layout and contents, counted as a new
 * child of the encountering task. */
static struct omp_task *omp_taskloop_clone(struct omp_thread *th, struct omp_task *pattern) {
  kmp_task_t *src = omp_task_abi(pattern);
  char *end = (char *)pattern + pattern->alloc_size;
  char *shareds = src->shareds ? (char *)src->shareds : end;
  size_t sizeof_task = (size_t)(shareds - (char *)src);
  size_t sizeof_shareds = (size_t)(end - shareds);
  struct omp_task *task = omp_task_alloc(th, NULL, (int32_t)pattern->flags, sizeof_task,
                                         sizeof_shareds, src->routine);
  kmp_task_t *dst = omp_task_abi(task);
  memcpy(dst, src, sizeof_task + sizeof_shareds);
  dst->shareds = src->shareds ? (char *)dst + sizeof_task : NULL;
  task->priority = pattern->priority;
  return task;
}

static void omp_taskloop(ident_t *loc, struct omp_thread *th, kmp_task_t *abi, int if_val,
                         uint64_t *lb, uint64_t *ub, int64_t st, int nogroup, int sched,
                         uint64_t grainsize, int strict, void *task_dup,
                         const void *codeptr) {
  struct omp_task *pattern = omp_task_of(abi);
  uint64_t lower = *lb, upper = *ub;
  uint64_t tc = omp_taskloop_trip_count(lower, upper, st);
  bool ompt = omp_ompt_enabled();
  if (ompt)
    omp_ompt_work(th, ompt_work_taskloop, ompt_scope_begin, tc, codeptr);
  if (!nogroup)
    __kmpc_taskgroup(loc, th->gtid);
  uint64_t num_tasks = 0, extras = 0;
  if (tc > 0) {
    if (sched == OMP_TASKLOOP_NONE) {
      sched = OMP_TASKLOOP_NUM_TASKS;
      grainsize = (uint64_t)th->team->nthreads * 10;
    }
    if (sched == OMP_TASKLOOP_NUM_TASKS) {
      num_tasks = grainsize ? grainsize : 1;
      if (num_tasks > tc) {
        num_tasks = tc;
        grainsize = 1;
      } else {
        grainsize = tc / num_tasks;
        extras = tc % num_tasks;
      }
    } else {
      if (grainsize == 0)
        grainsize = 1;
      if (grainsize > tc) {
        num_tasks = 1;
        grainsize = tc;
      } else if (strict) {
        num_tasks = (tc + grainsize - 1) / grainsize;
      } else {
        num_tasks = tc / grainsize;
        grainsize = tc / num_tasks; /* spread the remainder over the tasks */
        extras = tc % num_tasks;
      }
    }
  }
  size_t lb_off = (size_t)((char *)lb - (char *)abi);
  size_t ub_off = (size_t)((char *)ub - (char *)abi);
  uint64_t next = lower, done = 0;
  for (uint64_t i = 0; i < num_tasks; i++) {
    uint64_t chunk = grainsize + (i < extras ? 1 : 0);
    if (strict && i == num_tasks - 1)
      chunk = tc - done;
    struct omp_task *task = omp_taskloop_clone(th, pattern);
    kmp_task_t *dst = omp_task_abi(task);
    *(uint64_t *)((char *)dst + lb_off) = next;
    *(uint64_t *)((char *)dst + ub_off) = next + (chunk - 1) * (uint64_t)st;
    if (task_dup)
      ((omp_task_dup_t)task_dup)(dst, abi, i == num_tasks - 1);
    next += chunk * (uint64_t)st;
    done += chunk;
    if (ompt) {
      task->ompt_chunk_start = next - chunk * (uint64_t)st;
      task->ompt_chunk_iterations = chunk;
      th->ompt_codeptr = codeptr;
      omp_ompt_task_create(th, task, false);
    }
    if (if_val) {
      omp_task_ready(th, task);
    } else {
      task->if0 = true; /* undeferred: an untied one runs all its parts here */
      omp_task_execute(th, task);
    }
  }
  /* The pattern only carried the loop: it completes without running. */
  omp_task_complete(pattern);
  if (!nogroup)
    __kmpc_end_taskgroup(loc, th->gtid);
  if (ompt)
    omp_ompt_work(th, ompt_work_taskloop, ompt_scope_end, tc, codeptr);
}

OMP_EXPORT void __kmpc_taskloop(ident_t *loc, int gtid, kmp_task_t *task, int if_val,
                                uint64_t *lb, uint64_t *ub, int64_t st, int nogroup,
                                int sched, uint64_t grainsize, void *task_dup) {
  (void)gtid;
  struct omp_thread *th = omp_self();
  struct omp_task *current = th->task;
  OMP_OMPT_ENTER(current);
  omp_taskloop(loc, th, task, if_val, lb, ub, st, nogroup, sched, grainsize, 0, task_dup,
               __builtin_return_address(0));
  OMP_OMPT_LEAVE(current);
}

OMP_EXPORT void __kmpc_taskloop_5(ident_t *loc, int gtid, kmp_task_t *task, int if_val,
                                  uint64_t *lb, uint64_t *ub, int64_t st, int nogroup,
                                  int sched, uint64_t grainsize, int modifier,
                                  void *task_dup) {
  (void)gtid;
  struct omp_thread *th = omp_self();
  struct omp_task *current = th->task;
  OMP_OMPT_ENTER(current);
  omp_taskloop(loc, th, task, if_val, lb, ub, st, nogroup, sched, grainsize, modifier,
               task_dup, __builtin_return_address(0));
  OMP_OMPT_LEAVE(current);
}
