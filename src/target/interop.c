/* interop.c — `#pragma omp interop` (OpenMP 5.1 §2.15.1) and the routines
 * that read an interop object (§3.12): __tgt_interop_{init,use,destroy},
 * omp_get_num_interop_properties and omp_get_interop_{int,ptr,str,name,
 * type_desc,rc_desc}.
 *
 * Where it sits: clang-19 calls the three entry points for the construct,
 * with the program's omp_interop_t by reference, the interop type (1
 * target, 2 targetsync; `init(target, targetsync: o)` passes 1), the
 * device clause or -1, the depend list and nowait. libomp's omp_get_interop_*
 * forward here (src/host/device.c). An object holds what the device's
 * plugin exposes of its foreign runtime (struct omprt_plugin.interop): for
 * the CUDA plugin the CUdevice, its context and, for targetsync, a stream
 * borrowed from the plugin's pool until destroy. The x86_64 device and the
 * host have no foreign runtime: init gives omp_interop_none.
 *
 * Compared with LLVM 19 (offload/src/OpenMP/InteropAPI.cpp):
 *  - targetsync: the construct's depend clauses are waited for first, as
 *    for the spec's included task (LLVM 19 too); nowait changes nothing,
 *    the construct completes at once (LLVM 19 too). `use` and `destroy`
 *    then wait for the work queued on the stream (LLVM 19: a TODO), and
 *    destroy returns the stream to the pool (LLVM 19 never does).
 *  - A device with no foreign runtime: LLVM 19's host plugin prints an
 *    error and gives omp_interop_none for target, then crashes for
 *    targetsync; ours warns and gives omp_interop_none for both. The
 *    initial device: LLVM 19 quietly hands out an object that claims CUDA
 *    and has no device (its targetsync query crashes); ours quietly gives
 *    omp_interop_none.
 *  - Queries give LLVM 19's value wherever it gives one (fr_id 1, vendor 1
 *    and vendor_name "cuda" as it reports them, fr_id as a string
 *    "device+context" or "tasksync", device_num, the handles), and its
 *    return codes for the wrong type, a property of the other interop type
 *    and one out of range. Where LLVM 19 crashes or answers nothing we
 *    answer as the spec says: omp_irc_empty for omp_interop_none (LLVM 19
 *    dereferences it), fr_name "cuda" (LLVM 19: omp_irc_type_str), CUdevice
 *    0 as a device (LLVM 19 takes the null handle for none:
 *    omp_irc_no_value), platform omp_irc_no_value (LLVM 19:
 *    omp_irc_type_int from every getter; as a target property it is
 *    omp_irc_other on a targetsync object), and names and descriptions from
 *    omp_get_interop_{name,type_desc,rc_desc} (LLVM 19: NULL).
 *  - A NULL variable, `use` of omp_interop_none, or a device clause on use
 *    or destroy that names another device than init did are fatal errors
 *    naming the construct (LLVM 19 crashes, or asserts in a debug build);
 *    destroy of omp_interop_none does nothing, as in LLVM 19.
 */
#include <stdlib.h>

#include "omp.h" /* the prototypes these definitions must match */
#include "target.h"

/* libomp: wait for the dependences of an included task (`task if(0)`). */
void __kmpc_omp_wait_deps(ident_t *loc, int32_t gtid, int32_t ndeps, void *deps,
                          int32_t ndeps_noalias, void *noalias_deps);

/* The interop types as clang-19 passes them (LLVM 19's kmp_interop_type_t:
 * 0 platform, 1 device, 2 tasksync). */
#define TGT_INTEROP_TARGET 1
#define TGT_INTEROP_TARGETSYNC 2

/* What a foreign runtime's objects answer, besides their handles. */
struct tgt_foreign_runtime {
  int fr_id;                 /* omp_ifr_* */
  const char *name;          /* fr_name (OpenMP Additional Definitions) */
  intptr_t vendor;           /* vendor and vendor_name as LLVM 19 reports */
  const char *vendor_name;   /* them for CUDA objects (its own enum's 1) */
  const char *device_type;   /* omp_get_interop_type_desc of the handles */
  const char *context_type;
  const char *queue_type;
};

static const struct tgt_foreign_runtime tgt_foreign_runtimes[] = {
    {omp_ifr_cuda, "cuda", 1, "cuda", "CUdevice (an int, in a void *)", "CUcontext",
     "CUstream (cudaStream_t)"},
};

