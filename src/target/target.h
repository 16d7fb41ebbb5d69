/* target.h — libomptarget's one internal header.
 *
 * The device-agnostic offloading layer: clang-19's ABI types (offload
 * entries, the binary descriptor, KernelArgsTy), the device table (one entry
 * per device of every plugin), each device's host→device mapping table, and
 * the internal calls between this layer's files. Flow: program →
 * interface.c (__tgt_*) → map.c / kernel.c → mapping.c → plugin → driver.
 */
#ifndef OMPRT_TARGET_H
#define OMPRT_TARGET_H

#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../plugins/plugin.h"

#define TGT_EXPORT __attribute__((visibility("default")))

/* ---- clang-19's ABI ------------------------------------------------------- */

typedef struct ident {
  int32_t reserved_1, flags, reserved_2, reserved_3;
  const char *psource;
} ident_t;

/* One kernel or global the program offloads (section omp_offloading_entries). */
typedef struct __tgt_offload_entry {
  void *addr;   /* host address: kernel region id or the global itself */
  char *name;
  size_t size;  /* 0 for kernels */
  int32_t flags;
  int32_t data;
} __tgt_offload_entry;

#define OMP_DECLARE_TARGET_LINK 0x01
#define OMP_DECLARE_TARGET_CTOR 0x02
#define OMP_DECLARE_TARGET_DTOR 0x04
#define OMP_DECLARE_TARGET_INDIRECT 0x08
#define OMP_REGISTER_REQUIRES 0x10

typedef struct __tgt_device_image {
  void *ImageStart;
  void *ImageEnd;
  __tgt_offload_entry *EntriesBegin;
  __tgt_offload_entry *EntriesEnd;
} __tgt_device_image;

typedef struct __tgt_bin_desc {
  int32_t NumDeviceImages;
  __tgt_device_image *DeviceImages;
  __tgt_offload_entry *HostEntriesBegin;
  __tgt_offload_entry *HostEntriesEnd;
} __tgt_bin_desc;

/* clang-19's kernel arguments, version 3. */
typedef struct KernelArgsTy {
  uint32_t Version;
  uint32_t NumArgs;
  void **ArgBasePtrs;
  void **ArgPtrs;
  int64_t *ArgSizes;
  int64_t *ArgTypes;
  void **ArgNames;
  void **ArgMappers;
  uint64_t Tripcount;
  uint64_t Flags; /* bit 0: NoWait, bit 1: IsCUDA */
  uint32_t NumTeams[3];
  uint32_t ThreadLimit[3];
  uint32_t DynCGroupMem;
} KernelArgsTy;

/* Map-type bits (OMP_TGT_MAPTYPE_*). */
#define MAP_TO 0x001
#define MAP_FROM 0x002
#define MAP_ALWAYS 0x004
#define MAP_DELETE 0x008
#define MAP_PTR_AND_OBJ 0x010
#define MAP_TARGET_PARAM 0x020
#define MAP_RETURN_PARAM 0x040
#define MAP_PRIVATE 0x080
#define MAP_LITERAL 0x100
#define MAP_IMPLICIT 0x200
#define MAP_CLOSE 0x400
#define MAP_PRESENT 0x1000
#define MAP_OMPX_HOLD 0x2000
#define MAP_NON_CONTIG 0x100000000000ull
#define MAP_MEMBER_OF 0xffff000000000000ull
/* ours, never set by clang: a nested mapper's first component, which lies
 * in its parent's entry and is handled like a member (map.c) */
#define MAP_AS_MEMBER 0x10000000000ull

static inline int map_member_of(int64_t type) {
  return (int)(((uint64_t)type & MAP_MEMBER_OF) >> 48) - 1;
}

/* Lives in its parent's entry and takes no reference of its own. */
static inline bool map_is_member(int64_t type) {
  return ((uint64_t)type & (MAP_MEMBER_OF | MAP_AS_MEMBER)) != 0;
}

