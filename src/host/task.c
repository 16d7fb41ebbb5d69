/* task.c — explicit tasks: allocation, submission, execution, completion,
 * taskwait/taskyield, undeferred (if(0)) tasks, detach events and proxy
 * tasks, and the hooks libomptarget uses for target tasks.
 *
 * Life of a task: __kmpc_omp_task_alloc lays out [struct omp_task |
 * kmp_task_t + clang's privates | shareds] in one block and counts the task
 * in its parent, its taskgroup and its team. Submission either queues it
 * (task_queue.c), hands it to the hidden helper team, runs it at once
 * (included or throttled tasks), or parks it until its dependences resolve
 * (taskdeps.c). Completion releases successors, then the counters that
 * taskwait, taskgroup and barriers wait on; memory goes when the task and
 * all its children are complete (refs).
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "runtime.h"

/* ---- allocation ---------------------------------------------------------- */

static size_t omp_round_up(size_t n, size_t to) { return (n + to - 1) / to * to; }

/* The region's first explicit task: from now on barriers and the join wait
 * for tasks, and members already idle there come back to run them. */
static void omp_team_tasks_begin(struct omp_team *team) {
  if (team->nthreads > 1)
    omp_barrier_tasks_appeared(team); /* before `used`: see barrier.c */
  atomic_store(&team->tasks.used, true);
  if (team->nthreads > 1)
    omp_join_recall(team); /* after `used`: see thread.c */
}

/* A task of `team` may complete after its body returned. Written once per
 * region: the line is read by every task with dependences. */
void omp_team_note_late_completion(struct omp_team *team) {
  if (!atomic_load_explicit(&team->tasks.late_completion, memory_order_relaxed))
    atomic_store_explicit(&team->tasks.late_completion, true, memory_order_relaxed);
}

struct omp_task *omp_task_alloc(struct omp_thread *th, ident_t *loc, int32_t flags,
                                size_t sizeof_kmp_task, size_t sizeof_shareds,
                                kmp_routine_entry_t entry) {
  struct omp_task *parent = th->task;
  size_t head = sizeof(struct omp_task) + omp_round_up(sizeof_kmp_task, sizeof(void *));
  size_t total = head + sizeof_shareds;
  struct omp_task *task = omp_task_mem_alloc(total);
  if (!task)
    omp_fatal(loc, "out of memory allocating a task of %zu bytes", total);
  memset(task, 0, sizeof(*task));
  task->icvs = parent->icvs;
  task->parent = parent;
  task->team = th->team;
  task->flags = (uint32_t)flags & 0xff;
  task->final = (flags & OMP_TASK_FINAL) || parent->final;
  task->creator_tid = th->tid;
  task->taskgroup = parent->taskgroup;
  task->alloc_size = total;
  atomic_init(&task->refs, 1);
  atomic_init(&task->parts, 1);
  kmp_task_t *abi = omp_task_abi(task);
  abi->shareds = sizeof_shareds ? (char *)task + head : NULL;
  abi->routine = entry;
  abi->part_id = 0;
  abi->data1.destructors = NULL;
  abi->data2.priority = 0;

  atomic_fetch_add_explicit(&parent->incomplete_children, 1, memory_order_relaxed);
  if (!parent->implicit)
    atomic_fetch_add_explicit(&parent->refs, 1, memory_order_relaxed);
  if (task->taskgroup)
    omp_taskgroup_add(task->taskgroup);
  struct omp_team *team = th->team;
  if (OMP_UNLIKELY(!atomic_load_explicit(&team->tasks.used, memory_order_relaxed)))
    omp_team_tasks_begin(team);
  /* (a detach event is noted as it is armed, a target task by its own
   * allocation entry) */
  if (flags & OMP_TASK_PROXY)
    omp_team_note_late_completion(team);
  return task;
}

/* Moves th's count to `team`, flushing what it owes another team first (an
 * outer team's, which is alive: th is still in it). */
