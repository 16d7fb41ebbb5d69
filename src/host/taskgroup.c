/* taskgroup.c — taskgroup regions and task reductions.
 *
 * A taskgroup counts the tasks created in it and in their descendants (a
 * task inherits its creator's innermost taskgroup); its end waits, running
 * tasks, until the count is zero. Task reductions (task_reduction /
 * in_reduction, and the `task` modifier on parallel and worksharing
 * reductions) give each team member a private copy of every item; the copies
 * are combined into the shared item when the taskgroup ends.
 */
#include <stdlib.h>
#include <string.h>

#include "config/linux/futex.h"
#include "runtime.h"

/* clang-19's kmp_taskred_input_t (and the older kmp_task_red_input_t). */
typedef struct kmp_taskred_input {
  void *reduce_shar;
  void *reduce_orig;
  size_t reduce_size;
  void *reduce_init;
  void *reduce_fini;
  void *reduce_comb;
  uint32_t flags; /* bit 0: lazy_priv */
} kmp_taskred_input_t;

typedef struct kmp_task_red_input {
  void *reduce_shar;
  size_t reduce_size;
  void *reduce_init;
  void *reduce_fini;
  void *reduce_comb;
  uint32_t flags;
} kmp_task_red_input_t;

struct omp_taskred_item {
  void *shar, *orig;
  size_t size, stride;
  void *init;         /* init(priv, orig), or init(priv) for the old ABI */
  bool init_has_orig;
  void (*fini)(void *priv);
  void (*comb)(void *shar, void *priv);
  char *privates;     /* nthreads copies, `stride` apart */
  int nthreads;
};

struct omp_taskgroup {
  _Atomic int32_t count;
  _Atomic int32_t cancelled;
  struct omp_taskgroup *parent;
  struct omp_team *team;
  int nitems;
  struct omp_taskred_item *items;
  int modifier_ws; /* -1, else the task-modifier reduction's slot (0/1) */
  uintptr_t *gomp_reductions; /* GCC's task reductions (gomp_taskred.c) */
};

/* GCC's reductions registered on the innermost taskgroup of task that has
 * any: a nested taskgroup sees its parents' (libgomp copies the pointer
 * into each new taskgroup). NULL outside every taskgroup. */
uintptr_t *omp_taskgroup_gomp_reductions(const struct omp_task *task) {
  for (struct omp_taskgroup *tg = task->taskgroup; tg; tg = tg->parent)
    if (tg->gomp_reductions)
      return tg->gomp_reductions;
  return NULL;
}

void omp_taskgroup_set_gomp_reductions(struct omp_task *task, uintptr_t *data) {
  if (!task->taskgroup)
    omp_fatal(NULL, "GOMP_taskgroup_reduction_register outside a taskgroup");
  task->taskgroup->gomp_reductions = data;
}

void omp_taskgroup_add(struct omp_taskgroup *tg) {
  atomic_fetch_add_explicit(&tg->count, 1, memory_order_relaxed);
}

void omp_taskgroup_remove(struct omp_taskgroup *tg) {
  atomic_fetch_sub_explicit(&tg->count, 1, memory_order_acq_rel);
}

bool omp_taskgroup_cancel(struct omp_task *task) {
  struct omp_taskgroup *tg = task->taskgroup;
  if (!tg)
    return false;
  atomic_store(&tg->cancelled, 1);
  return true;
}

bool omp_taskgroup_is_cancelled(struct omp_task *task) {
  struct omp_taskgroup *tg = task->taskgroup;
  return tg && atomic_load_explicit(&tg->cancelled, memory_order_relaxed);
}

static struct omp_taskgroup *omp_taskgroup_open(struct omp_thread *th) {
  struct omp_taskgroup *tg = calloc(1, sizeof(*tg));
  if (!tg)
    omp_fatal(NULL, "out of memory opening a taskgroup");
  tg->parent = th->task->taskgroup;
  tg->team = th->team;
  tg->modifier_ws = -1;
  th->task->taskgroup = tg;
  return tg;
}

/* A tool sees the taskgroup region as a sync region from its start (tasks
 * made inside belong to it) to the end of its wait. */
OMP_EXPORT void __kmpc_taskgroup(ident_t *loc, int32_t gtid) {
  (void)loc;
  (void)gtid;
  struct omp_thread *th = omp_self();
  if (OMP_UNLIKELY(omp_ompt_enabled())) {
    ompt_callback_sync_region_t region = OMPT_CB(sync_region);
    if (region)
      region(ompt_sync_region_taskgroup, ompt_scope_begin, &th->team->ompt_parallel_data,
             &th->task->ompt_task_data, __builtin_return_address(0));
  }
  omp_taskgroup_open(th);
}

/* ---- reductions --------------------------------------------------------------- */

