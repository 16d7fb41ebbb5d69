/* ompt_check_tool.c — a tool for OMP_TOOL_LIBRARIES that checks what the
 * runtime hands each callback (the pointers it must pass, the data words it
 * must keep from begin to end, a codeptr for every device operation) and
 * aborts, naming the check, when one does not hold. Silent otherwise: any
 * test program can run under it (test/target/ompt, test/cuda_mock). */
#include <omp-tools.h>
#include <stdio.h>
#include <stdlib.h>
static ompt_get_thread_data_t get_thread_data;
static unsigned long events;
#define CHECK(c)                                                                           \
  do {                                                                                     \
    __atomic_fetch_add(&events, 1, __ATOMIC_RELAXED);                                      \
    if (!(c)) {                                                                            \
      fprintf(stderr, "ompt_check_tool: check failed: %s (%s:%d)\n", #c, __func__,         \
              __LINE__);                                                                   \
      abort();                                                                             \
    }                                                                                      \
  } while (0)
static void thread_begin(ompt_thread_t t, ompt_data_t *d) {
  CHECK(d && d->value == 0);
  d->value = 1;
  __atomic_fetch_add(&events, 1, 0);
}
static void thread_end(ompt_data_t *d) { CHECK(d && d->value == 1); }
static void parallel_begin(ompt_data_t *et, const ompt_frame_t *f, ompt_data_t *p,
                           unsigned r, int fl, const void *ra) {
  CHECK(et && f && p);
  p->value = 7;
}
static void parallel_end(ompt_data_t *p, ompt_data_t *et, int fl, const void *ra) {
  CHECK(p && p->value == 7 && et);
}
static void implicit_task(ompt_scope_endpoint_t e, ompt_data_t *p, ompt_data_t *t,
                          unsigned n, unsigned i, int fl) {
  CHECK(t);
  if (e == ompt_scope_begin) {
    CHECK(p);
    t->value = 3;
  } else
    CHECK(t->value == 3);
  CHECK(get_thread_data() != NULL);
}
static void task_create(ompt_data_t *et, const ompt_frame_t *f, ompt_data_t *nt, int fl,
                        int d, const void *ra) {
  CHECK(nt && nt->value == 0);
  nt->value = 5;
}
static void task_schedule(ompt_data_t *p, ompt_task_status_t s, ompt_data_t *n) {
  CHECK(p);
  if (s != ompt_task_late_fulfill && s != ompt_task_early_fulfill &&
      s != ompt_taskwait_complete)
    CHECK(n);
}
static void sync_region(ompt_sync_region_t k, ompt_scope_endpoint_t e, ompt_data_t *p,
                        ompt_data_t *t, const void *ra) {
  CHECK(t);
  CHECK(get_thread_data() != NULL);
}
static void mutex(ompt_mutex_t k, ompt_wait_id_t w, const void *ra) { CHECK(w); }
static void work(ompt_work_t w, ompt_scope_endpoint_t e, ompt_data_t *p, ompt_data_t *t,
                 uint64_t c, const void *ra) {
  CHECK(p && t);
}
static void dispatch(ompt_data_t *p, ompt_data_t *t, ompt_dispatch_t k, ompt_data_t i) {
  CHECK(p && t && i.ptr);
}
static void t_emi(ompt_target_t k, ompt_scope_endpoint_t e, int dev, ompt_data_t *task,
                  ompt_data_t *tt, ompt_data_t *td, const void *ra) {
  CHECK(task && tt && td && ra);
  if (e == ompt_scope_begin)
    td->value = 77;
  else
    CHECK(td->value == 77);
}
static void op_emi(ompt_scope_endpoint_t e, ompt_data_t *tt, ompt_data_t *td, ompt_id_t *id,
                   ompt_target_data_op_t o, void *s, int sd, void *d, int dd, size_t b,
                   const void *ra) {
  CHECK(td && id && ra);
}
static void sub_emi(ompt_scope_endpoint_t e, ompt_data_t *td, ompt_id_t *id, unsigned n) {
  CHECK(td && td->value == 77 && id);
}
static void dev_init(int dev, const char *type, ompt_device_t *d, ompt_function_lookup_t l,
                     const char *doc) {
  CHECK(type && l);
}
static void dev_load(int dev, const char *f, int64_t off, void *vma, size_t bytes,
                     void *host, void *da, uint64_t id) {
  CHECK(id && bytes);
}
static int init(ompt_function_lookup_t lookup, int dev, ompt_data_t *td) {
  ompt_set_callback_t set = (ompt_set_callback_t)lookup("ompt_set_callback");
  get_thread_data = (ompt_get_thread_data_t)lookup("ompt_get_thread_data");
  set(ompt_callback_thread_begin, (ompt_callback_t)thread_begin);
  set(ompt_callback_thread_end, (ompt_callback_t)thread_end);
  set(ompt_callback_parallel_begin, (ompt_callback_t)parallel_begin);
  set(ompt_callback_parallel_end, (ompt_callback_t)parallel_end);
  set(ompt_callback_implicit_task, (ompt_callback_t)implicit_task);
  set(ompt_callback_task_create, (ompt_callback_t)task_create);
  set(ompt_callback_task_schedule, (ompt_callback_t)task_schedule);
  set(ompt_callback_sync_region, (ompt_callback_t)sync_region);
  set(ompt_callback_sync_region_wait, (ompt_callback_t)sync_region);
  set(ompt_callback_reduction, (ompt_callback_t)sync_region);
  set(ompt_callback_mutex_acquired, (ompt_callback_t)mutex);
  set(ompt_callback_mutex_released, (ompt_callback_t)mutex);
  set(ompt_callback_work, (ompt_callback_t)work);
  set(ompt_callback_dispatch, (ompt_callback_t)dispatch);
  set(ompt_callback_target_emi, (ompt_callback_t)t_emi);
  set(ompt_callback_target_data_op_emi, (ompt_callback_t)op_emi);
  set(ompt_callback_target_submit_emi, (ompt_callback_t)sub_emi);
  set(ompt_callback_device_initialize, (ompt_callback_t)dev_init);
  set(ompt_callback_device_load, (ompt_callback_t)dev_load);
  return 1;
}
/* What the tests look for: the tool ran and saw events. */
static void fini(ompt_data_t *td) {
  printf("ompt_check_tool: %lu checks passed\n",
         __atomic_load_n(&events, __ATOMIC_RELAXED));
  fflush(stdout);
}
ompt_start_tool_result_t *ompt_start_tool(unsigned v, const char *r) {
  static ompt_start_tool_result_t res = {init, fini, {0}};
  return &res;
}
