/* ompt.c — OMPT, the OpenMP tools interface: finding and starting a tool,
 * the runtime entry points a tool looks up, and the thread events.
 *
 * Start-up (OpenMP 5.2 §19.2): unless OMP_TOOL=disabled, the first
 * ompt_start_tool found is called: one the process already has (linked
 * into the program or preloaded), else one in each library named by
 * OMP_TOOL_LIBRARIES in turn, else LLVM's race detector libarcher.so when
 * the dynamic loader finds it (as LLVM's libomp does; Archer declines
 * unless the program runs under ThreadSanitizer). A tool whose initializer
 * returns non-zero is active until exit or ompt_finalize_tool; its
 * finalizer then runs once. OMP_TOOL_VERBOSE_INIT logs the search.
 *
 * The events themselves are reported where they happen (parallel.c,
 * thread.c, task.c, ...), through omp_ompt_cb.
 */
#include <dlfcn.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime.h"

struct omp_ompt_callbacks omp_ompt_cb;
_Atomic _Bool omp_ompt_active;

static ompt_start_tool_result_t *omp_ompt_tool;
static _Atomic int omp_ompt_finalized;
static _Atomic uint64_t omp_ompt_next_id;

/* ---- OMP_TOOL_VERBOSE_INIT ------------------------------------------------- */

static FILE *omp_ompt_log;

static void omp_ompt_log_open(void) {
  const char *where = getenv("OMP_TOOL_VERBOSE_INIT");
  if (!where || !*where || omp_text_is(where, "disabled"))
    return;
  if (omp_text_is(where, "stdout"))
    omp_ompt_log = stdout;
  else if (omp_text_is(where, "stderr"))
    omp_ompt_log = stderr;
  else if (!(omp_ompt_log = fopen(where, "w")))
    omp_warn("OMP_TOOL_VERBOSE_INIT=\"%s\": cannot open the file for writing", where);
  if (omp_ompt_log)
    fprintf(omp_ompt_log, "----- START LOGGING OF TOOL REGISTRATION -----\n");
}

static void omp_ompt_log_close(void) {
  if (!omp_ompt_log)
    return;
  fprintf(omp_ompt_log, "----- END LOGGING OF TOOL REGISTRATION -----\n");
  if (omp_ompt_log != stdout && omp_ompt_log != stderr)
    fclose(omp_ompt_log);
  else
    fflush(omp_ompt_log);
  omp_ompt_log = NULL;
}

#define OMP_OMPT_LOG(...)                                                      \
  do {                                                                         \
    if (omp_ompt_log)                                                          \
      fprintf(omp_ompt_log, __VA_ARGS__);                                      \
  } while (0)

/* ---- the tool's view of ompt_start_tool ----------------------------------- */

/* Ours is exported so that a program linked against this library exports
 * its own definition (the linker exports a program's symbols that a shared
 * library also defines), which is how LLVM's libomp finds a tool built into
 * the program. When the lookup below lands here, the process has no
 * definition before us: pass the call on to one after us, if any. */
OMP_EXPORT ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version,
                                                     const char *runtime_version) {
  ompt_start_tool_t next = (ompt_start_tool_t)dlsym(RTLD_NEXT, "ompt_start_tool");
  return next ? next(omp_version, runtime_version) : NULL;
}

/* The OpenMP version a tool is told (the _OPENMP of the version we
 * implement the tools interface of: 5.1's numbering, as LLVM 19 passes). */
#define OMP_OMPT_VERSION 201611u
#define OMP_OMPT_RUNTIME_VERSION "omprt libomp.so.5 (LLVM 19 ABI)"

/* One library: its tool's result, or NULL (*declined: it had an
 * ompt_start_tool, which returned NULL). */
static ompt_start_tool_result_t *omp_ompt_try_library(const char *path, bool *declined) {
  *declined = false;
  OMP_OMPT_LOG("Opening %s... ", path);
  void *handle = dlopen(path, RTLD_LAZY);
  if (!handle) {
    const char *why = dlerror();
    OMP_OMPT_LOG("Failed: %s\n", why ? why : "unknown error");
    return NULL;
  }
  OMP_OMPT_LOG("Success.\n");
  OMP_OMPT_LOG("Searching for ompt_start_tool in %s... ", path);
  ompt_start_tool_t start = (ompt_start_tool_t)dlsym(handle, "ompt_start_tool");
  if (!start) {
    OMP_OMPT_LOG("Failed: %s\n", dlerror());
    dlclose(handle);
    return NULL;
  }
  ompt_start_tool_result_t *result = start(OMP_OMPT_VERSION, OMP_OMPT_RUNTIME_VERSION);
  if (!result) {
    OMP_OMPT_LOG("Found but not using the OMPT interface.\n");
    *declined = true;
    dlclose(handle); /* the tool declined: nothing of it stays in use */
    return NULL;
  }
  OMP_OMPT_LOG("Success.\n");
  return result;
}

