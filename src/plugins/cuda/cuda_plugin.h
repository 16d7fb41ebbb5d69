/* cuda_plugin.h — the CUDA plugin's internal header.
 *
 * The plugin drives NVIDIA GPUs through the CUDA Driver API, which it loads
 * at run time (driver.c): nothing needs a GPU or libcuda to build or start.
 * Files: driver.c (dlopen, entry points, errors), device.c (devices,
 * contexts, images, kernels, globals, the device environment), memory.c
 * (allocation with a size-class pool, copies, pinned memory), queue.c (the
 * stream and event pools, completion callbacks), launch.c (launch geometry
 * from clang-19's kernel environment, the launch itself).
 */
#ifndef OMPRT_PLUGIN_CUDA_H
#define OMPRT_PLUGIN_CUDA_H

#include <cuda.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../plugin.h"

/* ---- driver.c: the Driver API, loaded with dlopen -------------------------- */

/* Every entry point we call. cuda.h maps names to their current versioned
 * symbols (cuMemAlloc -> cuMemAlloc_v2); we look up exactly those. */
#define CUDA_REQUIRED_FUNCTIONS(X)                                                 \
  X(cuInit) X(cuDriverGetVersion) X(cuGetErrorName) X(cuGetErrorString)           \
  X(cuDeviceGetCount) X(cuDeviceGet) X(cuDeviceGetAttribute) X(cuDeviceGetName)   \
  X(cuDeviceTotalMem) X(cuDevicePrimaryCtxRetain) X(cuDevicePrimaryCtxGetState)   \
  X(cuDevicePrimaryCtxSetFlags) X(cuCtxSetCurrent) X(cuCtxGetCurrent)             \
  X(cuCtxSetLimit) X(cuCtxGetLimit) X(cuCtxSynchronize) X(cuModuleLoadDataEx)      \
  X(cuModuleUnload) X(cuModuleGetFunction) X(cuModuleGetGlobal) X(cuFuncGetAttribute) \
  X(cuFuncSetAttribute) X(cuMemAlloc) X(cuMemFree) X(cuMemAllocHost)              \
  X(cuMemFreeHost) X(cuMemAllocManaged) X(cuMemHostRegister)                      \
  X(cuMemHostUnregister) X(cuMemGetInfo) X(cuMemcpyHtoDAsync)                     \
  X(cuMemcpyDtoHAsync) X(cuMemcpyDtoDAsync) X(cuMemcpyPeerAsync)                  \
  X(cuMemcpyHtoD) X(cuMemcpyDtoH) X(cuMemsetD8Async) X(cuStreamCreate)            \
  X(cuStreamDestroy) X(cuStreamSynchronize) X(cuStreamQuery) X(cuStreamWaitEvent) \
  X(cuLaunchHostFunc) X(cuEventCreate) X(cuEventRecord) X(cuEventDestroy)         \
  X(cuEventQuery) X(cuEventSynchronize) X(cuLaunchKernel)                         \
  X(cuPointerGetAttribute)

/* Entry points we use when the driver has them. */
#define CUDA_OPTIONAL_FUNCTIONS(X) X(cuStreamAddCallback) X(cuDeviceCanAccessPeer)

#define CUDA_DECLARE_FN(name) extern __typeof__(&name) cu_##name;
CUDA_REQUIRED_FUNCTIONS(CUDA_DECLARE_FN)
CUDA_OPTIONAL_FUNCTIONS(CUDA_DECLARE_FN)
#undef CUDA_DECLARE_FN

/* Load libcuda.so.1 and cuInit; false (quietly) when there is no driver or
 * no usable device. */
bool cuda_driver_load(void);
/* On failure: record "<operation>: CUDA_ERROR_X (text)" for the target
 * layer's message, and return OMPRT_FAIL (or OMPRT_OUT_OF_MEMORY). */
int cuda_fail(CUresult res, const char *operation);
/* Functions a loaded image calls but left undefined ("" when none). */
const char *cuda_unresolved_functions(void);
#define CUDA_CALL(op, call)                                                        \
  do {                                                                             \
    CUresult cuda_call_res_ = (call);                                              \
    if (cuda_call_res_ != CUDA_SUCCESS)                                            \
      return cuda_fail(cuda_call_res_, op);                                        \
  } while (0)
/* LIBOMPTARGET_DEBUG > 0: trace every driver operation to stderr. */
extern bool cuda_trace_on;
#define CUDA_TRACE(...)                                                            \
  do {                                                                             \
    if (cuda_trace_on)                                                             \
      cuda_trace(__VA_ARGS__);                                                     \
  } while (0)
