/* kmp_ext.c — the vendor entry points LLVM's libomp exports beyond the
 * OpenMP standard, so a program built for it never meets "undefined symbol".
 *
 * Runtime control (kmp_* and their kmpc_* spellings): worker stack size,
 * blocktime, library mode, kmp_set_defaults, warnings, dispatch buffers.
 * The ompc_* spellings older compilers call (by value) for omp_* routines.
 * The remaining __kmpc_* calls: task ids, num_threads list/strict/pop,
 * __kmpc_invoke_task_func, __kmpc_omp_task_parts.
 * The kmp_*affinity* mask routines live in kmp_ext_affinity.c.
 *
 * Values and return codes follow LLVM 19 (kmp_ftn_entry.h, kmp_csupport.cpp,
 * kmp_runtime.cpp), checked by running test/host/ext_*.c on both runtimes.
 * docs/abi-extensions.md lists what is here and what is deliberately absent.
 */
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "runtime.h"

/* Our own warnings obey kmp_set_warnings_off at once; error.c's omp_warn
 * is asked (see docs/abi-extensions.md) to check the same flag. */
static void omp_ext_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void omp_ext_warn(const char *fmt, ...) {
  if (atomic_load_explicit(&omp_global.warnings_off, memory_order_relaxed))
    return;
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof(msg), fmt, ap);
  va_end(ap);
  omp_warn("%s", msg);
}

/* The runtime has read its environment (env.c fills num_procs first). */
static bool omp_ext_initialized(void) {
  return __atomic_load_n(&omp_global.num_procs, __ATOMIC_ACQUIRE) != 0;
}

/* ---- stack size of threads the runtime creates ------------------------- */

/* As LLVM, the size is clamped to [the system minimum, SIZE_MAX/2]. Unlike
 * LLVM, which ignores the call once the first parallel region has started,
 * a new size applies to every worker created from then on (threads already
 * in the pool keep their stacks). */
static void omp_set_stacksize(size_t size) {
  omp_runtime_init();
  long sys_min = sysconf(_SC_THREAD_STACK_MIN);
  size_t min = sys_min > 0 ? (size_t)sys_min : 16 * 1024;
  if (size < min)
    size = min;
  else if (size > SIZE_MAX / 2)
    size = SIZE_MAX / 2;
  omp_global.stacksize = size;
}

OMP_EXPORT void kmp_set_stacksize(int size) { omp_set_stacksize((size_t)size); }
OMP_EXPORT void kmp_set_stacksize_s(size_t size) { omp_set_stacksize(size); }
OMP_EXPORT void kmpc_set_stacksize(int size) { omp_set_stacksize((size_t)size); }
OMP_EXPORT void kmpc_set_stacksize_s(size_t size) { omp_set_stacksize(size); }

OMP_EXPORT int kmp_get_stacksize(void) {
  omp_runtime_init();
  return (int)omp_global.stacksize;
}

OMP_EXPORT size_t kmp_get_stacksize_s(void) {
  omp_runtime_init();
  return omp_global.stacksize;
}

/* ---- blocktime ------------------------------------------------------------- */

/* LLVM counts kmp_[sg]et_blocktime in the unit KMP_BLOCKTIME was given in:
 * microseconds for "<n>us", milliseconds otherwise. */
static bool omp_blocktime_in_us(void) {
  const char *text = getenv("KMP_BLOCKTIME");
  if (!text)
    return false;
  size_t len = omp_trim_end(text, strlen(text));
  return len >= 2 && strncasecmp(text + len - 2, "us", 2) == 0;
}

/* LLVM keeps a blocktime per team and thread; ours is the one global spin
 * budget every waiter reads (wait.c), so a call from any thread changes it
 * for all. Negative values mean 0; values past INT_MAX microseconds are
 * capped as LLVM caps them (so "infinite" is only reachable through
 * KMP_BLOCKTIME=infinite or OMP_WAIT_POLICY=active). */
