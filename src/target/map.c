/* map.c — what map clauses do: target data begin (enter), end (exit) and
 * update, for every map type and modifier clang-19 emits, following LLVM
 * 19's rules (docs/abi-target.md §3, §4.5).
 *
 * Begin: look the range up; a present range gains a reference (dynamic, or
 * hold for ompx_hold) and is copied only with `always`; an absent one is
 * allocated, entered with one reference and copied if `to`. `present`
 * demands the range already be mapped. Struct members (MEMBER_OF) live in
 * their parent's allocation and take no references of their own: a member
 * counts as new (and is copied) while its entry holds exactly one reference,
 * the one its parent just took. PTR_AND_OBJ entries map the pointer (at
 * the base address) and the pointee as a range of its own, then attach: the
 * device copy of the pointer is pointed at the device pointee and the pair
 * is remembered on the pointer's entry (a shadow pointer), so copies of the
 * enclosing struct in either direction never leak one side's pointer to the
 * other. End runs the list backwards: references drop (`delete` zeroes the
 * count), `from` copies when the last reference goes or with `always`, and
 * once the copies are done entries without references are removed. Declare
 * mappers expand into their components first (mapper.c; arrays of structs: one
 * struct-sized group per element). The first component stands for the
 * list item itself and is counted like any list item: LLVM 19 exempts it
 * from reference counting, which leaves the item mapped after the construct
 * and re-copies it over attached pointers (docs/abi-target.md §8.4).
 *
 * Under `requires unified_shared_memory` nothing is allocated or copied
 * unless the map has `close`: the device uses host addresses.
 */
#include <stdlib.h>
#include <string.h>

#include "target.h"

static bool tgt_usm(void) { return (tgt_requires_flags & TGT_REQ_UNIFIED_SHARED_MEMORY) != 0; }

static _Noreturn void tgt_report_missing(ident_t *loc, struct tgt_device *dev, void *name,
                                         const void *begin, int64_t size, const char *what) {
  char var[256];
  pthread_mutex_unlock(&dev->lock);
  tgt_info_dump_table(loc, dev);
  tgt_fatal(loc, "%s: '%s' (%p, %lld bytes) is not present on the device", what,
            tgt_var_name(name, var, sizeof(var)), begin, (long long)size);
}

/* `fresh`: dst is memory this construct just mapped, which no predecessor
 * can be using: the copy may go before the waits for predecessors, so a
 * copy the driver stages (pageable memory) never waits for them. */
static void tgt_copy_to(ident_t *loc, struct tgt_device *dev, uintptr_t dst, const void *src,
                        size_t size, struct tgt_async *async, bool fresh) {
  if (!fresh)
    tgt_async_order(async);
  tgt_info(loc, TGT_INFO_DATA_TRANSFER, "copy %zu bytes host %p -> device %d %p", size, src,
           dev->id, (void *)dst);
  if (tgt_dev_copy_to(dev, (void *)dst, src, size, async->queue)) {
    pthread_mutex_unlock(&dev->lock);
    tgt_fatal(loc, "copy of %zu bytes to device %d failed", size, dev->id);
  }
}

/* `locked`: the caller holds dev->lock (released before the report). */
static void tgt_copy_from(ident_t *loc, struct tgt_device *dev, void *dst, uintptr_t src,
                          size_t size, struct tgt_async *async, bool locked) {
  tgt_async_order(async);
  tgt_info(loc, TGT_INFO_DATA_TRANSFER, "copy %zu bytes device %d %p -> host %p", size, dev->id,
           (void *)src, dst);
  if (tgt_dev_copy_from(dev, dst, (const void *)src, size, async->queue)) {
    if (locked)
      pthread_mutex_unlock(&dev->lock);
    tgt_fatal(loc, "copy of %zu bytes from device %d failed", size, dev->id);
  }
}

/* ---- reference counts (LLVM's HostDataToTargetTy rules) ------------------- */

/* A queued construct decides its reference drops (and the copies back they
 * imply) when it is issued, but they take effect only when its queue is
 * done, because its kernel may still use the memory. Meanwhile the drops
 * are pending: decisions count refs - pending (a construct that finds an
 * entry whose references are all pending takes it over without copying,
 * as LLVM does with an entry about to be deleted: ordered after the
 * construct that dropped them, it sees that construct's data on the
 * device), and only the physical count reaching zero removes the entry. */

static uint64_t tgt_refs_total(const struct tgt_map_entry *e) {
  return e->infinite ? UINT64_MAX : e->dyn_refs + e->hold_refs;
}

static uint64_t tgt_refs_live(const struct tgt_map_entry *e, bool hold) {
  return hold ? e->hold_refs - e->pending_hold : e->dyn_refs - e->pending_dyn;
}

