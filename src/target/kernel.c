/* kernel.c — __tgt_target_kernel: run a target region on a device.
 *
 * Map the arguments (map.c), build the kernel's argument list — device
 * addresses of mapped data rebased to the host base pointer clang passes,
 * literals by value, firstprivates copied to device memory — launch, then
 * unmap. A non-zero return tells clang's code to run the region on the host
 * (no device, OMP_TARGET_OFFLOAD=DISABLED, or the initial device chosen).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "target.h"

void tgt_check_mandatory(ident_t *loc);

/* A lambda's by-reference captures: clang adds, per captured variable, an
 * entry PTR_AND_OBJ|LITERAL|IMPLICIT that is MEMBER_OF the (firstprivate)
 * lambda object, its base the capture field, its begin the variable. */
#define MAP_LAMBDA_CAPTURE (MAP_PTR_AND_OBJ | MAP_LITERAL | MAP_IMPLICIT)

static bool tgt_is_capture_of(int64_t type, int32_t parent) {
  return (type & MAP_LAMBDA_CAPTURE) == MAP_LAMBDA_CAPTURE && map_member_of(type) == parent;
}

/* The bytes a firstprivate copy of argument `i` starts with: the host's,
 * or, for a lambda with captures, a copy whose capture fields point at the
 * captured variables' device copies (a variable nothing maps keeps its
 * host address), as LLVM 19 does at launch. The copy lives until the
 * queue is done. */
static const void *tgt_private_image(struct tgt_device *dev, KernelArgsTy *args, int32_t i,
                                     struct tgt_async *async) {
  const char *begin = args->ArgPtrs[i];
  size_t size = (size_t)args->ArgSizes[i];
  char *image = NULL;
  for (int32_t j = i + 1; j < (int32_t)args->NumArgs; j++) {
    if (!tgt_is_capture_of(args->ArgTypes[j], i))
      continue;
    uintptr_t offset = (uintptr_t)args->ArgBasePtrs[j] - (uintptr_t)begin;
    if (offset + sizeof(void *) > size)
      continue;
    if (!image) {
      image = malloc(size);
      if (!image)
        return begin;
      memcpy(image, begin, size);
      tgt_async_defer_host_free(async, image);
    }
    uintptr_t dev_var = tgt_map_arg(dev, (uintptr_t)args->ArgPtrs[j],
                                    (size_t)args->ArgSizes[j]);
    memcpy(image + offset, &dev_var, sizeof(dev_var));
  }
  return image ? image : begin;
}