typedef void (*tgt_mapper_fn)(void *handle, void *base, void *begin, int64_t size,
                              int64_t type, void *name);

/* ---- devices ----------------------------------------------------------------- */

/* A pointer inside a mapped range whose device copy was attached to a
 * device pointee (PTR_AND_OBJ): copies of the range in either direction
 * would overwrite it with the other side's value, so both values are kept
 * and put back after such copies (LLVM's shadow pointers). */
struct tgt_shadow_ptr {
  struct tgt_shadow_ptr *next;
  uintptr_t host_addr;  /* where the pointer lives on the host */
  uintptr_t host_value; /* what it holds there */
  uintptr_t dev_addr;   /* where its copy lives on the device */
  uintptr_t dev_value;  /* the device address it was attached to */
};

/* One mapped host range on a device. */
struct tgt_map_entry {
  uintptr_t host_base;  /* the base pointer of the first mapping */
  uintptr_t host_begin; /* [begin, end) of mapped host bytes */
  uintptr_t host_end;
  uintptr_t dev_begin;  /* device address of host_begin */
  uintptr_t dev_alloc;  /* what to free when owned (0: dev_begin; differs when
                           a partial struct is padded for alignment) */
  uint64_t dyn_refs;    /* dynamic reference count (map clauses) */
  uint64_t hold_refs;   /* ompx_hold reference count */
  /* Of those, drops already decided by queued constructs and applied when
   * their queues are done: the references that count for mapping decisions
   * (copy back at the last one) are refs - pending (map.c) */
  uint64_t pending_dyn, pending_hold;
  bool infinite;        /* declare target globals, associate_ptr: never freed */
  bool owned;           /* device memory allocated by us (freed on delete) */
  void *copy_event;     /* recorded after the copy-in on the creating construct's
                           queue: a construct that finds the entry present waits
                           for it (LLVM's entry events), NULL once known done */
  struct tgt_shadow_ptr *shadows; /* attached pointers inside the range */
};

struct tgt_device {
  int id;                        /* OpenMP device number */
  const struct omprt_plugin *plugin;
  int plugin_dev;                /* the plugin's own number */
  pthread_once_t init_once;
  int init_status;
  pthread_mutex_t lock;          /* images and the mapping table */
  struct tgt_map_entry *maps;    /* sorted by host_begin, non-overlapping */
  size_t nmaps, capmaps;
  struct tgt_loaded_image *images; /* images loaded on this device */
  bool images_ready;             /* loaded once: later images load at registration */
};

/* An image loaded on a device with its entries resolved. */
struct tgt_loaded_image {
  struct tgt_loaded_image *next;
  __tgt_device_image *image;
  void *handle;
  size_t nentries;
  void **dev_entries;            /* kernel handles / device addresses, by index */
  uint64_t ompt_module_id;       /* what a tool was told of it (0: nothing) */
};

extern struct tgt_device *tgt_devices;
extern int tgt_num_devices;

/* ---- ompt.c: device events for an OMPT tool (libomp holds it) ------------- */

#include "ompt_abi.h"

/* libomp's "a tool is active" flag, known once a device was initialised. */
extern const _Atomic bool *tgt_ompt_flag;
static inline bool tgt_ompt_on(void) {
  return __builtin_expect(tgt_ompt_flag != NULL &&
                              atomic_load_explicit(tgt_ompt_flag, memory_order_relaxed),
                          0);
}
/* A construct of the calling thread begins / ends; the construct it
 * interrupted (begin's result) is the thread's again at the end. */
struct tgt_ompt_construct {
  bool active;
  ompt_target_t kind;
  int device;
  ompt_data_t target_data; /* its id once it began (ompt_target_hooks.h) */
  const void *codeptr;
};
struct tgt_ompt_construct tgt_ompt_construct_begin(ompt_target_t kind, int device,
                                                   const void *codeptr);
