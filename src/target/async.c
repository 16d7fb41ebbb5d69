/* async.c — how a target construct's queued work completes.
 *
 * A synchronous construct waits for its queue once, at the end. A deferred
 * one (nowait: it runs as a hidden-helper target task) does not wait: it
 * arms the task's completion event (libomp's __omprt_task_detach_current)
 * and asks the plugin to call back once the queue drains; the callback
 * frees what the construct left for later, returns the queue and fulfils
 * the event — only then do the task's dependences release its successors.
 * The helper thread is free for the next task at once and nobody polls
 * (seed 001).
 */
#include <stdlib.h>
#include <string.h>

#include "device_signal.h"
#include "target.h"

void *__omprt_task_detach_current(void);
void omp_fulfill_event(uintptr_t event);
int32_t __kmpc_global_thread_num(void *loc);
int32_t __kmpc_omp_taskyield(void *loc, int32_t gtid, int end_part);

/* Which of two words environment variable `name` holds: 0 or 1, `fallback`
 * when it is unset or empty; anything else is a fatal error naming it. */
static int tgt_env_choice(const char *name, const char *word0, const char *word1,
                          int fallback) {
  const char *value = getenv(name);
  if (!value || !*value)
    return fallback;
  if (strcmp(value, word0) == 0)
    return 0;
  if (strcmp(value, word1) == 0)
    return 1;
  tgt_fatal(NULL, "%s='%s': expected %s or %s", name, value, word0, word1);
}

/* LIBOMPTARGET_COMPLETION: how a deferred construct learns that its queue
 * is done. `callback` (default): the plugin calls back (seed 001).
 * `query`: the helper thread that issued the work checks the queue and
 * yields to other tasks between checks (seed 002's non-blocking
 * synchronisation), kept as the fallback and for comparison. */
static bool tgt_completion_by_query(void) {
  static _Atomic int mode = -1; /* read once, by whichever thread comes first */
  if (mode < 0)
    mode = tgt_env_choice("LIBOMPTARGET_COMPLETION", "callback", "query", 0);
  return mode == 1;
}

/* Append p to a growing array of pointers (*items, *n used of *cap). */
static void tgt_ptrs_push(void ***items, int *n, int *cap, void *p, const char *what) {
  if (*n == *cap) {
    int grown_cap = *cap ? *cap * 2 : 8;
    void **grown = realloc(*items, sizeof(void *) * (size_t)grown_cap);
    if (!grown)
      tgt_fatal(NULL, "out of memory tracking %s to free", what);
    *items = grown;
    *cap = grown_cap;
  }
  (*items)[(*n)++] = p;
}

/* Device memory that must outlive the queued work (firstprivate copies,
 * unmapped ranges whose copy-back is still in flight). */
void tgt_async_defer_free(struct tgt_async *async, void *dev_ptr) {
  tgt_ptrs_push(&async->deferred_free, &async->ndeferred, &async->capdeferred, dev_ptr,
                "device memory");
}

/* Host memory a queued copy reads from: freed once the queue is done. */
void tgt_async_defer_host_free(struct tgt_async *async, void *host_ptr) {
  tgt_ptrs_push(&async->host_free, &async->nhost_free, &async->caphost_free, host_ptr,
                "host memory");
}

/* The construct's queue is done (or it had none): wait for it, return it to
 * the pool, apply its reference drops and free what had to outlive it. */
int tgt_async_finish(struct tgt_async *async) {
  int rc = 0;
  struct tgt_device *dev = async->dev;
  tgt_async_order(async);
  if (async->queue && dev->plugin->queue_sync) {
    rc = dev->plugin->queue_sync(dev->plugin_dev, async->queue);
    if (dev->plugin->queue_put)
      dev->plugin->queue_put(dev->plugin_dev, async->queue);
    async->queue = NULL;
  }
  /* maybe later, on another thread: the construct's last operations */
  bool adopted = tgt_ompt_on() && tgt_ompt_async_adopt(async);
  tgt_async_apply_unmaps(async);
  for (int i = 0; i < async->ndeferred; i++)
    tgt_dev_free(dev, async->deferred_free[i], OMPRT_ALLOC_DEFAULT);
  tgt_ompt_async_drop(adopted);
  free(async->deferred_free);
  async->deferred_free = NULL;
  async->ndeferred = async->capdeferred = 0;
  for (int i = 0; i < async->nhost_free; i++)
    free(async->host_free[i]);
  free(async->host_free);
  async->host_free = NULL;
  async->nhost_free = async->caphost_free = 0;
  return rc;
}

/* ---- device-side dependences (seed 000 §3.4) ------------------------------- */

/* LIBOMPTARGET_DEVICE_DEPENDENCES (default 1): target tasks wait for their
 * target-task predecessors on the device. 0: on the host, at completion. */
