/* gomp_task.c — GCC's tasking entry points (GOMP_task, GOMP_taskloop,
 * taskwait, taskyield, taskgroup) on task.c, taskdeps.c and taskloop.c.
 *
 * GCC hands GOMP_task the body fn and a block of arg_size bytes (its
 * firstprivate and shared-pointer record) to copy, with cpyfn when the copy
 * needs constructors. A task here is an ordinary kmp_task_t whose shareds
 * area holds that copy, aligned to arg_align, and whose private part holds
 * fn; its routine calls fn on the copy. So GCC's tasks share queues,
 * dependences, taskgroups and tools with clang's.
 *
 * Dependences come as GCC's list: either [n, n_out, addresses...] with the
 * out/inout addresses first, or [0, n, n_out, n_mutexinoutset, n_in,
 * addresses..., then depobj records] (GCC 9 and later). They become
 * kmp_depend_info_t items, mutexinoutset as clang's, depobj records
 * ({address, GOMP_DEPEND_* kind}) as what they say.
 */
#include <stdlib.h>
#include <string.h>

#include "runtime.h"

/* gomp-constants.h's task flags and dependence kinds */
#define GOMP_TASK_FLAG_UNTIED (1u << 0)
#define GOMP_TASK_FLAG_FINAL (1u << 1)
#define GOMP_TASK_FLAG_DEPEND (1u << 3)
#define GOMP_TASK_FLAG_PRIORITY (1u << 4)
#define GOMP_TASK_FLAG_UP (1u << 8)
#define GOMP_TASK_FLAG_GRAINSIZE (1u << 9)
#define GOMP_TASK_FLAG_IF (1u << 10)
#define GOMP_TASK_FLAG_NOGROUP (1u << 11)
#define GOMP_TASK_FLAG_REDUCTION (1u << 12)
#define GOMP_TASK_FLAG_DETACH (1u << 13)
#define GOMP_TASK_FLAG_STRICT (1u << 14)

#define GOMP_DEPEND_IN 1
#define GOMP_DEPEND_OUT 2
#define GOMP_DEPEND_INOUT 3
#define GOMP_DEPEND_MUTEXINOUTSET 4

/* What follows the kmp_task_t of a GCC task. */
struct gomp_task_body {
  void (*fn)(void *);
  size_t data_offset;  /* the copy's offset in the shareds area */
  size_t arg_size, arg_align;
  /* taskloop only */
  const void *source;  /* the caller's block, for cpyfn */
  void (*cpyfn)(void *, void *);
  int64_t end_adjust;  /* +1 or -1: inclusive upper bound to GCC's end */
};

static struct gomp_task_body *gomp_body_of(kmp_task_t *task) {
  return (struct gomp_task_body *)(task + 1);
}

/* The copy's address. A clone (taskloop) may sit at another alignment than
 * its pattern: then the copy moves to where arg_align wants it. */
static void *gomp_task_data(kmp_task_t *task) {
  struct gomp_task_body *body = gomp_body_of(task);
  char *shareds = task->shareds;
  uintptr_t aligned = ((uintptr_t)shareds + body->arg_align - 1) & ~(uintptr_t)(body->arg_align - 1);
  char *data = shareds + body->data_offset;
  if ((uintptr_t)data != aligned) {
    memmove((void *)aligned, data, body->arg_size);
    body->data_offset = (size_t)((char *)aligned - shareds);
    data = (char *)aligned;
  }
  return data;
}

static int32_t gomp_task_entry(int32_t gtid, void *abi) {
  (void)gtid;
  kmp_task_t *task = abi;
  gomp_body_of(task)->fn(gomp_task_data(task));
  return 0;
}

/* A task with room for an arg_size block aligned to arg_align; GCC's task
 * flags (untied, final, priority, detach) become clang's. */
