/* hidden_helper.c — the hidden helper team (seed 000, §3.1-3.2).
 *
 * A team of LIBOMP_NUM_HIDDEN_HELPER_THREADS (default 8) threads that exists
 * apart from the user's threads and runs hidden-helper tasks (target tasks),
 * so those progress even when the program has no parallel region or all its
 * threads are busy. Created by the first hidden-helper task, whose thread
 * waits until the team accepts tasks. The encountering thread puts the task
 * on the queue of helper (gtid mod N) and posts the semaphore S_H; idle
 * helpers block on S_H (no CPU), run their own queue first, then steal from
 * the other helpers. The task stays a child of the encountering task and is
 * counted by the encountering team, so taskwait, barriers and the end of the
 * parallel region wait for it.
 */
#include <errno.h>
#include <sched.h>
#include <semaphore.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "config/linux/futex.h"
#include "runtime.h"

#define OMP_HIDDEN_HELPERS_DEFAULT 8

static pthread_once_t omp_hh_config_once = PTHREAD_ONCE_INIT;
static pthread_once_t omp_hh_start_once = PTHREAD_ONCE_INIT;
static int omp_hh_nthreads;     /* N_H; 0 disables the feature */
static int omp_hh_queues;       /* helpers that started: tasks go to their queues */
static struct omp_team *omp_hh_team;
static sem_t omp_hh_sem;        /* S_H */
static _Atomic int omp_hh_started;
static _Atomic int omp_hh_awake; /* helpers not blocked on S_H */

static void omp_hh_configure(void) {
  omp_runtime_init();
  omp_hh_nthreads = omp_global.num_hidden_helper_threads;
  if (!omp_global.use_hidden_helper_task)
    omp_hh_nthreads = 0;
}

bool omp_hidden_helper_enabled(void) {
  pthread_once(&omp_hh_config_once, omp_hh_configure);
  return omp_hh_nthreads > 0;
}

int omp_hidden_helpers_awake(void) {
  return atomic_load_explicit(&omp_hh_awake, memory_order_relaxed);
}

/* A helper that just finished a task stays awake briefly: programs issue
 * target tasks back to back, and a helper caught awake saves the futex
 * wake-up of a sleeping one. Bounded by OMP_HH_SPIN_NS (and by the
 * blocktime: zero under OMP_WAIT_POLICY=passive), so an idle team still
 * sleeps on S_H and burns no CPU. */
#define OMP_HH_SPIN_NS 200000

static bool omp_hh_spin_for_work(void) {
  int64_t budget = __atomic_load_n(&omp_global.blocktime_ns, __ATOMIC_RELAXED);
  if (budget == 0)
    return false;
  if (budget < 0 || budget > OMP_HH_SPIN_NS)
    budget = OMP_HH_SPIN_NS;
  struct timespec start, now;
  clock_gettime(CLOCK_MONOTONIC, &start);
  for (unsigned spins = 1;; spins++) {
    if (sem_trywait(&omp_hh_sem) == 0)
      return true;
    omp_os_cpu_relax();
    if ((spins & 63) == 0) {
      /* Up to N_H helpers may spin at once, more than there are cores:
       * step aside often for the threads that produce the work. */
      sched_yield();
      clock_gettime(CLOCK_MONOTONIC, &now);
      if ((now.tv_sec - start.tv_sec) * 1000000000 + (now.tv_nsec - start.tv_nsec) >
          budget)
        return false;
    }
  }
}

static void *omp_hh_main(void *arg) {
  struct omp_thread *th = arg;
  omp_self_tls = th;
  __atomic_store_n(&th->os_tid, (int)gettid(), __ATOMIC_RELEASE);
  /* Its KMP_HIDDEN_HELPER_AFFINITY place, else not the creator's: a bound
   * creator would otherwise pin every helper onto its own core. */
  if (!omp_affinity_bind_hidden_helper(th->tid, omp_hh_nthreads, th->gtid))
    omp_affinity_unbind_self();
  if (omp_ompt_enabled())
    omp_ompt_thread_begin(th, ompt_thread_worker);
  atomic_fetch_add(&omp_hh_awake, 1);
  atomic_fetch_add(&omp_hh_started, 1);
  for (;;) {
    struct omp_task *task;
    while ((task = omp_task_find(omp_hh_team, th->tid, NULL)) != NULL)
      omp_task_execute(th, task);
    if (omp_hh_spin_for_work())
      continue;
    atomic_fetch_sub(&omp_hh_awake, 1);
    while (sem_wait(&omp_hh_sem) != 0 && errno == EINTR)
      ;
    atomic_fetch_add(&omp_hh_awake, 1);
  }
  return NULL;
}

