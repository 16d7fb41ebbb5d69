/* mock_driver.c — a CPU stand-in for libcuda.so.1, so CI (which has no GPU)
 * exercises the CUDA plugin: device discovery, image loading, the memory
 * pool, copies, the stream and event pools, completion callbacks.
 *
 * Device memory is host memory; kernels do not run (a launch is a no-op on
 * its stream), so tests check what the plugin does around them: data copied
 * in and back, ordering, completion, no hang. Each stream is a worker thread
 * running its operations in order. Like the real driver: one driver thread
 * runs every stream callback and the stream waits for it; an asynchronous
 * copy from or to pageable memory first waits for the stream's earlier work
 * (cuMemcpyHtoDAsync stages the source, cuMemcpyDtoHAsync returns when the
 * copy is done); and the thread that runs callbacks holds the driver's
 * own lock meanwhile, which calls that create streams or events
 * also take — so a callback that waits for a lock whose holder is creating
 * a stream deadlocks, as deferred regions did on a real GPU when the stream
 * pool grew under load.
 */
#include <cuda.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum op_kind { OP_COPY, OP_NOP, OP_CALLBACK, OP_RECORD, OP_WAIT };

struct mock_event {
  pthread_mutex_t lock;
  pthread_cond_t fired;
  uint64_t recorded, done; /* record generations: done == recorded means fired */
};

struct op {
  struct op *next;
  enum op_kind kind;
  void *dst;
  const void *src;
  size_t size;
  void *staged; /* owned copy of a pageable source */
  CUstreamCallback callback;
  CUhostFn hostfn;
  void *arg;
  struct mock_event *event;
  uint64_t generation;
};

struct CUstream_st {
  pthread_mutex_t lock;
  pthread_cond_t changed;
  struct op *head, *tail;
  uint64_t issued, completed;
  bool stop;
  pthread_t worker;
};

/* ---- the driver's callback thread --------------------------------------------- */

struct cb_item {
  struct cb_item *next;
  struct op *op;
  CUstream stream;
  bool done;
};
static pthread_mutex_t cb_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cb_changed = PTHREAD_COND_INITIALIZER;
static struct cb_item *cb_head, *cb_tail;
static pthread_once_t cb_once = PTHREAD_ONCE_INIT;
/* The driver's internal lock: held while a callback runs. */
static pthread_mutex_t driver_lock = PTHREAD_MUTEX_INITIALIZER;

static void *cb_main(void *unused) {
  (void)unused;
  pthread_mutex_lock(&cb_lock);
  for (;;) {
    while (!cb_head)
      pthread_cond_wait(&cb_changed, &cb_lock);
    struct cb_item *item = cb_head;
    cb_head = item->next;
    if (!cb_head)
      cb_tail = NULL;
    pthread_mutex_unlock(&cb_lock);
    pthread_mutex_lock(&driver_lock);
    if (item->op->callback)
      item->op->callback(item->stream, CUDA_SUCCESS, item->op->arg);
    else
      item->op->hostfn(item->op->arg);
    pthread_mutex_unlock(&driver_lock);
    pthread_mutex_lock(&cb_lock);
    item->done = true;
    pthread_cond_broadcast(&cb_changed);
  }
  return NULL;
}

static void cb_start(void) {
  pthread_t t;
  pthread_create(&t, NULL, cb_main, NULL);
  pthread_detach(t);
}

/* Run a callback on the driver thread; the stream waits for it. */
static void cb_run(CUstream stream, struct op *op) {
  pthread_once(&cb_once, cb_start);
  struct cb_item item = {NULL, op, stream, false};
  pthread_mutex_lock(&cb_lock);
  if (cb_tail)
    cb_tail->next = &item;
  else
    cb_head = &item;
  cb_tail = &item;
  pthread_cond_broadcast(&cb_changed);
  while (!item.done)
    pthread_cond_wait(&cb_changed, &cb_lock);
  pthread_mutex_unlock(&cb_lock);
}