static void omp_set_blocktime(int value) {
  omp_runtime_init();
  int64_t us = value < 0 ? 0 : value;
  if (!omp_blocktime_in_us())
    us = us > INT_MAX / 1000 ? (int64_t)(INT_MAX / 1000) * 1000 : us * 1000;
  __atomic_store_n(&omp_global.blocktime_ns, us * 1000, __ATOMIC_RELAXED);
}

OMP_EXPORT void kmp_set_blocktime(int value) { omp_set_blocktime(value); }
OMP_EXPORT void kmpc_set_blocktime(int value) { omp_set_blocktime(value); }

/* Infinite (spin forever) reads back as INT_MAX, LLVM's KMP_MAX_BLOCKTIME. */
OMP_EXPORT int kmp_get_blocktime(void) {
  omp_runtime_init();
  int64_t ns = __atomic_load_n(&omp_global.blocktime_ns, __ATOMIC_RELAXED);
  if (ns < 0)
    return INT_MAX;
  int64_t value = omp_blocktime_in_us() ? ns / 1000 : ns / 1000000;
  return value > INT_MAX ? INT_MAX : (int)value;
}

/* ---- library mode ----------------------------------------------------------- */

#define OMP_EXT_DEFAULT_BLOCKTIME_NS ((int64_t)200 * 1000 * 1000)

/* 0 until set: then KMP_LIBRARY, else OMP_WAIT_POLICY=active means
 * turnaround, as in LLVM. */
static _Atomic int omp_library;

static int omp_library_now(void) {
  int mode = atomic_load(&omp_library);
  if (mode)
    return mode;
  omp_runtime_init();
  if (omp_global.library)
    return omp_global.library;
  return omp_global.wait_policy == 1 ? OMP_LIBRARY_TURNAROUND
                                     : OMP_LIBRARY_THROUGHPUT;
}

/* LLVM's __kmp_user_set_library: only from serial code of an initial
 * thread; serial sets nthreads-var to 1, the others back to the default
 * team size, and throughput turns an infinite blocktime back into the
 * default one. Any pushed num_threads is dropped too. */
static void omp_set_library(int mode) {
  struct omp_thread *th = omp_self();
  if (th->team->active_level > 0) {
    omp_ext_warn("kmp_set_library must only be called from the top level "
                 "serial thread; ignored");
    return;
  }
  if (mode < OMP_LIBRARY_SERIAL || mode > OMP_LIBRARY_THROUGHPUT)
    omp_fatal(NULL, "kmp_set_library(%d): unknown library type (1 serial, "
                    "2 turnaround, 3 throughput)", mode);
  th->pushed_nthreads = 0;
  th->pushed_nthreads_list = NULL;
  th->task->icvs.nthreads =
      mode == OMP_LIBRARY_SERIAL ? 1 : omp_global.initial_icvs.nthreads;
  if (mode == OMP_LIBRARY_THROUGHPUT &&
      __atomic_load_n(&omp_global.blocktime_ns, __ATOMIC_RELAXED) < 0)
    __atomic_store_n(&omp_global.blocktime_ns, OMP_EXT_DEFAULT_BLOCKTIME_NS,
                     __ATOMIC_RELAXED);
  atomic_store(&omp_library, mode);
}

OMP_EXPORT void kmp_set_library(int mode) { omp_set_library(mode); }
OMP_EXPORT void kmpc_set_library(int mode) { omp_set_library(mode); }
OMP_EXPORT void kmp_set_library_serial(void) { omp_set_library(OMP_LIBRARY_SERIAL); }
OMP_EXPORT void kmp_set_library_turnaround(void) {
  omp_set_library(OMP_LIBRARY_TURNAROUND);
}
OMP_EXPORT void kmp_set_library_throughput(void) {
  omp_set_library(OMP_LIBRARY_THROUGHPUT);
}
OMP_EXPORT int kmp_get_library(void) { return omp_library_now(); }

