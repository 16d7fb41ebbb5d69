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

#include "target.h"

void *__omprt_task_detach_current(void);
void omp_fulfill_event(uintptr_t event);

/* Device memory that must outlive the queued work (firstprivate copies,
 * unmapped ranges whose copy-back is still in flight). */
void tgt_async_defer_free(struct tgt_async *async, void *dev_ptr) {
  if (async->ndeferred == async->capdeferred) {
    int cap = async->capdeferred ? async->capdeferred * 2 : 8;
    void **grown = realloc(async->deferred_free, sizeof(void *) * (size_t)cap);
    if (!grown)
      tgt_fatal(NULL, "out of memory tracking device memory to free");
    async->deferred_free = grown;
    async->capdeferred = cap;
  }
  async->deferred_free[async->ndeferred++] = dev_ptr;
}

struct tgt_async_done {
  struct tgt_device *dev;
  void *queue;
  void **frees;
  int nfrees;
  void *event;
};

static void tgt_async_done_cb(void *arg, int status) {
  struct tgt_async_done *d = arg;
  const struct omprt_plugin *p = d->dev->plugin;
  if (status)
    tgt_fatal(NULL, "a deferred target construct failed on device %d", d->dev->id);
  for (int i = 0; i < d->nfrees; i++)
    p->free(d->dev->plugin_dev, d->frees[i], OMPRT_ALLOC_DEFAULT);
  free(d->frees);
  p->queue_put(d->dev->plugin_dev, d->queue);
  void *event = d->event;
  free(d);
  omp_fulfill_event((uintptr_t)event);
}

/* End of a construct's work on its queue: wait for it, or, when deferred
 * and possible, let the completion callback finish the task. */
int tgt_async_complete(struct tgt_async *async) {
  struct tgt_device *dev = async->dev;
  if (async->queue && async->nowait && dev->plugin->queue_on_done) {
    void *event = __omprt_task_detach_current();
    if (event) {
      struct tgt_async_done *d = malloc(sizeof(*d));
      if (!d)
        tgt_fatal(NULL, "out of memory completing a deferred target construct");
      *d = (struct tgt_async_done){dev, async->queue, async->deferred_free,
                                   async->ndeferred, event};
      async->queue = NULL;
      async->deferred_free = NULL;
      async->ndeferred = async->capdeferred = 0;
      if (dev->plugin->queue_on_done(dev->plugin_dev, d->queue, tgt_async_done_cb, d))
        tgt_fatal(NULL, "device %d: cannot register a completion callback", dev->id);
      return 0;
    }
  }
  return tgt_async_finish(async);
}

/* A queue for a deferred construct; synchronous ones run unqueued. */
void tgt_async_begin(struct tgt_async *async, struct tgt_device *dev, bool nowait,
                     ident_t *loc) {
  async->dev = dev;
  async->nowait = nowait;
  if (nowait && dev->plugin->queue_get &&
      dev->plugin->queue_get(dev->plugin_dev, &async->queue))
    tgt_fatal(loc, "device %d: cannot obtain a queue", dev->id);
}