/* ---- streams ---------------------------------------------------------------------- */

static void *stream_main(void *arg) {
  CUstream s = arg;
  pthread_mutex_lock(&s->lock);
  for (;;) {
    while (!s->head && !s->stop)
      pthread_cond_wait(&s->changed, &s->lock);
    if (!s->head)
      break;
    struct op *op = s->head;
    pthread_mutex_unlock(&s->lock);
    switch (op->kind) {
    case OP_COPY:
      memcpy(op->dst, op->staged ? op->staged : op->src, op->size);
      break;
    case OP_NOP:
      usleep(20); /* a kernel takes a while */
      break;
    case OP_CALLBACK:
      cb_run(s, op);
      break;
    case OP_RECORD:
      pthread_mutex_lock(&op->event->lock);
      if (op->event->done < op->generation)
        op->event->done = op->generation;
      pthread_cond_broadcast(&op->event->fired);
      pthread_mutex_unlock(&op->event->lock);
      break;
    case OP_WAIT:
      pthread_mutex_lock(&op->event->lock);
      while (op->event->done < op->generation)
        pthread_cond_wait(&op->event->fired, &op->event->lock);
      pthread_mutex_unlock(&op->event->lock);
      break;
    }
    pthread_mutex_lock(&s->lock);
    s->head = op->next;
    if (!s->head)
      s->tail = NULL;
    s->completed++;
    pthread_cond_broadcast(&s->changed);
    free(op->staged);
    free(op);
  }
  pthread_mutex_unlock(&s->lock);
  return NULL;
}

static void stream_push(CUstream s, struct op *op) {
  op->next = NULL;
  pthread_mutex_lock(&s->lock);
  if (s->tail)
    s->tail->next = op;
  else
    s->head = op;
  s->tail = op;
  s->issued++;
  pthread_cond_broadcast(&s->changed);
  pthread_mutex_unlock(&s->lock);
}

static void stream_drain(CUstream s) {
  pthread_mutex_lock(&s->lock);
  uint64_t want = s->issued;
  while (s->completed < want)
    pthread_cond_wait(&s->changed, &s->lock);
  pthread_mutex_unlock(&s->lock);
}

static struct op *op_new(enum op_kind kind) {
  struct op *op = calloc(1, sizeof(*op));
  if (op)
    op->kind = kind;
  return op;
}

/* ---- the API ------------------------------------------------------------------------ */

