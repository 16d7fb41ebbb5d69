/* api_memory.c — the device memory routines (OpenMP 5.2 §18.8) that
 * allocate and look up, and LLVM's extensions to them: omp_target_alloc/free,
 * llvm_omp_target_{alloc,free}_{host,shared,device}, llvm_omp_target_{lock,
 * unlock}_mem, omp_target_is_present, omp_target_is_accessible,
 * omp_get_mapped_ptr, omp_target_{associate,disassociate}_ptr,
 * ompx_dump_mapping_tables and __tgt_print_device_info. The copies
 * (memcpy, memcpy_rect, memset and their _async forms) are in api_memcpy.c.
 *
 * Where it sits: the program calls these directly; they resolve the device
 * number (tgt_api_device, below, over rtl.c's table), then use the
 * plugin's allocator or the device's mapping table (mapping.c) under the
 * device lock.
 *
 * Device numbers: 0..n-1 are offload devices; n = omp_get_initial_device()
 * and omp_initial_device (-1, OpenMP 5.2) are the host, whose memory is the
 * process's own (malloc, free). Any other number is a fatal error naming
 * the routine. Failures the spec lets a routine report (bad arguments, an
 * association that conflicts) return an error value with a warning on
 * stderr; an allocation the device cannot satisfy returns NULL silently.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "omp.h" /* the prototypes these definitions must match */
#include "target.h"

#define API_FAIL (-1)           /* LLVM's OFFLOAD_FAIL */
#define API_INITIAL_DEVICE (-1) /* omp_initial_device (OpenMP 5.2) */

extern int64_t tgt_requires_flags;
#define TGT_REQ_UNIFIED_SHARED_MEMORY 0x008

/* ---- device numbers ------------------------------------------------------------ */

struct tgt_device *tgt_api_device(const char *routine, int64_t device_num) {
  tgt_init();
  int initial = omp_get_initial_device();
  if (device_num == initial || device_num == API_INITIAL_DEVICE)
    return NULL;
  if (device_num < 0 || device_num > initial) {
    if (tgt_offload_policy() == 0)
      tgt_fatal(NULL, "%s: device number %lld does not exist (offloading is disabled by "
                      "OMP_TARGET_OFFLOAD=DISABLED; initial device: %d)",
                routine, (long long)device_num, initial);
    tgt_fatal(NULL, "%s: device number %lld does not exist (offload devices: %d, "
                    "initial device: %d)",
              routine, (long long)device_num, initial, initial);
  }
  struct tgt_device *dev = tgt_device_get(NULL, device_num);
  if (!dev) /* not reached: a valid offload device number */
    tgt_fatal(NULL, "%s: device %lld is not available", routine, (long long)device_num);
  return dev;
}

/* ---- allocation ------------------------------------------------------------------ */

static void *api_alloc(const char *routine, size_t size, int device_num,
                       enum omprt_alloc_kind kind) {
  struct tgt_device *dev = tgt_api_device(routine, device_num);
  if (size == 0)
    return NULL; /* as LLVM: nothing to allocate */
  if (!dev)
    return malloc(size);
  /* Out of memory is a NULL result (the spec), never fatal. */
  void *ptr = tgt_dev_alloc(dev, size, kind, NULL);
  tgt_info(NULL, TGT_INFO_MAPPING_CHANGED, "%s: %zu bytes on device %d at %p", routine, size,
           dev->id, ptr);
  return ptr;
}

static void api_free(const char *routine, void *ptr, int device_num,
                     enum omprt_alloc_kind kind) {
  struct tgt_device *dev = tgt_api_device(routine, device_num);
  if (!ptr)
    return;
  if (!dev) {
    free(ptr);
    return;
  }
  if (tgt_dev_free(dev, ptr, kind))
    tgt_warn("%s: device %d could not free %p", routine, dev->id, ptr);
}

TGT_EXPORT void *omp_target_alloc(size_t size, int device_num) {
  TGT_OMPT_API();
  return api_alloc("omp_target_alloc", size, device_num, OMPRT_ALLOC_DEFAULT);
}