void tgt_ompt_construct_end(const struct tgt_ompt_construct *outer);
/* A data operation: filled in, then reported at its begin and its end. */
struct tgt_ompt_op {
  ompt_target_data_op_t optype;
  void *src, *dst;
  int src_device, dst_device;
  size_t bytes;
  ompt_id_t host_op_id;
  ompt_data_t target_data; /* outside a construct: the operation's own */
};
/* Set by the memory routines (TGT_OMPT_API) to where the program called. */
extern __thread const void *tgt_ompt_api_codeptr;
#define TGT_OMPT_API() (tgt_ompt_api_codeptr = __builtin_return_address(0))
void tgt_ompt_op(struct tgt_ompt_op *op, ompt_scope_endpoint_t endpoint);
void tgt_ompt_submit(ompt_scope_endpoint_t endpoint, ompt_id_t *host_op_id,
                     unsigned int requested_num_teams);
/* A device's memory operations, through its plugin, each reported to a
 * tool as a data operation of the construct running (if any): the reported
 * forms are in ompt.c, the plain calls here. */
int tgt_initial_device(void);
void *tgt_ompt_alloc(struct tgt_device *dev, size_t size, enum omprt_alloc_kind kind,
                     const void *host);
int tgt_ompt_free(struct tgt_device *dev, void *ptr, enum omprt_alloc_kind kind);
int tgt_ompt_copy(struct tgt_device *dev, bool to_device, void *dst, const void *src,
                  size_t size, void *queue);
static inline void *tgt_dev_alloc(struct tgt_device *dev, size_t size,
                                  enum omprt_alloc_kind kind, const void *host) {
  return tgt_ompt_on() ? tgt_ompt_alloc(dev, size, kind, host)
                       : dev->plugin->alloc(dev->plugin_dev, size, kind);
}
static inline int tgt_dev_free(struct tgt_device *dev, void *ptr, enum omprt_alloc_kind kind) {
  return tgt_ompt_on() ? tgt_ompt_free(dev, ptr, kind)
                       : dev->plugin->free(dev->plugin_dev, ptr, kind);
}
static inline int tgt_dev_copy_to(struct tgt_device *dev, void *dst, const void *src,
                                  size_t size, void *queue) {
  return tgt_ompt_on() ? tgt_ompt_copy(dev, true, dst, src, size, queue)
                       : dev->plugin->copy_to(dev->plugin_dev, dst, src, size, queue);
}
static inline int tgt_dev_copy_from(struct tgt_device *dev, void *dst, const void *src,
                                    size_t size, void *queue) {
  return tgt_ompt_on() ? tgt_ompt_copy(dev, false, dst, src, size, queue)
                       : dev->plugin->copy_from(dev->plugin_dev, dst, src, size, queue);
}

/* The construct running on this thread goes with `async` (captured as
 * its work begins); a thread finishing that work for it adopts it
 * meanwhile (true when it did, to hand to tgt_ompt_async_drop). */
struct tgt_async;
void tgt_ompt_async_capture(struct tgt_async *async);
bool tgt_ompt_async_adopt(const struct tgt_async *async);
void tgt_ompt_async_drop(bool adopted);

struct tgt_loaded_image;
void tgt_ompt_device_ready(struct tgt_device *dev);
void tgt_ompt_image_loaded(struct tgt_device *dev, struct tgt_loaded_image *li,
                           const void *bytes, size_t size);
void tgt_ompt_image_unloaded(struct tgt_device *dev, struct tgt_loaded_image *li);

/* ---- rtl.c ---------------------------------------------------------------------- */

void tgt_init(void);
/* The device for an OpenMP device number, initialised and with the
 * program's images loaded; NULL for the host (initial device). Invalid
 * numbers are fatal (OMP_TARGET_OFFLOAD permitting). */
struct tgt_device *tgt_device_get(ident_t *loc, int64_t device_num);
int tgt_offload_policy(void); /* 0 disabled, 1 default, 2 mandatory */
int tgt_initial_device(void);