/* An associated (infinite) entry still counts ompx_hold references, as in
 * LLVM: omp_target_disassociate_ptr refuses while one is held. */
static void tgt_refs_inc(struct tgt_map_entry *e, bool hold) {
  if (hold)
    e->hold_refs++;
  else if (!e->infinite)
    e->dyn_refs++;
}

/* Would dropping one live reference (or all of them, for `delete`) leave
 * e without live references? */
static bool tgt_refs_last(const struct tgt_map_entry *e, bool hold, bool all) {
  if (e->infinite || tgt_refs_live(e, !hold) > 0)
    return false;
  return all || tgt_refs_live(e, hold) == 1;
}

/* How many references one drop takes: one, or every live one (`delete`). */
static uint64_t tgt_refs_to_drop(const struct tgt_map_entry *e, bool hold, bool all) {
  if (e->infinite && !hold)
    return 0;
  uint64_t live = tgt_refs_live(e, hold);
  return all ? live : live ? 1 : 0;
}

/* Drop now (an unqueued construct). */
static void tgt_refs_dec(struct tgt_map_entry *e, bool hold, bool all) {
  uint64_t drops = tgt_refs_to_drop(e, hold, all);
  hold ? (e->hold_refs -= drops) : (e->dyn_refs -= drops);
}

/* Drop when the construct's queue is done: pending until then. */
static uint64_t tgt_refs_defer(struct tgt_map_entry *e, bool hold, bool all) {
  uint64_t drops = tgt_refs_to_drop(e, hold, all);
  hold ? (e->pending_hold += drops) : (e->pending_dyn += drops);
  return drops;
}

static void tgt_refs_apply(struct tgt_map_entry *e, bool hold, uint64_t drops) {
  if (hold) {
    e->hold_refs -= drops;
    e->pending_hold -= drops;
  } else {
    e->dyn_refs -= drops;
    e->pending_dyn -= drops;
  }
}

/* ---- shadow pointers ---------------------------------------------------------- */

/* After host bytes [begin, begin+size) were copied to the device: point the
 * attached pointers among them at their device pointees again. */
static void tgt_shadows_to_device(ident_t *loc, struct tgt_device *dev,
                                  struct tgt_map_entry *e, uintptr_t begin, size_t size,
                                  struct tgt_async *async) {
  for (struct tgt_shadow_ptr *s = e->shadows; s; s = s->next)
    if (s->host_addr >= begin && s->host_addr + sizeof(void *) <= begin + size)
      tgt_copy_to(loc, dev, s->dev_addr, &s->dev_value, sizeof(void *), async, false);
}

/* After device bytes were copied back over [begin, begin+size) (and the
 * copy has landed): give the attached pointers among them their host values. */
static void tgt_shadows_to_host(struct tgt_map_entry *e, uintptr_t begin, size_t size) {
  for (struct tgt_shadow_ptr *s = e->shadows; s; s = s->next)
    if (s->host_addr >= begin && s->host_addr + sizeof(void *) <= begin + size)
      memcpy((void *)s->host_addr, &s->host_value, sizeof(void *));
}

static bool tgt_has_shadows_in(struct tgt_map_entry *e, uintptr_t begin, size_t size) {
  for (struct tgt_shadow_ptr *s = e->shadows; s; s = s->next)
    if (s->host_addr >= begin && s->host_addr + sizeof(void *) <= begin + size)
      return true;
  return false;
}

/* `locked`: the caller holds dev->lock (released before the report). */
static void tgt_queue_wait(ident_t *loc, struct tgt_device *dev, struct tgt_async *async,
                           bool locked) {
  if (async->queue && dev->plugin->queue_sync &&
      dev->plugin->queue_sync(dev->plugin_dev, async->queue)) {
    if (locked)
      pthread_mutex_unlock(&dev->lock);
    tgt_fatal(loc, "device %d: waiting for data transfers failed", dev->id);
  }
}

/* A copy of existing device data (`always`, `target update`) goes behind
 * the queue's waits for the construct's predecessor target tasks, and from
 * or to pageable memory it holds the issuing thread until they are done
 * (CUDA synchronises the stream first): with dev->lock held, every other
 * construct's mapping would wait for them too. So such a list item waits
 * for them here, the lock released, before it looks the table up (again);
 * its copy then finds nothing ahead of it. Holds dev->lock on entry and exit. */
static void tgt_wait_preds_for_copy(ident_t *loc, struct tgt_device *dev,
                                    struct tgt_async *async, uintptr_t begin, size_t size) {
  if (!async->npreds || !async->queue || !tgt_map_lookup(dev, begin, size).contained)
    return;
  pthread_mutex_unlock(&dev->lock);
  tgt_async_order(async);
  tgt_queue_wait(loc, dev, async, false);
  pthread_mutex_lock(&dev->lock);
}