/* Each library of OMP_TOOL_LIBRARIES (colon-separated) until one starts. */
static ompt_start_tool_result_t *omp_ompt_try_libraries(const char *list) {
  size_t len = strlen(list);
  char *copy = malloc(len + 1);
  if (!copy)
    return NULL;
  memcpy(copy, list, len + 1);
  ompt_start_tool_result_t *result = NULL;
  char *save = NULL;
  for (char *path = strtok_r(copy, ":", &save); path && !result;
       path = strtok_r(NULL, ":", &save)) {
    bool declined;
    result = omp_ompt_try_library(path, &declined);
    if (declined)
      OMP_OMPT_LOG("Continuing search...\n");
  }
  free(copy);
  return result;
}

static ompt_start_tool_result_t *omp_ompt_find_tool(void) {
  OMP_OMPT_LOG("Search for OMP tool in current address space... ");
  ompt_start_tool_t start = (ompt_start_tool_t)dlsym(RTLD_DEFAULT, "ompt_start_tool");
  ompt_start_tool_result_t *result =
      start ? start(OMP_OMPT_VERSION, OMP_OMPT_RUNTIME_VERSION) : NULL;
  if (result) {
    OMP_OMPT_LOG("Success.\n");
    return result;
  }
  OMP_OMPT_LOG("Failed.\n");
  const char *libraries = getenv("OMP_TOOL_LIBRARIES");
  if (libraries && *libraries) {
    OMP_OMPT_LOG("Searching tool libraries...\nOMP_TOOL_LIBRARIES = %s\n", libraries);
    if ((result = omp_ompt_try_libraries(libraries)))
      return result;
  } else {
    OMP_OMPT_LOG("No OMP_TOOL_LIBRARIES defined.\n");
  }
  /* LLVM's words: tests and scripts match them */
  OMP_OMPT_LOG("...searching tool libraries failed. Using archer tool.\n");
  bool declined;
  return omp_ompt_try_library("libarcher.so", &declined);
}

/* ---- entry points a tool looks up -------------------------------------------- */

/* Every callback this runtime can report, by event number. */
static ompt_set_result_t omp_ompt_slot(int event, ompt_callback_t _Atomic **slot) {
#define OMP_OMPT_CASE(name, type, number)                                      \
  case number:                                                                 \
    *slot = (ompt_callback_t _Atomic *)&omp_ompt_cb.name;                      \
    return ompt_set_always;
  switch (event) {
    OMP_OMPT_CALLBACKS(OMP_OMPT_CASE)
  default:
    /* 1..37 are the specification's events; the others are not events */
    return event >= 1 && event <= 37 ? ompt_set_never : ompt_set_error;
  }
#undef OMP_OMPT_CASE
}

static ompt_set_result_t omp_ompt_set_callback(ompt_callbacks_t event,
                                               ompt_callback_t callback) {
  ompt_callback_t _Atomic *slot = NULL;
  ompt_set_result_t result = omp_ompt_slot((int)event, &slot);
  if (slot)
    atomic_store_explicit(slot, callback, memory_order_release);
  return result;
}

static int omp_ompt_get_callback(ompt_callbacks_t event, ompt_callback_t *callback) {
  ompt_callback_t _Atomic *slot = NULL;
  omp_ompt_slot((int)event, &slot);
  ompt_callback_t current = slot ? atomic_load(slot) : NULL;
  if (!current)
    return 0;
  if (callback)
    *callback = current;
  return 1;
}

/* The calling thread as the tool may know it: NULL unless a tool is active
 * (one whose initializer returned 0 keeps the entry points it looked up,
 * and they answer "none", as LLVM's do) and the thread is the runtime's. */
static struct omp_thread *omp_ompt_thread(void) {
  return omp_ompt_enabled() ? omp_self_tls : NULL;
}

