/* api_team.c — the omp_* routines that query and set the current team's and
 * task's state: thread numbers, levels, ICV setters/getters, host teams.
 * (Affinity queries live in affinity.c, locks in lock.c, memory in alloc.c.)
 */
#include <limits.h>
#include <time.h>

#include "runtime.h"

/* Walk up from the current team to the one at `level`, tracking the thread
 * number of this thread's ancestor there. */
struct omp_team *omp_team_at_level(struct omp_thread *th, int level, int *tid) {
  struct omp_team *team = th->team;
  int t = th->tid;
  while (team && team->level > level) {
    t = team->parent_tid;
    team = team->parent;
  }
  if (tid)
    *tid = t;
  return team;
}

struct omp_team *omp_enclosing_league(struct omp_thread *th, int *team_num) {
  int t = th->tid;
  for (struct omp_team *team = th->team; team; team = team->parent) {
    if (team->is_league) {
      if (team_num)
        *team_num = t;
      return team;
    }
    t = team->parent_tid;
  }
  return NULL;
}

OMP_EXPORT int omp_get_thread_num(void) {
  struct omp_thread *th = omp_self();
  return th->team->is_league ? 0 : th->tid;
}

OMP_EXPORT int omp_get_num_threads(void) {
  struct omp_thread *th = omp_self();
  return th->team->is_league ? 1 : th->team->nthreads;
}

OMP_EXPORT int omp_get_max_threads(void) {
  return omp_self()->task->icvs.nthreads;
}

OMP_EXPORT int omp_in_parallel(void) {
  return omp_self()->team->active_level > 0;
}

OMP_EXPORT int omp_get_level(void) { return omp_self()->team->level; }

OMP_EXPORT int omp_get_active_level(void) {
  return omp_self()->team->active_level;
}

OMP_EXPORT int omp_get_ancestor_thread_num(int level) {
  struct omp_thread *th = omp_self();
  if (level < 0 || level > th->team->level)
    return -1;
  int tid;
  struct omp_team *team = omp_team_at_level(th, level, &tid);
  return team->is_league ? 0 : tid;
}

OMP_EXPORT int omp_get_team_size(int level) {
  struct omp_thread *th = omp_self();
  if (level < 0 || level > th->team->level)
    return -1;
  struct omp_team *team = omp_team_at_level(th, level, NULL);
  return team->is_league ? 1 : team->nthreads;
}

OMP_EXPORT int omp_get_num_procs(void) {
  omp_runtime_init();
  return omp_global.num_procs;
}

OMP_EXPORT void omp_set_num_threads(int num_threads) {
  if (num_threads <= 0) {
    omp_warn("omp_set_num_threads(%d): the value must be positive; ignored",
             num_threads);
    return;
  }
  omp_self()->task->icvs.nthreads = num_threads;
}

OMP_EXPORT void omp_set_dynamic(int dynamic) {
  omp_self()->task->icvs.dynamic = dynamic != 0;
}

OMP_EXPORT int omp_get_dynamic(void) { return omp_self()->task->icvs.dynamic; }

/* Deprecated in 5.0 but still called: nested is max-active-levels > 1.
 * Each call says so, as LLVM's does. */
OMP_EXPORT void omp_set_nested(int nested) {
  struct omp_icvs *icvs = &omp_self()->task->icvs; /* reads KMP_WARNINGS first */
  omp_inform_deprecated(true, "omp_set_nested", "omp_set_max_active_levels");
  icvs->max_active_levels =
      nested ? omp_global.max_active_levels_supported : 1;
}

OMP_EXPORT int omp_get_nested(void) {
  int levels = omp_self()->task->icvs.max_active_levels;
  omp_inform_deprecated(true, "omp_get_nested", "omp_get_max_active_levels");
  return levels > 1;
}

OMP_EXPORT void omp_set_max_active_levels(int levels) {
  if (levels < 0) {
    omp_warn("omp_set_max_active_levels(%d): the value must be non-negative; "
             "ignored", levels);
    return;
  }
  /* omp_self() first: as a program's first OpenMP call this initialises
   * the runtime, and with it the supported maximum we clamp to. */
  struct omp_icvs *icvs = &omp_self()->task->icvs;
  if (levels > omp_global.max_active_levels_supported)
    levels = omp_global.max_active_levels_supported;
  icvs->max_active_levels = levels;
}