/* ---- kmp_set_defaults ------------------------------------------------------------ */

/* One "NAME=value" of kmp_set_defaults. The runtime reads its environment
 * once, when it starts, so before that a setting becomes the environment
 * variable it names and takes effect as if the program had been started
 * with it. Afterwards only the process-wide values omp_env_apply_late names
 * can change (LLVM re-parses every setting, but the ICVs it had copied into
 * tasks and threads stay); for the others we say that nothing changed (the
 * routines above change the stack size and library mode at run time).
 * Names the runtime does not read are ignored, as LLVM ignores them. */
static void omp_apply_default(char *entry) {
  char *eq = strchr(entry, '=');
  if (!eq) {
    if (*entry)
      omp_ext_warn("kmp_set_defaults: \"%s\" is not NAME=value; ignored", entry);
    return;
  }
  *eq = '\0';
  char *name = entry, *value = eq + 1;
  while (isspace((unsigned char)*name))
    name++;
  char *end = name + strlen(name);
  while (end > name && isspace((unsigned char)end[-1]))
    *--end = '\0';
  bool ours = strncmp(name, "OMP_", 4) == 0 || strncmp(name, "KMP_", 4) == 0 ||
              strncmp(name, "LIBOMP_", 7) == 0;
  if (!ours)
    return;
  if (omp_ext_initialized()) {
    if (!omp_env_apply_late(name, value))
      omp_ext_warn("kmp_set_defaults: %s has no effect once the OpenMP runtime "
                   "has started (only OMP_TARGET_OFFLOAD, KMP_BLOCKTIME and "
                   "KMP_WARNINGS do); call kmp_set_defaults before any other "
                   "OpenMP call", name);
  } else
    setenv(name, value, 1);
}

/* LLVM's format: settings separated by '|', e.g. "OMP_NUM_THREADS=4|KMP_BLOCKTIME=0". */
static void omp_set_defaults(const char *text) {
  if (!text)
    return;
  char *copy = strdup(text);
  if (!copy)
    omp_fatal(NULL, "out of memory in kmp_set_defaults");
  char *save = NULL;
  for (char *entry = strtok_r(copy, "|", &save); entry;
       entry = strtok_r(NULL, "|", &save))
    omp_apply_default(entry);
  free(copy);
}

OMP_EXPORT void kmp_set_defaults(const char *text) { omp_set_defaults(text); }
OMP_EXPORT void kmpc_set_defaults(const char *text) { omp_set_defaults(text); }

/* ---- warnings, dispatch buffers, thread count ----------------------------- */

OMP_EXPORT void kmp_set_warnings_on(void) {
  atomic_store(&omp_global.warnings_off, false);
}

OMP_EXPORT void kmp_set_warnings_off(void) {
  atomic_store(&omp_global.warnings_off, true);
}

/* The number of dispatch buffers each team gets (how many nowait loops may
 * be in flight before a member waits for the slowest), as LLVM: before
 * start-up only, 1 to 4096, KMP_DISP_NUM_BUFFERS winning; later calls and
 * values out of range change nothing. */
static void omp_set_disp_num_buffers(int nbuffers) {
  if (!omp_runtime_started() && nbuffers >= 1 && nbuffers <= OMP_DISPATCH_BUFFERS_MAX)
    omp_global.dispatch_buffers = (uint32_t)nbuffers;
}

OMP_EXPORT void kmp_set_disp_num_buffers(int n) { omp_set_disp_num_buffers(n); }
OMP_EXPORT void kmpc_set_disp_num_buffers(int n) { omp_set_disp_num_buffers(n); }

/* Threads now in use: initial threads plus workers not idle in the pool
 * (those kept by hot teams included), as LLVM's __kmp_nth. */
OMP_EXPORT int kmp_get_num_known_threads(void) {
  omp_runtime_init();
  return omp_threads_in_use();
}

