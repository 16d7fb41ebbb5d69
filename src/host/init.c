/* init.c — start-up and the global thread table.
 *
 * The runtime initialises lazily, on the first call that needs it (as LLVM's
 * libomp does), so a program may still set OMP_* variables with setenv()
 * before its first OpenMP construct. Every thread that calls into the runtime
 * gets a global thread id (gtid): user threads become initial ("root")
 * threads with a level-0 team of their own; workers are created by thread.c.
 */
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runtime.h"

struct omp_global omp_global;

__thread struct omp_thread *omp_self_tls
    __attribute__((tls_model("initial-exec")));

#define OMP_MAX_GTIDS 65536
static struct omp_thread *_Atomic omp_threads[OMP_MAX_GTIDS];
static _Atomic int omp_next_gtid;
static pthread_once_t omp_init_once = PTHREAD_ONCE_INIT;
static pthread_key_t omp_root_key;

static void omp_root_exit(void *arg);

static _Atomic bool omp_started;

static void omp_do_init(void) {
  atomic_store(&omp_started, true);
  omp_env_init();
  omp_atfork_install();
  pthread_key_create(&omp_root_key, omp_root_exit);
}

/* The tool starts after the rest (it may ask the runtime anything), and a
 * call its initializer makes back into start-up returns at once. Other
 * threads wait for it: none reports an event before the tool has chosen
 * its callbacks. */
static _Atomic int omp_tool_state; /* 0 not started, 1 starting, 2 done */
/* This thread is the one starting the tool. Its own: a shared record of the
 * starter, written after the state turned 1, was read by threads that saw
 * the 1 first (a data race TSan reported on libgomp's icv-2.c). */
static __thread bool omp_tls_tool_starter __attribute__((tls_model("initial-exec")));

static void omp_start_tool_once(void) {
  int expected = 0;
  if (atomic_load_explicit(&omp_tool_state, memory_order_acquire) == 2)
    return;
  if (atomic_compare_exchange_strong(&omp_tool_state, &expected, 1)) {
    omp_tls_tool_starter = true;
    omp_ompt_start();
    omp_tls_tool_starter = false;
    atomic_store_explicit(&omp_tool_state, 2, memory_order_release);
    return;
  }
  if (expected == 1 && omp_tls_tool_starter)
    return;
  while (atomic_load_explicit(&omp_tool_state, memory_order_acquire) != 2)
    sched_yield();
}

void omp_runtime_init(void) {
  pthread_once(&omp_init_once, omp_do_init);
  omp_start_tool_once();
}

bool omp_runtime_started(void) { return atomic_load(&omp_started); }

struct omp_thread *omp_thread_by_gtid(int gtid) {
  if (gtid < 0 || gtid >= OMP_MAX_GTIDS)
    return NULL;
  return atomic_load_explicit(&omp_threads[gtid], memory_order_acquire);
}

/* Threads of the process the runtime knows that exist now: registered
 * user threads until they end, workers (busy or pooled) and hidden helpers
 * until they end. What __kmpc_global_num_threads reports (LLVM's
 * __kmp_all_nth): a gtid count would also count ended threads, and in a
 * forked child the parent's. */
static _Atomic int omp_live_threads;

void omp_live_threads_add(int delta) { atomic_fetch_add(&omp_live_threads, delta); }

static int omp_publish_gtid(struct omp_thread *th, int gtid) {
  if (gtid >= OMP_MAX_GTIDS)
    omp_fatal(NULL, "more than %d threads have used the OpenMP runtime",
              OMP_MAX_GTIDS);
  th->gtid = gtid;
  atomic_store_explicit(&omp_threads[gtid], th, memory_order_release);
  return gtid;
}

/* Hand out a gtid and publish the thread under it. Numbered as LLVM
 * numbers them (its tasking/hidden_helper_task/gtid.cpp checks it): the
 * first initial thread 0, the hidden helper threads 1..N (kept for them
 * whether or not they are ever made; the configuration is read before any
 * second thread registers), every other thread after them. */
int omp_assign_gtid(struct omp_thread *th) {
  int count = atomic_fetch_add(&omp_next_gtid, 1);
  int helpers = omp_global.use_hidden_helper_task ? omp_global.num_hidden_helper_threads : 0;
  return omp_publish_gtid(th, count == 0 ? 0 : count + helpers);
}

/* Hidden helper `index` (0-based) of the team hidden_helper.c makes. */
int omp_assign_hidden_helper_gtid(struct omp_thread *th, int index) {
  return omp_publish_gtid(th, 1 + index);
}

/* A thread that never started gives its record up: gtid names nobody
 * (the number itself is not handed out again). */
void omp_gtid_retract(int gtid) {
  atomic_store_explicit(&omp_threads[gtid], NULL, memory_order_release);
}

/* The records of user threads that ended, for the next ones: a record
 * keeps its gtid, its level-0 team and implicit task, its task memory cache
 * and its top-level team's memory, so a program that starts threads for
 * ever neither grows nor runs out of gtids (before, every user thread left
 * about 6 KB and a gtid behind: the 65537th to use OpenMP was a fatal error;
 * LLVM 19 reuses gtids and memory too). Records are never freed: a task that completed
 * just before its thread ended may still be leaving its team's counters or
 * handing its memory back to the cache. */
static _Atomic uint32_t omp_root_free_lock;
static struct omp_thread *omp_root_free;

static struct omp_thread *omp_root_record_take(void) {
  omp_mutex_lock(&omp_root_free_lock);
  struct omp_thread *th = omp_root_free;
  if (th)
    omp_root_free = th->pool_next;
  omp_mutex_unlock(&omp_root_free_lock);
  return th;
}