static inline void omp_task_delta_team(struct omp_thread *th, struct omp_team *team) {
  if (OMP_UNLIKELY(th->pending_delta_team != team)) {
    omp_task_flush_pending(th);
    th->pending_delta_team = team;
  }
}

/* From here on the task may run later or on another thread, so its team's
 * barriers and join wait for it: called before it is queued, registered
 * with its predecessors, or left to complete later. An undeferred task
 * (if(0)) runs to completion on its encountering thread before that thread
 * goes on, so it is never counted, and creating one touches no line the
 * team shares: whatever a barrier could wait for while it runs (the
 * explicit task that encountered it) is counted already.
 *
 * A member's implicit task counts in its own omp_thread, not on the line
 * every member writes: a barrier or the join ends only once every member
 * has arrived, and each hands its count in as it arrives (omp_barrier_wait,
 * the join), before any other member can see it there. While it waits
 * there, it runs explicit tasks, which count at once: a task it counted
 * in private could complete on a thief that hands in the -1 while the task
 * that made it still runs, and the sum would read 0 too early. `th` may be
 * NULL (a thread that is none of ours). */
void omp_task_count_pending(struct omp_thread *th, struct omp_task *task) {
  if (task->counted_pending)
    return;
  task->counted_pending = true;
  struct omp_team *team = task->team;
  if (th && th->team == team && th->task->implicit && !team->is_hidden_helper) {
    omp_task_delta_team(th, team);
    th->pending_delta++;
    return;
  }
  atomic_fetch_add_explicit(&team->tasks.pending, 1, memory_order_relaxed);
}

/* ---- OMPT -------------------------------------------------------------------- */

/* task_create, as th's current task makes `task` (before it can run). */
void omp_ompt_task_create(struct omp_thread *th, struct omp_task *task, bool has_deps) {
  ompt_callback_task_create_t create = OMPT_CB(task_create);
  if (create)
    create(&task->parent->ompt_task_data, &task->parent->ompt_frame,
           &task->ompt_task_data, omp_ompt_task_flags(task), has_deps,
           omp_ompt_take_codeptr(th));
}

static void omp_ompt_task_schedule(struct omp_task *prior, int status,
                                   struct omp_task *next) {
  ompt_callback_task_schedule_t schedule = OMPT_CB(task_schedule);
  if (schedule)
    schedule(prior ? &prior->ompt_task_data : NULL, status,
             next ? &next->ompt_task_data : NULL);
}

/* Drops a reference. The last one frees the task: when it reads 1 it is
 * the only one left, since a reference is only taken by one that holds
 * one already (the task's own, which its children and a fulfilment take
 * theirs under), so it needs no atomic update, the common case for a
 * task without children. */
static void omp_task_unref_as(struct omp_task *task, bool anywhere) {
  if (task->implicit)
    return;
  if (atomic_load_explicit(&task->refs, memory_order_acquire) == 1 ||
      atomic_fetch_sub_explicit(&task->refs, 1, memory_order_acq_rel) == 1) {
    omp_deps_free_children(task);
    if (anywhere)
      omp_task_mem_free_anywhere(task);
    else
      omp_task_mem_free(task);
  }
}

static void omp_task_unref(struct omp_task *task) { omp_task_unref_as(task, false); }

/* ---- completion ---------------------------------------------------------- */

_Atomic long omp_target_tasks_outstanding;

/* A deferred target task is submitted: counted until it completes. */
void omp_task_count_target(struct omp_task *task) {
  if (!task->target_task || task->counted_target)
    return;
  task->counted_target = true;
  atomic_fetch_add_explicit(&omp_target_tasks_outstanding, 1, memory_order_relaxed);
}

static void omp_task_uncount_target(struct omp_task *task) {
  if (OMP_UNLIKELY(task->counted_target))
    atomic_fetch_sub_explicit(&omp_target_tasks_outstanding, 1, memory_order_release);
}

/* Hands the calling thread's count in to its team's pending count and, when
 * it held completions, tells waiters; true when it did. Called as a member
 * arrives at a barrier or the join, before it sleeps or leaves a wait, and
 * before it counts for another team. */