static void tgt_free_device(struct tgt_device *dev, struct tgt_map_entry *gone,
                            struct tgt_async *async) {
  if (!gone->owned)
    return;
  void *mem = (void *)(gone->dev_alloc ? gone->dev_alloc : gone->dev_begin);
  if (async->queue)
    tgt_async_defer_free(async, mem); /* a copy out may still be in flight */
  else
    tgt_dev_free(dev, mem, OMPRT_ALLOC_DEFAULT);
}

/* ---- begin ------------------------------------------------------------------------ */

struct tgt_target_ptr {
  uintptr_t dev_addr;  /* device address of the host begin; 0: none */
  struct tgt_map_entry *entry; /* valid until the table next changes */
  bool is_new;         /* allocated now, or a member of a just-mapped parent */
  bool is_host;        /* unified shared memory: the host address itself */
};

/* Another construct created `e` and queued its copy-in: data must not be
 * used before it lands. Wait for it on our queue (a device-side wait), or
 * here when we run unqueued; forget the event once it is known done. */
static void tgt_wait_entry_copy(ident_t *loc, struct tgt_device *dev,
                                struct tgt_map_entry *e, struct tgt_async *async) {
  const struct omprt_plugin *p = dev->plugin;
  bool done = false;
  if (p->event_query(dev->plugin_dev, e->copy_event, &done) == OMPRT_SUCCESS && done) {
    p->event_destroy(dev->plugin_dev, e->copy_event);
    e->copy_event = NULL;
    return;
  }
  int rc = async->queue ? p->event_wait(dev->plugin_dev, e->copy_event, async->queue)
                        : p->event_sync(dev->plugin_dev, e->copy_event);
  if (rc) {
    pthread_mutex_unlock(&dev->lock);
    tgt_fatal(loc, "device %d: waiting for another construct's copy to the device failed",
              dev->id);
  }
}

/* Record, after a new entry's copy-in on a queue, when it will have landed. */
static void tgt_record_entry_copy(ident_t *loc, struct tgt_device *dev,
                                  struct tgt_map_entry *e, struct tgt_async *async) {
  const struct omprt_plugin *p = dev->plugin;
  if (!async->queue || !p->event_record)
    return; /* unqueued: the copy is complete already */
  if (!e->copy_event && p->event_create(dev->plugin_dev, &e->copy_event)) {
    pthread_mutex_unlock(&dev->lock);
    tgt_fatal(loc, "device %d: cannot create an event", dev->id);
  }
  if (p->event_record(dev->plugin_dev, e->copy_event, async->queue)) {
    pthread_mutex_unlock(&dev->lock);
    tgt_fatal(loc, "device %d: cannot record an event", dev->id);
  }
}

/* LLVM's getTargetPointer: find or create the mapping of
 * [begin, begin+size) and copy it in when `to` asks for it. Called and
 * returns with dev->lock held. */
