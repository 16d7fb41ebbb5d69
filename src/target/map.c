/* map.c — what map clauses do: target data begin (enter), end (exit) and
 * update, for every map type and modifier clang-19 emits.
 *
 * Begin: look the range up; a present range gains a reference (dynamic, or
 * hold for ompx_hold) and is copied only with `always`; an absent one is
 * allocated, entered with one reference and copied if `to`. `present`
 * demands the range already be mapped. Struct members (MEMBER_OF) live in
 * their parent's allocation and count no references of their own;
 * PTR_AND_OBJ entries also map the pointer and point its device copy at the
 * device copy of the pointee. End runs the list backwards: references drop
 * (`delete` zeroes the dynamic count), `from` copies when the range goes away
 * or with `always`, and a range with no references left is freed. Declare
 * mappers expand into their components first.
 */
#include <stdlib.h>
#include <string.h>

#include "target.h"

void *tgt_device_link_var(struct tgt_device *dev, void *host_addr);
extern int64_t tgt_requires_flags;
#define TGT_REQ_UNIFIED_SHARED_MEMORY 0x008

static bool tgt_usm(void) { return (tgt_requires_flags & TGT_REQ_UNIFIED_SHARED_MEMORY) != 0; }

static void tgt_report_missing(ident_t *loc, void *name, const void *begin, int64_t size,
                               const char *what) {
  char var[256];
  tgt_fatal(loc, "%s: '%s' (%p, %lld bytes) is not present on the device",
            what, tgt_var_name(name, var, sizeof(var)), begin, (long long)size);
}

static int tgt_copy_to(struct tgt_device *dev, void *dst, const void *src, size_t size,
                       struct tgt_async *async, ident_t *loc) {
  tgt_info(loc, TGT_INFO_COPY, "copy %zu bytes host %p -> device %d %p", size, src,
           dev->id, dst);
  return dev->plugin->copy_to(dev->plugin_dev, dst, src, size, async ? async->queue : NULL);
}

static int tgt_copy_from(struct tgt_device *dev, void *dst, const void *src, size_t size,
                         struct tgt_async *async, ident_t *loc) {
  tgt_info(loc, TGT_INFO_COPY, "copy %zu bytes device %d %p -> host %p", size, dev->id,
           src, dst);
  return dev->plugin->copy_from(dev->plugin_dev, dst, src, size,
                                async ? async->queue : NULL);
}

/* ---- declare mapper expansion --------------------------------------------- */

struct tgt_mapper_components {
  int n, cap;
  void **bases, **begins, **names;
  int64_t *sizes, *types;
};

TGT_EXPORT int64_t __tgt_mapper_num_components(void *handle) {
  return ((struct tgt_mapper_components *)handle)->n;
}

TGT_EXPORT void __tgt_push_mapper_component(void *handle, void *base, void *begin,
                                            int64_t size, int64_t type, void *name) {
  struct tgt_mapper_components *c = handle;
  if (c->n == c->cap) {
    int cap = c->cap ? c->cap * 2 : 16;
    void **b = realloc(c->bases, sizeof(void *) * (size_t)cap);
    void **g = realloc(c->begins, sizeof(void *) * (size_t)cap);
    void **nm = realloc(c->names, sizeof(void *) * (size_t)cap);
    int64_t *s = realloc(c->sizes, sizeof(int64_t) * (size_t)cap);
    int64_t *t = realloc(c->types, sizeof(int64_t) * (size_t)cap);
    if (!b || !g || !nm || !s || !t)
      tgt_fatal(NULL, "out of memory expanding a declare mapper");
    c->bases = b, c->begins = g, c->names = nm, c->sizes = s, c->types = t;
    c->cap = cap;
  }
  c->bases[c->n] = base;
  c->begins[c->n] = begin;
  c->sizes[c->n] = size;
  c->types[c->n] = type;
  c->names[c->n] = name;
  c->n++;
}

static void tgt_mapper_free(struct tgt_mapper_components *c) {
  free(c->bases);
  free(c->begins);
  free(c->names);
  free(c->sizes);
  free(c->types);
}

typedef int (*tgt_list_fn)(ident_t *, struct tgt_device *, int32_t, void **, void **,
                           int64_t *, int64_t *, void **, void **, struct tgt_async *);