bool omp_task_flush_pending(struct omp_thread *th) {
  int64_t delta = th->pending_delta;
  if (OMP_LIKELY(delta == 0))
    return false;
  struct omp_team *team = th->pending_delta_team;
  th->pending_delta = 0;
  atomic_fetch_add(&team->tasks.pending, delta);
  if (delta > 0)
    return false; /* only counted tasks: nobody waits for more */
  omp_team_signal_work(team);
  return true;
}

/* The task and its body are done: release successors, then the counters
 * others wait on. May run on any thread, also one that is not OpenMP's
 * (omp_fulfill_event from a driver callback). `foreign`: the completion
 * comes from outside the task's execution (omp_fulfill_event, a proxy
 * task), maybe from a signal handler that interrupted a member in the
 * middle of its own bookkeeping: then only atomic updates, never the
 * calling member's deferred count (an update of it was lost that way, and
 * the team's join waited for ever) nor its allocator's local lists. */
static void omp_task_complete_as(struct omp_task *task, bool foreign) {
  if (task->depnode)
    omp_deps_release(task);
  struct omp_team *team = task->team;
  struct omp_task *parent = task->parent;
  /* Read the parent before the counters drop: an implicit parent may be
   * reset for the next region the moment its team sees no pending task
   * (an explicit one stays alive through our reference). */
  struct omp_team *parent_team = parent->team;
  bool parent_explicit = !parent->implicit;
  struct omp_thread *th = omp_self_tls;
  if (OMP_LIKELY(!foreign && th && th->team == team && parent_team == team &&
                 !team->is_hidden_helper)) {
    /* A member completing its own team's task (the common case). The
     * team cannot go away under us: its join waits for us. Only barriers
     * and the join read `pending`, and only once every member waits, and a
     * waiting member flushes before it sleeps; so the decrement waits here
     * and the line stays with the producers (one RMW per task, not two
     * bouncing between producer and consumer). */
    if (task->taskgroup)
      omp_taskgroup_remove(task->taskgroup);
    atomic_fetch_sub(&parent->incomplete_children, 1);
    if (task->counted_pending) {
      omp_task_delta_team(th, team);
      th->pending_delta--;
    }
    omp_team_signal_work(team); /* taskwait and taskgroup waiters */
    omp_task_uncount_target(task);
    if (parent_explicit)
      omp_task_unref(parent);
    omp_task_unref(task);
    return;
  }
  /* While this thread still signals, the team's join must not free it. */
  atomic_fetch_add(&team->tasks.signalers, 1);
  if (task->taskgroup)
    omp_taskgroup_remove(task->taskgroup);
  atomic_fetch_sub(&parent->incomplete_children, 1);
  if (task->counted_pending)
    atomic_fetch_sub(&team->tasks.pending, 1);
  omp_team_signal_work(team);
  if (team != parent_team)
    omp_team_signal_work(parent_team);
  atomic_fetch_sub(&team->tasks.signalers, 1);
  omp_task_uncount_target(task);
  if (parent_explicit)
    omp_task_unref_as(parent, foreign);
  omp_task_unref_as(task, foreign);
}

void omp_task_complete(struct omp_task *task) { omp_task_complete_as(task, false); }

/* The same with a tool: what it is told follows the state each step takes.
 * A task whose event a fulfilment may race with is held by one reference
 * more while it is reported (task_schedule names the task), and completion
 * is reported before successors are released (a race detector orders them
 * after it). */
static void omp_ompt_task_body_done(struct omp_thread *th, struct omp_task *task) {
  atomic_fetch_add(&task->refs, 1);
  int32_t armed = OMP_DETACH_ARMED;
  if (atomic_compare_exchange_strong(&task->detach_state, &armed, OMP_DETACH_WAITING)) {
    omp_ompt_task_schedule(task, ompt_task_detach, th->task);
  } else {
    /* a task of a cancelled taskgroup ends as cancelled, as LLVM says */
    bool cancelled = omp_global.cancellation && omp_taskgroup_is_cancelled(task);
    omp_ompt_task_schedule(task, cancelled ? ompt_task_cancel : ompt_task_complete,
                           th->task);
    omp_task_complete(task);
  }
  omp_task_unref(task);
}

