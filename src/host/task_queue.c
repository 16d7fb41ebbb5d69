/* task_queue.c — where ready tasks wait and who runs them.
 *
 * Each team member owns a deque (set up on the team's first explicit task):
 * the owner pushes and pops at the bottom, so it runs its newest task first
 * (cache-warm, depth-first), and idle members steal the oldest task at the
 * top of a victim's deque (breadth-first, large pieces of work). A full
 * deque makes the producer run the task itself: the throttle that keeps a
 * task-spawning loop from exhausting memory.
 *
 * The deque is Chase and Lev's (in the C11 form of Le et al., PPoPP'13): the
 * owner pushes and pops without a lock or a read-modify-write, thieves claim
 * the top by CAS. A spin lock there made the producer of many small tasks
 * wait for thieves holding it, and bounced its line once per task. Only the
 * owner may push there, so a thread that queues a task on another member's
 * deque (a hidden helper's queue, a successor released by a thread outside
 * the team) uses the deque's inbox, a small locked ring.
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

/* ---- the deques ------------------------------------------------------- */

/* The ring of a Chase-Lev deque: slots indexed by position & mask. A grown
 * deque keeps its old rings (a thief may still read one) until the team
 * goes. */
struct omp_task_ring {
  int64_t mask;
  struct omp_task_ring *retired; /* the ring this one replaced */
  struct omp_task *_Atomic slot[];
};

struct omp_task_deque {
  /* the owner's line: thieves read bottom and ring */
  _Atomic int64_t bottom OMP_ALIGNED_CACHE;
  struct omp_task_ring *_Atomic ring;
  int64_t top_seen;              /* owner only: a lower bound of top */
  /* the thieves' line */
  _Atomic int64_t top OMP_ALIGNED_CACHE;
  /* the inbox, for pushes by other threads: FIFO under the lock */
  _Atomic uint32_t inbox_lock OMP_ALIGNED_CACHE;
  _Atomic uint32_t inbox_count;  /* written under the lock, peeked without */
  uint32_t inbox_head, inbox_capacity;
  struct omp_task **inbox;
};

static struct omp_task_ring *omp_task_ring_new(int64_t size) {
  struct omp_task_ring *r = malloc(sizeof(*r) + sizeof(r->slot[0]) * (size_t)size);
  if (!r)
    omp_fatal(NULL, "out of memory growing a task queue");
  r->mask = size - 1;
  r->retired = NULL;
  return r;
}

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
  for (int i = 0; i < n; i++)
    atomic_init(&fresh[i].ring, omp_task_ring_new(OMP_DEQUE_INITIAL));
  struct omp_task_deque *expected = NULL;
  if (__atomic_compare_exchange_n(&team->tasks.deques, &expected, fresh, false,
                                  __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
    team->tasks.ndeques = n;
    return fresh;
  }
  for (int i = 0; i < n; i++)
    free(atomic_load_explicit(&fresh[i].ring, memory_order_relaxed));
  free(fresh);
  return expected;
}

static void omp_deque_free(struct omp_task_deque *dq) {
  struct omp_task_ring *r = atomic_load_explicit(&dq->ring, memory_order_relaxed);
  while (r) {
    struct omp_task_ring *older = r->retired;
    free(r);
    r = older;
  }
  free(dq->inbox);
}

/* Owner: a ring twice the size holding the same positions [top, bottom). */
static struct omp_task_ring *omp_deque_grow(struct omp_task_deque *dq,
                                            struct omp_task_ring *old, int64_t top,
                                            int64_t bottom) {
  struct omp_task_ring *r = omp_task_ring_new((old->mask + 1) * 2);
  for (int64_t i = top; i < bottom; i++)
    atomic_store_explicit(&r->slot[i & r->mask],
                          atomic_load_explicit(&old->slot[i & old->mask],
                                               memory_order_relaxed),
                          memory_order_relaxed);
  r->retired = old;
  atomic_store_explicit(&dq->ring, r, memory_order_release);
  return r;
}

