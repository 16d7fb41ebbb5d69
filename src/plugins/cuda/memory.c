/* memory.c — device, host and managed memory; copies.
 *
 * cuMemAlloc/cuMemFree synchronise the device and cost tens of
 * microseconds, so a target task's small allocations (firstprivate copies,
 * mapped scalars, launch environments) must not reach them: blocks up to
 * LIBOMPTARGET_MEMORY_MANAGER_THRESHOLD bytes (default 1 MiB; 0 turns the
 * pool off) come from per-device free lists of power-of-two size classes
 * and go back to them, never to the driver. A block freed on the driver's
 * callback thread (where CUDA calls are forbidden) that is not pooled is
 * released later by a normal thread.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_plugin.h"

#define POOL_MIN_SHIFT 8 /* 256-byte smallest class: CUDA aligns to 256 anyway */
#define POOL_MAX_CLASSES 24

struct cuda_pool {
  size_t threshold;
  void **free_blocks[POOL_MAX_CLASSES]; /* stacks of idle blocks per class */
  int nfree[POOL_MAX_CLASSES], capfree[POOL_MAX_CLASSES];
  /* every pooled block ever made (insert-only open addressing: ptr -> class) */
  uintptr_t *keys;
  uint8_t *classes;
  size_t nkeys, capkeys;
  /* non-pooled frees requested on the callback thread */
  void **deferred;
  int ndeferred, capdeferred;
};

int cuda_pool_init(int dev) {
  struct cuda_pool *p = calloc(1, sizeof(*p));
  if (!p)
    return OMPRT_OUT_OF_MEMORY;
  p->threshold = (size_t)cuda_env_long("LIBOMPTARGET_MEMORY_MANAGER_THRESHOLD", 1 << 20);
  if (p->threshold > ((size_t)1 << (POOL_MIN_SHIFT + POOL_MAX_CLASSES - 1)))
    p->threshold = (size_t)1 << (POOL_MIN_SHIFT + POOL_MAX_CLASSES - 1);
  cuda_devices[dev].pool = p;
  return OMPRT_SUCCESS;
}

static int pool_class(size_t size) {
  int c = 0;
  while (((size_t)1 << (POOL_MIN_SHIFT + c)) < size)
    c++;
  return c;
}

static size_t pool_hash(uintptr_t key, size_t cap) {
  return (size_t)((key >> 8) * 0x9E3779B97F4A7C15ull) & (cap - 1);
}

/* Holds the device lock. */
static bool pool_remember(struct cuda_pool *p, uintptr_t key, int cls) {
  if ((p->nkeys + 1) * 2 > p->capkeys) {
    size_t cap = p->capkeys ? p->capkeys * 2 : 256;
    uintptr_t *keys = calloc(cap, sizeof(*keys));
    uint8_t *classes = calloc(cap, 1);
    if (!keys || !classes) {
      free(keys);
      free(classes);
      return false;
    }
    for (size_t i = 0; i < p->capkeys; i++) {
      if (!p->keys[i])
        continue;
      size_t h = pool_hash(p->keys[i], cap);
      while (keys[h])
        h = (h + 1) & (cap - 1);
      keys[h] = p->keys[i];
      classes[h] = p->classes[i];
    }
    free(p->keys);
    free(p->classes);
    p->keys = keys;
    p->classes = classes;
    p->capkeys = cap;
  }
  size_t h = pool_hash(key, p->capkeys);
  while (p->keys[h])
    h = (h + 1) & (p->capkeys - 1);
  p->keys[h] = key;
  p->classes[h] = (uint8_t)cls;
  p->nkeys++;
  return true;
}

/* The size class of a pooled block, or -1. Holds the device lock. */
static int pool_lookup(struct cuda_pool *p, uintptr_t key) {
  if (!p->capkeys)
    return -1;
  size_t h = pool_hash(key, p->capkeys);
  while (p->keys[h]) {
    if (p->keys[h] == key)
      return p->classes[h];
    h = (h + 1) & (p->capkeys - 1);
  }
  return -1;
}

