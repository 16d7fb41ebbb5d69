/* alloc.c — OpenMP memory management: allocators, memory spaces and the
 * omp_alloc family (OpenMP 5.2 §6.2–6.13), with the __kmpc_ forms clang-19
 * emits for `allocate` clauses, `allocate` directives and `uses_allocators`.
 *
 * Where it sits: user code and compiler-generated code call in directly. The
 * default allocator is the def-allocator-var ICV, carried per task in
 * struct omp_icvs (0 there means "not set since the initial task": the
 * device-wide value env.c parsed from OMP_ALLOCATOR applies).
 *
 * Handles. A predefined allocator is one of omp.h's small integers (below
 * OMP_ALLOC_PREDEFINED_LIMIT, LLVM's kmp_max_mem_alloc); any other handle
 * points to the struct omp_allocator that omp_init_allocator built.
 *
 * Blocks. Host memory is handed out with a struct omp_block header right
 * before the returned pointer (as LLVM's kmp_mem_desc_t), so omp_free and
 * omp_realloc find the serving allocator, the underlying block and the
 * requested size even when given omp_null_allocator. Target memory (the
 * llvm_omp_target_* allocators and memory spaces, served by libomptarget when
 * it is loaded) may not be host-accessible, so it carries no header: like
 * LLVM, it must be freed naming its allocator.
 *
 * Memory spaces on the host. There is one kind of host memory here: the
 * default, large-capacity, constant and low-latency spaces are all served by
 * malloc. High-bandwidth memory cannot be detected without libmemkind (which
 * we do not use): omp_init_allocator(omp_high_bw_mem_space) returns
 * omp_null_allocator as LLVM does without memkind, and the predefined
 * omp_high_bw_mem_alloc serves default memory after a one-time warning.
 * The access and partition traits are accepted and validated; they change
 * nothing for host memory. Pinned allocators take whole pages from mmap and
 * mlock them (and register them with libomptarget when it is loaded); when
 * mlock is refused (RLIMIT_MEMLOCK) the memory is served unpinned with a
 * one-time warning.
 */
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "runtime.h"

/* Handles below this are predefined allocators (LLVM: kmp_max_mem_alloc). */
#define OMP_ALLOC_PREDEFINED_LIMIT 1024
/* Every block is at least as aligned as malloc's own result. */
#define OMP_ALLOC_MIN_ALIGN _Alignof(max_align_t)
/* allocator_fb chains longer than this are taken to be a loop. */
#define OMP_ALLOC_MAX_FALLBACK_DEPTH 32

#define OMP_ALLOCATOR_MAGIC 0x4f4d5041u /* live struct omp_allocator */
#define OMP_BLOCK_MAGIC 0x424c4b21u     /* live struct omp_block */

/* A user-created allocator: the traits omp_init_allocator validated. */
struct omp_allocator {
  uint32_t magic;             /* OMP_ALLOCATOR_MAGIC until destroyed */
  omp_memspace_handle_t memspace;
  size_t alignment;           /* alignment trait (1 when unset) */
  uint64_t pool_size;         /* 0: unlimited */
  _Atomic uint64_t pool_used; /* bytes of live blocks counted in the pool */
  int fallback;               /* omp_atv_*_fb */
  omp_allocator_handle_t fb_data;
  bool pinned;
  int sync_hint, access, partition; /* validated; no effect on host memory */
} OMP_ALIGNED_CACHE; /* pool_used is hit by every thread: a line of its own */

#define OMP_BLOCK_MMAP 0x1         /* pages from mmap: munmap them */
#define OMP_BLOCK_POOLED 0x2       /* counted in the allocator's pool */
#define OMP_BLOCK_TARGET_LOCKED 0x4 /* registered with libomptarget */

/* The header right before every host block we return. */
struct omp_block {
  void *base;           /* start of what the memory source gave us */
  size_t size;          /* bytes the caller asked for */
  size_t span;          /* bytes taken from the memory source */
  omp_allocator_handle_t allocator; /* the allocator that served it */
  uint32_t flags;       /* OMP_BLOCK_* */
  int32_t lock_device;  /* device of a target lock */
  uint32_t magic;       /* OMP_BLOCK_MAGIC while live */
  uint32_t unused;
};
_Static_assert(sizeof(struct omp_block) % OMP_ALLOC_MIN_ALIGN == 0,
               "the header keeps malloc's alignment");