/* The body returned: complete now, unless a detach event or the proxy
 * protocol says completion comes later. */
static void omp_task_body_done(struct omp_thread *th, struct omp_task *task) {
  kmp_task_t *abi = omp_task_abi(task);
  if ((task->flags & OMP_TASK_DESTRUCTORS) && abi->data1.destructors)
    abi->data1.destructors(th->gtid, abi);
  if (task->flags & OMP_TASK_PROXY)
    return; /* __kmpc_proxy_task_completed finishes it */
  if (OMP_UNLIKELY(omp_ompt_enabled())) {
    omp_ompt_task_body_done(th, task);
    return;
  }
  /* Only the task itself arms its event (at creation, or in its body), so
   * a task that reads unarmed here has none: no fulfilment can race. The
   * load acquires: a task read as fulfilled completes, and is freed, on the
   * fulfilling thread's writes (the device's results a callback copied,
   * its own access to detach_state), which its successors and the next
   * owner of its memory must see. */
  int32_t armed = OMP_DETACH_ARMED;
  if (atomic_load_explicit(&task->detach_state, memory_order_acquire) == OMP_DETACH_ARMED &&
      atomic_compare_exchange_strong(&task->detach_state, &armed, OMP_DETACH_WAITING))
    return; /* omp_fulfill_event finishes it */
  omp_task_complete(task);
}

/* ---- execution ----------------------------------------------------------- */

/* With cancellation on, a task whose taskgroup or parallel region was
 * cancelled is not started (LLVM discards it the same way): it completes
 * without running its body. */
static bool omp_task_discarded(const struct omp_task *task) {
  enum { OMP_CANCEL_PARALLEL = 1 }; /* team->cancel_kind, as in cancel.c */
  return omp_taskgroup_is_cancelled((struct omp_task *)task) ||
         atomic_load_explicit(&task->team->cancel_kind, memory_order_relaxed) ==
             OMP_CANCEL_PARALLEL;
}

void omp_task_execute(struct omp_thread *th, struct omp_task *task) {
  struct omp_task *saved = th->task;
  bool ompt = omp_ompt_enabled();
  if (ompt) {
    task->ompt_scheduling_parent = saved;
    /* the task that yields at a taskyield says so; one that waits, switches */
    omp_ompt_task_schedule(saved, th->ompt_yielding ? ompt_task_yield : ompt_task_switch,
                           task);
    th->ompt_yielding = false;
  }
  th->task = task;
  task->started = true;
  if (ompt && task->ompt_chunk_iterations)
    omp_ompt_dispatch(th, ompt_dispatch_taskloop_chunk, task->ompt_chunk_start,
                      task->ompt_chunk_iterations, NULL);
  kmp_task_t *abi = omp_task_abi(task);
  /* A task without a routine is an empty task, as in LLVM 19 (a program
   * may allocate one just to carry dependences). */
  if (ompt) { /* the routine is called from this frame */
    task->ompt_frame.exit_frame.ptr = __builtin_frame_address(0);
    task->ompt_frame.exit_frame_flags = ompt_frame_runtime | ompt_frame_framepointer;
  }
  if (abi->routine &&
      (OMP_LIKELY(!omp_global.cancellation) || !omp_task_discarded(task))) {
    /* An undeferred untied task's parts, one after the other: each asks
     * for the next just before it returns, nothing running in between. */
    do {
      th->untied_next_part = false;
      abi->routine(th->gtid, abi);
    } while (th->untied_next_part);
  } else if (ompt && abi->routine) { /* which cancellation discarded it, as LLVM */
    omp_ompt_cancel(task,
                    (omp_taskgroup_is_cancelled(task) ? ompt_cancel_taskgroup
                                                      : ompt_cancel_parallel) |
                        ompt_cancel_discarded_task,
                    NULL);
  }
  th->task = saved;
  /* An untied task that re-enqueued its next part is not done yet. */
  if (ompt && atomic_load_explicit(&task->parts, memory_order_relaxed) > 1)
    omp_ompt_task_schedule(task, ompt_task_switch, saved); /* still alive */
  /* Only a part still queued or running adds parts: reading 1, this is the
   * last (always so for a tied task). */
  if (atomic_load_explicit(&task->parts, memory_order_acquire) != 1 &&
      atomic_fetch_sub_explicit(&task->parts, 1, memory_order_acq_rel) > 1)
    return;
  omp_task_body_done(th, task);
}

