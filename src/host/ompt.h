/* ompt.h — OMPT, the OpenMP tools interface (OpenMP 5.2 §19), as the host
 * runtime implements it.
 *
 * The specification's types are in src/common/ompt_abi.h (shared with
 * libomptarget, whose device events come through ompt_target.c). A tool is
 * found and started by ompt.c at start-up; every other concern reports
 * events through the omp_ompt_cb table, whose entries stay NULL unless a
 * tool registered them, so the cost without a tool is one load and a
 * predicted branch per event.
 *
 * Which events exist is one list (OMP_OMPT_CALLBACKS): ompt_set_callback
 * answers ompt_set_always for those and ompt_set_never for the rest (the
 * target_map events: maps are reported as data operations).
 */
#ifndef OMP_HOST_OMPT_H
#define OMP_HOST_OMPT_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "ompt_abi.h"

/* (name, its callback type, the specification's event number) */
#define OMP_OMPT_CALLBACKS(X)                                                  \
  X(thread_begin, ompt_callback_thread_begin_t, 1)                             \
  X(thread_end, ompt_callback_thread_end_t, 2)                                 \
  X(parallel_begin, ompt_callback_parallel_begin_t, 3)                         \
  X(parallel_end, ompt_callback_parallel_end_t, 4)                             \
  X(task_create, ompt_callback_task_create_t, 5)                               \
  X(task_schedule, ompt_callback_task_schedule_t, 6)                           \
  X(implicit_task, ompt_callback_implicit_task_t, 7)                           \
  X(control_tool, ompt_callback_control_tool_t, 11)                            \
  X(dependences, ompt_callback_dependences_t, 18)                             \
  X(sync_region, ompt_callback_sync_region_t, 23)                             \
  X(mutex_released, ompt_callback_mutex_t, 17)                                 \
  X(lock_init, ompt_callback_mutex_acquire_t, 24)                              \
  X(lock_destroy, ompt_callback_mutex_t, 25)                                   \
  X(mutex_acquire, ompt_callback_mutex_acquire_t, 26)                          \
  X(mutex_acquired, ompt_callback_mutex_t, 27)                                 \
  X(nest_lock, ompt_callback_nest_lock_t, 28)                                  \
  X(work, ompt_callback_work_t, 20)                                            \
  X(masked, ompt_callback_masked_t, 21)                                        \
  X(sync_region_wait, ompt_callback_sync_region_t, 16)                         \
  X(reduction, ompt_callback_sync_region_t, 31)                                \
  X(flush, ompt_callback_flush_t, 29)                                          \
  X(cancel, ompt_callback_cancel_t, 30)                                        \
  X(dispatch, ompt_callback_dispatch_t, 32)                                    \
  X(task_dependence, ompt_callback_task_dependence_t, 19)                      \
  X(error, ompt_callback_error_t, 37)                                          \
  X(target, ompt_callback_target_t, 8)                                         \
  X(target_data_op, ompt_callback_target_data_op_t, 9)                         \
  X(target_submit, ompt_callback_target_submit_t, 10)                          \
  X(device_initialize, ompt_callback_device_initialize_t, 12)                  \
  X(device_finalize, ompt_callback_device_finalize_t, 13)                      \
  X(device_load, ompt_callback_device_load_t, 14)                              \
  X(device_unload, ompt_callback_device_unload_t, 15)                          \
  X(target_data_op_emi, ompt_callback_target_data_op_emi_t, 34)                \
  X(target_emi, ompt_callback_target_emi_t, 33)                                \
  X(target_submit_emi, ompt_callback_target_submit_emi_t, 35)

#define OMP_OMPT_FIELD(name, type, number) type _Atomic name;
struct omp_ompt_callbacks {
  OMP_OMPT_CALLBACKS(OMP_OMPT_FIELD)
};
#undef OMP_OMPT_FIELD

extern struct omp_ompt_callbacks omp_ompt_cb;

/* The callback registered for `name`, NULL when none (also: no tool). */
#define OMPT_CB(name) atomic_load_explicit(&omp_ompt_cb.name, memory_order_relaxed)

/* A tool is active (its initializer returned non-zero, finalize not yet). */
extern _Atomic _Bool omp_ompt_active;
static inline _Bool omp_ompt_enabled(void) {
  return __builtin_expect(atomic_load_explicit(&omp_ompt_active, memory_order_relaxed), 0);
}

/* ---- ompt.c ----------------------------------------------------------------- */

struct omp_thread;
struct omp_team;
struct omp_task;

/* At start-up (init.c, once): find a tool and start it (OMP_TOOL,
 * OMP_TOOL_LIBRARIES, OMP_TOOL_VERBOSE_INIT, an ompt_start_tool in the
 * process, LLVM's libarcher.so). */
void omp_ompt_start(void);
/* A thread begins or ends: thread_begin/end, and for an initial thread its
 * initial task's implicit_task begin/end. */
void omp_ompt_thread_begin(struct omp_thread *th, int thread_type);
void omp_ompt_thread_end(struct omp_thread *th);
/* work (a worksharing construct th begins or ends; for a static one the
 * type loc's flags give) and masked (master/masked regions). */
void omp_ompt_work(struct omp_thread *th, int type, int endpoint, uint64_t count,
                   const void *codeptr);
struct ident;
int omp_ompt_static_work_type(const struct ident *loc);
void omp_ompt_masked(struct omp_thread *th, int endpoint, const void *codeptr);
/* cancel (ompt_cancel_* flags) for `task`; error, for the error directive */
void omp_ompt_cancel(struct omp_task *task, int flags, const void *codeptr);
void omp_ompt_error(int severity, const char *message, const void *codeptr);
uint64_t omp_ompt_unique_id(void);
/* A synchronization region and its wait, as one pair of events each way:
 * begin reports sync_region then sync_region_wait, end the reverse. */
void omp_ompt_sync(int kind, int endpoint, ompt_data_t *parallel_data,
                   ompt_data_t *task_data, const void *codeptr);
/* dispatch: the chunk of a loop (or a section) th was just given. */
void omp_ompt_dispatch(struct omp_thread *th, int kind, uint64_t start,
                       uint64_t iterations, const void *codeptr);
/* Flags of an explicit task for task_create (ompt_task_*). */
int omp_ompt_task_flags(const struct omp_task *task);

#endif