/* ---- ompc_*: the omp_* setters and queries, by value ------------------------ */

OMP_EXPORT void ompc_set_num_threads(int n) { omp_set_num_threads(n); }
OMP_EXPORT void ompc_set_dynamic(int flag) { omp_set_dynamic(flag); }
OMP_EXPORT void ompc_set_max_active_levels(int levels) {
  omp_set_max_active_levels(levels);
}
OMP_EXPORT void ompc_set_schedule(omp_sched_t kind, int chunk) {
  omp_set_schedule(kind, chunk);
}
OMP_EXPORT int ompc_get_ancestor_thread_num(int level) {
  return omp_get_ancestor_thread_num(level);
}
OMP_EXPORT int ompc_get_team_size(int level) { return omp_get_team_size(level); }

/* Unlike omp_set_nested, LLVM's ompc_set_nested(true) restores the
 * max-active-levels the program started with (OMP_MAX_ACTIVE_LEVELS or its
 * default), not the supported maximum. */
OMP_EXPORT void ompc_set_nested(int flag) {
  omp_runtime_init(); /* the initial ICVs are read from the environment there */
  omp_set_max_active_levels(flag ? omp_global.initial_icvs.max_active_levels : 1);
}

/* ---- __kmpc_*: task ids ------------------------------------------------------ */

/* A task's id is its address: unique among live tasks, never 0. LLVM's
 * release builds do not number tasks and return ~0 for every task. 0 means
 * "no task": a thread the runtime has never seen, or no parent. */
static uint64_t omp_task_id(const struct omp_task *task) {
  return (uint64_t)(uintptr_t)task;
}

OMP_EXPORT uint64_t __kmpc_get_taskid(void) {
  struct omp_thread *th = omp_self_tls;
  return th ? omp_task_id(th->task) : 0;
}

OMP_EXPORT uint64_t __kmpc_get_parent_taskid(void) {
  struct omp_thread *th = omp_self_tls;
  return th ? omp_task_id(th->task->parent) : 0;
}

/* ---- __kmpc_*: num_threads variants ----------------------------------------- */

/* As in LLVM, a no-op: the fork consumes what __kmpc_push_num_threads
 * pushed, so there is nothing left to pop. */
OMP_EXPORT void __kmpc_pop_num_threads(ident_t *loc, int32_t gtid) {
  (void)loc;
  (void)gtid;
}

/* The interned lists: a lock-free stack, searched before a push (two
 * threads interning the same list at once may both add it: harmless). No
 * lock, so nothing to reset in a fork() child. */
static _Atomic(struct omp_nthreads_list *) omp_nthreads_lists;

static const struct omp_nthreads_list *omp_nthreads_list_intern(const int32_t *values,
                                                                int len) {
  struct omp_nthreads_list *head = atomic_load(&omp_nthreads_lists);
  for (struct omp_nthreads_list *l = head; l; l = l->next)
    if (l->len == len && memcmp(l->values, values, sizeof(int) * (size_t)len) == 0)
      return l;
  struct omp_nthreads_list *l = malloc(sizeof(*l) + sizeof(int) * (size_t)len);
  if (!l)
    omp_fatal(NULL, "out of memory keeping a num_threads list");
  l->len = len;
  memcpy(l->values, values, sizeof(int) * (size_t)len);
  l->next = head;
  while (!atomic_compare_exchange_weak(&omp_nthreads_lists, &l->next, l))
    ;
  return l;
}

/* num_threads(n1, n2, ...) (OpenMP 6.0): n1 threads for the next region;
 * inside it, nthreads-var is n2 for the next level, n3 below that, and the
 * last value for every deeper level, in place of OMP_NUM_THREADS's list
 * (LLVM's semantics; its test omp_parallel_num_threads_list.c), also when
 * the region runs on one thread (LLVM 19 drops the list then; the spec
 * gives it to the region's implicit tasks either way). A list of one value
 * is num_threads(n1). A value below 1 changes nothing at its level, as in
 * LLVM: n1 leaves the region to nthreads-var, a later one repeats the
 * level above. */