/* Owner: push at the bottom. When the deque holds its initial capacity,
 * refuses (the producer then runs the task: throttling) unless `grow`. */
static bool omp_deque_push(struct omp_task_deque *dq, struct omp_task *task, bool grow) {
  int64_t b = atomic_load_explicit(&dq->bottom, memory_order_relaxed);
  struct omp_task_ring *r = atomic_load_explicit(&dq->ring, memory_order_relaxed);
  if (b - dq->top_seen >= OMP_DEQUE_INITIAL || b - dq->top_seen > r->mask) {
    dq->top_seen = atomic_load_explicit(&dq->top, memory_order_acquire);
    if (b - dq->top_seen >= OMP_DEQUE_INITIAL && !grow)
      return false;
    if (b - dq->top_seen > r->mask)
      r = omp_deque_grow(dq, r, dq->top_seen, b);
  }
  atomic_store_explicit(&r->slot[b & r->mask], task, memory_order_relaxed);
  /* release: a thief that sees the new bottom sees the task's contents */
  atomic_store_explicit(&dq->bottom, b + 1, memory_order_release);
  return true;
}

/* Owner: pop the newest task. */
static struct omp_task *omp_deque_take(struct omp_task_deque *dq) {
  int64_t b = atomic_load_explicit(&dq->bottom, memory_order_relaxed);
  /* top only grows: a stale value that already says empty is right */
  int64_t top = atomic_load_explicit(&dq->top, memory_order_relaxed);
  if (b <= top)
    return NULL;
  if (b - 1 == top) {
    /* Seemingly the last one (a taskwait's child, a chain's next link):
     * claim it as a thief would, one CAS on top and no fence, bottom left
     * as it is. A stale top only makes the CAS fail, and then thieves have
     * emptied the deque. */
    struct omp_task_ring *r = atomic_load_explicit(&dq->ring, memory_order_relaxed);
    struct omp_task *task = atomic_load_explicit(&r->slot[top & r->mask], memory_order_relaxed);
    if (atomic_compare_exchange_strong_explicit(&dq->top, &top, top + 1, memory_order_seq_cst,
                                                memory_order_relaxed))
      return task;
    return NULL;
  }
  b--;
  struct omp_task_ring *r = atomic_load_explicit(&dq->ring, memory_order_relaxed);
  atomic_store_explicit(&dq->bottom, b, memory_order_relaxed);
  atomic_thread_fence(memory_order_seq_cst);
  int64_t t = atomic_load_explicit(&dq->top, memory_order_relaxed);
  struct omp_task *task = NULL;
  if (t <= b) {
    task = atomic_load_explicit(&r->slot[b & r->mask], memory_order_relaxed);
    if (t == b) {
      /* the last one: thieves may race for it */
      if (!atomic_compare_exchange_strong_explicit(&dq->top, &t, t + 1,
                                                   memory_order_seq_cst,
                                                   memory_order_relaxed))
        task = NULL;
      atomic_store_explicit(&dq->bottom, b + 1, memory_order_relaxed);
    }
  } else {
    atomic_store_explicit(&dq->bottom, b + 1, memory_order_relaxed);
  }
  return task;
}

/* Thief: claim the oldest task; NULL only when the deque was seen empty. (A
 * lost race is no answer: a waiter's last look must be one, see
 * omp_task_enqueue.) *left: how many it held besides, as seen. */
static struct omp_task *omp_deque_steal(struct omp_task_deque *dq, int64_t *left) {
  int64_t t = atomic_load_explicit(&dq->top, memory_order_acquire);
  if (t >= atomic_load_explicit(&dq->bottom, memory_order_acquire))
    return NULL; /* looks empty: no fence for the idle thieves' polling */
  for (;;) {
    atomic_thread_fence(memory_order_seq_cst);
    int64_t b = atomic_load_explicit(&dq->bottom, memory_order_acquire);
    if (t >= b)
      return NULL;
    struct omp_task_ring *r = atomic_load_explicit(&dq->ring, memory_order_acquire);
    struct omp_task *task =
        atomic_load_explicit(&r->slot[t & r->mask], memory_order_relaxed);
    if (atomic_compare_exchange_strong_explicit(&dq->top, &t, t + 1, memory_order_seq_cst,
                                                memory_order_relaxed)) {
      *left = b - t - 1;
      return task;
    }
    /* t now holds the top another thief or the owner moved it to */
  }
}

