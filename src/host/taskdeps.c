/* taskdeps.c — task dependences (depend clauses) among sibling tasks.
 *
 * Each parent task owns a hash of the addresses its children named, keyed
 * by address. Per address it keeps the last "exclusive group" (the last
 * out/inout task, or a closed set of readers) and the current "set" (tasks
 * with in, or with inoutset, that may run concurrently with each other):
 *   out/inout/mutexinoutset: depends on the set if there is one, else on the
 *       group; becomes the new group, the set empties.
 *   in / inoutset:  a set of the other kind closes and becomes the group;
 *       depends on the group and joins the set.
 * mutexinoutset is serialised like inout (a correct, conservative schedule).
 * omp_all_memory depends on everything and everything later depends on it.
 *
 * Edges live in the predecessors' nodes; each node has its own small lock,
 * so releasing successors never takes a global lock.
 *
 * Device-side dependences (seed 000 §3.4): a target task whose device work
 * is all queued publishes a signal (omp_deps_issued). Successors that are
 * target tasks whose body is known to begin with a device construct
 * (target_hooks.c) are released then, each carrying the signal, and their
 * construct makes its own queue wait for it on the device; every other
 * successor waits for the predecessor's completion as before. A successor
 * created after the signal exists takes it at registration instead of an
 * edge. Lock order: predecessor's node, then successor's node.
 */
#include <stdlib.h>
#include <string.h>

#include "config/linux/futex.h"
#include "device_signal.h"
#include "runtime.h"

/* omp_all_memory's other encoding, which LLVM 19's runtime accepts too:
 * address -1 (clang-19 itself sets OMP_DEP_ALL) */
#define OMP_DEP_ALL_ADDR ((intptr_t)-1)

struct omp_depnode_list {
  struct omp_depnode *node;
  struct omp_depnode_list *next;
};

struct omp_depnode {
  _Atomic int32_t refs;
  _Atomic int32_t npredecessors;  /* +1 while being registered */
  _Atomic uint32_t lock;
  bool completed;                 /* under lock */
  struct omprt_device_signal *issued;  /* under lock: its device work is queued */
  /* under lock: target-task predecessors it was released before; its device
   * construct waits for the signals of those not yet completed */
  struct omp_depnode_list *early_preds;
  bool early_preds_taken;               /* under lock: a device construct began */
  struct omp_depnode_list *completion_waiters; /* under lock: nodes whose completion
                                                  waits for this one's */
  _Atomic int32_t completion_holds;     /* completed task + early predecessors left */
  struct omp_task *task;          /* NULL: a thread waits on this node */
  /* a tool's word for the task, copied at creation: task_dependence names
   * a predecessor that may complete (and go) while it is being named */
  bool ompt_is_task;
  ompt_data_t ompt_task_data;
  struct omp_team *waiter_team;   /* who to signal for a waiting thread */
  struct omp_depnode_list *successors; /* under lock */
};

enum { OMP_SET_NONE, OMP_SET_IN, OMP_SET_INOUTSET };

struct omp_dep_entry {
  intptr_t addr;
  struct omp_dep_entry *next;
  struct omp_depnode_list *group; /* later tasks wait for all of these */
  struct omp_depnode_list *set;   /* concurrent readers (or inoutset) */
  int set_kind;
};

struct omp_dephash {
  size_t nbuckets, count;
  struct omp_dep_entry **buckets;
  struct omp_depnode *last_all;   /* last omp_all_memory task */
};

/* ---- nodes ----------------------------------------------------------------- */

static void omp_node_lock(struct omp_depnode *n) {
  while (atomic_exchange_explicit(&n->lock, 1, memory_order_acquire))
    while (atomic_load_explicit(&n->lock, memory_order_relaxed))
      omp_os_cpu_relax();
}

static void omp_node_unlock(struct omp_depnode *n) {
  atomic_store_explicit(&n->lock, 0, memory_order_release);
}

static struct omp_depnode *omp_node_new(struct omp_task *task, struct omp_team *waiter) {
  struct omp_depnode *n = omp_task_mem_alloc(sizeof(*n));
  if (!n)
    omp_fatal(NULL, "out of memory recording task dependences");
  memset(n, 0, sizeof(*n));
  atomic_init(&n->refs, 1);
  atomic_init(&n->npredecessors, 1);
  n->task = task;
  n->waiter_team = waiter;
  if (task && OMP_UNLIKELY(omp_ompt_enabled())) {
    n->ompt_is_task = true;
    n->ompt_task_data = task->ompt_task_data;
  }
  return n;
}