OMP_EXPORT void __kmpc_push_num_threads_list(ident_t *loc, int32_t gtid,
                                             uint32_t length, int32_t *list) {
  (void)gtid;
  if (length == 0 || !list)
    return;
  struct omp_thread *th = omp_self();
  if (list[0] >= 1)
    th->pushed_nthreads = list[0];
  if (length == 1)
    return;
  if (length > 4096)
    omp_fatal(loc, "num_threads list of %u values: more than 4096 nesting levels",
              (unsigned)length);
  int32_t nested[length - 1];
  int32_t above = list[0] >= 1 ? list[0] : th->task->icvs.nthreads;
  for (uint32_t i = 1; i < length; i++)
    above = nested[i - 1] = list[i] >= 1 ? list[i] : above;
  th->pushed_nthreads_list = omp_nthreads_list_intern(nested, (int)length - 1);
}

static void omp_push_strict(ident_t *loc, int severity, const char *message) {
  struct omp_thread *th = omp_self();
  th->pushed_strict = true;
  th->pushed_strict_severity = severity;
  th->pushed_strict_message = message;
  th->pushed_strict_loc = loc;
}

/* num_threads(strict: n) severity(...) message(...): the region must get
 * n threads, else it is reported as an error directive would be. */
OMP_EXPORT void __kmpc_push_num_threads_strict(ident_t *loc, int32_t gtid,
                                               int32_t nthreads, int severity,
                                               const char *message) {
  (void)gtid;
  if (nthreads > 0)
    omp_self()->pushed_nthreads = nthreads;
  omp_push_strict(loc, severity, message);
}

OMP_EXPORT void __kmpc_push_num_threads_list_strict(ident_t *loc, int32_t gtid,
                                                    uint32_t length,
                                                    int32_t *list, int severity,
                                                    const char *message) {
  __kmpc_push_num_threads_list(loc, gtid, length, list);
  omp_push_strict(loc, severity, message);
}

OMP_EXPORT void __kmpc_error(ident_t *loc, int severity, const char *message);

void omp_num_threads_strict_check(struct omp_thread *th, int requested,
                                  int obtained) {
  if (!th->pushed_strict)
    return;
  th->pushed_strict = false;
  if (obtained >= requested)
    return;
  const char *message = th->pushed_strict_message;
  __kmpc_error(th->pushed_strict_loc, th->pushed_strict_severity,
               message ? message
                       : "Cannot form team with number of threads specified "
                         "by strict num_threads clause.");
}

/* ---- __kmpc_*: older compilers' task and region calls ------------------------ */

/* Runs the current team's outlined region on the calling member, as the
 * launch routine the Intel compiler hands to the fork; returns 1 as LLVM. */
OMP_EXPORT int __kmpc_invoke_task_func(int gtid) {
  (void)gtid;
  struct omp_thread *th = omp_self();
  struct omp_team *team = th->team;
  if (team->serialized || team->is_league || team->microtask == NULL ||
      team->level == 0)
    omp_fatal(NULL, "__kmpc_invoke_task_func: no parallel region is running "
                    "on this thread");
  int32_t member_gtid = th->gtid, member_tid = th->tid;
  omp_invoke_region(team->microtask, &member_gtid, &member_tid, team->argc, team->argv,
                    th->task);
  return 1;
}

/* Queue a task (LLVM: a part of an untied task) without dependences: the
 * same as __kmpc_omp_task, which also runs it at once when it cannot be
 * deferred. Returns 0, TASK_CURRENT_NOT_QUEUED. */
OMP_EXPORT int32_t __kmpc_omp_task_parts(ident_t *loc, int32_t gtid,
                                         kmp_task_t *task) {
  __kmpc_omp_task(loc, gtid, task);
  return 0;
}