/* Anybody: append to the inbox, growing it as needed. */
static void omp_inbox_push(struct omp_task_deque *dq, struct omp_task *task) {
  omp_spin_lock(&dq->inbox_lock);
  uint32_t count = atomic_load_explicit(&dq->inbox_count, memory_order_relaxed);
  if (count == dq->inbox_capacity) {
    uint32_t cap = dq->inbox_capacity ? dq->inbox_capacity * 2 : 64;
    struct omp_task **ring = malloc(sizeof(*ring) * cap);
    if (!ring)
      omp_fatal(NULL, "out of memory growing a task queue");
    for (uint32_t i = 0; i < count; i++)
      ring[i] = dq->inbox[(dq->inbox_head + i) % dq->inbox_capacity];
    free(dq->inbox);
    dq->inbox = ring;
    dq->inbox_head = 0;
    dq->inbox_capacity = cap;
  }
  dq->inbox[(dq->inbox_head + count) % dq->inbox_capacity] = task;
  atomic_store_explicit(&dq->inbox_count, count + 1, memory_order_relaxed);
  omp_spin_unlock(&dq->inbox_lock);
}

static bool omp_task_allowed(const struct omp_task *candidate,
                             const struct omp_task *current);

/* Anybody: the inbox's oldest task that `current` may start. The whole
 * inbox is searched: it is also where tasks a thread claimed but could not
 * start end up (omp_task_find), and one of those at the head must not hide
 * the others (all members could then sleep with tasks queued). */