/* In a forked child the helper threads are gone: the next helper task
 * starts a new team (tasks queued before the fork are lost with them). */
void omp_hidden_helper_after_fork(void) {
  omp_hh_start_once = (pthread_once_t)PTHREAD_ONCE_INIT;
  omp_hh_team = NULL;
  atomic_store(&omp_hh_started, 0);
  atomic_store(&omp_hh_awake, 0);
}

static void omp_hh_start(void) {
  int n = omp_hh_nthreads;
  struct omp_team *team = aligned_alloc(OMP_CACHE_LINE, sizeof(*team));
  struct omp_thread **threads = calloc((size_t)n, sizeof(*threads));
  struct omp_task *tasks = calloc((size_t)n, sizeof(*tasks));
  if (!team || !threads || !tasks)
    omp_fatal(NULL, "out of memory creating the hidden helper team");
  memset(team, 0, sizeof(*team));
  omp_dispatch_buffers_alloc(team); /* (no worksharing in tasks, but safe) */
  team->nthreads = team->capacity = n;
  team->threads = threads;
  team->implicit_tasks = tasks;
  team->is_hidden_helper = true;
  omp_barrier_init(&team->barrier);
  atomic_store(&team->tasks.used, true);
  if (sem_init(&omp_hh_sem, 0, 0) != 0)
    omp_fatal(NULL, "cannot create the hidden helper semaphore");
  for (int i = 0; i < n; i++) {
    tasks[i].icvs = omp_global.initial_icvs;
    tasks[i].implicit = true;
    tasks[i].team = team;
    /* Each helper forks (a region on the x86_64 offload device) as an
     * initial thread does: a contention group of its own. */
    omp_cg_start(&tasks[i]);
  }
  omp_hh_team = team;
  /* Queues exist before any helper runs, so tasks can be accepted at once. */
  omp_task_find(team, 0, NULL);
  for (int i = 0; i < n; i++) {
    struct omp_thread *th = calloc(1, sizeof(*th));
    if (!th)
      omp_fatal(NULL, "out of memory creating a hidden helper thread");
    omp_assign_hidden_helper_gtid(th, i);
    th->place = -1;
    th->team = team;
    th->tid = i;
    th->task = &tasks[i];
    threads[i] = th;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    if (omp_global.stacksize)
      pthread_attr_setstacksize(&attr, omp_global.stacksize);
    int rc = pthread_create(&th->pthread, &attr, omp_hh_main, th);
    pthread_attr_destroy(&attr);
    if (rc != 0) {
      /* The system refuses threads: the helpers that exist run the tasks.
       * Submissions go to their queues only; the team keeps its size (the
       * helpers already running read it), and they also look at the rest,
       * which stay empty. */
      if (i == 0)
        omp_fatal(NULL, "cannot create a hidden helper thread: %s", strerror(rc));
      omp_warn("cannot create hidden helper thread %d of %d (%s): %d helpers run "
               "the hidden helper tasks", i, n, strerror(rc), i);
      omp_gtid_retract(th->gtid);
      free(th);
      threads[i] = NULL;
      n = i;
      break;
    }
    omp_live_threads_add(1);
  }
  omp_hh_queues = n;
  /* The encountering thread waits until the team accepts tasks. */
  while (atomic_load(&omp_hh_started) < n)
    sched_yield();
}

void omp_hidden_helper_submit(struct omp_thread *th, struct omp_task *task) {
  pthread_once(&omp_hh_start_once, omp_hh_start);
  int queue = th ? th->gtid % omp_hh_queues : 0;
  omp_task_enqueue_always(omp_hh_team, queue, task);
  sem_post(&omp_hh_sem);
}

bool omp_is_hidden_helper_team(const struct omp_team *team) {
  return team->is_hidden_helper;
}
