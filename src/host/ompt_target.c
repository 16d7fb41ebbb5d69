/* ompt_target.c — the device events of OMPT, as libomptarget reports them
 * through libomp, which holds the tool (ompt_target_hooks.h).
 *
 * Each hook finds the callbacks the tool registered, the emi form and the
 * plain one, and calls those that are there. The tasks come from the calling
 * thread: a deferred construct runs in its target task (on a hidden helper
 * thread), whose parent is the task that encountered it.
 */
#include "ompt_target_hooks.h"
#include "runtime.h"

/* Asked as libomptarget's first device becomes ready: the runtime starts
 * (and with it the tool), so the tool is there before the device. */
OMP_EXPORT const _Atomic bool *__omprt_ompt_active_flag(void) {
  omp_runtime_init();
  return &omp_ompt_active;
}

OMP_EXPORT uint64_t __omprt_ompt_unique_id(void) { return omp_ompt_unique_id(); }

/* Device tracing (ompt_set_trace_ompt, ompt_start_trace, ...) is optional:
 * a device's lookup finds none of it, so a tool knows to rely on the
 * host-side events. */
static ompt_interface_fn_t omp_ompt_device_lookup(const char *name) {
  (void)name;
  return NULL;
}

OMP_EXPORT void __omprt_ompt_device_initialize(int device_num, const char *type) {
  ompt_callback_device_initialize_t init = OMPT_CB(device_initialize);
  if (init)
    init(device_num, type, (ompt_device_t *)(intptr_t)(device_num + 1),
         omp_ompt_device_lookup, NULL);
}

OMP_EXPORT void __omprt_ompt_device_finalize(int device_num) {
  ompt_callback_device_finalize_t fini = OMPT_CB(device_finalize);
  if (fini)
    fini(device_num);
}

OMP_EXPORT void __omprt_ompt_device_load(int device_num, const void *host_addr, size_t bytes,
                                         uint64_t module_id) {
  ompt_callback_device_load_t load = OMPT_CB(device_load);
  if (load) /* an image in memory: no file, no address in one */
    load(device_num, NULL, -1, NULL, bytes, (void *)host_addr, NULL, module_id);
}

OMP_EXPORT void __omprt_ompt_device_unload(int device_num, uint64_t module_id) {
  ompt_callback_device_unload_t unload = OMPT_CB(device_unload);
  if (unload)
    unload(device_num, module_id);
}

/* The encountering task, and the target task: the deferred construct's
 * own, or for an undeferred one a word of the thread's that stands for the
 * target task the construct is (tools written for LLVM 19, which always
 * passes one, read it). A construct's thread is the program's: it may not
 * have called libomp yet. Its data operations may also run on a thread of
 * a device's queue, which has neither. */
static void omp_ompt_target_tasks(bool construct, ompt_data_t **task_data,
                                  ompt_data_t **target_task_data) {
  struct omp_thread *th = construct ? omp_self() : omp_self_tls;
  struct omp_task *task = th ? th->task : NULL;
  *task_data = NULL;
  *target_task_data = NULL;
  if (!task)
    return;
  if (task->target_task && task->parent) {
    *target_task_data = &task->ompt_task_data;
    *task_data = &task->parent->ompt_task_data;
  } else {
    *task_data = &task->ompt_task_data;
    *target_task_data = &th->ompt_target.undeferred_task_data;
  }
}

OMP_EXPORT void __omprt_ompt_target(ompt_target_t kind, ompt_scope_endpoint_t endpoint,
                                    int device_num, ompt_data_t *target_data,
                                    const void *codeptr) {
  ompt_data_t *task_data, *target_task_data;
  struct omp_thread *th = omp_self();
  omp_ompt_target_tasks(true, &task_data, &target_task_data);
  ompt_callback_target_emi_t emi = OMPT_CB(target_emi);
  ompt_callback_target_t plain = OMPT_CB(target);
  if (emi)
    emi(kind, endpoint, device_num, task_data, target_task_data, target_data, codeptr);
  /* The construct's id is the tool's word for it when it gave one (what
   * ompt_get_target_info returns, as LLVM), else the runtime's. */
  if (endpoint == ompt_scope_begin) {
    if (!target_data->value)
      target_data->value = omp_ompt_unique_id();
    th->ompt_target = (struct omp_ompt_in_target){true, device_num, target_data->value, 0, {0}};
  }
  if (plain)
    plain(kind, endpoint, device_num, task_data, target_data->value, codeptr);
  if (endpoint == ompt_scope_end)
    th->ompt_target.active = false;
}

/* What ompt_get_target_info answers: the construct and operation now. */
static void omp_ompt_note_op(ompt_scope_endpoint_t endpoint, ompt_id_t id) {
  struct omp_thread *th = omp_self_tls;
  if (th)
    th->ompt_target.host_op_id = endpoint == ompt_scope_begin ? id : 0;
}

OMP_EXPORT void __omprt_ompt_target_data_op(ompt_scope_endpoint_t endpoint,
                                            ompt_data_t *target_data, ompt_id_t target_id,
                                            ompt_id_t *host_op_id,
                                            ompt_target_data_op_t optype, void *src_addr,
                                            int src_device_num, void *dest_addr,
                                            int dest_device_num, size_t bytes,
                                            const void *codeptr) {
  ompt_data_t *task_data, *target_task_data;
  omp_ompt_target_tasks(false, &task_data, &target_task_data);
  ompt_callback_target_data_op_emi_t emi = OMPT_CB(target_data_op_emi);
  ompt_callback_target_data_op_t plain = OMPT_CB(target_data_op);
  if (emi)
    emi(endpoint, target_task_data, target_data, host_op_id, optype, src_addr,
        src_device_num, dest_addr, dest_device_num, bytes, codeptr);
  /* the plain form has no endpoint: it reports the operation once, at its
   * start, under an id of the runtime's */
  ompt_id_t id = *host_op_id;
  if (plain && endpoint == ompt_scope_begin) {
    id = omp_ompt_unique_id();
    plain(target_id, id, optype, src_addr, src_device_num, dest_addr, dest_device_num, bytes,
          codeptr);
  }
  omp_ompt_note_op(endpoint, id);
}

OMP_EXPORT void __omprt_ompt_target_submit(ompt_scope_endpoint_t endpoint,
                                           ompt_data_t *target_data, ompt_id_t target_id,
                                           ompt_id_t *host_op_id,
                                           unsigned int requested_num_teams) {
  ompt_callback_target_submit_emi_t emi = OMPT_CB(target_submit_emi);
  ompt_callback_target_submit_t plain = OMPT_CB(target_submit);
  if (emi)
    emi(endpoint, target_data, host_op_id, requested_num_teams);
  ompt_id_t id = *host_op_id;
  if (plain && endpoint == ompt_scope_begin) {
    id = omp_ompt_unique_id();
    plain(target_id, id, requested_num_teams);
  }
  omp_ompt_note_op(endpoint, id);
}