static struct omp_task *omp_inbox_take(struct omp_task_deque *dq,
                                       const struct omp_task *current) {
  if (atomic_load_explicit(&dq->inbox_count, memory_order_relaxed) == 0)
    return NULL;
  omp_spin_lock(&dq->inbox_lock);
  struct omp_task *task = NULL;
  uint32_t count = atomic_load_explicit(&dq->inbox_count, memory_order_relaxed);
  uint32_t cap = dq->inbox_capacity, head = dq->inbox_head;
  for (uint32_t i = 0; i < count; i++) {
    if (!omp_task_allowed(dq->inbox[(head + i) % cap], current))
      continue;
    task = dq->inbox[(head + i) % cap];
    for (uint32_t j = i; j > 0; j--) /* close the gap, keeping the order */
      dq->inbox[(head + j) % cap] = dq->inbox[(head + j - 1) % cap];
    dq->inbox_head = (head + 1) % cap;
    atomic_store_explicit(&dq->inbox_count, count - 1, memory_order_relaxed);
    break;
  }
  omp_spin_unlock(&dq->inbox_lock);
  return task;
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
    omp_deque_free(&dqs[i]);
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

/* The calling thread's deque in `team` when it is the member `tid`. */
static bool omp_is_owner(const struct omp_team *team, int tid) {
  const struct omp_thread *self = omp_self_tls;
  return self && self->team == team && self->tid == tid;
}

/* Queue a ready task made by member `tid` (the caller) of `team`.
 * OMP_ENQUEUE_FULL when its deque is full (the caller runs the task
 * itself; with KMP_ENABLE_TASK_THROTTLING=0 the deque grows instead); OMP_ENQUEUE_WAKE when some thread sleeps or is about to and must
 * hear of it (omp_team_signal_work), else OMP_ENQUEUE_QUEUED. */
int omp_task_enqueue(struct omp_team *team, int tid, struct omp_task *task) {
  if (OMP_UNLIKELY(task->priority > 0)) {
    omp_prio_push(team, task);
    return OMP_ENQUEUE_WAKE;
  }
  struct omp_task_deque *dq = &omp_team_deques(team)[tid];
  if (!omp_deque_push(dq, task, omp_global.task_throttling_off))
    return OMP_ENQUEUE_FULL;
  /* A waiter announces itself, then looks at every deque; this orders our
   * push before our look at `waiters`, so one of us sees the other. And a
   * waiter that looked found this deque empty: with other tasks still in
   * it, whoever waits has been told already (or is running them). */
  atomic_thread_fence(memory_order_seq_cst);
  if (OMP_LIKELY(atomic_load_explicit(&team->tasks.waiters, memory_order_relaxed) == 0))
    return OMP_ENQUEUE_QUEUED;
  int64_t queued = atomic_load_explicit(&dq->bottom, memory_order_relaxed) -
                   atomic_load_explicit(&dq->top, memory_order_relaxed);
  return queued <= 1 ? OMP_ENQUEUE_WAKE : OMP_ENQUEUE_QUEUED;
}

/* Queue a task that must not run on the producer, on member `tid`'s deque
 * (growing it instead of refusing): released successors, untied parts,
 * helper-team work. From any thread; the caller signals the team. */
void omp_task_enqueue_always(struct omp_team *team, int tid, struct omp_task *task) {
  if (OMP_UNLIKELY(task->priority > 0)) {
    omp_prio_push(team, task);
    return;
  }
  struct omp_task_deque *dq = &omp_team_deques(team)[tid];
  if (omp_is_owner(team, tid))
    omp_deque_push(dq, task, true);
  else
    omp_inbox_push(dq, task);
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

/* A ready task for `tid` of `team`: the best prioritised one, else its own
 * newest, else a victim's oldest (*from_backlog: and the victim had more
 * queued). `current` is the task the thread is suspended in (NULL: no
 * constraint). */
static struct omp_task *omp_task_find_from(struct omp_team *team, int tid,
                                           const struct omp_task *current,
                                           bool *from_backlog, uint64_t *passed) {
  if (OMP_UNLIKELY(atomic_load_explicit(&team->tasks.prio_count, memory_order_relaxed) > 0)) {
    struct omp_task *task = omp_prio_pop(team, current);
    if (task)
      return task;
  }
  struct omp_task_deque *dqs = __atomic_load_n(&team->tasks.deques, __ATOMIC_ACQUIRE);
  if (!dqs)
    return NULL;
  int n = team->nthreads;
  if (tid < n) {
    struct omp_task_deque *own = &dqs[tid];
    struct omp_task *task = omp_deque_take(own);
    if (task) {
      if (OMP_LIKELY(omp_task_allowed(task, current)))
        return task;
      /* Not ours to start now: to the inbox, where others find it behind
       * whatever blocks them at the top (so each task moves once). A thief
       * may have looked while we held it and gone to sleep: tell it. */
      omp_inbox_push(own, task);
      atomic_thread_fence(memory_order_seq_cst);
      omp_team_signal_work(team);
    }
    if ((task = omp_inbox_take(own, current)) != NULL)
      return task;
  }
  /* Start stealing at the next member so thieves spread over victims. */
  for (int i = 1; i <= n; i++) {
    int victim = (tid + i) % n;
    if (victim == tid)
      continue;
    struct omp_task_deque *dq = &dqs[victim];
    uint64_t bit = (uint64_t)1 << (victim & 63);
    int64_t left;
    struct omp_task *task = *passed & bit ? NULL : omp_deque_steal(dq, &left);
    if (task) {
      if (OMP_LIKELY(omp_task_allowed(task, current))) {
        *from_backlog = left > 0;
        return task;
      }
      /* Claimed but not ours to start: it stays queued, in the inbox; a
       * thread that looked while we held it may sleep: tell it. And we
       * pass this deque by for a while (*passed, which our wait clears
       * now and then): its next ones are likely no more ours, and moving
       * them all would cost their owner its order and each a signal. */
      omp_inbox_push(dq, task);
      *passed |= bit;
      atomic_thread_fence(memory_order_seq_cst);
      omp_team_signal_work(team);
    }
    if ((task = omp_inbox_take(dq, current)) != NULL)
      return task;
  }
  return NULL;
}

struct omp_task *omp_task_find(struct omp_team *team, int tid,
                               const struct omp_task *current) {
  bool from_backlog = false;
  uint64_t passed = 0;
  return omp_task_find_from(team, tid, current, &from_backlog, &passed);
}

/* Run one ready task of th's current team; false when there was none.
 * With backlog_ns, says how long it ran when it came from another member's
 * backlog (-1 otherwise: th's own, or a victim's last). *passed: deques
 * not to steal from (see omp_task_find_from). */
static bool omp_task_run_one_timed(struct omp_thread *th, int64_t *backlog_ns,
                                   uint64_t *passed) {
  struct omp_team *team = th->team;
  bool from_backlog = false;
  struct omp_task *task =
      omp_task_find_from(team, th->tid, th->task, &from_backlog, passed);
  if (!task)
    return false;
  int64_t start = backlog_ns && from_backlog ? omp_now_ns() : 0;
  omp_task_execute(th, task);
  if (backlog_ns)
    *backlog_ns = from_backlog ? omp_now_ns() - start : -1;
  return true;
}

bool omp_task_run_one(struct omp_thread *th) {
  uint64_t passed = 0;
  return omp_task_run_one_timed(th, NULL, &passed);
}

/* A thread out of work keeps looking (done? a task?) for the blocktime, a
 * pause (now and then a yield) apart, as LLVM's do, before it announces
 * itself in `waiters` and sleeps: while nobody is announced, producers and
 * finishing tasks skip the work word, which otherwise costs them a
 * read-modify-write on a shared line per task whenever a thief runs dry for
 * a moment. False once the blocktime since the first call (polls == 0) is
 * over. */
static bool omp_task_poll_more(unsigned *polls, int64_t *deadline) {
  int64_t budget = __atomic_load_n(&omp_global.blocktime_ns, __ATOMIC_RELAXED);
  if (budget == 0)
    return false;
  if (*polls == 0)
    *deadline = budget > 0 ? omp_now_ns() + budget : INT64_MAX;
  else if ((*polls & 63) == 0 && omp_now_ns() > *deadline)
    return false;
  ++*polls;
  /* Step aside now and then, as omp_wait_while_equal does: the thread we
   * wait for may share our core with others. */
  if ((*polls & 255) == 0)
    sched_yield();
  else
    omp_os_relax_or_yield();
  return true;
}

#define OMP_TASK_FLUSH_POLLS 32
#define OMP_TASK_TINY_NS 500 /* a stolen task this short: see below */

/* What a wait waits for decides when the thread's private count (its
 * deferred completions, task.c) goes to the team's pending count. */
enum omp_wait_kind {
  OMP_WAIT_TEAM,     /* done() may wait for every task of the team */
  OMP_WAIT_CHILDREN, /* for the thread's own children or taskgroup */
  OMP_WAIT_BARRIER,  /* omp_barrier_released, which flushes as it must */
};

/* Wait until done(arg), running the team's tasks meanwhile. For
 * OMP_WAIT_TEAM the deferred completions are flushed whenever the thread
 * finds no task (done() may wait for them) and before it returns; else a
 * few polls after it ran dry, and before it sleeps. */
static void omp_task_wait_mode(struct omp_thread *th, bool (*done)(void *), void *arg,
                               enum omp_wait_kind kind) {
  bool flush_when_dry = kind == OMP_WAIT_TEAM;
  struct omp_team *team = th->team;
  unsigned polls = 0;
  int64_t deadline = 0;
  uint64_t passed = 0; /* deques whose next task we could not start */
  for (;;) {
    if (done(arg))
      break;
    int64_t backlog_ns;
    if ((polls & 63) == 0)
      passed = 0; /* look at every deque again now and then */
    if (omp_task_run_one_timed(th, kind != OMP_WAIT_CHILDREN ? &backlog_ns : NULL,
                               &passed)) {
      polls = 0;
      passed = 0;
      /* A member idling in a barrier or the region's join that just ran a
       * tiny task from another member's backlog steps aside before it
       * steals again (LLVM's yield after every task, KMP_YIELD in its task
       * loop, does the same and more). Where one member spawns many small
       * tasks, a thief that takes each the moment it is queued makes every
       * task cross between cores (its memory, its counters, the deque's
       * lines), which costs both sides more than running it; slowed down,
       * the thief leaves the producer a full deque whose surplus it runs
       * itself, warm in its cache. Tasks of a few microseconds and more
       * (fib's subtrees), and the only task a member has queued (a
       * dependence chain's next link, on the critical path), are taken at
       * full speed. */
      if (kind != OMP_WAIT_CHILDREN && backlog_ns >= 0 && backlog_ns < OMP_TASK_TINY_NS) {
        omp_task_flush_pending(th); /* the yield may take long on a busy machine */
        sched_yield();
      }
      continue;
    }
    /* Out of work: our deferred completions may be what done() waits for.
     * Otherwise they wait a few polls more (a thief often runs dry for an
     * instant), but not long: should the OS take our core away, a barrier
     * must not wait for our next time slice to hear of them. */
    if ((flush_when_dry || polls == OMP_TASK_FLUSH_POLLS) && omp_task_flush_pending(th))
      continue;
    if (omp_task_poll_more(&polls, &deadline))
      continue;
    /* Announce the wait before the last look so no signal is missed. */
    atomic_fetch_add(&team->tasks.waiters, 1);
    atomic_thread_fence(memory_order_seq_cst); /* see omp_task_enqueue */
    uint32_t seen = atomic_load(&team->tasks.work.value);
    if (done(arg) || omp_task_run_one(th)) {
      atomic_fetch_sub(&team->tasks.waiters, 1);
      polls = 0;
      continue;
    }
    /* A sleeper must not hold back a barrier with what it deferred. (The
     * flush may bump the work word itself: then the sleep ends at once.) */
    omp_task_flush_pending(th);
    omp_wait_sleep_while_equal(&team->tasks.work, seen); /* polled already */
    atomic_fetch_sub(&team->tasks.waiters, 1);
    polls = 0;
  }
  /* Once we return the caller may leave the team: nothing may stay behind. */
  if (flush_when_dry)
    omp_task_flush_pending(th);
}

void omp_task_wait(struct omp_thread *th, bool (*done)(void *), void *arg) {
  omp_task_wait_mode(th, done, arg, OMP_WAIT_TEAM);
}

/* A wait for the thread's own children or taskgroup: no barrier of its
 * team can end before it returns, so its deferred completions stay put. */
void omp_task_wait_local(struct omp_thread *th, bool (*done)(void *), void *arg) {
  omp_task_wait_mode(th, done, arg, OMP_WAIT_CHILDREN);
}

/* ---- barriers and the join with tasks ------------------------------------ */

struct omp_barrier_wait_state {
  struct omp_thread *th;
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
  if (atomic_load(&b->arrived) != n)
    return false; /* members still produce: keep completions deferred */
  omp_task_flush_pending(st->th);
  if (atomic_load(&team->tasks.pending) == 0) {
    uint32_t expected = n;
    if (atomic_compare_exchange_strong(&b->arrived, &expected, 0)) {
      omp_barrier_release(team, st->epoch);
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
  struct omp_barrier_wait_state st = {th, team, epoch};
  omp_task_wait_mode(th, omp_barrier_released, &st, OMP_WAIT_BARRIER);
}

static bool omp_no_pending_tasks(void *arg) {
  struct omp_team *team = arg;
  return atomic_load(&team->tasks.pending) == 0;
}

/* Before a region with one thread ends, or a team's join: finish its tasks. */
void omp_task_drain(struct omp_thread *th) {
  struct omp_team *team = th->team;
  omp_task_flush_pending(th);
  if (atomic_load(&team->tasks.used))
    omp_task_wait(th, omp_no_pending_tasks, team);
}
