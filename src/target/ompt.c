/* ompt.c — the device events of OMPT: what the target layer tells the tool
 * that libomp holds (ompt_target_hooks.h).
 *
 * A construct (target, target data enter/exit, update) is reported as it
 * begins and ends on the calling thread, which keeps its target_data and ids
 * in tgt_ompt_now; its data operations (allocations, transfers, deletions)
 * and its kernel's submission are reported inside it. Operations outside any
 * construct (omp_target_alloc, omp_target_memcpy) carry a target_data of
 * their own and the memory routine's return address.
 * Devices are reported when initialised and their images when loaded; at
 * exit (a handler registered once a device is reported, so it runs before
 * libomp finalizes the tool) the images are unloaded and the devices
 * finalized, as far as the tool is concerned.
 */
#include <stdlib.h>

#include "ompt_target_hooks.h"
#include "target.h"

const _Atomic bool *tgt_ompt_flag;

static __thread struct tgt_ompt_construct tgt_ompt_now;

/* ---- constructs ---------------------------------------------------------------- */

/* A deferred construct is told with its plain kind (as LLVM 19 and later
 * do, never the _nowait kinds): its target task tells it apart. */
struct tgt_ompt_construct tgt_ompt_construct_begin(ompt_target_t kind, int device,
                                                   const void *codeptr) {
  /* a construct may begin while another waits on this thread (a target
   * task run at a task scheduling point): the other's comes back at the end */
  struct tgt_ompt_construct outer = tgt_ompt_now;
  tgt_ompt_now = (struct tgt_ompt_construct){true, kind, device, {0}, codeptr};
  __omprt_ompt_target(kind, ompt_scope_begin, device, &tgt_ompt_now.target_data, codeptr);
  return outer;
}

void tgt_ompt_construct_end(const struct tgt_ompt_construct *outer) {
  if (!tgt_ompt_now.active)
    return;
  __omprt_ompt_target(tgt_ompt_now.kind, ompt_scope_end, tgt_ompt_now.device,
                      &tgt_ompt_now.target_data, tgt_ompt_now.codeptr);
  tgt_ompt_now = *outer;
}

/* ---- a construct's work finished elsewhere ------------------------------------ */

void tgt_ompt_async_capture(struct tgt_async *async) {
  async->ompt = tgt_ompt_now;
}

bool tgt_ompt_async_adopt(const struct tgt_async *async) {
  if (!async->ompt.active || tgt_ompt_now.active)
    return false;
  tgt_ompt_now = async->ompt;
  return true;
}

void tgt_ompt_async_drop(bool adopted) {
  if (adopted)
    tgt_ompt_now.active = false;
}

/* ---- data operations and submissions ------------------------------------------- */

/* The memory routine the program called on this thread (its return
 * address): the codeptr of operations outside any construct. */
__thread const void *tgt_ompt_api_codeptr;

void tgt_ompt_op(struct tgt_ompt_op *op, ompt_scope_endpoint_t endpoint) {
  bool in_construct = tgt_ompt_now.active;
  if (endpoint == ompt_scope_begin) {
    op->host_op_id = 0;
    op->target_data.value = 0;
  }
  /* outside a construct the operation has a target_data of its own (tools
   * written for LLVM read it always) */
  __omprt_ompt_target_data_op(endpoint,
                              in_construct ? &tgt_ompt_now.target_data : &op->target_data,
                              in_construct ? tgt_ompt_now.target_data.value : 0,
                              &op->host_op_id,
                              op->optype, op->src, op->src_device, op->dst, op->dst_device,
                              op->bytes,
                              in_construct ? tgt_ompt_now.codeptr : tgt_ompt_api_codeptr);
}

void *tgt_ompt_alloc(struct tgt_device *dev, size_t size, enum omprt_alloc_kind kind,
                     const void *host) {
  struct tgt_ompt_op op = {.optype = ompt_target_data_alloc, .src = (void *)host,
                           .src_device = tgt_initial_device(), .dst_device = dev->id,
                           .bytes = size};
  tgt_ompt_op(&op, ompt_scope_begin);
  op.dst = dev->plugin->alloc(dev->plugin_dev, size, kind);
  tgt_ompt_op(&op, ompt_scope_end);
  return op.dst;
}

