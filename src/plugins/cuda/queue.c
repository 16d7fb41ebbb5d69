/* queue.c — the stream manager, the event pool and completion callbacks.
 *
 * Stream manager (seed 000 §3.3): each device keeps a pool of idle streams,
 * K at first (LIBOMPTARGET_NUM_INITIAL_STREAMS, default 32). A target task
 * borrows one stream for all its operations; the most recently returned
 * stream is handed out first (its resources are warm); when every stream is
 * borrowed the pool doubles. Events (device-side dependences, §3.4) are
 * pooled the same way (LIBOMPTARGET_NUM_INITIAL_EVENTS).
 *
 * Completion without polling (seed 001): queue_on_done enqueues a host
 * function behind the task's last operation; the driver's thread runs it
 * when the stream reaches it, and it fulfils the task. By default we use
 * cuStreamAddCallback, which is also called, with the error, when the
 * stream failed (a faulting kernel is then reported instead of leaving the
 * task unfinished forever); LIBOMPTARGET_CUDA_COMPLETION=hostfunc selects
 * cuLaunchHostFunc, which the driver skips on errors. The driver's thread
 * only hands the completion over to our completion thread (the bottom half,
 * below), which runs the target layer's callback.
 */
#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cuda_plugin.h"

static __thread bool cuda_callback_thread;

bool cuda_in_callback(void) { return cuda_callback_thread; }

static int cuda_initial_streams(void) {
  static _Atomic int n;
  if (!n) {
    long v = cuda_env_long("LIBOMPTARGET_NUM_INITIAL_STREAMS", 32);
    n = v > 0 ? (int)v : 1;
  }
  return n;
}

static int cuda_initial_events(void) {
  static _Atomic int n;
  if (!n) {
    long v = cuda_env_long("LIBOMPTARGET_NUM_INITIAL_EVENTS", 32);
    n = v > 0 ? (int)v : 1;
  }
  return n;
}

/* Pool growth. The driver calls (cuStreamCreate, cuEventCreate) run with
 * no lock of ours held: a driver may serialise them with its own callback
 * thread, and other threads must keep returning and borrowing while one
 * grows the pool. One thread grows a pool at a time; others that find it
 * empty wait for a returned or a new stream (with eight hidden helpers
 * each growing by the current size, 256 tasks in flight made 600-1500
 * streams instead of at most 512). */

/* Make room for every stream/event the device will own: the idle arrays
 * hold them all once all are returned, so a put never reallocates. */
static int cuda_reserve(void **array, int *cap, int needed, size_t elem) {
  if (needed <= *cap)
    return OMPRT_SUCCESS;
  int grown_cap = *cap ? *cap : 32;
  while (grown_cap < needed)
    grown_cap *= 2;
  void *grown = realloc(*array, elem * (size_t)grown_cap);
  if (!grown)
    return OMPRT_OUT_OF_MEMORY;
  *array = grown;
  *cap = grown_cap;
  return OMPRT_SUCCESS;
}

/* Create `count` streams and add them to the idle pool. */
static int cuda_grow_streams(int dev, int count) {
  struct cuda_device *d = &cuda_devices[dev];
  struct cuda_queue **fresh = calloc((size_t)count, sizeof(*fresh));
  if (!fresh)
    return OMPRT_OUT_OF_MEMORY;
  int made = 0, rc = OMPRT_SUCCESS;
  for (; made < count; made++) {
    struct cuda_queue *q = calloc(1, sizeof(*q));
    if (!q) {
      rc = OMPRT_OUT_OF_MEMORY;
      break;
    }
    q->dev = dev;
    CUresult res = cu_cuStreamCreate(&q->stream, CU_STREAM_NON_BLOCKING);
    if (res != CUDA_SUCCESS) {
      free(q);
      rc = cuda_fail(res, "cuStreamCreate");
      break;
    }
    fresh[made] = q;
  }
  pthread_mutex_lock(&d->lock);
  /* Keep what was made even after a failure: those streams work. */
  int reserved = cuda_reserve((void **)&d->idle_queues, &d->cap_idle_queues,
                              d->total_queues + made, sizeof(*d->idle_queues));
  if (reserved == OMPRT_SUCCESS) {
    for (int i = 0; i < made; i++)
      d->idle_queues[d->nidle_queues++] = fresh[i];
    d->total_queues += made;
  } else {
    rc = reserved; /* cannot track them: give them back to the driver */
    for (int i = 0; i < made; i++) {
      cu_cuStreamDestroy(fresh[i]->stream);
      free(fresh[i]);
    }
  }
  pthread_mutex_unlock(&d->lock);
  free(fresh);
  return rc;
}