static ompt_data_t *omp_ompt_get_thread_data(void) {
  struct omp_thread *th = omp_ompt_thread();
  return th ? &th->ompt_thread_data : NULL;
}

/* Innermost team first; a thread outside any region (an idle worker) has
 * none. Level 0 of an initial thread outside parallel regions is the
 * implicit parallel region of its initial task. */
static struct omp_team *omp_ompt_team_at(struct omp_thread *th, int level) {
  struct omp_team *team = th ? th->team : NULL;
  for (; team && level > 0; level--)
    team = team->parent;
  return level == 0 ? team : NULL;
}

static int omp_ompt_get_parallel_info(int ancestor_level, ompt_data_t **parallel_data,
                                      int *team_size) {
  if (ancestor_level < 0)
    return 0;
  struct omp_team *team = omp_ompt_team_at(omp_ompt_thread(), ancestor_level);
  if (!team)
    return 0;
  if (parallel_data)
    *parallel_data = &team->ompt_parallel_data;
  if (team_size)
    *team_size = team->nthreads;
  return 2;
}

int omp_ompt_task_flags(const struct omp_task *task) {
  /* An implicit task runs at once: undeferred, as LLVM says */
  if (task->implicit)
    return task->parent || !task->team || task->team->level > 0 || task->team->parent
               ? ompt_task_implicit | ompt_task_undeferred
               : ompt_task_initial;
  /* a target task is told as such (LLVM's type, without explicit) */
  int flags = task->target_task ? ompt_task_target : ompt_task_explicit;
  if (omp_task_undeferred(task))
    flags |= ompt_task_undeferred;
  if (!(task->flags & OMP_TASK_TIED))
    flags |= ompt_task_untied;
  if (task->final)
    flags |= ompt_task_final;
  if (task->flags & OMP_TASK_MERGED_IF0)
    flags |= ompt_task_mergeable;
  return flags;
}

static int omp_ompt_get_task_info(int ancestor_level, int *flags, ompt_data_t **task_data,
                                  ompt_frame_t **task_frame, ompt_data_t **parallel_data,
                                  int *thread_num) {
  struct omp_thread *th = omp_ompt_thread();
  if (!th || ancestor_level < 0)
    return 0;
  /* an explicit task's ancestor is the task it suspended on this thread
   * (where the thread returns), as LLVM answers; an implicit task's, the
   * task that encountered its region */
  struct omp_task *task = th->task;
  for (int level = ancestor_level; task && level > 0; level--)
    task = !task->implicit && task->ompt_scheduling_parent ? task->ompt_scheduling_parent
                                                           : task->parent;
  if (!task)
    return 0;
  struct omp_team *team = task->team;
  if (flags)
    *flags = omp_ompt_task_flags(task);
  if (task_data)
    *task_data = &task->ompt_task_data;
  if (task_frame)
    *task_frame = &task->ompt_frame;
  if (parallel_data)
    *parallel_data = team ? &team->ompt_parallel_data : NULL;
  if (thread_num) {
    /* an implicit task is its thread's in the team; an explicit one runs
     * on this thread, as a member of its binding team */
    if (task->implicit && team)
      *thread_num = (int)(task - team->implicit_tasks);
    else
      *thread_num = th->tid;
  }
  return 2;
}

/* The block of an explicit task's private and shared data. */
static int omp_ompt_get_task_memory(void **addr, size_t *size, int block) {
  struct omp_thread *th = omp_self_tls;
  struct omp_task *task = th ? th->task : NULL;
  if (addr)
    *addr = NULL;
  if (size)
    *size = 0;
  if (!task || task->implicit || block != 0)
    return 0;
  if (addr)
    *addr = omp_task_abi(task);
  if (size)
    *size = task->alloc_size - sizeof(struct omp_task);
  return 0; /* no further block */
}

static int omp_ompt_get_state(ompt_wait_id_t *wait_id) {
  if (wait_id)
    *wait_id = 0;
  if (!omp_ompt_enabled())
    return ompt_state_work_serial; /* as LLVM */
  struct omp_thread *th = omp_self_tls;
  return th ? th->ompt_state : ompt_state_undefined;
}

/* Enumerations start from ompt_state_undefined (states) or 0 (locks). */
static const struct {
  int value;
  const char *name;
} omp_ompt_states[] = {
#define OMP_OMPT_STATE_ROW(name, value) {value, #name},
    OMP_OMPT_STATES(OMP_OMPT_STATE_ROW)
#undef OMP_OMPT_STATE_ROW
};