void cuda_pool_drain_deferred(int dev) {
  struct cuda_device *d = &cuda_devices[dev];
  struct cuda_pool *p = d->pool;
  if (!p || !__atomic_load_n(&p->ndeferred, __ATOMIC_RELAXED))
    return;
  pthread_mutex_lock(&d->lock);
  void **blocks = p->deferred;
  int n = p->ndeferred;
  p->deferred = NULL;
  p->ndeferred = p->capdeferred = 0;
  pthread_mutex_unlock(&d->lock);
  for (int i = 0; i < n; i++)
    cu_cuMemFree((CUdeviceptr)(uintptr_t)blocks[i]);
  free(blocks);
}

static void *cuda_alloc_device(int dev, size_t size) {
  struct cuda_device *d = &cuda_devices[dev];
  struct cuda_pool *p = d->pool;
  cuda_pool_drain_deferred(dev);
  if (size <= p->threshold) {
    int cls = pool_class(size);
    pthread_mutex_lock(&d->lock);
    if (p->nfree[cls]) {
      void *block = p->free_blocks[cls][--p->nfree[cls]];
      pthread_mutex_unlock(&d->lock);
      return block;
    }
    pthread_mutex_unlock(&d->lock);
    CUdeviceptr mem;
    CUresult res = cu_cuMemAlloc(&mem, (size_t)1 << (POOL_MIN_SHIFT + cls));
    if (res != CUDA_SUCCESS) {
      cuda_fail(res, "cuMemAlloc");
      return NULL;
    }
    pthread_mutex_lock(&d->lock);
    bool ok = pool_remember(p, (uintptr_t)mem, cls);
    pthread_mutex_unlock(&d->lock);
    if (!ok) {
      cu_cuMemFree(mem);
      return NULL;
    }
    return (void *)(uintptr_t)mem;
  }
  CUdeviceptr mem;
  CUresult res = cu_cuMemAlloc(&mem, size);
  if (res != CUDA_SUCCESS) {
    cuda_fail(res, "cuMemAlloc");
    return NULL;
  }
  return (void *)(uintptr_t)mem;
}

void *cuda_alloc(int dev, size_t size, enum omprt_alloc_kind kind) {
  CUDA_TRACE("alloc on device %d: %zu bytes, kind %d", dev, size, (int)kind);
  if (cuda_enter(dev))
    return NULL;
  if (size == 0)
    size = 1;
  void *mem = NULL;
  CUresult res;
  switch (kind) {
  case OMPRT_ALLOC_HOST:
    if ((res = cu_cuMemAllocHost(&mem, size)) != CUDA_SUCCESS) {
      cuda_fail(res, "cuMemAllocHost");
      return NULL;
    }
    return mem;
  case OMPRT_ALLOC_SHARED: {
    CUdeviceptr m;
    if ((res = cu_cuMemAllocManaged(&m, size, CU_MEM_ATTACH_GLOBAL)) != CUDA_SUCCESS) {
      cuda_fail(res, "cuMemAllocManaged");
      return NULL;
    }
    return (void *)(uintptr_t)m;
  }
  default:
    return cuda_alloc_device(dev, size);
  }
}

int cuda_free(int dev, void *ptr, enum omprt_alloc_kind kind) {
  struct cuda_device *d = &cuda_devices[dev];
  struct cuda_pool *p = d->pool;
  if (!ptr)
    return OMPRT_SUCCESS;
  if (kind == OMPRT_ALLOC_HOST) {
    int rc = cuda_enter(dev);
    if (rc)
      return rc;
    CUDA_CALL("cuMemFreeHost", cu_cuMemFreeHost(ptr));
    return OMPRT_SUCCESS;
  }
  pthread_mutex_lock(&d->lock);
  int cls = kind == OMPRT_ALLOC_SHARED ? -1 : pool_lookup(p, (uintptr_t)ptr);
  if (cls >= 0) {
    if (p->nfree[cls] == p->capfree[cls]) {
      int cap = p->capfree[cls] ? p->capfree[cls] * 2 : 16;
      void **grown = realloc(p->free_blocks[cls], sizeof(void *) * (size_t)cap);
      if (!grown) {
        pthread_mutex_unlock(&d->lock);
        return OMPRT_OUT_OF_MEMORY; /* the block leaks; nothing breaks */
      }
      p->free_blocks[cls] = grown;
      p->capfree[cls] = cap;
    }
    p->free_blocks[cls][p->nfree[cls]++] = ptr;
    pthread_mutex_unlock(&d->lock);
    return OMPRT_SUCCESS;
  }
  if (cuda_in_callback()) {
    if (p->ndeferred == p->capdeferred) {
      int cap = p->capdeferred ? p->capdeferred * 2 : 16;
      void **grown = realloc(p->deferred, sizeof(void *) * (size_t)cap);
      if (!grown) {
        pthread_mutex_unlock(&d->lock);
        return OMPRT_OUT_OF_MEMORY;
      }
      p->deferred = grown;
      p->capdeferred = cap;
    }
    p->deferred[p->ndeferred++] = ptr;
    pthread_mutex_unlock(&d->lock);
    return OMPRT_SUCCESS;
  }
  pthread_mutex_unlock(&d->lock);
  int rc = cuda_enter(dev);
  if (rc)
    return rc;
  CUDA_CALL("cuMemFree", cu_cuMemFree((CUdeviceptr)(uintptr_t)ptr));
  return OMPRT_SUCCESS;
}

