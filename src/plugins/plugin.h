/* plugin.h — the one interface between libomptarget (src/target) and a
 * device plugin (src/plugins/<kind>). Each plugin fills one `struct
 * omprt_plugin` with function pointers; the target layer never includes a
 * plugin's own headers.
 *
 * Conventions: device numbers are the plugin's own (0..count-1); functions
 * return 0 on success and a non-zero OMPRT_* code on failure, after printing
 * nothing (the target layer reports, with the source location). `queue` is
 * a plugin-defined asynchronous queue (a CUDA stream); NULL asks for a
 * synchronous operation. A target task carries one queue through all its
 * steps and synchronises it once (the async-info pattern of seed 000 §3.3).
 */
#ifndef OMPRT_PLUGIN_H
#define OMPRT_PLUGIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
  OMPRT_SUCCESS = 0,
  OMPRT_FAIL = 1,          /* generic failure */
  OMPRT_OUT_OF_MEMORY = 2, /* the device has no memory left */
  OMPRT_NOT_FOUND = 3,     /* no such kernel or global in the image */
  OMPRT_BAD_IMAGE = 4,     /* the image cannot be loaded */
};

/* Allocation kinds, as LLVM's TargetAllocTy. */
enum omprt_alloc_kind {
  OMPRT_ALLOC_DEVICE = 0,
  OMPRT_ALLOC_HOST = 1,   /* pinned host memory */
  OMPRT_ALLOC_SHARED = 2, /* accessible from host and device */
  OMPRT_ALLOC_DEFAULT = 3,
};

/* One `declare target indirect` function: its host address and the address
 * of its device version (see set_indirect_calls). */
struct omprt_indirect_call {
  void *host;
  void *device;
};

/* Geometry and arguments of one kernel launch. */
struct omprt_launch {
  uint32_t num_teams[3];    /* 0: the plugin chooses */
  uint32_t thread_limit[3]; /* 0: the plugin chooses */
  uint64_t tripcount;       /* loop trip count hint, 0 if unknown */
  uint32_t dyn_shared_mem;
  int32_t nargs;
  void **args;              /* device pointers/values, one per argument; the
                               plugin adds the implicit first argument
                               clang-19 kernels take (the launch environment) */
  bool no_launch_environment; /* a kernel from before that argument
                               (KernelArgsTy version < 3: older compilers,
                               the legacy __tgt_target entry points) */
  int32_t device_num;       /* the OpenMP device number it runs on */
};

/* Called by the plugin on an arbitrary thread when everything queued on a
 * queue before the callback has completed; status 0 on success. */
typedef void (*omprt_done_fn)(void *arg, int status);

struct omprt_plugin {
  const char *name; /* "x86_64", "cuda" */
  /* Synchronous constructs also run on a queue and wait once at the end
   * (every operation asynchronous, one synchronisation: seed 000 §3.3). */
  bool queue_always;
  /* Events order queues on the device, and queued copies read host memory
   * when they execute, not when issued: a target task may then start as
   * soon as its target-task predecessors have queued their work, its queue
   * waiting for theirs (device-side dependences, seed 000 §3.4). */
  bool device_dependences;
  /* A deferred construct (a target task) runs its steps synchronously on
   * the thread that runs its task, as a synchronous construct does, rather
   * than on a queue completed by callback; LIBOMPTARGET_DEFERRED overrides.
   * Right where the device is the host's own processors: a queue is one
   * more thread on them, and handing each task's work to it and its
   * completion back costs more than running it (docs/benchmarks.md). */
  bool deferred_inline;

  /* Start the plugin; returns the number of devices (0 when the driver or
   * hardware is absent — never an error). */
  int (*init)(void);
  /* Can this plugin run `image` (raw bytes, as embedded by clang)? */
  bool (*is_compatible)(const void *image, size_t size, const char *triple,
                        const char *arch);
  int (*init_device)(int dev);
  int (*load_image)(int dev, const void *image, size_t size, void **handle);
  /* optional: the image's library was unloaded (dlclose); NULL keeps it */
  int (*unload_image)(int dev, void *handle);
  int (*get_kernel)(int dev, void *handle, const char *name, void **kernel);
  int (*get_global)(int dev, void *handle, const char *name, size_t size,
                    void **dev_addr);
  /* Optional: the image's `declare target indirect` functions, sorted by
   * host address, for the device runtime's __llvm_omp_indirect_call_lookup
   * (NULL: device code calls host addresses directly, as on x86_64). */
  int (*set_indirect_calls)(int dev, void *handle, const struct omprt_indirect_call *calls,
                            size_t count);

  void *(*alloc)(int dev, size_t size, enum omprt_alloc_kind kind);
  int (*free)(int dev, void *ptr, enum omprt_alloc_kind kind);
  int (*copy_to)(int dev, void *dst, const void *src, size_t size, void *queue);
  int (*copy_from)(int dev, void *dst, const void *src, size_t size, void *queue);
  /* Device-to-device, possibly across two devices of this plugin. */
  int (*copy_d2d)(int src_dev, const void *src, int dst_dev, void *dst,
                  size_t size, void *queue);
  int (*launch)(int dev, void *kernel, const struct omprt_launch *launch,
                void *queue);

  /* Queues (NULL members: the plugin is synchronous and never queues). */
  int (*queue_get)(int dev, void **queue);
  int (*queue_put)(int dev, void *queue);
  int (*queue_sync)(int dev, void *queue);
  int (*queue_query)(int dev, void *queue, bool *done);
  int (*queue_on_done)(int dev, void *queue, omprt_done_fn fn, void *arg);
  /* Events: a queue waits for work recorded on another queue. */
  int (*event_create)(int dev, void **event);
  int (*event_record)(int dev, void *event, void *queue);
  int (*event_wait)(int dev, void *event, void *queue);
  int (*event_destroy)(int dev, void *event);
  /* Has the work recorded by `event` completed? Wait for it on this thread. */
  int (*event_query)(int dev, void *event, bool *done);
  int (*event_sync)(int dev, void *event);

  /* Optional: pin host memory for faster copies. */
  void *(*lock_host)(int dev, void *ptr, size_t size);
  int (*unlock_host)(int dev, void *ptr);
  /* Can kernels on the device use pageable host memory (HMM, ATS)? NULL:
   * always (the x86_64 device). `requires unified_shared_memory` needs it. */
  bool (*host_memory_accessible)(int dev);
  /* Print a description of the device (omp_print_device_info). */
  void (*print_info)(int dev);
  /* Optional: the foreign runtime `#pragma omp interop` hands the program
   * (NULL: the device has none, and interop init gives omp_interop_none).
   * Fills the runtime's OpenMP id (omp_ifr_*), the device's handle and
   * context in it and, when `queue` (one of this plugin's queues) is not
   * NULL, that queue's own handle in it (a CUDA stream). */
  int (*interop)(int dev, void *queue, int *fr_id, void **device, void **context,
                 void **foreign_queue);
};

/* A plugin that fails records why (driver error names, sizes); the target
 * layer's error message for the failed operation ends with it. */
void omprt_plugin_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* LIBOMPTARGET_INFO's mask (or __tgt_set_info_flag's), LLVM's bits: a
 * plugin prints its kernel launches under 0x10. */
int omprt_info_mask(void);
#define OMPRT_INFO_PLUGIN_KERNEL 0x10

/* The plugins built into libomptarget, in device-numbering order. */
extern const struct omprt_plugin omprt_plugin_cuda;
extern const struct omprt_plugin omprt_plugin_x86_64;

#endif