static struct tgt_target_ptr tgt_target_ptr(ident_t *loc, struct tgt_device *dev,
                                            uintptr_t begin, uintptr_t base, int64_t size,
                                            size_t padding, int64_t type, bool update_ref,
                                            void *name, struct tgt_async *async) {
  struct tgt_target_ptr r = {0};
  bool implicit = type & MAP_IMPLICIT, hold = type & MAP_OMPX_HOLD;
  struct tgt_lookup l = tgt_map_lookup(dev, begin, (size_t)size);
  if (l.entry && (l.contained || implicit)) {
    r.entry = l.entry;
    if (l.entry->copy_event)
      tgt_wait_entry_copy(loc, dev, l.entry, async);
    if (update_ref)
      tgt_refs_inc(l.entry, hold);
    else
      r.is_new = tgt_refs_total(l.entry) == 1;
    r.dev_addr = l.entry->dev_begin + (begin - l.entry->host_begin);
    if (__builtin_expect((tgt_info_flags & TGT_INFO_MAPPING_EXISTS) != 0, 0)) {
      char var[256];
      tgt_info(loc, TGT_INFO_MAPPING_EXISTS, "device %d: '%s' host [%p, %p) is mapped at "
               "device %p; references %llu dynamic, %llu hold%s", dev->id,
               tgt_var_name(name, var, sizeof(var)), (void *)begin,
               (void *)(begin + (uintptr_t)size), (void *)r.dev_addr,
               (unsigned long long)l.entry->dyn_refs, (unsigned long long)l.entry->hold_refs,
               update_ref ? " (incremented)" : "");
    }
  } else if (l.entry) {
    char var[256];
    struct tgt_map_entry *e = l.entry;
    pthread_mutex_unlock(&dev->lock);
    tgt_fatal(loc, "map of '%s' (%p, %lld bytes) extends beyond an existing mapping "
                   "[%p, %p): explicit extension is not allowed",
              tgt_var_name(name, var, sizeof(var)), (void *)begin, (long long)size,
              (void *)e->host_begin, (void *)e->host_end);
  } else if (tgt_usm() && !(type & MAP_CLOSE)) {
    r.dev_addr = begin; /* the device uses the host's memory */
    r.is_host = true;
  } else if (type & MAP_PRESENT) {
    tgt_report_missing(loc, dev, name, (void *)begin, size, "map(present)");
  } else if (size) {
    void *mem = tgt_dev_alloc(dev, (size_t)size + padding, OMPRT_ALLOC_DEFAULT,
                              (void *)begin);
    if (!mem) {
      char var[256];
      pthread_mutex_unlock(&dev->lock);
      tgt_fatal(loc, "device %d is out of memory mapping '%s' (%lld bytes)", dev->id,
                tgt_var_name(name, var, sizeof(var)), (long long)size);
    }
    struct tgt_map_entry e = {
        .host_base = base,
        .host_begin = begin,
        .host_end = begin + (uintptr_t)size,
        .dev_begin = (uintptr_t)mem + padding,
        .dev_alloc = (uintptr_t)mem,
        .dyn_refs = hold ? 0 : 1,
        .hold_refs = hold ? 1 : 0,
        .owned = true,
    };
    r.entry = tgt_map_insert(dev, e);
    r.dev_addr = e.dev_begin;
    r.is_new = true;
    char var[256];
    tgt_info(loc, TGT_INFO_MAPPING_CHANGED, "device %d: mapped '%s' host [%p, %p) -> device %p",
             dev->id, tgt_var_name(name, var, sizeof(var)), (void *)begin,
             (void *)(begin + (uintptr_t)size), (void *)e.dev_begin);
  }
  /* A zero-length section of unmapped data maps to nothing (LLVM 19's
   * 0x40 line: the program may not expect it). Members and implicit maps
   * are not reported, as in LLVM. */
  if (__builtin_expect((tgt_info_flags & TGT_INFO_EMPTY_MAPPING) != 0, 0) && !r.dev_addr &&
      type != 0 && !(type & (int64_t)MAP_MEMBER_OF) && !implicit) {
    char var[256];
    tgt_info(loc, TGT_INFO_EMPTY_MAPPING, "device %d: variable '%s' does not have a valid "
             "device counterpart", dev->id, tgt_var_name(name, var, sizeof(var)));
  }
  if (r.dev_addr && !r.is_host && (type & MAP_TO) && (r.is_new || (type & MAP_ALWAYS)) &&
      size) {
    tgt_copy_to(loc, dev, r.dev_addr, (const void *)begin, (size_t)size, async, r.is_new);
    tgt_shadows_to_device(loc, dev, r.entry, begin, (size_t)size, async);
    tgt_record_entry_copy(loc, dev, r.entry, async);
  }
  return r;
}

/* Partial structs start on the device as aligned as on the host: the
 * combined entry (one whose next entry is its member) gets padding. */
static size_t tgt_struct_padding(int32_t i, int32_t n, void **bases, void **begins,
                                 int64_t *types) {
  if (map_member_of(types[i]) >= 0 || i + 1 >= n || map_member_of(types[i + 1]) != i)
    return 0;
  uintptr_t align = (uintptr_t)bases[i] % 16;
  if (align == 0)
    align = 16;
  return (uintptr_t)begins[i] % align;
}

/* Point the device copy of the pointer s.host_addr at s.dev_value and
 * remember the pair on the pointer's entry (holds dev->lock). The copy's
 * source is the record itself, which outlives a queued copy. */
static void tgt_attach(ident_t *loc, struct tgt_device *dev, struct tgt_map_entry *e,
                       struct tgt_shadow_ptr s, struct tgt_async *async) {
  if (!tgt_map_add_shadow(e, s))
    return;
  for (struct tgt_shadow_ptr *sp = e->shadows; sp; sp = sp->next)
    if (sp->host_addr == s.host_addr)
      tgt_copy_to(loc, dev, sp->dev_addr, &sp->dev_value, sizeof(void *), async, false);
}

