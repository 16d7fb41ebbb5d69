/* queue.c — asynchronous queues of the x86_64 offload device.
 *
 * A queue is a worker thread that runs its operations (copies, kernel
 * launches, event waits, completion callbacks) in order, so a deferred
 * target task can issue all its steps and return while they run: `nowait`
 * regions overlap on this device as on a GPU, and completion arrives
 * through the queue's callback (queue_on_done), exactly the path the CUDA
 * plugin takes with streams and cuLaunchHostFunc. Queues are pooled per
 * device: the last one returned is handed out first.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "../plugin.h"
#include "host.h"

enum host_op_kind { HOST_OP_COPY, HOST_OP_LAUNCH, HOST_OP_CALLBACK, HOST_OP_WAIT };

struct host_op {
  struct host_op *next;
  enum host_op_kind kind;
  union {
    struct {
      void *dst;
      const void *src;
      size_t size;
    } copy;
    struct {
      void *kernel;
      int device_num;
      int nargs;
      void **args; /* owned copy, launch environment first */
    } launch;
    struct {
      omprt_done_fn fn;
      void *arg;
    } callback;
    struct {
      struct host_queue *queue;
      uint64_t seq;
    } wait;
  } u;
  unsigned char inline_data[64]; /* small copy sources, owned by the op */
};

struct host_queue {
  pthread_mutex_t lock;
  pthread_cond_t changed;
  struct host_op *head, *tail;
  uint64_t issued, completed;
  uint64_t last_wait;            /* `issued` count at the last event wait pushed */
  struct host_queue *free_next;
  pthread_t worker;
};

struct host_event {
  struct host_queue *queue;
  uint64_t seq;
};

static pthread_mutex_t host_pool_lock = PTHREAD_MUTEX_INITIALIZER;
static struct host_queue *host_pool[HOST_MAX_DEVICES];
static pthread_once_t host_fork_once = PTHREAD_ONCE_INIT;

/* A child made by fork() has none of the pool's worker threads: it starts
 * with an empty pool (the old queues are left behind) and a fresh lock. */
static void host_queues_after_fork(void) {
  pthread_mutex_init(&host_pool_lock, NULL);
  memset(host_pool, 0, sizeof(host_pool));
}

static void host_fork_handler_install(void) {
  pthread_atfork(NULL, NULL, host_queues_after_fork);
}

static void host_op_run(struct host_op *op) {
  switch (op->kind) {
  case HOST_OP_COPY:
    memcpy(op->u.copy.dst, op->u.copy.src, op->u.copy.size);
    break;
  case HOST_OP_LAUNCH:
    host_run_kernel(op->u.launch.device_num, op->u.launch.kernel, op->u.launch.nargs,
                    op->u.launch.args);
    free(op->u.launch.args);
    break;
  case HOST_OP_CALLBACK:
    op->u.callback.fn(op->u.callback.arg, 0);
    break;
  case HOST_OP_WAIT: {
    struct host_queue *other = op->u.wait.queue;
    pthread_mutex_lock(&other->lock);
    while (other->completed < op->u.wait.seq)
      pthread_cond_wait(&other->changed, &other->lock);
    pthread_mutex_unlock(&other->lock);
    break;
  }
  }
}

static void *host_queue_main(void *arg) {
  struct host_queue *q = arg;
  pthread_mutex_lock(&q->lock);
  for (;;) {
    while (!q->head)
      pthread_cond_wait(&q->changed, &q->lock);
    struct host_op *op = q->head;
    pthread_mutex_unlock(&q->lock);
    host_op_run(op);
    pthread_mutex_lock(&q->lock);
    q->head = op->next;
    if (!q->head)
      q->tail = NULL;
    q->completed++;
    pthread_cond_broadcast(&q->changed);
    free(op);
  }
  return NULL;
}

static void host_queue_push(struct host_queue *q, struct host_op *op) {
  op->next = NULL;
  pthread_mutex_lock(&q->lock);
  if (q->tail)
    q->tail->next = op;
  else
    q->head = op;
  q->tail = op;
  q->issued++;
  if (op->kind == HOST_OP_WAIT)
    q->last_wait = q->issued;
  pthread_cond_broadcast(&q->changed);
  pthread_mutex_unlock(&q->lock);
}

static struct host_op *host_op_new(enum host_op_kind kind) {
  struct host_op *op = calloc(1, sizeof(*op));
  if (op)
    op->kind = kind;
  return op;
}

int host_queue_get(int dev, void **queue) {
  pthread_once(&host_fork_once, host_fork_handler_install);
  pthread_mutex_lock(&host_pool_lock);
  struct host_queue *q = host_pool[dev];
  if (q)
    host_pool[dev] = q->free_next;
  pthread_mutex_unlock(&host_pool_lock);
  if (!q) {
    q = calloc(1, sizeof(*q));
    if (!q)
      return OMPRT_OUT_OF_MEMORY;
    pthread_mutex_init(&q->lock, NULL);
    pthread_cond_init(&q->changed, NULL);
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    int rc = pthread_create(&q->worker, &attr, host_queue_main, q);
    pthread_attr_destroy(&attr);
    if (rc != 0) {
      free(q);
      return OMPRT_FAIL;
    }
  }
  *queue = q;
  return OMPRT_SUCCESS;
}