/* One allocation request as the entry point received it (for messages). */
struct omp_request {
  const char *routine;
  size_t nmemb;   /* calloc's element count; 1 otherwise */
  size_t size;    /* bytes (per element for calloc) */
  size_t align;   /* requested alignment; 0 when none */
  bool overflow;  /* nmemb * size does not fit in size_t */
};

/* ---- libomptarget's memory routines, looked up once -------------------- */

enum { OMP_TARGET_HOST, OMP_TARGET_SHARED, OMP_TARGET_DEVICE };

static struct {
  void *(*alloc[3])(size_t size, int device);
  void (*free[3])(void *ptr, int device);
  void *(*lock)(void *ptr, size_t size, int device);
  void (*unlock)(void *ptr, int device);
  bool available; /* all six alloc/free routines are there */
} omp_target_mem;
static pthread_once_t omp_target_mem_once = PTHREAD_ONCE_INIT;

/* As LLVM's __kmp_init_target_mem: whichever libomptarget is in the process
 * (ours or LLVM's) provides these; without one there is no target memory. */
static void omp_target_mem_lookup(void) {
  static const char *const alloc_names[3] = {"llvm_omp_target_alloc_host",
                                             "llvm_omp_target_alloc_shared",
                                             "llvm_omp_target_alloc_device"};
  static const char *const free_names[3] = {"llvm_omp_target_free_host",
                                            "llvm_omp_target_free_shared",
                                            "llvm_omp_target_free_device"};
  bool all = true;
  for (int i = 0; i < 3; i++) {
    *(void **)&omp_target_mem.alloc[i] = dlsym(RTLD_DEFAULT, alloc_names[i]);
    *(void **)&omp_target_mem.free[i] = dlsym(RTLD_DEFAULT, free_names[i]);
    all = all && omp_target_mem.alloc[i] && omp_target_mem.free[i];
  }
  omp_target_mem.available = all;
  *(void **)&omp_target_mem.lock = dlsym(RTLD_DEFAULT, "llvm_omp_target_lock_mem");
  *(void **)&omp_target_mem.unlock = dlsym(RTLD_DEFAULT, "llvm_omp_target_unlock_mem");
  if (!omp_target_mem.lock || !omp_target_mem.unlock)
    omp_target_mem.lock = NULL, omp_target_mem.unlock = NULL;
}

static bool omp_target_mem_available(void) {
  pthread_once(&omp_target_mem_once, omp_target_mem_lookup);
  return omp_target_mem.available;
}

/* ---- handles --------------------------------------------------------------- */

static bool omp_is_predefined(omp_allocator_handle_t h) {
  return (uintptr_t)h < OMP_ALLOC_PREDEFINED_LIMIT;
}

static bool omp_is_known_predefined(omp_allocator_handle_t h) {
  return (h >= omp_default_mem_alloc && h <= omp_thread_mem_alloc) ||
         (h >= llvm_omp_target_host_mem_alloc && h <= llvm_omp_target_device_mem_alloc);
}

static bool omp_is_target_space(omp_memspace_handle_t ms) {
  return ms == llvm_omp_target_host_mem_space ||
         ms == llvm_omp_target_shared_mem_space ||
         ms == llvm_omp_target_device_mem_space;
}

/* A user allocator handle, checked: a destroyed or made-up handle stops the
 * program with a message rather than corrupting memory. */
static struct omp_allocator *omp_allocator_of(omp_allocator_handle_t h,
                                              const char *routine) {
  struct omp_allocator *al = (struct omp_allocator *)(uintptr_t)h;
  if (al->magic != OMP_ALLOCATOR_MAGIC)
    omp_fatal(NULL, "%s: allocator handle %#lx is not a live allocator "
                    "(destroyed, or not returned by omp_init_allocator)",
              routine, (unsigned long)h);
  return al;
}

