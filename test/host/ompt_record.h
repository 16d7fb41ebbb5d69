/* ompt_record.h — a tool built into a test program: it registers every
 * host callback, records each event, and lets the program check the log.
 *
 * The program defines nothing OMPT itself: including this header (once)
 * gives it ompt_start_tool, which the runtime finds in the process, as it
 * finds any tool linked into a program. Events carry ids the tool gave:
 * threads, parallel regions and tasks are numbered from 1 as they appear.
 */
#ifndef OMPT_RECORD_H
#define OMPT_RECORD_H

#include <omp-tools.h>
#include <omp.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum rec_kind {
  REC_THREAD_BEGIN = 1, REC_THREAD_END, REC_PARALLEL_BEGIN, REC_PARALLEL_END,
  REC_IMPLICIT_BEGIN, REC_IMPLICIT_END, REC_TASK_CREATE, REC_TASK_SCHEDULE,
  REC_DEPENDENCES, REC_SYNC_BEGIN, REC_SYNC_END, REC_MUTEX_ACQUIRE,
  REC_MUTEX_ACQUIRED, REC_MUTEX_RELEASED, REC_LOCK_INIT, REC_LOCK_DESTROY,
  REC_NEST_BEGIN, REC_NEST_END, REC_WORK_BEGIN, REC_WORK_END, REC_MASKED_BEGIN,
  REC_MASKED_END, REC_CONTROL_TOOL, REC_WAIT_BEGIN, REC_WAIT_END, REC_REDUCTION_BEGIN,
  REC_REDUCTION_END, REC_FLUSH, REC_CANCEL, REC_DISPATCH, REC_TASK_DEPENDENCE, REC_ERROR,
};

struct rec_event {
  int kind;
  uint64_t thread;      /* the recording thread's id */
  uint64_t a, b, c;     /* ids / values, per kind (see the callbacks) */
  int x, y, z;          /* flags, sizes, indices, per kind */
  const void *ra;
};

#define REC_MAX 65536
static struct rec_event rec_log[REC_MAX];
static int rec_count;
static pthread_mutex_t rec_lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t rec_next_id = 1;
static int rec_failures;
static int rec_finalized;

static ompt_get_thread_data_t rec_get_thread_data;
static ompt_get_parallel_info_t rec_get_parallel_info;
static ompt_get_task_info_t rec_get_task_info;
static ompt_get_state_t rec_get_state;
static ompt_set_callback_t rec_set_callback;
static ompt_function_lookup_t rec_lookup;

static uint64_t rec_new_id(void) { return __atomic_fetch_add(&rec_next_id, 1, __ATOMIC_RELAXED); }
static uint64_t rec_id(const ompt_data_t *d) { return d ? d->value : 0; }
static uint64_t rec_thread(void) {
  ompt_data_t *d = rec_get_thread_data ? rec_get_thread_data() : NULL;
  return d ? d->value : 0;
}

static void rec_add(int kind, uint64_t a, uint64_t b, uint64_t c, int x, int y, int z,
                    const void *ra) {
  pthread_mutex_lock(&rec_lock);
  if (rec_count < REC_MAX)
    rec_log[rec_count++] = (struct rec_event){kind, rec_thread(), a, b, c, x, y, z, ra};
  pthread_mutex_unlock(&rec_lock);
}

static void rec_fail(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  printf("FAIL: ");
  vprintf(fmt, ap);
  printf("\n");
  va_end(ap);
  rec_failures++;
}
#define REC_CHECK(cond, ...)                                                   \
  do {                                                                         \
    if (!(cond))                                                               \
      rec_fail(__VA_ARGS__);                                                   \
  } while (0)

