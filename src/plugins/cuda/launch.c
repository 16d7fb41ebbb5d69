/* launch.c — launch geometry and kernel launch.
 *
 * clang-19 emits, next to each kernel, a global `<kernel>_kernel_environment`
 * (KernelEnvironmentTy: the ConfigurationEnvironmentTy first — generic or
 * SPMD mode, thread and team bounds, reduction buffer sizes). We read it
 * once when the kernel is resolved and choose the geometry as LLVM 19's
 * GenericKernelTy does: 128 threads by default, one extra warp for the main
 * thread of a generic-mode kernel, `num_teams`/`thread_limit` honoured, and
 * for combined loops enough teams for one iteration per thread.
 *
 * Every kernel takes, first, a pointer to its KernelLaunchEnvironmentTy; a
 * kernel whose teams reduce across teams needs a real one (atomic counters
 * and a buffer of ReductionDataSize × ReductionBufferLength bytes), others
 * get ~0, which the device runtime never reads.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_plugin.h"

void omprt_plugin_error(const char *fmt, ...);

/* LLVM 19 ConfigurationEnvironmentTy (offload/include/Shared/Environment.h). */
struct cuda_configuration_environment {
  uint8_t use_generic_state_machine;
  uint8_t may_use_nested_parallelism;
  uint8_t exec_mode;
  int32_t min_threads, max_threads, min_teams, max_teams;
  int32_t reduction_data_size, reduction_buffer_length;
};

struct cuda_launch_environment { /* KernelLaunchEnvironmentTy */
  uint32_t reduction_cnt;
  uint32_t reduction_iter_cnt;
  void *reduction_buffer;
};

enum { EXEC_GENERIC = 1, EXEC_SPMD = 2, EXEC_GENERIC_SPMD = 3 };

#define CUDA_DEFAULT_THREADS 128   /* NVPTX GV_Default_WG_Size */
#define CUDA_DEFAULT_TEAMS 3200    /* NVPTX GV_Default_Num_Teams */

/* LIBOMPTARGET_MIN_THREADS_FOR_LOW_TRIP_COUNT (LLVM 19's, default 32): the
 * fewest threads per block a short SPMD loop is spread over; below that it
 * gets more blocks instead. Read once. */
static uint32_t cuda_min_threads_low_trip(void) {
  static _Atomic long value = -1;
  if (value < 0) {
    long v = cuda_env_long("LIBOMPTARGET_MIN_THREADS_FOR_LOW_TRIP_COUNT", 32);
    value = v > 0 ? v : 32;
  }
  return (uint32_t)value;
}

int cuda_kernel_init(int dev, struct cuda_kernel *k, CUmodule module) {
  char name[512];
  snprintf(name, sizeof(name), "%s_kernel_environment", k->name);
  CUdeviceptr addr;
  size_t size;
  struct cuda_configuration_environment cfg = {.exec_mode = EXEC_SPMD,
                                               .max_threads = -1,
                                               .min_teams = -1,
                                               .max_teams = -1};
  if (cu_cuModuleGetGlobal(&addr, &size, module, name) == CUDA_SUCCESS) {
    if (size < sizeof(cfg)) {
      omprt_plugin_error("%s has %zu bytes, less than clang-19's configuration", name,
                         size);
      return OMPRT_BAD_IMAGE;
    }
    CUDA_CALL("cuMemcpyDtoH(kernel environment)", cu_cuMemcpyDtoH(&cfg, addr, sizeof(cfg)));
  }
  CUDA_TRACE("kernel %s: mode %d, threads [%d, %d], teams [%d, %d], reduction %d x %d",
             k->name, cfg.exec_mode, cfg.min_threads, cfg.max_threads, cfg.min_teams,
             cfg.max_teams, cfg.reduction_data_size, cfg.reduction_buffer_length);
  k->exec_mode = cfg.exec_mode;
  k->max_threads = cfg.max_threads;
  k->min_teams = cfg.min_teams;
  k->max_teams = cfg.max_teams;
  k->reduction_data_size = cfg.reduction_data_size;
  k->reduction_buffer_length = cfg.reduction_buffer_length;
  int func_max = 0;
  CUDA_CALL("cuFuncGetAttribute(max threads)",
            cu_cuFuncGetAttribute(&func_max, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
                                  k->function));
  k->max_threads_per_block = func_max;
  (void)dev;
  return OMPRT_SUCCESS;
}