int tgt_ompt_free(struct tgt_device *dev, void *ptr, enum omprt_alloc_kind kind) {
  struct tgt_ompt_op op = {.optype = ompt_target_data_delete, .src = ptr,
                           .src_device = dev->id, .dst_device = -1};
  tgt_ompt_op(&op, ompt_scope_begin);
  int rc = dev->plugin->free(dev->plugin_dev, ptr, kind);
  tgt_ompt_op(&op, ompt_scope_end);
  return rc;
}

int tgt_ompt_copy(struct tgt_device *dev, bool to_device, void *dst, const void *src,
                  size_t size, void *queue) {
  int host = tgt_initial_device();
  struct tgt_ompt_op op = {
      .optype = to_device ? ompt_target_data_transfer_to_device
                          : ompt_target_data_transfer_from_device,
      .src = (void *)src, .dst = dst, .src_device = to_device ? host : dev->id,
      .dst_device = to_device ? dev->id : host, .bytes = size};
  tgt_ompt_op(&op, ompt_scope_begin);
  int rc = to_device ? dev->plugin->copy_to(dev->plugin_dev, dst, src, size, queue)
                     : dev->plugin->copy_from(dev->plugin_dev, dst, src, size, queue);
  tgt_ompt_op(&op, ompt_scope_end);
  return rc;
}

void tgt_ompt_submit(ompt_scope_endpoint_t endpoint, ompt_id_t *host_op_id,
                     unsigned int requested_num_teams) {
  if (endpoint == ompt_scope_begin)
    *host_op_id = 0;
  __omprt_ompt_target_submit(endpoint, tgt_ompt_now.active ? &tgt_ompt_now.target_data : NULL,
                             tgt_ompt_now.active ? tgt_ompt_now.target_data.value : 0,
                             host_op_id, requested_num_teams);
}

/* ---- devices and images -------------------------------------------------------------- */

static pthread_mutex_t tgt_ompt_devices_lock = PTHREAD_MUTEX_INITIALIZER;
static int *tgt_ompt_devices; /* the devices reported initialised, in order */
static int tgt_ompt_ndevices;

/* At exit, before libomp finalizes the tool: every image still loaded is
 * unloaded and every device reported initialised is finalized. */
static void tgt_ompt_at_exit(void) {
  if (!tgt_ompt_on())
    return;
  pthread_mutex_lock(&tgt_ompt_devices_lock);
  for (int i = 0; i < tgt_ompt_ndevices; i++) {
    struct tgt_device *dev = &tgt_devices[tgt_ompt_devices[i]];
    for (struct tgt_loaded_image *li = dev->images; li; li = li->next)
      if (li->ompt_module_id) {
        __omprt_ompt_device_unload(dev->id, li->ompt_module_id);
        li->ompt_module_id = 0;
      }
    __omprt_ompt_device_finalize(dev->id);
  }
  tgt_ompt_ndevices = 0;
  pthread_mutex_unlock(&tgt_ompt_devices_lock);
}

/* Called as a device becomes ready: this is also when libomp is asked for
 * its tool (starting the runtime, so the tool is there first). */
void tgt_ompt_device_ready(struct tgt_device *dev) {
  if (!tgt_ompt_flag)
    tgt_ompt_flag = __omprt_ompt_active_flag();
  if (!tgt_ompt_on())
    return;
  pthread_mutex_lock(&tgt_ompt_devices_lock);
  int *grown = realloc(tgt_ompt_devices, sizeof(int) * (size_t)(tgt_ompt_ndevices + 1));
  if (grown) {
    if (!tgt_ompt_devices)
      atexit(tgt_ompt_at_exit);
    tgt_ompt_devices = grown;
    tgt_ompt_devices[tgt_ompt_ndevices++] = dev->id;
  }
  pthread_mutex_unlock(&tgt_ompt_devices_lock);
  __omprt_ompt_device_initialize(dev->id, dev->plugin->name);
}

void tgt_ompt_image_loaded(struct tgt_device *dev, struct tgt_loaded_image *li,
                           const void *bytes, size_t size) {
  li->ompt_module_id = __omprt_ompt_unique_id();
  __omprt_ompt_device_load(dev->id, bytes, size, li->ompt_module_id);
}

void tgt_ompt_image_unloaded(struct tgt_device *dev, struct tgt_loaded_image *li) {
  if (li->ompt_module_id)
    __omprt_ompt_device_unload(dev->id, li->ompt_module_id);
  li->ompt_module_id = 0;
}