/* The events logged since `from` of one kind. */
__attribute__((unused)) static int rec_count_kind(int from, int kind) {
  int n = 0;
  for (int i = from; i < rec_count; i++)
    n += rec_log[i].kind == kind;
  return n;
}
__attribute__((unused)) static struct rec_event *rec_find(int from, int kind) {
  for (int i = from; i < rec_count; i++)
    if (rec_log[i].kind == kind)
      return &rec_log[i];
  return NULL;
}
__attribute__((unused)) static int rec_mark(void) {
  pthread_mutex_lock(&rec_lock);
  int n = rec_count;
  pthread_mutex_unlock(&rec_lock);
  return n;
}

/* ---- callbacks ----------------------------------------------------------- */

static void rec_thread_begin(ompt_thread_t type, ompt_data_t *d) {
  d->value = rec_new_id();
  rec_add(REC_THREAD_BEGIN, d->value, 0, 0, type, 0, 0, NULL);
}
static void rec_thread_end(ompt_data_t *d) { rec_add(REC_THREAD_END, rec_id(d), 0, 0, 0, 0, 0, NULL); }
static void rec_parallel_begin(ompt_data_t *task, const ompt_frame_t *frame, ompt_data_t *par,
                               unsigned requested, int flags, const void *ra) {
  par->value = rec_new_id();
  rec_add(REC_PARALLEL_BEGIN, par->value, rec_id(task), 0, (int)requested, flags, 0, ra);
}
static void rec_parallel_end(ompt_data_t *par, ompt_data_t *task, int flags, const void *ra) {
  rec_add(REC_PARALLEL_END, rec_id(par), rec_id(task), 0, 0, flags, 0, ra);
}
/* a: task, b: parallel, x: team size, y: index, z: flags */
static void rec_implicit_task(ompt_scope_endpoint_t endpoint, ompt_data_t *par, ompt_data_t *task,
                              unsigned size, unsigned index, int flags) {
  if (endpoint == ompt_scope_begin)
    task->value = rec_new_id();
  rec_add(endpoint == ompt_scope_begin ? REC_IMPLICIT_BEGIN : REC_IMPLICIT_END, rec_id(task),
          rec_id(par), 0, (int)size, (int)index, flags, NULL);
}
/* a: new task, b: encountering task, x: flags, y: has_dependences */
static void rec_task_create(ompt_data_t *enc, const ompt_frame_t *frame, ompt_data_t *task,
                            int flags, int deps, const void *ra) {
  task->value = rec_new_id();
  rec_add(REC_TASK_CREATE, task->value, rec_id(enc), 0, flags, deps, 0, ra);
}
/* a: prior, b: next, x: status */
static void rec_task_schedule(ompt_data_t *prior, ompt_task_status_t status, ompt_data_t *next) {
  rec_add(REC_TASK_SCHEDULE, rec_id(prior), rec_id(next), 0, status, 0, 0, NULL);
}
/* a: task, b: first variable, x: count, y: first type, z: second type */
static void rec_dependences(ompt_data_t *task, const ompt_dependence_t *deps, int n) {
  rec_add(REC_DEPENDENCES, rec_id(task), n ? (uint64_t)(uintptr_t)deps[0].variable.ptr : 0, 0,
          n, n ? (int)deps[0].dependence_type : 0, n > 1 ? (int)deps[1].dependence_type : 0,
          NULL);
}
/* a: parallel, b: task, x: kind */
static void rec_sync_region(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint,
                            ompt_data_t *par, ompt_data_t *task, const void *ra) {
  rec_add(endpoint == ompt_scope_begin ? REC_SYNC_BEGIN : REC_SYNC_END, rec_id(par),
          rec_id(task), 0, kind, 0, 0, ra);
}
/* a: wait id, x: kind, y: hint */
static void rec_mutex_acquire(ompt_mutex_t kind, unsigned hint, unsigned impl, ompt_wait_id_t id,
                              const void *ra) {
  rec_add(REC_MUTEX_ACQUIRE, id, 0, 0, kind, (int)hint, (int)impl, ra);
}
static void rec_mutex_acquired(ompt_mutex_t kind, ompt_wait_id_t id, const void *ra) {
  rec_add(REC_MUTEX_ACQUIRED, id, 0, 0, kind, 0, 0, ra);
}
static void rec_mutex_released(ompt_mutex_t kind, ompt_wait_id_t id, const void *ra) {
  rec_add(REC_MUTEX_RELEASED, id, 0, 0, kind, 0, 0, ra);
}
static void rec_lock_init(ompt_mutex_t kind, unsigned hint, unsigned impl, ompt_wait_id_t id,
                          const void *ra) {
  rec_add(REC_LOCK_INIT, id, 0, 0, kind, (int)hint, (int)impl, ra);
}
static void rec_lock_destroy(ompt_mutex_t kind, ompt_wait_id_t id, const void *ra) {
  rec_add(REC_LOCK_DESTROY, id, 0, 0, kind, 0, 0, ra);
}
static void rec_nest_lock(ompt_scope_endpoint_t endpoint, ompt_wait_id_t id, const void *ra) {
  rec_add(endpoint == ompt_scope_begin ? REC_NEST_BEGIN : REC_NEST_END, id, 0, 0, 0, 0, 0, ra);
}
/* a: parallel, b: task, c: count, x: work type */
static void rec_work(ompt_work_t type, ompt_scope_endpoint_t endpoint, ompt_data_t *par,
                     ompt_data_t *task, uint64_t count, const void *ra) {
  rec_add(endpoint == ompt_scope_begin ? REC_WORK_BEGIN : REC_WORK_END, rec_id(par),
          rec_id(task), count, type, 0, 0, ra);
}
static void rec_masked(ompt_scope_endpoint_t endpoint, ompt_data_t *par, ompt_data_t *task,
                       const void *ra) {
  rec_add(endpoint == ompt_scope_begin ? REC_MASKED_BEGIN : REC_MASKED_END, rec_id(par),
          rec_id(task), 0, 0, 0, 0, ra);
}
/* x: the calling task has a reenter frame (it is in the runtime) */
static int rec_control_tool(uint64_t command, uint64_t modifier, void *arg, const void *ra) {
  ompt_frame_t *frame = NULL;
  rec_get_task_info(0, NULL, NULL, &frame, NULL, NULL);
  rec_add(REC_CONTROL_TOOL, command, modifier, (uint64_t)(uintptr_t)arg,
          frame && frame->enter_frame.ptr != NULL, 0, 0, ra);
  return (int)(command * 10 + modifier);
}