static uint32_t min_u32(uint32_t a, uint32_t b) { return a < b ? a : b; }

static uint32_t power_of_two_ceil(uint64_t v) {
  uint32_t p = 1;
  while (p < v && p < (1u << 31))
    p <<= 1;
  return p;
}

/* Threads per block (LLVM 19 GenericKernelTy::getNumThreads). */
static uint32_t cuda_num_threads(const struct cuda_device *d, const struct cuda_kernel *k,
                                 uint32_t thread_limit) {
  uint32_t max = min_u32((uint32_t)d->max_threads_per_block,
                         (uint32_t)k->max_threads_per_block);
  if (k->max_threads > 0)
    max = min_u32(max, (uint32_t)k->max_threads);
  bool generic = k->exec_mode == EXEC_GENERIC;
  if (thread_limit > 0) {
    if (generic)
      thread_limit += (uint32_t)d->warp_size;
    return min_u32(max, thread_limit);
  }
  uint32_t preferred = CUDA_DEFAULT_THREADS + (generic ? (uint32_t)d->warp_size : 0);
  return min_u32(max, preferred);
}

/* Blocks (LLVM 19 GenericKernelTy::getNumBlocks); may lower *threads. */
static uint32_t cuda_num_blocks(const struct cuda_device *d, const struct cuda_kernel *k,
                                uint32_t num_teams, uint64_t tripcount, uint32_t *threads,
                                bool threads_from_user) {
  uint32_t limit = (uint32_t)d->max_grid_x;
  if (num_teams > 0)
    return min_u32(num_teams, limit);
  uint64_t default_blocks = CUDA_DEFAULT_TEAMS;
  uint64_t trip_blocks = UINT64_MAX;
  if (tripcount > 0) {
    if (k->exec_mode == EXEC_SPMD) {
      uint32_t min_threads = min_u32(cuda_min_threads_low_trip(), *threads);
      if (tripcount >= default_blocks * *threads || threads_from_user) {
        trip_blocks = (tripcount - 1) / *threads + 1;
      } else if (tripcount >= default_blocks * min_threads) {
        uint64_t per_block = (tripcount + default_blocks - 1) / default_blocks;
        *threads = min_u32(*threads, power_of_two_ceil(per_block));
        trip_blocks = (tripcount - 1) / *threads + 1;
      } else {
        *threads = min_u32(*threads, min_threads);
        trip_blocks = (tripcount - 1) / *threads + 1;
      }
    } else {
      trip_blocks = tripcount; /* one distribute iteration per team */
    }
  }
  uint64_t blocks = trip_blocks < default_blocks ? trip_blocks : default_blocks;
  if (k->max_teams > 0 && blocks > (uint64_t)k->max_teams)
    blocks = (uint64_t)k->max_teams;
  return (uint32_t)(blocks < limit ? blocks : limit);
}

