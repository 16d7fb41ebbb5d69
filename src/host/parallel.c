/* parallel.c — fork/join of parallel regions (and the team running that
 * host teams share, teams.c).
 *
 * __kmpc_fork_call → omp_fork: size the team from the ICVs and clauses, take
 * workers (the master's hot team for its outermost active region, else the
 * pool, with a spare team's memory), hand
 * each its team through its fork word, run the body as thread 0, and wait for
 * the workers' join arrivals. Regions that get one thread are "serialized":
 * they still open a nesting level (omp_get_level counts them) with a team of
 * one taken from a per-thread free list.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "runtime.h"

#if !defined(__x86_64__)
/* Portable fallback of x86_64/invoke.S for up to 16 shared variables. */
void omp_invoke_microtask(kmpc_micro fn, int32_t *gtid, int32_t *tid, int argc,
                          void **a, void **exit_frame) {
  if (exit_frame)
    *exit_frame = __builtin_frame_address(0);
  switch (argc) {
  case 0: fn(gtid, tid); break;
  case 1: fn(gtid, tid, a[0]); break;
  case 2: fn(gtid, tid, a[0], a[1]); break;
  case 3: fn(gtid, tid, a[0], a[1], a[2]); break;
  case 4: fn(gtid, tid, a[0], a[1], a[2], a[3]); break;
  case 5: fn(gtid, tid, a[0], a[1], a[2], a[3], a[4]); break;
  case 6: fn(gtid, tid, a[0], a[1], a[2], a[3], a[4], a[5]); break;
  case 7: fn(gtid, tid, a[0], a[1], a[2], a[3], a[4], a[5], a[6]); break;
  case 8: fn(gtid, tid, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7]); break;
  default:
    if (argc > 16)
      omp_fatal(NULL, "parallel region with %d shared variables: more than "
                      "16 are supported on this architecture", argc);
    fn(gtid, tid, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9],
       a[10], a[11], a[12], a[13], a[14], a[15]);
  }
}
#endif

/* ICVs of an implicit task at nesting level `level` (lists in OMP_NUM_THREADS
 * and OMP_PROC_BIND give one value per level; a num_threads list pushed for
 * this region, `list`, replaces OMP_NUM_THREADS's below it, as in LLVM). */
void omp_icvs_for_level(struct omp_icvs *child, const struct omp_icvs *parent,
                        int level, const struct omp_nthreads_list *list) {
  *child = *parent;
  if (list) {
    child->nthreads_list = list;
    child->nthreads_list_level = level;
  }
  if (child->nthreads_list) {
    int k = level - child->nthreads_list_level;
    const struct omp_nthreads_list *l = child->nthreads_list;
    child->nthreads = l->values[k < l->len ? k : l->len - 1];
  } else if (level < omp_global.nthreads_list_len) {
    child->nthreads = omp_global.nthreads_list[level];
  }
  if (level < omp_global.bind_list_len)
    child->proc_bind = omp_global.bind_list[level];
}

static struct omp_team *omp_team_alloc(int capacity) {
  struct omp_team *team = aligned_alloc(OMP_CACHE_LINE, sizeof(*team));
  if (!team)
    omp_fatal(NULL, "out of memory allocating a team");
  memset(team, 0, sizeof(*team));
  omp_dispatch_buffers_alloc(team);
  team->capacity = capacity;
  team->threads = calloc((size_t)capacity, sizeof(*team->threads));
  team->implicit_tasks = calloc((size_t)capacity, sizeof(*team->implicit_tasks));
  if (!team->threads || !team->implicit_tasks)
    omp_fatal(NULL, "out of memory allocating a team of %d", capacity);
  omp_barrier_init(&team->barrier);
  return team;
}

static void omp_team_free(struct omp_team *team) {
  omp_team_tasks_free(team);
  free(team->dispatch);
  free(team->threads);
  free(team->implicit_tasks);
  free(team);
}

