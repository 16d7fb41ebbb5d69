/* task_queue.c — where ready tasks wait and who runs them.
 *
 * Each team member owns a deque (set up on the team's first explicit task):
 * the owner pushes and pops at the tail, so it runs its newest task first
 * (cache-warm, depth-first), and idle members steal the oldest task at the
 * head of a victim's deque (breadth-first, large pieces of work). A full
 * deque makes the producer run the task itself: the throttle that keeps a
 * task-spawning loop from exhausting memory.
 *
 * Tasks with priority > 0 go instead to one team-wide max-heap, ordered by
 * priority and then arrival, that every member consults before its deque,
 * so the highest-priority ready task is the next one any member starts.
 * Programs that never give a priority never create the heap; their only
 * cost is one load of `prio_count` (0) in a read-mostly cache line.
 *
 * Waiting for tasks (taskwait, taskgroup, barriers, the join) goes through
 * omp_task_wait(): run ready tasks while the condition is false, then sleep
 * on the team's work word, which producers and finishing tasks bump when
 * somebody waits.
 */
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "config/linux/futex.h"
#include "runtime.h"

#define OMP_DEQUE_INITIAL 256

/* The small spin lock of a deque or of the priority heap: held only for a
 * few loads and stores. */
static void omp_spin_lock(_Atomic uint32_t *lock) {
  for (;;) {
    if (atomic_exchange_explicit(lock, 1, memory_order_acquire) == 0)
      return;
    while (atomic_load_explicit(lock, memory_order_relaxed))
      omp_os_cpu_relax();
  }
}

static void omp_spin_unlock(_Atomic uint32_t *lock) {
  atomic_store_explicit(lock, 0, memory_order_release);
}

static void omp_deque_lock(struct omp_task_deque *dq) { omp_spin_lock(&dq->lock); }
static void omp_deque_unlock(struct omp_task_deque *dq) { omp_spin_unlock(&dq->lock); }