static void omp_taskred_combine(struct omp_taskred_item *items, int nitems) {
  for (int i = 0; i < nitems; i++) {
    struct omp_taskred_item *it = &items[i];
    if (!it->privates)
      continue;
    for (int t = 0; t < it->nthreads; t++) {
      void *priv = it->privates + (size_t)t * it->stride;
      it->comb(it->shar, priv);
      if (it->fini)
        it->fini(priv);
    }
    free(it->privates);
    it->privates = NULL;
  }
}

static void omp_taskred_setup(struct omp_taskgroup *tg, int nthreads, int num,
                              const void *data, bool new_abi) {
  tg->items = calloc((size_t)num, sizeof(*tg->items));
  if (!tg->items)
    omp_fatal(NULL, "out of memory setting up a task reduction");
  tg->nitems = num;
  for (int i = 0; i < num; i++) {
    struct omp_taskred_item *it = &tg->items[i];
    if (new_abi) {
      const kmp_taskred_input_t *in = (const kmp_taskred_input_t *)data + i;
      it->shar = in->reduce_shar;
      it->orig = in->reduce_orig ? in->reduce_orig : in->reduce_shar;
      it->size = in->reduce_size;
      it->init = in->reduce_init;
      it->fini = (void (*)(void *))in->reduce_fini;
      it->comb = (void (*)(void *, void *))in->reduce_comb;
      it->init_has_orig = true;
    } else {
      const kmp_task_red_input_t *in = (const kmp_task_red_input_t *)data + i;
      it->shar = it->orig = in->reduce_shar;
      it->size = in->reduce_size;
      it->init = in->reduce_init;
      it->fini = (void (*)(void *))in->reduce_fini;
      it->comb = (void (*)(void *, void *))in->reduce_comb;
    }
    it->nthreads = nthreads;
    if (nthreads == 1)
      continue; /* one thread works on the shared item itself */
    it->stride = (it->size + OMP_CACHE_LINE - 1) / OMP_CACHE_LINE * OMP_CACHE_LINE;
    it->privates = calloc((size_t)nthreads, it->stride);
    if (!it->privates)
      omp_fatal(NULL, "out of memory for %d task-reduction copies of %zu bytes",
                nthreads, it->size);
    for (int t = 0; it->init && t < nthreads; t++) {
      void *priv = it->privates + (size_t)t * it->stride;
      if (it->init_has_orig)
        ((void (*)(void *, void *))it->init)(priv, it->orig);
      else
        ((void (*)(void *))it->init)(priv);
    }
  }
}

OMP_EXPORT void *__kmpc_taskred_init(int gtid, int num, void *data) {
  (void)gtid;
  struct omp_thread *th = omp_self();
  struct omp_taskgroup *tg = th->task->taskgroup;
  if (!tg)
    omp_fatal(NULL, "task_reduction outside a taskgroup");
  omp_taskred_setup(tg, th->team->nthreads, num, data, true);
  return tg;
}

OMP_EXPORT void *__kmpc_task_reduction_init(int gtid, int num, void *data) {
  (void)gtid;
  struct omp_thread *th = omp_self();
  struct omp_taskgroup *tg = th->task->taskgroup;
  if (!tg)
    omp_fatal(NULL, "task_reduction outside a taskgroup");
  omp_taskred_setup(tg, th->team->nthreads, num, data, false);
  return tg;
}

/* This thread's copy of a reduction item named by its shared or original
 * address, searched from the given (or innermost) taskgroup outwards. */
OMP_EXPORT void *__kmpc_task_reduction_get_th_data(int gtid, void *tskgrp, void *data) {
  (void)gtid;
  struct omp_thread *th = omp_self();
  struct omp_taskgroup *tg = tskgrp ? tskgrp : th->task->taskgroup;
  for (; tg; tg = tg->parent) {
    for (int i = 0; i < tg->nitems; i++) {
      struct omp_taskred_item *it = &tg->items[i];
      /* A nested in_reduction task names the item by the copy its
       * enclosing task was given: any member's copy means this item. */
      bool is_copy = it->privates && (char *)data >= it->privates &&
                     (char *)data < it->privates + (size_t)it->nthreads * it->stride;
      if (data != it->shar && data != it->orig && !is_copy)
        continue;
      if (!it->privates)
        return it->shar;
      if (th->team != tg->team || th->tid >= it->nthreads)
        omp_fatal(NULL, "in_reduction: a task running outside the team that "
                        "declared the reduction is not supported");
      return it->privates + (size_t)th->tid * it->stride;
    }
  }
  omp_fatal(NULL, "in_reduction: item %p is not a reduction item of any "
                  "enclosing taskgroup", data);
}

/* `reduction(task, op: x)` on parallel or a worksharing construct: each
 * member opens a taskgroup; the first sets up copies shared by all, the
 * others point the same copies at their own item. */