static void tgt_begin_list(ident_t *loc, struct tgt_device *dev, int32_t n, void **bases,
                           void **begins, int64_t *sizes, int64_t *types, void **names,
                           void **mappers, struct tgt_async *async) {
  for (int32_t i = 0; i < n; i++) {
    int64_t type = types[i];
    if (type & (MAP_LITERAL | MAP_PRIVATE))
      continue; /* by value or firstprivate: the kernel launch handles them */
    void *name = names ? names[i] : NULL;
    if (mappers && mappers[i]) {
      tgt_apply_mapper(tgt_begin_list, loc, dev, mappers[i], bases[i], begins[i], sizes[i],
                       type, name, async);
      continue;
    }
    /* bases[i] is rewritten below for use_device_ptr/addr; a pointer and
     * pointee entry still needs the pointer's host address after that. */
    uintptr_t begin = (uintptr_t)begins[i], base = (uintptr_t)bases[i];
    uintptr_t pointer_addr = base;
    bool update_ref = !map_is_member(type);
    pthread_mutex_lock(&dev->lock);
    if ((type & MAP_TO) && (type & MAP_ALWAYS) && !(type & MAP_PTR_AND_OBJ))
      tgt_wait_preds_for_copy(loc, dev, async, begin, (size_t)sizes[i]);
    struct tgt_target_ptr pointer = {0};
    if (type & MAP_PTR_AND_OBJ) {
      /* The pointer at the base address (usually inside an already mapped
       * struct; a global pointer or `declare target link` one maps here). */
      pointer = tgt_target_ptr(loc, dev, base, base, sizeof(void *), 0,
                               type & (MAP_IMPLICIT | MAP_CLOSE | MAP_PRESENT | MAP_OMPX_HOLD),
                               update_ref, NULL, async);
      if (!pointer.dev_addr) {
        pthread_mutex_unlock(&dev->lock);
        tgt_fatal(loc, "device %d: cannot map the pointer at %p", dev->id, (void *)base);
      }
      base = *(uintptr_t *)base; /* from here on: the pointee's base */
      /* the pointee is a range of its own, unless this is a nested
       * mapper's first component: its pointee is the member itself */
      update_ref = !(type & MAP_AS_MEMBER);
    }
    size_t padding = tgt_struct_padding(i, n, bases, begins, types);
    struct tgt_target_ptr obj = tgt_target_ptr(loc, dev, begin, base, sizes[i], padding,
                                               type, update_ref, name, async);
    if (type & MAP_RETURN_PARAM) {
      /* use_device_ptr/addr: clang reads the device base back from bases[]. */
      bases[i] = obj.dev_addr ? (void *)(obj.dev_addr - (begin - base)) : NULL;
    }
    if ((type & MAP_PTR_AND_OBJ) && !pointer.is_host && pointer.entry) {
      /* (mapping the pointee may have moved the table's entries) */
      pointer.entry = tgt_map_lookup(dev, pointer_addr, sizeof(void *)).entry;
      struct tgt_shadow_ptr s = {
          .host_addr = pointer_addr,
          .host_value = base,
          .dev_addr = pointer.dev_addr,
          .dev_value = obj.dev_addr ? obj.dev_addr - (begin - base) : 0,
      };
      if (obj.dev_addr && !obj.is_host && pointer.entry)
        tgt_attach(loc, dev, pointer.entry, s, async);
    }
    pthread_mutex_unlock(&dev->lock);
  }
}

int tgt_data_begin(ident_t *loc, struct tgt_device *dev, int32_t n, void **bases,
                   void **begins, int64_t *sizes, int64_t *types, void **names,
                   void **mappers, struct tgt_async *async) {
  tgt_begin_list(loc, dev, n, bases, begins, sizes, types, names, mappers, async);
  return 0;
}

/* ---- end ------------------------------------------------------------------------- */

/* What the end of a construct still has to do once its copies have landed. */
struct tgt_end_item {
  uintptr_t entry_begin; /* the entry, by its host address */
  uintptr_t begin;
  size_t size;
  bool copied;           /* `from` copied: put attached host pointers back */
  bool may_remove;       /* not a plain member (its parent decides) */
};

struct tgt_end_list {
  struct tgt_end_item *items;
  int n, cap;
};

static void tgt_end_push(struct tgt_end_list *l, struct tgt_end_item item) {
  if (l->n == l->cap) {
    int cap = l->cap ? l->cap * 2 : 16;
    struct tgt_end_item *grown = realloc(l->items, sizeof(*grown) * (size_t)cap);
    if (!grown)
      tgt_fatal(NULL, "out of memory unmapping list items");
    l->items = grown;
    l->cap = cap;
  }
  l->items[l->n++] = item;
}

static void tgt_end_items(ident_t *loc, struct tgt_device *dev, int32_t n, void **bases,
                          void **begins, int64_t *sizes, int64_t *types, void **names,
                          void **mappers, struct tgt_async *async,
                          struct tgt_end_list *ends);

