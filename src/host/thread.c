/* thread.c — worker threads and the idle pool.
 *
 * Workers are created once and reused: between regions a worker waits on its
 * own fork word (spin, then futex), the master of the next team writes the
 * team into it and bumps the word. Idle workers not in any team sit in a
 * LIFO pool so the most recently used (warm) thread goes out first.
 */
#include <errno.h>
#include <sched.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

#include "runtime.h"

static pthread_mutex_t omp_pool_lock = PTHREAD_MUTEX_INITIALIZER;
static struct omp_thread *omp_pool_head;
static _Atomic int omp_busy_threads; /* roots and workers not in the pool */
/* Held by a fork that sizes its team against a thread limit in force
 * (OMP_THREAD_LIMIT, a teams thread_limit) from counting free threads until
 * it has taken them: two forks at once must not both count the same ones
 * (LLVM's fork/join lock does the same). Forks without a limit never take it. */
static pthread_mutex_t omp_limit_lock = PTHREAD_MUTEX_INITIALIZER;

void omp_thread_limit_lock(void) { pthread_mutex_lock(&omp_limit_lock); }
void omp_thread_limit_unlock(void) { pthread_mutex_unlock(&omp_limit_lock); }

int omp_threads_in_use(void) {
  return atomic_load_explicit(&omp_busy_threads, memory_order_relaxed);
}

void omp_threads_busy_add(int delta) {
  atomic_fetch_add_explicit(&omp_busy_threads, delta, memory_order_relaxed);
}

static bool omp_join_released(void *arg) {
  struct omp_team *team = arg;
  return atomic_load(&team->join_done) != 0;
}

/* Run tasks of `team` until its master's join is done; the caller counted
 * itself (or was counted) in join_helpers. */
static void omp_worker_help_join(struct omp_thread *th, struct omp_team *team) {
  th->team = team;
  th->task = &team->implicit_tasks[th->tid];
  omp_task_wait(th, omp_join_released, team);
  th->team = NULL;
  th->task = NULL;
  atomic_fetch_sub(&team->join_helpers, 1);
}

/* ---- OMPT: a worker's implicit task ------------------------------------------ */

static void omp_ompt_worker_begin(struct omp_thread *th, struct omp_team *team, int tid) {
  th->ompt_state = ompt_state_work_parallel;
  ompt_callback_implicit_task_t implicit = OMPT_CB(implicit_task);
  if (implicit)
    implicit(ompt_scope_begin, &team->ompt_parallel_data, &th->task->ompt_task_data,
             (unsigned)team->nthreads, (unsigned)tid,
             team->is_league ? ompt_task_initial : ompt_task_implicit);
}

/* Arriving at the join, as at the region's implicit barrier. The barrier
 * ends, and the implicit task with it, only when the worker is sure to be
 * done with the region: at its next fork (a worker that left may still be
 * called back to run the region's tasks), as LLVM's workers report them
 * on leaving their fork barrier. The region may be reused by then, so
 * what the end needs is kept in the thread. */
static void omp_ompt_worker_arrive(struct omp_thread *th, struct omp_team *team) {
  struct omp_ompt_worker_end *end = &th->ompt_worker_end;
  end->sync_kind = team->is_league ? ompt_sync_region_barrier_teams
                                   : ompt_sync_region_barrier_implicit_parallel;
  end->task_flags = team->is_league ? ompt_task_initial : ompt_task_implicit;
  end->index = th->tid;
  end->codeptr = NULL; /* a worker's barrier is no construct of its own (LLVM's) */
  omp_ompt_sync(end->sync_kind, ompt_scope_begin, &team->ompt_parallel_data,
                &th->task->ompt_task_data, end->codeptr);
  th->ompt_state = ompt_state_wait_barrier_implicit_parallel;
  end->task_data = th->task->ompt_task_data;
  end->pending = true;
}

/* (Inlined into the worker's loop: a region without a tool costs a test.) */
static inline void omp_ompt_worker_end(struct omp_thread *th) {
  struct omp_ompt_worker_end *end = &th->ompt_worker_end;
  if (OMP_LIKELY(!end->pending))
    return;
  end->pending = false;
  omp_ompt_sync(end->sync_kind, ompt_scope_end, NULL, &end->task_data, end->codeptr);
  ompt_callback_implicit_task_t implicit = OMPT_CB(implicit_task);
  if (implicit)
    implicit(ompt_scope_end, NULL, &end->task_data, 0, (unsigned)end->index,
             end->task_flags);
  th->ompt_state = ompt_state_idle;
}

