/* api_memcpy.c — the device memory routines (OpenMP 5.2 §18.8) that copy
 * and fill: omp_target_memcpy, omp_target_memcpy_rect, omp_target_memset
 * and their _async forms. Allocation, presence and associations are in
 * api_memory.c.
 *
 * Where it sits: device numbers are resolved by tgt_api_device
 * (api_memory.c: the initial device means host memory, a number naming no
 * device is fatal); the copies go straight to the plugin's copy calls, with
 * no queue (every copy here is synchronous). The _async forms become a task
 * of the host runtime (a target task, run by the hidden helper team when it
 * is enabled) that waits for the depend objects' dependences and then does
 * the synchronous copy, as LLVM 19 does.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "omp.h" /* the prototypes these definitions must match */
#include "target.h"

#define API_FAIL (-1) /* LLVM's OFFLOAD_FAIL */

/* The host runtime's task interface (libomp), for the _async forms. */
typedef int32_t (*api_task_entry)(int32_t gtid, void *task);
typedef struct kmp_task {
  void *shareds;
  api_task_entry routine;
  int32_t part_id;
  void *data1; /* destructors / priority unions, pointer-sized */
  void *data2;
} kmp_task_t;

/* One dependence as clang lays it out; a depend object (omp_depend_t)
 * points at the first of its entries, the entry before it holding the
 * count in base_addr. */
typedef struct kmp_depend_info {
  intptr_t base_addr;
  size_t len;
  uint8_t flags;
} kmp_depend_info_t;

#define API_TASK_TIED 0x01

int32_t __kmpc_global_thread_num(ident_t *loc);
kmp_task_t *__kmpc_omp_target_task_alloc(ident_t *loc, int32_t gtid, int32_t flags,
                                         size_t sizeof_kmp_task_t, size_t sizeof_shareds,
                                         api_task_entry entry, int64_t device_id);
int32_t __kmpc_omp_task_with_deps(ident_t *loc, int32_t gtid, kmp_task_t *task,
                                  int32_t ndeps, kmp_depend_info_t *deps,
                                  int32_t ndeps_noalias, kmp_depend_info_t *noalias);

static const char *api_side_name(struct tgt_device *dev, char *buf, size_t size) {
  if (dev)
    snprintf(buf, size, "device %d", dev->id);
  else
    snprintf(buf, size, "host");
  return buf;
}

/* ---- copies ------------------------------------------------------------------------- */

/* Bounce buffers for copies between devices of different plugins. */
#define API_BOUNCE_CHUNK ((size_t)4 << 20)

/* Copy `len` bytes between any two places (NULL device: host memory). */
static int api_copy(struct tgt_device *dst_dev, void *dst, struct tgt_device *src_dev,
                    const void *src, size_t len) {
  if (!dst_dev && !src_dev) {
    memmove(dst, src, len);
    return 0;
  }
  if (!src_dev)
    return tgt_dev_copy_to(dst_dev, dst, src, len, NULL);
  if (!dst_dev)
    return tgt_dev_copy_from(src_dev, dst, src, len, NULL);
  if (src_dev->plugin == dst_dev->plugin) {
    if (!tgt_ompt_on())
      return src_dev->plugin->copy_d2d(src_dev->plugin_dev, src, dst_dev->plugin_dev, dst,
                                       len, NULL);
    /* one operation from one device to the other */
    struct tgt_ompt_op op = {.optype = ompt_target_data_transfer_from_device,
                             .src = (void *)src, .dst = dst, .src_device = src_dev->id,
                             .dst_device = dst_dev->id, .bytes = len};
    tgt_ompt_op(&op, ompt_scope_begin);
    int rc = src_dev->plugin->copy_d2d(src_dev->plugin_dev, src, dst_dev->plugin_dev, dst,
                                       len, NULL);
    tgt_ompt_op(&op, ompt_scope_end);
    return rc;
  }
  /* Two kinds of device: through the host, a chunk at a time. */
  size_t chunk = len < API_BOUNCE_CHUNK ? len : API_BOUNCE_CHUNK;
  char *buf = malloc(chunk);
  if (!buf)
    return OMPRT_OUT_OF_MEMORY;
  int rc = 0;
  for (size_t done = 0; done < len && rc == 0; done += chunk) {
    size_t n = len - done < chunk ? len - done : chunk;
    rc = tgt_dev_copy_from(src_dev, buf, (const char *)src + done, n, NULL);
    if (rc == 0)
      rc = tgt_dev_copy_to(dst_dev, (char *)dst + done, buf, n, NULL);
  }
  free(buf);
  return rc;
}