/* Whether `task` runs at once on the thread that makes it ready (LLVM's
 * task_serial): if(0), included in a final task, or bound to a team of one
 * (LLVM's serial teams) unless the hidden helper team takes it. */
bool omp_task_undeferred(const struct omp_task *task) {
  if (task->if0 || (task->parent && task->parent->final))
    return true;
  if ((task->flags & OMP_TASK_HIDDEN_HELPER) && omp_hidden_helper_enabled())
    return false;
  return task->team->nthreads == 1 && !task->team->is_hidden_helper;
}

/* The task's dependences are satisfied: queue it, or run it right here. */
void omp_task_ready(struct omp_thread *th, struct omp_task *task) {
  omp_task_count_pending(th, task);
  if ((task->flags & OMP_TASK_HIDDEN_HELPER) && omp_hidden_helper_enabled()) {
    omp_hidden_helper_submit(th, task);
    return;
  }
  struct omp_team *team = th->team;
  if (team->is_hidden_helper) {
    omp_hidden_helper_submit(th, task); /* spawned inside a helper task */
    return;
  }
  /* Included tasks (inside a final task) and a one-thread team's tasks run
   * at once, as LLVM's serial teams do. */
  if (task->parent->final || (team->nthreads == 1 && team == task->team)) {
    omp_task_execute(th, task);
    return;
  }
  if (team != task->team) {
    omp_task_requeue(task);
    return;
  }
  int queued = omp_task_enqueue(team, th->tid, task);
  if (queued == OMP_ENQUEUE_FULL) {
    omp_task_execute(th, task); /* deque full: the producer runs it */
    return;
  }
  if (queued == OMP_ENQUEUE_WAKE)
    omp_team_signal_work(team);
}

/* A task released by another task's completion, on whatever thread. */
void omp_task_requeue(struct omp_task *task) {
  /* Once queued the task may run and be freed at once: read it first. (Its
   * team lives on: whoever releases or re-enqueues it is still pending.) */
  omp_task_count_pending(NULL, task); /* counted already, when it was deferred */
  struct omp_team *team = task->team;
  if (((task->flags & OMP_TASK_HIDDEN_HELPER) && omp_hidden_helper_enabled()) ||
      team->is_hidden_helper) {
    omp_hidden_helper_submit(NULL, task);
    return;
  }
  /* A member releasing it keeps it (its own deque needs no lock, and the
   * successor likely reads what its predecessor just wrote, as LLVM does);
   * anybody else hands it to its creator's deque. */
  struct omp_thread *self = omp_self_tls;
  int tid = self && self->team == team ? self->tid : task->creator_tid;
  omp_task_enqueue_always(team, tid, task);
  atomic_thread_fence(memory_order_seq_cst); /* the push, then `waiters` */
  omp_team_signal_work(team);
}

/* ---- entry points ---------------------------------------------------------- */

OMP_EXPORT kmp_task_t *__kmpc_omp_task_alloc(ident_t *loc, int32_t gtid, int32_t flags,
                                             size_t sizeof_kmp_task_t,
                                             size_t sizeof_shareds,
                                             kmp_routine_entry_t task_entry) {
  (void)gtid;
  struct omp_thread *th = omp_self();
  return omp_task_abi(omp_task_alloc(th, loc, flags, sizeof_kmp_task_t,
                                     sizeof_shareds, task_entry));
}