TGT_EXPORT void omp_target_free(void *ptr, int device_num) {
  TGT_OMPT_API();
  api_free("omp_target_free", ptr, device_num, OMPRT_ALLOC_DEFAULT);
}

TGT_EXPORT void *llvm_omp_target_alloc_device(size_t size, int device_num) {
  TGT_OMPT_API();
  return api_alloc("llvm_omp_target_alloc_device", size, device_num, OMPRT_ALLOC_DEVICE);
}

TGT_EXPORT void *llvm_omp_target_alloc_host(size_t size, int device_num) {
  TGT_OMPT_API();
  return api_alloc("llvm_omp_target_alloc_host", size, device_num, OMPRT_ALLOC_HOST);
}

TGT_EXPORT void *llvm_omp_target_alloc_shared(size_t size, int device_num) {
  TGT_OMPT_API();
  return api_alloc("llvm_omp_target_alloc_shared", size, device_num, OMPRT_ALLOC_SHARED);
}

TGT_EXPORT void llvm_omp_target_free_device(void *ptr, int device_num) {
  TGT_OMPT_API();
  api_free("llvm_omp_target_free_device", ptr, device_num, OMPRT_ALLOC_DEVICE);
}

TGT_EXPORT void llvm_omp_target_free_host(void *ptr, int device_num) {
  TGT_OMPT_API();
  api_free("llvm_omp_target_free_host", ptr, device_num, OMPRT_ALLOC_HOST);
}

TGT_EXPORT void llvm_omp_target_free_shared(void *ptr, int device_num) {
  TGT_OMPT_API();
  api_free("llvm_omp_target_free_shared", ptr, device_num, OMPRT_ALLOC_SHARED);
}

/* Pinning: the plugin's, where it has one; otherwise memory needs no
 * pinning and the pointer is its own locked form (as LLVM's host plugin). */
TGT_EXPORT void *llvm_omp_target_lock_mem(void *ptr, size_t size, int device_num) {
  struct tgt_device *dev = tgt_api_device("llvm_omp_target_lock_mem", device_num);
  if (!dev || !ptr || !dev->plugin->lock_host)
    return ptr;
  return dev->plugin->lock_host(dev->plugin_dev, ptr, size);
}

TGT_EXPORT void llvm_omp_target_unlock_mem(void *ptr, int device_num) {
  struct tgt_device *dev = tgt_api_device("llvm_omp_target_unlock_mem", device_num);
  if (dev && ptr && dev->plugin->unlock_host)
    dev->plugin->unlock_host(dev->plugin_dev, ptr);
}

/* Dynamic shared memory exists only inside a kernel; on the host there is
 * none (the device runtime has its own definition). */
TGT_EXPORT void *llvm_omp_target_dynamic_shared_alloc(void) { return NULL; }
TGT_EXPORT void *llvm_omp_get_dynamic_shared(void) { return NULL; }

/* ---- presence and accessibility ------------------------------------------------ */

TGT_EXPORT int omp_target_is_present(const void *ptr, int device_num) {
  struct tgt_device *dev = tgt_api_device("omp_target_is_present", device_num);
  if (!ptr)
    return 0;
  if (!dev)
    return 1;
  /* The size of the storage is unknown: its first byte decides (LLVM). */
  pthread_mutex_lock(&dev->lock);
  struct tgt_lookup l = tgt_map_lookup(dev, (uintptr_t)ptr, 1);
  pthread_mutex_unlock(&dev->lock);
  return l.entry != NULL;
}

/* "Accessible" asks whether the device can dereference this host address
 * directly. The host can; so can the x86_64 device, whose kernels run in
 * this process's address space (its separate memory is a mapping policy,
 * not a hardware boundary); so can any device under `requires
 * unified_shared_memory`. A GPU without it cannot. LLVM 19 does not
 * provide this routine at all. */