static int api_memcpy(const char *routine, struct tgt_device *dst_dev, void *dst,
                      size_t dst_offset, struct tgt_device *src_dev, const void *src,
                      size_t src_offset, size_t length) {
  char from[32], to[32];
  tgt_info(NULL, TGT_INFO_DATA_TRANSFER, "%s: %zu bytes %s %p -> %s %p", routine, length,
           api_side_name(src_dev, from, sizeof(from)), (const char *)src + src_offset,
           api_side_name(dst_dev, to, sizeof(to)), (char *)dst + dst_offset);
  if (api_copy(dst_dev, (char *)dst + dst_offset, src_dev, (const char *)src + src_offset,
               length)) {
    tgt_warn("%s: copying %zu bytes %s -> %s failed", routine, length, from, to);
    return API_FAIL;
  }
  return 0;
}

TGT_EXPORT int omp_target_memcpy(void *dst, const void *src, size_t length,
                                 size_t dst_offset, size_t src_offset, int dst_device,
                                 int src_device) {
  TGT_OMPT_API();
  struct tgt_device *dst_dev = tgt_api_device("omp_target_memcpy", dst_device);
  struct tgt_device *src_dev = tgt_api_device("omp_target_memcpy", src_device);
  if (length == 0)
    return 0;
  if (!dst || !src) {
    tgt_warn("omp_target_memcpy: invalid arguments (dst %p, src %p)", dst, src);
    return API_FAIL;
  }
  return api_memcpy("omp_target_memcpy", dst_dev, dst, dst_offset, src_dev, src,
                    src_offset, length);
}

/* A rectangular copy's shape: for each of ndims dimensions (outermost
 * first) the copied volume, the offsets into both arrays and both arrays'
 * dimensions, all in elements. */
struct api_rect {
  size_t elem;
  int ndims;
  const size_t *volume, *dst_offsets, *src_offsets, *dst_dims, *src_dims;
};

static bool api_rect_valid(const struct api_rect *r, bool *empty) {
  *empty = false;
  if (r->elem == 0 || r->ndims < 1 || !r->volume || !r->dst_offsets || !r->src_offsets ||
      !r->dst_dims || !r->src_dims)
    return false;
  /* Offsets and extents are not checked against the dimensions: a block
   * past the end of a row goes on into the next one, as the addresses
   * compute, and LLVM 19 and libgomp copy it so (libgomp's target-12.c
   * relies on that). Whether the memory is there is the caller's word. */
  for (int k = 0; k < r->ndims; k++)
    if (r->volume[k] == 0)
      *empty = true;
  return true;
}

static bool api_rect_full(const struct api_rect *r, int k) {
  return r->volume[k] == r->dst_dims[k] && r->volume[k] == r->src_dims[k] &&
         r->dst_offsets[k] == 0 && r->src_offsets[k] == 0;
}

/* Copy the block row by row, where a row is the longest run contiguous in
 * both arrays: inner dimensions copied whole merge into their outer one. */
static int api_rect_copy(struct tgt_device *dst_dev, void *dst, struct tgt_device *src_dev,
                         const void *src, const struct api_rect *r) {
  int n = r->ndims;
  size_t small_idx[8], small_dstride[8], small_sstride[8];
  size_t *idx = small_idx, *dstride = small_dstride, *sstride = small_sstride;
  if (n > 8) {
    idx = calloc((size_t)n * 3, sizeof(size_t));
    if (!idx)
      return OMPRT_OUT_OF_MEMORY;
    dstride = idx + n;
    sstride = idx + 2 * n;
  }
  size_t dst_base = 0, src_base = 0, ds = r->elem, ss = r->elem;
  for (int k = n - 1; k >= 0; k--) {
    dstride[k] = ds;
    sstride[k] = ss;
    dst_base += r->dst_offsets[k] * ds;
    src_base += r->src_offsets[k] * ss;
    ds *= r->dst_dims[k];
    ss *= r->src_dims[k];
    idx[k] = 0;
  }
  size_t row = r->elem * r->volume[n - 1];
  int outer = n - 1; /* dimensions 0..outer-1 are iterated */
  while (outer > 0 && api_rect_full(r, outer)) {
    row *= r->volume[outer - 1];
    outer--;
  }
  int rc = 0;
  for (;;) {
    size_t dpos = dst_base, spos = src_base;
    for (int k = 0; k < outer; k++) {
      dpos += idx[k] * dstride[k];
      spos += idx[k] * sstride[k];
    }
    rc = api_copy(dst_dev, (char *)dst + dpos, src_dev, (const char *)src + spos, row);
    if (rc)
      break;
    int k = outer - 1; /* advance the odometer over the outer dimensions */
    while (k >= 0 && ++idx[k] == r->volume[k])
      idx[k--] = 0;
    if (k < 0)
      break;
  }
  if (idx != small_idx)
    free(idx);
  return rc;
}

