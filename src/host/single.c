/* single.c — the constructs one thread of a team runs: master, masked,
 * single (and its copyprivate broadcast), scope, and `#pragma omp flush`.
 *
 * single: every member counts the single constructs it has met
 * (th->single_count); the team counts those claimed (team->single_count).
 * Meeting construct k, a member claims it by moving the team count from k to
 * k+1; only the first arrival succeeds. Members may run several nowait
 * singles ahead of each other: a late member finds the team count already
 * past its own and simply skips. clang adds the closing barrier itself
 * (none for nowait), so __kmpc_end_single has nothing to do.
 *
 * copyprivate: the member that ran the single publishes the address of its
 * variables in team->copyprivate_data; after a barrier the others copy from
 * it; a second barrier keeps the source alive until everyone has copied
 * (LLVM uses the same two plain barriers, and clang emits none after it).
 */
#include "runtime.h"

/* Outside any parallel region of a host teams region, each initial thread
 * is its own team of one (the league is not a team for these constructs). */
static bool omp_alone(struct omp_team *team) {
  return team->nthreads == 1 || team->is_league;
}

/* The thread number that master/masked compare against. */
static int omp_construct_tid(struct omp_thread *th) {
  return th->team->is_league ? 0 : th->tid;
}

/* The barriers of single/copyprivate/barrier-master: none in a team of one. */
static void omp_team_barrier(struct omp_thread *th) {
  if (!omp_alone(th->team))
    omp_barrier_wait_reported(th->team, th, ompt_sync_region_barrier_implicit_workshare,
                              NULL);
}

/* The masked region a thread enters: a tool hears of its begin (and of its
 * end from __kmpc_end_master/masked). */
static int32_t omp_masked_enter(struct omp_thread *th, int32_t filter, const void *ra) {
  bool mine = omp_construct_tid(th) == filter;
  if (mine && OMP_UNLIKELY(omp_ompt_enabled()))
    omp_ompt_masked(th, ompt_scope_begin, ra);
  return mine;
}

OMP_EXPORT int32_t __kmpc_master(ident_t *loc, int32_t gtid) {
  return omp_masked_enter(omp_self(), 0, __builtin_return_address(0));
}

OMP_EXPORT void __kmpc_end_master(ident_t *loc, int32_t gtid) {
  if (OMP_UNLIKELY(omp_ompt_enabled()))
    omp_ompt_masked(omp_self(), ompt_scope_end, __builtin_return_address(0));
}

OMP_EXPORT int32_t __kmpc_masked(ident_t *loc, int32_t gtid, int32_t filter) {
  return omp_masked_enter(omp_self(), filter, __builtin_return_address(0));
}

OMP_EXPORT void __kmpc_end_masked(ident_t *loc, int32_t gtid) {
  if (OMP_UNLIKELY(omp_ompt_enabled()))
    omp_ompt_masked(omp_self(), ompt_scope_end, __builtin_return_address(0));
}

static int32_t omp_single_claim(struct omp_thread *th) {
  struct omp_team *team = th->team;
  uint32_t mine = th->single_count++;
  if (omp_alone(team))
    return 1;
  /* A cheap look first: under nowait the construct is usually taken. */
  if (atomic_load_explicit(&team->single_count, memory_order_relaxed) != mine)
    return 0;
  return atomic_compare_exchange_strong_explicit(
      &team->single_count, &mine, mine + 1, memory_order_acq_rel,
      memory_order_relaxed);
}

/* A tool sees the executor's single region until __kmpc_end_single, the
 * others' as begun and ended at once. */
OMP_EXPORT int32_t __kmpc_single(ident_t *loc, int32_t gtid) {
  struct omp_thread *th = omp_self();
  int32_t executor = omp_single_claim(th);
  if (OMP_UNLIKELY(omp_ompt_enabled())) {
    const void *ra = __builtin_return_address(0);
    omp_ompt_work(th, executor ? ompt_work_single_executor : ompt_work_single_other,
                  ompt_scope_begin, 1, ra);
    if (!executor)
      omp_ompt_work(th, ompt_work_single_other, ompt_scope_end, 1, ra);
  }
  return executor;
}