/* Run `fn` on the components a mapper produces for argument i. */
static int tgt_apply_mapper(tgt_list_fn fn, ident_t *loc, struct tgt_device *dev,
                            void *mapper, void *base, void *begin, int64_t size,
                            int64_t type, void *name, struct tgt_async *async) {
  struct tgt_mapper_components c = {0};
  ((tgt_mapper_fn)mapper)(&c, base, begin, size, type, name);
  int rc = fn(loc, dev, c.n, c.bases, c.begins, c.sizes, c.types, c.names, NULL, async);
  tgt_mapper_free(&c);
  return rc;
}

/* ---- begin ------------------------------------------------------------------------ */

/* Map [begin, begin+size): returns the device address of begin, or NULL
 * for an unmapped zero-length section. *fresh tells whether we allocated. */
static void *tgt_map_enter(ident_t *loc, struct tgt_device *dev, void *base, void *begin,
                           int64_t size, int64_t type, void *name, bool *fresh) {
  *fresh = false;
  uintptr_t b = (uintptr_t)begin;
  struct tgt_lookup l = tgt_map_lookup(dev, b, (size_t)size);
  if (l.entry && l.extends) {
    char var[256];
    tgt_fatal(loc, "map of '%s' (%p, %lld bytes) extends beyond an existing mapping "
                   "[%p, %p): explicit extension is not allowed",
              tgt_var_name(name, var, sizeof(var)), begin, (long long)size,
              (void *)l.entry->host_begin, (void *)l.entry->host_end);
  }
  if (l.entry) {
    struct tgt_map_entry *e = l.entry;
    if (!e->infinite && !(type & MAP_MEMBER_OF)) {
      if (type & MAP_OMPX_HOLD)
        e->hold_refs++;
      else
        e->dyn_refs++;
    }
    return (void *)(e->dev_begin + (b - e->host_begin));
  }
  if (type & MAP_PRESENT)
    tgt_report_missing(loc, name, begin, size, "map(present)");
  if (size == 0)
    return NULL; /* a zero-length section with no storage on the device */
  struct tgt_map_entry e = {
      .host_base = (uintptr_t)base,
      .host_begin = b,
      .host_end = b + (uintptr_t)size,
      .dyn_refs = (type & MAP_OMPX_HOLD) ? 0 : 1,
      .hold_refs = (type & MAP_OMPX_HOLD) ? 1 : 0,
  };
  if (tgt_usm()) {
    e.dev_begin = b; /* unified shared memory: the device uses host memory */
  } else {
    void *mem = dev->plugin->alloc(dev->plugin_dev, (size_t)size, OMPRT_ALLOC_DEFAULT);
    if (!mem) {
      char var[256];
      tgt_fatal(loc, "device %d is out of memory mapping '%s' (%lld bytes)", dev->id,
                tgt_var_name(name, var, sizeof(var)), (long long)size);
    }
    e.dev_begin = (uintptr_t)mem;
    e.owned = true;
  }
  tgt_map_insert(dev, e);
  *fresh = !tgt_usm();
  char var[256];
  tgt_info(loc, TGT_INFO_MAPPING, "device %d: mapped '%s' host [%p, %p) -> device %p",
           dev->id, tgt_var_name(name, var, sizeof(var)), begin,
           (void *)(b + (uintptr_t)size), (void *)e.dev_begin);
  /* A `declare target link` variable's device pointer now points here. */
  void *link = tgt_device_link_var(dev, begin);
  if (link)
    dev->plugin->copy_to(dev->plugin_dev, link, &e.dev_begin, sizeof(void *), NULL);
  return (void *)e.dev_begin;
}