/* The object an omp_interop_t points at (omp_interop_none: NULL). */
struct tgt_interop {
  int32_t type;                      /* TGT_INTEROP_TARGET or _TARGETSYNC */
  int device_num;                    /* the OpenMP device */
  const struct omprt_plugin *plugin; /* and its plugin's own number: the */
  int plugin_dev;                    /* device table may move meanwhile */
  const struct tgt_foreign_runtime *runtime;
  void *device, *context;            /* the foreign runtime's handles */
  void *queue;                       /* targetsync: the plugin's queue, and */
  void *foreign_queue;               /* its handle in the foreign runtime */
};

/* ---- the construct --------------------------------------------------------------- */

static const struct tgt_foreign_runtime *tgt_foreign_runtime(int fr_id) {
  size_t n = sizeof(tgt_foreign_runtimes) / sizeof(tgt_foreign_runtimes[0]);
  for (size_t i = 0; i < n; i++)
    if (tgt_foreign_runtimes[i].fr_id == fr_id)
      return &tgt_foreign_runtimes[i];
  return NULL;
}

/* Only a targetsync object has a task, hence dependences (§2.15.1). */
static void tgt_interop_wait_deps(ident_t *loc, int32_t gtid, int32_t type, int32_t ndeps,
                                  void *deps) {
  if (type == TGT_INTEROP_TARGETSYNC && ndeps > 0)
    __kmpc_omp_wait_deps(loc, gtid, ndeps, deps, 0, NULL);
}

TGT_EXPORT void __tgt_interop_init(ident_t *loc, int32_t gtid, omp_interop_t *var,
                                   int32_t type, int32_t device_num, int32_t ndeps,
                                   void *deps, int32_t nowait) {
  (void)nowait; /* the construct completes here, which a deferred task may */
  if (!var)
    tgt_fatal(loc, "interop init: no interop variable (NULL)");
  if (type != TGT_INTEROP_TARGET && type != TGT_INTEROP_TARGETSYNC)
    tgt_fatal(loc, "interop init: unknown interop type %d (1: target, 2: targetsync)",
              (int)type);
  tgt_interop_wait_deps(loc, gtid, type, ndeps, deps);
  *var = omp_interop_none;
  struct tgt_device *dev = tgt_device_get(loc, device_num);
  if (!dev)
    return; /* the initial device (or offloading disabled): no foreign runtime */
  const struct omprt_plugin *p = dev->plugin;
  if (!p->interop) {
    char where[512];
    tgt_loc_string(loc, where, sizeof(where));
    tgt_warn("%s%sinterop init: device %d (%s) has no foreign runtime to interoperate "
             "with; the interop object is omp_interop_none",
             where, where[0] ? ": " : "", dev->id, p->name);
    return;
  }
  struct tgt_interop *obj = malloc(sizeof(*obj));
  if (!obj)
    tgt_fatal(loc, "interop init: out of memory");
  *obj = (struct tgt_interop){.type = type, .device_num = dev->id, .plugin = p,
                              .plugin_dev = dev->plugin_dev};
  if (type == TGT_INTEROP_TARGETSYNC &&
      (!p->queue_get || p->queue_get(dev->plugin_dev, &obj->queue)))
    tgt_fatal(loc, "interop init: device %d (%s): cannot obtain a queue for targetsync",
              dev->id, p->name);
  int fr_id = 0;
  if (p->interop(dev->plugin_dev, obj->queue, &fr_id, &obj->device, &obj->context,
                 &obj->foreign_queue))
    tgt_fatal(loc, "interop init: device %d (%s): cannot describe its foreign runtime",
              dev->id, p->name);
  obj->runtime = tgt_foreign_runtime(fr_id);
  if (!obj->runtime)
    tgt_fatal(loc, "interop init: device %d (%s) reports foreign runtime %d, which "
                   "libomptarget does not know", dev->id, p->name, fr_id);
  *var = obj;
}

/* The object `action` (use, destroy) names, NULL for omp_interop_none. A
 * device clause must name the device init did (-1: none given). */
static struct tgt_interop *tgt_interop_named(ident_t *loc, const char *action,
                                             omp_interop_t *var, int32_t device_num) {
  if (!var)
    tgt_fatal(loc, "interop %s: no interop variable (NULL)", action);
  struct tgt_interop *obj = *var;
  if (!obj || device_num == -1 || device_num == obj->device_num)
    return obj;
  int initial = tgt_initial_device();
  if (device_num < 0 || device_num > initial)
    tgt_fatal(loc, "interop %s: device number %d does not exist (offload devices: %d, "
                   "initial device: %d)",
              action, (int)device_num, initial, initial);
  tgt_fatal(loc, "interop %s: the interop object was initialised for device %d, not "
                 "device %d",
            action, obj->device_num, (int)device_num);
}