static int api_memcpy_rect(const char *routine, struct tgt_device *dst_dev, void *dst,
                           struct tgt_device *src_dev, const void *src,
                           const struct api_rect *r) {
  char from[32], to[32];
  tgt_info(NULL, TGT_INFO_DATA_TRANSFER, "%s: %d-dimensional block of %zu-byte elements %s %p -> "
           "%s %p", routine, r->ndims, r->elem, api_side_name(src_dev, from, sizeof(from)),
           src, api_side_name(dst_dev, to, sizeof(to)), dst);
  if (api_rect_copy(dst_dev, dst, src_dev, src, r)) {
    tgt_warn("%s: copying a %d-dimensional block %s -> %s failed", routine, r->ndims,
             from, to);
    return API_FAIL;
  }
  return 0;
}

/* Check the arguments of a rectangular copy; 1 means "nothing to copy". */
static int api_rect_check(const char *routine, void *dst, const void *src,
                          const struct api_rect *r) {
  bool empty;
  if (!dst || !src || !api_rect_valid(r, &empty)) {
    tgt_warn("%s: invalid arguments (dst %p, src %p, element size %zu, %d dimensions)",
             routine, dst, src, r->elem, r->ndims);
    return API_FAIL;
  }
  return empty ? 1 : 0;
}

TGT_EXPORT int omp_target_memcpy_rect(void *dst, const void *src, size_t element_size,
                                      int num_dims, const size_t *volume,
                                      const size_t *dst_offsets, const size_t *src_offsets,
                                      const size_t *dst_dimensions,
                                      const size_t *src_dimensions, int dst_device,
                                      int src_device) {
  TGT_OMPT_API();
  struct tgt_device *dst_dev = tgt_api_device("omp_target_memcpy_rect", dst_device);
  struct tgt_device *src_dev = tgt_api_device("omp_target_memcpy_rect", src_device);
  if (!dst && !src)
    return INT_MAX; /* the query: any number of dimensions */
  struct api_rect r = {element_size, num_dims, volume, dst_offsets, src_offsets,
                       dst_dimensions, src_dimensions};
  int rc = api_rect_check("omp_target_memcpy_rect", dst, src, &r);
  if (rc)
    return rc < 0 ? rc : 0;
  return api_memcpy_rect("omp_target_memcpy_rect", dst_dev, dst, src_dev, src, &r);
}

/* ---- memset ------------------------------------------------------------------------- */

#define API_FILL_CHUNK ((size_t)64 << 10)

static void api_memset(const char *routine, struct tgt_device *dev, void *ptr, int value,
                       size_t count) {
  if (!dev) {
    memset(ptr, value, count);
    return;
  }
  /* No plugin has a fill operation: upload a filled chunk repeatedly. */
  size_t chunk = count < API_FILL_CHUNK ? count : API_FILL_CHUNK;
  unsigned char *buf = malloc(chunk);
  if (!buf) {
    tgt_warn("%s: out of host memory filling %zu bytes on device %d", routine, count,
             dev->id);
    return;
  }
  memset(buf, value, chunk);
  for (size_t done = 0; done < count; done += chunk) {
    size_t n = count - done < chunk ? count - done : chunk;
    if (tgt_dev_copy_to(dev, (char *)ptr + done, buf, n, NULL)) {
      tgt_warn("%s: filling %zu bytes at %p on device %d failed", routine, count, ptr,
               dev->id);
      break;
    }
  }
  free(buf);
}

TGT_EXPORT void *omp_target_memset(void *ptr, int value, size_t count, int device_num) {
  TGT_OMPT_API();
  struct tgt_device *dev = tgt_api_device("omp_target_memset", device_num);
  if (ptr && count)
    api_memset("omp_target_memset", dev, ptr, value, count);
  return ptr;
}

/* ---- asynchronous forms ------------------------------------------------------------- */

enum api_async_kind { API_ASYNC_MEMCPY, API_ASYNC_RECT, API_ASYNC_MEMSET };