static CUstream cuda_stream_of(void *queue) {
  return queue ? ((struct cuda_queue *)queue)->stream : NULL;
}

int cuda_copy_to(int dev, void *dst, const void *src, size_t size, void *queue) {
  CUDA_TRACE("copy to device %d: %zu bytes %p -> %p (queue %p)", dev, size, src, dst, queue);
  int rc = cuda_enter(dev);
  if (rc)
    return rc;
  if (queue)
    CUDA_CALL("cuMemcpyHtoDAsync", cu_cuMemcpyHtoDAsync((CUdeviceptr)(uintptr_t)dst, src,
                                                        size, cuda_stream_of(queue)));
  else
    CUDA_CALL("cuMemcpyHtoD", cu_cuMemcpyHtoD((CUdeviceptr)(uintptr_t)dst, src, size));
  return OMPRT_SUCCESS;
}

int cuda_copy_from(int dev, void *dst, const void *src, size_t size, void *queue) {
  CUDA_TRACE("copy from device %d: %zu bytes %p -> %p (queue %p)", dev, size, src, dst, queue);
  int rc = cuda_enter(dev);
  if (rc)
    return rc;
  if (queue)
    CUDA_CALL("cuMemcpyDtoHAsync", cu_cuMemcpyDtoHAsync(dst, (CUdeviceptr)(uintptr_t)src,
                                                        size, cuda_stream_of(queue)));
  else
    CUDA_CALL("cuMemcpyDtoH", cu_cuMemcpyDtoH(dst, (CUdeviceptr)(uintptr_t)src, size));
  return OMPRT_SUCCESS;
}

int cuda_copy_d2d(int src_dev, const void *src, int dst_dev, void *dst, size_t size,
                  void *queue) {
  int rc = cuda_enter(src_dev);
  if (rc)
    return rc;
  CUstream stream = cuda_stream_of(queue);
  CUresult res;
  if (src_dev == dst_dev)
    res = cu_cuMemcpyDtoDAsync((CUdeviceptr)(uintptr_t)dst, (CUdeviceptr)(uintptr_t)src,
                               size, stream);
  else
    res = cu_cuMemcpyPeerAsync((CUdeviceptr)(uintptr_t)dst, cuda_devices[dst_dev].context,
                               (CUdeviceptr)(uintptr_t)src, cuda_devices[src_dev].context,
                               size, stream);
  if (res != CUDA_SUCCESS)
    return cuda_fail(res, "cuMemcpyDtoDAsync/cuMemcpyPeerAsync");
  if (!queue)
    CUDA_CALL("cuStreamSynchronize(copy)", cu_cuStreamSynchronize(NULL));
  return OMPRT_SUCCESS;
}

void *cuda_lock_host(int dev, void *ptr, size_t size) {
  if (cuda_enter(dev))
    return NULL;
  CUresult res = cu_cuMemHostRegister(ptr, size, CU_MEMHOSTREGISTER_PORTABLE);
  if (res != CUDA_SUCCESS && res != CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED) {
    cuda_fail(res, "cuMemHostRegister");
    return NULL;
  }
  return ptr; /* unified addressing: the device sees the same address */
}

int cuda_unlock_host(int dev, void *ptr) {
  int rc = cuda_enter(dev);
  if (rc)
    return rc;
  CUresult res = cu_cuMemHostUnregister(ptr);
  if (res != CUDA_SUCCESS && res != CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED)
    return cuda_fail(res, "cuMemHostUnregister");
  return OMPRT_SUCCESS;
}
