/* mock_driver.c — a CPU stand-in for libcuda.so.1, so CI (which has no GPU)
 * exercises the CUDA plugin: device discovery, image loading, the memory
 * pool, copies, kernels, the stream and event pools, completion callbacks.
 *
 * Device memory is host memory. Each stream is a worker thread running its
 * operations in order. Like the real driver: one driver thread
 * runs every stream callback and the stream waits for it; an asynchronous
 * copy from or to pageable memory first waits for the stream's earlier work
 * (cuMemcpyHtoDAsync stages the source, cuMemcpyDtoHAsync returns when the
 * copy is done); a stream waiting for an event waits for the record that
 * was the event's latest when the wait was issued; and the thread that
 * runs callbacks holds the driver's own lock meanwhile, which calls that
 * create streams or events also take — so a callback that waits for a lock
 * whose holder is creating a stream deadlocks, as deferred regions did on a
 * real GPU when the stream pool grew under load.
 *
 * Kernels run on the CPU: cuModuleGetFunction finds the host version of the
 * target region, the function clang-19 emits under the kernel's own name as
 * a local symbol of the executable (mock_kernels.c reads the ELF .symtab of
 * /proc/self/exe). A launch on a stream calls it on the stream's worker
 * thread, in stream order, with the kernel's arguments minus the implicit
 * first one (the launch environment); since device pointers are host
 * pointers, the region computes on the mapped "device" copies as the GPU
 * would, and a missing copy-in, an early copy-back or a wrongly ordered
 * dependence shows up as a wrong result. The arguments come from `extra`
 * (CU_LAUNCH_PARAM_BUFFER_POINTER: one 8-byte slot each, as the plugin
 * passes them), at most MOCK_MAX_KERNEL_ARGS after the first; `kernelParams`
 * is refused for such kernels (the mock cannot know their count). A kernel
 * with no host function (clang inlined it into its caller: build the host
 * side with -O0) is a no-op that takes 20 µs, quietly.
 *
 * Environment (read once):
 *   MOCK_CUDA_DELAY_US=N  sleep a uniformly random 0..N µs before each
 *                         stream operation, so that work on different
 *                         streams interleaves differently from run to run
 *                         and a missing dependence between streams gives
 *                         wrong results instead of passing by luck.
 *   MOCK_CUDA_CALLS=1     at exit, print to stderr one line per entry point
 *                         called: `mock: calls <name> <count>`.
 *   MOCK_CUDA_FAULT=<n>   the n-th kernel run faults (illegal address): a
 *                         sticky error, as on a GPU (mock_fault_plan).
 *   MOCK_CUDA_FAIL=<entry point>:<n>[+]:<CUresult>
 *                         the n-th call of that entry point (with `+`, it
 *                         and every later one) fails with that error, so
 *                         tests see how the plugin reports driver errors.
 *   MOCK_CUDA_STATS=1     at exit, print to stderr
 *                         `mock: streams=S events=E kernels=K noop_kernels=N
 *                         modules=M unloaded=U` (streams and events created,
 *                         launches run on the host, launches with no host
 *                         function, modules loaded and unloaded).
 */
#include <cuda.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "mock_kernels.h"

enum op_kind { OP_COPY, OP_NOP, OP_KERNEL, OP_CALLBACK, OP_RECORD, OP_WAIT };

/* One cuEventRecord: fired once the stream reaches it. Waiters hold on to
 * the record they wait for, so a later record of the same event (a reused
 * event, on another stream) neither releases them early nor late. */
struct mock_record {
  bool fired;
  int refs; /* the event's latest, pending record ops, waiters; under the event's lock */
};

struct mock_event {
  pthread_mutex_t lock;
  pthread_cond_t fired;
  struct mock_record *latest; /* NULL: never recorded (counts as fired) */
};

struct CUfunc_st {
  mock_host_fn host; /* NULL: a no-op kernel */
  struct CUfunc_st *next; /* the module's functions */
};