/* Give team's workers from thread number `from` up back to the pool, the
 * highest first: the pool hands out the last one returned first, so the
 * next team that takes as many gets each back at its thread number (its
 * cache and place stay with it; LLVM's pool, sorted by gtid, does the same).
 * In thread-number order, a league's members or a nested team's workers
 * swapped places at every region. */
static void omp_team_release_workers(struct omp_team *team, int from) {
  for (int i = team->nthreads - 1; i >= from; i--)
    omp_pool_release(team->threads[i]);
}

/* A team for a nested region or a league of at least `capacity` slots: one
 * of the spares th kept from its last ones, or a new one. Their workers come
 * from the pool and go back to it; only the memory is kept. */
struct omp_team *omp_team_take_spare(struct omp_thread *th, int capacity) {
  for (int i = 0; i < OMP_SPARE_TEAMS; i++) {
    struct omp_team *team = th->spare_teams[i];
    if (!team || team->capacity < capacity)
      continue;
    th->spare_teams[i] = NULL;
    /* what its last region set that the next may not (a league and a
     * nested team set different fields; binding may be off this time) */
    team->nthreads_list = NULL;
    team->league_size = 0;
    team->places_assigned = false;
    return team;
  }
  return omp_team_alloc(capacity);
}

/* The region of `team` (not a hot team) is over: keep it as a spare in a
 * free slot, or in place of a smaller spare. */
static void omp_team_keep_spare(struct omp_thread *th, struct omp_team *team) {
  int smallest = 0;
  for (int i = 0; i < OMP_SPARE_TEAMS; i++) {
    if (!th->spare_teams[i]) {
      th->spare_teams[i] = team;
      return;
    }
    if (th->spare_teams[i]->capacity < th->spare_teams[smallest]->capacity)
      smallest = i;
  }
  if (th->spare_teams[smallest]->capacity < team->capacity) {
    struct omp_team *old = th->spare_teams[smallest];
    th->spare_teams[smallest] = team;
    team = old;
  }
  omp_team_free(team);
}

/* The region of `team` (not a hot team) is over: its workers go back to
 * the pool, its memory to th's spares. */
void omp_team_retire(struct omp_thread *th, struct omp_team *team) {
  omp_team_release_workers(team, 1);
  omp_team_keep_spare(th, team);
}

void omp_team_spare_free(struct omp_thread *th) {
  for (int i = 0; i < OMP_SPARE_TEAMS; i++) {
    if (th->spare_teams[i])
      omp_team_free(th->spare_teams[i]);
    th->spare_teams[i] = NULL;
  }
}

/* Per-region worksharing state starts fresh in every team. */
static void omp_team_reset_worksharing(struct omp_team *team) {
  OMP_STORE_IF_CHANGED(team->single_count, 0);
  omp_dispatch_reset(team);
  OMP_STORE_IF_CHANGED(team->copyprivate_data, NULL);
  OMP_STORE_IF_CHANGED(team->cancel_kind, 0);
  OMP_STORE_IF_CHANGED(team->cancel_released, 0);
  OMP_STORE_IF_CHANGED(team->tasks.used, false);
  OMP_STORE_IF_CHANGED(team->tasks.late_completion, false);
  if (atomic_load_explicit(&team->barrier.epoch.value, memory_order_relaxed) & OMP_EPOCH_TASKS)
    atomic_fetch_and_explicit(&team->barrier.epoch.value, ~OMP_EPOCH_TASKS,
                              memory_order_relaxed);
}

/* Never 0, never reused while a worker could hold it: the master's gtid
 * over its count of regions forked (2^40 per master). */
static void omp_team_number_region(struct omp_thread *th, struct omp_team *team) {
  th->regions_forked = (th->regions_forked + 1) & ((UINT64_C(1) << 40) - 1);
  team->region_id = (uint64_t)(th->gtid + 1) << 40 | th->regions_forked;
}