static int omp_ompt_enumerate_states(int current, int *next, const char **name) {
  int count = (int)(sizeof(omp_ompt_states) / sizeof(omp_ompt_states[0]));
  int i = 0;
  if (current != ompt_state_undefined) {
    while (i < count && omp_ompt_states[i].value != current)
      i++;
    i++; /* the one after current */
  }
  if (i >= count || omp_ompt_states[i].value == ompt_state_undefined)
    return 0;
  *next = omp_ompt_states[i].value;
  *name = omp_ompt_states[i].name;
  return 1;
}

/* One implementation for every lock, critical and ordered: lock.c's word
 * that waiters spin on, then sleep on in the kernel. */
static int omp_ompt_enumerate_mutex_impls(int current, int *next, const char **name) {
  if (current != 0)
    return 0;
  *next = 1;
  *name = "omp_mutex_spin_then_futex";
  return 1;
}

uint64_t omp_ompt_unique_id(void) {
  return atomic_fetch_add_explicit(&omp_ompt_next_id, 1, memory_order_relaxed) + 1;
}

static int omp_ompt_get_num_procs(void) { return omp_get_num_procs(); }
static int omp_ompt_get_num_places(void) { return omp_get_num_places(); }

static int omp_ompt_get_place_proc_ids(int place_num, int ids_size, int *ids) {
  int count = omp_get_place_num_procs(place_num);
  if (count > 0 && ids && ids_size >= count)
    omp_get_place_proc_ids(place_num, ids);
  return count;
}

static int omp_ompt_get_place_num(void) {
  return omp_ompt_thread() ? omp_get_place_num() : -1;
}

static int omp_ompt_get_partition_place_nums(int size, int *place_nums) {
  if (!omp_ompt_thread())
    return 0; /* as LLVM */
  int count = omp_get_partition_num_places();
  if (place_nums && size >= count)
    omp_get_partition_place_nums(place_nums);
  return count;
}

static int omp_ompt_get_proc_id(void) {
  return omp_ompt_thread() ? sched_getcpu() : -1;
}

/* The target construct the calling thread is in (ompt_target.c notes it). */
static int omp_ompt_get_target_info(uint64_t *device_num, ompt_id_t *target_id,
                                    ompt_id_t *host_op_id) {
  struct omp_thread *th = omp_self_tls;
  if (!th || !th->ompt_target.active)
    return 0;
  if (device_num)
    *device_num = (uint64_t)th->ompt_target.device_num;
  if (target_id)
    *target_id = th->ompt_target.target_id;
  if (host_op_id)
    *host_op_id = th->ompt_target.host_op_id;
  return 1;
}

static int omp_ompt_get_num_devices(void) { return omp_get_num_devices(); }

static void omp_ompt_finish(bool at_exit);
/* The tool asks to be finalized: it hears what it would hear at exit (the
 * idle workers' and this initial thread's ends), then its finalizer runs.
 * LLVM shuts its whole runtime down here (misc/finalize_tool.c). */
static void omp_ompt_finalize_tool(void) { omp_ompt_finish(false); }

static ompt_interface_fn_t omp_ompt_lookup(const char *name) {
  static const struct {
    const char *name;
    ompt_interface_fn_t fn;
  } table[] = {
#define OMP_OMPT_ENTRY(name) {"ompt_" #name, (ompt_interface_fn_t)omp_ompt_##name},
#define OMP_OMPT_ENTRY_AS(name, fn) {"ompt_" #name, (ompt_interface_fn_t)omp_ompt_##fn},
      OMP_OMPT_ENTRY(set_callback) OMP_OMPT_ENTRY(get_callback)
      OMP_OMPT_ENTRY(get_thread_data) OMP_OMPT_ENTRY(get_parallel_info)
      OMP_OMPT_ENTRY(get_task_info) OMP_OMPT_ENTRY(get_task_memory)
      OMP_OMPT_ENTRY(get_state) OMP_OMPT_ENTRY(enumerate_states)
      OMP_OMPT_ENTRY(enumerate_mutex_impls) OMP_OMPT_ENTRY_AS(get_unique_id, unique_id)
      OMP_OMPT_ENTRY(finalize_tool) OMP_OMPT_ENTRY(get_num_procs)
      OMP_OMPT_ENTRY(get_num_places) OMP_OMPT_ENTRY(get_place_proc_ids)
      OMP_OMPT_ENTRY(get_place_num) OMP_OMPT_ENTRY(get_partition_place_nums)
      OMP_OMPT_ENTRY(get_proc_id) OMP_OMPT_ENTRY(get_target_info)
      OMP_OMPT_ENTRY(get_num_devices)
#undef OMP_OMPT_ENTRY
#undef OMP_OMPT_ENTRY_AS
  };
  if (!name)
    return NULL;
  for (size_t i = 0; i < sizeof(table) / sizeof(table[0]); i++)
    if (strcmp(table[i].name, name) == 0)
      return table[i].fn;
  return NULL;
}