/* def-allocator-var of the current task. */
static omp_allocator_handle_t omp_default_allocator(void) {
  uintptr_t h = omp_self()->task->icvs.default_allocator;
  if (h == 0)
    h = omp_global.default_allocator;
  return h ? (omp_allocator_handle_t)h : omp_default_mem_alloc;
}

/* A predefined allocator we serve differently from what its name promises:
 * say so once per allocator, not on every call as LLVM does. */
static void omp_note_substitute(omp_allocator_handle_t h) {
  static _Atomic uint32_t noted; /* bit per predefined allocator */
  uint32_t bit;
  const char *what;
  if (h == omp_high_bw_mem_alloc) {
    bit = 1u << 0;
    what = "omp_high_bw_mem_alloc: no high-bandwidth memory is known to the "
           "runtime; serving default memory";
  } else if (h >= llvm_omp_target_host_mem_alloc &&
             h <= llvm_omp_target_device_mem_alloc) {
    bit = 1u << (1 + (h - llvm_omp_target_host_mem_alloc));
    what = h == llvm_omp_target_host_mem_alloc
               ? "llvm_omp_target_host_mem_alloc: no offload runtime is loaded; "
                 "serving default host memory"
           : h == llvm_omp_target_shared_mem_alloc
               ? "llvm_omp_target_shared_mem_alloc: no offload runtime is loaded; "
                 "serving default host memory"
               : "llvm_omp_target_device_mem_alloc: no offload runtime is "
                 "loaded; the host is the only device, serving default host memory";
  } else {
    return;
  }
  if (!(atomic_fetch_or(&noted, bit) & bit))
    omp_warn("%s", what);
}

/* ---- memory sources ---------------------------------------------------------- */

/* Whole pages, locked in RAM when the system lets us. */
/* `bytes` rounded up to whole pages; 0 when that overflows. */
static size_t omp_page_round(size_t bytes) {
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  return bytes > SIZE_MAX - page ? 0 : (bytes + page - 1) & ~(page - 1);
}

