/* image.c — registration of the program's device images and their entries.
 *
 * clang-19's start-up code calls __tgt_register_lib with a descriptor of
 * every device image (each wrapped in an LLVM offload binary: magic
 * 10 FF 10 AD, a string table with "triple" and "arch", then the raw ELF) and
 * the host's offload entries. A plugin that can run an image activates (its
 * devices join the device table); each device loads the first compatible
 * image when first used and resolves every entry by name: kernels to kernel
 * handles, `declare target` globals to device addresses, which also become
 * permanent entries of the device's mapping table.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "target.h"

struct tgt_registered_image {
  __tgt_device_image *image;
  const void *bytes; /* the raw device image inside the offload binary */
  size_t size;
  char triple[64];
  char arch[32];
};

static pthread_mutex_t tgt_images_lock = PTHREAD_MUTEX_INITIALIZER;
static struct tgt_registered_image *tgt_images;
static int tgt_nimages;

/* ---- the offload binary wrapper ------------------------------------------ */

struct offload_binary_header {
  uint8_t magic[4];
  uint32_t version;
  uint64_t size;
  uint64_t entry_offset;
  uint64_t entry_size;
};

struct offload_binary_entry {
  uint16_t image_kind;
  uint16_t offload_kind;
  uint32_t flags;
  uint64_t string_offset;
  uint64_t num_strings;
  uint64_t image_offset;
  uint64_t image_size;
};

static void tgt_parse_image(struct tgt_registered_image *r) {
  const uint8_t *start = r->image->ImageStart;
  size_t total = (size_t)((const uint8_t *)r->image->ImageEnd - start);
  static const uint8_t magic[4] = {0x10, 0xFF, 0x10, 0xAD};
  r->bytes = start;
  r->size = total;
  if (total < sizeof(struct offload_binary_header) || memcmp(start, magic, 4) != 0)
    return; /* a raw image */
  const struct offload_binary_header *h = (const void *)start;
  if (h->entry_offset + sizeof(struct offload_binary_entry) > total)
    tgt_fatal(NULL, "corrupt device image: offload binary entry beyond its end");
  const struct offload_binary_entry *e = (const void *)(start + h->entry_offset);
  if (e->image_offset + e->image_size > total ||
      e->string_offset + e->num_strings * 16 > total)
    tgt_fatal(NULL, "corrupt device image: offload binary image or strings beyond "
                    "its end");
  for (uint64_t i = 0; i < e->num_strings; i++) {
    const uint64_t *kv = (const void *)(start + e->string_offset + i * 16);
    if (kv[0] >= total || kv[1] >= total)
      tgt_fatal(NULL, "corrupt device image: bad string table");
    const char *key = (const char *)start + kv[0];
    const char *value = (const char *)start + kv[1];
    if (strcmp(key, "triple") == 0)
      snprintf(r->triple, sizeof(r->triple), "%s", value);
    else if (strcmp(key, "arch") == 0)
      snprintf(r->arch, sizeof(r->arch), "%s", value);
  }
  r->bytes = start + e->image_offset;
  r->size = e->image_size;
}

void tgt_activate_plugins_for_index(int index);

/* One compilation unit's `requires` clauses (each unit with device code
 * states them; 1 when it names none). reverse_offload, unified_address and
 * unified_shared_memory change how the whole program offloads, so OpenMP
 * wants each in every such unit or in none: a unit that differs is an
 * error, as in LLVM. Called with tgt_images_lock held. */
static void tgt_add_requirements(int64_t flags) {
  static bool seen;
  static const struct {
    int64_t bit;
    const char *name;
  } must_agree[] = {{TGT_REQ_REVERSE_OFFLOAD, "reverse_offload"},
                    {TGT_REQ_UNIFIED_ADDRESS, "unified_address"},
                    {TGT_REQ_UNIFIED_SHARED_MEMORY, "unified_shared_memory"}};
  if (seen)
    for (size_t i = 0; i < sizeof(must_agree) / sizeof(must_agree[0]); i++)
      if ((tgt_requires_flags ^ flags) & must_agree[i].bit)
        tgt_fatal(NULL, "'#pragma omp requires %s' is not used consistently: "
                        "a compilation unit with device code %s it and another "
                        "does not (OpenMP wants it in every such unit or in none)",
                  must_agree[i].name,
                  (flags & must_agree[i].bit) ? "names" : "lacks");
  seen = true;
  tgt_requires_flags |= flags;
}

