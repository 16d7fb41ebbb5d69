/* hw_subset.c — KMP_HW_SUBSET, LLVM's way of using part of the machine:
 * "2s,4c@8,2t" keeps, on the first two sockets, the cores 8..11 of each and
 * two hardware threads of each of those cores.
 *
 * Syntax (LLVM's, openmp/docs/design/Runtimes.rst): an optional leading
 * ':' (absolute counts: units of the whole machine instead of per parent
 * unit), then items [num|*]LAYER[@offset] separated by commas. Layers, case
 * ignored: s/socket/package, d/die, n/numa, l1/l2/l3 (caches), c/core,
 * t/thread (not tiles: hwloc has no such object). A missing count or '*'
 * keeps every unit of the layer.
 *
 * Semantics, as LLVM: the machine is a hierarchy of the named layers plus
 * socket, core and thread; a unit's number is its index among the units of
 * its layer inside its parent unit (the one of the nearest layer above it
 * in that hierarchy) that hold a processor the process may use. A
 * processor stays when, at every named layer, its unit's number is in
 * [offset, offset + num). The result narrows the set of usable processors,
 * from which affinity.c builds the places (and the default team size).
 *
 * What LLVM refuses, we refuse with a warning and use the whole machine: a
 * layer named twice, a layer the machine does not have, more units than a
 * parent holds, a subset with no processor left. Core attributes
 * (`:intel_core`, `:eff1`) select cores of hybrid processors; they are not
 * supported here and are named in the warning.
 */
#include <ctype.h>
#include <hwloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "runtime.h"

struct hw_subset_layer {
  const char *const *names; /* the spellings of the layer, NULL-terminated */
  hwloc_obj_type_t type;
  const char *what;         /* for messages */
};

static const char *const socket_names[] = {"s", "socket", "sockets", "package", NULL};
static const char *const die_names[] = {"d", "die", "dies", NULL};
static const char *const numa_names[] = {"n", "numa", "numa_domain", "numa_domains", NULL};
static const char *const l3_names[] = {"l3", "l3_cache", "l3cache", NULL};
static const char *const l2_names[] = {"l2", "l2_cache", "l2cache", NULL};
static const char *const l1_names[] = {"l1", "l1_cache", "l1cache", NULL};
static const char *const core_names[] = {"c", "core", "cores", NULL};
static const char *const thread_names[] = {"t", "thread", "threads", NULL};

/* Outermost first: the order in which a processor's units nest. hwloc puts
 * NUMA nodes beside the tree (memory children); a NUMA node's processors
 * are its cpuset, which is what is compared here, so nesting by cpuset
 * works for every layer. */
static const struct hw_subset_layer hw_subset_layers[] = {
    {socket_names, HWLOC_OBJ_PACKAGE, "socket"}, {numa_names, HWLOC_OBJ_NUMANODE, "NUMA node"},
    {die_names, HWLOC_OBJ_DIE, "die"},           {l3_names, HWLOC_OBJ_L3CACHE, "L3 cache"},
    {l2_names, HWLOC_OBJ_L2CACHE, "L2 cache"},
    {l1_names, HWLOC_OBJ_L1CACHE, "L1 cache"},   {core_names, HWLOC_OBJ_CORE, "core"},
    {thread_names, HWLOC_OBJ_PU, "thread"},
};
enum { HW_SUBSET_NLAYERS = sizeof(hw_subset_layers) / sizeof(hw_subset_layers[0]) };
enum { HW_SUBSET_SOCKET = 0, HW_SUBSET_CORE = HW_SUBSET_NLAYERS - 2,
       HW_SUBSET_THREAD = HW_SUBSET_NLAYERS - 1 };

struct hw_subset_item {
  bool named;
  long count;  /* -1: every unit */
  long offset;
};

struct hw_subset {
  bool absolute;
  struct hw_subset_item items[HW_SUBSET_NLAYERS];
};

static int hw_subset_layer_of(const char *word, size_t len) {
  for (int l = 0; l < HW_SUBSET_NLAYERS; l++)
    for (const char *const *name = hw_subset_layers[l].names; *name; name++)
      if (strlen(*name) == len && strncasecmp(word, *name, len) == 0)
        return l;
  return -1;
}

/* Parses `text`; on failure writes why into `why` and returns false. */
static bool hw_subset_parse(const char *text, struct hw_subset *subset, char *why,
                            size_t why_size) {
  memset(subset, 0, sizeof(*subset));
  const char *p = text;
  while (isspace((unsigned char)*p))
    p++;
  if (*p == ':') {
    subset->absolute = true;
    p++;
  }
  for (;;) {
    while (isspace((unsigned char)*p))
      p++;
    long count = -1, offset = 0;
    if (*p == '*') {
      p++;
    } else if (isdigit((unsigned char)*p)) {
      char *end;
      count = strtol(p, &end, 10);
      p = end;
      if (count <= 0) {
        snprintf(why, why_size, "a count must be positive");
        return false;
      }
    }
    const char *word = p;
    while (isalnum((unsigned char)*p) || *p == '_')
      p++;
    /* "l2", "l3": the digit belongs to the word; a count before it does not. */
    int layer = hw_subset_layer_of(word, (size_t)(p - word));
    if (layer < 0) {
      snprintf(why, why_size, "unknown layer '%.*s' (expected s, d, n, l1, l2, l3, c or t)",
               (int)(p - word), word);
      return false;
    }
    if (*p == '@') {
      char *end;
      offset = strtol(p + 1, &end, 10);
      if (end == p + 1 || offset < 0) {
        snprintf(why, why_size, "'@' must be followed by an offset (a number)");
        return false;
      }
      p = end;
    }
    if (*p == ':') {
      size_t len = strcspn(p + 1, ",");
      snprintf(why, why_size, "core attributes (':%.*s') are not supported", (int)len, p + 1);
      return false;
    }
    if (subset->items[layer].named) {
      snprintf(why, why_size, "the %s layer is named twice", hw_subset_layers[layer].what);
      return false;
    }
    subset->items[layer] = (struct hw_subset_item){true, count, offset};
    while (isspace((unsigned char)*p))
      p++;
    if (*p == '\0')
      return true;
    if (*p != ',') {
      snprintf(why, why_size, "unexpected '%c'", *p);
      return false;
    }
    p++;
  }
}