int host_queue_put(int dev, void *queue) {
  struct host_queue *q = queue;
  pthread_mutex_lock(&host_pool_lock);
  q->free_next = host_pool[dev];
  host_pool[dev] = q;
  pthread_mutex_unlock(&host_pool_lock);
  return OMPRT_SUCCESS;
}

int host_queue_sync(int dev, void *queue) {
  (void)dev;
  struct host_queue *q = queue;
  pthread_mutex_lock(&q->lock);
  while (q->completed < q->issued)
    pthread_cond_wait(&q->changed, &q->lock);
  pthread_mutex_unlock(&q->lock);
  return OMPRT_SUCCESS;
}

int host_queue_query(int dev, void *queue, bool *done) {
  (void)dev;
  struct host_queue *q = queue;
  pthread_mutex_lock(&q->lock);
  *done = q->completed == q->issued;
  pthread_mutex_unlock(&q->lock);
  return OMPRT_SUCCESS;
}

int host_queue_on_done(int dev, void *queue, omprt_done_fn fn, void *arg) {
  (void)dev;
  struct host_op *op = host_op_new(HOST_OP_CALLBACK);
  if (!op)
    return OMPRT_OUT_OF_MEMORY;
  op->u.callback.fn = fn;
  op->u.callback.arg = arg;
  host_queue_push(queue, op);
  return OMPRT_SUCCESS;
}

int host_queue_copy(void *queue, void *dst, const void *src, size_t size,
                    bool snapshot_src) {
  struct host_op *op = host_op_new(HOST_OP_COPY);
  if (!op)
    return OMPRT_OUT_OF_MEMORY;
  /* Small host sources (a pointer being attached, a scalar) may be the
   * caller's temporaries: keep our own copy. Never for device sources,
   * which earlier operations on the queue may still write, and never behind
   * a wait for another queue that has not run yet: a predecessor target
   * task may still be copying back into the source (device-side
   * dependences), so the copy reads it when it runs, as a GPU's does. */
  struct host_queue *q = queue;
  pthread_mutex_lock(&q->lock);
  bool waits_pending = q->completed < q->last_wait;
  pthread_mutex_unlock(&q->lock);
  if (snapshot_src && !waits_pending && size <= sizeof(op->inline_data)) {
    memcpy(op->inline_data, src, size);
    src = op->inline_data;
  }
  op->u.copy.dst = dst;
  op->u.copy.src = src;
  op->u.copy.size = size;
  host_queue_push(queue, op);
  return OMPRT_SUCCESS;
}

int host_queue_launch(void *queue, int device_num, void *kernel, int nargs, void **args) {
  struct host_op *op = host_op_new(HOST_OP_LAUNCH);
  void **owned = malloc(sizeof(void *) * (size_t)(nargs ? nargs : 1));
  if (!op || !owned) {
    free(op);
    free(owned);
    return OMPRT_OUT_OF_MEMORY;
  }
  memcpy(owned, args, sizeof(void *) * (size_t)nargs);
  op->u.launch.kernel = kernel;
  op->u.launch.device_num = device_num;
  op->u.launch.nargs = nargs;
  op->u.launch.args = owned;
  host_queue_push(queue, op);
  return OMPRT_SUCCESS;
}

/* ---- events --------------------------------------------------------------------- */

int host_event_create(int dev, void **event) {
  (void)dev;
  struct host_event *e = calloc(1, sizeof(*e));
  if (!e)
    return OMPRT_OUT_OF_MEMORY;
  *event = e;
  return OMPRT_SUCCESS;
}

/* The event fires once everything queued so far on `queue` has run. */
int host_event_record(int dev, void *event, void *queue) {
  (void)dev;
  struct host_event *e = event;
  struct host_queue *q = queue;
  pthread_mutex_lock(&q->lock);
  e->queue = q;
  e->seq = q->issued;
  pthread_mutex_unlock(&q->lock);
  return OMPRT_SUCCESS;
}

int host_event_wait(int dev, void *event, void *queue) {
  (void)dev;
  struct host_event *e = event;
  if (!e->queue)
    return OMPRT_SUCCESS; /* never recorded: nothing to wait for */
  struct host_op *op = host_op_new(HOST_OP_WAIT);
  if (!op)
    return OMPRT_OUT_OF_MEMORY;
  op->u.wait.queue = e->queue;
  op->u.wait.seq = e->seq;
  host_queue_push(queue, op);
  return OMPRT_SUCCESS;
}

int host_event_query(int dev, void *event, bool *done) {
  (void)dev;
  struct host_event *e = event;
  *done = true;
  if (e->queue) {
    pthread_mutex_lock(&e->queue->lock);
    *done = e->queue->completed >= e->seq;
    pthread_mutex_unlock(&e->queue->lock);
  }
  return OMPRT_SUCCESS;
}

int host_event_sync(int dev, void *event) {
  (void)dev;
  struct host_event *e = event;
  if (!e->queue)
    return OMPRT_SUCCESS;
  pthread_mutex_lock(&e->queue->lock);
  while (e->queue->completed < e->seq)
    pthread_cond_wait(&e->queue->changed, &e->queue->lock);
  pthread_mutex_unlock(&e->queue->lock);
  return OMPRT_SUCCESS;
}

int host_event_destroy(int dev, void *event) {
  (void)dev;
  free(event);
  return OMPRT_SUCCESS;
}