static void *omp_pinned_pages(size_t *span) {
  *span = omp_page_round(*span);
  if (*span == 0)
    return NULL;
  void *base = mmap(NULL, *span, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (base == MAP_FAILED)
    return NULL;
  if (mlock(base, *span) != 0) {
    static _Atomic bool warned;
    int err = errno;
    if (!atomic_exchange(&warned, true))
      omp_warn("pinned allocator: mlock of %zu bytes failed (%s; see "
               "RLIMIT_MEMLOCK); serving unpinned memory", *span, strerror(err));
  }
  return base;
}

/* Size, with header and alignment slack, of a block for `size` bytes at
 * `align`; 0 when it does not fit in size_t. */
/* 0 past PTRDIFF_MAX, which no allocation can have: such a request fails
 * here rather than in malloc (whose checking replacements abort on it). */
static size_t omp_block_span(size_t size, size_t align) {
  size_t slack = sizeof(struct omp_block) + (align - OMP_ALLOC_MIN_ALIGN);
  return size > (size_t)PTRDIFF_MAX - slack ? 0 : size + slack;
}

/* Carve the aligned user pointer out of [base, base+span) and record how to
 * give it back. */
static void *omp_block_init(void *base, size_t span, size_t size, size_t align,
                            omp_allocator_handle_t served_by, uint32_t flags) {
  uintptr_t user = ((uintptr_t)base + sizeof(struct omp_block) + align - 1) &
                   ~(uintptr_t)(align - 1);
  struct omp_block *b = (struct omp_block *)user - 1;
  b->base = base;
  b->size = size;
  b->span = span;
  b->allocator = served_by;
  b->flags = flags;
  b->lock_device = 0;
  b->magic = OMP_BLOCK_MAGIC;
  b->unused = 0;
  return (void *)user;
}

/* Host memory for `size` bytes at `align` from malloc or pinned pages,
 * header included; NULL when the system has none. */
static void *omp_host_block(const struct omp_request *rq, size_t align,
                            bool pinned, omp_allocator_handle_t served_by,
                            uint32_t flags) {
  size_t span = rq->overflow ? 0 : omp_block_span(rq->nmemb * rq->size, align);
  if (span == 0)
    return NULL;
  void *base;
  if (pinned) {
    base = omp_pinned_pages(&span);
    flags |= OMP_BLOCK_MMAP;
  } else {
    base = malloc(span);
  }
  if (!base)
    return NULL;
  void *user = omp_block_init(base, span, rq->nmemb * rq->size, align,
                              served_by, flags);
  if (pinned && omp_target_mem_available() && omp_target_mem.lock) {
    struct omp_block *b = (struct omp_block *)user - 1;
    b->lock_device = omp_self()->task->icvs.default_device;
    if (omp_target_mem.lock(base, span, b->lock_device))
      b->flags |= OMP_BLOCK_TARGET_LOCKED;
  }
  return user;
}

static void omp_host_block_release(struct omp_block *b) {
  void *base = b->base;
  size_t span = b->span;
  if (b->flags & OMP_BLOCK_TARGET_LOCKED)
    omp_target_mem.unlock(base, b->lock_device);
  b->magic = 0; /* a second free is caught, not a double free() */
  if (b->flags & OMP_BLOCK_MMAP)
    munmap(base, span); /* also unlocks */
  else
    free(base);
}

/* Memory from libomptarget, no header (it may not be host-accessible). */
static void *omp_target_block(int kind, const struct omp_request *rq) {
  if (rq->overflow)
    return NULL;
  return omp_target_mem.alloc[kind](rq->nmemb * rq->size,
                                    omp_self()->task->icvs.default_device);
}

/* ---- allocation ------------------------------------------------------------------ */

static void *omp_allocate(omp_allocator_handle_t h, const struct omp_request *rq,
                          int depth);

/* Reserve `bytes` in a pool; false when it would overflow pool_size. A CAS
 * loop, so concurrent requests never fail spuriously. */
static bool omp_pool_reserve(struct omp_allocator *al, uint64_t bytes) {
  uint64_t used = atomic_load_explicit(&al->pool_used, memory_order_relaxed);
  do {
    if (bytes > al->pool_size || used > al->pool_size - bytes)
      return false;
  } while (!atomic_compare_exchange_weak_explicit(
      &al->pool_used, &used, used + bytes, memory_order_relaxed,
      memory_order_relaxed));
  return true;
}

static void omp_pool_unreserve(struct omp_allocator *al, uint64_t bytes) {
  atomic_fetch_sub_explicit(&al->pool_used, bytes, memory_order_relaxed);
}

/* The allocator could not serve the request: apply its fallback trait. */
static void *omp_fallback(omp_allocator_handle_t h, struct omp_allocator *al,
                          const struct omp_request *rq, size_t align, int depth,
                          bool pool_full) {
  switch (al->fallback) {
  case omp_atv_null_fb:
    return NULL;
  case omp_atv_abort_fb: {
    char why[160];
    if (rq->overflow)
      snprintf(why, sizeof(why), "%zu x %zu bytes overflows size_t", rq->nmemb,
               rq->size);
    else if (pool_full)
      snprintf(why, sizeof(why), "its pool_size of %llu bytes is exhausted "
               "(%llu in use)", (unsigned long long)al->pool_size,
               (unsigned long long)atomic_load(&al->pool_used));
    else
      snprintf(why, sizeof(why), "the system has no memory left");
    omp_fatal(NULL, "%s: cannot allocate %zu bytes with allocator %#lx: %s; "
                    "its fallback trait is abort_fb",
              rq->routine, rq->nmemb * rq->size, (unsigned long)h, why);
  }
  case omp_atv_allocator_fb:
    if (depth >= OMP_ALLOC_MAX_FALLBACK_DEPTH)
      omp_fatal(NULL, "%s: the fb_data allocators of allocator %#lx form a "
                      "loop", rq->routine, (unsigned long)h);
    return omp_allocate(al->fb_data, rq, depth + 1);
  default: { /* omp_atv_default_mem_fb: default memory, request's alignment */
    struct omp_request fb = *rq;
    fb.align = align;
    return omp_allocate(omp_default_mem_alloc, &fb, depth + 1);
  }
  }
}

static void *omp_allocate_custom(omp_allocator_handle_t h,
                                 const struct omp_request *rq, int depth) {
  struct omp_allocator *al = omp_allocator_of(h, rq->routine);
  if (omp_is_target_space(al->memspace)) /* init checked availability */
    return omp_target_block((int)(al->memspace - llvm_omp_target_host_mem_space), rq);
  size_t align = OMP_ALLOC_MIN_ALIGN;
  if (al->alignment > align)
    align = al->alignment;
  if (rq->align > align)
    align = rq->align;
  /* A pool is charged what a block takes from memory, its header and
   * alignment slack (and pinned pages' rounding) included, as LLVM's is: two
   * halves of a pool do not both fit in it. */
  uint64_t bytes = rq->overflow ? 0 : omp_block_span(rq->nmemb * rq->size, align);
  if (bytes && al->pinned)
    bytes = omp_page_round(bytes);
  uint32_t flags = 0;
  if (al->pool_size) {
    if (bytes == 0 || !omp_pool_reserve(al, bytes))
      return omp_fallback(h, al, rq, align, depth, bytes != 0);
    flags |= OMP_BLOCK_POOLED;
  }
  void *p = omp_host_block(rq, align, al->pinned, h, flags);
  if (p)
    return p;
  if (flags & OMP_BLOCK_POOLED)
    omp_pool_unreserve(al, bytes);
  return omp_fallback(h, al, rq, align, depth, false);
}

/* Serve `rq` from allocator `h`; depth counts allocator_fb hops. */
static void *omp_allocate(omp_allocator_handle_t h, const struct omp_request *rq,
                          int depth) {
  if (rq->nmemb == 0 || rq->size == 0)
    return NULL; /* OpenMP: a zero-size request returns NULL */
  if (rq->align & (rq->align - 1)) {
    omp_warn("%s: alignment %zu is not a power of two", rq->routine, rq->align);
    return NULL;
  }
  if (h == omp_null_allocator)
    h = omp_default_allocator();
  if (!omp_is_predefined(h))
    return omp_allocate_custom(h, rq, depth);
  if (!omp_is_known_predefined(h)) {
    omp_warn("%s: %lu is not a predefined allocator handle", rq->routine,
             (unsigned long)h);
    return NULL;
  }
  if (h >= llvm_omp_target_host_mem_alloc) {
    if (omp_target_mem_available())
      return omp_target_block((int)(h - llvm_omp_target_host_mem_alloc), rq);
    omp_note_substitute(h); /* no device: the host memory is the memory */
  } else if (h == omp_high_bw_mem_alloc) {
    omp_note_substitute(h);
  }
  /* Predefined allocators fall back to default memory, which is what they
   * just failed on: the fallback is null. */
  size_t align = rq->align > OMP_ALLOC_MIN_ALIGN ? rq->align : OMP_ALLOC_MIN_ALIGN;
  return omp_host_block(rq, align, false, h, 0);
}

static void *omp_allocate_entry(const char *routine, size_t nmemb, size_t size,
                                size_t align, omp_allocator_handle_t h) {
  struct omp_request rq = {routine, nmemb, size, align, false};
  size_t total;
  rq.overflow = __builtin_mul_overflow(nmemb, size, &total);
  return omp_allocate(h, &rq, 0);
}

/* ---- deallocation ------------------------------------------------------------- */

/* Target memory of allocator h (no header), or -1 when h serves host memory.
 * Without libomptarget every allocator serves host memory. */
static int omp_target_kind_of(omp_allocator_handle_t h, const char *routine) {
  if (h == omp_null_allocator || !omp_target_mem_available())
    return -1;
  if (omp_is_predefined(h))
    return h >= llvm_omp_target_host_mem_alloc && h <= llvm_omp_target_device_mem_alloc
               ? (int)(h - llvm_omp_target_host_mem_alloc) : -1;
  struct omp_allocator *al = omp_allocator_of(h, routine);
  return omp_is_target_space(al->memspace)
             ? (int)(al->memspace - llvm_omp_target_host_mem_space) : -1;
}

static struct omp_block *omp_block_of(void *ptr, const char *routine) {
  struct omp_block *b = (struct omp_block *)ptr - 1;
  if (b->magic != OMP_BLOCK_MAGIC)
    omp_fatal(NULL, "%s: %p was not returned by an OpenMP allocation routine, "
                    "or was already freed", routine, ptr);
  return b;
}

static void omp_deallocate(void *ptr, omp_allocator_handle_t h,
                           const char *routine) {
  if (!ptr)
    return;
  int kind = omp_target_kind_of(h, routine);
  if (kind >= 0) {
    omp_target_mem.free[kind](ptr, omp_self()->task->icvs.default_device);
    return;
  }
  struct omp_block *b = omp_block_of(ptr, routine);
  if (b->flags & OMP_BLOCK_POOLED)
    omp_pool_unreserve(omp_allocator_of(b->allocator, routine), b->span);
  omp_host_block_release(b);
}

static void *omp_reallocate(void *ptr, size_t size, omp_allocator_handle_t h,
                            omp_allocator_handle_t free_h) {
  static const char routine[] = "omp_realloc";
  if (size == 0) {
    omp_deallocate(ptr, free_h, routine);
    return NULL;
  }
  if (!ptr)
    return omp_allocate_entry(routine, 1, size, 0, h);
  if (omp_target_kind_of(free_h, routine) >= 0 ||
      (h != omp_null_allocator && omp_target_kind_of(h, routine) >= 0)) {
    omp_warn("%s: target memory cannot be reallocated (its size is not known "
             "on the host); use omp_alloc, copy, and omp_free", routine);
    return NULL;
  }
  struct omp_block *old = omp_block_of(ptr, routine);
  /* OpenMP: a null allocator means the one ptr came from. */
  omp_allocator_handle_t to = h != omp_null_allocator ? h : old->allocator;
  size_t keep = old->size < size ? old->size : size;
  /* Within one pool the old block's bytes count toward the new one, as in
   * libgomp: a block of a nearly full pool can still grow into the space
   * it gives back. (The host block goes back to its own allocator, whatever
   * free_h says.) */
  struct omp_allocator *pool = NULL;
  if ((old->flags & OMP_BLOCK_POOLED) && to == old->allocator) {
    pool = omp_allocator_of(to, routine);
    omp_pool_unreserve(pool, old->span);
  }
  void *fresh = omp_allocate_entry(routine, 1, size, 0, to);
  if (!fresh) {
    if (pool) /* ptr stays valid, and counted again */
      atomic_fetch_add_explicit(&pool->pool_used, old->span, memory_order_relaxed);
    return NULL;
  }
  memcpy(fresh, ptr, keep);
  if (pool)
    old->flags &= ~OMP_BLOCK_POOLED; /* uncounted above */
  omp_deallocate(ptr, free_h, routine);
  return fresh;
}

/* ---- allocators ----------------------------------------------------------------- */

static const char *omp_trait_name(int key) {
  static const char *const names[] = {"?", "sync_hint", "alignment", "access",
                                      "pool_size", "fallback", "fb_data",
                                      "pinned", "partition"};
  return key >= 1 && key <= 8 ? names[key] : "unknown";
}

/* Apply one trait to al; false when the key or value is not valid. */
static bool omp_trait_apply(struct omp_allocator *al, omp_alloctrait_t t) {
  uintptr_t v = t.value;
  if (v == omp_atv_default && t.key != omp_atk_fb_data && t.key != omp_atk_pool_size)
    return t.key >= omp_atk_sync_hint && t.key <= omp_atk_partition;
  switch (t.key) {
  case omp_atk_sync_hint:
    al->sync_hint = (int)v;
    return v >= omp_atv_contended && v <= omp_atv_private;
  case omp_atk_alignment:
    al->alignment = v;
    return v != 0 && (v & (v - 1)) == 0;
  case omp_atk_access:
    al->access = (int)v;
    return v == omp_atv_all || v == omp_atv_cgroup || v == omp_atv_pteam ||
           v == omp_atv_thread;
  case omp_atk_pool_size:
    /* 0 and omp_atv_default mean no limit, as in LLVM */
    al->pool_size = v == omp_atv_default ? 0 : v;
    return true;
  case omp_atk_fallback:
    al->fallback = (int)v;
    return v >= omp_atv_default_mem_fb && v <= omp_atv_allocator_fb;
  case omp_atk_fb_data:
    al->fb_data = v == omp_atv_default ? omp_null_allocator
                                       : (omp_allocator_handle_t)v;
    return true;
  case omp_atk_pinned:
    al->pinned = v == omp_atv_true;
    return v == omp_atv_true || v == omp_atv_false;
  case omp_atk_partition:
    al->partition = (int)v;
    return v >= omp_atv_environment && v <= omp_atv_interleaved;
  default:
    return false;
  }
}

static bool omp_memspace_valid(omp_memspace_handle_t ms) {
  return ms <= omp_low_lat_mem_space || omp_is_target_space(ms);
}

omp_allocator_handle_t omp_allocator_build(const char *routine, omp_memspace_handle_t ms,
                                           int ntraits, const omp_alloctrait_t *traits) {
  if (!omp_memspace_valid(ms)) {
    omp_warn("%s: %lu is not a memory space handle", routine, (unsigned long)ms);
    return omp_null_allocator;
  }
  if (ntraits < 0 || (ntraits > 0 && !traits)) {
    omp_warn("%s: %d traits at %p", routine, ntraits, (const void *)traits);
    return omp_null_allocator;
  }
  if (ms == omp_high_bw_mem_space)
    return omp_null_allocator; /* no HBW memory known; LLVM does the same */
  if (omp_is_target_space(ms) && !omp_target_mem_available())
    return omp_null_allocator; /* no offload runtime loaded */
  struct omp_allocator al = {.magic = OMP_ALLOCATOR_MAGIC, .memspace = ms,
                             .alignment = 1, .fallback = omp_atv_default_mem_fb,
                             .sync_hint = omp_atv_contended,
                             .access = omp_atv_all,
                             .partition = omp_atv_environment};
  for (int i = 0; i < ntraits; i++) {
    if (!omp_trait_apply(&al, traits[i])) {
      omp_warn("%s: trait %s (key %d) has an invalid value %#lx; returning "
               "omp_null_allocator", routine, omp_trait_name(traits[i].key),
               (int)traits[i].key, (unsigned long)traits[i].value);
      return omp_null_allocator;
    }
  }
  if (al.fallback == omp_atv_allocator_fb && al.fb_data == omp_null_allocator) {
    omp_warn("%s: fallback allocator_fb needs an fb_data allocator; returning "
             "omp_null_allocator", routine);
    return omp_null_allocator;
  }
  struct omp_allocator *made = aligned_alloc(OMP_CACHE_LINE, sizeof(*made));
  if (!made)
    return omp_null_allocator;
  memcpy(made, &al, sizeof(al));
  return (omp_allocator_handle_t)(uintptr_t)made;
}

static void omp_allocator_destroy(omp_allocator_handle_t h) {
  if (omp_is_predefined(h))
    return; /* predefined allocators live forever */
  struct omp_allocator *al = omp_allocator_of(h, "omp_destroy_allocator");
  al->magic = 0;
  free(al);
}

static void omp_default_allocator_set(omp_allocator_handle_t h) {
  if (h == omp_null_allocator)
    h = omp_default_mem_alloc; /* as LLVM: the ICV always names one */
  omp_self()->task->icvs.default_allocator = (uintptr_t)h;
}

/* ---- entry points ------------------------------------------------------------- */

OMP_EXPORT void *omp_alloc(size_t size, omp_allocator_handle_t allocator) {
  return omp_allocate_entry("omp_alloc", 1, size, 0, allocator);
}

OMP_EXPORT void *omp_aligned_alloc(size_t alignment, size_t size,
                                   omp_allocator_handle_t allocator) {
  return omp_allocate_entry("omp_aligned_alloc", 1, size, alignment, allocator);
}

OMP_EXPORT void *omp_calloc(size_t nmemb, size_t size,
                            omp_allocator_handle_t allocator) {
  void *p = omp_allocate_entry("omp_calloc", nmemb, size, 0, allocator);
  if (p)
    memset(p, 0, nmemb * size);
  return p;
}

OMP_EXPORT void *omp_aligned_calloc(size_t alignment, size_t nmemb, size_t size,
                                    omp_allocator_handle_t allocator) {
  void *p = omp_allocate_entry("omp_aligned_calloc", nmemb, size, alignment,
                               allocator);
  if (p)
    memset(p, 0, nmemb * size);
  return p;
}

OMP_EXPORT void *omp_realloc(void *ptr, size_t size,
                             omp_allocator_handle_t allocator,
                             omp_allocator_handle_t free_allocator) {
  return omp_reallocate(ptr, size, allocator, free_allocator);
}

OMP_EXPORT void omp_free(void *ptr, omp_allocator_handle_t allocator) {
  omp_deallocate(ptr, allocator, "omp_free");
}

OMP_EXPORT omp_allocator_handle_t omp_init_allocator(omp_memspace_handle_t memspace,
                                                     int ntraits,
                                                     omp_alloctrait_t traits[]) {
  return omp_allocator_build("omp_init_allocator", memspace, ntraits, traits);
}

OMP_EXPORT void omp_destroy_allocator(omp_allocator_handle_t allocator) {
  omp_allocator_destroy(allocator);
}

OMP_EXPORT void omp_set_default_allocator(omp_allocator_handle_t allocator) {
  omp_default_allocator_set(allocator);
}

OMP_EXPORT omp_allocator_handle_t omp_get_default_allocator(void) {
  return omp_default_allocator();
}

/* The forms clang emits (allocate clauses/directives, uses_allocators) and
 * LLVM exports; gtid is not needed: omp_self() knows the thread. */

OMP_EXPORT void *__kmpc_alloc(int gtid, size_t size,
                              omp_allocator_handle_t allocator) {
  return omp_allocate_entry("__kmpc_alloc", 1, size, 0, allocator);
}

OMP_EXPORT void *__kmpc_aligned_alloc(int gtid, size_t alignment, size_t size,
                                      omp_allocator_handle_t allocator) {
  return omp_allocate_entry("__kmpc_aligned_alloc", 1, size, alignment,
                            allocator);
}

OMP_EXPORT void *__kmpc_calloc(int gtid, size_t nmemb, size_t size,
                               omp_allocator_handle_t allocator) {
  void *p = omp_allocate_entry("__kmpc_calloc", nmemb, size, 0, allocator);
  if (p)
    memset(p, 0, nmemb * size);
  return p;
}

OMP_EXPORT void *__kmpc_realloc(int gtid, void *ptr, size_t size,
                                omp_allocator_handle_t allocator,
                                omp_allocator_handle_t free_allocator) {
  return omp_reallocate(ptr, size, allocator, free_allocator);
}

OMP_EXPORT void __kmpc_free(int gtid, void *ptr,
                            omp_allocator_handle_t allocator) {
  omp_deallocate(ptr, allocator, "__kmpc_free");
}

OMP_EXPORT omp_allocator_handle_t __kmpc_init_allocator(int gtid,
                                                        omp_memspace_handle_t memspace,
                                                        int ntraits,
                                                        omp_alloctrait_t traits[]) {
  return omp_allocator_build("omp_init_allocator", memspace, ntraits, traits);
}

OMP_EXPORT void __kmpc_destroy_allocator(int gtid,
                                         omp_allocator_handle_t allocator) {
  omp_allocator_destroy(allocator);
}

OMP_EXPORT void __kmpc_set_default_allocator(int gtid,
                                             omp_allocator_handle_t allocator) {
  omp_default_allocator_set(allocator);
}

OMP_EXPORT omp_allocator_handle_t __kmpc_get_default_allocator(int gtid) {
  return omp_default_allocator();
}