static kmp_task_t *gomp_task_alloc(void (*fn)(void *), long arg_size, long arg_align,
                                   unsigned flags, int priority) {
  int32_t kmp_flags = (flags & GOMP_TASK_FLAG_UNTIED) ? 0 : OMP_TASK_TIED;
  if (flags & GOMP_TASK_FLAG_FINAL)
    kmp_flags |= OMP_TASK_FINAL;
  if (flags & GOMP_TASK_FLAG_PRIORITY)
    kmp_flags |= OMP_TASK_PRIORITY;
  if (flags & GOMP_TASK_FLAG_DETACH)
    kmp_flags |= OMP_TASK_DETACHABLE;
  size_t align = arg_align > 1 ? (size_t)arg_align : 1;
  size_t size = arg_size > 0 ? (size_t)arg_size : 0;
  kmp_task_t *task = __kmpc_omp_task_alloc(&gomp_loc, 0, kmp_flags,
                                           sizeof(kmp_task_t) + sizeof(struct gomp_task_body),
                                           size + align, gomp_task_entry);
  if (flags & GOMP_TASK_FLAG_PRIORITY)
    task->data2.priority = priority;
  struct gomp_task_body *body = gomp_body_of(task);
  memset(body, 0, sizeof(*body));
  body->fn = fn;
  body->arg_size = size;
  body->arg_align = align;
  char *shareds = task->shareds;
  char *dest = (char *)(((uintptr_t)shareds + align - 1) & ~(uintptr_t)(align - 1));
  body->data_offset = (size_t)(dest - shareds);
  return task;
}

/* The task's copy of GCC's block: by cpyfn (constructors), or byte for byte. */
static void gomp_task_copy_in(kmp_task_t *task, void *data, void (*cpyfn)(void *, void *)) {
  struct gomp_task_body *body = gomp_body_of(task);
  void *dest = (char *)task->shareds + body->data_offset;
  if (cpyfn)
    cpyfn(dest, data);
  else if (body->arg_size)
    memcpy(dest, data, body->arg_size);
}

/* GCC's dependence list as kmp_depend_info_t items (malloc'd). */
static kmp_depend_info_t *gomp_deps(void **depend, int32_t *count) {
  size_t n = (uintptr_t)depend[0];
  size_t first, nout, nmutex, nin;
  if (n) { /* [n, n_out, addresses] */
    nout = (uintptr_t)depend[1];
    nmutex = 0;
    nin = n - nout;
    first = 2;
  } else { /* [0, n, n_out, n_mutexinoutset, n_in, addresses, depobjs] */
    n = (uintptr_t)depend[1];
    nout = (uintptr_t)depend[2];
    nmutex = (uintptr_t)depend[3];
    nin = (uintptr_t)depend[4];
    first = 5;
  }
  kmp_depend_info_t *deps = calloc(n ? n : 1, sizeof(*deps));
  if (!deps)
    omp_fatal(NULL, "out of memory for a GCC task's %zu dependences", n);
  for (size_t i = 0; i < n; i++) {
    void *addr = depend[first + i];
    uint8_t flags;
    if (i < nout) {
      flags = OMP_DEP_IN | OMP_DEP_OUT;
    } else if (i < nout + nmutex) {
      flags = OMP_DEP_MTX;
    } else if (i < nout + nmutex + nin) {
      flags = OMP_DEP_IN;
    } else { /* a depobj: {address, kind} */
      void **obj = addr;
      addr = obj[0];
      switch ((uintptr_t)obj[1]) {
      case GOMP_DEPEND_IN: flags = OMP_DEP_IN; break;
      case GOMP_DEPEND_OUT:
      case GOMP_DEPEND_INOUT: flags = OMP_DEP_IN | OMP_DEP_OUT; break;
      case GOMP_DEPEND_MUTEXINOUTSET: flags = OMP_DEP_MTX; break;
      default:
        omp_fatal(NULL, "GOMP_task: unknown omp_depend_t dependence type %d",
                  (int)(uintptr_t)obj[1]);
      }
    }
    deps[i] = (kmp_depend_info_t){(intptr_t)addr, 1, flags};
  }
  *count = (int32_t)n;
  return deps;
}