TGT_EXPORT int omp_target_is_accessible(const void *ptr, size_t size, int device_num) {
  struct tgt_device *dev = tgt_api_device("omp_target_is_accessible", device_num);
  (void)size;
  if (!ptr)
    return 0;
  if (!dev)
    return 1;
  if (tgt_requires_flags & TGT_REQ_UNIFIED_SHARED_MEMORY)
    return 1;
  return dev->plugin == &omprt_plugin_x86_64;
}

TGT_EXPORT void *omp_get_mapped_ptr(const void *ptr, int device_num) {
  struct tgt_device *dev = tgt_api_device("omp_get_mapped_ptr", device_num);
  if (!ptr)
    return NULL;
  if (!dev)
    return (void *)ptr;
  pthread_mutex_lock(&dev->lock);
  struct tgt_lookup l = tgt_map_lookup(dev, (uintptr_t)ptr, 1);
  void *mapped = l.entry ? (void *)(l.entry->dev_begin +
                                    ((uintptr_t)ptr - l.entry->host_begin))
                         : NULL;
  pthread_mutex_unlock(&dev->lock);
  return mapped;
}

/* ---- associations ------------------------------------------------------------------ */

/* An association is a mapping entry with an infinite reference count whose
 * device memory belongs to the program: map clauses find it like any other
 * mapping and never copy into it on entry or free it on exit. */
TGT_EXPORT int omp_target_associate_ptr(const void *host_ptr, const void *device_ptr,
                                        size_t size, size_t device_offset,
                                        int device_num) {
  TGT_OMPT_API();
  struct tgt_device *dev = tgt_api_device("omp_target_associate_ptr", device_num);
  if (!host_ptr || !device_ptr || size == 0) {
    tgt_warn("omp_target_associate_ptr: invalid arguments (host %p, device %p, %zu "
             "bytes)", host_ptr, device_ptr, size);
    return API_FAIL;
  }
  if (!dev) {
    tgt_warn("omp_target_associate_ptr: no association is possible with the initial "
             "device");
    return API_FAIL;
  }
  uintptr_t begin = (uintptr_t)host_ptr;
  uintptr_t dev_begin = (uintptr_t)device_ptr + device_offset;
  int rc = 0;
  pthread_mutex_lock(&dev->lock);
  struct tgt_lookup l = tgt_map_lookup(dev, begin, size);
  if (l.entry) {
    struct tgt_map_entry *e = l.entry;
    /* Associating the same range with the same device memory again is a
     * no-op; anything else overlapping an existing mapping is refused. */
    if (!(e->host_begin == begin && e->host_end == begin + size &&
          e->dev_begin == dev_begin)) {
      tgt_warn("omp_target_associate_ptr: host [%p, %p) on device %d overlaps the "
               "existing mapping [%p, %p) -> %p",
               host_ptr, (void *)(begin + size), dev->id, (void *)e->host_begin,
               (void *)e->host_end, (void *)e->dev_begin);
      rc = API_FAIL;
    }
  } else {
    struct tgt_map_entry e = {
        .host_base = begin,
        .host_begin = begin,
        .host_end = begin + size,
        .dev_begin = dev_begin,
        .infinite = true,
        .owned = false,
    };
    tgt_map_insert(dev, e);
    tgt_info(NULL, TGT_INFO_MAPPING_CHANGED, "device %d: associated host [%p, %p) -> device %p",
             dev->id, host_ptr, (void *)(begin + size), (void *)dev_begin);
    if (tgt_ompt_on()) {
      struct tgt_ompt_op op = {.optype = ompt_target_data_associate,
                               .src = (void *)host_ptr, .dst = (void *)dev_begin,
                               .src_device = tgt_initial_device(), .dst_device = dev->id,
                               .bytes = size};
      tgt_ompt_op(&op, ompt_scope_begin);
      tgt_ompt_op(&op, ompt_scope_end);
    }
  }
  pthread_mutex_unlock(&dev->lock);
  return rc;
}

