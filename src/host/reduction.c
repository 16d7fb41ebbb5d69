/* reduction.c — the reduction clause: __kmpc_reduce(_nowait) and their ends.
 *
 * At the end of a construct with reduction(...), every member of the team
 * calls __kmpc_reduce(_nowait) with the list of its private copies and
 * clang's combiner, and acts on the answer:
 *   1  combine the private copies into the originals (the combiner clang
 *      inlined), then call __kmpc_end_reduce(_nowait);
 *   2  combine with atomics (clang emitted them; allowed only when the
 *      ident carries KMP_IDENT_ATOMIC_REDUCE), then, blocking form only,
 *      call __kmpc_end_reduce;
 *   0  nothing to do: a tree reduction has taken this member's copies.
 *
 * Each member picks the same method from the team size and the call
 * (as LLVM's __kmp_determine_reduction_method does):
 *   empty     a team of one: answer 1, no locking;
 *   atomic    up to OMP_REDUCE_ATOMIC_MAX_TEAM members: each adds its part
 *             with a few uncontended atomics;
 *   tree      larger teams: members combine pairwise up a binomial tree
 *             (member t takes t+1, t+2, t+4, ... while those bits are clear
 *             in t), so thread 0 ends with everything and answers 1;
 *   critical  the fallback when clang gave no combiner or no atomics: each
 *             member answers 1 in turn under a lock kept in `lck`.
 * KMP_FORCE_REDUCTION=critical|atomic|tree forces a method, as in LLVM.
 *
 * The blocking form ends with a barrier: __kmpc_end_reduce waits in it for
 * the non-tree methods; in a tree the others wait in __kmpc_reduce until
 * thread 0 has stored the result and arrives from __kmpc_end_reduce.
 * The team is the calling thread's current one: for `teams reduction` that
 * is the league, whose members are the initial threads of the teams.
 */
#include <stdlib.h>
#include <strings.h>

#include "runtime.h"

typedef void (*omp_reduce_fn)(void *lhs, void *rhs);

enum omp_reduce_method {
  OMP_REDUCE_NONE = 0, /* not inside a reduction */
  OMP_REDUCE_EMPTY,
  OMP_REDUCE_CRITICAL,
  OMP_REDUCE_ATOMIC,
  OMP_REDUCE_TREE,
};

/* Up to this many members, per-member atomics beat the tree's log2(n)
 * hand-overs (LLVM's cutoff on x86_64 too). */
#define OMP_REDUCE_ATOMIC_MAX_TEAM 4

/* KMP_FORCE_REDUCTION, read on first use: -1 unread, else a method or NONE. */
static _Atomic int omp_reduce_forced = -1;

static int omp_reduce_read_forced(void) {
  int forced = atomic_load_explicit(&omp_reduce_forced, memory_order_acquire);
  if (OMP_LIKELY(forced >= 0))
    return forced;
  const char *value = getenv("KMP_FORCE_REDUCTION");
  forced = OMP_REDUCE_NONE;
  if (value && *value) {
    if (!strcasecmp(value, "critical"))
      forced = OMP_REDUCE_CRITICAL;
    else if (!strcasecmp(value, "atomic"))
      forced = OMP_REDUCE_ATOMIC;
    else if (!strcasecmp(value, "tree"))
      forced = OMP_REDUCE_TREE;
    else
      omp_warn("KMP_FORCE_REDUCTION=\"%s\" ignored: expected critical, "
               "atomic or tree", value);
  }
  int unread = -1;
  if (!atomic_compare_exchange_strong(&omp_reduce_forced, &unread, forced))
    forced = unread; /* another thread read it first: the same value */
  return forced;
}