/* The unit of layer `l` that holds processor `id` (NULL if none). NUMA
 * nodes are not the PU's ancestors in hwloc 2, so go by cpusets. */
static hwloc_obj_t hw_subset_unit(hwloc_topology_t topo, int l, int id) {
  hwloc_obj_t pu = hwloc_get_pu_obj_by_os_index(topo, (unsigned)id);
  if (!pu || !pu->cpuset)
    return NULL;
  return hwloc_get_next_obj_covering_cpuset_by_type(topo, pu->cpuset,
                                                    hw_subset_layers[l].type, NULL);
}

/* The number of `unit` among the usable units of its layer inside `parent`
 * (the whole machine when NULL), in hwloc's logical order; also the count
 * of those units, in *units. */
static long hw_subset_number(hwloc_topology_t topo, hwloc_obj_t unit, hwloc_obj_t parent,
                             hwloc_const_bitmap_t usable, long *units) {
  int n = hwloc_get_nbobjs_by_type(topo, unit->type);
  long number = -1, count = 0;
  for (int i = 0; i < n; i++) {
    hwloc_obj_t obj = hwloc_get_obj_by_type(topo, unit->type, (unsigned)i);
    if (!obj->cpuset || (parent && !hwloc_bitmap_isincluded(obj->cpuset, parent->cpuset)) ||
        !hwloc_bitmap_intersects(obj->cpuset, usable))
      continue;
    if (obj == unit)
      number = count;
    count++;
  }
  *units = count;
  return number;
}

/* Applies the parsed subset to `avail`; false (with why) if it cannot be. */
static bool hw_subset_apply(hwloc_topology_t topo, const struct hw_subset *subset, bool *avail,
                            int nprocs, char *why, size_t why_size) {
  /* The hierarchy: socket, the named layers, core, thread. */
  int chain[HW_SUBSET_NLAYERS], depth = 0;
  for (int l = 0; l < HW_SUBSET_NLAYERS; l++) {
    bool always = l == HW_SUBSET_SOCKET || l == HW_SUBSET_CORE || l == HW_SUBSET_THREAD;
    if (!always && !subset->items[l].named)
      continue;
    if (hwloc_get_nbobjs_by_type(topo, hw_subset_layers[l].type) <= 0) {
      if (subset->items[l].named) {
        snprintf(why, why_size, "this machine has no %s layer", hw_subset_layers[l].what);
        return false;
      }
      continue;
    }
    chain[depth++] = l;
  }
  bool *keep = calloc((size_t)nprocs, sizeof(bool));
  hwloc_bitmap_t usable = hwloc_bitmap_alloc();
  if (!keep || !usable)
    omp_fatal(NULL, "out of memory applying KMP_HW_SUBSET");
  for (int id = 0; id < nprocs; id++)
    if (avail[id])
      hwloc_bitmap_set(usable, (unsigned)id);
  int kept = 0;
  for (int id = 0; id < nprocs; id++) {
    if (!avail[id])
      continue;
    bool stays = true;
    hwloc_obj_t parent = NULL;
    for (int k = 0; k < depth && stays; k++) {
      const struct hw_subset_item *item = &subset->items[chain[k]];
      hwloc_obj_t unit = hw_subset_unit(topo, chain[k], id);
      if (!unit)
        break; /* a processor hwloc does not place: nothing below either */
      if (item->named) {
        long units, number = hw_subset_number(topo, unit, subset->absolute ? NULL : parent,
                                              usable, &units);
        long last = item->count < 0 ? units : item->offset + item->count;
        if (last > units) {
          snprintf(why, why_size, "%ld %s%s asked for%s, %ld available", last,
                   hw_subset_layers[chain[k]].what, last == 1 ? "" : "s",
                   subset->absolute ? "" : " per parent unit", units);
          free(keep);
          hwloc_bitmap_free(usable);
          return false;
        }
        stays = number >= item->offset && number < last;
      }
      parent = unit;
    }
    keep[id] = stays;
    kept += stays;
  }
  hwloc_bitmap_free(usable);
  if (kept == 0) {
    snprintf(why, why_size, "no processor is left");
    free(keep);
    return false;
  }
  memcpy(avail, keep, sizeof(bool) * (size_t)nprocs);
  free(keep);
  return true;
}

bool omp_hw_subset_filter(const char *text, bool *avail, int nprocs) {
  struct hw_subset subset;
  char why[160];
  bool applied = false;
  if (hw_subset_parse(text, &subset, why, sizeof(why))) {
    hwloc_topology_t topo;
    if (hwloc_topology_init(&topo) != 0) {
      snprintf(why, sizeof(why), "the machine's topology cannot be read (hwloc)");
    } else {
      if (hwloc_topology_load(topo) != 0)
        snprintf(why, sizeof(why), "the machine's topology cannot be read (hwloc)");
      else
        applied = hw_subset_apply(topo, &subset, avail, nprocs, why, sizeof(why));
      hwloc_topology_destroy(topo);
    }
  }
  if (!applied)
    omp_warn("KMP_HW_SUBSET=\"%s\": %s; using every processor", text, why);
  return applied;
}
