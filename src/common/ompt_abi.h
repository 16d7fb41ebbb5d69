/* ompt_abi.h — the OpenMP tools interface's ABI (OpenMP 5.2 §19, what
 * omp-tools.h declares), as far as libomp and libomptarget produce or accept
 * it: data, frames, the enumerations with their specification tags, and the
 * callback types of the host and device events. Shared by both libraries:
 * libomp holds the tool and its callbacks (src/host/ompt.c), libomptarget
 * reports its device events through libomp (ompt_target_hooks.h).
 */
#ifndef OMPRT_OMPT_ABI_H
#define OMPRT_OMPT_ABI_H

#include <stddef.h>
#include <stdint.h>

/* ---- the specification's types ----------------------------------------- */

typedef union ompt_data_t {
  uint64_t value;
  void *ptr;
} ompt_data_t;

typedef struct ompt_frame_t {
  ompt_data_t exit_frame;
  ompt_data_t enter_frame;
  int exit_frame_flags;
  int enter_frame_flags;
} ompt_frame_t;

enum {
  ompt_frame_runtime = 0x00,
  ompt_frame_application = 0x01,
  ompt_frame_cfa = 0x10,
  ompt_frame_framepointer = 0x20,
};

typedef uint64_t ompt_wait_id_t;
typedef uint64_t ompt_id_t;
typedef void (*ompt_callback_t)(void);
typedef void (*ompt_interface_fn_t)(void);
typedef ompt_interface_fn_t (*ompt_function_lookup_t)(const char *name);
typedef int (*ompt_initialize_t)(ompt_function_lookup_t lookup,
                                 int initial_device_num, ompt_data_t *tool_data);
typedef void (*ompt_finalize_t)(ompt_data_t *tool_data);

typedef struct ompt_start_tool_result_t {
  ompt_initialize_t initialize;
  ompt_finalize_t finalize;
  ompt_data_t tool_data;
} ompt_start_tool_result_t;

typedef ompt_start_tool_result_t *(*ompt_start_tool_t)(unsigned int omp_version,
                                                       const char *runtime_version);

/* The enumerations carry the specification's tags: a tool's function
 * types name them, and a call through a pointer of another type is wrong
 * (UBSan's -fsanitize=function checks it). */
typedef enum ompt_set_result_t {
  ompt_set_error = 0,
  ompt_set_never = 1,
  ompt_set_impossible = 2,
  ompt_set_sometimes = 3,
  ompt_set_sometimes_paired = 4,
  ompt_set_always = 5,
} ompt_set_result_t;

typedef enum ompt_callbacks_t {
  ompt_callback_thread_begin = 1,
  ompt_callback_thread_end = 2,
  ompt_callback_parallel_begin = 3,
  ompt_callback_parallel_end = 4,
  ompt_callback_task_create = 5,
  ompt_callback_task_schedule = 6,
  ompt_callback_implicit_task = 7,
  ompt_callback_error = 37, /* the last event number */
} ompt_callbacks_t;

typedef enum ompt_thread_t {
  ompt_thread_initial = 1,
  ompt_thread_worker = 2,
  ompt_thread_other = 3,
  ompt_thread_unknown = 4,
} ompt_thread_t;

typedef enum ompt_scope_endpoint_t {
  ompt_scope_begin = 1,
  ompt_scope_end = 2,
  ompt_scope_beginend = 3,
} ompt_scope_endpoint_t;

enum {
  ompt_parallel_invoker_runtime = 0x2,
  ompt_parallel_league = 0x40000000,
  ompt_parallel_team = (int)0x80000000,
};

enum {
  ompt_task_initial = 0x1,
  ompt_task_implicit = 0x2,
  ompt_task_explicit = 0x4,
  ompt_task_target = 0x8,
  ompt_task_taskwait = 0x10,
  ompt_task_undeferred = 0x8000000,
  ompt_task_untied = 0x10000000,
  ompt_task_final = 0x20000000,
  ompt_task_mergeable = 0x40000000,
  ompt_task_merged = (int)0x80000000,
};