static void omp_worker_run_team(struct omp_thread *th) {
  struct omp_team *team = th->next_team;
  int tid = th->next_tid;
  th->team = team;
  th->tid = tid;
  th->task = &team->implicit_tasks[tid];
  th->single_count = 0;
  omp_dispatch_enter_team(th);
  bool ompt = omp_ompt_enabled();
  if (ompt)
    omp_ompt_worker_begin(th, team, tid);
  int32_t gtid = th->gtid, btid = tid;
  omp_invoke_region(team->microtask, &gtid, &btid, team->argc, team->argv, th->task);
  /* (a league's teams share no barrier: their initial threads only join) */
  if (OMP_UNLIKELY(omp_global.cancellation) && !team->is_league)
    omp_cancel_region_end(th, team);
  if (ompt)
    omp_ompt_worker_arrive(th, team);
  /* Join. Without tasks the team may be reused or freed the moment we
   * arrive; with tasks we stay to run them until the master is done.
   * Without tasks yet, we say where we left: a member still in the region
   * may make the first task and call us back (omp_join_recall). Record,
   * then look (and the creator sets `used`, then looks): one of us sees
   * the other, and the exchange decides who counts us as a helper. */
  omp_task_flush_pending(th); /* the tasks it counted, before it arrives */
  uint64_t region = team->region_id;
  atomic_store(&th->left_region, region);
  bool help = false;
  if (atomic_load(&team->tasks.used)) {
    uint64_t expected = region;
    help = atomic_compare_exchange_strong(&th->left_region, &expected, 0);
  }
  if (help)
    atomic_fetch_add(&team->join_helpers, 1);
  /* A master waiting with tasks sleeps on the work word: signal it after
   * arriving, and hold `signalers` so it does not free the team under us. */
  atomic_fetch_add(&team->tasks.signalers, 1);
  atomic_fetch_add(&team->join.value, 1);
  omp_wake_all(&team->join);
  omp_team_signal_work(team);
  atomic_fetch_sub(&team->tasks.signalers, 1);
  if (help) {
    omp_worker_help_join(th, team);
    return;
  }
  th->team = NULL;
  th->task = NULL;
}

/* The first task of `team`'s region was just made (its maker is a member
 * still in the region, so the master's join waits for it): call back the
 * workers that already left the join. Each is counted in join_helpers here,
 * before the task can complete, so the master cannot pass its join
 * without them; the fork bump wakes them (omp_worker_main). */
void omp_join_recall(struct omp_team *team) {
  uint64_t region = team->region_id;
  for (int i = 1; i < team->nthreads; i++) {
    struct omp_thread *worker = team->threads[i];
    uint64_t expected = region;
    if (atomic_load(&worker->left_region) != region ||
        !atomic_compare_exchange_strong(&worker->left_region, &expected, 0))
      continue;
    atomic_fetch_add(&team->join_helpers, 1);
    atomic_store(&worker->recall, team);
    atomic_fetch_add(&worker->fork.value, 1);
    omp_wake_all(&worker->fork);
  }
}

static void *omp_worker_main(void *arg) {
  struct omp_thread *th = arg;
  omp_self_tls = th;
  __atomic_store_n(&th->os_tid, (int)gettid(), __ATOMIC_RELEASE); /* display.c */
  if (omp_ompt_enabled())
    omp_ompt_thread_begin(th, ompt_thread_worker);
  for (;;) {
    omp_wait_fork(&th->fork, th->fork_seen);
    th->fork_seen = atomic_load_explicit(&th->fork.value, memory_order_acquire);
    if (th->exit_requested)
      break;
    /* A recall and the next fork never meet: the master forks again only
     * after its join, which waits for the recalled helper. */
    struct omp_team *recalled = atomic_exchange(&th->recall, NULL);
    if (recalled) {
      omp_worker_help_join(th, recalled);
      continue;
    }
    omp_ompt_worker_end(th);
    omp_worker_run_team(th);
  }
  omp_ompt_worker_end(th);
  if (omp_ompt_enabled())
    omp_ompt_thread_end(th);
  omp_live_threads_add(-1);
  atomic_store_explicit(&th->exited, true, memory_order_release);
  return NULL;
}