static struct omp_depnode *omp_node_ref(struct omp_depnode *n) {
  atomic_fetch_add_explicit(&n->refs, 1, memory_order_relaxed);
  return n;
}

static void omp_node_unref(struct omp_depnode *n) {
  if (n && atomic_fetch_sub_explicit(&n->refs, 1, memory_order_acq_rel) == 1)
    omp_task_mem_free(n);
}

static struct omp_depnode_list *omp_list_push(struct omp_depnode_list *list,
                                              struct omp_depnode *n) {
  struct omp_depnode_list *item = omp_task_mem_alloc(sizeof(*item));
  if (!item)
    omp_fatal(NULL, "out of memory recording task dependences");
  item->node = omp_node_ref(n);
  item->next = list;
  return item;
}

static void omp_list_free(struct omp_depnode_list *list) {
  while (list) {
    struct omp_depnode_list *next = list->next;
    omp_node_unref(list->node);
    omp_task_mem_free(list);
    list = next;
  }
}

/* ---- device-side dependences -------------------------------------------------- */

/* May node's task start once a target-task predecessor has queued its
 * work, waiting for it on the device? Only a target task whose body is
 * known to begin with a device construct: a body that runs host code
 * (`if(false)` selects a body that calls the host version directly) must
 * see the predecessor complete. */
static bool omp_node_waits_on_device(const struct omp_depnode *node) {
  const struct omp_task *task = node->task;
  return task && task->target_task &&
         omp_offload_entry_known(omp_task_abi((struct omp_task *)task)->routine);
}

/* node starts before pred completes, waiting for pred's signal. */
static void omp_node_add_early_pred(struct omp_depnode *node, struct omp_depnode *pred) {
  struct omp_depnode_list *early = omp_list_push(NULL, pred);
  omp_node_lock(node);
  early->next = node->early_preds;
  node->early_preds = early;
  omp_node_unlock(node);
}

/* The signals of the early predecessors not completed yet, each with a
 * reference for the caller (a completed one needs no wait); NULL if none. */
static struct omprt_device_signal **omp_early_pred_signals(struct omp_depnode_list *early,
                                                           int *count) {
  *count = 0;
  int n = 0;
  for (struct omp_depnode_list *item = early; item; item = item->next)
    n++;
  if (!n)
    return NULL;
  struct omprt_device_signal **signals = malloc(sizeof(*signals) * (size_t)n);
  if (!signals)
    omp_fatal(NULL, "out of memory handing over task dependences");
  int pending = 0;
  for (struct omp_depnode_list *item = early; item; item = item->next) {
    struct omp_depnode *pred = item->node;
    omp_node_lock(pred);
    if (!pred->completed && pred->issued)
      signals[pending++] = omprt_signal_retain(pred->issued);
    omp_node_unlock(pred);
  }
  if (!pending) {
    free(signals);
    return NULL;
  }
  *count = pending;
  return signals;
}

/* The task's device work is queued: release the successors that can wait
 * for it on the device. */
void omp_deps_issued(struct omp_task *task, struct omprt_device_signal *signal) {
  struct omp_depnode *node = task->depnode;
  if (!node)
    return;
  struct omp_depnode_list *early = NULL, *keep = NULL;
  omp_node_lock(node);
  if (node->completed || node->issued) {
    omp_node_unlock(node);
    return;
  }
  node->issued = omprt_signal_retain(signal);
  for (struct omp_depnode_list *item = node->successors, *next; item; item = next) {
    next = item->next;
    struct omp_depnode_list **to = omp_node_waits_on_device(item->node) ? &early : &keep;
    item->next = *to;
    *to = item;
  }
  node->successors = keep;
  omp_node_unlock(node);
  while (early) {
    struct omp_depnode_list *next = early->next;
    struct omp_depnode *s = early->node;
    omp_node_add_early_pred(s, node);
    if (atomic_fetch_sub(&s->npredecessors, 1) == 1)
      omp_task_requeue(s->task);
    omp_node_unref(s);
    omp_task_mem_free(early);
    early = next;
  }
}