/* ---- start and finish ------------------------------------------------------------ */

static void omp_ompt_finalize(void);

/* At exit, or at ompt_finalize_tool: the idle workers end, and so does the
 * calling initial thread (the one that exits the process ends with it; one
 * that finalizes the tool, when it is outside any region); then the tool
 * is finalized. */
static void omp_ompt_finish(bool at_exit) {
  struct omp_thread *th = omp_self_tls;
  bool root = th && th->is_root && (at_exit || th->team == th->root_team);
  if (omp_ompt_enabled()) {
    omp_threads_end_for_tool(root ? th : NULL);
    if (root)
      omp_ompt_thread_end(th);
  }
  omp_ompt_finalize();
}

static void omp_ompt_at_exit(void) { omp_ompt_finish(true); }

void omp_ompt_start(void) {
  const char *setting = omp_getenv("OMP_TOOL");
  if (setting && omp_text_is(setting, "disabled"))
    return;
  if (setting && !omp_text_is(setting, "enabled")) {
    /* as LLVM: a value that is neither starts no tool */
    omp_warn("OMP_TOOL=\"%s\": expected enabled or disabled; no tool is started", setting);
    return;
  }
  omp_ompt_log_open();
  ompt_start_tool_result_t *tool = omp_ompt_find_tool();
  if (!tool) {
    OMP_OMPT_LOG("No OMP tool loaded.\n");
    omp_ompt_log_close();
    return;
  }
  OMP_OMPT_LOG("Tool was started and is using the OMPT interface.\n");
  omp_ompt_log_close();
  omp_ompt_tool = tool;
  /* Active during the initializer: it registers callbacks. */
  atomic_store(&omp_ompt_active, 1);
  if (!tool->initialize || !tool->initialize(omp_ompt_lookup, omp_get_initial_device(),
                                             &tool->tool_data)) {
    /* The tool declined: it gets no events and no finalizer call. */
    atomic_store(&omp_ompt_active, 0);
    memset(&omp_ompt_cb, 0, sizeof(omp_ompt_cb));
    omp_ompt_tool = NULL;
    return;
  }
  atexit(omp_ompt_at_exit);
}

/* Once, at exit or when the tool asks (ompt_finalize_tool): the tool's
 * finalizer, after which it hears of nothing more. */
static void omp_ompt_finalize(void) {
  if (!omp_ompt_tool || atomic_exchange(&omp_ompt_finalized, 1))
    return;
  ompt_start_tool_result_t *tool = omp_ompt_tool;
  if (tool->finalize)
    tool->finalize(&tool->tool_data);
  memset(&omp_ompt_cb, 0, sizeof(omp_ompt_cb));
  atomic_store(&omp_ompt_active, 0);
}

/* ---- thread events ------------------------------------------------------------------ */

void omp_ompt_thread_begin(struct omp_thread *th, int thread_type) {
  ompt_callback_thread_begin_t begin = OMPT_CB(thread_begin);
  if (begin)
    begin(thread_type, &th->ompt_thread_data);
  th->ompt_state = thread_type == ompt_thread_worker ? ompt_state_idle
                                                     : ompt_state_work_serial;
  if (thread_type != ompt_thread_initial)
    return;
  /* The initial task of the initial thread's implicit parallel region. */
  ompt_callback_implicit_task_t implicit = OMPT_CB(implicit_task);
  if (implicit)
    implicit(ompt_scope_begin, &th->root_team->ompt_parallel_data,
             &th->task->ompt_task_data, 1, 1, ompt_task_initial);
}