/* ---- image.c --------------------------------------------------------------------- */

/* Errors name `loc`, the construct that first used the device. */
int tgt_device_load_images(struct tgt_device *dev, ident_t *loc);
/* The device handle of a host entry address (kernel region id or global). */
void *tgt_device_entry(struct tgt_device *dev, void *host_addr, const char **name);

/* ---- mapping.c ------------------------------------------------------------------- */

struct tgt_lookup {
  struct tgt_map_entry *entry; /* NULL: not mapped */
  bool contained;              /* [begin, begin+size) lies inside entry */
  bool extends;                /* overlaps the entry but reaches outside it */
};

struct tgt_lookup tgt_map_lookup(struct tgt_device *dev, uintptr_t begin, size_t size);
struct tgt_map_entry *tgt_map_insert(struct tgt_device *dev, struct tgt_map_entry e);
void tgt_map_remove(struct tgt_device *dev, struct tgt_map_entry *e);
void *tgt_map_translate(struct tgt_device *dev, const void *host_ptr);
/* The entry that starts exactly at host_begin, or NULL. */
struct tgt_map_entry *tgt_map_find_exact(struct tgt_device *dev, uintptr_t host_begin);
/* Record an attached pointer; false when the same attachment is already
 * recorded (nothing needs writing to the device). */
bool tgt_map_add_shadow(struct tgt_map_entry *e, struct tgt_shadow_ptr s);

/* `requires` clauses of the registered program (OMP_REQ_* bits, from the
 * offload entries with the REGISTER_REQUIRES flag). */
extern int64_t tgt_requires_flags;
#define TGT_REQ_REVERSE_OFFLOAD 0x002
#define TGT_REQ_UNIFIED_ADDRESS 0x004
#define TGT_REQ_UNIFIED_SHARED_MEMORY 0x008

/* ---- map.c ------------------------------------------------------------------------- */

struct omprt_device_signal;

struct tgt_async {
  struct tgt_device *dev;
  ident_t *loc;                  /* the construct's, for messages (may be NULL) */
  void *queue;                   /* NULL: synchronous */
  bool nowait;                   /* a deferred construct (target task) */
  /* device buffers to free once the queue is done (firstprivate copies) */
  void **deferred_free;
  int ndeferred, capdeferred;
  /* host buffers a queued copy still reads from (kernel.c: a lambda's
   * device image), freed at the same time */
  void **host_free;
  int nhost_free, caphost_free;
  /* reference drops of the construct's end, applied once its queue is done
   * (its kernel may still read the data: another construct must not free
   * it before) */
  struct tgt_unmap *unmaps;
  int nunmaps, capunmaps;
  /* predecessor target tasks' signals the queue has yet to wait for: the
   * waits are queued just before the first operation that needs them
   * (tgt_async_order), so copies into newly mapped memory go first */
  struct omprt_device_signal **preds;
  int npreds;
  /* ompt.c: the construct a tool was told of, for operations that finish
   * it on another thread (the completion callback) */
  struct tgt_ompt_construct ompt;
};

struct tgt_unmap {
  uintptr_t entry_begin; /* the entry, by its host address */
  uint64_t drops;        /* references to drop (pending until then) */
  bool hold;             /* which count: ompx_hold or dynamic */
  bool may_remove;       /* remove the entry when no reference is left */
};

/* Apply a finished construct's deferred reference drops (map.c). */
void tgt_async_apply_unmaps(struct tgt_async *async);

int tgt_data_begin(ident_t *loc, struct tgt_device *dev, int32_t n, void **bases,
                   void **begins, int64_t *sizes, int64_t *types, void **names,
                   void **mappers, struct tgt_async *async);
int tgt_data_end(ident_t *loc, struct tgt_device *dev, int32_t n, void **bases,
                 void **begins, int64_t *sizes, int64_t *types, void **names,
                 void **mappers, struct tgt_async *async);