static int omp_reduce_choose(int nthreads, const ident_t *loc, void *data,
                             omp_reduce_fn combine) {
  if (nthreads == 1)
    return OMP_REDUCE_EMPTY;
  bool atomic_ok = loc && (loc->flags & KMP_IDENT_ATOMIC_REDUCE);
  bool tree_ok = data && combine;
  switch (omp_reduce_read_forced()) {
  case OMP_REDUCE_CRITICAL:
    return OMP_REDUCE_CRITICAL;
  case OMP_REDUCE_ATOMIC:
    return atomic_ok ? OMP_REDUCE_ATOMIC : OMP_REDUCE_CRITICAL;
  case OMP_REDUCE_TREE:
    return tree_ok ? OMP_REDUCE_TREE : OMP_REDUCE_CRITICAL;
  default:
    break;
  }
  if (atomic_ok && (nthreads <= OMP_REDUCE_ATOMIC_MAX_TEAM || !tree_ok))
    return OMP_REDUCE_ATOMIC;
  return tree_ok ? OMP_REDUCE_TREE : OMP_REDUCE_CRITICAL;
}

/* ---- critical method: a lock living in the construct's lck storage ---- */

/* Used when a compiler passes no lck. */
static _Atomic uint32_t omp_reduce_fallback_lock;

void omp_reduction_after_fork(void) { atomic_store(&omp_reduce_fallback_lock, 0); }

/* clang's kmp_critical_name is 32 zeroed bytes per reduction name, touched
 * by nothing but these calls: as in critical.c, its first word serves as
 * the mutex itself (lock.c), free when zero. */
static _Atomic uint32_t *omp_reduce_lock_of(kmp_critical_name *lck) {
  return lck ? (_Atomic uint32_t *)&(*lck)[0] : &omp_reduce_fallback_lock;
}

/* ---- tree method -------------------------------------------------------- */

/* Hand this member's partial result to its parent and wait until the parent
 * has combined it (the partial lives on this member's stack). */
static void omp_tree_hand_over(struct omp_thread *th, void *data) {
  th->reduce_partial = data;
  atomic_store(&th->reduce_ready.value, 1);
  omp_wake_all(&th->reduce_ready);
  omp_wait_while_equal(&th->reduce_ready, 1);
}

static void omp_tree_take(struct omp_thread *child, void *data,
                          omp_reduce_fn combine) {
  omp_wait_while_equal(&child->reduce_ready, 0);
  combine(data, child->reduce_partial);
  atomic_store(&child->reduce_ready.value, 0);
  omp_wake_all(&child->reduce_ready);
}

/* Binomial-tree gather: member t combines t+1, t+2, t+4, ... (below the
 * lowest set bit of t), then hands its total to t minus that bit. Returns
 * true in thread 0, which then holds the team's total. */
static bool omp_tree_gather(struct omp_team *team, struct omp_thread *th,
                            void *data, omp_reduce_fn combine) {
  int n = team->nthreads, tid = th->tid;
  for (int step = 1; step < n; step <<= 1) {
    if (tid & step) {
      omp_tree_hand_over(th, data);
      return false;
    }
    if (tid + step < n)
      omp_tree_take(team->threads[tid + step], data, combine);
  }
  return true;
}

/* ---- entry points ------------------------------------------------------- */

/* A tool's reduction event: from a member's __kmpc_reduce* to the moment its
 * part is combined — at its __kmpc_end_reduce* when its own code combines
 * under the runtime's lock (critical) or stores the total (tree, member 0),
 * at once otherwise. */
static void omp_ompt_reduction(struct omp_thread *th, int endpoint, const void *ra) {
  ompt_callback_sync_region_t reduction = OMPT_CB(reduction);
  if (reduction)
    reduction(ompt_sync_region_reduction, endpoint, &th->team->ompt_parallel_data,
              &th->task->ompt_task_data, ra);
}

static int32_t omp_reduce_choose_and_run(struct omp_thread *th, ident_t *loc, void *data,
                                         omp_reduce_fn combine, kmp_critical_name *lck,
                                         bool blocking);