OMP_EXPORT int omp_get_max_active_levels(void) {
  return omp_self()->task->icvs.max_active_levels;
}

OMP_EXPORT int omp_get_supported_active_levels(void) {
  omp_runtime_init();
  return omp_global.max_active_levels_supported;
}

OMP_EXPORT void omp_set_schedule(omp_sched_t kind, int chunk) {
  int base = (int)((unsigned)kind & ~(unsigned)omp_sched_monotonic);
  if ((base < omp_sched_static || base > omp_sched_auto) &&
      base != OMP_SCHED_TRAPEZOIDAL && base != OMP_SCHED_STATIC_STEAL) {
    omp_warn("omp_set_schedule: unknown schedule kind %d; ignored", (int)kind);
    return;
  }
  struct omp_icvs *icvs = &omp_self()->task->icvs;
  icvs->sched_kind = (int)kind;
  /* chunk < 1 asks for the default; auto takes no chunk */
  icvs->sched_chunk = (chunk < 1 || base == omp_sched_auto) ? 0 : chunk;
}

OMP_EXPORT void omp_get_schedule(omp_sched_t *kind, int *chunk) {
  const struct omp_icvs *icvs = &omp_self()->task->icvs;
  *kind = (omp_sched_t)icvs->sched_kind;
  int base = (int)((unsigned)icvs->sched_kind & ~(unsigned)omp_sched_monotonic);
  /* As LLVM: static without a chunk reports 0, auto always 1 (it has no
   * chunk), the others their chunk or 1. */
  if (base == omp_sched_auto)
    *chunk = 1;
  else
    *chunk = icvs->sched_chunk ? icvs->sched_chunk : (base == omp_sched_static ? 0 : 1);
}

OMP_EXPORT int omp_get_thread_limit(void) {
  return omp_self()->task->icvs.thread_limit;
}

OMP_EXPORT int omp_in_final(void) { return omp_self()->task->final; }

OMP_EXPORT int omp_get_max_task_priority(void) {
  omp_runtime_init();
  return omp_global.max_task_priority;
}

OMP_EXPORT int omp_get_cancellation(void) {
  omp_runtime_init();
  return omp_global.cancellation;
}

OMP_EXPORT void omp_set_default_device(int device) {
  omp_self()->task->icvs.default_device = device;
}

OMP_EXPORT int omp_get_default_device(void) {
  return omp_self()->task->icvs.default_device;
}

/* ---- host teams ------------------------------------------------------------ */

OMP_EXPORT int omp_get_num_teams(void) {
  struct omp_team *league = omp_enclosing_league(omp_self(), NULL);
  return league ? league->league_size : 1;
}

OMP_EXPORT int omp_get_team_num(void) {
  int team_num = 0;
  return omp_enclosing_league(omp_self(), &team_num) ? team_num : 0;
}

OMP_EXPORT void omp_set_num_teams(int num_teams) {
  omp_runtime_init();
  if (num_teams <= 0) {
    omp_warn("omp_set_num_teams(%d): the value must be positive; ignored",
             num_teams);
    return;
  }
  omp_global.num_teams = num_teams;
}

OMP_EXPORT int omp_get_max_teams(void) {
  omp_runtime_init();
  return omp_global.num_teams;
}

OMP_EXPORT void omp_set_teams_thread_limit(int limit) {
  omp_runtime_init();
  if (limit <= 0) {
    omp_warn("omp_set_teams_thread_limit(%d): the value must be positive; "
             "ignored", limit);
    return;
  }
  omp_global.teams_thread_limit = limit;
}

OMP_EXPORT int omp_get_teams_thread_limit(void) {
  omp_runtime_init();
  return omp_global.teams_thread_limit;
}

/* ---- time -------------------------------------------------------------------- */

OMP_EXPORT double omp_get_wtime(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

OMP_EXPORT double omp_get_wtick(void) {
  struct timespec ts;
  clock_getres(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The host is the initial device. */
OMP_EXPORT int omp_is_initial_device(void) { return 1; }