int tgt_data_update(ident_t *loc, struct tgt_device *dev, int32_t n, void **bases,
                    void **begins, int64_t *sizes, int64_t *types, void **names,
                    void **mappers, struct tgt_async *async);
int tgt_async_finish(struct tgt_async *async);
void tgt_async_defer_host_free(struct tgt_async *async, void *host_ptr);
/* Device address of a kernel argument's host address (0: not mapped). */
uintptr_t tgt_map_arg(struct tgt_device *dev, uintptr_t begin, size_t size);

/* ---- mapper.c ---------------------------------------------------------------------- */

/* map.c's begin, end and update lists (the mappers argument is NULL). */
typedef void (*tgt_list_fn)(ident_t *, struct tgt_device *, int32_t, void **, void **,
                            int64_t *, int64_t *, void **, void **, struct tgt_async *);

/* Run `fn` on the components a mapper produces for one list item. */
void tgt_apply_mapper(tgt_list_fn fn, ident_t *loc, struct tgt_device *dev, void *mapper,
                      void *base, void *begin, int64_t size, int64_t type, void *name,
                      struct tgt_async *async);

/* ---- async.c ------------------------------------------------------------------------ */

void tgt_async_begin(struct tgt_async *async, struct tgt_device *dev, bool nowait,
                     ident_t *loc);
void tgt_async_defer_free(struct tgt_async *async, void *dev_ptr);
int tgt_async_complete(struct tgt_async *async);
/* A construct that runs on no device waits for its task's predecessors. */
void tgt_async_none(ident_t *loc);
/* Queue the waits for the construct's predecessors now (idempotent): before
 * any operation but a copy into memory the construct just mapped. */
void tgt_async_order(struct tgt_async *async);

/* ---- api_memory.c, api_memcpy.c: the device memory routines ---------------------- */

/* The device an omp_target_* style routine names, initialised: NULL for the
 * initial device (omp_get_initial_device() or omp_initial_device, -1);
 * fatal, naming `routine`, for a number that names no device. */
struct tgt_device *tgt_api_device(const char *routine, int64_t device_num);

/* ---- info.c: messages and diagnostics ---------------------------------------------- */

extern _Atomic int tgt_info_flags; /* LIBOMPTARGET_INFO; __tgt_set_info_flag may change it */
/* Its bits, LLVM 19's (OpenMPInfoType), so a mask means the same to both. */
#define TGT_INFO_KERNEL_ARGS 0x01      /* each construct's map arguments as it starts */
#define TGT_INFO_MAPPING_EXISTS 0x02   /* a map found its data already mapped */
#define TGT_INFO_DUMP_TABLE 0x04       /* the mapping tables at exit and on failure */
#define TGT_INFO_MAPPING_CHANGED 0x08  /* mappings made and removed */
#define TGT_INFO_PLUGIN_KERNEL 0x10    /* kernel launches (geometry: the plugin's line) */
#define TGT_INFO_DATA_TRANSFER 0x20    /* every host-device copy */
#define TGT_INFO_EMPTY_MAPPING 0x40    /* a map left with no device counterpart */

void tgt_info(ident_t *loc, int kind, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* TGT_INFO_KERNEL_ARGS: "<what> with n arguments" and a line per argument. */
void tgt_info_arguments(ident_t *loc, struct tgt_device *dev, const char *what, int32_t n,
                        int64_t *sizes, int64_t *types, void **names);
/* TGT_INFO_DUMP_TABLE: dev's mapping table (takes dev->lock). */
void tgt_info_dump_table(ident_t *loc, struct tgt_device *dev);
void tgt_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
_Noreturn void tgt_fatal(ident_t *loc, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
const char *tgt_loc_string(const ident_t *loc, char *buf, size_t size);
const char *tgt_var_name(void *name, char *buf, size_t size);

#endif