/* The start of use and destroy: the object (NULL: omp_interop_none), and
 * for targetsync its task's dependences waited for, then the foreign work
 * queued on its stream before the construct (§2.15.1). */
static struct tgt_interop *tgt_interop_reached(ident_t *loc, int32_t gtid, const char *action,
                                               omp_interop_t *var, int32_t device_num,
                                               int32_t ndeps, void *deps) {
  struct tgt_interop *obj = tgt_interop_named(loc, action, var, device_num);
  if (!obj)
    return NULL;
  tgt_interop_wait_deps(loc, gtid, obj->type, ndeps, deps);
  if (obj->queue && obj->plugin->queue_sync(obj->plugin_dev, obj->queue))
    tgt_fatal(loc, "interop %s: waiting for the work queued on device %d's targetsync "
                   "queue failed", action, obj->device_num);
  return obj;
}

TGT_EXPORT void __tgt_interop_use(ident_t *loc, int32_t gtid, omp_interop_t *var,
                                  int32_t device_num, int32_t ndeps, void *deps,
                                  int32_t nowait) {
  (void)nowait;
  if (!tgt_interop_reached(loc, gtid, "use", var, device_num, ndeps, deps))
    tgt_fatal(loc, "interop use: the interop object is omp_interop_none (not "
                   "initialised, initialised on a device without a foreign runtime, "
                   "or destroyed)");
}

TGT_EXPORT void __tgt_interop_destroy(ident_t *loc, int32_t gtid, omp_interop_t *var,
                                      int32_t device_num, int32_t ndeps, void *deps,
                                      int32_t nowait) {
  (void)nowait;
  struct tgt_interop *obj =
      tgt_interop_reached(loc, gtid, "destroy", var, device_num, ndeps, deps);
  if (!obj)
    return; /* as LLVM 19 */
  if (obj->queue && obj->plugin->queue_put)
    obj->plugin->queue_put(obj->plugin_dev, obj->queue);
  free(obj);
  *var = omp_interop_none;
}

/* ---- the routines --------------------------------------------------------------- */

/* The standard properties, by -1 - property. */
static const struct tgt_property {
  const char *name;
  int type;              /* omp_irc_type_*: what a getter of another type answers */
  const char *type_desc; /* NULL: the foreign runtime's handle type */
} tgt_properties[] = {
    {"fr_id", omp_irc_type_int, "intptr_t (an omp_interop_fr_t)"},
    {"fr_name", omp_irc_type_str, "const char *"},
    {"vendor", omp_irc_type_int, "intptr_t"},
    {"vendor_name", omp_irc_type_str, "const char *"},
    {"device_num", omp_irc_type_int, "intptr_t (an OpenMP device number)"},
    {"platform", omp_irc_type_ptr, "void * (none for this foreign runtime)"},
    {"device", omp_irc_type_ptr, NULL},
    {"device_context", omp_irc_type_ptr, NULL},
    {"targetsync", omp_irc_type_ptr, NULL},
};

static const struct tgt_property *tgt_property(omp_interop_property_t property) {
  if (property >= 0 || property < omp_ipr_first)
    return NULL; /* no implementation-defined properties */
  return &tgt_properties[-1 - (int)property];
}

/* Can `obj` answer `property` at all? LLVM 19's checks, in its order;
 * platform, device and device_context belong to target, targetsync to
 * targetsync (§3.12, Table 3.1). */
static int tgt_interop_check(const struct tgt_interop *obj,
                             omp_interop_property_t property) {
  if (!obj)
    return omp_irc_empty;
  if (!tgt_property(property))
    return omp_irc_out_of_range;
  bool targetsync = obj->type == TGT_INTEROP_TARGETSYNC;
  if (property == omp_ipr_targetsync && !targetsync)
    return omp_irc_other;
  if ((property == omp_ipr_platform || property == omp_ipr_device ||
       property == omp_ipr_device_context) && targetsync)
    return omp_irc_other;
  return omp_irc_success;
}

/* What a property holds: the field of its type. */
union tgt_value {
  omp_intptr_t num;
  void *ptr;
  const char *str;
};

/* The answer of the getter of type `type` (omp_irc_type_int, _ptr or _str)
 * for `property` of `interop`: a return code, and *value on success. */