struct CUmod_st {
  pthread_mutex_t lock;
  struct CUfunc_st *functions; /* freed with the module */
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
  struct mock_record *record; /* OP_RECORD: fires it; OP_WAIT: waits for it */
  mock_host_fn kernel;
  int nargs;
  uintptr_t args[MOCK_MAX_KERNEL_ARGS];
};

struct CUstream_st {
  pthread_mutex_t lock;
  pthread_cond_t changed;
  struct op *head, *tail;
  uint64_t issued, completed;
  bool stop;
  pthread_t worker;
  unsigned delay_seed; /* rand_r state of this stream's worker */
};

/* ---- settings and statistics ----------------------------------------------------- */

static long delay_max_us; /* MOCK_CUDA_DELAY_US */
static atomic_long streams_created, events_created, kernels_run, kernels_noop;
static atomic_long modules_loaded, modules_unloaded;
static atomic_uint stream_serial;

__attribute__((constructor)) static void mock_settings(void) {
  const char *delay = getenv("MOCK_CUDA_DELAY_US");
  if (delay && *delay)
    delay_max_us = strtol(delay, NULL, 10);
  if (delay_max_us < 0)
    delay_max_us = 0;
}

__attribute__((destructor)) static void mock_print_stats(void) {
  const char *stats = getenv("MOCK_CUDA_STATS");
  if (!stats || !*stats || strcmp(stats, "0") == 0)
    return;
  fprintf(stderr, "mock: streams=%ld events=%ld kernels=%ld noop_kernels=%ld modules=%ld "
          "unloaded=%ld\n", atomic_load(&streams_created), atomic_load(&events_created),
          atomic_load(&kernels_run), atomic_load(&kernels_noop),
          atomic_load(&modules_loaded), atomic_load(&modules_unloaded));
}

/* How often each entry point was called (MOCK_CUDA_CALLS, mock_cuda_calls).
 * Each function's counter is a static of its own, linked into a list at its
 * first call. */
struct call_count {
  const char *name;
  atomic_long calls;
  struct call_count *next;
  atomic_flag listed;
};
static _Atomic(struct call_count *) call_counts;

/* MOCK_CUDA_FAIL=<entry point>:<n>[+]:<CUresult>: the n-th call (1-based)
 * of that entry point, or with `+` that call and every later one, returns
 * the error instead of doing anything. Read once. */
static struct {
  char name[64];
  long first;
  bool onwards;
  CUresult error;
} fail_plan;

__attribute__((constructor)) static void mock_fail_plan(void) {
  const char *plan = getenv("MOCK_CUDA_FAIL");
  if (!plan || !*plan)
    return;
  const char *colon = strchr(plan, ':');
  char *end;
  if (colon && (size_t)(colon - plan) < sizeof fail_plan.name) {
    long first = strtol(colon + 1, &end, 10);
    bool onwards = *end == '+';
    if (onwards)
      end++;
    if (first > 0 && *end == ':') {
      long error = strtol(end + 1, &end, 10);
      if (error > 0 && !*end) {
        memcpy(fail_plan.name, plan, (size_t)(colon - plan));
        fail_plan.first = first, fail_plan.onwards = onwards;
        fail_plan.error = (CUresult)error;
        return;
      }
    }
  }
  fprintf(stderr, "mock: MOCK_CUDA_FAIL='%s': want <entry point>:<n>[+]:<CUresult>\n", plan);
  exit(2);
}

/* MOCK_CUDA_FAULT=<n>: the n-th kernel a stream runs faults (an illegal
 * address) instead of running. As on a GPU the error is sticky: later
 * kernels and copies do nothing, every entry point but the error-name
 * ones returns it (a synchronisation after the work it waits for), stream
 * callbacks are passed it, and host functions are no longer called. */