static int cuda_grow_events(int dev, int count) {
  struct cuda_device *d = &cuda_devices[dev];
  CUevent *fresh = calloc((size_t)count, sizeof(*fresh));
  if (!fresh)
    return OMPRT_OUT_OF_MEMORY;
  int made = 0, rc = OMPRT_SUCCESS;
  for (; made < count; made++) {
    CUresult res = cu_cuEventCreate(&fresh[made], CU_EVENT_DISABLE_TIMING);
    if (res != CUDA_SUCCESS) {
      rc = cuda_fail(res, "cuEventCreate");
      break;
    }
  }
  pthread_mutex_lock(&d->lock);
  int reserved = cuda_reserve((void **)&d->idle_events, &d->cap_idle_events,
                              d->total_events + made, sizeof(*d->idle_events));
  if (reserved == OMPRT_SUCCESS) {
    for (int i = 0; i < made; i++)
      d->idle_events[d->nidle_events++] = fresh[i];
    d->total_events += made;
  } else {
    rc = reserved;
    for (int i = 0; i < made; i++)
      cu_cuEventDestroy(fresh[i]);
  }
  pthread_mutex_unlock(&d->lock);
  free(fresh);
  return rc;
}

int cuda_queue_pools_init(int dev) {
  int rc = cuda_grow_streams(dev, cuda_initial_streams());
  if (!rc)
    rc = cuda_grow_events(dev, cuda_initial_events());
  return rc;
}

int cuda_queue_get(int dev, void **queue) {
  struct cuda_device *d = &cuda_devices[dev];
  int rc = cuda_enter(dev);
  if (rc)
    return rc;
  pthread_mutex_lock(&d->lock);
  while (d->nidle_queues == 0) {
    if (d->growing_queues) {
      pthread_cond_wait(&d->grown, &d->lock);
      continue;
    }
    int before = d->total_queues;
    d->growing_queues = true;
    pthread_mutex_unlock(&d->lock);
    rc = cuda_grow_streams(dev, before);
    if (!rc && cuda_info_kernel())
      fprintf(stderr, "omptarget: info: CUDA: stream pool of device %d grows from %d to %d "
                      "streams\n", dev, before, 2 * before);
    pthread_mutex_lock(&d->lock);
    d->growing_queues = false;
    pthread_cond_broadcast(&d->grown);
    if (rc) {
      pthread_mutex_unlock(&d->lock);
      return rc;
    }
  }
  *queue = d->idle_queues[--d->nidle_queues];
  pthread_mutex_unlock(&d->lock);
  return OMPRT_SUCCESS;
}

/* Also called on the driver's callback thread: no CUDA calls. */
int cuda_queue_put(int dev, void *queue) {
  struct cuda_device *d = &cuda_devices[dev];
  pthread_mutex_lock(&d->lock);
  d->idle_queues[d->nidle_queues++] = queue; /* capacity covers every stream */
  pthread_mutex_unlock(&d->lock);
  return OMPRT_SUCCESS;
}

void cuda_queue_defer_free(struct cuda_queue *q, void *dev_ptr) {
  if (q->npending == q->cap_pending) {
    int cap = q->cap_pending ? q->cap_pending * 2 : 4;
    void **grown = realloc(q->pending_free, sizeof(void *) * (size_t)cap);
    if (!grown) {
      fprintf(stderr, "omptarget: error: out of memory tracking device memory\n");
      fflush(NULL);
      _exit(EXIT_FAILURE);
    }
    q->pending_free = grown;
    q->cap_pending = cap;
  }
  q->pending_free[q->npending++] = dev_ptr;
}

static void cuda_queue_release_pending(struct cuda_queue *q) {
  for (int i = 0; i < q->npending; i++)
    cuda_free(q->dev, q->pending_free[i], OMPRT_ALLOC_DEVICE);
  q->npending = 0;
}

int cuda_queue_sync(int dev, void *queue) {
  struct cuda_queue *q = queue;
  int rc = cuda_enter(dev);
  if (rc)
    return rc;
  CUDA_TRACE("synchronise queue %p of device %d", queue, dev);
  CUresult res = cu_cuStreamSynchronize(q->stream);
  CUDA_TRACE("queue %p synchronised: %d", queue, (int)res);
  cuda_queue_release_pending(q);
  if (res != CUDA_SUCCESS)
    return cuda_fail(res, "cuStreamSynchronize");
  return OMPRT_SUCCESS;
}