/* A device construct of the task begins: hand over what it waits for (the
 * task's first construct; its early predecessors are fixed by now). */
struct omprt_device_signal **omp_deps_take_device_preds(struct omp_task *task, int *count) {
  *count = 0;
  struct omp_depnode *node = task->depnode;
  if (!node)
    return NULL;
  omp_node_lock(node);
  bool first = !node->early_preds_taken;
  node->early_preds_taken = true;
  struct omp_depnode_list *early = node->early_preds;
  omp_node_unlock(node);
  return first ? omp_early_pred_signals(early, count) : NULL;
}

/* `node` must wait for `pred` unless pred already completed; on the
 * device, when pred's work is queued and node can. */
static void omp_add_edge(struct omp_depnode *node, struct omp_depnode *pred) {
  if (pred == node)
    return;
  omp_node_lock(pred);
  if (!pred->completed) {
    if (pred->issued && omp_node_waits_on_device(node)) {
      omp_node_add_early_pred(node, pred);
    } else {
      pred->successors = omp_list_push(pred->successors, node);
      atomic_fetch_add(&node->npredecessors, 1);
    }
    /* a tool hears of each dependence between two tasks (not of a
     * taskwait's, which is no task) */
    if (OMP_UNLIKELY(omp_ompt_enabled()) && pred->ompt_is_task && node->ompt_is_task) {
      ompt_callback_task_dependence_t dependence = OMPT_CB(task_dependence);
      if (dependence)
        dependence(&pred->ompt_task_data, &node->task->ompt_task_data);
    }
  }
  omp_node_unlock(pred);
}

static void omp_add_edges(struct omp_depnode *node, struct omp_depnode_list *preds) {
  for (; preds; preds = preds->next)
    omp_add_edge(node, preds->node);
}

/* ---- the hash --------------------------------------------------------------- */

static size_t omp_hash_addr(intptr_t addr, size_t nbuckets) {
  uint64_t h = (uint64_t)addr * 0x9E3779B97F4A7C15ull;
  return (size_t)(h >> 32) & (nbuckets - 1);
}

static struct omp_dephash *omp_dephash_new(void) {
  struct omp_dephash *h = calloc(1, sizeof(*h));
  if (h) {
    h->nbuckets = 64;
    h->buckets = calloc(h->nbuckets, sizeof(*h->buckets));
  }
  if (!h || !h->buckets)
    omp_fatal(NULL, "out of memory recording task dependences");
  return h;
}

static void omp_dephash_grow(struct omp_dephash *h) {
  size_t n = h->nbuckets * 4;
  struct omp_dep_entry **buckets = calloc(n, sizeof(*buckets));
  if (!buckets)
    return; /* keep the longer chains */
  for (size_t i = 0; i < h->nbuckets; i++) {
    struct omp_dep_entry *e = h->buckets[i];
    while (e) {
      struct omp_dep_entry *next = e->next;
      size_t b = omp_hash_addr(e->addr, n);
      e->next = buckets[b];
      buckets[b] = e;
      e = next;
    }
  }
  free(h->buckets);
  h->buckets = buckets;
  h->nbuckets = n;
}

static struct omp_dep_entry *omp_dephash_entry(struct omp_dephash *h, intptr_t addr) {
  size_t b = omp_hash_addr(addr, h->nbuckets);
  for (struct omp_dep_entry *e = h->buckets[b]; e; e = e->next)
    if (e->addr == addr)
      return e;
  if (h->count > h->nbuckets * 2) {
    omp_dephash_grow(h);
    b = omp_hash_addr(addr, h->nbuckets);
  }
  struct omp_dep_entry *e = calloc(1, sizeof(*e));
  if (!e)
    omp_fatal(NULL, "out of memory recording task dependences");
  e->addr = addr;
  e->next = h->buckets[b];
  h->buckets[b] = e;
  h->count++;
  return e;
}

static void omp_dephash_clear(struct omp_dephash *h) {
  for (size_t i = 0; i < h->nbuckets; i++) {
    struct omp_dep_entry *e = h->buckets[i];
    while (e) {
      struct omp_dep_entry *next = e->next;
      omp_list_free(e->group);
      omp_list_free(e->set);
      free(e);
      e = next;
    }
    h->buckets[i] = NULL;
  }
  h->count = 0;
}