/* A target task (target nowait / target with depend): untied, and run by
 * the hidden helper team when that is enabled. */
OMP_EXPORT kmp_task_t *__kmpc_omp_target_task_alloc(ident_t *loc, int32_t gtid,
                                                    int32_t flags,
                                                    size_t sizeof_kmp_task_t,
                                                    size_t sizeof_shareds,
                                                    kmp_routine_entry_t task_entry,
                                                    int64_t device_id) {
  (void)device_id;
  flags &= ~OMP_TASK_TIED;
  if (omp_hidden_helper_enabled())
    flags |= OMP_TASK_HIDDEN_HELPER;
  kmp_task_t *task = __kmpc_omp_task_alloc(loc, gtid, flags, sizeof_kmp_task_t,
                                           sizeof_shareds, task_entry);
  omp_task_of(task)->target_task = true;
  /* a nowait target region completes from the device's callback */
  omp_team_note_late_completion(omp_task_of(task)->team);
  return task;
}

static void omp_task_take_priority(struct omp_task *task) {
  if (!(task->flags & OMP_TASK_PRIORITY))
    return;
  int prio = omp_task_abi(task)->data2.priority;
  if (prio < 0)
    prio = 0;
  if (prio > omp_global.max_task_priority)
    prio = omp_global.max_task_priority;
  task->priority = prio;
}

static int32_t omp_task_submit(struct omp_thread *th, struct omp_task *task) {
  kmp_task_t *new_task = omp_task_abi(task);
  if (task->started) {
    /* An untied task scheduling its next part. An undeferred one runs it
     * before its generating task goes on: if(0), whose body the compiler
     * calls itself, here and now; one omp_task_execute runs (included in a
     * final task, or in a team of one, which has nobody else to run it) as
     * soon as this part returns, omp_task_execute looping over the parts
     * (a loop of scheduling points would otherwise nest a frame per
     * point: LLVM 19 overflows the stack there). */
    if (task->if0) {
      new_task->routine(th->gtid, new_task);
      return 0;
    }
    if (th->task == task && (task->parent->final ||
                             (th->team == task->team && omp_task_undeferred(task)))) {
      th->untied_next_part = true;
      return 0;
    }
    atomic_fetch_add(&task->parts, 1);
    omp_task_requeue(task);
    return 0;
  }
  omp_task_take_priority(task);
  omp_task_count_target(task);
  if (omp_ompt_enabled())
    omp_ompt_task_create(th, task, false);
  omp_task_ready(th, task);
  return 0; /* TASK_CURRENT_NOT_QUEUED */
}

OMP_EXPORT int32_t __kmpc_omp_task(ident_t *loc, int32_t gtid, kmp_task_t *new_task) {
  (void)loc;
  (void)gtid;
  struct omp_thread *th = omp_self();
  struct omp_task *task = omp_task_of(new_task);
  if (OMP_LIKELY(!omp_ompt_enabled()))
    return omp_task_submit(th, task);
  struct omp_task *current = th->task;
  OMP_OMPT_CODEPTR(th);
  OMP_OMPT_ENTER(current);
  int32_t result = omp_task_submit(th, task);
  OMP_OMPT_LEAVE(current);
  return result;
}

