/* rtl.c — the device table and the offload policy.
 *
 * Plugins are built into libomptarget (as in LLVM 19) and listed here in
 * device-numbering order. A plugin activates when a registered image is one
 * it can run; its devices are then appended to the table. Device numbers
 * 0..n-1 are offload devices, n is the initial device (the host).
 * OMP_TARGET_OFFLOAD (read by libomp, asked through
 * __kmpc_get_target_offload) decides what happens without a device.
 */
#include <stdlib.h>
#include <string.h>

#include "env_names.h"
#include "target.h"

int __kmpc_get_target_offload(void);
int omp_get_default_device(void);

static const struct omprt_plugin *const tgt_plugins[] = {
#ifdef OMPRT_HAVE_CUDA_PLUGIN
    &omprt_plugin_cuda,
#endif
    &omprt_plugin_x86_64,
};
#define TGT_NPLUGINS ((int)(sizeof(tgt_plugins) / sizeof(tgt_plugins[0])))

struct tgt_device *tgt_devices;
int tgt_num_devices;
static bool tgt_plugin_active[TGT_NPLUGINS];
static pthread_once_t tgt_init_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t tgt_devices_lock = PTHREAD_MUTEX_INITIALIZER;

/* LLVM 19's libomptarget reads some twenty LIBOMPTARGET_* variables; a
 * program that sets one we do not read is told once, at start-up, rather
 * than finding out from its run (as libomp does for KMP_*).
 * LIBOMPTARGET_MAP_FORCE_ATOMIC is read and has nothing to change: our
 * reference counts are always updated under the device's lock. */
static void tgt_report_unknown_env(const char *name, int length) {
  tgt_warn("%.*s is not supported by this runtime (docs/env.md lists the variables it "
           "reads); ignored", length, name);
}

static void tgt_warn_unsupported_env(void) {
  static const char *const supported[] = {
      "LIBOMPTARGET_COMPLETION",      "LIBOMPTARGET_CUDA_COMPLETION",
      "LIBOMPTARGET_CUDA_SYNC",       "LIBOMPTARGET_DEBUG",
      "LIBOMPTARGET_DEFERRED",
      "LIBOMPTARGET_DEVICE_DEPENDENCES", "LIBOMPTARGET_DEVICE_RTL_DEBUG",
      "LIBOMPTARGET_HEAP_SIZE",       "LIBOMPTARGET_INFO",
      "LIBOMPTARGET_MAP_FORCE_ATOMIC", "LIBOMPTARGET_MEMORY_MANAGER_THRESHOLD",
      "LIBOMPTARGET_MIN_THREADS_FOR_LOW_TRIP_COUNT", "LIBOMPTARGET_NUM_INITIAL_EVENTS",
      "LIBOMPTARGET_NUM_INITIAL_STREAMS", "LIBOMPTARGET_SHARED_MEMORY_SIZE",
      "LIBOMPTARGET_STACK_SIZE"};
  omprt_env_unknown("LIBOMPTARGET_", supported, sizeof(supported) / sizeof(*supported),
                    tgt_report_unknown_env);
}

static void tgt_do_init(void) {
  const char *info = getenv("LIBOMPTARGET_INFO");
  if (info && *info)
    tgt_info_flags = (int)strtol(info, NULL, 0);
  tgt_warn_unsupported_env();
}

void tgt_init(void) { pthread_once(&tgt_init_once, tgt_do_init); }

int tgt_offload_policy(void) { return __kmpc_get_target_offload(); }

int tgt_initial_device(void) {
  tgt_init();
  return tgt_num_devices;
}

bool tgt_image_compatible(const struct omprt_plugin *plugin, int index);
int tgt_image_count(void);

