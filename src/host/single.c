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
    omp_barrier_wait(th->team, th);
}

OMP_EXPORT int32_t __kmpc_master(ident_t *loc, int32_t gtid) {
  return omp_construct_tid(omp_self()) == 0;
}

OMP_EXPORT void __kmpc_end_master(ident_t *loc, int32_t gtid) {}

OMP_EXPORT int32_t __kmpc_masked(ident_t *loc, int32_t gtid, int32_t filter) {
  return omp_construct_tid(omp_self()) == filter;
}

OMP_EXPORT void __kmpc_end_masked(ident_t *loc, int32_t gtid) {}

OMP_EXPORT int32_t __kmpc_single(ident_t *loc, int32_t gtid) {
  struct omp_thread *th = omp_self();
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

OMP_EXPORT void __kmpc_end_single(ident_t *loc, int32_t gtid) {}

/* `#pragma omp scope`: no runtime work besides the tool callbacks LLVM makes
 * (clang adds the barrier and reductions). */
OMP_EXPORT void __kmpc_scope(ident_t *loc, int32_t gtid, void *reserved) {}
OMP_EXPORT void __kmpc_end_scope(ident_t *loc, int32_t gtid, void *reserved) {}

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