/* Make `team` the current team of its master `th` (thread 0). */
static void omp_master_enter(struct omp_thread *th, struct omp_team *team) {
  team->parent = th->team;
  team->parent_tid = th->tid;
  team->master_saved_single_count = th->single_count;
  memcpy(team->master_saved_dispatch_count, th->dispatch_count,
         sizeof(th->dispatch_count));
  team->master_saved_dispatch = th->dispatch;
  team->master_saved_dispatch_private = th->dispatch_private;
  team->threads[0] = th;
  th->team = team;
  th->tid = 0;
  th->task = &team->implicit_tasks[0];
  th->single_count = 0;
  omp_dispatch_enter_team(th);
}

static void omp_master_leave(struct omp_thread *th, struct omp_team *team) {
  th->task = team->implicit_tasks[0].parent;
  th->tid = team->parent_tid;
  th->team = team->parent;
  th->single_count = team->master_saved_single_count;
  memcpy(th->dispatch_count, team->master_saved_dispatch_count,
         sizeof(th->dispatch_count));
  th->dispatch = team->master_saved_dispatch;
  th->dispatch_private = team->master_saved_dispatch_private;
}

/* dst = src, writing only the cache lines that differ: a hot team's
 * implicit tasks are mostly what they were, and a line the master leaves
 * alone is one its worker need not fetch back (LLVM's KMP_CHECK_UPDATE). */
static void omp_copy_changed_lines(void *dst, const void *src, size_t size) {
  char *d = dst;
  const char *s = src;
  for (size_t off = 0; off < size; off += OMP_CACHE_LINE) {
    size_t len = size - off < OMP_CACHE_LINE ? size - off : OMP_CACHE_LINE;
    if (memcmp(d + off, s + off, len) != 0)
      memcpy(d + off, s + off, len);
  }
}

static void omp_implicit_tasks_init(struct omp_team *team, struct omp_task *parent) {
  struct omp_task fresh;
  memset(&fresh, 0, sizeof(fresh));
  omp_icvs_for_level(&fresh.icvs, &parent->icvs, team->level, team->nthreads_list);
  fresh.parent = parent;
  fresh.team = team;
  fresh.implicit = true;
  fresh.cg = team->cg;
  if (team->is_league) {
    fresh.icvs.nthreads = team->league_nthreads;
    fresh.icvs.thread_limit = team->league_thread_limit;
    fresh.cg_limit_by_procs = team->league_limit_by_procs;
  }
  for (int i = 0; i < team->nthreads; i++) {
    struct omp_task *task = &team->implicit_tasks[i];
    omp_deps_free_children(task);
    omp_copy_changed_lines(task, &fresh, sizeof(*task));
    if (team->is_league)
      omp_cg_start(task); /* each team of a league is a contention group of its own */
  }
}

/* ---- serialized regions ------------------------------------------------- */

/* ---- OMPT: a region's begin and end as its master reports them --------- */

/* parallel_begin (team) or the league's, then the master's implicit task;
 * before the workers start, so each reports its own after these. */
static void omp_ompt_region_begin(struct omp_thread *th, struct omp_team *team,
                                  int requested, int region_flags, int task_flags) {
  struct omp_task *encountering = team->implicit_tasks[0].parent;
  team->ompt_parallel_data.value = 0;
  team->ompt_codeptr = omp_ompt_take_codeptr(th);
  team->ompt_flags = region_flags | ompt_parallel_invoker_runtime;
  ompt_callback_parallel_begin_t begin = OMPT_CB(parallel_begin);
  if (begin)
    begin(&encountering->ompt_task_data, &encountering->ompt_frame,
          &team->ompt_parallel_data, (unsigned)requested, team->ompt_flags,
          team->ompt_codeptr);
  th->ompt_state = ompt_state_work_parallel;
  ompt_callback_implicit_task_t implicit = OMPT_CB(implicit_task);
  if (implicit)
    implicit(ompt_scope_begin, &team->ompt_parallel_data,
             &team->implicit_tasks[0].ompt_task_data, (unsigned)team->nthreads, 0,
             task_flags);
}