static void tgt_unmap_push(struct tgt_async *async, struct tgt_unmap u) {
  if (async->nunmaps == async->capunmaps) {
    int cap = async->capunmaps ? async->capunmaps * 2 : 8;
    struct tgt_unmap *grown = realloc(async->unmaps, sizeof(*grown) * (size_t)cap);
    if (!grown)
      tgt_fatal(NULL, "out of memory unmapping list items");
    async->unmaps = grown;
    async->capunmaps = cap;
  }
  async->unmaps[async->nunmaps++] = u;
}

/* The construct's queue is done: its reference drops take effect, and an
 * entry left without references goes, its memory freed at once. Runs on
 * the thread that waited, or on the plugin's completion thread. */
void tgt_async_apply_unmaps(struct tgt_async *async) {
  struct tgt_device *dev = async->dev;
  if (!async->nunmaps)
    return;
  pthread_mutex_lock(&dev->lock);
  for (int k = 0; k < async->nunmaps; k++) {
    struct tgt_unmap *u = &async->unmaps[k];
    struct tgt_map_entry *e = tgt_map_find_exact(dev, u->entry_begin);
    if (!e)
      continue; /* removed by an earlier drop of this list */
    tgt_refs_apply(e, u->hold, u->drops);
    if (!u->may_remove || tgt_refs_total(e) != 0)
      continue;
    struct tgt_map_entry gone = *e;
    tgt_map_remove(dev, e);
    if (gone.owned)
      tgt_dev_free(dev, (void *)(gone.dev_alloc ? gone.dev_alloc : gone.dev_begin),
                   OMPRT_ALLOC_DEFAULT);
  }
  pthread_mutex_unlock(&dev->lock);
  free(async->unmaps);
  async->unmaps = NULL;
  async->nunmaps = async->capunmaps = 0;
}

/* The post-processing list of the construct being ended, for the
 * components of its mappers (the mapper callback has the list signature). */
static __thread struct tgt_end_list *tgt_end_current;

static void tgt_end_mapper_list(ident_t *loc, struct tgt_device *dev, int32_t n,
                                void **bases, void **begins, int64_t *sizes, int64_t *types,
                                void **names, void **mappers, struct tgt_async *async) {
  tgt_end_items(loc, dev, n, bases, begins, sizes, types, names, mappers, async,
                tgt_end_current);
}

static void tgt_end_items(ident_t *loc, struct tgt_device *dev, int32_t n, void **bases,
                          void **begins, int64_t *sizes, int64_t *types, void **names,
                          void **mappers, struct tgt_async *async,
                          struct tgt_end_list *ends) {
  for (int32_t i = n - 1; i >= 0; i--) {
    int64_t type = types[i];
    if (type & (MAP_LITERAL | MAP_PRIVATE))
      continue;
    void *name = names ? names[i] : NULL;
    if (mappers && mappers[i]) {
      struct tgt_end_list *outer = tgt_end_current;
      tgt_end_current = ends;
      tgt_apply_mapper(tgt_end_mapper_list, loc, dev, mappers[i], bases[i], begins[i],
                       sizes[i], type, name, async);
      tgt_end_current = outer;
      continue;
    }
    uintptr_t begin = (uintptr_t)begins[i];
    size_t size = (size_t)sizes[i];
    /* a pointer-and-pointee entry drops its pointee's reference, except as
     * a nested mapper's first component (which took none) */
    bool own_ref = !(type & MAP_AS_MEMBER) && (!map_is_member(type) || (type & MAP_PTR_AND_OBJ));
    bool hold = type & MAP_OMPX_HOLD, all = type & MAP_DELETE;
    pthread_mutex_lock(&dev->lock);
    struct tgt_lookup l = tgt_map_lookup(dev, begin, size);
    if (!l.entry || (l.extends && !(type & MAP_IMPLICIT))) {
      /* Not mapped: ignored, unless `present` demands it (and USM, where
       * unmapped data is the host's own, never complains). */
      if ((type & MAP_PRESENT) && !tgt_usm())
        tgt_report_missing(loc, dev, name, begins[i], sizes[i], "map(present)");
      pthread_mutex_unlock(&dev->lock);
      continue;
    }
    struct tgt_map_entry *e = l.entry;
    bool last = tgt_refs_last(e, hold, all);
    bool drop = all || own_ref;
    if (async->queue)
      tgt_unmap_push(async, (struct tgt_unmap){e->host_begin,
                                               drop ? tgt_refs_defer(e, hold, all) : 0, hold,
                                               own_ref});
    else if (drop)
      tgt_refs_dec(e, hold, all);
    struct tgt_end_item item = {
        .entry_begin = e->host_begin,
        .begin = begin,
        .size = size,
        .may_remove = own_ref,
    };
    /* The copy back: a queued construct issues it once the lock is
     * released, because a copy to pageable memory returns only when the
     * queue's kernel is done, and other constructs must keep mapping
     * meanwhile (the entry's memory stays: the construct's own reference
     * drop is pending until its queue is done). */
    bool copy_back = (type & MAP_FROM) && (last || (type & MAP_ALWAYS)) && size;
    uintptr_t copy_src = e->dev_begin + (begin - e->host_begin);
    if (copy_back) {
      item.copied = tgt_has_shadows_in(e, begin, size);
      if (!async->queue)
        tgt_copy_from(loc, dev, begins[i], copy_src, size, async, true);
    }
    /* A pointer that is no struct member (a global pointer) took a reference
     * of its own at the beginning: give it back too. */
    bool own_pointer = (type & MAP_PTR_AND_OBJ) && !(type & MAP_MEMBER_OF);
    struct tgt_lookup lp = own_pointer ? tgt_map_lookup(dev, (uintptr_t)bases[i],
                                                        sizeof(void *))
                                       : (struct tgt_lookup){0};
    if (lp.entry && lp.contained && lp.entry != e) {
      if (async->queue) {
        tgt_unmap_push(async, (struct tgt_unmap){lp.entry->host_begin,
                                                 tgt_refs_defer(lp.entry, hold, all), hold,
                                                 true});
      } else {
        tgt_refs_dec(lp.entry, hold, all);
        tgt_end_push(ends, (struct tgt_end_item){.entry_begin = lp.entry->host_begin,
                                                 .may_remove = true});
      }
    }
    pthread_mutex_unlock(&dev->lock);
    if (copy_back && async->queue)
      tgt_copy_from(loc, dev, begins[i], copy_src, size, async, false);
    tgt_end_push(ends, item);
  }
}