TGT_EXPORT int omp_target_disassociate_ptr(const void *host_ptr, int device_num) {
  TGT_OMPT_API();
  struct tgt_device *dev = tgt_api_device("omp_target_disassociate_ptr", device_num);
  if (!host_ptr) {
    tgt_warn("omp_target_disassociate_ptr: NULL host pointer");
    return API_FAIL;
  }
  if (!dev) {
    tgt_warn("omp_target_disassociate_ptr: no association is possible with the "
             "initial device");
    return API_FAIL;
  }
  const char *problem = NULL;
  pthread_mutex_lock(&dev->lock);
  struct tgt_lookup l = tgt_map_lookup(dev, (uintptr_t)host_ptr, 1);
  struct tgt_map_entry *e = l.entry;
  if (!e || e->host_begin != (uintptr_t)host_ptr)
    problem = "no association starts at this address";
  else if (!e->infinite || e->owned)
    problem = "the address was mapped by a map clause, not omp_target_associate_ptr";
  else if (e->hold_refs)
    problem = "the association has a non-zero ompx_hold reference count";
  else {
    if (tgt_ompt_on()) {
      struct tgt_ompt_op op = {.optype = ompt_target_data_disassociate,
                               .src = (void *)host_ptr, .dst = (void *)e->dev_begin,
                               .src_device = tgt_initial_device(), .dst_device = dev->id,
                               .bytes = e->host_end - e->host_begin};
      tgt_ompt_op(&op, ompt_scope_begin);
      tgt_ompt_op(&op, ompt_scope_end);
    }
    tgt_map_remove(dev, e);
  }
  pthread_mutex_unlock(&dev->lock);
  if (problem) {
    tgt_warn("omp_target_disassociate_ptr: %p on device %d: %s", host_ptr, dev->id,
             problem);
    return API_FAIL;
  }
  tgt_info(NULL, TGT_INFO_MAPPING_CHANGED, "device %d: disassociated host %p", dev->id, host_ptr);
  return 0;
}

/* ---- diagnostics ------------------------------------------------------------------- */

/* LLVM's layout (on stdout), so tools and eyes that know it read ours. */
TGT_EXPORT void ompx_dump_mapping_tables(void) {
  tgt_init();
  for (int d = 0; d < tgt_num_devices; d++) {
    struct tgt_device *dev = &tgt_devices[d];
    pthread_mutex_lock(&dev->lock);
    if (dev->nmaps == 0) {
      printf("omptarget device %d info: OpenMP Host-Device pointer mappings table "
             "empty\n", d);
    } else {
      printf("omptarget device %d info: OpenMP Host-Device pointer mappings after "
             "block at libomptarget:0:0:\n", d);
      printf("omptarget device %d info: Host Ptr           Target Ptr         Size (B) "
             "DynRefCount HoldRefCount Declaration\n", d);
      for (size_t i = 0; i < dev->nmaps; i++) {
        const struct tgt_map_entry *e = &dev->maps[i];
        char dyn[24];
        if (e->infinite)
          snprintf(dyn, sizeof(dyn), "INF");
        else
          snprintf(dyn, sizeof(dyn), "%llu", (unsigned long long)e->dyn_refs);
        printf("omptarget device %d info: 0x%016llx 0x%016llx %-8llu %-11s %-12llu "
               "unknown at unknown:0:0\n",
               d, (unsigned long long)e->host_begin, (unsigned long long)e->dev_begin,
               (unsigned long long)(e->host_end - e->host_begin), dyn,
               (unsigned long long)e->hold_refs);
      }
    }
    pthread_mutex_unlock(&dev->lock);
  }
  fflush(stdout);
}

TGT_EXPORT int __tgt_print_device_info(int64_t device_num) {
  struct tgt_device *dev = tgt_api_device("__tgt_print_device_info", device_num);
  if (!dev) {
    printf("Device %d: the initial device (host)\n", omp_get_initial_device());
    return 1;
  }
  if (!dev->plugin->print_info)
    return 0;
  dev->plugin->print_info(dev->plugin_dev);
  fflush(stdout);
  return 1;
}