TGT_EXPORT void __tgt_register_lib(__tgt_bin_desc *desc) {
  tgt_init();
  pthread_mutex_lock(&tgt_images_lock);
  for (int i = 0; i < desc->NumDeviceImages; i++) {
    struct tgt_registered_image *grown =
        realloc(tgt_images, sizeof(*tgt_images) * (size_t)(tgt_nimages + 1));
    if (!grown)
      tgt_fatal(NULL, "out of memory registering device images");
    tgt_images = grown;
    struct tgt_registered_image *r = &tgt_images[tgt_nimages++];
    memset(r, 0, sizeof(*r));
    r->image = &desc->DeviceImages[i];
    tgt_parse_image(r);
    tgt_activate_plugins_for_index(tgt_nimages - 1);
  }
  /* `requires` clauses travel as entries with no address (docs §1.4). */
  for (__tgt_offload_entry *e = desc->HostEntriesBegin; e && e < desc->HostEntriesEnd; e++)
    if (e->flags & OMP_REGISTER_REQUIRES)
      tgt_add_requirements(e->data);
  pthread_mutex_unlock(&tgt_images_lock);
  /* A library dlopen()ed after a device started: its images load there now
   * (devices starting later load every registered image themselves). */
  for (int d = 0; d < tgt_num_devices; d++) {
    pthread_mutex_lock(&tgt_images_lock);
    bool ready = tgt_devices[d].images_ready;
    pthread_mutex_unlock(&tgt_images_lock);
    if (ready)
      tgt_device_load_images(&tgt_devices[d], NULL);
  }
}

/* The images of `desc` leave the device: their globals' mappings, their
 * entries and the loaded code. */
static void tgt_device_drop_images(struct tgt_device *dev, __tgt_bin_desc *desc) {
  pthread_mutex_lock(&dev->lock);
  for (struct tgt_loaded_image **link = &dev->images; *link;) {
    struct tgt_loaded_image *li = *link;
    __tgt_device_image *img = li->image;
    if (img < desc->DeviceImages || img >= desc->DeviceImages + desc->NumDeviceImages) {
      link = &li->next;
      continue;
    }
    *link = li->next;
    for (size_t i = 0; i < li->nentries; i++) {
      __tgt_offload_entry *e = &img->EntriesBegin[i];
      struct tgt_map_entry *m = e->size ? tgt_map_find_exact(dev, (uintptr_t)e->addr) : NULL;
      if (m && m->infinite && !m->owned)
        tgt_map_remove(dev, m);
    }
    if (tgt_ompt_on())
      tgt_ompt_image_unloaded(dev, li);
    dev->plugin->unload_image(dev->plugin_dev, li->handle);
    free(li->dev_entries);
    free(li);
  }
  pthread_mutex_unlock(&dev->lock);
}

/* At exit the program's images go away; devices keep nothing of them. */
/* libomp (target_hooks.c): the initial thread's outstanding tasks finish. */
void __omprt_finish_initial_tasks(void);

TGT_EXPORT void __tgt_unregister_lib(__tgt_bin_desc *desc) {
  /* A program that ends with `nowait` target tasks still running: they
   * finish first, their images still loaded. */
  __omprt_finish_initial_tasks();
  pthread_mutex_lock(&tgt_images_lock);
  int kept = 0;
  for (int i = 0; i < tgt_nimages; i++) {
    __tgt_device_image *img = tgt_images[i].image;
    if (img >= desc->DeviceImages && img < desc->DeviceImages + desc->NumDeviceImages)
      continue;
    tgt_images[kept++] = tgt_images[i];
  }
  tgt_nimages = kept;
  if (!kept) /* the program's last image: its mappings, as LLVM's at exit */
    for (int d = 0; d < tgt_num_devices; d++)
      if (tgt_devices[d].images_ready)
        tgt_info_dump_table(NULL, &tgt_devices[d]);
  /* Where the plugin can unload them (both of ours can); a plugin without
   * unload_image keeps the code, which nothing can reach any more. */
  for (int d = 0; d < tgt_num_devices; d++)
    if (tgt_devices[d].images_ready && tgt_devices[d].plugin->unload_image)
      tgt_device_drop_images(&tgt_devices[d], desc);
  pthread_mutex_unlock(&tgt_images_lock);
}

bool tgt_image_compatible(const struct omprt_plugin *plugin, int index) {
  const struct tgt_registered_image *r = &tgt_images[index];
  return plugin->is_compatible(r->bytes, r->size, r->triple, r->arch);
}