/* Called with the image lock held, for each newly registered image. */
void tgt_activate_plugins_for_index(int index) {
  for (int p = 0; p < TGT_NPLUGINS; p++) {
    if (tgt_plugin_active[p] || !tgt_image_compatible(tgt_plugins[p], index))
      continue;
    tgt_plugin_active[p] = true;
    int n = tgt_plugins[p]->init();
    if (n <= 0)
      continue;
    pthread_mutex_lock(&tgt_devices_lock);
    struct tgt_device *grown =
        realloc(tgt_devices, sizeof(*grown) * (size_t)(tgt_num_devices + n));
    if (!grown)
      tgt_fatal(NULL, "out of memory creating the device table");
    for (int d = 0; d < n; d++) {
      struct tgt_device *dev = &grown[tgt_num_devices + d];
      memset(dev, 0, sizeof(*dev));
      dev->id = tgt_num_devices + d;
      dev->plugin = tgt_plugins[p];
      dev->plugin_dev = d;
      pthread_mutex_init(&dev->lock, NULL);
      dev->init_once = (pthread_once_t)PTHREAD_ONCE_INIT;
    }
    tgt_devices = grown;
    tgt_num_devices += n;
    pthread_mutex_unlock(&tgt_devices_lock);
  }
}

static __thread struct tgt_device *tgt_initialising;
static __thread ident_t *tgt_initialising_loc; /* the construct that asked */

static void tgt_device_init_once(void) {
  struct tgt_device *dev = tgt_initialising;
  dev->init_status = dev->plugin->init_device(dev->plugin_dev);
  if (dev->init_status != OMPRT_SUCCESS)
    return;
  if ((tgt_requires_flags & TGT_REQ_UNIFIED_SHARED_MEMORY) &&
      dev->plugin->host_memory_accessible &&
      !dev->plugin->host_memory_accessible(dev->plugin_dev))
    tgt_fatal(tgt_initialising_loc,
              "the program requires unified_shared_memory, but device %d (%s) cannot "
              "access pageable host memory (no HMM/ATS on this system)",
              dev->id, dev->plugin->name);
  tgt_ompt_device_ready(dev); /* a tool hears of the device before its images */
  tgt_device_load_images(dev, tgt_initialising_loc);
}

/* A usable device, or NULL for "run on the host". */
struct tgt_device *tgt_device_get(ident_t *loc, int64_t device_num) {
  tgt_init();
  int policy = tgt_offload_policy();
  if (device_num == -1)
    device_num = omp_get_default_device();
  if (policy == 0) /* disabled: everything runs on the host */
    return NULL;
  if (device_num == tgt_num_devices)
    return NULL; /* the initial device */
  if (device_num < 0 || device_num > tgt_num_devices) {
    if (tgt_num_devices == 0 && policy != 2)
      return NULL; /* no offload devices: the host stands in */
    tgt_fatal(loc, "device number %lld does not exist (offload devices: %d, "
                   "initial device: %d)",
              (long long)device_num, tgt_num_devices, tgt_num_devices);
  }
  struct tgt_device *dev = &tgt_devices[device_num];
  tgt_initialising = dev;
  tgt_initialising_loc = loc;
  pthread_once(&dev->init_once, tgt_device_init_once);
  if (dev->init_status != OMPRT_SUCCESS)
    tgt_fatal(loc, "device %lld (%s) failed to initialise", (long long)device_num,
              dev->plugin->name);
  return dev;
}

/* MANDATORY without a device is an error at the first construct. */
void tgt_check_mandatory(ident_t *loc) {
  if (tgt_offload_policy() == 2 && tgt_num_devices == 0)
    tgt_fatal(loc, "OMP_TARGET_OFFLOAD=MANDATORY but no offload device is "
                   "available for this program");
}

/* ---- device queries ------------------------------------------------------------ */

TGT_EXPORT int omp_get_num_devices(void) {
  tgt_init();
  return tgt_offload_policy() == 0 ? 0 : tgt_num_devices;
}

TGT_EXPORT int omp_get_initial_device(void) { return omp_get_num_devices(); }

TGT_EXPORT int omp_get_device_num(void) { return omp_get_initial_device(); }