typedef enum ompt_task_status_t {
  ompt_task_complete = 1,
  ompt_task_yield = 2,
  ompt_task_cancel = 3,
  ompt_task_detach = 4,
  ompt_task_early_fulfill = 5,
  ompt_task_late_fulfill = 6,
  ompt_task_switch = 7,
  ompt_taskwait_complete = 8,
} ompt_task_status_t;

typedef enum ompt_sync_region_t {
  ompt_sync_region_barrier = 1,
  ompt_sync_region_barrier_implicit = 2,
  ompt_sync_region_barrier_explicit = 3,
  ompt_sync_region_barrier_implementation = 4,
  ompt_sync_region_taskwait = 5,
  ompt_sync_region_taskgroup = 6,
  ompt_sync_region_reduction = 7,
  ompt_sync_region_barrier_implicit_workshare = 8,
  ompt_sync_region_barrier_implicit_parallel = 9,
  ompt_sync_region_barrier_teams = 10,
} ompt_sync_region_t;

typedef enum ompt_mutex_t {
  ompt_mutex_lock = 1,
  ompt_mutex_test_lock = 2,
  ompt_mutex_nest_lock = 3,
  ompt_mutex_test_nest_lock = 4,
  ompt_mutex_critical = 5,
  ompt_mutex_atomic = 6,
  ompt_mutex_ordered = 7,
} ompt_mutex_t;

typedef enum ompt_work_t {
  ompt_work_loop = 1,
  ompt_work_sections = 2,
  ompt_work_single_executor = 3,
  ompt_work_single_other = 4,
  ompt_work_workshare = 5,
  ompt_work_distribute = 6,
  ompt_work_taskloop = 7,
  ompt_work_scope = 8,
  ompt_work_loop_static = 10,
  ompt_work_loop_dynamic = 11,
  ompt_work_loop_guided = 12,
  ompt_work_loop_other = 13,
} ompt_work_t;

typedef enum ompt_dependence_type_t {
  ompt_dependence_type_in = 1,
  ompt_dependence_type_out = 2,
  ompt_dependence_type_inout = 3,
  ompt_dependence_type_mutexinoutset = 4,
  ompt_dependence_type_source = 5,
  ompt_dependence_type_sink = 6,
  ompt_dependence_type_inoutset = 7,
  ompt_dependence_type_out_all_memory = 34,
  ompt_dependence_type_inout_all_memory = 35,
} ompt_dependence_type_t;

enum {
  ompt_cancel_parallel = 0x01,
  ompt_cancel_sections = 0x02,
  ompt_cancel_loop = 0x04,
  ompt_cancel_taskgroup = 0x08,
  ompt_cancel_activated = 0x10,
  ompt_cancel_detected = 0x20,
  ompt_cancel_discarded_task = 0x40,
};

typedef enum ompt_dispatch_t {
  ompt_dispatch_iteration = 1,
  ompt_dispatch_section = 2,
  ompt_dispatch_ws_loop_chunk = 3,
  ompt_dispatch_taskloop_chunk = 4,
  ompt_dispatch_distribute_chunk = 5,
} ompt_dispatch_t;

typedef struct ompt_dispatch_chunk_t {
  uint64_t start;
  uint64_t iterations;
} ompt_dispatch_chunk_t;

typedef enum ompt_severity_t { ompt_warning = 1, ompt_fatal = 2 } ompt_severity_t;

typedef struct ompt_dependence_t {
  ompt_data_t variable;
  ompt_dependence_type_t dependence_type;
} ompt_dependence_t;

