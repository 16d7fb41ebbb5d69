/* teams.c — host `teams`: a league of initial threads.
 *
 * __kmpc_push_num_teams(_51) records the num_teams and thread_limit
 * clauses; __kmpc_fork_teams then sizes the league as LLVM does and runs
 * it on parallel.c's team machinery: one initial thread per team, each
 * running the teams body as thread 0 of its own one-thread team, and each
 * team a contention group of its own. The league does not open a nesting
 * level: omp_get_level() counts parallel regions only.
 */
#include <limits.h>
#include <stdlib.h>

#include "runtime.h"

/* The clauses of the next teams construct, for omp_teams_sizes. */
static void omp_push_teams(int32_t lb, int32_t ub, bool is_51, int32_t thread_limit) {
  struct omp_thread *th = omp_self();
  th->pushed_nteams_lb = lb;
  th->pushed_nteams_ub = ub;
  th->pushed_nteams_51 = is_51;
  th->pushed_teams_thread_limit = thread_limit;
}

OMP_EXPORT void __kmpc_push_num_teams(ident_t *loc, int32_t gtid,
                                      int32_t num_teams, int32_t num_threads) {
  (void)loc;
  (void)gtid;
  omp_push_teams(num_teams, num_teams, false, num_threads);
}

OMP_EXPORT void __kmpc_push_num_teams_51(ident_t *loc, int32_t gtid,
                                         int32_t num_teams_lb,
                                         int32_t num_teams_ub,
                                         int32_t num_threads) {
  (void)gtid;
  if (num_teams_lb > num_teams_ub)
    omp_fatal(loc, "num_teams lower bound %d exceeds upper bound %d",
              num_teams_lb, num_teams_ub);
  omp_push_teams(num_teams_lb, num_teams_ub, true, num_threads);
}

OMP_EXPORT void __kmpc_set_thread_limit(ident_t *loc, int32_t gtid,
                                        int32_t thread_limit) {
  (void)loc;
  (void)gtid;
  if (thread_limit > 0)
    omp_self()->task->icvs.thread_limit = thread_limit;
}

/* The number of host teams and the threads each may have, as LLVM's
 * __kmp_push_num_teams(_51) and __kmp_push_thread_limit decide them: all
 * teams together may have KMP_TEAMS_THREAD_LIMIT threads (the number of
 * processors by default), so num_teams(n) above that gets that many teams,
 * with a warning; num_teams(lb:ub) takes ub when it fits, else lb (with a
 * thread_limit: as many as fit, within [lb, ub]), and an exact
 * num_teams(n:n) is never cut. */
static void omp_teams_sizes(struct omp_thread *th, int *nteams, int *limit,
                            bool *limit_by_procs) {
  int max = omp_global.teams_max_threads;
  int lb = th->pushed_nteams_lb, ub = th->pushed_nteams_ub;
  int tl = th->pushed_teams_thread_limit;
  int n;
  if (lb <= 0 && ub > 0)
    lb = ub;
  if (ub <= 0) { /* no num_teams clause */
    n = omp_global.num_teams > 0 ? omp_global.num_teams : 1;
    if (n > max)
      n = max;
  } else if (th->pushed_nteams_51 && lb == ub) {
    n = ub;
  } else if (th->pushed_nteams_51) {
    if (tl <= 0)
      n = ub > max ? lb : ub;
    else
      n = tl > max ? lb : max / tl;
    n = n < lb ? lb : n > ub ? ub : n;
  } else {
    n = ub;
    /* Once per process, as LLVM's: a program asking for a GPU-sized league
     * asks in every region, and one line says all there is to say. */
    static atomic_bool warned;
    if (n > max) {
      if (!atomic_exchange(&warned, true))
        omp_warn("num_teams(%d): only %d teams can run on this host (KMP_TEAMS_THREAD_LIMIT "
                 "raises the limit)", n, max);
      n = max;
    }
  }
  *limit_by_procs = false;
  if (tl <= 0) {
    tl = omp_global.teams_thread_limit;
    if (tl <= 0) {
      *limit_by_procs = true;
      tl = omp_global.num_procs / n;
      if (tl > th->task->icvs.nthreads)
        tl = th->task->icvs.nthreads;
    }
  }
  if ((long)n * tl > max)
    tl = max / n;
  if (tl < 1)
    tl = 1;
  if (tl > th->task->icvs.thread_limit)
    tl = th->task->icvs.thread_limit;
  th->pushed_nteams_lb = th->pushed_nteams_ub = 0;
  th->pushed_nteams_51 = false;
  th->pushed_teams_thread_limit = 0;
  *nteams = n;
  *limit = tl;
}

static void omp_league_run(struct omp_thread *th, ident_t *loc, kmpc_micro fn,
                           int argc, void **argv) {
  int nteams, limit;
  bool limit_by_procs;
  omp_teams_sizes(th, &nteams, &limit, &limit_by_procs);
  struct omp_team *league = omp_team_take_spare(th, nteams);
  league->nthreads = nteams;
  league->league_size = nteams;
  league->is_league = true;
  league->level = th->team->level;
  league->active_level = th->team->active_level;
  league->cg = omp_cg_of(th);
  /* nthreads-var of the teams' initial tasks: OMP_NUM_THREADS's element for
   * the next level, as LLVM (the league keeps its parent's level), else the
   * encountering task's, which omp_set_num_threads may have changed. */
  int next_level = league->level + 1;
  league->league_nthreads = next_level < omp_global.nthreads_list_len
                                ? omp_global.nthreads_list[next_level]
                                : th->task->icvs.nthreads;
  league->league_thread_limit = limit;
  league->league_limit_by_procs = limit_by_procs;
  /* fewer teams when the system refuses threads (OpenMP allows fewer) */
  nteams = league->nthreads = league->league_size = omp_team_fill(league, 1, nteams);
  omp_team_prepare(th, league, loc, fn, argc, argv);
  /* Each team's initial thread gets a subpartition of the place list
   * (OpenMP 5.1 teams), as LLVM: by KMP_TEAMS_PROC_BIND, spread by default. */
  if (nteams > 1)
    omp_affinity_fork(league, omp_global.teams_proc_bind);
  omp_team_execute(th, league, nteams);
  omp_team_retire(th, league);
}

OMP_EXPORT void __kmpc_fork_teams(ident_t *loc, int32_t argc, kmpc_micro fn, ...) {
  OMP_FORK_VARIADIC(loc, argc, fn, omp_league_run);
}