/* `task if(0)`: the encountering thread runs the body between these two. */
OMP_EXPORT void __kmpc_omp_task_begin_if0(ident_t *loc, int32_t gtid, kmp_task_t *abi) {
  (void)loc;
  (void)gtid;
  struct omp_thread *th = omp_self();
  struct omp_task *task = omp_task_of(abi);
  task->if0 = true;
  task->started = true;
  /* One whose completion comes after its body (a detach event, a proxy)
   * may still be incomplete when its encountering thread goes on. */
  if ((task->flags & OMP_TASK_PROXY) ||
      atomic_load_explicit(&task->detach_state, memory_order_relaxed) == OMP_DETACH_ARMED)
    omp_task_count_pending(th, task);
  if (omp_ompt_enabled()) {
    OMP_OMPT_CODEPTR(th);
    /* the generating task waits in the runtime meanwhile; the undeferred
     * body runs in the program's frame that called us */
    OMP_OMPT_ENTER(task->parent);
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wframe-address"
    task->ompt_frame.exit_frame.ptr = __builtin_frame_address(1); /* our own saved rbp */
#pragma GCC diagnostic pop
    task->ompt_frame.exit_frame_flags = ompt_frame_application | ompt_frame_framepointer;
    omp_ompt_task_create(th, task, false);
    omp_ompt_task_schedule(task->parent, ompt_task_switch, task);
  }
  th->task = task;
}

OMP_EXPORT void __kmpc_omp_task_complete_if0(ident_t *loc, int32_t gtid, kmp_task_t *abi) {
  (void)loc;
  (void)gtid;
  struct omp_thread *th = omp_self();
  struct omp_task *task = omp_task_of(abi);
  th->task = task->parent;
  OMP_OMPT_LEAVE(task->parent);
  /* The body is done, which is all an undeferred task makes its generating
   * task wait for. A detachable one completes later, when its event is
   * fulfilled (maybe by the generating task itself, so waiting for that
   * here could deadlock); until then it counts as an incomplete child. */
  omp_task_body_done(th, task);
}

static bool omp_children_done(void *arg) {
  struct omp_task *task = arg;
  return atomic_load(&task->incomplete_children) == 0;
}

void omp_taskwait_children(struct omp_thread *th) {
  struct omp_task *task = th->task;
  if (atomic_load_explicit(&task->incomplete_children, memory_order_acquire) == 0)
    return;
  omp_task_wait_local(th, omp_children_done, task);
}

/* A tool's sync_region around a taskwait or taskgroup wait of th. */
void omp_ompt_sync_region(struct omp_thread *th, int kind, int endpoint,
                          const void *codeptr) {
  omp_ompt_sync(kind, endpoint, &th->team->ompt_parallel_data, &th->task->ompt_task_data,
                codeptr);
}

OMP_EXPORT int32_t __kmpc_omp_taskwait(ident_t *loc, int32_t gtid) {
  (void)loc;
  (void)gtid;
  struct omp_thread *th = omp_self();
  if (OMP_UNLIKELY(omp_ompt_enabled())) {
    const void *ra = __builtin_return_address(0);
    struct omp_task *current = th->task;
    OMP_OMPT_ENTER(current);
    int state = th->ompt_state;
    omp_ompt_sync_region(th, ompt_sync_region_taskwait, ompt_scope_begin, ra);
    th->ompt_state = ompt_state_wait_taskwait;
    omp_taskwait_children(th);
    th->ompt_state = state;
    omp_ompt_sync_region(th, ompt_sync_region_taskwait, ompt_scope_end, ra);
    OMP_OMPT_LEAVE(current);
    return 0;
  }
  omp_taskwait_children(th);
  return 0;
}

OMP_EXPORT int32_t __kmpc_omp_taskyield(ident_t *loc, int32_t gtid, int end_part) {
  (void)loc;
  (void)gtid;
  (void)end_part;
  struct omp_thread *th = omp_self();
  struct omp_task *current = th->task;
  OMP_OMPT_ENTER(current);
  th->ompt_yielding = omp_ompt_enabled();
  omp_task_run_one(th);
  th->ompt_yielding = false;
  OMP_OMPT_LEAVE(current);
  return 0;
}

/* ---- detach -------------------------------------------------------------------- */

/* `detach(event)`: the handle is the task itself. */
OMP_EXPORT void *__kmpc_task_allow_completion_event(ident_t *loc, int32_t gtid,
                                                    kmp_task_t *abi) {
  (void)loc;
  (void)gtid;
  struct omp_task *task = omp_task_of(abi);
  atomic_store(&task->detach_state, OMP_DETACH_ARMED);
  omp_team_note_late_completion(task->team);
  return task;
}