static int tgt_interop_get(const omp_interop_t interop, omp_interop_property_t property,
                           int type, union tgt_value *value) {
  const struct tgt_interop *obj = interop;
  int rc = tgt_interop_check(obj, property);
  if (rc != omp_irc_success)
    return rc;
  switch (property) {
  case omp_ipr_fr_id:
    if (type == omp_irc_type_str) { /* LLVM 19's answer: the interop type */
      value->str = obj->type == TGT_INTEROP_TARGETSYNC ? "tasksync" : "device+context";
      return omp_irc_success;
    }
    value->num = obj->runtime->fr_id;
    break;
  case omp_ipr_fr_name:
    value->str = obj->runtime->name;
    break;
  case omp_ipr_vendor:
    value->num = obj->runtime->vendor;
    break;
  case omp_ipr_vendor_name:
    value->str = obj->runtime->vendor_name;
    break;
  case omp_ipr_device_num:
    value->num = obj->device_num;
    break;
  case omp_ipr_platform:
    if (type == omp_irc_type_ptr)
      return omp_irc_no_value; /* CUDA has no platform handle */
    break;
  case omp_ipr_device:
    value->ptr = obj->device;
    break;
  case omp_ipr_device_context:
    value->ptr = obj->context;
    break;
  default: /* omp_ipr_targetsync */
    value->ptr = obj->foreign_queue;
  }
  int property_type = tgt_property(property)->type;
  return property_type == type ? omp_irc_success : property_type;
}

TGT_EXPORT int omp_get_num_interop_properties(const omp_interop_t interop) {
  (void)interop;
  return 0;
}

TGT_EXPORT omp_intptr_t omp_get_interop_int(const omp_interop_t interop,
                                            omp_interop_property_t property,
                                            int *ret_code) {
  union tgt_value value = {0};
  int rc = tgt_interop_get(interop, property, omp_irc_type_int, &value);
  if (ret_code)
    *ret_code = rc;
  return rc == omp_irc_success ? value.num : 0;
}

TGT_EXPORT void *omp_get_interop_ptr(const omp_interop_t interop,
                                     omp_interop_property_t property, int *ret_code) {
  union tgt_value value = {0};
  int rc = tgt_interop_get(interop, property, omp_irc_type_ptr, &value);
  if (ret_code)
    *ret_code = rc;
  return rc == omp_irc_success ? value.ptr : NULL;
}

TGT_EXPORT const char *omp_get_interop_str(const omp_interop_t interop,
                                           omp_interop_property_t property,
                                           int *ret_code) {
  union tgt_value value = {0};
  int rc = tgt_interop_get(interop, property, omp_irc_type_str, &value);
  if (ret_code)
    *ret_code = rc;
  return rc == omp_irc_success ? value.str : NULL;
}

/* Names and types are the property's, whatever the object (none too). */
TGT_EXPORT const char *omp_get_interop_name(const omp_interop_t interop,
                                            omp_interop_property_t property) {
  (void)interop;
  const struct tgt_property *p = tgt_property(property);
  return p ? p->name : NULL;
}

TGT_EXPORT const char *omp_get_interop_type_desc(const omp_interop_t interop,
                                                 omp_interop_property_t property) {
  const struct tgt_interop *obj = interop;
  const struct tgt_property *p = tgt_property(property);
  if (!p)
    return NULL;
  if (p->type_desc)
    return p->type_desc;
  if (!obj)
    return "void *";
  switch (property) {
  case omp_ipr_device:
    return obj->runtime->device_type;
  case omp_ipr_device_context:
    return obj->runtime->context_type;
  default:
    return obj->runtime->queue_type;
  }
}

TGT_EXPORT const char *omp_get_interop_rc_desc(const omp_interop_t interop,
                                               omp_interop_rc_t ret_code) {
  (void)interop;
  switch (ret_code) {
  case omp_irc_no_value:
    return "the arguments are valid, but the property has no value";
  case omp_irc_success:
    return "success";
  case omp_irc_empty:
    return "the interop object is omp_interop_none";
  case omp_irc_out_of_range:
    return "the property is out of range";
  case omp_irc_type_int:
    return "the property is an integer: use omp_get_interop_int";
  case omp_irc_type_ptr:
    return "the property is a pointer: use omp_get_interop_ptr";
  case omp_irc_type_str:
    return "the property is a string: use omp_get_interop_str";
  case omp_irc_other:
    return "the property belongs to the other interop type (target or targetsync)";
  }
  return NULL;
}
