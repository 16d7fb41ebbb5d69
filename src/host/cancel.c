/* cancel.c — `cancel`, `cancellation point` and the cancellable barrier.
 *
 * Only with OMP_CANCELLATION=true (omp_global.cancellation); otherwise every
 * entry point reports "not cancelled" and clang's code runs on. A request to
 * cancel the parallel region or its current loop/sections is one value in
 * team->cancel_kind: the first `cancel` installs its kind, and any member
 * that then meets a `cancel` or `cancellation point` of that kind learns that
 * it must leave the construct (1). In a cancellable region clang turns the
 * region's barriers into __kmpc_cancel_barrier; a cancelled member goes
 * straight to the barrier ending its construct, so every barrier completes
 * as usual. As in LLVM, whoever releases a barrier ends a loop or sections
 * request there (omp_cancel_at_barrier): the rest of the region runs on. A
 * parallel request outlives barriers: __kmpc_cancel_barrier then returns 1
 * to every member, which leaves the region, and the next fork starts the
 * team with no request.
 *
 * Members decide on the request as the barrier's release saw it
 * (team->cancel_released), not as they find it when they wake: a member
 * released first may cancel at once, and a member still waking must not
 * take that request for this barrier's, or the team splits — some leave,
 * the rest wait at the next barrier for them (LLVM 19 hangs or runs on
 * there: libgomp's cancel-parallel-1.c with 4 threads).
 *
 * Taskgroup cancellation (kind 4) is a flag of the innermost taskgroup of
 * the current task (taskgroup.c); outside any taskgroup it does nothing.
 */
#include "runtime.h"

/* LLVM's kmp_cancel_kind_t, the values clang passes. */
enum omp_cancel_kind {
  OMP_CANCEL_NONE = 0,
  OMP_CANCEL_PARALLEL = 1,
  OMP_CANCEL_LOOP = 2,
  OMP_CANCEL_SECTIONS = 3,
  OMP_CANCEL_TASKGROUP = 4,
};

/* What a tool is told of a cancel of `kind` that happens (ompt.h). */
static void omp_ompt_cancel_kind(struct omp_thread *th, int32_t kind, int what,
                                 const void *ra) {
  static const int flags[] = {0, ompt_cancel_parallel, ompt_cancel_loop,
                              ompt_cancel_sections, ompt_cancel_taskgroup};
  omp_ompt_cancel(th->task, flags[kind] | what, ra);
}

static void omp_cancel_check_kind(ident_t *loc, int32_t kind, const char *what) {
  if (kind < OMP_CANCEL_PARALLEL || kind > OMP_CANCEL_TASKGROUP)
    omp_fatal(loc, "%s: unknown construct kind %d", what, kind);
}

OMP_EXPORT int32_t __kmpc_cancel(ident_t *loc, int32_t gtid, int32_t kind) {
  omp_cancel_check_kind(loc, kind, "cancel");
  if (!omp_global.cancellation)
    return 0;
  struct omp_thread *th = omp_self();
  int32_t activated;
  if (kind == OMP_CANCEL_TASKGROUP) {
    activated = omp_taskgroup_cancel(th->task);
  } else {
    int pending = OMP_CANCEL_NONE;
    atomic_compare_exchange_strong(&th->team->cancel_kind, &pending, kind);
    activated = pending == OMP_CANCEL_NONE || pending == kind;
  }
  if (activated && OMP_UNLIKELY(omp_ompt_enabled()))
    omp_ompt_cancel_kind(th, kind, ompt_cancel_activated, __builtin_return_address(0));
  return activated;
}

/* Whether a request of `kind` is pending for the caller's construct. */
static int omp_cancel_pending(int kind) {
  struct omp_thread *th = omp_self();
  if (kind == OMP_CANCEL_TASKGROUP)
    return omp_taskgroup_is_cancelled(th->task);
  return atomic_load_explicit(&th->team->cancel_kind, memory_order_acquire) ==
         kind;
}

/* A request of another kind is not this point's business (LLVM asserts
 * there; the specification says such a point simply does not cancel). */
OMP_EXPORT int32_t __kmpc_cancellationpoint(ident_t *loc, int32_t gtid,
                                            int32_t kind) {
  omp_cancel_check_kind(loc, kind, "cancellation point");
  if (!omp_global.cancellation)
    return 0;
  int pending = omp_cancel_pending(kind);
  if (pending && OMP_UNLIKELY(omp_ompt_enabled()))
    omp_ompt_cancel_kind(omp_self(), kind, ompt_cancel_detected,
                         __builtin_return_address(0));
  return pending;
}

/* Called by the member that releases a barrier, before the release: every
 * member reads cancel_released after it (the release orders it), and none
 * can reach the next release before all have. */
void omp_cancel_at_barrier(struct omp_team *team) {
  int pending = atomic_load_explicit(&team->cancel_kind, memory_order_relaxed);
  if (pending == OMP_CANCEL_LOOP || pending == OMP_CANCEL_SECTIONS) {
    atomic_store_explicit(&team->cancel_kind, OMP_CANCEL_NONE,
                          memory_order_relaxed);
    pending = OMP_CANCEL_NONE;
  }
  atomic_store_explicit(&team->cancel_released, pending, memory_order_relaxed);
}

OMP_EXPORT int32_t __kmpc_cancel_barrier(ident_t *loc, int32_t gtid) {
  struct omp_thread *th = omp_self();
  struct omp_team *team = th->team;
  omp_barrier_wait_reported(team, th, omp_ompt_barrier_kind(loc),
                            __builtin_return_address(0));
  if (!omp_global.cancellation ||
      atomic_load_explicit(&team->cancel_released, memory_order_relaxed) !=
          OMP_CANCEL_PARALLEL)
    return 0;
  if (OMP_UNLIKELY(omp_ompt_enabled()))
    omp_ompt_cancel_kind(th, OMP_CANCEL_PARALLEL, ompt_cancel_detected,
                         __builtin_return_address(0));
  th->left_by_cancel = true;
  return 1;
}

/* The end of a member's region when cancellation is enabled, before the
 * join. clang sends a member whose region is cancelled to the end through
 * __kmpc_cancel_barrier, a barrier of the whole team; a member that passed
 * its last cancellation point before the request ends without one and
 * waits at the join, and the two never meet (LLVM 19 hangs so:
 * `cancel parallel if(omp_get_thread_num() == 1)` then `cancellation point
 * parallel`, two threads). So a member that ends its region normally passes
 * one more team barrier, the one a cancelled member's barrier meets; the
 * members that left through a cancel barrier returning 1 (all of that
 * barrier's, or none) do not. */
void omp_cancel_region_end(struct omp_thread *th, struct omp_team *team) {
  /* (serialized regions clear the flag as they end: omp_serialized_end) */
  if (th->left_by_cancel) {
    th->left_by_cancel = false;
    return;
  }
  omp_barrier_wait(team, th);
}

/* LLVM's kmp_get_cancellation_status(kind), for code that cleans up before
 * its cancellation point. */
OMP_EXPORT int kmp_get_cancellation_status(int kind) {
  omp_runtime_init(); /* OMP_CANCELLATION is read there */
  if (!omp_global.cancellation)
    return 0;
  return omp_cancel_pending(kind);
}