static bool tgt_device_dependences(void) {
  static _Atomic int mode = -1; /* read once, by whichever thread comes first */
  if (mode < 0)
    mode = tgt_env_choice("LIBOMPTARGET_DEVICE_DEPENDENCES", "0", "1", 1);
  return mode == 1;
}

/* An event recorded behind a target task's queued work. */
struct tgt_signal {
  struct omprt_device_signal base;
  struct tgt_device *dev;
  void *event;
};

static void tgt_signal_wait(struct omprt_device_signal *signal) {
  struct tgt_signal *s = (struct tgt_signal *)signal;
  if (s->dev->plugin->event_sync(s->dev->plugin_dev, s->event))
    tgt_fatal(NULL, "device %d: waiting for a predecessor target task failed", s->dev->id);
}

static void tgt_signal_destroy(struct omprt_device_signal *signal) {
  struct tgt_signal *s = (struct tgt_signal *)signal;
  s->dev->plugin->event_destroy(s->dev->plugin_dev, s->event);
  free(s);
}

/* The construct's work is all queued: successors may start now. */
static void tgt_signal_issued(struct tgt_async *async) {
  struct tgt_device *dev = async->dev;
  const struct omprt_plugin *p = dev->plugin;
  /* Not with completion by query: there a task's completion waits for the
   * helper thread that issued it, which may be running (from inside its
   * yield) the very successor that waits for that completion. */
  if (!p->device_dependences || !tgt_device_dependences() || tgt_completion_by_query() ||
      !__omprt_task_may_have_successors())
    return;
  struct tgt_signal *s = malloc(sizeof(*s));
  if (!s)
    tgt_fatal(async->loc, "out of memory recording a target task's event");
  if (p->event_create(dev->plugin_dev, &s->event))
    tgt_fatal(async->loc, "device %d: cannot create an event for the target task's successors",
              dev->id);
  if (p->event_record(dev->plugin_dev, s->event, async->queue))
    tgt_fatal(async->loc, "device %d: cannot record an event for the target task's successors",
              dev->id);
  s->dev = dev;
  s->base.wait = tgt_signal_wait;
  s->base.destroy = tgt_signal_destroy;
  atomic_init(&s->base.refs, 1);
  atomic_init(&s->base.task_completed, 0);
  __omprt_task_issued(&s->base);
  omprt_signal_release(&s->base);
}

/* A predecessor on another device (or a construct with no queue): yield to
 * other tasks until the predecessor task has completed (seed 000 §3.4's
 * check-and-yield). Its event alone would not do: its mappings on its own
 * device stay until its completion, and a later task there could take them
 * over after this construct changed the host's copy. */
static void tgt_signal_wait_completed(struct tgt_signal *s) {
  int32_t gtid = __kmpc_global_thread_num(NULL);
  while (!atomic_load_explicit(&s->base.task_completed, memory_order_acquire))
    __kmpc_omp_taskyield(NULL, gtid, 0);
}

/* At the construct's start: its target-task predecessors' signals. Those
 * from the same device are kept for its queue to wait on
 * (tgt_async_order); the others are checked and yielded for here. */
static void tgt_take_device_preds(ident_t *loc, struct tgt_async *async) {
  struct tgt_device *dev = async ? async->dev : NULL;
  void *queue = async ? async->queue : NULL;
  int count;
  struct omprt_device_signal **preds = __omprt_task_take_device_preds(&count);
  int kept = 0;
  for (int i = 0; i < count; i++) {
    struct tgt_signal *s = (struct tgt_signal *)preds[i];
    bool on_device = dev && queue && s->dev == dev;
    tgt_info(loc, TGT_INFO_PLUGIN_KERNEL, "waits for a predecessor target task (device %d) %s",
             s->dev->id, on_device ? "on the device" : "on the host, yielding");
    if (on_device) {
      preds[kept++] = &s->base;
      continue;
    }
    tgt_signal_wait_completed(s);
    omprt_signal_release(&s->base);
  }
  if (kept) {
    async->preds = preds;
    async->npreds = kept;
  } else {
    free(preds);
  }
}

void tgt_async_order(struct tgt_async *async) {
  if (!async->npreds)
    return;
  struct tgt_device *dev = async->dev;
  for (int i = 0; i < async->npreds; i++) {
    struct tgt_signal *s = (struct tgt_signal *)async->preds[i];
    if (dev->plugin->event_wait(dev->plugin_dev, s->event, async->queue))
      tgt_fatal(async->loc, "device %d: cannot wait for a predecessor target task", dev->id);
    omprt_signal_release(&s->base);
  }
  free(async->preds);
  async->preds = NULL;
  async->npreds = 0;
}