/* A fresh record, or an ended thread's made fresh: what its last thread left
 * in the level-0 team is what a thread between regions leaves there. */
static struct omp_thread *omp_root_record(void) {
  struct omp_thread *th = omp_root_record_take();
  if (th) {
    struct omp_team *team = th->root_team, *hot = th->hot_team, *serial = th->serial_teams;
    void *mem_cache = th->mem_cache;
    int gtid = th->gtid;
    memset(th, 0, sizeof(*th));
    th->gtid = gtid;
    th->root_team = team;
    th->hot_team = hot;
    th->serial_teams = serial;
    th->mem_cache = mem_cache;
    struct omp_task *task = team->implicit_tasks;
    omp_deps_free_children(task);
    memset(task, 0, sizeof(*task));
    omp_cg_start(task);
    return th;
  }
  th = calloc(1, sizeof(*th));
  struct omp_team *team = calloc(1, sizeof(*team));
  struct omp_thread **slots = calloc(1, sizeof(*slots));
  struct omp_task *task = calloc(1, sizeof(*task));
  if (!th || !team || !slots || !task)
    omp_fatal(NULL, "out of memory registering a thread");
  omp_assign_gtid(th);
  omp_dispatch_buffers_alloc(team);
  team->nthreads = 1;
  team->capacity = 1;
  team->threads = slots;
  team->implicit_tasks = task;
  slots[0] = th;
  omp_barrier_init(&team->barrier);
  omp_cg_start(task);
  th->root_team = team;
  return th;
}

struct omp_thread *omp_register_root(void) {
  omp_runtime_init();
  if (omp_self_tls) /* the tool's initializer called the runtime */
    return omp_self_tls;
  struct omp_thread *th = omp_root_record();
  struct omp_team *team = th->root_team;
  struct omp_task *task = team->implicit_tasks;
  omp_threads_busy_add(1);
  omp_live_threads_add(1);
  th->is_root = true;
  th->place = -1;
  th->os_tid = (int)gettid();
  task->icvs = omp_global.initial_icvs;
  task->implicit = true;
  task->team = team;
  th->team = team;
  th->tid = 0;
  th->task = task;
  omp_self_tls = th;
  /* A user thread that ends takes its state along; the main thread's
   * state simply lives until exit. */
  pthread_setspecific(omp_root_key, th);
  if (omp_ompt_enabled())
    omp_ompt_thread_begin(th, ompt_thread_initial);
  return th;
}

/* A user thread that used OpenMP exited: give its hot team's workers back,
 * and its record to the next user thread when nothing of it is left
 * running — it ended between regions, with every task it made complete
 * (one that ends inside a region, or with a detached task unfulfilled,
 * keeps its record, as every thread did before). */
static void omp_root_exit(void *arg) {
  struct omp_thread *th = arg;
  if (omp_ompt_enabled())
    omp_ompt_thread_end(th);
  omp_hot_teams_release(th);
  free(th->nested_hot_teams);
  th->nested_hot_teams = NULL;
  th->nested_hot_len = 0;
  omp_team_spare_free(th);
  omp_threads_busy_add(-1);
  omp_live_threads_add(-1);
  omp_task_flush_pending(th); /* what it still owes its team's task count */
  /* A later destructor of this thread that calls the runtime registers
   * afresh rather than use a record another thread may have taken. */
  omp_self_tls = NULL;
  struct omp_team *team = th->root_team;
  if (th->team != team ||
      atomic_load_explicit(&team->implicit_tasks[0].incomplete_children,
                           memory_order_acquire) != 0 ||
      atomic_load_explicit(&team->tasks.pending, memory_order_acquire) != 0)
    return;
  omp_threadprivate_forget_thread(th->gtid);
  omp_mutex_lock(&omp_root_free_lock);
  th->pool_next = omp_root_free;
  omp_root_free = th;
  omp_mutex_unlock(&omp_root_free_lock);
}

/* A child of fork() has one thread: the records stay, the lock is free. */
void omp_roots_after_fork(void) {
  atomic_store(&omp_root_free_lock, 0);
  atomic_store(&omp_live_threads, omp_self_tls ? 1 : 0);
}

/* ---- entry points -------------------------------------------------------- */

OMP_EXPORT void __kmpc_begin(ident_t *loc, int32_t flags) {
  (void)loc;
  (void)flags;
  omp_runtime_init();
}

OMP_EXPORT void __kmpc_end(ident_t *loc) { (void)loc; }

OMP_EXPORT int32_t __kmpc_global_thread_num(ident_t *loc) {
  (void)loc;
  return omp_self()->gtid;
}

OMP_EXPORT int32_t __kmpc_global_num_threads(ident_t *loc) {
  (void)loc;
  omp_self(); /* the caller counts */
  return atomic_load(&omp_live_threads);
}

OMP_EXPORT int32_t __kmpc_bound_thread_num(ident_t *loc) {
  (void)loc;
  return omp_self()->tid;
}

OMP_EXPORT int32_t __kmpc_bound_num_threads(ident_t *loc) {
  (void)loc;
  return omp_self()->team->nthreads;
}

OMP_EXPORT int32_t __kmpc_in_parallel(ident_t *loc) {
  (void)loc;
  return omp_self()->team->active_level > 0;
}

OMP_EXPORT int32_t __kmpc_ok_to_fork(ident_t *loc) {
  (void)loc;
  return 1;
}