void omp_deps_free_children(struct omp_task *task) {
  struct omp_dephash *h = task->dephash;
  if (!h)
    return;
  omp_dephash_clear(h);
  omp_node_unref(h->last_all);
  free(h->buckets);
  free(h);
  task->dephash = NULL;
}

/* ---- registering a task's dependences -------------------------------------- */

static void omp_register_all_memory(struct omp_dephash *h, struct omp_depnode *node) {
  for (size_t i = 0; i < h->nbuckets; i++)
    for (struct omp_dep_entry *e = h->buckets[i]; e; e = e->next)
      omp_add_edges(node, e->set ? e->set : e->group);
  omp_dephash_clear(h);
  omp_node_unref(h->last_all);
  h->last_all = omp_node_ref(node);
}

static void omp_register_one(struct omp_dephash *h, struct omp_depnode *node,
                             const kmp_depend_info_t *dep, bool insert) {
  struct omp_dep_entry *e = omp_dephash_entry(h, dep->base_addr);
  uint8_t f = dep->flags;
  if ((f & (OMP_DEP_OUT | OMP_DEP_MTX)) || !(f & (OMP_DEP_IN | OMP_DEP_SET))) {
    omp_add_edges(node, e->set ? e->set : e->group);
    if (insert) {
      omp_list_free(e->group);
      omp_list_free(e->set);
      e->group = omp_list_push(NULL, node);
      e->set = NULL;
      e->set_kind = OMP_SET_NONE;
    }
    return;
  }
  int kind = (f & OMP_DEP_SET) ? OMP_SET_INOUTSET : OMP_SET_IN;
  if (e->set && e->set_kind != kind) {
    /* The other kind's set is closed: it is what the new set waits for. */
    omp_add_edges(node, e->set);
    if (insert) {
      omp_list_free(e->group);
      e->group = e->set;
      e->set = NULL;
    }
  } else {
    omp_add_edges(node, e->group);
  }
  if (insert) {
    e->set = omp_list_push(e->set, node);
    e->set_kind = kind;
  }
}

/* Add node's edges for its dependences; `insert` records it as a source for
 * later siblings (false for a thread that only waits). */
static void omp_deps_register(struct omp_task *parent, struct omp_depnode *node,
                              const kmp_depend_info_t *deps, int32_t ndeps,
                              const kmp_depend_info_t *noalias, int32_t nnoalias,
                              bool insert) {
  if (!parent->dephash)
    parent->dephash = omp_dephash_new();
  struct omp_dephash *h = parent->dephash;
  if (h->last_all)
    omp_add_edge(node, h->last_all);
  for (int pass = 0; pass < 2; pass++) {
    const kmp_depend_info_t *list = pass ? noalias : deps;
    int32_t n = pass ? nnoalias : ndeps;
    for (int32_t i = 0; i < n; i++) {
      if ((list[i].flags & OMP_DEP_ALL) || list[i].base_addr == OMP_DEP_ALL_ADDR) {
        if (insert)
          omp_register_all_memory(h, node);
        else
          for (size_t b = 0; b < h->nbuckets; b++)
            for (struct omp_dep_entry *e = h->buckets[b]; e; e = e->next)
              omp_add_edges(node, e->set ? e->set : e->group);
        continue;
      }
      if (list[i].base_addr == 0 && list[i].len == 0)
        continue; /* an empty iterator or depobj slot */
      omp_register_one(h, node, &list[i], insert);
    }
  }
}

/* Drop the registration guard; true when no predecessor is pending. */
static bool omp_node_registered(struct omp_depnode *node) {
  return atomic_fetch_sub(&node->npredecessors, 1) == 1;
}

/* node counts as completed from now on: its successors lose a predecessor
 * each, and nodes whose completion waited for it may complete too. */