/* omp_fulfill_event with a tool: early (the body still runs) or late (the
 * task waited for its event, and completes now), told as it happens, the
 * task held by one reference more meanwhile. */
static void omp_ompt_fulfill(struct omp_task *task) {
  atomic_fetch_add(&task->refs, 1);
  int32_t armed = OMP_DETACH_ARMED, waiting = OMP_DETACH_WAITING;
  if (atomic_compare_exchange_strong(&task->detach_state, &armed, OMP_DETACH_FULFILLED)) {
    omp_ompt_task_schedule(task, ompt_task_early_fulfill, NULL);
  } else if (atomic_compare_exchange_strong(&task->detach_state, &waiting,
                                            OMP_DETACH_FULFILLED)) {
    omp_ompt_task_schedule(task, ompt_task_late_fulfill, NULL);
    omp_task_complete_as(task, true);
  } else {
    omp_warn("omp_fulfill_event: the event was already fulfilled or is not a "
             "detach event");
  }
  omp_task_unref_as(task, true);
}

OMP_EXPORT void omp_fulfill_event(omp_event_handle_t event) {
  struct omp_task *task = (struct omp_task *)(uintptr_t)event;
  if (OMP_UNLIKELY(!task)) {
    /* a handle no detach clause set (a zeroed variable): LLVM and libgomp
     * crash on it */
    omp_warn("omp_fulfill_event: the event handle is 0, not one a detach "
             "clause gave; ignored");
    return;
  }
  if (OMP_UNLIKELY(omp_ompt_enabled())) {
    omp_ompt_fulfill(task);
    return;
  }
  int32_t armed = OMP_DETACH_ARMED;
  if (atomic_compare_exchange_strong(&task->detach_state, &armed, OMP_DETACH_FULFILLED))
    return; /* the body is still running; it completes the task */
  int32_t waiting = OMP_DETACH_WAITING;
  if (!atomic_compare_exchange_strong(&task->detach_state, &waiting, OMP_DETACH_FULFILLED)) {
    omp_warn("omp_fulfill_event: the event was already fulfilled or is not a "
             "detach event");
    return;
  }
  omp_task_complete_as(task, true);
}

/* ---- proxy tasks ------------------------------------------------------------------ */

OMP_EXPORT void __kmpc_proxy_task_completed(int32_t gtid, kmp_task_t *ptask) {
  (void)gtid;
  omp_task_complete_as(omp_task_of(ptask), true);
}

OMP_EXPORT void __kmpc_proxy_task_completed_ooo(kmp_task_t *ptask) {
  omp_task_complete_as(omp_task_of(ptask), true);
}

/* ---- hooks for libomptarget --------------------------------------------------- */

OMP_EXPORT bool __kmpc_omp_has_task_team(int32_t gtid) {
  struct omp_thread *th = omp_thread_by_gtid(gtid);
  if (!th || !th->task || !th->team)
    return false;
  return atomic_load(&th->team->tasks.used);
}

OMP_EXPORT void **__kmpc_omp_get_target_async_handle_ptr(int32_t gtid) {
  struct omp_thread *th = omp_thread_by_gtid(gtid);
  if (!th || !th->task || th->task->implicit)
    return NULL;
  return &th->task->async_handle;
}

OMP_EXPORT int omp_in_explicit_task(void) { return !omp_self()->task->implicit; }

/* `task affinity(...)`: a scheduling hint the specification lets a runtime
 * ignore; like LLVM's, ours does not place tasks by data locality. */
OMP_EXPORT int32_t __kmpc_omp_reg_task_with_affinity(ident_t *loc, int32_t gtid,
                                                     kmp_task_t *new_task, int32_t naffins,
                                                     void *affin_list) {
  (void)loc;
  (void)gtid;
  (void)new_task;
  (void)naffins;
  (void)affin_list;
  return 0;
}