/* Set up the team's deques once; racing first producers agree by CAS. */
static struct omp_task_deque *omp_team_deques(struct omp_team *team) {
  struct omp_task_deque *dqs =
      __atomic_load_n(&team->tasks.deques, __ATOMIC_ACQUIRE);
  if (OMP_LIKELY(dqs != NULL))
    return dqs;
  int n = team->capacity;
  struct omp_task_deque *fresh = aligned_alloc(OMP_CACHE_LINE, sizeof(*fresh) * (size_t)n);
  if (!fresh)
    omp_fatal(team->loc, "out of memory setting up task queues");
  memset(fresh, 0, sizeof(*fresh) * (size_t)n);
  for (int i = 0; i < n; i++) {
    fresh[i].capacity = OMP_DEQUE_INITIAL;
    fresh[i].ring = malloc(sizeof(struct omp_task *) * OMP_DEQUE_INITIAL);
    if (!fresh[i].ring)
      omp_fatal(team->loc, "out of memory setting up task queues");
  }
  struct omp_task_deque *expected = NULL;
  if (__atomic_compare_exchange_n(&team->tasks.deques, &expected, fresh, false,
                                  __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
    team->tasks.ndeques = n;
    return fresh;
  }
  for (int i = 0; i < n; i++)
    free(fresh[i].ring);
  free(fresh);
  return expected;
}

/* ---- the priority heap ------------------------------------------------ */

struct omp_prio_entry {
  int priority;
  uint64_t seq; /* arrival: equal priorities run first come, first served */
  struct omp_task *task;
};

struct omp_prio_queue {
  _Atomic uint32_t lock;
  uint32_t count, capacity;
  uint64_t next_seq;
  struct omp_prio_entry *heap;
};

static bool omp_prio_before(const struct omp_prio_entry *a, const struct omp_prio_entry *b) {
  return a->priority > b->priority || (a->priority == b->priority && a->seq < b->seq);
}

static void omp_prio_swap(struct omp_prio_entry *heap, uint32_t i, uint32_t j) {
  struct omp_prio_entry tmp = heap[i];
  heap[i] = heap[j];
  heap[j] = tmp;
}

static void omp_prio_sift_up(struct omp_prio_entry *heap, uint32_t i) {
  while (i > 0 && omp_prio_before(&heap[i], &heap[(i - 1) / 2])) {
    omp_prio_swap(heap, i, (i - 1) / 2);
    i = (i - 1) / 2;
  }
}

static void omp_prio_sift_down(struct omp_prio_entry *heap, uint32_t count, uint32_t i) {
  for (;;) {
    uint32_t best = i, l = 2 * i + 1, r = l + 1;
    if (l < count && omp_prio_before(&heap[l], &heap[best]))
      best = l;
    if (r < count && omp_prio_before(&heap[r], &heap[best]))
      best = r;
    if (best == i)
      return;
    omp_prio_swap(heap, i, best);
    i = best;
  }
}

static struct omp_prio_queue *omp_team_prio(struct omp_team *team) {
  struct omp_prio_queue *q = __atomic_load_n(&team->tasks.prio, __ATOMIC_ACQUIRE);
  if (OMP_LIKELY(q != NULL))
    return q;
  struct omp_prio_queue *fresh = calloc(1, sizeof(*fresh));
  if (!fresh)
    omp_fatal(team->loc, "out of memory setting up the task priority queue");
  struct omp_prio_queue *expected = NULL;
  if (__atomic_compare_exchange_n(&team->tasks.prio, &expected, fresh, false,
                                  __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
    return fresh;
  free(fresh);
  return expected;
}

static void omp_prio_push(struct omp_team *team, struct omp_task *task) {
  struct omp_prio_queue *q = omp_team_prio(team);
  omp_spin_lock(&q->lock);
  if (q->count == q->capacity) {
    uint32_t cap = q->capacity ? q->capacity * 2 : 64;
    struct omp_prio_entry *heap = realloc(q->heap, sizeof(*heap) * cap);
    if (!heap)
      omp_fatal(team->loc, "out of memory growing the task priority queue");
    q->heap = heap;
    q->capacity = cap;
  }
  uint32_t i = q->count++;
  q->heap[i] = (struct omp_prio_entry){task->priority, q->next_seq++, task};
  omp_prio_sift_up(q->heap, i);
  atomic_store_explicit(&team->tasks.prio_count, (int32_t)q->count, memory_order_relaxed);
  omp_spin_unlock(&q->lock);
}

static bool omp_task_allowed(const struct omp_task *candidate,
                             const struct omp_task *current);

/* The best task `current` may start; a thread under the scheduling
 * constraint skips the ones it may not start (rare: a linear scan). */
static struct omp_task *omp_prio_pop(struct omp_team *team, const struct omp_task *current) {
  struct omp_prio_queue *q = __atomic_load_n(&team->tasks.prio, __ATOMIC_ACQUIRE);
  if (!q)
    return NULL;
  omp_spin_lock(&q->lock);
  struct omp_task *task = NULL;
  uint32_t pick = 0;
  if (q->count && !omp_task_allowed(q->heap[0].task, current)) {
    pick = q->count;
    for (uint32_t i = 1; i < q->count; i++)
      if (omp_task_allowed(q->heap[i].task, current) &&
          (pick == q->count || omp_prio_before(&q->heap[i], &q->heap[pick])))
        pick = i;
  }
  if (pick < q->count) {
    task = q->heap[pick].task;
    q->heap[pick] = q->heap[--q->count];
    if (pick < q->count) {
      omp_prio_sift_down(q->heap, q->count, pick);
      omp_prio_sift_up(q->heap, pick);
    }
    atomic_store_explicit(&team->tasks.prio_count, (int32_t)q->count, memory_order_relaxed);
  }
  omp_spin_unlock(&q->lock);
  return task;
}

void omp_team_tasks_free(struct omp_team *team) {
  /* The implicit tasks' dependence hashes go with the team (a fork resets
   * them for the next region; a team freed after its last one kept them). */
  for (int i = 0; team->implicit_tasks && i < team->capacity; i++)
    omp_deps_free_children(&team->implicit_tasks[i]);
  struct omp_prio_queue *q = team->tasks.prio;
  if (q) {
    free(q->heap);
    free(q);
    team->tasks.prio = NULL;
  }
  struct omp_task_deque *dqs = team->tasks.deques;
  if (!dqs)
    return;
  for (int i = 0; i < team->capacity; i++)
    free(dqs[i].ring);
  free(dqs);
  team->tasks.deques = NULL;
}

/* Tell waiters of `team` that something changed (a task queued or done). */
void omp_team_signal_work(struct omp_team *team) {
  if (atomic_load(&team->tasks.waiters) > 0) {
    atomic_fetch_add(&team->tasks.work.value, 1);
    omp_wake_all(&team->tasks.work);
  }
}

/* Queue a ready task on member `tid`'s deque of `team`. Returns false when
 * the deque is full (the caller runs the task itself). */
bool omp_task_enqueue(struct omp_team *team, int tid, struct omp_task *task) {
  if (OMP_UNLIKELY(task->priority > 0)) {
    omp_prio_push(team, task);
    return true;
  }
  struct omp_task_deque *dq = &omp_team_deques(team)[tid];
  omp_deque_lock(dq);
  if (dq->count == dq->capacity) {
    omp_deque_unlock(dq);
    return false;
  }
  dq->ring[(dq->head + dq->count) % dq->capacity] = task;
  atomic_store_explicit(&dq->count, dq->count + 1, memory_order_relaxed);
  omp_deque_unlock(dq);
  return true;
}

/* Queue a task that must not run on the producer: grow the deque instead
 * of refusing (released successors, helper-team work). */
void omp_task_enqueue_always(struct omp_team *team, int tid, struct omp_task *task) {
  if (OMP_UNLIKELY(task->priority > 0)) {
    omp_prio_push(team, task);
    return;
  }
  struct omp_task_deque *dq = &omp_team_deques(team)[tid];
  omp_deque_lock(dq);
  if (dq->count == dq->capacity) {
    uint32_t cap = dq->capacity * 2;
    struct omp_task **ring = malloc(sizeof(*ring) * cap);
    if (!ring)
      omp_fatal(team->loc, "out of memory growing a task queue");
    for (uint32_t i = 0; i < dq->count; i++)
      ring[i] = dq->ring[(dq->head + i) % dq->capacity];
    free(dq->ring);
    dq->ring = ring;
    dq->head = 0;
    dq->capacity = cap;
  }
  dq->ring[(dq->head + dq->count) % dq->capacity] = task;
  atomic_store_explicit(&dq->count, dq->count + 1, memory_order_relaxed);
  omp_deque_unlock(dq);
}

/* The task scheduling constraint: a thread suspended in a tied explicit
 * task may only start tied tasks that descend from it (else a task holding
 * a lock could wait on one that needs the same lock). */
static bool omp_task_allowed(const struct omp_task *candidate,
                             const struct omp_task *current) {
  if (!current || current->implicit || !(current->flags & OMP_TASK_TIED) ||
      !(candidate->flags & OMP_TASK_TIED))
    return true;
  for (const struct omp_task *t = candidate->parent; t; t = t->parent)
    if (t == current)
      return true;
  return false;
}

static struct omp_task *omp_deque_pop_tail(struct omp_task_deque *dq,
                                           const struct omp_task *current) {
  if (atomic_load_explicit(&dq->count, memory_order_relaxed) == 0)
    return NULL;
  omp_deque_lock(dq);
  struct omp_task *task = NULL;
  if (dq->count) {
    struct omp_task *tail = dq->ring[(dq->head + dq->count - 1) % dq->capacity];
    if (omp_task_allowed(tail, current)) {
      atomic_store_explicit(&dq->count, dq->count - 1, memory_order_relaxed);
      task = tail;
    }
  }
  omp_deque_unlock(dq);
  return task;
}

static struct omp_task *omp_deque_steal_head(struct omp_task_deque *dq,
                                             const struct omp_task *current) {
  if (atomic_load_explicit(&dq->count, memory_order_relaxed) == 0)
    return NULL;
  omp_deque_lock(dq);
  struct omp_task *task = NULL;
  if (dq->count && omp_task_allowed(dq->ring[dq->head], current)) {
    task = dq->ring[dq->head];
    dq->head = (dq->head + 1) % dq->capacity;
    atomic_store_explicit(&dq->count, dq->count - 1, memory_order_relaxed);
  }
  omp_deque_unlock(dq);
  return task;
}

/* A ready task for `tid` of `team`: the best prioritised one, else its own
 * newest, else a victim's oldest. `current` is the task the thread is
 * suspended in (NULL: no constraint). */
struct omp_task *omp_task_find(struct omp_team *team, int tid,
                               const struct omp_task *current) {
  if (OMP_UNLIKELY(atomic_load_explicit(&team->tasks.prio_count, memory_order_relaxed) > 0)) {
    struct omp_task *task = omp_prio_pop(team, current);
    if (task)
      return task;
  }
  struct omp_task_deque *dqs = __atomic_load_n(&team->tasks.deques, __ATOMIC_ACQUIRE);
  if (!dqs)
    return NULL;
  int n = team->nthreads;
  struct omp_task *task = tid < n ? omp_deque_pop_tail(&dqs[tid], current) : NULL;
  if (task)
    return task;
  /* Start stealing at the next member so thieves spread over victims. */
  for (int i = 1; i <= n; i++) {
    int victim = (tid + i) % n;
    if (victim == tid)
      continue;
    task = omp_deque_steal_head(&dqs[victim], current);
    if (task)
      return task;
  }
  return NULL;
}

/* Run one ready task of th's current team; false when there was none. */
bool omp_task_run_one(struct omp_thread *th) {
  struct omp_team *team = th->team;
  struct omp_task *task = omp_task_find(team, th->tid, th->task);
  if (!task)
    return false;
  omp_task_execute(th, task);
  return true;
}

/* Wait until done(arg), running the team's tasks meanwhile. */
void omp_task_wait(struct omp_thread *th, bool (*done)(void *), void *arg) {
  struct omp_team *team = th->team;
  for (;;) {
    if (done(arg))
      return;
    if (omp_task_run_one(th))
      continue;
    /* Announce the wait before the last look so no signal is missed. */
    atomic_fetch_add(&team->tasks.waiters, 1);
    uint32_t seen = atomic_load(&team->tasks.work.value);
    if (done(arg) || omp_task_run_one(th)) {
      atomic_fetch_sub(&team->tasks.waiters, 1);
      continue;
    }
    omp_wait_while_equal(&team->tasks.work, seen);
    atomic_fetch_sub(&team->tasks.waiters, 1);
  }
}

/* ---- barriers and the join with tasks ------------------------------------ */

struct omp_barrier_wait_state {
  struct omp_team *team;
  uint32_t epoch;
};

static bool omp_barrier_released(void *arg) {
  struct omp_barrier_wait_state *st = arg;
  struct omp_team *team = st->team;
  struct omp_barrier *b = &team->barrier;
  if (atomic_load_explicit(&b->epoch.value, memory_order_acquire) != st->epoch)
    return true;
  uint32_t n = (uint32_t)team->nthreads;
  if (atomic_load(&b->arrived) == n && atomic_load(&team->tasks.pending) == 0) {
    uint32_t expected = n;
    if (atomic_compare_exchange_strong(&b->arrived, &expected, 0)) {
      if (OMP_UNLIKELY(omp_global.cancellation))
        omp_cancel_at_barrier(team);
      atomic_store(&b->epoch.value, st->epoch + 1);
      omp_wake_all(&b->epoch);
      omp_team_signal_work(team);
      return true;
    }
  }
  return false;
}

/* The barrier once the team has explicit tasks: nobody leaves before every
 * member arrived and every task bound to the team completed. */
void omp_task_barrier(struct omp_team *team, struct omp_thread *th, uint32_t epoch,
                      bool arrived) {
  if (!arrived)
    atomic_fetch_add(&team->barrier.arrived, 1);
  omp_team_signal_work(team);
  struct omp_barrier_wait_state st = {team, epoch};
  omp_task_wait(th, omp_barrier_released, &st);
}

static bool omp_no_pending_tasks(void *arg) {
  struct omp_team *team = arg;
  return atomic_load(&team->tasks.pending) == 0;
}

/* Before a region with one thread ends, or a team's join: finish its tasks. */
void omp_task_drain(struct omp_thread *th) {
  struct omp_team *team = th->team;
  if (atomic_load(&team->tasks.used))
    omp_task_wait(th, omp_no_pending_tasks, team);
}