/* A construct that runs nothing on a device (host fallback, initial
 * device): its predecessors must have completed first. */
void tgt_async_none(ident_t *loc) { tgt_take_device_preds(loc, NULL); }

struct tgt_async_done {
  struct tgt_async async; /* the construct's leftovers: frees, unmaps */
  void *event;
};

static void tgt_async_done_cb(void *arg, int status) {
  struct tgt_async_done *d = arg;
  struct tgt_device *dev = d->async.dev;
  const struct omprt_plugin *p = dev->plugin;
  if (status)
    tgt_fatal(d->async.loc, "a deferred target construct failed on device %d", dev->id);
  /* the construct's last operations, on the completion thread */
  bool adopted = tgt_ompt_on() && tgt_ompt_async_adopt(&d->async);
  tgt_async_apply_unmaps(&d->async);
  for (int i = 0; i < d->async.ndeferred; i++)
    tgt_dev_free(dev, d->async.deferred_free[i], OMPRT_ALLOC_DEFAULT);
  tgt_ompt_async_drop(adopted);
  free(d->async.deferred_free);
  p->queue_put(dev->plugin_dev, d->async.queue);
  void *event = d->event;
  free(d);
  omp_fulfill_event((uintptr_t)event);
}

/* End of a construct's work on its queue: wait for it, or, when deferred
 * and possible, let the completion callback finish the task. */
int tgt_async_complete(struct tgt_async *async) {
  struct tgt_device *dev = async->dev;
  tgt_async_order(async); /* a construct that only mapped new memory */
  if (async->queue && async->nowait)
    tgt_signal_issued(async); /* before completion can begin */
  if (async->queue && async->nowait && dev->plugin->queue_query && tgt_completion_by_query()) {
    int32_t gtid = __kmpc_global_thread_num(NULL);
    for (;;) {
      bool done = false;
      if (dev->plugin->queue_query(dev->plugin_dev, async->queue, &done))
        return OMPRT_FAIL;
      if (done)
        break;
      __kmpc_omp_taskyield(NULL, gtid, 0);
    }
    return tgt_async_finish(async);
  }
  if (async->queue && async->nowait && dev->plugin->queue_on_done) {
    void *event = __omprt_task_detach_current();
    if (event) {
      struct tgt_async_done *d = malloc(sizeof(*d));
      if (!d)
        tgt_fatal(async->loc, "out of memory completing a deferred target construct");
      *d = (struct tgt_async_done){*async, event};
      async->queue = NULL;
      async->deferred_free = NULL;
      async->ndeferred = async->capdeferred = 0;
      async->host_free = NULL;
      async->nhost_free = async->caphost_free = 0;
      async->unmaps = NULL;
      async->nunmaps = async->capunmaps = 0;
      /* A kernel that faulted before this point fails the registration
       * (CUDA's errors are sticky): the same failure as one reported to
       * the callback, and worded so. */
      if (dev->plugin->queue_on_done(dev->plugin_dev, d->async.queue, tgt_async_done_cb, d))
        tgt_fatal(d->async.loc, "a deferred target construct failed on device %d: cannot "
                  "register its completion callback", dev->id);
      return 0;
    }
  }
  return tgt_async_finish(async);
}

/* LIBOMPTARGET_DEFERRED: `queued` runs a deferred construct's steps on a
 * queue and completes its task from the queue's callback; `inline` runs
 * them on the thread running the task, which completes when they are done
 * (on CUDA: on a queue, synchronised once at the end, the helper thread
 * blocking meanwhile). Unset: the plugin's choice (deferred_inline). */
static bool tgt_deferred_inline(const struct omprt_plugin *plugin) {
  static _Atomic int mode = -1; /* read once, by whichever thread comes first */
  if (mode < 0)
    mode = tgt_env_choice("LIBOMPTARGET_DEFERRED", "queued", "inline", 2);
  return mode == 2 ? plugin->deferred_inline : mode == 1;
}

/* A queue for a deferred construct, and for every construct on a plugin
 * that wants one (its operations all asynchronous, one wait at the end);
 * otherwise synchronous constructs, and deferred ones run inline, run
 * unqueued. */
void tgt_async_begin(struct tgt_async *async, struct tgt_device *dev, bool nowait,
                     ident_t *loc) {
  if (nowait && tgt_deferred_inline(dev->plugin))
    nowait = false;
  async->dev = dev;
  async->loc = loc;
  async->nowait = nowait;
  if (tgt_ompt_on())
    tgt_ompt_async_capture(async);
  if ((nowait || dev->plugin->queue_always) && dev->plugin->queue_get &&
      dev->plugin->queue_get(dev->plugin_dev, &async->queue))
    tgt_fatal(loc, "device %d: cannot obtain a queue", dev->id);
  tgt_take_device_preds(loc, async);
}