/* Thread states (ompt_get_state, ompt_enumerate_states). */
#define OMP_OMPT_STATES(X)                                                     \
  X(ompt_state_work_serial, 0x000)                                             \
  X(ompt_state_work_parallel, 0x001)                                           \
  X(ompt_state_work_reduction, 0x002)                                          \
  X(ompt_state_wait_barrier_implicit_parallel, 0x011)                          \
  X(ompt_state_wait_barrier_implicit_workshare, 0x012)                         \
  X(ompt_state_wait_barrier_explicit, 0x014)                                   \
  X(ompt_state_wait_taskwait, 0x020)                                           \
  X(ompt_state_wait_taskgroup, 0x021)                                          \
  X(ompt_state_wait_mutex, 0x040)                                              \
  X(ompt_state_wait_lock, 0x041)                                               \
  X(ompt_state_wait_critical, 0x042)                                           \
  X(ompt_state_wait_ordered, 0x044)                                            \
  X(ompt_state_idle, 0x100)                                                    \
  X(ompt_state_overhead, 0x101)                                                \
  X(ompt_state_undefined, 0x102)
#define OMP_OMPT_STATE_ENUM(name, value) name = value,
enum { OMP_OMPT_STATES(OMP_OMPT_STATE_ENUM) };
#undef OMP_OMPT_STATE_ENUM

/* ---- callback types ------------------------------------------------------------ */

typedef void (*ompt_callback_thread_begin_t)(ompt_thread_t thread_type,
                                             ompt_data_t *thread_data);
typedef void (*ompt_callback_thread_end_t)(ompt_data_t *thread_data);
typedef void (*ompt_callback_parallel_begin_t)(
    ompt_data_t *encountering_task_data, const ompt_frame_t *encountering_task_frame,
    ompt_data_t *parallel_data, unsigned int requested_parallelism, int flags,
    const void *codeptr_ra);
typedef void (*ompt_callback_parallel_end_t)(ompt_data_t *parallel_data,
                                             ompt_data_t *encountering_task_data,
                                             int flags, const void *codeptr_ra);
typedef void (*ompt_callback_task_create_t)(
    ompt_data_t *encountering_task_data, const ompt_frame_t *encountering_task_frame,
    ompt_data_t *new_task_data, int flags, int has_dependences, const void *codeptr_ra);
typedef void (*ompt_callback_task_schedule_t)(ompt_data_t *prior_task_data,
                                              ompt_task_status_t prior_task_status,
                                              ompt_data_t *next_task_data);
typedef void (*ompt_callback_implicit_task_t)(ompt_scope_endpoint_t endpoint,
                                              ompt_data_t *parallel_data,
                                              ompt_data_t *task_data,
                                              unsigned int actual_parallelism,
                                              unsigned int index, int flags);
typedef int (*ompt_callback_control_tool_t)(uint64_t command, uint64_t modifier,
                                            void *arg, const void *codeptr_ra);
typedef void (*ompt_callback_dependences_t)(ompt_data_t *task_data,
                                            const ompt_dependence_t *deps, int ndeps);
typedef void (*ompt_callback_sync_region_t)(ompt_sync_region_t kind,
                                            ompt_scope_endpoint_t endpoint,
                                            ompt_data_t *parallel_data,
                                            ompt_data_t *task_data,
                                            const void *codeptr_ra);
typedef void (*ompt_callback_mutex_acquire_t)(ompt_mutex_t kind, unsigned int hint,
                                              unsigned int impl, ompt_wait_id_t wait_id,
                                              const void *codeptr_ra);
typedef void (*ompt_callback_mutex_t)(ompt_mutex_t kind, ompt_wait_id_t wait_id,
                                      const void *codeptr_ra);
typedef void (*ompt_callback_nest_lock_t)(ompt_scope_endpoint_t endpoint,
                                          ompt_wait_id_t wait_id,
                                          const void *codeptr_ra);
typedef void (*ompt_callback_work_t)(ompt_work_t work_type, ompt_scope_endpoint_t endpoint,
                                     ompt_data_t *parallel_data, ompt_data_t *task_data,
                                     uint64_t count, const void *codeptr_ra);
typedef void (*ompt_callback_masked_t)(ompt_scope_endpoint_t endpoint,
                                       ompt_data_t *parallel_data,
                                       ompt_data_t *task_data, const void *codeptr_ra);