int cuda_queue_query(int dev, void *queue, bool *done) {
  struct cuda_queue *q = queue;
  int rc = cuda_enter(dev);
  if (rc)
    return rc;
  CUresult res = cu_cuStreamQuery(q->stream);
  if (res == CUDA_ERROR_NOT_READY) {
    *done = false;
    return OMPRT_SUCCESS;
  }
  *done = true;
  cuda_queue_release_pending(q);
  if (res != CUDA_SUCCESS)
    return cuda_fail(res, "cuStreamQuery");
  return OMPRT_SUCCESS;
}

/* Completion in two halves. The driver's callback thread (top half) only
 * hands the completion to our own thread (bottom half), which releases the
 * queue's pending blocks and runs the target layer's callback: that
 * callback takes the device's mapping lock and fulfils the task, which can
 * release other tasks, and a thread holding that lock may itself be inside
 * a CUDA call that waits for the callback thread (a pageable copy
 * synchronises its stream): the driver's thread must never wait for us. */
struct cuda_done {
  struct cuda_done *next;
  struct cuda_queue *queue;
  omprt_done_fn fn;
  void *arg;
  CUresult status;
  /* cuLaunchHostFunc only: registered, its host function not yet run
   * (cuda_hf_pending, under cuda_bh_lock) */
  bool pending;
  struct cuda_done *pending_prev, *pending_next;
};

static pthread_mutex_t cuda_bh_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cuda_bh_wake = PTHREAD_COND_INITIALIZER;
static struct cuda_done *cuda_bh_head, *cuda_bh_tail;
static _Atomic int cuda_bh_pending; /* completions handed over, not yet taken */
static bool cuda_bh_sleeping;
static pthread_once_t cuda_bh_once = PTHREAD_ONCE_INIT;

/* Host functions registered and not yet run. The driver never runs a host
 * function once a kernel has faulted (the error is sticky; unlike a stream
 * callback, which is passed it), so their tasks would never complete: while
 * any is pending the completion thread sleeps at most CUDA_HF_CHECK_NS at a
 * time and then asks one of their streams for a sticky error, which it
 * reports as that completion's failure. */
static struct cuda_done *cuda_hf_pending;
#define CUDA_HF_CHECK_NS 100000000

static void cuda_hf_unlink(struct cuda_done *done) {
  if (done->pending_prev)
    done->pending_prev->pending_next = done->pending_next;
  else
    cuda_hf_pending = done->pending_next;
  if (done->pending_next)
    done->pending_next->pending_prev = done->pending_prev;
  done->pending = false;
}

/* Queue a completion for the completion thread, with its status (called
 * with cuda_bh_lock held). */
static void cuda_bh_append(struct cuda_done *done, CUresult status) {
  if (done->pending)
    cuda_hf_unlink(done);
  done->status = status;
  done->next = NULL;
  if (cuda_bh_tail)
    cuda_bh_tail->next = done;
  else
    cuda_bh_head = done;
  cuda_bh_tail = done;
}

/* Spin this long for the next completion before sleeping: a burst of
 * target tasks completes back to back. */
#define CUDA_BH_SPIN_NS 100000