/* The master's implicit-task end (its region's join is done); then, back
 * in the encountering task, parallel_end. */
static void omp_ompt_implicit_end(struct omp_team *team, int task_flags) {
  ompt_callback_implicit_task_t implicit = OMPT_CB(implicit_task);
  if (implicit)
    implicit(ompt_scope_end, NULL, &team->implicit_tasks[0].ompt_task_data,
             (unsigned)team->nthreads, 0, task_flags);
}

static void omp_ompt_region_end(struct omp_thread *th, struct omp_team *team) {
  ompt_callback_parallel_end_t end = OMPT_CB(parallel_end);
  if (end)
    end(&team->ompt_parallel_data, &th->task->ompt_task_data, team->ompt_flags,
        team->ompt_codeptr);
  th->ompt_state =
      th->team->active_level > 0 ? ompt_state_work_parallel : ompt_state_work_serial;
}

/* The master's wait at the end of its region, as the implicit barrier it
 * stands for (its end names no region, as every member's: LLVM's order). */
static void omp_ompt_join_wait(struct omp_thread *th, struct omp_team *team, int endpoint) {
  omp_ompt_sync(team->is_league ? ompt_sync_region_barrier_teams
                                : ompt_sync_region_barrier_implicit_parallel,
                endpoint, endpoint == ompt_scope_begin ? &team->ompt_parallel_data : NULL,
                &team->implicit_tasks[0].ompt_task_data, team->ompt_codeptr);
  if (endpoint == ompt_scope_begin)
    th->ompt_state = ompt_state_wait_barrier_implicit_parallel;
}

void omp_serialized_begin(struct omp_thread *th, ident_t *loc, int requested) {
  struct omp_team *team = th->serial_teams;
  if (team)
    th->serial_teams = team->free_next;
  else
    team = omp_team_alloc(1);
  struct omp_team *parent = th->team;
  team->nthreads = 1;
  team->level = parent->level + 1;
  team->active_level = parent->active_level;
  team->serialized = true;
  team->is_league = false;
  team->cg = omp_cg_of(th);
  team->loc = loc;
  omp_team_reset_worksharing(team);
  team->nthreads_list = th->pushed_nthreads_list;
  th->pushed_nthreads = 0;
  th->pushed_nthreads_list = NULL;
  th->pushed_proc_bind = 0;
  struct omp_task *parent_task = th->task;
  omp_master_enter(th, team);
  omp_implicit_tasks_init(team, parent_task);
  omp_display_affinity_serialized(th);
  if (omp_ompt_enabled())
    omp_ompt_region_begin(th, team, requested, ompt_parallel_team, ompt_task_implicit);
}

void omp_serialized_end(struct omp_thread *th) {
  struct omp_team *team = th->team;
  if (!team->serialized)
    omp_fatal(team->loc, "__kmpc_end_serialized_parallel without a matching "
                         "__kmpc_serialized_parallel");
  omp_task_drain(th);
  th->left_by_cancel = false; /* a one-thread region ends with no barrier */
  if (omp_ompt_enabled())
    omp_ompt_implicit_end(team, ompt_task_implicit);
  omp_master_leave(th, team);
  if (omp_ompt_enabled())
    omp_ompt_region_end(th, team);
  team->free_next = th->serial_teams;
  th->serial_teams = team;
}

/* ---- team sizing -------------------------------------------------------- */

/* The hot team level of a region th forks now, or -1 when it takes pool
 * workers for the region alone. As LLVM's, the level is the active level
 * the region is nested in: 0 for the outermost active region (only
 * serialized regions, or a league of one team, lie between th and its root
 * team: a region nested in a one-thread region, or in `teams num_teams(1)`
 * as every target region on the x86_64 device, reuses the workers the
 * top-level regions keep), 1 for a region nested in one, and so on; levels
 * from KMP_HOT_TEAMS_MAX_LEVEL (default 1) up take pool workers. Regions
 * inside a league of several host teams always do (LLVM shifts its levels
 * there; we keep no hot teams for them). */
