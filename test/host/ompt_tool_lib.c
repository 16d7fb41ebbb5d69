/* A tool as a shared library, for OMP_TOOL_LIBRARIES: built without
 * -fopenmp, as tools are. OMPT_TEST_MODE says how it behaves:
 *   (unset)      starts, counts parallel regions, reports at finalize;
 *   decline      its ompt_start_tool returns NULL;
 *   init_fails   its initializer returns 0 (no events, no finalize); the
 *                inquiry entry points it looked up then answer "none" at
 *                exit, as LLVM's (openmp/runtime/test/ompt/misc/
 *                api_calls_without_ompt.c). */
#include <omp-tools.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int parallel_begins, thread_begins;
static const char *mode(void) {
  const char *m = getenv("OMPT_TEST_MODE");
  return m ? m : "";
}

static void on_parallel_begin(ompt_data_t *task, const ompt_frame_t *frame,
                              ompt_data_t *parallel, unsigned int requested, int flags,
                              const void *ra) {
  __atomic_fetch_add(&parallel_begins, 1, __ATOMIC_RELAXED);
}
static void on_thread_begin(ompt_thread_t type, ompt_data_t *data) {
  __atomic_fetch_add(&thread_begins, 1, __ATOMIC_RELAXED);
}

static ompt_function_lookup_t declined_lookup;

static void inquire_after_declining(void) {
  ompt_function_lookup_t l = declined_lookup;
  ompt_data_t *thread = ((ompt_get_thread_data_t)l("ompt_get_thread_data"))();
  int parallel = ((ompt_get_parallel_info_t)l("ompt_get_parallel_info"))(0, NULL, NULL);
  int task = ((ompt_get_task_info_t)l("ompt_get_task_info"))(0, NULL, NULL, NULL, NULL, NULL);
  int place = ((ompt_get_place_num_t)l("ompt_get_place_num"))();
  int partition = ((ompt_get_partition_place_nums_t)l("ompt_get_partition_place_nums"))(0, NULL);
  int proc = ((ompt_get_proc_id_t)l("ompt_get_proc_id"))();
  int state = ((ompt_get_state_t)l("ompt_get_state"))(NULL);
  printf("tool: after declining: thread_data %s, parallel_info %d, task_info %d, "
         "place_num %d, partition_place_nums %d, proc_id %d, state %d\n",
         thread ? "set" : "none", parallel, task, place, partition, proc, state);
}

static int tool_initialize(ompt_function_lookup_t lookup, int device, ompt_data_t *data) {
  printf("tool: initialize (initial device %d)\n", device);
  if (strcmp(mode(), "init_fails") == 0) {
    declined_lookup = lookup;
    atexit(inquire_after_declining); /* runs before the runtime shuts down */
    return 0;
  }
  ompt_set_callback_t set = (ompt_set_callback_t)lookup("ompt_set_callback");
  set(ompt_callback_parallel_begin, (ompt_callback_t)on_parallel_begin);
  set(ompt_callback_thread_begin, (ompt_callback_t)on_thread_begin);
  data->value = 42;
  return 1;
}

static void tool_finalize(ompt_data_t *data) {
  printf("tool: finalize: tool_data %llu, %d parallel_begin, %d thread_begin\n",
         (unsigned long long)data->value, parallel_begins, thread_begins);
}

ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version, const char *runtime) {
  printf("tool: ompt_start_tool (OpenMP %u)\n", omp_version);
  if (strcmp(mode(), "decline") == 0)
    return NULL;
  static ompt_start_tool_result_t result = {tool_initialize, tool_finalize, {0}};
  return &result;
}