/* What the task does, stored after its kmp_task_t; the rectangle's five
 * arrays are copied in behind it (the caller's may be gone by then). */
struct api_async {
  enum api_async_kind kind;
  const char *routine;
  int dst_device, src_device; /* checked when the task was made */
  void *dst;
  const void *src;
  size_t length, dst_offset, src_offset; /* memcpy, memset */
  int value;                             /* memset */
  const void *codeptr;                   /* the program's call (OMPT) */
  struct api_rect rect;
  size_t shape[];                        /* 5 * ndims for a rectangle */
};

static struct api_async *api_async_of(kmp_task_t *task) {
  return (struct api_async *)((char *)task + ((sizeof(kmp_task_t) + 15) & ~(size_t)15));
}

static int32_t api_async_entry(int32_t gtid, void *task) {
  (void)gtid;
  struct api_async *a = api_async_of(task);
  tgt_ompt_api_codeptr = a->codeptr;
  /* Look the devices up again: the table may have grown (and moved) since. */
  struct tgt_device *dst_dev = tgt_api_device(a->routine, a->dst_device);
  struct tgt_device *src_dev = tgt_api_device(a->routine, a->src_device);
  switch (a->kind) {
  case API_ASYNC_MEMCPY:
    if (a->length)
      api_memcpy(a->routine, dst_dev, a->dst, a->dst_offset, src_dev, a->src,
                 a->src_offset, a->length);
    break;
  case API_ASYNC_RECT:
    api_memcpy_rect(a->routine, dst_dev, a->dst, src_dev, a->src, &a->rect);
    break;
  case API_ASYNC_MEMSET:
    if (a->dst && a->length)
      api_memset(a->routine, dst_dev, a->dst, a->value, a->length);
    break;
  }
  return 0;
}

/* Count the dependences in the depend objects (each may hold several). */
/* More dependences than any depend object holds (clang's depobj holds one;
 * iterators can make a few thousand). */
#define API_MAX_DEPOBJ_DEPS ((size_t)1 << 20)

static bool api_depobj_count(const char *routine, int depobj_count,
                             const omp_depend_t *depobj_list, size_t *ndeps) {
  *ndeps = 0;
  if (depobj_count < 0 || (depobj_count > 0 && !depobj_list)) {
    tgt_warn("%s: invalid depend object list (%d objects at %p)", routine, depobj_count,
             (const void *)depobj_list);
    return false;
  }
  for (int i = 0; i < depobj_count; i++) {
    const kmp_depend_info_t *deps = depobj_list[i];
    if (!deps) {
      tgt_warn("%s: depend object %d is not initialised", routine, i);
      return false;
    }
    /* A depend object holds its own count before its entries (libomp's
     * depobj); anything else there (an array passed for a list of objects,
     * say) reads as a count no depend object has. */
    size_t count = (size_t)deps[-1].base_addr;
    if (count == 0 || count > API_MAX_DEPOBJ_DEPS) {
      tgt_warn("%s: depend object %d is not one (it would hold %zu dependences; a "
               "depend object is an omp_depend_t initialised by the depobj construct)",
               routine, i, count);
      return false;
    }
    *ndeps += count;
  }
  return true;
}

/* Make `a` (with `extra` bytes of shape behind it) a task that waits for
 * the depend objects; the copy happens when the task runs. */
static int api_async_submit(const struct api_async *a, size_t extra, int depobj_count,
                            const omp_depend_t *depobj_list) {
  size_t ndeps;
  if (!api_depobj_count(a->routine, depobj_count, depobj_list, &ndeps))
    return API_FAIL;
  kmp_depend_info_t small[16];
  kmp_depend_info_t *deps = ndeps <= 16 ? small : malloc(ndeps * sizeof(*deps));
  if (!deps) {
    tgt_warn("%s: out of memory for %zu dependences", a->routine, ndeps);
    return API_FAIL;
  }
  size_t at = 0;
  for (int i = 0; i < depobj_count; i++) {
    const kmp_depend_info_t *obj = depobj_list[i];
    size_t n = (size_t)obj[-1].base_addr;
    memcpy(&deps[at], obj, n * sizeof(*obj));
    at += n;
  }
  int32_t gtid = __kmpc_global_thread_num(NULL);
  size_t head = (sizeof(kmp_task_t) + 15) & ~(size_t)15;
  kmp_task_t *task = __kmpc_omp_target_task_alloc(
      NULL, gtid, API_TASK_TIED, head + sizeof(*a) + extra, 0, api_async_entry, -1);
  struct api_async *stored = api_async_of(task);
  memcpy(stored, a, sizeof(*a) + extra);
  stored->codeptr = tgt_ompt_api_codeptr;
  if (a->kind == API_ASYNC_RECT) {
    /* Point the rectangle at the task's own copy of its shape. */
    size_t n = (size_t)a->rect.ndims;
    stored->rect.volume = stored->shape;
    stored->rect.dst_offsets = stored->shape + n;
    stored->rect.src_offsets = stored->shape + 2 * n;
    stored->rect.dst_dims = stored->shape + 3 * n;
    stored->rect.src_dims = stored->shape + 4 * n;
  }
  __kmpc_omp_task_with_deps(NULL, gtid, task, (int32_t)ndeps, deps, 0, NULL);
  if (deps != small)
    free(deps);
  return 0;
}