static int omp_hot_level(const struct omp_thread *th) {
  for (const struct omp_team *team = th->team; team; team = team->parent)
    if (team->is_league && team->league_size > 1)
      return -1;
  int level = th->team->active_level;
  return level < omp_global.hot_teams_max_level ? level : -1;
}

/* Where th keeps its hot team of `level`. */
static struct omp_team **omp_hot_slot(struct omp_thread *th, int level) {
  if (level == 0)
    return &th->hot_team;
  if (level > th->nested_hot_len) {
    struct omp_team **grown =
        realloc(th->nested_hot_teams, sizeof(*grown) * (size_t)level);
    if (!grown)
      omp_fatal(NULL, "out of memory keeping a nested hot team");
    for (int i = th->nested_hot_len; i < level; i++)
      grown[i] = NULL;
    th->nested_hot_teams = grown;
    th->nested_hot_len = level;
  }
  return &th->nested_hot_teams[level - 1];
}

/* The top-level team's memory stays with th (a team of one now): a worker
 * may still be leaving its last join, and th's record may go to another
 * user thread (init.c). */
void omp_hot_teams_release(struct omp_thread *th) {
  if (th->hot_team) {
    omp_team_release_workers(th->hot_team, 1);
    th->hot_team->nthreads = 1;
  }
  omp_nested_hot_teams_release(th);
}

void omp_nested_hot_teams_release(struct omp_thread *th) {
  for (int level = 1; level <= th->nested_hot_len; level++) {
    struct omp_team *team = th->nested_hot_teams[level - 1];
    if (!team)
      continue;
    omp_team_release_workers(team, 1);
    omp_team_free(team);
    th->nested_hot_teams[level - 1] = NULL;
  }
}

/* Whether th's hot team is idle: th is not inside a region it runs. */
static bool omp_hot_team_idle(const struct omp_thread *th) {
  for (const struct omp_team *team = th->team; team; team = team->parent)
    if (team == th->hot_team)
      return false;
  return true;
}

/* hot_level: omp_hot_level(th), which the fork computes once. */
static int omp_team_size(struct omp_thread *th, int requested, int hot_level,
                         struct omp_task *cg) {
  const struct omp_icvs *icvs = &th->task->icvs;
  if (th->team->active_level >= icvs->max_active_levels)
    return 1;
  int n = requested < 1 ? 1 : requested;
  /* Threads of this master's hot team are idle now and may be reused. */
  int in_use = omp_threads_in_use();
  if (th->hot_team && omp_hot_team_idle(th))
    in_use -= th->hot_team->nthreads - 1;
  if (hot_level > 0 && hot_level <= th->nested_hot_len && th->nested_hot_teams[hot_level - 1])
    in_use -= th->nested_hot_teams[hot_level - 1]->nthreads - 1;
  /* thread-limit-var bounds the threads of the contention group (OpenMP
   * 5.2 2.1): the root's, or one host team's, not the whole process. A
   * team whose limit is only its share of the processors (no thread_limit
   * clause: every target region on the x86_64 device) counts the process's
   * busy threads instead, so that a region there does not add threads to
   * processors the host's team keeps busy (LLVM 19 runs it on one thread). */
  int in_group = OMP_UNLIKELY(cg->cg_limit_by_procs) ? in_use : atomic_load(&cg->cg_threads);
  int available = icvs->thread_limit - in_group + 1;
  if (n > available)
    n = available;
  if (icvs->dynamic) {
    int idle_procs = omp_global.num_procs - in_use + 1;
    if (n > idle_procs)
      n = idle_procs;
  }
  return n < 1 ? 1 : n;
}

