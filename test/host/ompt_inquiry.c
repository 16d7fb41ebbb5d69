/* OMPT: the runtime entry points a tool looks up — every one the
 * specification names is there, set/get_callback answer per event, the
 * state and mutex enumerations, unique ids, the place and processor
 * queries, omp_control_tool reaching the tool, and ompt_finalize_tool
 * finalizing once, after which the tool hears of nothing. */
#include "ompt_record.h"

static const char *const entry_names[] = {
    "ompt_enumerate_states", "ompt_enumerate_mutex_impls", "ompt_set_callback",
    "ompt_get_callback", "ompt_get_state", "ompt_get_parallel_info", "ompt_get_task_info",
    "ompt_get_task_memory", "ompt_get_thread_data", "ompt_get_unique_id",
    "ompt_finalize_tool", "ompt_get_num_procs", "ompt_get_num_places",
    "ompt_get_place_proc_ids", "ompt_get_place_num", "ompt_get_partition_place_nums",
    "ompt_get_proc_id", "ompt_get_target_info", "ompt_get_num_devices"};

static void check_lookup(void) {
  for (size_t i = 0; i < sizeof(entry_names) / sizeof(entry_names[0]); i++)
    REC_CHECK(rec_lookup(entry_names[i]) != NULL, "lookup(\"%s\") is NULL", entry_names[i]);
  REC_CHECK(rec_lookup("ompt_no_such_entry") == NULL, "an unknown name was found");
  /* an event this runtime reports, one it does not, and a number that is none */
  ompt_callback_t cb = NULL;
  ompt_get_callback_t get = (ompt_get_callback_t)rec_lookup("ompt_get_callback");
  REC_CHECK(get(ompt_callback_parallel_begin, &cb) == 1 && cb == (ompt_callback_t)rec_parallel_begin,
            "ompt_get_callback(parallel_begin)");
  REC_CHECK(rec_set_callback(ompt_callback_target_map_emi, (ompt_callback_t)rec_thread_end) ==
                ompt_set_never,
            "target_map_emi (maps are data operations here) not ompt_set_never");
  REC_CHECK(get(ompt_callback_target_map_emi, &cb) == 0,
            "ompt_get_callback(target_map_emi) found one");
  REC_CHECK(rec_set_callback((ompt_callbacks_t)999, (ompt_callback_t)rec_thread_end) ==
                ompt_set_error,
            "event 999 not ompt_set_error");
}

static void check_enumerations(void) {
  ompt_enumerate_states_t states = (ompt_enumerate_states_t)rec_lookup("ompt_enumerate_states");
  int state = ompt_state_undefined, count = 0, saw_idle = 0, saw_serial = 0;
  const char *name = NULL;
  while (states(state, &state, &name) && count < 100) {
    count++;
    saw_idle |= state == ompt_state_idle && strcmp(name, "ompt_state_idle") == 0;
    saw_serial |= state == ompt_state_work_serial && strcmp(name, "ompt_state_work_serial") == 0;
  }
  REC_CHECK(count >= 5 && count < 100 && saw_idle && saw_serial,
            "ompt_enumerate_states: %d states, idle %d serial %d", count, saw_idle, saw_serial);
  ompt_enumerate_mutex_impls_t impls =
      (ompt_enumerate_mutex_impls_t)rec_lookup("ompt_enumerate_mutex_impls");
  int impl = ompt_mutex_impl_none, nimpls = 0;
  while (impls(impl, &impl, &name) && nimpls < 10)
    nimpls++;
  REC_CHECK(nimpls >= 1 && nimpls < 10, "ompt_enumerate_mutex_impls: %d", nimpls);
}