TGT_EXPORT int omp_target_memcpy_async(void *dst, const void *src, size_t length,
                                       size_t dst_offset, size_t src_offset, int dst_device,
                                       int src_device, int depobj_count,
                                       omp_depend_t *depobj_list) {
  TGT_OMPT_API();
  const char *routine = "omp_target_memcpy_async";
  tgt_api_device(routine, dst_device);
  tgt_api_device(routine, src_device);
  struct api_async a = {
      .kind = API_ASYNC_MEMCPY,
      .routine = routine,
      .dst_device = dst_device,
      .src_device = src_device,
      .dst = dst,
      .src = src,
      .length = length,
      .dst_offset = dst_offset,
      .src_offset = src_offset,
  };
  if (length && (!dst || !src)) {
    tgt_warn("%s: invalid arguments (dst %p, src %p)", routine, dst, src);
    return API_FAIL;
  }
  return api_async_submit(&a, 0, depobj_count, depobj_list);
}

TGT_EXPORT int omp_target_memcpy_rect_async(
    void *dst, const void *src, size_t element_size, int num_dims, const size_t *volume,
    const size_t *dst_offsets, const size_t *src_offsets, const size_t *dst_dimensions,
    const size_t *src_dimensions, int dst_device, int src_device, int depobj_count,
    omp_depend_t *depobj_list) {
  TGT_OMPT_API();
  const char *routine = "omp_target_memcpy_rect_async";
  tgt_api_device(routine, dst_device);
  tgt_api_device(routine, src_device);
  if (!dst && !src)
    return INT_MAX;
  struct api_rect r = {element_size, num_dims, volume, dst_offsets, src_offsets,
                       dst_dimensions, src_dimensions};
  int rc = api_rect_check(routine, dst, src, &r);
  if (rc < 0)
    return rc;
  struct api_async a = {
      .kind = API_ASYNC_RECT,
      .routine = routine,
      .dst_device = dst_device,
      .src_device = src_device,
      .dst = dst,
      .src = src,
      .rect = r,
  };
  /* An empty block still orders the tasks around it: submit a no-op. */
  if (rc == 1)
    a.kind = API_ASYNC_MEMCPY, a.length = 0;
  size_t n = rc == 1 ? 0 : (size_t)num_dims;
  size_t extra = 5 * n * sizeof(size_t);
  struct api_async *full = malloc(sizeof(*full) + extra);
  if (!full) {
    tgt_warn("%s: out of memory", routine);
    return API_FAIL;
  }
  *full = a;
  const size_t *parts[5] = {volume, dst_offsets, src_offsets, dst_dimensions,
                            src_dimensions};
  for (size_t p = 0; p < 5 && n; p++)
    memcpy(full->shape + p * n, parts[p], n * sizeof(size_t));
  rc = api_async_submit(full, extra, depobj_count, depobj_list);
  free(full);
  return rc;
}

TGT_EXPORT void *omp_target_memset_async(void *ptr, int value, size_t count,
                                         int device_num, int depobj_count,
                                         omp_depend_t *depobj_list) {
  TGT_OMPT_API();
  const char *routine = "omp_target_memset_async";
  tgt_api_device(routine, device_num);
  struct api_async a = {
      .kind = API_ASYNC_MEMSET,
      .routine = routine,
      .dst_device = device_num,
      .src_device = device_num,
      .dst = ptr,
      .length = count,
      .value = value,
  };
  /* Even a no-op fill is a task that orders its dependences (LLVM skips
   * the task; the spec says the routine "executes as if in a task"). */
  api_async_submit(&a, 0, depobj_count, depobj_list);
  return ptr;
}