static long fault_at;
static atomic_long kernels_started;
static _Atomic CUresult sticky_error = CUDA_SUCCESS;

__attribute__((constructor)) static void mock_fault_plan(void) {
  const char *fault = getenv("MOCK_CUDA_FAULT");
  if (fault && *fault)
    fault_at = strtol(fault, NULL, 10);
}

/* On a stream's worker, before a kernel: true when it must not run. */
static bool kernel_faults(void) {
  if (!fault_at)
    return false;
  if (atomic_fetch_add(&kernels_started, 1) + 1 == fault_at)
    atomic_store(&sticky_error, CUDA_ERROR_ILLEGAL_ADDRESS);
  return atomic_load(&sticky_error) != CUDA_SUCCESS;
}

/* Counts the call; the error MOCK_CUDA_FAIL plans for it, else success. */
static CUresult count_call(struct call_count *counter) {
  long call = atomic_fetch_add_explicit(&counter->calls, 1, memory_order_relaxed) + 1;
  if (!atomic_flag_test_and_set(&counter->listed)) {
    counter->next = atomic_load(&call_counts);
    while (!atomic_compare_exchange_weak(&call_counts, &counter->next, counter))
      ;
  }
  if (fail_plan.first && strcmp(counter->name, fail_plan.name) == 0 &&
      (call == fail_plan.first || (fail_plan.onwards && call > fail_plan.first)))
    return fail_plan.error;
  /* After a fault: not the error names, not making a context current, and
   * the synchronisations after they have waited. */
  static const char *const unaffected[] = {"cuGetErrorName", "cuGetErrorString",
                                           "cuCtxSetCurrent", "cuCtxGetCurrent",
                                           "cuStreamSynchronize", "cuEventSynchronize",
                                           "cuCtxSynchronize"};
  for (size_t i = 0; i < sizeof unaffected / sizeof *unaffected; i++)
    if (strcmp(counter->name, unaffected[i]) == 0)
      return CUDA_SUCCESS;
  return atomic_load(&sticky_error);
}
#define MOCK_CALL() \
  do { \
    static struct call_count counter_ = {.name = __func__}; \
    CUresult planned_ = count_call(&counter_); \
    if (planned_ != CUDA_SUCCESS) \
      return planned_; \
  } while (0)

static int by_name(const void *a, const void *b) {
  return strcmp((*(struct call_count *const *)a)->name, (*(struct call_count *const *)b)->name);
}

/* For test programs, found with dlsym: every entry point called so far and
 * its count, at most `max` of them; returns how many. */
__attribute__((visibility("default"))) int mock_cuda_calls(const char **names, long *counts,
                                                           int max) {
  int count = 0;
  for (struct call_count *c = atomic_load(&call_counts); c && count < max; c = c->next) {
    names[count] = c->name;
    counts[count++] = atomic_load(&c->calls);
  }
  return count;
}

__attribute__((destructor)) static void mock_print_calls(void) {
  const char *calls = getenv("MOCK_CUDA_CALLS");
  if (!calls || !*calls || strcmp(calls, "0") == 0)
    return;
  struct call_count *sorted[128];
  size_t count = 0;
  for (struct call_count *c = atomic_load(&call_counts); c && count < 128; c = c->next)
    sorted[count++] = c;
  qsort(sorted, count, sizeof *sorted, by_name);
  for (size_t i = 0; i < count; i++)
    fprintf(stderr, "mock: calls %s %ld\n", sorted[i]->name, atomic_load(&sorted[i]->calls));
}