static void tgt_end_post(ident_t *loc, struct tgt_device *dev, struct tgt_end_list *ends,
                         struct tgt_async *async) {
  pthread_mutex_lock(&dev->lock);
  /* First put back every attached host pointer the copies brought over,
   * then remove entries: an item's entry may go while a later item still
   * has pointers to restore in another (items run in list order). */
  bool waited = false;
  for (int k = 0; k < ends->n; k++) {
    struct tgt_end_item *item = &ends->items[k];
    struct tgt_map_entry *e = item->copied ? tgt_map_find_exact(dev, item->entry_begin) : NULL;
    if (!e)
      continue;
    if (!waited)
      tgt_queue_wait(loc, dev, async, true);
    waited = true;
    tgt_shadows_to_host(e, item->begin, item->size);
  }
  for (int k = 0; k < ends->n && !async->queue; k++) {
    struct tgt_end_item *item = &ends->items[k];
    struct tgt_map_entry *e = tgt_map_find_exact(dev, item->entry_begin);
    if (!e || !item->may_remove || tgt_refs_total(e) != 0)
      continue; /* gone already, or kept (a queued construct: tgt_async_apply_unmaps) */
    struct tgt_map_entry gone = *e;
    gone.shadows = NULL;
    tgt_info(loc, TGT_INFO_MAPPING_CHANGED, "device %d: unmapped host [%p, %p)", dev->id,
             (void *)gone.host_begin, (void *)gone.host_end);
    tgt_map_remove(dev, e);
    tgt_free_device(dev, &gone, async);
  }
  pthread_mutex_unlock(&dev->lock);
}

int tgt_data_end(ident_t *loc, struct tgt_device *dev, int32_t n, void **bases,
                 void **begins, int64_t *sizes, int64_t *types, void **names,
                 void **mappers, struct tgt_async *async) {
  struct tgt_end_list ends = {0};
  tgt_end_items(loc, dev, n, bases, begins, sizes, types, names, mappers, async,
                &ends);
  tgt_end_post(loc, dev, &ends, async);
  free(ends.items);
  return 0;
}

/* ---- update ------------------------------------------------------------------- */

/* One contiguous piece of a `target update`. Holds dev->lock. */
static void tgt_update_piece(ident_t *loc, struct tgt_device *dev, uintptr_t begin,
                             size_t size, int64_t type, void *name,
                             struct tgt_async *async) {
  struct tgt_lookup l = tgt_map_lookup(dev, begin, size);
  if (!l.entry || !l.contained) {
    if ((type & MAP_PRESENT) && !tgt_usm())
      tgt_report_missing(loc, dev, name, (void *)begin, (int64_t)size,
                         "target update(present)");
    return; /* not mapped: nothing to update */
  }
  struct tgt_map_entry *e = l.entry;
  uintptr_t dev_addr = e->dev_begin + (begin - e->host_begin);
  if (type & MAP_TO) {
    tgt_copy_to(loc, dev, dev_addr, (const void *)begin, size, async, false);
    tgt_shadows_to_device(loc, dev, e, begin, size, async);
  }
  if (type & MAP_FROM) {
    tgt_copy_from(loc, dev, (void *)begin, dev_addr, size, async, true);
    if (tgt_has_shadows_in(e, begin, size)) {
      tgt_queue_wait(loc, dev, async, true);
      tgt_shadows_to_host(e, begin, size);
    }
  }
}