void omp_ompt_thread_end(struct omp_thread *th) {
  if (th->is_root) {
    ompt_callback_implicit_task_t implicit = OMPT_CB(implicit_task);
    if (implicit && th->root_team)
      implicit(ompt_scope_end, NULL, &th->root_team->implicit_tasks[0].ompt_task_data, 0,
               1, ompt_task_initial);
  }
  ompt_callback_thread_end_t end = OMPT_CB(thread_end);
  if (end)
    end(&th->ompt_thread_data);
}

/* ---- worksharing and masked regions -------------------------------------------------- */

void omp_ompt_work(struct omp_thread *th, int type, int endpoint, uint64_t count,
                   const void *codeptr) {
  ompt_callback_work_t work = OMPT_CB(work);
  if (work && th->team)
    work(type, endpoint, &th->team->ompt_parallel_data, &th->task->ompt_task_data, count,
         codeptr);
}

/* A statically scheduled construct's kind, from the flags clang put in loc
 * (a loop unless it says sections or distribute, as LLVM decides). */
int omp_ompt_static_work_type(const ident_t *loc) {
  if (loc && (loc->flags & KMP_IDENT_WORK_SECTIONS))
    return ompt_work_sections;
  if (loc && (loc->flags & KMP_IDENT_WORK_DISTRIBUTE))
    return ompt_work_distribute;
  return ompt_work_loop_static;
}

void omp_ompt_cancel(struct omp_task *task, int flags, const void *codeptr) {
  ompt_callback_cancel_t cancel = OMPT_CB(cancel);
  if (cancel)
    cancel(&task->ompt_task_data, flags, codeptr);
}

void omp_ompt_masked(struct omp_thread *th, int endpoint, const void *codeptr) {
  ompt_callback_masked_t masked = OMPT_CB(masked);
  if (masked)
    masked(endpoint, &th->team->ompt_parallel_data, &th->task->ompt_task_data, codeptr);
}

void omp_ompt_sync(int kind, int endpoint, ompt_data_t *parallel_data,
                   ompt_data_t *task_data, const void *codeptr) {
  ompt_callback_sync_region_t region = OMPT_CB(sync_region);
  ompt_callback_sync_region_t wait = OMPT_CB(sync_region_wait);
  if (endpoint == ompt_scope_begin && region)
    region(kind, endpoint, parallel_data, task_data, codeptr);
  if (wait)
    wait(kind, endpoint, parallel_data, task_data, codeptr);
  if (endpoint == ompt_scope_end && region)
    region(kind, endpoint, parallel_data, task_data, codeptr);
}

void omp_ompt_dispatch(struct omp_thread *th, int kind, uint64_t start,
                       uint64_t iterations, const void *codeptr) {
  ompt_callback_dispatch_t dispatch = OMPT_CB(dispatch);
  if (!dispatch || !th->team)
    return;
  ompt_dispatch_chunk_t chunk = {start, iterations};
  ompt_data_t instance;
  /* a section is named by its construct's return address; a chunk by
   * its first iteration and size */
  if (kind == ompt_dispatch_section)
    instance.ptr = (void *)codeptr;
  else
    instance.ptr = &chunk;
  dispatch(&th->team->ompt_parallel_data, &th->task->ompt_task_data, kind, instance);
}

/* ---- omp_control_tool ---------------------------------------------------------------- */

/* ---- the error directive -------------------------------------------------- */

void omp_ompt_error(int severity, const char *message, const void *codeptr) {
  ompt_callback_error_t error = OMPT_CB(error);
  if (error)
    error(severity == 1 ? ompt_warning : ompt_fatal, message, message ? strlen(message) : 0,
          codeptr);
}

OMP_EXPORT int omp_control_tool(int command, int modifier, void *arg) {
  if (!omp_ompt_enabled())
    return omp_control_tool_notool;
  ompt_callback_control_tool_t control = OMPT_CB(control_tool);
  if (!control)
    return omp_control_tool_nocallback;
  /* the calling task is suspended in the runtime while the tool runs: it
   * has a reenter frame (LLVM's misc/control_tool.c) */
  struct omp_thread *th = omp_self_tls;
  if (th)
    OMP_OMPT_ENTER(th->task);
  int result = control((uint64_t)command, (uint64_t)modifier, arg,
                       __builtin_return_address(0));
  if (th)
    OMP_OMPT_LEAVE(th->task);
  return result;
}