/* At exit with a tool (ompt.c): the idle workers end as threads do, so the
 * tool hears of their regions' ends and of their own, as LLVM's workers
 * end at shutdown. The exiting initial thread's hot team goes back to the
 * pool first, and the pool empties: whatever OpenMP the rest of the exit
 * runs gets new workers. Busy workers (another thread's region) are left
 * alone, and a worker that does not end within a second is not waited for. */
void omp_threads_end_for_tool(struct omp_thread *root) {
  if (root && root->hot_team && root->team == root->root_team)
    omp_hot_teams_release(root);
  pthread_mutex_lock(&omp_pool_lock);
  struct omp_thread *idle = omp_pool_head;
  omp_pool_head = NULL;
  pthread_mutex_unlock(&omp_pool_lock);
  for (struct omp_thread *th = idle; th; th = th->pool_next) {
    th->exit_requested = true;
    atomic_fetch_add(&th->fork.value, 1);
    omp_wake_all(&th->fork);
  }
  int64_t deadline = omp_now_ns() + 1000000000;
  for (struct omp_thread *th = idle; th; th = th->pool_next)
    while (!atomic_load_explicit(&th->exited, memory_order_acquire) &&
           omp_now_ns() < deadline)
      sched_yield();
}

/* A new worker, or NULL when the system refuses one (threads or memory
 * exhausted): the team being formed is then smaller (OpenMP lets a team
 * have fewer threads than asked for; LLVM 19 stops the program instead),
 * and the first refusal is reported. */
static struct omp_thread *omp_worker_create(void) {
  struct omp_thread *th = calloc(1, sizeof(*th));
  int rc = ENOMEM;
  if (th) {
    th->place = -1;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    if (omp_global.stacksize)
      pthread_attr_setstacksize(&attr, omp_global.stacksize);
    omp_assign_gtid(th);
    rc = pthread_create(&th->pthread, &attr, omp_worker_main, th);
    pthread_attr_destroy(&attr);
    if (rc == 0) {
      omp_live_threads_add(1);
      return th;
    }
    omp_gtid_retract(th->gtid); /* nothing may find the freed record */
    free(th);
  }
  static atomic_bool reported;
  if (!atomic_exchange(&reported, true))
    omp_warn("cannot create more worker threads (%s; %d in use): teams get fewer "
             "threads than asked for", strerror(rc), omp_threads_in_use());
  return NULL;
}

/* In a forked child only the forking thread exists: the pool's workers
 * are names of threads that are gone, and its lock may have been held by
 * one of them. */
void omp_threads_after_fork(void) {
  pthread_mutex_init(&omp_pool_lock, NULL);
  pthread_mutex_init(&omp_limit_lock, NULL);
  omp_pool_head = NULL;
  atomic_store(&omp_busy_threads, omp_self_tls ? 1 : 0);
  if (omp_self_tls) { /* its hot teams' workers are gone too */
    omp_self_tls->hot_team = NULL;
    for (int i = 0; i < omp_self_tls->nested_hot_len; i++)
      omp_self_tls->nested_hot_teams[i] = NULL;
  }
}

/* A worker for a new team: from the pool, or a new one; NULL when none
 * can be created. */
struct omp_thread *omp_pool_acquire(void) {
  pthread_mutex_lock(&omp_pool_lock);
  struct omp_thread *th = omp_pool_head;
  if (th)
    omp_pool_head = th->pool_next;
  pthread_mutex_unlock(&omp_pool_lock);
  if (!th && !(th = omp_worker_create()))
    return NULL;
  atomic_fetch_add_explicit(&omp_busy_threads, 1, memory_order_relaxed);
  return th;
}

void omp_pool_release(struct omp_thread *th) {
  omp_nested_hot_teams_release(th); /* a pooled worker reserves no threads */
  atomic_fetch_sub_explicit(&omp_busy_threads, 1, memory_order_relaxed);
  pthread_mutex_lock(&omp_pool_lock);
  th->pool_next = omp_pool_head;
  omp_pool_head = th;
  pthread_mutex_unlock(&omp_pool_lock);
}

/* Start worker `th` as member `tid` of `team`. */
void omp_worker_start(struct omp_thread *th, struct omp_team *team, int tid) {
  th->next_team = team;
  th->next_tid = tid;
  atomic_fetch_add(&th->fork.value, 1);
  omp_wake_all(&th->fork);
}