static void omp_node_finish(struct omp_depnode *node) {
  struct omp_depnode_list *todo = omp_list_push(NULL, node);
  while (todo) {
    struct omp_depnode_list *item = todo;
    todo = todo->next;
    struct omp_depnode *n = item->node;
    omp_node_lock(n);
    n->completed = true;
    struct omp_depnode_list *succ = n->successors, *waiters = n->completion_waiters;
    n->successors = n->completion_waiters = NULL;
    struct omprt_device_signal *issued = n->issued;
    n->issued = NULL;
    omp_node_unlock(n);
    if (issued) {
      atomic_store_explicit(&issued->task_completed, 1, memory_order_release);
      omprt_signal_release(issued);
    }
    while (succ) {
      struct omp_depnode_list *next = succ->next;
      struct omp_depnode *s = succ->node;
      if (atomic_fetch_sub(&s->npredecessors, 1) == 1) {
        if (s->task)
          omp_task_requeue(s->task);
        else
          omp_team_signal_work(s->waiter_team);
      }
      omp_node_unref(s);
      omp_task_mem_free(succ);
      succ = next;
    }
    while (waiters) {
      struct omp_depnode_list *next = waiters->next;
      if (atomic_fetch_sub(&waiters->node->completion_holds, 1) == 1) {
        waiters->next = todo; /* it now completes: keep its reference */
        todo = waiters;
      } else {
        omp_node_unref(waiters->node);
        omp_task_mem_free(waiters);
      }
      waiters = next;
    }
    omp_node_unref(n);
    omp_task_mem_free(item);
  }
}

/* The task completed. Its node completes with it, unless the task started
 * before a target-task predecessor completed: then the node completes when
 * those do. Until then the predecessors' map reference drops may still be
 * pending, which a later task would take over without copying from the
 * host; a host task released in between could change the host's copy
 * unseen. */
void omp_deps_release(struct omp_task *task) {
  struct omp_depnode *node = task->depnode;
  omp_node_lock(node);
  struct omp_depnode_list *early = node->early_preds;
  bool taken = node->early_preds_taken;
  node->early_preds = NULL;
  omp_node_unlock(node);
  /* Released early but never began a device construct: its own successors
   * count on its completion implying its predecessors' (rare: the body's
   * first construct is known; its device may be gone). */
  if (!taken) {
    int count;
    struct omprt_device_signal **unused = omp_early_pred_signals(early, &count);
    for (int i = 0; i < count; i++) {
      unused[i]->wait(unused[i]);
      omprt_signal_release(unused[i]);
    }
    free(unused);
  }
  atomic_store(&node->completion_holds, 1);
  while (early) {
    struct omp_depnode_list *next = early->next;
    struct omp_depnode *pred = early->node;
    omp_node_lock(pred);
    if (!pred->completed) {
      atomic_fetch_add(&node->completion_holds, 1);
      pred->completion_waiters = omp_list_push(pred->completion_waiters, node);
    }
    omp_node_unlock(pred);
    omp_node_unref(pred);
    omp_task_mem_free(early);
    early = next;
  }
  task->depnode = NULL;
  node->task = NULL;
  if (atomic_fetch_sub(&node->completion_holds, 1) == 1)
    omp_node_finish(node);
  omp_node_unref(node); /* the task's reference */
}

static bool omp_node_ready(void *arg) {
  struct omp_depnode *node = arg;
  return atomic_load(&node->npredecessors) == 0;
}

/* In a team of one every task the region made runs at once and completes
 * before its creator goes on (omp_task_ready), unless one may complete
 * after its body (tasks.late_completion: detached, proxy, target). Until
 * one does, no dependence can name an incomplete sibling and none need be
 * recorded, as LLVM skips them in serialized teams. */
static bool omp_deps_trivial(const struct omp_thread *th) {
  const struct omp_team *team = th->team;
  return team->nthreads == 1 && !team->is_hidden_helper &&
         !atomic_load_explicit(&team->tasks.late_completion, memory_order_relaxed);
}

/* The calling thread waits for the predecessors the dependences name. */
static void omp_deps_wait(struct omp_thread *th, const kmp_depend_info_t *deps,
                          int32_t ndeps, const kmp_depend_info_t *noalias,
                          int32_t nnoalias) {
  if (ndeps + nnoalias == 0 || omp_deps_trivial(th))
    return;
  struct omp_depnode *node = omp_node_new(NULL, th->team);
  omp_deps_register(th->task, node, deps, ndeps, noalias, nnoalias, false);
  if (!omp_node_registered(node))
    omp_task_wait(th, omp_node_ready, node);
  omp_node_unref(node);
}