static void *omp_taskred_modifier_init(int is_ws, int num, void *data, bool new_abi) {
  struct omp_thread *th = omp_self();
  struct omp_taskgroup *tg = omp_taskgroup_open(th);
  struct omp_team *team = th->team;
  int nthreads = team->nthreads;
  if (nthreads == 1) {
    omp_taskred_setup(tg, 1, num, data, new_abi);
    return tg;
  }
  tg->modifier_ws = is_ws ? 1 : 0;
  void *_Atomic *slot = &team->taskred_data[tg->modifier_ws];
  void *expected = NULL;
  if (atomic_compare_exchange_strong(slot, &expected, (void *)1)) {
    omp_taskred_setup(tg, nthreads, num, data, new_abi);
    /* Publish a copy: every member frees its own descriptors. */
    struct omp_taskred_item *shared = malloc(sizeof(*shared) * (size_t)num);
    if (!shared)
      omp_fatal(NULL, "out of memory setting up a task reduction");
    memcpy(shared, tg->items, sizeof(*shared) * (size_t)num);
    atomic_store(slot, shared);
    return tg;
  }
  void *shared;
  while ((shared = atomic_load(slot)) == (void *)1)
    omp_os_cpu_relax();
  tg->items = malloc(sizeof(*tg->items) * (size_t)num);
  if (!tg->items)
    omp_fatal(NULL, "out of memory setting up a task reduction");
  memcpy(tg->items, shared, sizeof(*tg->items) * (size_t)num);
  tg->nitems = num;
  for (int i = 0; i < num; i++)
    tg->items[i].shar = new_abi ? ((kmp_taskred_input_t *)data)[i].reduce_shar
                                : ((kmp_task_red_input_t *)data)[i].reduce_shar;
  return tg;
}

OMP_EXPORT void *__kmpc_taskred_modifier_init(ident_t *loc, int gtid, int is_ws, int num,
                                              void *data) {
  (void)loc;
  (void)gtid;
  return omp_taskred_modifier_init(is_ws, num, data, true);
}

OMP_EXPORT void *__kmpc_task_reduction_modifier_init(ident_t *loc, int gtid, int is_ws,
                                                     int num, void *data) {
  (void)loc;
  (void)gtid;
  return omp_taskred_modifier_init(is_ws, num, data, false);
}

/* ---- end of a taskgroup ---------------------------------------------------- */

static bool omp_taskgroup_empty(void *arg) {
  struct omp_taskgroup *tg = arg;
  return atomic_load(&tg->count) == 0;
}

/* The last member through combines the shared copies into its own item
 * (clang's ordinary reduction then folds that into the original). */
static void omp_taskred_modifier_finish(struct omp_thread *th, struct omp_taskgroup *tg) {
  struct omp_team *team = th->team;
  int slot = tg->modifier_ws;
  if (atomic_fetch_add(&team->taskred_fini[slot], 1) + 1 == team->nthreads) {
    omp_taskred_combine(tg->items, tg->nitems);
    free(atomic_load(&team->taskred_data[slot]));
    atomic_store(&team->taskred_fini[slot], 0);
    atomic_store(&team->taskred_data[slot], NULL);
  }
  free(tg->items);
  tg->items = NULL;
}

static void omp_taskgroup_close(struct omp_thread *th) {
  struct omp_task *task = th->task;
  struct omp_taskgroup *tg = task->taskgroup;
  if (!tg)
    omp_fatal(NULL, "end of a taskgroup that was never opened");
  if (atomic_load_explicit(&tg->count, memory_order_acquire) != 0)
    omp_task_wait_local(th, omp_taskgroup_empty, tg);
  if (tg->items) {
    if (tg->modifier_ws >= 0) {
      omp_taskred_modifier_finish(th, tg);
    } else {
      omp_taskred_combine(tg->items, tg->nitems);
      free(tg->items);
    }
  }
  task->taskgroup = tg->parent;
  free(tg);
}

OMP_EXPORT void __kmpc_end_taskgroup(ident_t *loc, int32_t gtid) {
  (void)loc;
  (void)gtid;
  struct omp_thread *th = omp_self();
  if (OMP_UNLIKELY(omp_ompt_enabled())) {
    struct omp_task *current = th->task;
    const void *ra = __builtin_return_address(0);
    OMP_OMPT_ENTER(current);
    /* the region began at __kmpc_taskgroup; the wait is this part */
    ompt_callback_sync_region_t wait = OMPT_CB(sync_region_wait);
    if (wait)
      wait(ompt_sync_region_taskgroup, ompt_scope_begin, &th->team->ompt_parallel_data,
           &current->ompt_task_data, ra);
    int state = th->ompt_state;
    th->ompt_state = ompt_state_wait_taskgroup;
    omp_taskgroup_close(th);
    th->ompt_state = state;
    omp_ompt_sync_region(th, ompt_sync_region_taskgroup, ompt_scope_end, ra);
    OMP_OMPT_LEAVE(current);
    return;
  }
  omp_taskgroup_close(th);
}

OMP_EXPORT void __kmpc_task_reduction_modifier_fini(ident_t *loc, int gtid, int is_ws) {
  (void)loc;
  (void)gtid;
  (void)is_ws;
  omp_taskgroup_close(omp_self());
}