static uint64_t cuda_now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Called with cuda_bh_lock held, after a sleep that timed out with host
 * functions pending: when the context of the oldest one's stream holds a
 * sticky error, that completion becomes a failure (the lock is dropped
 * around the query, which never waits for the driver's callback thread). */
static void cuda_hf_check(void) {
  struct cuda_done *oldest = cuda_hf_pending;
  while (oldest && oldest->pending_next)
    oldest = oldest->pending_next;
  if (!oldest)
    return;
  struct cuda_queue *q = oldest->queue;
  pthread_mutex_unlock(&cuda_bh_lock);
  CUresult res = cuda_enter(q->dev) ? CUDA_ERROR_INVALID_CONTEXT : cu_cuStreamQuery(q->stream);
  pthread_mutex_lock(&cuda_bh_lock);
  if (res == CUDA_SUCCESS || res == CUDA_ERROR_NOT_READY || !oldest->pending)
    return; /* healthy, or its host function ran meanwhile */
  cuda_bh_append(oldest, res);
}

static void *cuda_bh_main(void *unused) {
  (void)unused;
  for (;;) {
    uint64_t until = cuda_now_ns() + CUDA_BH_SPIN_NS;
    while (!atomic_load_explicit(&cuda_bh_pending, memory_order_acquire) &&
           cuda_now_ns() < until)
      __builtin_ia32_pause();
    pthread_mutex_lock(&cuda_bh_lock);
    while (!cuda_bh_head) {
      cuda_bh_sleeping = true;
      if (cuda_hf_pending) {
        struct timespec deadline;
        clock_gettime(CLOCK_REALTIME, &deadline);
        deadline.tv_nsec += CUDA_HF_CHECK_NS;
        if (deadline.tv_nsec >= 1000000000) {
          deadline.tv_sec++;
          deadline.tv_nsec -= 1000000000;
        }
        if (pthread_cond_timedwait(&cuda_bh_wake, &cuda_bh_lock, &deadline) == ETIMEDOUT) {
          cuda_bh_sleeping = false;
          cuda_hf_check();
        }
      } else {
        pthread_cond_wait(&cuda_bh_wake, &cuda_bh_lock);
      }
      cuda_bh_sleeping = false;
    }
    struct cuda_done *list = cuda_bh_head;
    cuda_bh_head = cuda_bh_tail = NULL;
    atomic_store_explicit(&cuda_bh_pending, 0, memory_order_relaxed);
    pthread_mutex_unlock(&cuda_bh_lock);
    while (list) { /* in the order the streams completed */
      struct cuda_done *done = list;
      list = list->next;
      cuda_queue_release_pending(done->queue);
      int status = OMPRT_SUCCESS;
      if (done->status != CUDA_SUCCESS)
        status = cuda_fail(done->status, "a queued operation (kernel or copy)");
      omprt_done_fn fn = done->fn;
      void *arg = done->arg;
      free(done);
      fn(arg, status);
    }
  }
  return NULL;
}

static void cuda_bh_start(void) {
  pthread_t thread;
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  if (pthread_create(&thread, &attr, cuda_bh_main, NULL) != 0) {
    fprintf(stderr, "omptarget: error: cannot start the CUDA completion thread\n");
    fflush(NULL);
    _exit(EXIT_FAILURE);
  }
  pthread_attr_destroy(&attr);
}

/* Top half, on the driver's thread: hand over and return at once. */
static void cuda_done_handover(struct cuda_done *done, CUresult status) {
  cuda_callback_thread = true;
  pthread_mutex_lock(&cuda_bh_lock);
  cuda_bh_append(done, status);
  atomic_store_explicit(&cuda_bh_pending, 1, memory_order_release);
  if (cuda_bh_sleeping)
    pthread_cond_signal(&cuda_bh_wake);
  pthread_mutex_unlock(&cuda_bh_lock);
  cuda_callback_thread = false;
}

static void CUDA_CB cuda_done_hostfunc(void *arg) { cuda_done_handover(arg, CUDA_SUCCESS); }

static void CUDA_CB cuda_done_callback(CUstream stream, CUresult status, void *arg) {
  (void)stream;
  cuda_done_handover(arg, status);
}

static bool cuda_use_hostfunc(void) {
  static _Atomic int mode = -1; /* read once, by whichever thread comes first */
  if (mode < 0) {
    const char *m = getenv("LIBOMPTARGET_CUDA_COMPLETION");
    if (m && *m && strcmp(m, "hostfunc") != 0 && strcmp(m, "callback") != 0) {
      fprintf(stderr, "omptarget: error: LIBOMPTARGET_CUDA_COMPLETION='%s': expected "
                      "callback or hostfunc\n", m);
      fflush(NULL);
      _exit(EXIT_FAILURE);
    }
    mode = (m && strcmp(m, "hostfunc") == 0) || !cu_cuStreamAddCallback;
  }
  return mode == 1;
}

int cuda_queue_on_done(int dev, void *queue, omprt_done_fn fn, void *arg) {
  struct cuda_queue *q = queue;
  int rc = cuda_enter(dev);
  if (rc)
    return rc;
  struct cuda_done *done = malloc(sizeof(*done));
  if (!done)
    return OMPRT_OUT_OF_MEMORY;
  *done = (struct cuda_done){.queue = q, .fn = fn, .arg = arg, .status = CUDA_SUCCESS};
  pthread_once(&cuda_bh_once, cuda_bh_start);
  CUresult res;
  if (cuda_use_hostfunc()) {
    /* Listed before it can run: its handover takes it off the list. The
     * first one listed wakes a completion thread asleep without a deadline
     * (nothing was pending when it went to sleep), so that it sleeps again
     * with one and checks the stream should the host function never run;
     * without the wake a fault there hung the task (1 run in 10 of
     * target.cuda_mock.errors.fault_registered_hostfunc on a busy machine). */
    pthread_mutex_lock(&cuda_bh_lock);
    done->pending = true;
    done->pending_next = cuda_hf_pending;
    if (cuda_hf_pending)
      cuda_hf_pending->pending_prev = done;
    else if (cuda_bh_sleeping)
      pthread_cond_signal(&cuda_bh_wake);
    cuda_hf_pending = done;
    pthread_mutex_unlock(&cuda_bh_lock);
    res = cu_cuLaunchHostFunc(q->stream, cuda_done_hostfunc, done);
    if (res != CUDA_SUCCESS) {
      pthread_mutex_lock(&cuda_bh_lock);
      cuda_hf_unlink(done);
      pthread_mutex_unlock(&cuda_bh_lock);
    }
  } else {
    res = cu_cuStreamAddCallback(q->stream, cuda_done_callback, done, 0);
  }
  if (res != CUDA_SUCCESS) {
    free(done);
    return cuda_fail(res, "cuLaunchHostFunc/cuStreamAddCallback");
  }
  return OMPRT_SUCCESS;
}

int cuda_event_create(int dev, void **event) {
  struct cuda_device *d = &cuda_devices[dev];
  int rc = cuda_enter(dev);
  if (rc)
    return rc;
  pthread_mutex_lock(&d->lock);
  while (d->nidle_events == 0) {
    if (d->growing_events) {
      pthread_cond_wait(&d->grown, &d->lock);
      continue;
    }
    int before = d->total_events;
    d->growing_events = true;
    pthread_mutex_unlock(&d->lock);
    rc = cuda_grow_events(dev, before);
    pthread_mutex_lock(&d->lock);
    d->growing_events = false;
    pthread_cond_broadcast(&d->grown);
    if (rc) {
      pthread_mutex_unlock(&d->lock);
      return rc;
    }
  }
  *event = d->idle_events[--d->nidle_events];
  pthread_mutex_unlock(&d->lock);
  return OMPRT_SUCCESS;
}

/* Back to the pool (no CUDA call: safe on the callback thread). */
int cuda_event_destroy(int dev, void *event) {
  struct cuda_device *d = &cuda_devices[dev];
  pthread_mutex_lock(&d->lock);
  d->idle_events[d->nidle_events++] = event;
  pthread_mutex_unlock(&d->lock);
  return OMPRT_SUCCESS;
}

int cuda_event_query(int dev, void *event, bool *done) {
  int rc = cuda_enter(dev);
  if (rc)
    return rc;
  CUresult res = cu_cuEventQuery(event);
  *done = res != CUDA_ERROR_NOT_READY;
  if (res != CUDA_SUCCESS && res != CUDA_ERROR_NOT_READY)
    return cuda_fail(res, "cuEventQuery");
  return OMPRT_SUCCESS;
}

int cuda_event_sync(int dev, void *event) {
  int rc = cuda_enter(dev);
  if (rc)
    return rc;
  CUDA_CALL("cuEventSynchronize", cu_cuEventSynchronize(event));
  return OMPRT_SUCCESS;
}

int cuda_event_record(int dev, void *event, void *queue) {
  int rc = cuda_enter(dev);
  if (rc)
    return rc;
  CUDA_CALL("cuEventRecord", cu_cuEventRecord(event, ((struct cuda_queue *)queue)->stream));
  return OMPRT_SUCCESS;
}

int cuda_event_wait(int dev, void *event, void *queue) {
  int rc = cuda_enter(dev);
  if (rc)
    return rc;
  CUDA_CALL("cuStreamWaitEvent",
            cu_cuStreamWaitEvent(((struct cuda_queue *)queue)->stream, event, 0));
  return OMPRT_SUCCESS;
}

/* What `#pragma omp interop` hands the program (src/target/interop.c): the
 * handles of the CUDA runtime, which are the Driver API's (a cudaStream_t is
 * a CUstream, and the runtime API works in the device's primary context, the
 * one the plugin uses). The context is made current on the calling thread,
 * as the program will use it there. */
int cuda_interop(int dev, void *queue, int *fr_id, void **device, void **context,
                 void **foreign_queue) {
  struct cuda_device *d = &cuda_devices[dev];
  int rc = cuda_enter(dev);
  if (rc)
    return rc;
  *fr_id = 1; /* omp_ifr_cuda */
  *device = (void *)(intptr_t)d->handle;
  *context = d->context;
  *foreign_queue = queue ? ((struct cuda_queue *)queue)->stream : NULL;
  return OMPRT_SUCCESS;
}