CUresult cuInit(unsigned flags) { (void)flags; return CUDA_SUCCESS; }
CUresult cuDriverGetVersion(int *v) { *v = 13000; return CUDA_SUCCESS; }
CUresult cuGetErrorName(CUresult e, const char **s) {
  *s = e == CUDA_SUCCESS ? "CUDA_SUCCESS" : e == CUDA_ERROR_NOT_READY ? "CUDA_ERROR_NOT_READY"
       : e == CUDA_ERROR_NOT_FOUND ? "CUDA_ERROR_NOT_FOUND" : "CUDA_ERROR_MOCK";
  return CUDA_SUCCESS;
}
CUresult cuGetErrorString(CUresult e, const char **s) { return cuGetErrorName(e, s); }
CUresult cuDeviceGetCount(int *n) { *n = 1; return CUDA_SUCCESS; }
CUresult cuDeviceGet(CUdevice *d, int i) { *d = i; return CUDA_SUCCESS; }
CUresult cuDeviceGetAttribute(int *v, CUdevice_attribute a, CUdevice d) {
  (void)d;
  switch (a) {
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR: *v = 9; break;
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR: *v = 0; break;
  case CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT: *v = 4; break;
  case CU_DEVICE_ATTRIBUTE_WARP_SIZE: *v = 32; break;
  case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X: *v = 1024; break;
  case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X: *v = 2147483647; break;
  case CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR: *v = 2048; break;
  case CU_DEVICE_ATTRIBUTE_CLOCK_RATE: *v = 1000000; break;
  case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN: *v = 232448; break;
  default: *v = 0;
  }
  return CUDA_SUCCESS;
}
CUresult cuDeviceGetName(char *name, int len, CUdevice d) {
  (void)d;
  strncpy(name, "Mock GPU (CPU)", (size_t)len);
  return CUDA_SUCCESS;
}
CUresult cuDeviceTotalMem_v2(size_t *b, CUdevice d) { (void)d; *b = (size_t)1 << 34; return CUDA_SUCCESS; }
CUresult cuDevicePrimaryCtxRetain(CUcontext *c, CUdevice d) {
  *c = (CUcontext)(uintptr_t)(0x1000 + d);
  return CUDA_SUCCESS;
}
CUresult cuDevicePrimaryCtxGetState(CUdevice d, unsigned *f, int *active) {
  (void)d;
  *f = 0;
  *active = 0;
  return CUDA_SUCCESS;
}
CUresult cuDevicePrimaryCtxSetFlags_v2(CUdevice d, unsigned f) { (void)d, (void)f; return CUDA_SUCCESS; }
static __thread CUcontext current;
CUresult cuCtxSetCurrent(CUcontext c) { current = c; return CUDA_SUCCESS; }
CUresult cuCtxGetCurrent(CUcontext *c) { *c = current; return CUDA_SUCCESS; }
CUresult cuCtxSetLimit(CUlimit l, size_t v) { (void)l, (void)v; return CUDA_SUCCESS; }
CUresult cuCtxGetLimit(size_t *v, CUlimit l) { (void)l; *v = 8u << 20; return CUDA_SUCCESS; }
CUresult cuCtxSynchronize(void) { return CUDA_SUCCESS; }
CUresult cuModuleLoadDataEx(CUmodule *m, const void *image, unsigned n, CUjit_option *o,
                            void **v) {
  (void)image, (void)n, (void)o, (void)v;
  *m = (CUmodule)(uintptr_t)0x2000;
  return CUDA_SUCCESS;
}
CUresult cuModuleGetFunction(CUfunction *f, CUmodule m, const char *name) {
  (void)m;
  if (strncmp(name, "__omp_offloading_", 17) != 0)
    return CUDA_ERROR_NOT_FOUND; /* no constructors or other kernels */
  *f = (CUfunction)(uintptr_t)0x3000;
  return CUDA_SUCCESS;
}
CUresult cuModuleGetGlobal_v2(CUdeviceptr *p, size_t *s, CUmodule m, const char *name) {
  (void)p, (void)s, (void)m, (void)name;
  return CUDA_ERROR_NOT_FOUND; /* kernel environments default; no device runtime */
}
CUresult cuFuncGetAttribute(int *v, CUfunction_attribute a, CUfunction f) {
  (void)a, (void)f;
  *v = 1024;
  return CUDA_SUCCESS;
}
CUresult cuFuncSetAttribute(CUfunction f, CUfunction_attribute a, int v) {
  (void)f, (void)a, (void)v;
  return CUDA_SUCCESS;
}
CUresult cuMemAlloc_v2(CUdeviceptr *p, size_t size) {
  void *m = malloc(size);
  if (!m)
    return CUDA_ERROR_OUT_OF_MEMORY;
  memset(m, 0xA5, size); /* never-written device memory is garbage */
  *p = (CUdeviceptr)(uintptr_t)m;
  return CUDA_SUCCESS;
}
CUresult cuMemFree_v2(CUdeviceptr p) { free((void *)(uintptr_t)p); return CUDA_SUCCESS; }
CUresult cuMemAllocHost_v2(void **p, size_t size) {
  *p = malloc(size);
  return *p ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}
