/* mapping.c — a device's table of mapped host ranges.
 *
 * Entries are kept in an array sorted by host address with no overlaps, so a
 * lookup is a binary search (O(log n)); inserting shifts the tail. The
 * caller holds dev->lock for every call here. Each entry carries the dynamic
 * and the ompx_hold reference counts that decide when it goes away, and the
 * pointers inside it that were attached to device pointees.
 */
#include <stdlib.h>
#include <string.h>

#include "target.h"

/* Index of the last entry whose host_begin <= addr, or -1. */
static ptrdiff_t tgt_map_floor(struct tgt_device *dev, uintptr_t addr) {
  ptrdiff_t lo = 0, hi = (ptrdiff_t)dev->nmaps - 1, found = -1;
  while (lo <= hi) {
    ptrdiff_t mid = lo + (hi - lo) / 2;
    if (dev->maps[mid].host_begin <= addr) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}

/* The base address an entry was mapped with (a section's array or
 * pointer), its begin when none was given. */
static uintptr_t tgt_entry_base(const struct tgt_map_entry *e) {
  return e->host_base ? e->host_base : e->host_begin;
}

/* Find the entry overlapping [begin, begin+size). A zero-size range (a
 * pointer: an implicitly captured one, use_device_ptr) matches the entry
 * containing `begin`, and also one that `begin` lies between the base and
 * the section of: after map(p[64:128]), `p` itself finds that entry, as in
 * LLVM's lookup (OpenMP 5.1, pointer initialization for device data
 * environments); the device address is then outside the allocation. */
struct tgt_lookup tgt_map_lookup(struct tgt_device *dev, uintptr_t begin, size_t size) {
  struct tgt_lookup r = {0};
  uintptr_t end = begin + size;
  ptrdiff_t i = tgt_map_floor(dev, begin);
  struct tgt_map_entry *e = NULL;
  if (size == 0) {
    if (i >= 0 && (begin < dev->maps[i].host_end || begin == dev->maps[i].host_begin ||
                   begin < tgt_entry_base(&dev->maps[i])))
      e = &dev->maps[i];
    else if ((size_t)(i + 1) < dev->nmaps && begin >= tgt_entry_base(&dev->maps[i + 1]))
      e = &dev->maps[i + 1];
    if (e) {
      r.entry = e;
      r.contained = true;
    }
    return r;
  }
  if (i >= 0 && begin < dev->maps[i].host_end)
    e = &dev->maps[i];
  else if ((size_t)(i + 1) < dev->nmaps && dev->maps[i + 1].host_begin < end)
    e = &dev->maps[i + 1]; /* the range starts before an entry and runs into it */
  if (!e)
    return r;
  r.entry = e;
  r.contained = begin >= e->host_begin && end <= e->host_end;
  r.extends = !r.contained;
  return r;
}

struct tgt_map_entry *tgt_map_insert(struct tgt_device *dev, struct tgt_map_entry e) {
  if (dev->nmaps == dev->capmaps) {
    size_t cap = dev->capmaps ? dev->capmaps * 2 : 64;
    struct tgt_map_entry *grown = realloc(dev->maps, sizeof(*grown) * cap);
    if (!grown)
      tgt_fatal(NULL, "out of memory growing the mapping table of device %d", dev->id);
    dev->maps = grown;
    dev->capmaps = cap;
  }
  size_t at = (size_t)(tgt_map_floor(dev, e.host_begin) + 1);
  memmove(&dev->maps[at + 1], &dev->maps[at], sizeof(e) * (dev->nmaps - at));
  dev->maps[at] = e;
  dev->nmaps++;
  return &dev->maps[at];
}

void tgt_map_remove(struct tgt_device *dev, struct tgt_map_entry *e) {
  if (e->copy_event)
    dev->plugin->event_destroy(dev->plugin_dev, e->copy_event);
  for (struct tgt_shadow_ptr *s = e->shadows, *next; s; s = next) {
    next = s->next;
    free(s);
  }
  size_t at = (size_t)(e - dev->maps);
  memmove(&dev->maps[at], &dev->maps[at + 1], sizeof(*e) * (dev->nmaps - at - 1));
  dev->nmaps--;
}

/* The device address of a mapped host address, NULL when unmapped. */
void *tgt_map_translate(struct tgt_device *dev, const void *host_ptr) {
  struct tgt_lookup l = tgt_map_lookup(dev, (uintptr_t)host_ptr, 0);
  if (!l.entry)
    return NULL;
  return (void *)(l.entry->dev_begin + ((uintptr_t)host_ptr - l.entry->host_begin));
}

struct tgt_map_entry *tgt_map_find_exact(struct tgt_device *dev, uintptr_t host_begin) {
  ptrdiff_t i = tgt_map_floor(dev, host_begin);
  return i >= 0 && dev->maps[i].host_begin == host_begin ? &dev->maps[i] : NULL;
}

/* Keyed by the pointer's host address: a pointer re-attached to another
 * pointee replaces its record. */
bool tgt_map_add_shadow(struct tgt_map_entry *e, struct tgt_shadow_ptr s) {
  for (struct tgt_shadow_ptr *old = e->shadows; old; old = old->next) {
    if (old->host_addr != s.host_addr)
      continue;
    if (old->dev_value == s.dev_value && old->dev_addr == s.dev_addr)
      return false;
    old->host_value = s.host_value;
    old->dev_addr = s.dev_addr;
    old->dev_value = s.dev_value;
    return true;
  }
  struct tgt_shadow_ptr *node = malloc(sizeof(*node));
  if (!node)
    tgt_fatal(NULL, "out of memory recording an attached pointer");
  *node = s;
  node->next = e->shadows;
  e->shadows = node;
  return true;
}