typedef void (*ompt_callback_flush_t)(ompt_data_t *thread_data, const void *codeptr_ra);
typedef void (*ompt_callback_cancel_t)(ompt_data_t *task_data, int flags,
                                       const void *codeptr_ra);
typedef void (*ompt_callback_dispatch_t)(ompt_data_t *parallel_data,
                                         ompt_data_t *task_data, ompt_dispatch_t kind,
                                         ompt_data_t instance);
typedef void (*ompt_callback_task_dependence_t)(ompt_data_t *src_task_data,
                                                ompt_data_t *sink_task_data);
typedef void (*ompt_callback_error_t)(ompt_severity_t severity, const char *message,
                                      size_t length,
                                      const void *codeptr_ra);


/* ---- devices and target constructs ---------------------------------------- */

typedef struct ompt_device ompt_device_t; /* opaque: the device a tool is told of */

typedef enum ompt_target_t {
  ompt_target = 1,
  ompt_target_enter_data = 2,
  ompt_target_exit_data = 3,
  ompt_target_update = 4,
  ompt_target_nowait = 9,
  ompt_target_enter_data_nowait = 10,
  ompt_target_exit_data_nowait = 11,
  ompt_target_update_nowait = 12,
} ompt_target_t;

typedef enum ompt_target_data_op_t {
  ompt_target_data_alloc = 1,
  ompt_target_data_transfer_to_device = 2,
  ompt_target_data_transfer_from_device = 3,
  ompt_target_data_delete = 4,
  ompt_target_data_associate = 5,
  ompt_target_data_disassociate = 6,
} ompt_target_data_op_t;

typedef void (*ompt_callback_device_initialize_t)(int device_num, const char *type,
                                                  ompt_device_t *device,
                                                  ompt_function_lookup_t lookup,
                                                  const char *documentation);
typedef void (*ompt_callback_device_finalize_t)(int device_num);
typedef void (*ompt_callback_device_load_t)(int device_num, const char *filename,
                                            int64_t offset_in_file, void *vma_in_file,
                                            size_t bytes, void *host_addr, void *device_addr,
                                            uint64_t module_id);
typedef void (*ompt_callback_device_unload_t)(int device_num, uint64_t module_id);
typedef void (*ompt_callback_target_t)(ompt_target_t kind, ompt_scope_endpoint_t endpoint,
                                       int device_num, ompt_data_t *task_data,
                                       ompt_id_t target_id, const void *codeptr_ra);
typedef void (*ompt_callback_target_emi_t)(ompt_target_t kind, ompt_scope_endpoint_t endpoint,
                                           int device_num, ompt_data_t *task_data,
                                           ompt_data_t *target_task_data,
                                           ompt_data_t *target_data, const void *codeptr_ra);
typedef void (*ompt_callback_target_data_op_t)(ompt_id_t target_id, ompt_id_t host_op_id,
                                               ompt_target_data_op_t optype, void *src_addr,
                                               int src_device_num, void *dest_addr,
                                               int dest_device_num, size_t bytes,
                                               const void *codeptr_ra);
typedef void (*ompt_callback_target_data_op_emi_t)(
    ompt_scope_endpoint_t endpoint, ompt_data_t *target_task_data, ompt_data_t *target_data,
    ompt_id_t *host_op_id, ompt_target_data_op_t optype, void *src_addr, int src_device_num,
    void *dest_addr, int dest_device_num, size_t bytes, const void *codeptr_ra);
typedef void (*ompt_callback_target_submit_t)(ompt_id_t target_id, ompt_id_t host_op_id,
                                              unsigned int requested_num_teams);
typedef void (*ompt_callback_target_submit_emi_t)(ompt_scope_endpoint_t endpoint,
                                                  ompt_data_t *target_data,
                                                  ompt_id_t *host_op_id,
                                                  unsigned int requested_num_teams);

#endif