/* a: parallel, b: task, x: kind */
static void rec_sync_region_wait(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint,
                                 ompt_data_t *par, ompt_data_t *task, const void *ra) {
  rec_add(endpoint == ompt_scope_begin ? REC_WAIT_BEGIN : REC_WAIT_END, rec_id(par),
          rec_id(task), 0, kind, 0, 0, ra);
}
static void rec_reduction(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint,
                          ompt_data_t *par, ompt_data_t *task, const void *ra) {
  rec_add(endpoint == ompt_scope_begin ? REC_REDUCTION_BEGIN : REC_REDUCTION_END, rec_id(par),
          rec_id(task), 0, kind, 0, 0, ra);
}
static void rec_flush(ompt_data_t *thread, const void *ra) {
  rec_add(REC_FLUSH, rec_id(thread), 0, 0, 0, 0, 0, ra);
}
/* a: task, x: flags */
static void rec_cancel(ompt_data_t *task, int flags, const void *ra) {
  rec_add(REC_CANCEL, rec_id(task), 0, 0, flags, 0, 0, ra);
}
/* a: task, b: chunk start (or the section's return address), c: iterations, x: kind */
static void rec_dispatch(ompt_data_t *par, ompt_data_t *task, ompt_dispatch_t kind,
                         ompt_data_t instance) {
  ompt_dispatch_chunk_t *chunk = kind == ompt_dispatch_section ? NULL : instance.ptr;
  rec_add(REC_DISPATCH, rec_id(task), chunk ? chunk->start : (uint64_t)(uintptr_t)instance.ptr,
          chunk ? chunk->iterations : 0, kind, 0, 0, NULL);
}
/* a: source task, b: sink task */
static void rec_task_dependence(ompt_data_t *src, ompt_data_t *sink) {
  rec_add(REC_TASK_DEPENDENCE, rec_id(src), rec_id(sink), 0, 0, 0, 0, NULL);
}
/* c: message length, x: severity; the message itself in rec_error_message */
static char rec_error_message[64];
static void rec_error(ompt_severity_t severity, const char *message, size_t length,
                      const void *ra) {
  snprintf(rec_error_message, sizeof(rec_error_message), "%.*s", (int)length, message);
  rec_add(REC_ERROR, 0, 0, length, severity, 0, 0, ra);
}