int tgt_data_begin(ident_t *loc, struct tgt_device *dev, int32_t n, void **bases,
                   void **begins, int64_t *sizes, int64_t *types, void **names,
                   void **mappers, struct tgt_async *async) {
  bool fresh_small[64];
  bool *fresh_at = n <= 64 ? fresh_small : calloc((size_t)n, sizeof(bool));
  if (!fresh_at)
    tgt_fatal(loc, "out of memory mapping %d list items", n);
  for (int32_t i = 0; i < n; i++) {
    fresh_at[i] = false;
    int64_t type = types[i];
    if (mappers && mappers[i]) {
      tgt_apply_mapper(tgt_data_begin, loc, dev, mappers[i], bases[i], begins[i], sizes[i],
                       type, names ? names[i] : NULL, async);
      continue;
    }
    if (type & (MAP_LITERAL | MAP_PRIVATE))
      continue; /* by value or firstprivate: the kernel launch handles them */
    void *name = names ? names[i] : NULL;
    pthread_mutex_lock(&dev->lock);
    bool pointer_fresh = false;
    void *dev_pointer = NULL;
    if (type & MAP_PTR_AND_OBJ) {
      /* The pointer variable at bases[i] is mapped too (it may be already). */
      dev_pointer = tgt_map_enter(loc, dev, bases[i], bases[i], sizeof(void *),
                                  type & ~(int64_t)(MAP_TO | MAP_FROM | MAP_PRESENT |
                                                    MAP_MEMBER_OF),
                                  name, &pointer_fresh);
    }
    bool fresh;
    void *dev_begin = tgt_map_enter(loc, dev, bases[i], begins[i], sizes[i], type, name,
                                    &fresh);
    pthread_mutex_unlock(&dev->lock);
    fresh_at[i] = fresh;
    bool copy = (type & MAP_TO) && dev_begin && !tgt_usm() && (fresh || (type & MAP_ALWAYS));
    if ((type & MAP_MEMBER_OF) && !(type & MAP_ALWAYS)) {
      /* A member lives in its parent's allocation: copied when that is new. */
      int parent = map_member_of(type);
      copy = (type & MAP_TO) && dev_begin && !tgt_usm() && parent >= 0 && parent < i &&
             fresh_at[parent];
    }
    if (copy && tgt_copy_to(dev, dev_begin, begins[i], (size_t)sizes[i], async, loc))
      tgt_fatal(loc, "copy to device %d failed", dev->id);
    if ((type & MAP_PTR_AND_OBJ) && dev_pointer && !tgt_usm() && (fresh || pointer_fresh)) {
      /* Attach: the device pointer points at the device pointee. */
      void *host_pointee = *(void **)bases[i];
      uintptr_t value = dev_begin ? (uintptr_t)dev_begin -
                                        ((uintptr_t)begins[i] - (uintptr_t)host_pointee)
                                  : 0;
      dev->plugin->copy_to(dev->plugin_dev, dev_pointer, &value, sizeof(value), NULL);
    }
    if (type & MAP_RETURN_PARAM) {
      /* use_device_ptr/addr: clang reads the device base back from bases[]. */
      bases[i] = dev_begin ? (void *)((uintptr_t)dev_begin -
                                      ((uintptr_t)begins[i] - (uintptr_t)bases[i]))
                           : NULL;
    }
  }
  if (fresh_at != fresh_small)
    free(fresh_at);
  return 0;
}

/* ---- end ------------------------------------------------------------------------- */