int cuda_launch(int dev, void *kernel, const struct omprt_launch *launch, void *queue) {
  struct cuda_device *d = &cuda_devices[dev];
  struct cuda_kernel *k = kernel;
  struct cuda_queue *q = queue;
  int rc = cuda_enter(dev);
  if (rc)
    return rc;
  CUstream stream = q ? q->stream : NULL;

  uint32_t threads = cuda_num_threads(d, k, launch->thread_limit[0]);
  uint32_t blocks = cuda_num_blocks(d, k, launch->num_teams[0], launch->tripcount, &threads,
                                    launch->thread_limit[0] > 0);

  /* The launch environment (see the top of this file). */
  void *kle = (void *)~(uintptr_t)0;
  void *reduction_buffer = NULL;
  if (!launch->no_launch_environment && k->reduction_data_size > 0 &&
      k->reduction_buffer_length > 0) {
    size_t bytes = (size_t)k->reduction_data_size * (size_t)k->reduction_buffer_length;
    kle = cuda_alloc(dev, sizeof(struct cuda_launch_environment), OMPRT_ALLOC_DEVICE);
    reduction_buffer = cuda_alloc(dev, bytes, OMPRT_ALLOC_DEVICE);
    if (!kle || !reduction_buffer)
      return OMPRT_OUT_OF_MEMORY;
    struct cuda_launch_environment host_kle = {0, 0, reduction_buffer};
    /* From pageable memory the driver stages the bytes before returning. */
    CUDA_CALL("cuMemcpyHtoDAsync(launch environment)",
              cu_cuMemcpyHtoDAsync((CUdeviceptr)(uintptr_t)kle, &host_kle,
                                   sizeof(host_kle), stream));
  }

  static _Atomic long env_shared = -1; /* read once: getenv per launch shows in the round trip */
  if (env_shared < 0)
    env_shared = cuda_env_long("LIBOMPTARGET_SHARED_MEMORY_SIZE", 0);
  size_t dyn_shared = launch->dyn_shared_mem + (size_t)env_shared;
  if (dyn_shared > 48 * 1024) {
    if (dyn_shared > d->max_shared_optin) {
      omprt_plugin_error("kernel %s asks for %zu bytes of dynamic shared memory; the "
                         "device allows %zu", k->name, dyn_shared, d->max_shared_optin);
      return OMPRT_FAIL;
    }
    CUDA_CALL("cuFuncSetAttribute(dynamic shared memory)",
              cu_cuFuncSetAttribute(k->function,
                                    CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                    (int)dyn_shared));
  }

  /* Arguments: one pointer-sized slot each, the launch environment first
   * (none for a kernel of an older compiler). */
  void *small[33];
  size_t first = launch->no_launch_environment ? 0 : 1;
  size_t nslots = (size_t)launch->nargs + first;
  void **params = nslots <= 33 ? small : malloc(sizeof(void *) * (nslots ? nslots : 1));
  if (!params)
    return OMPRT_OUT_OF_MEMORY;
  if (first)
    params[0] = kle;
  memcpy(params + first, launch->args, sizeof(void *) * (size_t)launch->nargs);
  size_t params_size = sizeof(void *) * nslots;
  void *config[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, params, CU_LAUNCH_PARAM_BUFFER_SIZE,
                    &params_size, CU_LAUNCH_PARAM_END};
  CUDA_TRACE("launch %s on device %d: %u x %u, %d args, kle %p, queue %p", k->name, dev,
             blocks, threads, launch->nargs, kle, queue);
  for (int i = 0; i < launch->nargs; i++)
    CUDA_TRACE("  arg %d: %p", i, launch->args[i]);
  CUresult res = cu_cuLaunchKernel(k->function, blocks, 1, 1, threads, 1, 1,
                                   (unsigned)dyn_shared, stream, NULL, config);
  if (params != small)
    free(params);
  if (res != CUDA_SUCCESS) {
    char what[600];
    snprintf(what, sizeof(what), "cuLaunchKernel(%s, %u teams x %u threads)", k->name,
             blocks, threads);
    return cuda_fail(res, what);
  }
  if (reduction_buffer) {
    if (q) {
      cuda_queue_defer_free(q, kle);
      cuda_queue_defer_free(q, reduction_buffer);
    } else {
      CUDA_CALL("cuStreamSynchronize(launch)", cu_cuStreamSynchronize(NULL));
      cuda_free(dev, kle, OMPRT_ALLOC_DEVICE);
      cuda_free(dev, reduction_buffer, OMPRT_ALLOC_DEVICE);
    }
  }
  if (cuda_info_kernel())
    fprintf(stderr, "omptarget: info: CUDA device %d: kernel %s (%s mode) %u teams x %u "
                    "threads, %zu bytes dynamic shared memory\n",
            dev, k->name,
            k->exec_mode == EXEC_GENERIC ? "generic"
            : k->exec_mode == EXEC_SPMD  ? "SPMD"
                                         : "generic-SPMD",
            blocks, threads, dyn_shared);
  return OMPRT_SUCCESS;
}
