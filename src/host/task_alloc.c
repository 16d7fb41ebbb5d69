/* task_alloc.c — memory for tasks and dependence records.
 *
 * Tasks and their dependence nodes are made by one thread and often freed
 * by another; through malloc that pair contends on the allocator's arena
 * lock (23% of the time in a dependence-heavy benchmark). Here each thread
 * keeps free lists per size class; a block freed by another thread is
 * pushed, lock-free, on its owner's remote list, which the owner takes back
 * whole when its local list runs dry. Blocks too large for a class, and
 * frees from threads the runtime does not know, fall back to malloc's path.
 */
#include <stdlib.h>
#include <string.h>

#include "runtime.h"

#define OMP_MEM_CLASSES 6 /* 64, 128, 256, 512, 1 K, 2 K bytes */
#define OMP_MEM_CACHE_MAX 1024 /* blocks kept per class and thread */
#define OMP_MEM_NO_CLASS 0xff

struct omp_mem_cache;

/* Precedes every block; 16 bytes so the memory after it keeps malloc's
 * 16-byte alignment (struct omp_task needs it). */
struct omp_mem_block {
  union {
    struct omp_mem_block *next;  /* while free */
    struct omp_mem_cache *owner; /* while in use */
  };
  uint32_t cls;
  uint32_t pad;
};

struct omp_mem_cache {
  struct omp_mem_block *local[OMP_MEM_CLASSES];
  int nlocal[OMP_MEM_CLASSES];
  struct omp_mem_block *_Atomic remote[OMP_MEM_CLASSES];
};

static size_t omp_mem_class_size(unsigned cls) { return (size_t)64 << cls; }

static unsigned omp_mem_class(size_t size) {
  for (unsigned c = 0; c < OMP_MEM_CLASSES; c++)
    if (size <= omp_mem_class_size(c))
      return c;
  return OMP_MEM_NO_CLASS;
}

static struct omp_mem_cache *omp_mem_my_cache(void) {
  struct omp_thread *th = omp_self_tls;
  if (!th)
    return NULL;
  if (OMP_UNLIKELY(!th->mem_cache))
    th->mem_cache = calloc(1, sizeof(struct omp_mem_cache));
  return th->mem_cache;
}

void *omp_task_mem_alloc(size_t size) {
  unsigned cls = omp_mem_class(size);
  struct omp_mem_cache *cache = cls == OMP_MEM_NO_CLASS ? NULL : omp_mem_my_cache();
  struct omp_mem_block *b = NULL;
  if (cache) {
    b = cache->local[cls];
    if (!b && atomic_load_explicit(&cache->remote[cls], memory_order_relaxed)) {
      /* Take back everything other threads freed for us, at once. Not
       * counted: walking the list is a cache miss per block (the freeing
       * thread wrote each), and the cap only bounds what local frees keep. */
      b = atomic_exchange_explicit(&cache->remote[cls], NULL, memory_order_acquire);
    }
    if (b) {
      struct omp_mem_block *next = b->next;
      cache->local[cls] = next;
      if (cache->nlocal[cls] > 0)
        cache->nlocal[cls]--;
      /* The next allocation's block is likely in another core's cache (a
       * thief freed it): start fetching it, for writing, now. */
      if (next)
        __builtin_prefetch(next, 1);
    }
  }
  if (!b) {
    size_t payload = cls == OMP_MEM_NO_CLASS ? size : omp_mem_class_size(cls);
    b = malloc(sizeof(*b) + payload);
    if (!b)
      return NULL;
    b->cls = cache ? cls : OMP_MEM_NO_CLASS;
  }
  b->owner = cache;
  return b + 1;
}

/* anywhere: the block goes to its owner's remote list even when the
 * calling thread is the owner, so a free from a signal handler cannot break
 * the owner's local lists under an allocation it interrupted. */
static void omp_task_mem_release(void *ptr, bool anywhere) {
  if (!ptr)
    return;
  struct omp_mem_block *b = (struct omp_mem_block *)ptr - 1;
  struct omp_mem_cache *owner = b->owner;
  unsigned cls = b->cls;
  if (cls == OMP_MEM_NO_CLASS || !owner) {
    free(b);
    return;
  }
  struct omp_thread *th = omp_self_tls;
  if (!anywhere && th && th->mem_cache == owner) {
    if (owner->nlocal[cls] >= OMP_MEM_CACHE_MAX) {
      free(b);
      return;
    }
    b->next = owner->local[cls];
    owner->local[cls] = b;
    owner->nlocal[cls]++;
    return;
  }
  /* Another thread's block: give it back to its owner without a lock. */
  struct omp_mem_block *head = atomic_load_explicit(&owner->remote[cls], memory_order_relaxed);
  do
    b->next = head;
  while (!atomic_compare_exchange_weak_explicit(&owner->remote[cls], &head, b,
                                                memory_order_release, memory_order_relaxed));
}

void omp_task_mem_free(void *ptr) { omp_task_mem_release(ptr, false); }
void omp_task_mem_free_anywhere(void *ptr) { omp_task_mem_release(ptr, true); }