static void check_queries(void) {
  ompt_get_unique_id_t unique = (ompt_get_unique_id_t)rec_lookup("ompt_get_unique_id");
  uint64_t ids[64];
  int distinct = 1;
#pragma omp parallel num_threads(4)
  for (int i = omp_get_thread_num(); i < 64; i += omp_get_num_threads())
    ids[i] = unique();
  for (int i = 0; i < 64; i++)
    for (int j = i + 1; j < 64; j++)
      distinct &= ids[i] != ids[j] && ids[i] != 0;
  REC_CHECK(distinct, "ompt_get_unique_id gave a repeated or zero id");
  ompt_get_num_procs_t procs = (ompt_get_num_procs_t)rec_lookup("ompt_get_num_procs");
  REC_CHECK(procs() == omp_get_num_procs(), "ompt_get_num_procs %d, omp_get_num_procs %d",
            procs(), omp_get_num_procs());
  ompt_get_num_places_t places = (ompt_get_num_places_t)rec_lookup("ompt_get_num_places");
  REC_CHECK(places() == omp_get_num_places(), "ompt_get_num_places");
  ompt_get_proc_id_t proc = (ompt_get_proc_id_t)rec_lookup("ompt_get_proc_id");
  REC_CHECK(proc() >= 0, "ompt_get_proc_id %d", proc());
  ompt_get_num_devices_t devices = (ompt_get_num_devices_t)rec_lookup("ompt_get_num_devices");
  REC_CHECK(devices() == omp_get_num_devices(), "ompt_get_num_devices");
  ompt_wait_id_t wait = 1;
  REC_CHECK(rec_get_state(&wait) == ompt_state_work_serial && wait == 0,
            "state outside regions %d", rec_get_state(&wait));
  /* an explicit task's memory block is its data */
  ompt_get_task_memory_t memory = (ompt_get_task_memory_t)rec_lookup("ompt_get_task_memory");
  int block_ok = 0, x = 5;
#pragma omp task firstprivate(x) shared(block_ok)
  {
    void *addr = NULL;
    size_t size = 0;
    memory(&addr, &size, 0);
    block_ok = addr != NULL && size >= sizeof(int) && x == 5;
  }
  REC_CHECK(block_ok, "ompt_get_task_memory in an explicit task");
}

static void check_control_tool(void) {
  int from = rec_mark();
  int r = omp_control_tool(omp_control_tool_flush, 3, &from);
  REC_CHECK(r == omp_control_tool_flush * 10 + 3, "omp_control_tool returned %d", r);
  struct rec_event *e = rec_find(from, REC_CONTROL_TOOL);
  REC_CHECK(e && e->a == omp_control_tool_flush && e->b == 3 && e->c == (uint64_t)(uintptr_t)&from &&
                e->ra != NULL,
            "control_tool callback arguments");
  REC_CHECK(e && e->x, "control_tool: the calling task has no reenter frame");
}

static void rec_at_finalize(void) {
  if (rec_finalized != 1) {
    printf("FAIL: finalized %d times\n", rec_finalized);
    fflush(stdout);
    _Exit(1);
  }
}

int main(void) {
  check_lookup();
  check_enumerations();
  check_queries();
  check_control_tool();
  printf("checked %d events\n", rec_count);
  /* the tool leaves: finalized now, never again, and deaf from here on */
  ompt_finalize_tool_t finalize = (ompt_finalize_tool_t)rec_lookup("ompt_finalize_tool");
  int before = rec_mark();
  uint64_t me = rec_thread();
  finalize();
  int after = rec_mark();
  /* the tool hears this thread end before it is finalized, as in LLVM */
  int ended = 0;
  for (int i = before; i < after; i++)
    ended += rec_log[i].kind == REC_THREAD_END && rec_log[i].a == me;
  if (!ended) {
    printf("FAIL: no thread_end for the initial thread at ompt_finalize_tool\n");
    return 1;
  }
#pragma omp parallel num_threads(2)
  {
  }
  if (rec_finalized != 1 || rec_mark() != after) {
    printf("FAIL: events after ompt_finalize_tool (%d finalizations)\n", rec_finalized);
    return 1;
  }
  if (omp_control_tool(omp_control_tool_flush, 0, NULL) != omp_control_tool_notool) {
    printf("FAIL: omp_control_tool still reaches a finalized tool\n");
    return 1;
  }
  printf("no events after the tool finalized\n");
  return rec_failures != 0;
}