/* The program may define this to check things in the finalizer. */
static void rec_at_finalize(void);

static int rec_initialize(ompt_function_lookup_t lookup, int device, ompt_data_t *tool_data) {
  rec_lookup = lookup;
  rec_set_callback = (ompt_set_callback_t)lookup("ompt_set_callback");
  rec_get_thread_data = (ompt_get_thread_data_t)lookup("ompt_get_thread_data");
  rec_get_parallel_info = (ompt_get_parallel_info_t)lookup("ompt_get_parallel_info");
  rec_get_task_info = (ompt_get_task_info_t)lookup("ompt_get_task_info");
  rec_get_state = (ompt_get_state_t)lookup("ompt_get_state");
  if (!rec_set_callback || !rec_get_thread_data || !rec_get_parallel_info ||
      !rec_get_task_info || !rec_get_state) {
    printf("FAIL: an inquiry function is missing\n");
    exit(1);
  }
#define REC_SET(event, fn)                                                      \
  do {                                                                         \
    int r = rec_set_callback(ompt_callback_##event, (ompt_callback_t)fn);      \
    if (r != ompt_set_always)                                                  \
      rec_fail("ompt_set_callback(" #event ") = %d, not ompt_set_always", r);   \
  } while (0)
  REC_SET(thread_begin, rec_thread_begin);
  REC_SET(thread_end, rec_thread_end);
  REC_SET(parallel_begin, rec_parallel_begin);
  REC_SET(parallel_end, rec_parallel_end);
  REC_SET(implicit_task, rec_implicit_task);
  REC_SET(task_create, rec_task_create);
  REC_SET(task_schedule, rec_task_schedule);
  REC_SET(dependences, rec_dependences);
  REC_SET(sync_region, rec_sync_region);
  REC_SET(mutex_acquire, rec_mutex_acquire);
  REC_SET(mutex_acquired, rec_mutex_acquired);
  REC_SET(mutex_released, rec_mutex_released);
  REC_SET(lock_init, rec_lock_init);
  REC_SET(lock_destroy, rec_lock_destroy);
  REC_SET(nest_lock, rec_nest_lock);
  REC_SET(work, rec_work);
  REC_SET(masked, rec_masked);
  REC_SET(control_tool, rec_control_tool);
  REC_SET(sync_region_wait, rec_sync_region_wait);
  REC_SET(reduction, rec_reduction);
  REC_SET(flush, rec_flush);
  REC_SET(cancel, rec_cancel);
  REC_SET(dispatch, rec_dispatch);
  REC_SET(task_dependence, rec_task_dependence);
  REC_SET(error, rec_error);
#undef REC_SET
  return 1;
}

static void rec_finalize(ompt_data_t *tool_data) {
  rec_finalized++;
  rec_at_finalize();
  if (rec_failures) {
    printf("FAIL: %d check(s) failed\n", rec_failures);
    fflush(stdout);
    _Exit(1);
  }
  printf("PASS (finalized)\n");
  fflush(stdout);
}

ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version, const char *runtime_version) {
  static ompt_start_tool_result_t result = {rec_initialize, rec_finalize, {0}};
  return &result;
}

#endif