/* ---- OMPT: a task's dependences as a tool sees them ---------------------------- */

static int omp_ompt_dependence_type(const kmp_depend_info_t *dep) {
  uint8_t f = dep->flags;
  /* out and inout on omp_all_memory mean the same, and clang's encoding
   * (0x80, or the address -1) keeps neither: out_all_memory, as LLVM says */
  if ((f & OMP_DEP_ALL) || dep->base_addr == -1)
    return ompt_dependence_type_out_all_memory;
  if (f & OMP_DEP_SET)
    return ompt_dependence_type_inoutset;
  if (f & OMP_DEP_MTX)
    return ompt_dependence_type_mutexinoutset;
  if ((f & OMP_DEP_IN) && (f & OMP_DEP_OUT))
    return ompt_dependence_type_inout;
  return f & OMP_DEP_OUT ? ompt_dependence_type_out : ompt_dependence_type_in;
}

static void omp_ompt_dependences(ompt_data_t *task_data, const kmp_depend_info_t *deps,
                                 int32_t ndeps, const kmp_depend_info_t *noalias,
                                 int32_t nnoalias) {
  ompt_callback_dependences_t report = OMPT_CB(dependences);
  int n = ndeps + nnoalias;
  if (!report || n <= 0)
    return;
  ompt_dependence_t *list = malloc(sizeof(*list) * (size_t)n);
  if (!list)
    omp_fatal(NULL, "out of memory reporting %d task dependences to the tool", n);
  for (int i = 0; i < n; i++) {
    const kmp_depend_info_t *dep = i < ndeps ? &deps[i] : &noalias[i - ndeps];
    list[i].variable.ptr = (void *)dep->base_addr;
    list[i].dependence_type = omp_ompt_dependence_type(dep);
  }
  report(task_data, list, n);
  free(list);
}

/* `taskwait depend(...)`, and the wait before `task if(0) depend(...)`: a
 * tool sees an undeferred taskwait task with those dependences, complete
 * once they are satisfied (OpenMP 5.1, as LLVM reports it). */
static void omp_deps_wait(struct omp_thread *th, const kmp_depend_info_t *deps,
                          int32_t ndeps, const kmp_depend_info_t *noalias,
                          int32_t nnoalias);

static void omp_deps_wait_reported(struct omp_thread *th, const kmp_depend_info_t *deps,
                                   int32_t ndeps, const kmp_depend_info_t *noalias,
                                   int32_t nnoalias, const void *ra) {
  if (OMP_LIKELY(!omp_ompt_enabled()) || ndeps + nnoalias <= 0) {
    omp_deps_wait(th, deps, ndeps, noalias, nnoalias);
    return;
  }
  struct omp_task *current = th->task;
  ompt_data_t waiting = {0};
  OMP_OMPT_ENTER(current);
  ompt_callback_task_create_t create = OMPT_CB(task_create);
  if (create)
    create(&current->ompt_task_data, &current->ompt_frame, &waiting,
           ompt_task_taskwait | ompt_task_undeferred | ompt_task_mergeable, 1, ra);
  omp_ompt_dependences(&waiting, deps, ndeps, noalias, nnoalias);
  omp_deps_wait(th, deps, ndeps, noalias, nnoalias);
  ompt_callback_task_schedule_t schedule = OMPT_CB(task_schedule);
  if (schedule)
    schedule(&waiting, ompt_taskwait_complete, NULL);
  OMP_OMPT_LEAVE(current);
}

/* ---- entry points -------------------------------------------------------------- */

static void omp_task_deps_submit(struct omp_thread *th, struct omp_task *task,
                                 kmp_depend_info_t *dep_list, int32_t ndeps,
                                 kmp_depend_info_t *noalias_dep_list,
                                 int32_t ndeps_noalias);