void cuda_trace(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* LIBOMPTARGET_INFO asks for kernel launch diagnostics (LLVM's bit 0x10). */
bool cuda_info_kernel(void);
/* Read a non-negative integer environment variable (fatal when unparsable). */
long cuda_env_long(const char *name, long fallback);

/* ---- device.c ------------------------------------------------------------------- */

struct cuda_pool; /* memory.c */

struct cuda_device {
  CUdevice handle;
  CUcontext context;
  int sm;                   /* compute capability, e.g. 90 */
  int num_sms, warp_size, max_threads_per_block, max_grid_x;
  int max_threads_per_sm, clock_khz;
  size_t max_shared_optin;
  bool pageable_access;     /* kernels may use pageable host memory (HMM/ATS) */  /* dynamic shared memory a block may opt in to */
  char name[256];
  bool initialised;
  pthread_mutex_t lock;     /* stream/event pools, memory pool */
  /* stream pool (queue.c): idle streams, last returned handed out first */
  struct cuda_queue **idle_queues;
  int nidle_queues, cap_idle_queues, total_queues;
  CUevent *idle_events;
  int nidle_events, cap_idle_events, total_events;
  /* one thread at a time grows a pool (outside the lock); the others wait
   * for its streams/events instead of doubling the pool again */
  bool growing_queues, growing_events;
  pthread_cond_t grown;
  struct cuda_pool *pool;   /* memory.c */
};

extern struct cuda_device *cuda_devices;
extern int cuda_num_devices;

/* Make dev's context current on this thread (cached per thread). */
int cuda_enter(int dev);

/* A kernel: its function and what clang-19's kernel environment says. */
struct cuda_kernel {
  CUfunction function;
  const char *name;
  uint8_t exec_mode;        /* 1 generic, 2 SPMD, 3 generic-SPMD */
  int32_t max_threads;      /* from the environment or the function (-1: none) */
  int32_t min_teams, max_teams;
  int32_t reduction_data_size, reduction_buffer_length;
  int max_threads_per_block;/* the function's own limit (registers) */
};

/* ---- queue.c ---------------------------------------------------------------------- */

/* A queue handed to the target layer: one stream and what must wait for it. */
struct cuda_queue {
  CUstream stream;
  int dev;
  void **pending_free;      /* device blocks to free when the stream drains */
  int npending, cap_pending;
};

void cuda_queue_defer_free(struct cuda_queue *q, void *dev_ptr);
int cuda_queue_pools_init(int dev);
int cuda_queue_get(int dev, void **queue);
int cuda_queue_put(int dev, void *queue);
int cuda_queue_sync(int dev, void *queue);
int cuda_queue_query(int dev, void *queue, bool *done);
int cuda_queue_on_done(int dev, void *queue, omprt_done_fn fn, void *arg);
int cuda_event_create(int dev, void **event);
int cuda_event_record(int dev, void *event, void *queue);
int cuda_event_wait(int dev, void *event, void *queue);
int cuda_event_destroy(int dev, void *event);
int cuda_event_query(int dev, void *event, bool *done);
int cuda_event_sync(int dev, void *event);
/* Is the calling thread the driver's callback thread? (No CUDA calls there.) */
bool cuda_in_callback(void);
/* `#pragma omp interop`: the device, its context and the queue's stream. */
int cuda_interop(int dev, void *queue, int *fr_id, void **device, void **context,
                 void **foreign_queue);

/* ---- memory.c --------------------------------------------------------------------- */

int cuda_pool_init(int dev);
void *cuda_alloc(int dev, size_t size, enum omprt_alloc_kind kind);
int cuda_free(int dev, void *ptr, enum omprt_alloc_kind kind);
int cuda_copy_to(int dev, void *dst, const void *src, size_t size, void *queue);
int cuda_copy_from(int dev, void *dst, const void *src, size_t size, void *queue);
int cuda_copy_d2d(int src_dev, const void *src, int dst_dev, void *dst, size_t size,
                  void *queue);
void *cuda_lock_host(int dev, void *ptr, size_t size);
int cuda_unlock_host(int dev, void *ptr);
/* Free blocks whose release was requested on the callback thread. */
void cuda_pool_drain_deferred(int dev);

/* ---- launch.c --------------------------------------------------------------------- */

int cuda_kernel_init(int dev, struct cuda_kernel *k, CUmodule module);
int cuda_launch(int dev, void *kernel, const struct omprt_launch *launch, void *queue);

#endif