/* The team for a region of n threads forked by th: regions at a hot team
 * level reuse the master's hot team of that level; others take pool
 * workers for the region. */
static struct omp_team *omp_team_obtain(struct omp_thread *th, int n, int hot_level) {
  if (hot_level >= 0) {
    struct omp_team **slot = omp_hot_slot(th, hot_level);
    struct omp_team *team = *slot;
    if (team && team->nthreads == n)
      return team;
    /* Resized: the workers both sizes have keep their thread numbers (as
     * LLVM's hot teams: their caches and places stay theirs); a smaller
     * team gives the rest back, a larger one takes more. */
    int kept = 1;
    if (team) {
      kept = team->nthreads < n ? team->nthreads : n;
      omp_team_release_workers(team, kept);
      if (team->capacity < n) {
        struct omp_team *grown = omp_team_alloc(n);
        memcpy(grown->threads + 1, team->threads + 1,
               sizeof(*team->threads) * (size_t)(kept - 1));
        omp_team_free(team);
        team = grown;
      }
    } else {
      team = omp_team_alloc(n);
    }
    team->nthreads = omp_team_fill(team, kept, n);
    *slot = team;
    return team;
  }
  struct omp_team *team = omp_team_take_spare(th, n);
  team->nthreads = omp_team_fill(team, 1, n);
  return team;
}

int omp_team_fill(struct omp_team *team, int from, int n) {
  for (int i = from; i < n; i++)
    if (!(team->threads[i] = omp_pool_acquire()))
      return i;
  return n;
}

static bool omp_join_complete(void *arg) {
  struct omp_team *team = arg;
  return atomic_load(&team->join.value) == (uint32_t)team->nthreads - 1 &&
         atomic_load(&team->tasks.pending) == 0;
}

/* The master's end of a region: every worker arrived and, if the team made
 * explicit tasks, all of them completed (workers that saw tasks keep
 * running them until the master says so, then leave the team). */
static void omp_join(struct omp_thread *th, struct omp_team *team) {
  /* Wait while running tasks: a member still in the region may create
   * tasks after we got here, and they are ours to help with. Arriving
   * workers bump the work word, so this costs no more than a plain wait. */
  omp_task_flush_pending(th); /* before the count can be read: see task.c */
  omp_task_wait(th, omp_join_complete, team);
  if (atomic_load(&team->tasks.used)) {
    atomic_store(&team->join_done, 1);
    omp_team_signal_work(team);
    while (atomic_load(&team->join_helpers))
      omp_os_relax_or_yield();
    atomic_store_explicit(&team->join_done, 0, memory_order_relaxed);
  }
  /* The last arrivals and task completions may still be signalling. */
  while (atomic_load(&team->tasks.signalers))
    omp_os_relax_or_yield();
  atomic_store_explicit(&team->join.value, 0, memory_order_relaxed);
}

/* Make th the master of `team` (sized, its workers assigned) for the
 * region of fn: the region's number, fresh worksharing state, and the
 * implicit tasks (a league's initial tasks). */
void omp_team_prepare(struct omp_thread *th, struct omp_team *team, ident_t *loc,
                      kmpc_micro fn, int argc, void **argv) {
  OMP_SET_IF_CHANGED(team->loc, loc);
  OMP_SET_IF_CHANGED(team->microtask, fn);
  OMP_SET_IF_CHANGED(team->argc, argc);
  OMP_SET_IF_CHANGED(team->argv, argv);
  omp_team_number_region(th, team);
  omp_team_reset_worksharing(team);
  struct omp_task *parent_task = th->task;
  omp_master_enter(th, team);
  omp_implicit_tasks_init(team, parent_task);
}

/* Run the prepared team's region: start the workers, run the body as
 * thread 0, join, and make th its parent's member again. requested: the
 * size asked for (a tool is told). */