int tgt_data_end(ident_t *loc, struct tgt_device *dev, int32_t n, void **bases,
                 void **begins, int64_t *sizes, int64_t *types, void **names,
                 void **mappers, struct tgt_async *async) {
  for (int32_t i = n - 1; i >= 0; i--) {
    int64_t type = types[i];
    if (mappers && mappers[i]) {
      tgt_apply_mapper(tgt_data_end, loc, dev, mappers[i], bases[i], begins[i], sizes[i],
                       type, names ? names[i] : NULL, async);
      continue;
    }
    if (type & (MAP_LITERAL | MAP_PRIVATE))
      continue;
    void *name = names ? names[i] : NULL;
    pthread_mutex_lock(&dev->lock);
    struct tgt_lookup l = tgt_map_lookup(dev, (uintptr_t)begins[i], (size_t)sizes[i]);
    if (!l.entry || l.extends) {
      pthread_mutex_unlock(&dev->lock);
      if (type & MAP_PRESENT)
        tgt_report_missing(loc, name, begins[i], sizes[i], "map(present)");
      continue;
    }
    struct tgt_map_entry *e = l.entry;
    void *dev_ptr = (void *)(e->dev_begin + ((uintptr_t)begins[i] - e->host_begin));
    bool release = false;
    if (type & MAP_MEMBER_OF) {
      /* Members follow their parent (processed after them, in reverse). */
      release = !e->infinite && e->dyn_refs + e->hold_refs == 1 && !(type & MAP_OMPX_HOLD);
    } else if (!e->infinite) {
      if (type & MAP_DELETE)
        e->dyn_refs = 0;
      else if ((type & MAP_OMPX_HOLD) && e->hold_refs)
        e->hold_refs--;
      else if (e->dyn_refs)
        e->dyn_refs--;
      release = e->dyn_refs == 0 && e->hold_refs == 0;
    }
    bool copy = (type & MAP_FROM) && !tgt_usm() && (release || (type & MAP_ALWAYS));
    struct tgt_map_entry gone = *e;
    if (release && !(type & MAP_MEMBER_OF))
      tgt_map_remove(dev, e);
    pthread_mutex_unlock(&dev->lock);
    if (copy && tgt_copy_from(dev, begins[i], dev_ptr, (size_t)sizes[i], async, loc))
      tgt_fatal(loc, "copy from device %d failed", dev->id);
    if (release && !(type & MAP_MEMBER_OF)) {
      char var[256];
      tgt_info(loc, TGT_INFO_MAPPING, "device %d: unmapped '%s' host [%p, %p)", dev->id,
               tgt_var_name(name, var, sizeof(var)), (void *)gone.host_begin,
               (void *)gone.host_end);
      if (gone.owned) {
        /* The copy out must land before the memory goes. */
        if (async && async->queue)
          tgt_async_defer_free(async, (void *)gone.dev_begin);
        else
          dev->plugin->free(dev->plugin_dev, (void *)gone.dev_begin, OMPRT_ALLOC_DEFAULT);
      }
    }
  }
  return 0;
}

/* ---- update ------------------------------------------------------------------- */

int tgt_data_update(ident_t *loc, struct tgt_device *dev, int32_t n, void **bases,
                    void **begins, int64_t *sizes, int64_t *types, void **names,
                    void **mappers, struct tgt_async *async) {
  for (int32_t i = 0; i < n; i++) {
    int64_t type = types[i];
    if (mappers && mappers[i]) {
      tgt_apply_mapper(tgt_data_update, loc, dev, mappers[i], bases[i], begins[i],
                       sizes[i], type, names ? names[i] : NULL, async);
      continue;
    }
    if (type & MAP_NON_CONTIG)
      tgt_fatal(loc, "target update of a non-contiguous array section is not supported "
                     "by this runtime");
    pthread_mutex_lock(&dev->lock);
    struct tgt_lookup l = tgt_map_lookup(dev, (uintptr_t)begins[i], (size_t)sizes[i]);
    void *dev_ptr = l.entry && l.contained
                        ? (void *)(l.entry->dev_begin +
                                   ((uintptr_t)begins[i] - l.entry->host_begin))
                        : NULL;
    pthread_mutex_unlock(&dev->lock);
    if (!dev_ptr) {
      if (type & MAP_PRESENT)
        tgt_report_missing(loc, names ? names[i] : NULL, begins[i], sizes[i],
                           "target update(present)");
      continue; /* not mapped: nothing to update */
    }
    if (tgt_usm())
      continue;
    if ((type & MAP_TO) && tgt_copy_to(dev, dev_ptr, begins[i], (size_t)sizes[i], async, loc))
      tgt_fatal(loc, "copy to device %d failed", dev->id);
    if ((type & MAP_FROM) &&
        tgt_copy_from(dev, begins[i], dev_ptr, (size_t)sizes[i], async, loc))
      tgt_fatal(loc, "copy from device %d failed", dev->id);
  }
  return 0;
}

/* ---- async completion ---------------------------------------------------------- */

int tgt_async_finish(struct tgt_async *async) {
  int rc = 0;
  struct tgt_device *dev = async->dev;
  if (async->queue && dev->plugin->queue_sync) {
    rc = dev->plugin->queue_sync(dev->plugin_dev, async->queue);
    if (dev->plugin->queue_put)
      dev->plugin->queue_put(dev->plugin_dev, async->queue);
    async->queue = NULL;
  }
  for (int i = 0; i < async->ndeferred; i++)
    dev->plugin->free(dev->plugin_dev, async->deferred_free[i], OMPRT_ALLOC_DEFAULT);
  free(async->deferred_free);
  async->deferred_free = NULL;
  async->ndeferred = async->capdeferred = 0;
  return rc;
}