int tgt_image_count(void) { return tgt_nimages; }

/* ---- loading on a device ------------------------------------------------------ */

/* Why entry `e` could not be resolved, from the plugin's answer: only
 * OMPRT_NOT_FOUND means the image lacks it (the plugin's own detail, a
 * driver error or a size mismatch, follows the message). */
static bool tgt_unresolved(int rc, const __tgt_offload_entry *e, char *why, size_t why_size) {
  if (rc == OMPRT_SUCCESS)
    return false;
  if (rc == OMPRT_NOT_FOUND)
    snprintf(why, why_size, "'%s' is missing from the device image", e->name);
  else
    snprintf(why, why_size, "cannot resolve %s '%s' in the device image",
             e->size ? "global" : "kernel", e->name);
  return true;
}

/* Resolve entry `i` of a freshly loaded image by name; false, with the
 * reason in `why`, when that fails. A `declare target indirect` function is
 * added to `indirect` (room for every entry). */
static bool tgt_resolve_entry(struct tgt_device *dev, struct tgt_loaded_image *li, size_t i,
                              struct omprt_indirect_call *indirect, size_t *nindirect,
                              char *why, size_t why_size) {
  __tgt_offload_entry *e = &li->image->EntriesBegin[i];
  if ((e->flags & OMP_REGISTER_REQUIRES) || !e->addr)
    return true; /* a `requires` record (read at registration), not an entry */
  if (e->size == 0)
    return !tgt_unresolved(
        dev->plugin->get_kernel(dev->plugin_dev, li->handle, e->name, &li->dev_entries[i]), e,
        why, why_size);
  void *dev_addr = NULL;
  if (tgt_unresolved(
          dev->plugin->get_global(dev->plugin_dev, li->handle, e->name, e->size, &dev_addr), e,
          why, why_size))
    return false;
  if (e->flags & OMP_DECLARE_TARGET_INDIRECT) {
    /* `declare target indirect` function: the device global holds the
     * device function's address. Mapping host function -> device function
     * lets a function pointer passed to a kernel (a zero-length pointer
     * map) arrive translated; the plugin's table serves device code that
     * looks a host pointer up itself (__llvm_omp_indirect_call_lookup). */
    void *dev_fn = NULL;
    if (dev->plugin->copy_from(dev->plugin_dev, &dev_fn, dev_addr, sizeof(dev_fn), NULL)) {
      snprintf(why, why_size, "cannot read the device address of indirect function '%s'",
               e->name);
      return false;
    }
    dev_addr = dev_fn;
    indirect[(*nindirect)++] = (struct omprt_indirect_call){e->addr, dev_fn};
  }
  /* Under `requires unified_shared_memory` clang-19 reaches every
   * declare-target variable (`to`, `enter` and `link`) through a reference
   * pointer whose host copy holds the variable's host address, and nothing
   * attaches the device's copy (the map of a host-resident variable has no
   * device address to attach). So the device's pointer starts as the
   * host's: LLVM's plugins write each variable entry's host bytes to the
   * device at load. Left null, a kernel that uses the variable faults. */
  if (!(e->flags & OMP_DECLARE_TARGET_INDIRECT) &&
      (tgt_requires_flags & TGT_REQ_UNIFIED_SHARED_MEMORY) &&
      dev->plugin->copy_to(dev->plugin_dev, dev_addr, e->addr, e->size, NULL)) {
    snprintf(why, why_size, "cannot initialise '%s' on the device", e->name);
    return false;
  }
  li->dev_entries[i] = dev_addr;
  /* A declare-target global (for `link`, its reference pointer, which a map
   * of the variable attaches to the device copy) is always present: an
   * infinite mapping. */
  struct tgt_map_entry m = {
      .host_base = (uintptr_t)e->addr,
      .host_begin = (uintptr_t)e->addr,
      .host_end = (uintptr_t)e->addr + e->size,
      .dev_begin = (uintptr_t)dev_addr,
      .infinite = true,
  };
  if (!tgt_map_lookup(dev, m.host_begin, e->size).entry)
    tgt_map_insert(dev, m);
  return true;
}

static int tgt_indirect_call_order(const void *a, const void *b) {
  uintptr_t x = (uintptr_t)((const struct omprt_indirect_call *)a)->host;
  uintptr_t y = (uintptr_t)((const struct omprt_indirect_call *)b)->host;
  return (x > y) - (x < y);
}