void omp_team_execute(struct omp_thread *th, struct omp_team *team, int requested) {
  bool league = team->is_league;
  int task_flags = league ? ompt_task_initial : ompt_task_implicit;
  bool ompt = omp_ompt_enabled();
  if (ompt)
    omp_ompt_region_begin(th, team, requested,
                          league ? ompt_parallel_league : ompt_parallel_team, task_flags);
  for (int i = 1; i < team->nthreads; i++)
    omp_worker_start(team->threads[i], team, i);
  int32_t gtid = th->gtid, btid = 0;
  omp_invoke_region(team->microtask, &gtid, &btid, team->argc, team->argv, th->task);
  if (OMP_UNLIKELY(omp_global.cancellation) && !league)
    omp_cancel_region_end(th, team);
  if (ompt)
    omp_ompt_join_wait(th, team, ompt_scope_begin);
  omp_join(th, team);
  if (ompt) {
    omp_ompt_join_wait(th, team, ompt_scope_end);
    omp_ompt_implicit_end(team, task_flags);
  }
  omp_master_leave(th, team);
  if (ompt)
    omp_ompt_region_end(th, team);
  if (OMP_UNLIKELY(omp_global.affinity_reset) && !league)
    omp_affinity_join(team);
}

/* The size of th's next team and, above one thread, the team with its
 * workers taken. */
static inline int omp_fork_team(struct omp_thread *th, int requested, int hot_level,
                                struct omp_task *cg, struct omp_team **team) {
  int n = omp_team_size(th, requested, hot_level, cg);
  *team = NULL;
  if (n > 1) {
    atomic_fetch_add(&cg->cg_threads, n - 1); /* given back by omp_fork */
    *team = omp_team_obtain(th, n, hot_level);
    int formed = (*team)->nthreads;
    if (OMP_UNLIKELY(formed < n)) { /* the system refused threads */
      atomic_fetch_sub(&cg->cg_threads, n - formed);
      n = formed;
      if (n == 1) { /* runs serialized; a hot team keeps its one slot */
        if (hot_level < 0)
          omp_team_retire(th, *team);
        *team = NULL;
      }
    }
  }
  return n;
}

/* The same while a thread limit is in force (OMP_THREAD_LIMIT, a teams
 * thread_limit): under one lock from counting the free threads until they
 * are taken, so that forks at the same time do not count the same ones (as
 * LLVM's fork/join lock). Out of line: forks without a limit never pay. */
__attribute__((noinline, cold)) static int
omp_fork_team_limited(struct omp_thread *th, int requested, int hot_level,
                      struct omp_task *cg, struct omp_team **team) {
  omp_thread_limit_lock();
  int n = omp_fork_team(th, requested, hot_level, cg, team);
  omp_thread_limit_unlock();
  return n;
}

void omp_fork(struct omp_thread *th, ident_t *loc, kmpc_micro fn, int argc,
              void **argv) {
  int requested = th->pushed_nthreads > 0 ? th->pushed_nthreads
                                          : th->task->icvs.nthreads;
  int proc_bind = th->pushed_proc_bind ? th->pushed_proc_bind
                                       : th->task->icvs.proc_bind;
  th->pushed_nthreads = 0;
  th->pushed_proc_bind = 0;
  int hot_level = omp_hot_level(th);
  struct omp_task *cg = omp_cg_of(th);
  struct omp_team *team;
  int n = OMP_UNLIKELY(th->task->icvs.thread_limit != INT_MAX)
              ? omp_fork_team_limited(th, requested, hot_level, cg, &team)
              : omp_fork_team(th, requested, hot_level, cg, &team);
  /* After the unlock: a strict num_threads the team fell short of may end
   * the program, whose exit handlers may fork. */
  if (OMP_UNLIKELY(th->pushed_strict))
    omp_num_threads_strict_check(th, requested, n);
  if (n == 1) {
    omp_serialized_begin(th, loc, requested);
    int32_t gtid = th->gtid, btid = 0;
    omp_invoke_region(fn, &gtid, &btid, argc, argv, th->task);
    omp_serialized_end(th);
    return;
  }
  bool hot = hot_level >= 0;
  team->nthreads_list = th->pushed_nthreads_list;
  th->pushed_nthreads_list = NULL;
  team->level = th->team->level + 1;
  team->active_level = th->team->active_level + 1;
  team->serialized = false;
  team->is_league = false;
  team->cg = cg;
  omp_affinity_fork(team, proc_bind);
  omp_team_prepare(th, team, loc, fn, argc, argv);
  omp_team_execute(th, team, requested);
  atomic_fetch_sub(&cg->cg_threads, n - 1);
  if (!hot)
    omp_team_retire(th, team);
}