OMP_EXPORT void GOMP_task(void (*fn)(void *), void *data, void (*cpyfn)(void *, void *),
                          long arg_size, long arg_align, bool if_clause, unsigned flags,
                          void **depend, int priority, void *detach) {
  kmp_task_t *task = gomp_task_alloc(fn, arg_size, arg_align, flags, priority);
  if (flags & GOMP_TASK_FLAG_DETACH) {
    /* the event goes to the variable and, as libgomp does, to the block's
     * first word (the task's firstprivate copy of it) before the copy */
    void *event = __kmpc_task_allow_completion_event(&gomp_loc, 0, task);
    *(void **)detach = event;
    if (data)
      *(void **)data = event;
  }
  gomp_task_copy_in(task, data, cpyfn);
  kmp_depend_info_t *deps = NULL;
  int32_t ndeps = 0;
  if ((flags & GOMP_TASK_FLAG_DEPEND) && depend)
    deps = gomp_deps(depend, &ndeps);
  if (if_clause) {
    __kmpc_omp_task_with_deps(&gomp_loc, 0, task, ndeps, deps, 0, NULL);
  } else {
    /* undeferred: its predecessors first, then the body, here */
    if (ndeps)
      __kmpc_omp_wait_deps(&gomp_loc, 0, ndeps, deps, 0, NULL);
    __kmpc_omp_task_begin_if0(&gomp_loc, 0, task);
    gomp_task_entry(0, task);
    __kmpc_omp_task_complete_if0(&gomp_loc, 0, task);
  }
  free(deps);
}

OMP_EXPORT void GOMP_taskwait(void) { __kmpc_omp_taskwait(&gomp_loc, 0); }

/* `taskwait depend(...)`: wait for those predecessors only. */
OMP_EXPORT void GOMP_taskwait_depend(void **depend) {
  int32_t ndeps;
  kmp_depend_info_t *deps = gomp_deps(depend, &ndeps);
  __kmpc_omp_wait_deps(&gomp_loc, 0, ndeps, deps, 0, NULL);
  free(deps);
}

OMP_EXPORT void GOMP_taskyield(void) { __kmpc_omp_taskyield(&gomp_loc, 0, 0); }

OMP_EXPORT void GOMP_taskgroup_start(void) { __kmpc_taskgroup(&gomp_loc, 0); }
OMP_EXPORT void GOMP_taskgroup_end(void) { __kmpc_end_taskgroup(&gomp_loc, 0); }

/* ---- taskloop ---------------------------------------------------------------
 *
 * GCC's block starts with two longs (or unsigned long longs), the task's
 * [start, end); the runtime fills them in for each task. taskloop.c splits
 * the loop (grainsize, num_tasks, strict, or its default) and copies a
 * pattern task per chunk; the pattern's copy of the block is byte for byte,
 * and each task's is made by cpyfn from the caller's block when GCC gives
 * one. taskloop.c's bounds are inclusive: the task's entry moves the end
 * back to GCC's before calling fn. */

static int32_t gomp_taskloop_entry(int32_t gtid, void *abi) {
  (void)gtid;
  kmp_task_t *task = abi;
  struct gomp_task_body *body = gomp_body_of(task);
  uint64_t *bounds = gomp_task_data(task);
  bounds[1] += (uint64_t)body->end_adjust;
  body->fn(bounds);
  return 0;
}

/* taskloop.c's task_dup: the clone's block from the caller's, by cpyfn,
 * keeping the bounds taskloop.c gave the clone. */