OMP_EXPORT int32_t __kmpc_omp_task_with_deps(ident_t *loc, int32_t gtid,
                                             kmp_task_t *new_task, int32_t ndeps,
                                             kmp_depend_info_t *dep_list,
                                             int32_t ndeps_noalias,
                                             kmp_depend_info_t *noalias_dep_list) {
  struct omp_thread *th = omp_self();
  struct omp_task *task = omp_task_of(new_task);
  if (ndeps + ndeps_noalias <= 0)
    return __kmpc_omp_task(loc, gtid, new_task);
  omp_task_count_target(task);
  if (task->flags & OMP_TASK_PRIORITY) {
    int prio = new_task->data2.priority;
    task->priority = prio < 0 ? 0 : prio > omp_global.max_task_priority
                                        ? omp_global.max_task_priority : prio;
  }
  if (OMP_UNLIKELY(omp_ompt_enabled())) {
    struct omp_task *current = th->task;
    OMP_OMPT_CODEPTR(th);
    OMP_OMPT_ENTER(current);
    omp_ompt_task_create(th, task, true);
    omp_ompt_dependences(&task->ompt_task_data, dep_list, ndeps, noalias_dep_list,
                         ndeps_noalias);
    omp_task_deps_submit(th, task, dep_list, ndeps, noalias_dep_list, ndeps_noalias);
    OMP_OMPT_LEAVE(current);
    return 0;
  }
  omp_task_deps_submit(th, task, dep_list, ndeps, noalias_dep_list, ndeps_noalias);
  return 0;
}

/* A task with dependences, its creation reported: run it if included, else
 * register it and queue it once its predecessors are done. */
static void omp_task_deps_submit(struct omp_thread *th, struct omp_task *task,
                                 kmp_depend_info_t *dep_list, int32_t ndeps,
                                 kmp_depend_info_t *noalias_dep_list,
                                 int32_t ndeps_noalias) {
  if (task->parent->final) {
    /* An included task: wait for its predecessors, then run it here. */
    omp_deps_wait(th, dep_list, ndeps, noalias_dep_list, ndeps_noalias);
    omp_task_execute(th, task);
    return;
  }
  if (omp_deps_trivial(th) && task->team == th->team) {
    omp_task_ready(th, task); /* runs it at once */
    return;
  }
  omp_task_count_pending(th, task); /* its predecessors may release it anywhere */
  struct omp_depnode *node = omp_node_new(task, NULL);
  task->depnode = node;
  omp_deps_register(th->task, node, dep_list, ndeps, noalias_dep_list, ndeps_noalias,
                    true);
  if (omp_node_registered(node))
    omp_task_ready(th, task);
}

/* `task if(0) depend(...)`: wait, then clang runs the body undeferred. */
OMP_EXPORT void __kmpc_omp_wait_deps(ident_t *loc, int32_t gtid, int32_t ndeps,
                                     kmp_depend_info_t *dep_list, int32_t ndeps_noalias,
                                     kmp_depend_info_t *noalias_dep_list) {
  (void)loc;
  (void)gtid;
  omp_deps_wait_reported(omp_self(), dep_list, ndeps, noalias_dep_list, ndeps_noalias,
                         __builtin_return_address(0));
}

static int32_t omp_empty_task_entry(int32_t gtid, void *task) {
  (void)gtid;
  (void)task;
  return 0;
}

/* `taskwait depend(...) [nowait]`: without nowait, wait for the named
 * predecessors only. With nowait the construct acts as an empty task with
 * those dependences: nobody waits now, but later siblings are ordered
 * after it, hence after its predecessors (LLVM 19 ignores nowait and
 * waits, which gives the same order less concurrently). */
OMP_EXPORT void __kmpc_omp_taskwait_deps_51(ident_t *loc, int32_t gtid, int32_t ndeps,
                                            kmp_depend_info_t *dep_list,
                                            int32_t ndeps_noalias,
                                            kmp_depend_info_t *noalias_dep_list,
                                            int32_t has_no_wait) {
  struct omp_thread *th = omp_self();
  if (has_no_wait) {
    if (ndeps + ndeps_noalias <= 0)
      return;
    struct omp_task *empty = omp_task_alloc(th, loc, OMP_TASK_TIED, sizeof(kmp_task_t), 0,
                                            omp_empty_task_entry);
    __kmpc_omp_task_with_deps(loc, gtid, omp_task_abi(empty), ndeps, dep_list,
                              ndeps_noalias, noalias_dep_list);
    return;
  }
  omp_deps_wait_reported(th, dep_list, ndeps, noalias_dep_list, ndeps_noalias,
                         __builtin_return_address(0));
}