/* ---- entry points ------------------------------------------------------- */

void **omp_region_args(ident_t *loc, int argc, va_list ap, void **on_stack) {
  void **argv = argc <= OMP_MAX_ARGS_ON_STACK ? on_stack
                                              : malloc(sizeof(void *) * (size_t)argc);
  if (!argv)
    omp_fatal(loc, "out of memory forking a region with %d shared variables", argc);
  for (int i = 0; i < argc; i++)
    argv[i] = va_arg(ap, void *);
  return argv;
}

OMP_EXPORT void __kmpc_fork_call(ident_t *loc, int32_t argc, kmpc_micro fn, ...) {
  OMP_FORK_VARIADIC(loc, argc, fn, omp_fork);
}

/* `parallel if(cond)` as one call: clang passes the single shared-variable
 * pointer (or none) in `args`. */
OMP_EXPORT void __kmpc_fork_call_if(ident_t *loc, int32_t argc, kmpc_micro fn,
                                    int32_t cond, void *args) {
  struct omp_thread *th = omp_self();
  struct omp_task *encountering = th->task;
  OMP_OMPT_CODEPTR(th);
  OMP_OMPT_ENTER(encountering);
  void *argv[1] = {args};
  int count = args ? 1 : 0;
  (void)argc;
  if (cond) {
    omp_fork(th, loc, fn, count, argv);
  } else {
    omp_serialized_begin(th, loc, 1);
    int32_t gtid = th->gtid, btid = 0;
    omp_invoke_region(fn, &gtid, &btid, count, argv, th->task);
    omp_serialized_end(th);
  }
  OMP_OMPT_LEAVE(encountering);
}

OMP_EXPORT void __kmpc_serialized_parallel(ident_t *loc, int32_t gtid) {
  (void)gtid;
  struct omp_thread *th = omp_self();
  OMP_OMPT_CODEPTR(th);
  /* the encountering task stays suspended in the runtime until the end */
  OMP_OMPT_ENTER(th->task);
  omp_serialized_begin(th, loc, 1);
  /* The compiler calls the body itself, from where this call returns to: a
   * tool's exit frame for the new implicit task is ours, as in LLVM. */
  if (omp_ompt_enabled()) {
    th->task->ompt_frame.exit_frame.ptr = __builtin_frame_address(0);
    th->task->ompt_frame.exit_frame_flags = ompt_frame_runtime | ompt_frame_framepointer;
  }
}

OMP_EXPORT void __kmpc_end_serialized_parallel(ident_t *loc, int32_t gtid) {
  (void)loc;
  (void)gtid;
  struct omp_thread *th = omp_self();
  omp_serialized_end(th);
  OMP_OMPT_LEAVE(th->task);
}

OMP_EXPORT void __kmpc_push_num_threads(ident_t *loc, int32_t gtid,
                                        int32_t num_threads) {
  (void)loc;
  (void)gtid;
  omp_self()->pushed_nthreads = num_threads;
}

OMP_EXPORT void __kmpc_push_proc_bind(ident_t *loc, int32_t gtid, int proc_bind) {
  (void)loc;
  (void)gtid;
  omp_self()->pushed_proc_bind = proc_bind;
}