CUresult cuMemFreeHost(void *p) { free(p); return CUDA_SUCCESS; }
CUresult cuMemAllocManaged(CUdeviceptr *p, size_t size, unsigned f) {
  (void)f;
  return cuMemAlloc_v2(p, size);
}
CUresult cuMemHostRegister_v2(void *p, size_t s, unsigned f) { (void)p, (void)s, (void)f; return CUDA_SUCCESS; }
CUresult cuMemHostUnregister(void *p) { (void)p; return CUDA_SUCCESS; }
CUresult cuMemGetInfo_v2(size_t *f, size_t *t) { *f = *t = (size_t)1 << 34; return CUDA_SUCCESS; }
CUresult cuMemcpyHtoD_v2(CUdeviceptr d, const void *s, size_t n) {
  memcpy((void *)(uintptr_t)d, s, n);
  return CUDA_SUCCESS;
}
CUresult cuMemcpyDtoH_v2(void *d, CUdeviceptr s, size_t n) {
  memcpy(d, (const void *)(uintptr_t)s, n);
  return CUDA_SUCCESS;
}
/* Pageable source: wait for the stream's earlier work, then stage it. */
CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr d, const void *s, size_t n, CUstream st) {
  if (!st)
    return cuMemcpyHtoD_v2(d, s, n);
  stream_drain(st);
  struct op *op = op_new(OP_COPY);
  op->dst = (void *)(uintptr_t)d;
  op->staged = malloc(n ? n : 1);
  memcpy(op->staged, s, n);
  op->size = n;
  stream_push(st, op);
  return CUDA_SUCCESS;
}
/* Pageable destination: returns once the copy is done. */
CUresult cuMemcpyDtoHAsync_v2(void *d, CUdeviceptr s, size_t n, CUstream st) {
  if (st)
    stream_drain(st);
  memcpy(d, (const void *)(uintptr_t)s, n);
  return CUDA_SUCCESS;
}
CUresult cuMemcpyDtoDAsync_v2(CUdeviceptr d, CUdeviceptr s, size_t n, CUstream st) {
  if (!st) {
    memmove((void *)(uintptr_t)d, (const void *)(uintptr_t)s, n);
    return CUDA_SUCCESS;
  }
  struct op *op = op_new(OP_COPY);
  op->dst = (void *)(uintptr_t)d;
  op->src = (const void *)(uintptr_t)s;
  op->size = n;
  stream_push(st, op);
  return CUDA_SUCCESS;
}
CUresult cuMemcpyPeerAsync(CUdeviceptr d, CUcontext dc, CUdeviceptr s, CUcontext sc, size_t n,
                           CUstream st) {
  (void)dc, (void)sc;
  return cuMemcpyDtoDAsync_v2(d, s, n, st);
}
CUresult cuMemsetD8Async(CUdeviceptr d, unsigned char v, size_t n, CUstream st) {
  if (st)
    stream_drain(st);
  memset((void *)(uintptr_t)d, v, n);
  return CUDA_SUCCESS;
}
CUresult cuStreamCreate(CUstream *ps, unsigned flags) {
  (void)flags;
  pthread_mutex_lock(&driver_lock); /* creation waits for a running callback */
  pthread_mutex_unlock(&driver_lock);
  CUstream s = calloc(1, sizeof(*s));
  pthread_mutex_init(&s->lock, NULL);
  pthread_cond_init(&s->changed, NULL);
  pthread_create(&s->worker, NULL, stream_main, s);
  *ps = s;
  return CUDA_SUCCESS;
}
CUresult cuStreamDestroy_v2(CUstream s) {
  pthread_mutex_lock(&s->lock);
  s->stop = true;
  pthread_cond_broadcast(&s->changed);
  pthread_mutex_unlock(&s->lock);
  pthread_join(s->worker, NULL);
  free(s);
  return CUDA_SUCCESS;
}
CUresult cuStreamSynchronize(CUstream s) {
  if (s)
    stream_drain(s);
  return CUDA_SUCCESS;
}
CUresult cuStreamQuery(CUstream s) {
  pthread_mutex_lock(&s->lock);
  bool idle = s->completed == s->issued;
  pthread_mutex_unlock(&s->lock);
  return idle ? CUDA_SUCCESS : CUDA_ERROR_NOT_READY;
}
CUresult cuStreamWaitEvent(CUstream s, CUevent e, unsigned f) {
  (void)f;
  struct mock_event *ev = (struct mock_event *)e;
  struct op *op = op_new(OP_WAIT);
  op->event = ev;
  pthread_mutex_lock(&ev->lock);
  op->generation = ev->recorded;
  pthread_mutex_unlock(&ev->lock);
  stream_push(s, op);
  return CUDA_SUCCESS;
}
CUresult cuStreamAddCallback(CUstream s, CUstreamCallback cb, void *arg, unsigned f) {
  (void)f;
  struct op *op = op_new(OP_CALLBACK);
  op->callback = cb;
  op->arg = arg;
  stream_push(s, op);
  return CUDA_SUCCESS;
}
CUresult cuLaunchHostFunc(CUstream s, CUhostFn fn, void *arg) {
  struct op *op = op_new(OP_CALLBACK);
  op->hostfn = fn;
  op->arg = arg;
  stream_push(s, op);
  return CUDA_SUCCESS;
}
CUresult cuEventCreate(CUevent *pe, unsigned f) {
  (void)f;
  pthread_mutex_lock(&driver_lock);
  pthread_mutex_unlock(&driver_lock);
  struct mock_event *e = calloc(1, sizeof(*e));
  pthread_mutex_init(&e->lock, NULL);
  pthread_cond_init(&e->fired, NULL);
  *pe = (CUevent)e;
  return CUDA_SUCCESS;
}
CUresult cuEventRecord(CUevent e, CUstream s) {
  struct mock_event *ev = (struct mock_event *)e;
  struct op *op = op_new(OP_RECORD);
  op->event = ev;
  pthread_mutex_lock(&ev->lock);
  op->generation = ++ev->recorded;
  pthread_mutex_unlock(&ev->lock);
  stream_push(s, op);
  return CUDA_SUCCESS;
}
CUresult cuEventDestroy_v2(CUevent e) { (void)e; return CUDA_SUCCESS; } /* may still be waited on */
CUresult cuEventQuery(CUevent e) {
  struct mock_event *ev = (struct mock_event *)e;
  pthread_mutex_lock(&ev->lock);
  bool done = ev->done >= ev->recorded;
  pthread_mutex_unlock(&ev->lock);
  return done ? CUDA_SUCCESS : CUDA_ERROR_NOT_READY;
}
CUresult cuEventSynchronize(CUevent e) {
  struct mock_event *ev = (struct mock_event *)e;
  pthread_mutex_lock(&ev->lock);
  while (ev->done < ev->recorded)
    pthread_cond_wait(&ev->fired, &ev->lock);
  pthread_mutex_unlock(&ev->lock);
  return CUDA_SUCCESS;
}
CUresult cuLaunchKernel(CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                        unsigned by, unsigned bz, unsigned shm, CUstream s, void **params,
                        void **extra) {
  (void)f, (void)gx, (void)gy, (void)gz, (void)bx, (void)by, (void)bz, (void)shm;
  (void)params, (void)extra;
  if (!s)
    return CUDA_SUCCESS;
  stream_push(s, op_new(OP_NOP));
  return CUDA_SUCCESS;
}
CUresult cuPointerGetAttribute(void *data, CUpointer_attribute a, CUdeviceptr p) {
  (void)data, (void)a, (void)p;
  return CUDA_ERROR_NOT_FOUND;
}
CUresult cuDeviceCanAccessPeer(int *can, CUdevice a, CUdevice b) {
  (void)a, (void)b;
  *can = 1;
  return CUDA_SUCCESS;
}