static int32_t omp_reduce_begin(ident_t *loc, void *data, omp_reduce_fn combine,
                                kmp_critical_name *lck, bool blocking, const void *ra) {
  struct omp_thread *th = omp_self();
  if (OMP_LIKELY(!omp_ompt_enabled()))
    return omp_reduce_choose_and_run(th, loc, data, combine, lck, blocking);
  omp_ompt_reduction(th, ompt_scope_begin, ra);
  int32_t result = omp_reduce_choose_and_run(th, loc, data, combine, lck, blocking);
  /* member 0 of a tree, or one that holds the lock, ends at its end call */
  th->ompt_reduction_open = result == 1;
  if (result != 1)
    omp_ompt_reduction(th, ompt_scope_end, ra);
  return result;
}

static int32_t omp_reduce_choose_and_run(struct omp_thread *th, ident_t *loc, void *data,
                                         omp_reduce_fn combine, kmp_critical_name *lck,
                                         bool blocking) {
  struct omp_team *team = th->team;
  int method = omp_reduce_choose(team->nthreads, loc, data, combine);
  th->reduce_method = method;
  switch (method) {
  case OMP_REDUCE_EMPTY:
    return 1;
  case OMP_REDUCE_CRITICAL:
    omp_mutex_lock(omp_reduce_lock_of(lck));
    return 1;
  case OMP_REDUCE_ATOMIC:
    return 2;
  default:
    if (omp_tree_gather(team, th, data, combine))
      return 1;
    /* Blocking: the construct ends when thread 0 has stored the total and
     * reaches the barrier from __kmpc_end_reduce. */
    if (blocking)
      omp_barrier_wait_reported(team, th, ompt_sync_region_barrier_implicit_workshare,
                                NULL);
    return 0;
  }
}

static void omp_reduce_end(ident_t *loc, kmp_critical_name *lck,
                           bool blocking, const void *ra) {
  struct omp_thread *th = omp_self();
  int method = th->reduce_method;
  th->reduce_method = OMP_REDUCE_NONE;
  if (method == OMP_REDUCE_NONE)
    omp_fatal(loc, "%s without a matching %s",
              blocking ? "__kmpc_end_reduce" : "__kmpc_end_reduce_nowait",
              blocking ? "__kmpc_reduce" : "__kmpc_reduce_nowait");
  if (method == OMP_REDUCE_CRITICAL)
    omp_mutex_unlock(omp_reduce_lock_of(lck));
  if (OMP_UNLIKELY(omp_ompt_enabled()) && th->ompt_reduction_open) {
    th->ompt_reduction_open = false;
    omp_ompt_reduction(th, ompt_scope_end, ra);
  }
  if (blocking)
    omp_barrier_wait_reported(th->team, th, ompt_sync_region_barrier_implicit_workshare,
                              NULL);
}

OMP_EXPORT int32_t __kmpc_reduce_nowait(ident_t *loc, int32_t gtid,
                                        int32_t num_vars, size_t reduce_size,
                                        void *reduce_data,
                                        void (*reduce_func)(void *, void *),
                                        kmp_critical_name *lck) {
  (void)gtid;
  (void)num_vars;
  (void)reduce_size;
  return omp_reduce_begin(loc, reduce_data, reduce_func, lck, false,
                          __builtin_return_address(0));
}

OMP_EXPORT void __kmpc_end_reduce_nowait(ident_t *loc, int32_t gtid,
                                         kmp_critical_name *lck) {
  (void)gtid;
  omp_reduce_end(loc, lck, false, __builtin_return_address(0));
}

OMP_EXPORT int32_t __kmpc_reduce(ident_t *loc, int32_t gtid, int32_t num_vars,
                                 size_t reduce_size, void *reduce_data,
                                 void (*reduce_func)(void *, void *),
                                 kmp_critical_name *lck) {
  (void)gtid;
  (void)num_vars;
  (void)reduce_size;
  return omp_reduce_begin(loc, reduce_data, reduce_func, lck, true,
                          __builtin_return_address(0));
}

OMP_EXPORT void __kmpc_end_reduce(ident_t *loc, int32_t gtid,
                                  kmp_critical_name *lck) {
  (void)gtid;
  omp_reduce_end(loc, lck, true, __builtin_return_address(0));
}