static int tgt_kernel_run(ident_t *loc, int64_t device_id, int32_t num_teams,
                          int32_t thread_limit, void *host_ptr, KernelArgsTy *args,
                          const void *codeptr) {
  tgt_check_mandatory(loc);
  struct tgt_device *dev = tgt_device_get(loc, device_id);
  if (!dev) {
    tgt_async_none(loc);
    return 1; /* run on the host */
  }
  if (args->Version < 2)
    tgt_fatal(loc, "kernel arguments version %u: only clang-19's (3) and 2 are "
                   "supported", args->Version);
  const char *kernel_name = NULL;
  void *kernel = tgt_device_entry(dev, host_ptr, &kernel_name);
  if (!kernel)
    tgt_fatal(loc, "device %d has no kernel for this target region (image not built for "
                   "%s?)", dev->id, dev->plugin->name);
  bool ompt = tgt_ompt_on(), deferred = (args->Flags & 1) != 0;
  struct tgt_ompt_construct ompt_outer;
  if (ompt)
    ompt_outer = tgt_ompt_construct_begin(ompt_target, dev->id, codeptr);
  int32_t n = (int32_t)args->NumArgs;
  if (__builtin_expect((tgt_info_flags & TGT_INFO_KERNEL_ARGS) != 0, 0)) {
    char what[320];
    snprintf(what, sizeof(what), "target region %s", kernel_name);
    tgt_info_arguments(loc, dev, what, n, args->ArgSizes, args->ArgTypes, args->ArgNames);
  }
  struct tgt_async async = {0};
  tgt_async_begin(&async, dev, deferred, loc);
  tgt_data_begin(loc, dev, n, args->ArgBasePtrs, args->ArgPtrs, args->ArgSizes,
                 args->ArgTypes, args->ArgNames, args->ArgMappers, &async);

  void *small[32];
  void **kargs = n <= 32 ? small : malloc(sizeof(void *) * (size_t)n);
  if (!kargs)
    tgt_fatal(loc, "out of memory launching a kernel with %d arguments", n);
  int32_t nk = 0;
  for (int32_t i = 0; i < n; i++) {
    int64_t type = args->ArgTypes[i];
    if (!(type & MAP_TARGET_PARAM))
      continue;
    void *base = args->ArgBasePtrs[i], *begin = args->ArgPtrs[i];
    if (type & MAP_LITERAL) {
      kargs[nk++] = base; /* the value itself */
      continue;
    }
    size_t size = (size_t)args->ArgSizes[i];
    if (type & MAP_PRIVATE) {
      /* (first)private: a device copy of its own, initialised if `to` */
      intptr_t delta = (intptr_t)begin - (intptr_t)base;
      void *copy = tgt_dev_alloc(dev, size ? size : 1, OMPRT_ALLOC_DEFAULT, begin);
      if (!copy)
        tgt_fatal(loc, "device %d is out of memory for a firstprivate copy", dev->id);
      if (size && (type & MAP_TO) &&
          tgt_dev_copy_to(dev, copy, tgt_private_image(dev, args, i, &async), size,
                          async.queue))
        tgt_fatal(loc, "copy of a firstprivate to device %d failed", dev->id);
      tgt_async_defer_free(&async, copy);
      kargs[nk++] = (char *)copy - delta;
      continue;
    }
    /* Mapped data: the device address of the base the kernel expects; for
     * a pointer-and-pointee entry, the base of the pointee. */
    if (type & MAP_PTR_AND_OBJ)
      base = *(void **)base;
    intptr_t delta = (intptr_t)begin - (intptr_t)base;
    uintptr_t dev_begin = tgt_map_arg(dev, (uintptr_t)begin, size);
    kargs[nk++] = dev_begin ? (void *)(dev_begin - (uintptr_t)delta) : NULL;
  }
  struct omprt_launch launch = {
      .tripcount = args->Tripcount,
      .dyn_shared_mem = args->DynCGroupMem,
      .nargs = nk,
      .args = kargs,
      .no_launch_environment = args->Version < 3,
      .device_num = dev->id,
  };
  memcpy(launch.num_teams, args->NumTeams, sizeof(launch.num_teams));
  memcpy(launch.thread_limit, args->ThreadLimit, sizeof(launch.thread_limit));
  if (num_teams > 0 && launch.num_teams[0] == 0)
    launch.num_teams[0] = (uint32_t)num_teams;
  if (thread_limit > 0 && launch.thread_limit[0] == 0)
    launch.thread_limit[0] = (uint32_t)thread_limit;
  /* clang-19 passes num_teams -1 for a target region with no teams
   * construct in it: one team runs it (a negative thread limit means none). */
  if ((int32_t)launch.num_teams[0] < 0)
    launch.num_teams[0] = 1;
  if ((int32_t)launch.thread_limit[0] < 0)
    launch.thread_limit[0] = 0;
  tgt_info(loc, TGT_INFO_PLUGIN_KERNEL, "launch kernel %s on device %d (%s) with %d arguments%s",
           kernel_name, dev->id, dev->plugin->name, nk,
           !(args->Flags & 1) ? "" : async.nowait ? ", deferred: queued" : ", deferred: inline");
  tgt_async_order(&async);
  ompt_id_t submit_id;
  if (ompt)
    tgt_ompt_submit(ompt_scope_begin, &submit_id, launch.num_teams[0]);
  if (dev->plugin->launch(dev->plugin_dev, kernel, &launch, async.queue))
    tgt_fatal(loc, "kernel %s failed to launch on device %d", kernel_name, dev->id);
  if (ompt)
    tgt_ompt_submit(ompt_scope_end, &submit_id, launch.num_teams[0]);
  tgt_data_end(loc, dev, n, args->ArgBasePtrs, args->ArgPtrs, args->ArgSizes,
               args->ArgTypes, args->ArgNames, args->ArgMappers, &async);
  if (tgt_async_complete(&async))
    tgt_fatal(loc, "kernel %s failed on device %d", kernel_name, dev->id);
  if (kargs != small)
    free(kargs);
  if (ompt)
    tgt_ompt_construct_end(&ompt_outer);
  return 0;
}

TGT_EXPORT int __tgt_target_kernel(ident_t *loc, int64_t device_id, int32_t num_teams,
                                   int32_t thread_limit, void *host_ptr,
                                   KernelArgsTy *args) {
  return tgt_kernel_run(loc, device_id, num_teams, thread_limit, host_ptr, args,
                        __builtin_return_address(0));
}

/* The deferred form: clang already runs it inside a target task; the
 * dependences were resolved by the task. */
TGT_EXPORT int __tgt_target_kernel_nowait(ident_t *loc, int64_t device_id,
                                          int32_t num_teams, int32_t thread_limit,
                                          void *host_ptr, KernelArgsTy *args,
                                          int32_t dep_num, void *dep_list,
                                          int32_t noalias_dep_num, void *noalias_dep_list) {
  (void)dep_num;
  (void)dep_list;
  (void)noalias_dep_num;
  (void)noalias_dep_list;
  return tgt_kernel_run(loc, device_id, num_teams, thread_limit, host_ptr, args,
                        __builtin_return_address(0));
}

/* LLVM's polling hook for deferred target tasks; ours complete within the
 * task (or through a completion callback), so there is nothing to poll. */
TGT_EXPORT void __tgt_target_nowait_query(void **async_handle) {
  if (async_handle)
    *async_handle = NULL;
}

/* Loop trip count hint (now carried in KernelArgsTy; kept for old code). */
TGT_EXPORT void __kmpc_push_target_tripcount_mapper(ident_t *loc, int64_t device_id,
                                                    uint64_t loop_tripcount) {
  (void)loc;
  (void)device_id;
  (void)loop_tripcount;
}

TGT_EXPORT void __kmpc_push_target_tripcount(int64_t device_id, uint64_t loop_tripcount) {
  (void)device_id;
  (void)loop_tripcount;
}