/* Called with the event's lock held. */
static void record_release(struct mock_record *r) {
  if (--r->refs == 0)
    free(r);
}

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
      item->op->callback(item->stream, atomic_load(&sticky_error), item->op->arg);
    else if (atomic_load(&sticky_error) == CUDA_SUCCESS)
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
    if (delay_max_us)
      usleep((useconds_t)(rand_r(&s->delay_seed) % (delay_max_us + 1)));
    switch (op->kind) {
    case OP_COPY:
      if (atomic_load(&sticky_error) == CUDA_SUCCESS)
        memcpy(op->dst, op->staged ? op->staged : op->src, op->size);
      break;
    case OP_NOP:
      if (!kernel_faults())
        usleep(20); /* a kernel takes a while */
      break;
    case OP_KERNEL:
      if (!kernel_faults())
        mock_call_host_function(op->kernel, op->nargs, op->args);
      break;
    case OP_CALLBACK:
      cb_run(s, op);
      break;
    case OP_RECORD:
      pthread_mutex_lock(&op->event->lock);
      op->record->fired = true;
      record_release(op->record);
      pthread_cond_broadcast(&op->event->fired);
      pthread_mutex_unlock(&op->event->lock);
      break;
    case OP_WAIT:
      if (!op->record)
        break; /* the event was never recorded */
      pthread_mutex_lock(&op->event->lock);
      while (!op->record->fired)
        pthread_cond_wait(&op->event->fired, &op->event->lock);
      record_release(op->record);
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

CUresult cuInit(unsigned flags) { MOCK_CALL(); (void)flags; return CUDA_SUCCESS; }
CUresult cuDriverGetVersion(int *v) { MOCK_CALL(); *v = 13000; return CUDA_SUCCESS; }
CUresult cuGetErrorName(CUresult e, const char **s) { MOCK_CALL();
  static const struct {
    CUresult code;
    const char *name;
  } names[] = {
      {CUDA_SUCCESS, "CUDA_SUCCESS"},
      {CUDA_ERROR_INVALID_VALUE, "CUDA_ERROR_INVALID_VALUE"},
      {CUDA_ERROR_OUT_OF_MEMORY, "CUDA_ERROR_OUT_OF_MEMORY"},
      {CUDA_ERROR_NOT_READY, "CUDA_ERROR_NOT_READY"},
      {CUDA_ERROR_NOT_FOUND, "CUDA_ERROR_NOT_FOUND"},
      {CUDA_ERROR_INVALID_IMAGE, "CUDA_ERROR_INVALID_IMAGE"},
      {CUDA_ERROR_ILLEGAL_ADDRESS, "CUDA_ERROR_ILLEGAL_ADDRESS"},
      {CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES, "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES"},
      {CUDA_ERROR_LAUNCH_FAILED, "CUDA_ERROR_LAUNCH_FAILED"},
  };
  *s = "CUDA_ERROR_MOCK";
  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    if (names[i].code == e)
      *s = names[i].name;
  return CUDA_SUCCESS;
}
CUresult cuGetErrorString(CUresult e, const char **s) { MOCK_CALL(); return cuGetErrorName(e, s); }
CUresult cuDeviceGetCount(int *n) { MOCK_CALL(); *n = 1; return CUDA_SUCCESS; }
CUresult cuDeviceGet(CUdevice *d, int i) { MOCK_CALL(); *d = i; return CUDA_SUCCESS; }
CUresult cuDeviceGetAttribute(int *v, CUdevice_attribute a, CUdevice d) { MOCK_CALL();
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
CUresult cuDeviceGetName(char *name, int len, CUdevice d) { MOCK_CALL();
  (void)d;
  strncpy(name, "Mock GPU (CPU)", (size_t)len);
  return CUDA_SUCCESS;
}
CUresult cuDeviceTotalMem_v2(size_t *b, CUdevice d) { MOCK_CALL(); (void)d; *b = (size_t)1 << 34; return CUDA_SUCCESS; }
CUresult cuDevicePrimaryCtxRetain(CUcontext *c, CUdevice d) { MOCK_CALL();
  *c = (CUcontext)(uintptr_t)(0x1000 + d);
  return CUDA_SUCCESS;
}
CUresult cuDevicePrimaryCtxGetState(CUdevice d, unsigned *f, int *active) { MOCK_CALL();
  (void)d;
  *f = 0;
  *active = 0;
  return CUDA_SUCCESS;
}
CUresult cuDevicePrimaryCtxSetFlags_v2(CUdevice d, unsigned f) { MOCK_CALL(); (void)d, (void)f; return CUDA_SUCCESS; }
static __thread CUcontext current;
CUresult cuCtxSetCurrent(CUcontext c) { MOCK_CALL(); current = c; return CUDA_SUCCESS; }
CUresult cuCtxGetCurrent(CUcontext *c) { MOCK_CALL(); *c = current; return CUDA_SUCCESS; }
CUresult cuCtxSetLimit(CUlimit l, size_t v) { MOCK_CALL(); (void)l, (void)v; return CUDA_SUCCESS; }
CUresult cuCtxGetLimit(size_t *v, CUlimit l) { MOCK_CALL(); (void)l; *v = 8u << 20; return CUDA_SUCCESS; }
CUresult cuCtxSynchronize(void) { MOCK_CALL(); return atomic_load(&sticky_error); }
CUresult cuModuleLoadDataEx(CUmodule *m, const void *image, unsigned n, CUjit_option *o,
                            void **v) { MOCK_CALL();
  (void)n, (void)o, (void)v;
  /* Cubins are ELF, as the driver checks first. */
  if (!image || memcmp(image, "\x7f" "ELF", 4) != 0)
    return CUDA_ERROR_INVALID_IMAGE;
  /* A real allocation per module: unloading one twice, or one never
   * loaded, is a double free the sanitizer tests catch. */
  struct CUmod_st *module = calloc(1, sizeof(*module));
  if (!module)
    return CUDA_ERROR_OUT_OF_MEMORY;
  pthread_mutex_init(&module->lock, NULL);
  *m = module;
  atomic_fetch_add(&modules_loaded, 1);
  return CUDA_SUCCESS;
}
/* Its functions go with it, as in the driver. */
/* bench/cuda's programs load their cubin with the option-less form. */
CUresult cuModuleLoadData(CUmodule *m, const void *image) { MOCK_CALL();
  return cuModuleLoadDataEx(m, image, 0, NULL, NULL);
}
CUresult cuModuleUnload(CUmodule m) { MOCK_CALL();
  for (struct CUfunc_st *f = m->functions, *next; f; f = next) {
    next = f->next;
    free(f);
  }
  pthread_mutex_destroy(&m->lock);
  free(m);
  atomic_fetch_add(&modules_unloaded, 1);
  return CUDA_SUCCESS;
}
CUresult cuModuleGetFunction(CUfunction *f, CUmodule m, const char *name) { MOCK_CALL();
  /* Target regions, and bench/cuda's hand-written kernels (no-ops here, so
   * those programs run their paths on the mock and report wrong results);
   * no constructors or other kernels. */
  static const char *const baselines[] = {"b14_region", "empty_kernel", "triad"};
  bool known = strncmp(name, "__omp_offloading_", 17) == 0;
  for (size_t i = 0; !known && i < sizeof baselines / sizeof *baselines; i++)
    known = strcmp(name, baselines[i]) == 0;
  if (!known)
    return CUDA_ERROR_NOT_FOUND;
  struct CUfunc_st *function = malloc(sizeof(*function));
  if (!function)
    return CUDA_ERROR_OUT_OF_MEMORY;
  function->host = mock_host_function(name);
  pthread_mutex_lock(&m->lock);
  function->next = m->functions;
  m->functions = function;
  pthread_mutex_unlock(&m->lock);
  *f = function;
  return CUDA_SUCCESS;
}
CUresult cuModuleGetGlobal_v2(CUdeviceptr *p, size_t *s, CUmodule m, const char *name) { MOCK_CALL();
  (void)p, (void)s, (void)m, (void)name;
  return CUDA_ERROR_NOT_FOUND; /* kernel environments default; no device runtime */
}
CUresult cuFuncGetAttribute(int *v, CUfunction_attribute a, CUfunction f) { MOCK_CALL();
  (void)a, (void)f;
  *v = 1024;
  return CUDA_SUCCESS;
}
CUresult cuFuncSetAttribute(CUfunction f, CUfunction_attribute a, int v) { MOCK_CALL();
  (void)f, (void)a, (void)v;
  return CUDA_SUCCESS;
}
CUresult cuMemAlloc_v2(CUdeviceptr *p, size_t size) { MOCK_CALL();
  void *m = malloc(size);
  if (!m)
    return CUDA_ERROR_OUT_OF_MEMORY;
  memset(m, 0xA5, size); /* never-written device memory is garbage */
  *p = (CUdeviceptr)(uintptr_t)m;
  return CUDA_SUCCESS;
}
CUresult cuMemFree_v2(CUdeviceptr p) { MOCK_CALL(); free((void *)(uintptr_t)p); return CUDA_SUCCESS; }
CUresult cuMemAllocHost_v2(void **p, size_t size) { MOCK_CALL();
  *p = malloc(size);
  return *p ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}
CUresult cuMemFreeHost(void *p) { MOCK_CALL(); free(p); return CUDA_SUCCESS; }
CUresult cuMemAllocManaged(CUdeviceptr *p, size_t size, unsigned f) { MOCK_CALL();
  (void)f;
  return cuMemAlloc_v2(p, size);
}
CUresult cuMemHostRegister_v2(void *p, size_t s, unsigned f) { MOCK_CALL(); (void)p, (void)s, (void)f; return CUDA_SUCCESS; }
CUresult cuMemHostUnregister(void *p) { MOCK_CALL(); (void)p; return CUDA_SUCCESS; }
CUresult cuMemGetInfo_v2(size_t *f, size_t *t) { MOCK_CALL(); *f = *t = (size_t)1 << 34; return CUDA_SUCCESS; }
CUresult cuMemcpyHtoD_v2(CUdeviceptr d, const void *s, size_t n) { MOCK_CALL();
  memcpy((void *)(uintptr_t)d, s, n);
  return CUDA_SUCCESS;
}
CUresult cuMemcpyDtoH_v2(void *d, CUdeviceptr s, size_t n) { MOCK_CALL();
  memcpy(d, (const void *)(uintptr_t)s, n);
  return CUDA_SUCCESS;
}
/* Pageable source: wait for the stream's earlier work, then stage it. */
CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr d, const void *s, size_t n, CUstream st) { MOCK_CALL();
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
CUresult cuMemcpyDtoHAsync_v2(void *d, CUdeviceptr s, size_t n, CUstream st) { MOCK_CALL();
  if (st)
    stream_drain(st);
  memcpy(d, (const void *)(uintptr_t)s, n);
  return CUDA_SUCCESS;
}
CUresult cuMemcpyDtoDAsync_v2(CUdeviceptr d, CUdeviceptr s, size_t n, CUstream st) { MOCK_CALL();
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
                           CUstream st) { MOCK_CALL();
  (void)dc, (void)sc;
  return cuMemcpyDtoDAsync_v2(d, s, n, st);
}
CUresult cuMemsetD8Async(CUdeviceptr d, unsigned char v, size_t n, CUstream st) { MOCK_CALL();
  if (st)
    stream_drain(st);
  memset((void *)(uintptr_t)d, v, n);
  return CUDA_SUCCESS;
}
CUresult cuStreamCreate(CUstream *ps, unsigned flags) { MOCK_CALL();
  (void)flags;
  pthread_mutex_lock(&driver_lock); /* creation waits for a running callback */
  pthread_mutex_unlock(&driver_lock);
  CUstream s = calloc(1, sizeof(*s));
  atomic_fetch_add(&streams_created, 1);
  /* Different delays on every stream and in every run. */
  s->delay_seed = (unsigned)time(NULL) ^ (atomic_fetch_add(&stream_serial, 1) * 2654435761u);
  pthread_mutex_init(&s->lock, NULL);
  pthread_cond_init(&s->changed, NULL);
  pthread_create(&s->worker, NULL, stream_main, s);
  *ps = s;
  return CUDA_SUCCESS;
}
CUresult cuStreamDestroy_v2(CUstream s) { MOCK_CALL();
  pthread_mutex_lock(&s->lock);
  s->stop = true;
  pthread_cond_broadcast(&s->changed);
  pthread_mutex_unlock(&s->lock);
  pthread_join(s->worker, NULL);
  free(s);
  return CUDA_SUCCESS;
}
CUresult cuStreamSynchronize(CUstream s) { MOCK_CALL();
  if (s)
    stream_drain(s);
  return atomic_load(&sticky_error);
}
CUresult cuStreamQuery(CUstream s) { MOCK_CALL();
  pthread_mutex_lock(&s->lock);
  bool idle = s->completed == s->issued;
  pthread_mutex_unlock(&s->lock);
  return idle ? CUDA_SUCCESS : CUDA_ERROR_NOT_READY;
}
CUresult cuStreamWaitEvent(CUstream s, CUevent e, unsigned f) { MOCK_CALL();
  (void)f;
  struct mock_event *ev = (struct mock_event *)e;
  struct op *op = op_new(OP_WAIT);
  op->event = ev;
  pthread_mutex_lock(&ev->lock);
  op->record = ev->latest;
  if (op->record)
    op->record->refs++;
  pthread_mutex_unlock(&ev->lock);
  stream_push(s, op);
  return CUDA_SUCCESS;
}
CUresult cuStreamAddCallback(CUstream s, CUstreamCallback cb, void *arg, unsigned f) { MOCK_CALL();
  (void)f;
  struct op *op = op_new(OP_CALLBACK);
  op->callback = cb;
  op->arg = arg;
  stream_push(s, op);
  return CUDA_SUCCESS;
}
CUresult cuLaunchHostFunc(CUstream s, CUhostFn fn, void *arg) { MOCK_CALL();
  struct op *op = op_new(OP_CALLBACK);
  op->hostfn = fn;
  op->arg = arg;
  stream_push(s, op);
  return CUDA_SUCCESS;
}
CUresult cuEventCreate(CUevent *pe, unsigned f) { MOCK_CALL();
  (void)f;
  pthread_mutex_lock(&driver_lock);
  pthread_mutex_unlock(&driver_lock);
  struct mock_event *e = calloc(1, sizeof(*e));
  atomic_fetch_add(&events_created, 1);
  pthread_mutex_init(&e->lock, NULL);
  pthread_cond_init(&e->fired, NULL);
  *pe = (CUevent)e;
  return CUDA_SUCCESS;
}
CUresult cuEventRecord(CUevent e, CUstream s) { MOCK_CALL();
  struct mock_event *ev = (struct mock_event *)e;
  struct op *op = op_new(OP_RECORD);
  struct mock_record *r = calloc(1, sizeof(*r));
  op->event = ev;
  op->record = r;
  pthread_mutex_lock(&ev->lock);
  r->refs = 2; /* the event's latest, the record op */
  if (ev->latest)
    record_release(ev->latest);
  ev->latest = r;
  pthread_mutex_unlock(&ev->lock);
  stream_push(s, op);
  return CUDA_SUCCESS;
}
CUresult cuEventDestroy_v2(CUevent e) { MOCK_CALL(); (void)e; return CUDA_SUCCESS; } /* may still be waited on */
CUresult cuEventQuery(CUevent e) { MOCK_CALL();
  struct mock_event *ev = (struct mock_event *)e;
  pthread_mutex_lock(&ev->lock);
  bool done = !ev->latest || ev->latest->fired;
  pthread_mutex_unlock(&ev->lock);
  return done ? CUDA_SUCCESS : CUDA_ERROR_NOT_READY;
}
CUresult cuEventSynchronize(CUevent e) { MOCK_CALL();
  struct mock_event *ev = (struct mock_event *)e;
  pthread_mutex_lock(&ev->lock);
  struct mock_record *r = ev->latest;
  if (r) {
    r->refs++;
    while (!r->fired)
      pthread_cond_wait(&ev->fired, &ev->lock);
    record_release(r);
  }
  pthread_mutex_unlock(&ev->lock);
  return atomic_load(&sticky_error);
}
/* The argument buffer of `extra` (CU_LAUNCH_PARAM_BUFFER_POINTER/SIZE). */
static CUresult launch_buffer(void **extra, const uintptr_t **buffer, size_t *size) {
  *buffer = NULL;
  *size = 0;
  for (size_t i = 0; extra && extra[i] != CU_LAUNCH_PARAM_END; i += 2) {
    if (extra[i] == CU_LAUNCH_PARAM_BUFFER_POINTER)
      *buffer = extra[i + 1];
    else if (extra[i] == CU_LAUNCH_PARAM_BUFFER_SIZE)
      *size = *(const size_t *)extra[i + 1];
    else
      return CUDA_ERROR_INVALID_VALUE;
  }
  return *buffer || !*size ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult cuLaunchKernel(CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                        unsigned by, unsigned bz, unsigned shm, CUstream s, void **params,
                        void **extra) { MOCK_CALL();
  (void)gx, (void)gy, (void)gz, (void)bx, (void)by, (void)bz, (void)shm;
  if (!f->host) {
    atomic_fetch_add(&kernels_noop, 1);
    if (s)
      stream_push(s, op_new(OP_NOP));
    return CUDA_SUCCESS;
  }
  if (params) {
    fprintf(stderr, "mock: cuLaunchKernel with kernelParams: the mock runs kernels only "
                    "with an argument buffer in `extra`\n");
    return CUDA_ERROR_NOT_SUPPORTED;
  }
  const uintptr_t *slots;
  size_t size;
  CUresult res = launch_buffer(extra, &slots, &size);
  /* One 8-byte slot per argument, the launch environment first. */
  size_t nslots = size / sizeof(uintptr_t);
  if (res != CUDA_SUCCESS || size % sizeof(uintptr_t) || nslots < 1 ||
      nslots - 1 > MOCK_MAX_KERNEL_ARGS) {
    fprintf(stderr, "mock: cuLaunchKernel: %zu bytes of arguments; want 8 per argument, "
                    "the launch environment and at most %d more\n", size,
            MOCK_MAX_KERNEL_ARGS);
    return CUDA_ERROR_INVALID_VALUE;
  }
  struct op *op = op_new(OP_KERNEL);
  if (!op)
    return CUDA_ERROR_OUT_OF_MEMORY;
  op->kernel = f->host;
  op->nargs = (int)(nslots - 1);
  memcpy(op->args, slots + 1, sizeof(uintptr_t) * (nslots - 1));
  atomic_fetch_add(&kernels_run, 1);
  if (!s) { /* the legacy stream: the plugin's streams do not block on it */
    mock_call_host_function(op->kernel, op->nargs, op->args);
    free(op);
    return CUDA_SUCCESS;
  }
  stream_push(s, op);
  return CUDA_SUCCESS;
}
CUresult cuPointerGetAttribute(void *data, CUpointer_attribute a, CUdeviceptr p) { MOCK_CALL();
  (void)data, (void)a, (void)p;
  return CUDA_ERROR_NOT_FOUND;
}
CUresult cuDeviceCanAccessPeer(int *can, CUdevice a, CUdevice b) { MOCK_CALL();
  (void)a, (void)b;
  *can = 1;
  return CUDA_SUCCESS;
}