static void gomp_taskloop_dup(kmp_task_t *dst, kmp_task_t *src, int32_t lastpriv) {
  (void)src;
  (void)lastpriv;
  struct gomp_task_body *body = gomp_body_of(dst);
  uint64_t *bounds = gomp_task_data(dst);
  uint64_t first = bounds[0], last = bounds[1];
  body->cpyfn(bounds, (void *)body->source);
  bounds[0] = first;
  bounds[1] = last;
}

static void gomp_taskloop(void (*fn)(void *), void *data, void (*cpyfn)(void *, void *),
                          long arg_size, long arg_align, unsigned flags,
                          unsigned long num_tasks, int priority, uint64_t start,
                          uint64_t end, int64_t step, bool up, bool empty) {
  /* taskloop reduction: GCC's block is {start, end, items}; the items are
   * registered in the taskloop's taskgroup (gomp_taskred.c), and an empty
   * loop tells GCC's code it registered nothing. */
  bool reduction = (flags & (GOMP_TASK_FLAG_REDUCTION | GOMP_TASK_FLAG_NOGROUP)) ==
                   GOMP_TASK_FLAG_REDUCTION;
  if (reduction && empty) {
    ((uintptr_t **)data)[2][2] = 0;
    return;
  }
  if (reduction) {
    __kmpc_taskgroup(&gomp_loc, 0);
    GOMP_taskgroup_reduction_register(((uintptr_t **)data)[2]);
    flags |= GOMP_TASK_FLAG_NOGROUP;
  }
  /* the pattern: a plain copy; cpyfn makes each task's own */
  kmp_task_t *pattern = gomp_task_alloc(fn, arg_size, arg_align, flags, priority);
  gomp_task_copy_in(pattern, data, NULL);
  pattern->routine = gomp_taskloop_entry;
  struct gomp_task_body *body = gomp_body_of(pattern);
  body->source = data;
  body->cpyfn = cpyfn;
  body->end_adjust = up ? 1 : -1;
  uint64_t *bounds = gomp_task_data(pattern);
  if (empty) { /* taskloop.c counts no iterations from these */
    bounds[0] = up ? 1 : 0;
    bounds[1] = up ? 0 : 1;
    step = up ? 1 : -1;
  } else {
    bounds[0] = start;
    bounds[1] = end - (uint64_t)body->end_adjust;
  }
  int sched = (flags & GOMP_TASK_FLAG_GRAINSIZE) ? 1 : num_tasks ? 2 : 0;
  __kmpc_taskloop_5(&gomp_loc, 0, pattern, (flags & GOMP_TASK_FLAG_IF) != 0, &bounds[0],
                    &bounds[1], step, (flags & GOMP_TASK_FLAG_NOGROUP) != 0, sched,
                    num_tasks, (flags & GOMP_TASK_FLAG_STRICT) != 0,
                    cpyfn ? (void *)gomp_taskloop_dup : NULL);
  if (reduction)
    __kmpc_end_taskgroup(&gomp_loc, 0);
}

OMP_EXPORT void GOMP_taskloop(void (*fn)(void *), void *data, void (*cpyfn)(void *, void *),
                              long arg_size, long arg_align, unsigned flags,
                              unsigned long num_tasks, int priority, long start, long end,
                              long step) {
  gomp_taskloop(fn, data, cpyfn, arg_size, arg_align, flags, num_tasks, priority,
                (uint64_t)start, (uint64_t)end, step, step > 0,
                step > 0 ? start >= end : start <= end);
}

OMP_EXPORT void GOMP_taskloop_ull(void (*fn)(void *), void *data,
                                  void (*cpyfn)(void *, void *), long arg_size,
                                  long arg_align, unsigned flags, unsigned long num_tasks,
                                  int priority, unsigned long long start,
                                  unsigned long long end, unsigned long long step) {
  gomp_taskloop(fn, data, cpyfn, arg_size, arg_align, flags, num_tasks, priority, start, end,
                (int64_t)step, (flags & GOMP_TASK_FLAG_UP) != 0,
                (flags & GOMP_TASK_FLAG_UP) ? start >= end : start <= end);
}