/* clang's descriptor of one dimension of a non-contiguous section. */
struct tgt_noncontig_dim {
  uint64_t offset, count, stride; /* stride in bytes */
};

static void tgt_update_strided(ident_t *loc, struct tgt_device *dev, uintptr_t at,
                               const struct tgt_noncontig_dim *dims, int dim, int last,
                               int64_t type, void *name, struct tgt_async *async) {
  const struct tgt_noncontig_dim *d = &dims[dim];
  if (dim == last) {
    tgt_update_piece(loc, dev, at + d->offset * d->stride, d->count * d->stride, type, name,
                     async);
    return;
  }
  for (uint64_t k = 0; k < d->count; k++)
    tgt_update_strided(loc, dev, at + (d->offset + k) * d->stride, dims, dim + 1, last, type,
                       name, async);
}

/* A non-contiguous section (`update from(m[1:2][2:3])`): every row piece
 * of it, inner dimensions that cover whole rows merged into one piece.
 * (LLVM 19.1.7 copies only one element per row here: docs §8.1.) */
static void tgt_update_noncontig(ident_t *loc, struct tgt_device *dev, void *base,
                                 const struct tgt_noncontig_dim *dims, int ndims,
                                 int64_t type, void *name, struct tgt_async *async) {
  if (ndims <= 0)
    return;
  int last = ndims - 1;
  struct tgt_noncontig_dim merged[ndims];
  memcpy(merged, dims, sizeof(merged));
  while (last > 0 && merged[last].offset == 0 &&
         merged[last].count * merged[last].stride == merged[last - 1].stride) {
    /* dimension `last` spans whole rows of the one outside it */
    last--;
  }
  tgt_update_strided(loc, dev, (uintptr_t)base, merged, 0, last, type, name, async);
}

static void tgt_update_list(ident_t *loc, struct tgt_device *dev, int32_t n, void **bases,
                            void **begins, int64_t *sizes, int64_t *types, void **names,
                            void **mappers, struct tgt_async *async) {
  for (int32_t i = 0; i < n; i++) {
    int64_t type = types[i];
    if (type & (MAP_LITERAL | MAP_PRIVATE))
      continue;
    void *name = names ? names[i] : NULL;
    if (mappers && mappers[i]) {
      tgt_apply_mapper(tgt_update_list, loc, dev, mappers[i], bases[i], begins[i], sizes[i],
                       type, name, async);
      continue;
    }
    pthread_mutex_lock(&dev->lock);
    if (type & MAP_NON_CONTIG) {
      tgt_update_noncontig(loc, dev, bases[i], begins[i], (int)sizes[i], type, name, async);
    } else {
      tgt_wait_preds_for_copy(loc, dev, async, (uintptr_t)begins[i], (size_t)sizes[i]);
      tgt_update_piece(loc, dev, (uintptr_t)begins[i], (size_t)sizes[i], type, name, async);
    }
    pthread_mutex_unlock(&dev->lock);
  }
}

int tgt_data_update(ident_t *loc, struct tgt_device *dev, int32_t n, void **bases,
                    void **begins, int64_t *sizes, int64_t *types, void **names,
                    void **mappers, struct tgt_async *async) {
  tgt_update_list(loc, dev, n, bases, begins, sizes, types, names, mappers, async);
  return 0;
}

/* ---- kernel arguments ----------------------------------------------------------- */

/* The device address a kernel argument's host begin address maps to; the
 * host address itself when nothing maps it: under unified shared memory,
 * and otherwise too, for a pointer to memory no list item mapped (OpenMP
 * 5.1 on zero-length array sections: it "retains its original value", as
 * with firstprivate; LLVM 19 does the same). */
uintptr_t tgt_map_arg(struct tgt_device *dev, uintptr_t begin, size_t size) {
  pthread_mutex_lock(&dev->lock);
  struct tgt_lookup l = tgt_map_lookup(dev, begin, size);
  uintptr_t dev_addr = l.entry ? l.entry->dev_begin + (begin - l.entry->host_begin) : begin;
  pthread_mutex_unlock(&dev->lock);
  return dev_addr;
}