/* Resolve every entry of a freshly loaded image by name. Called with
 * dev->lock held; false, with the reason in `why`, when one fails. */
static bool tgt_resolve_entries(struct tgt_device *dev, struct tgt_loaded_image *li,
                                char *why, size_t why_size) {
  li->nentries = (size_t)(li->image->EntriesEnd - li->image->EntriesBegin);
  li->dev_entries = calloc(li->nentries ? li->nentries : 1, sizeof(void *));
  struct omprt_indirect_call *indirect =
      calloc(li->nentries ? li->nentries : 1, sizeof(*indirect));
  if (!li->dev_entries || !indirect) {
    free(indirect);
    snprintf(why, why_size, "out of memory resolving the image's %zu entries", li->nentries);
    return false;
  }
  size_t nindirect = 0;
  bool resolved = true;
  for (size_t i = 0; resolved && i < li->nentries; i++)
    resolved = tgt_resolve_entry(dev, li, i, indirect, &nindirect, why, why_size);
  if (resolved && nindirect && dev->plugin->set_indirect_calls) {
    qsort(indirect, nindirect, sizeof(*indirect), tgt_indirect_call_order);
    if (dev->plugin->set_indirect_calls(dev->plugin_dev, li->handle, indirect, nindirect) !=
        OMPRT_SUCCESS) {
      snprintf(why, why_size, "cannot install the table of `declare target indirect` functions");
      resolved = false;
    }
  }
  free(indirect);
  return resolved;
}

/* Load, on `dev`, the first registered image its plugin can run. Errors are
 * reported after the locks are released (exit handlers take them). */
int tgt_device_load_images(struct tgt_device *dev, ident_t *loc) {
  pthread_mutex_lock(&tgt_images_lock);
  for (int i = 0; i < tgt_nimages; i++) {
    const struct tgt_registered_image *r = &tgt_images[i];
    bool loaded = false;
    for (struct tgt_loaded_image *li = dev->images; li; li = li->next)
      loaded |= li->image == r->image;
    if (loaded || !dev->plugin->is_compatible(r->bytes, r->size, r->triple, r->arch))
      continue;
    struct tgt_loaded_image *li = calloc(1, sizeof(*li));
    if (!li) {
      pthread_mutex_unlock(&tgt_images_lock);
      tgt_fatal(loc, "out of memory loading a device image");
    }
    li->image = r->image;
    int rc = dev->plugin->load_image(dev->plugin_dev, r->bytes, r->size, &li->handle);
    if (rc != OMPRT_SUCCESS) {
      free(li);
      pthread_mutex_unlock(&tgt_images_lock);
      tgt_fatal(loc, "device %d (%s): cannot load the device image for %s",
                dev->id, dev->plugin->name, r->triple[0] ? r->triple : "this device");
    }
    if (tgt_ompt_on())
      tgt_ompt_image_loaded(dev, li, r->bytes, r->size);
    char why[512];
    pthread_mutex_lock(&dev->lock);
    bool resolved = tgt_resolve_entries(dev, li, why, sizeof why);
    li->next = dev->images;
    dev->images = li;
    pthread_mutex_unlock(&dev->lock);
    if (!resolved) {
      pthread_mutex_unlock(&tgt_images_lock);
      tgt_fatal(loc, "device %d (%s): %s", dev->id, dev->plugin->name, why);
    }
  }
  dev->images_ready = true;
  pthread_mutex_unlock(&tgt_images_lock);
  return 0;
}

/* The device-side handle for a host entry (kernel region id or global). */
void *tgt_device_entry(struct tgt_device *dev, void *host_addr, const char **name) {
  for (struct tgt_loaded_image *li = dev->images; li; li = li->next) {
    __tgt_device_image *img = li->image;
    for (size_t i = 0; i < li->nentries; i++) {
      if (img->EntriesBegin[i].addr == host_addr) {
        if (name)
          *name = img->EntriesBegin[i].name;
        return li->dev_entries[i];
      }
    }
  }
  return NULL;
}

/* clang-19 never calls this (requires clauses arrive as offload entries);
 * LLVM 19 keeps it only to say so, and ignores the flags. */
TGT_EXPORT void __tgt_register_requires(int64_t flags) {
  (void)flags;
  tgt_warn("__tgt_register_requires has been removed; old OpenMP requirements will "
           "not be handled");
}

TGT_EXPORT void __tgt_init_all_rtls(void) { tgt_init(); }
