/* barrier.c — team barriers and `#pragma omp barrier`.
 *
 * A centralised counter with an epoch word: arrivals count up on one cache
 * line, the last arrival resets the count and bumps the epoch on another;
 * waiters spin on the epoch (wait.c), then sleep. For the team sizes of one
 * socket this beats a tree on latency; bench/host measures it against LLVM.
 * With OMP_CANCELLATION on, the last arrival also ends a loop or sections
 * cancellation: the construct's barrier is where it stops (cancel.c).
 * Members that arrive before their team has explicit tasks wait on the
 * epoch alone; the first task of the region sets the epoch's task bit so
 * they come back and help (a `single` that spawns after some setup would
 * otherwise run all its tasks by itself). When threads outnumber
 * processors, a last arrival other than the master only marks the epoch
 * (OMP_EPOCH_ARRIVED) and the master releases the team, so it leaves first.
 */
#include "runtime.h"

void omp_barrier_init(struct omp_barrier *b) {
  atomic_store(&b->arrived, 0);
  atomic_store(&b->epoch.value, 0);
  atomic_store(&b->epoch.sleepers, 0);
}

/* End the phase: whoever releases also ends a pending cancellation. */
void omp_barrier_release(struct omp_team *team, uint32_t epoch) {
  struct omp_barrier *b = &team->barrier;
  if (OMP_UNLIKELY(omp_global.cancellation))
    omp_cancel_at_barrier(team);
  atomic_store(&b->epoch.value, omp_epoch_next(epoch));
  omp_wake_all(&b->epoch);
}

void omp_barrier_wait(struct omp_team *team, struct omp_thread *th) {
  /* The tasks this member counted in private go to the team before it
   * arrives: once all have arrived the count must not read low (task.c). */
  omp_task_flush_pending(th);
  int n = team->nthreads;
  if (n == 1) {
    omp_task_drain(th);
    if (OMP_UNLIKELY(omp_global.cancellation))
      omp_cancel_at_barrier(team);
    return;
  }
  struct omp_barrier *b = &team->barrier;
  /* `used` before the epoch: a member that sets the epoch's task bit sets it
   * before `used`, so having seen `used` we see the bit too, and the epoch
   * we wait on is the one the release changes. */
  bool tasks = atomic_load_explicit(&team->tasks.used, memory_order_acquire);
  uint32_t epoch = atomic_load_explicit(&b->epoch.value, memory_order_acquire);
  /* Once the team has explicit tasks, the barrier also waits for them. */
  if (tasks || (epoch & OMP_EPOCH_TASKS)) {
    omp_task_barrier(team, th, epoch, false);
    return;
  }
  if (atomic_fetch_add_explicit(&b->arrived, 1, memory_order_acq_rel) + 1 ==
      (uint32_t)n) {
    /* A member may have created tasks before arriving: re-check. */
    if (atomic_load_explicit(&team->tasks.used, memory_order_acquire)) {
      omp_task_barrier(team, th, atomic_load(&b->epoch.value), true);
      return;
    }
    atomic_store_explicit(&b->arrived, 0, memory_order_relaxed);
    /* With more threads than processors the master may be the member
     * without a CPU, and code after a barrier often waits for the master
     * (a spin on a flag it sets): members that run on would burn their
     * time slices while it waits for one. So it leaves first, as in LLVM,
     * where the master releases everyone. */
    if (th->tid != 0 && omp_wait_oversubscribed()) {
      atomic_store(&b->epoch.value, epoch | OMP_EPOCH_ARRIVED);
      omp_wake_all(&b->epoch);
      epoch |= OMP_EPOCH_ARRIVED;
      omp_wait_while_equal(&b->epoch, epoch);
      return;
    }
    omp_barrier_release(team, epoch);
    return;
  }
  for (;;) {
    omp_wait_while_equal(&b->epoch, epoch);
    uint32_t now = atomic_load_explicit(&b->epoch.value, memory_order_acquire);
    /* Woken by the task bit, not a release (releases clear it): a member
     * still in the phase made the team's first task; help run them. */
    if (now == (epoch | OMP_EPOCH_TASKS)) {
      omp_task_barrier(team, th, now, true);
      return;
    }
    if (now != (epoch | OMP_EPOCH_ARRIVED))
      return; /* released */
    if (th->tid == 0) { /* everyone arrived: the master releases */
      omp_barrier_release(team, now);
      return;
    }
    epoch = now; /* wait for the master */
  }
}

/* The creator has not arrived, so the phase cannot end under us: the bit
 * marks this phase only. Set before `used` (see omp_barrier_wait). */
void omp_barrier_tasks_appeared(struct omp_team *team) {
  struct omp_barrier *b = &team->barrier;
  atomic_fetch_or(&b->epoch.value, OMP_EPOCH_TASKS);
  omp_wake_all(&b->epoch);
}

/* The barrier kind a tool is told, from the flags clang put in loc. */
int omp_ompt_barrier_kind(const ident_t *loc) {
  if (!loc)
    return ompt_sync_region_barrier_implementation;
  if (loc->flags & KMP_IDENT_BARRIER_EXPL)
    return ompt_sync_region_barrier_explicit;
  if (loc->flags & KMP_IDENT_BARRIER_IMPL_MASK)
    return ompt_sync_region_barrier_implicit_workshare;
  return ompt_sync_region_barrier_implementation;
}

void omp_barrier_wait_reported(struct omp_team *team, struct omp_thread *th, int kind,
                               const void *codeptr) {
  if (OMP_LIKELY(!omp_ompt_enabled())) {
    omp_barrier_wait(team, th);
    return;
  }
  ompt_data_t *parallel = &team->ompt_parallel_data, *task = &th->task->ompt_task_data;
  omp_ompt_sync(kind, ompt_scope_begin, parallel, task, codeptr);
  int state = th->ompt_state;
  th->ompt_state = kind == ompt_sync_region_barrier_explicit
                       ? ompt_state_wait_barrier_explicit
                       : ompt_state_wait_barrier_implicit_workshare;
  omp_barrier_wait(team, th);
  th->ompt_state = state;
  omp_ompt_sync(kind, ompt_scope_end, parallel, task, codeptr);
}

OMP_EXPORT void __kmpc_barrier(ident_t *loc, int32_t gtid) {
  (void)gtid;
  struct omp_thread *th = omp_self();
  if (OMP_UNLIKELY(omp_ompt_enabled())) {
    struct omp_task *current = th->task;
    OMP_OMPT_ENTER(current);
    omp_barrier_wait_reported(th->team, th, omp_ompt_barrier_kind(loc),
                              __builtin_return_address(0));
    OMP_OMPT_LEAVE(current);
    return;
  }
  omp_barrier_wait(th->team, th);
}