OMP_EXPORT void __kmpc_end_single(ident_t *loc, int32_t gtid) {
  if (OMP_UNLIKELY(omp_ompt_enabled()))
    omp_ompt_work(omp_self(), ompt_work_single_executor, ompt_scope_end, 1,
                  __builtin_return_address(0));
}

/* `#pragma omp scope`: no runtime work besides telling a tool (clang adds
 * the barrier and reductions). */
OMP_EXPORT void __kmpc_scope(ident_t *loc, int32_t gtid, void *reserved) {
  if (OMP_UNLIKELY(omp_ompt_enabled()))
    omp_ompt_work(omp_self(), ompt_work_scope, ompt_scope_begin, 1,
                  __builtin_return_address(0));
}
OMP_EXPORT void __kmpc_end_scope(ident_t *loc, int32_t gtid, void *reserved) {
  if (OMP_UNLIKELY(omp_ompt_enabled()))
    omp_ompt_work(omp_self(), ompt_work_scope, ompt_scope_end, 1,
                  __builtin_return_address(0));
}

/* cpy_func(destination, source) copies the variables listed in cpy_data. */
OMP_EXPORT void __kmpc_copyprivate(ident_t *loc, int32_t gtid, size_t cpy_size,
                                   void *cpy_data,
                                   void (*cpy_func)(void *, void *),
                                   int32_t didit) {
  struct omp_thread *th = omp_self();
  struct omp_team *team = th->team;
  if (didit)
    atomic_store_explicit(&team->copyprivate_data, cpy_data,
                          memory_order_relaxed);
  omp_team_barrier(th);
  if (!didit)
    cpy_func(cpy_data,
             atomic_load_explicit(&team->copyprivate_data, memory_order_relaxed));
  omp_team_barrier(th);
}

/* The broadcast without the copy (OpenMPIRBuilder/flang): the single thread
 * passes its data, the others NULL, and all get the single thread's pointer
 * back; the caller copies and then places the barrier that ends the use. */
OMP_EXPORT void *__kmpc_copyprivate_light(ident_t *loc, int32_t gtid,
                                          void *cpy_data) {
  struct omp_thread *th = omp_self();
  struct omp_team *team = th->team;
  if (cpy_data)
    atomic_store_explicit(&team->copyprivate_data, cpy_data,
                          memory_order_relaxed);
  omp_team_barrier(th);
  return atomic_load_explicit(&team->copyprivate_data, memory_order_relaxed);
}

/* `#pragma omp flush [list]`: clang passes no list; a full fence covers it. */
OMP_EXPORT void __kmpc_flush(ident_t *loc) {
  atomic_thread_fence(memory_order_seq_cst);
  if (OMP_UNLIKELY(omp_ompt_enabled())) {
    ompt_callback_flush_t flush = OMPT_CB(flush);
    if (flush)
      flush(&omp_self()->ompt_thread_data, __builtin_return_address(0));
  }
}

/* ---- barrier + master ------------------------------------------------------- */

/* A split barrier: everyone arrives; thread 0 returns 1 and runs its block
 * while the others stay in the barrier until __kmpc_end_barrier_master
 * releases them. Built from two team barriers: the second one is where the
 * others wait and thread 0 arrives last, at the end of its block. */
OMP_EXPORT int32_t __kmpc_barrier_master(ident_t *loc, int32_t gtid) {
  struct omp_thread *th = omp_self();
  omp_team_barrier(th);
  if (omp_construct_tid(th) == 0)
    return 1;
  omp_team_barrier(th);
  return 0;
}

OMP_EXPORT void __kmpc_end_barrier_master(ident_t *loc, int32_t gtid) {
  struct omp_thread *th = omp_self();
  omp_team_barrier(th);
}

/* A full barrier, then thread 0 runs the block; nobody waits for it. */
OMP_EXPORT int32_t __kmpc_barrier_master_nowait(ident_t *loc, int32_t gtid) {
  struct omp_thread *th = omp_self();
  omp_team_barrier(th);
  return omp_construct_tid(th) == 0;
}
