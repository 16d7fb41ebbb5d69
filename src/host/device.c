/* device.c — the device-related omp_* routines as the host runtime sees
 * them, and other API entry points that belong to neighbouring libraries.
 *
 * Programs call omp_get_num_devices() & co. through libomp (it comes first
 * in the link order); like LLVM's libomp we forward to the next definition
 * (libomptarget's) when one is loaded, and otherwise answer for a host with
 * no offload devices: zero devices, the host being device 0 = initial.
 */
#include <dlfcn.h>

#include "runtime.h"

/* The next library's definition of `name`, looked up once per call site. */
#define OMP_FORWARD(type, name, cache)                                         \
  static __typeof__(type) cache;                                               \
  static _Atomic int cache##_looked;                                           \
  if (!atomic_load_explicit(&cache##_looked, memory_order_acquire)) {          \
    cache = (type)dlsym(RTLD_NEXT, name);                                      \
    atomic_store_explicit(&cache##_looked, 1, memory_order_release);           \
  }

OMP_EXPORT int omp_get_num_devices(void) {
  OMP_FORWARD(int (*)(void), "omp_get_num_devices", next);
  return next ? next() : 0;
}

OMP_EXPORT int omp_get_initial_device(void) {
  OMP_FORWARD(int (*)(void), "omp_get_initial_device", next);
  return next ? next() : omp_get_num_devices();
}

/* On the host, the device executing is the initial device; in a kernel the
 * x86_64 offload device runs here, that device (__omprt_run_on_device). */
OMP_EXPORT int omp_get_device_num(void) {
  int device_num = omp_self()->task->icvs.device_num;
  return device_num >= 0 ? device_num : omp_get_initial_device();
}

/* ---- interop: answered by the target runtime when present ---------------- */

OMP_EXPORT int omp_get_num_interop_properties(const omp_interop_t interop) {
  OMP_FORWARD(int (*)(const omp_interop_t), "omp_get_num_interop_properties", next);
  return next ? next(interop) : 0;
}

OMP_EXPORT omp_intptr_t omp_get_interop_int(const omp_interop_t interop,
                                            omp_interop_property_t property,
                                            int *ret_code) {
  OMP_FORWARD(omp_intptr_t (*)(const omp_interop_t, omp_interop_property_t, int *),
              "omp_get_interop_int", next);
  if (next)
    return next(interop, property, ret_code);
  if (ret_code)
    *ret_code = omp_irc_empty;
  return 0;
}

OMP_EXPORT void *omp_get_interop_ptr(const omp_interop_t interop,
                                     omp_interop_property_t property, int *ret_code) {
  OMP_FORWARD(void *(*)(const omp_interop_t, omp_interop_property_t, int *),
              "omp_get_interop_ptr", next);
  if (next)
    return next(interop, property, ret_code);
  if (ret_code)
    *ret_code = omp_irc_empty;
  return NULL;
}

OMP_EXPORT const char *omp_get_interop_str(const omp_interop_t interop,
                                           omp_interop_property_t property,
                                           int *ret_code) {
  OMP_FORWARD(const char *(*)(const omp_interop_t, omp_interop_property_t, int *),
              "omp_get_interop_str", next);
  if (next)
    return next(interop, property, ret_code);
  if (ret_code)
    *ret_code = omp_irc_empty;
  return NULL;
}

OMP_EXPORT const char *omp_get_interop_name(const omp_interop_t interop,
                                            omp_interop_property_t property) {
  OMP_FORWARD(const char *(*)(const omp_interop_t, omp_interop_property_t),
              "omp_get_interop_name", next);
  return next ? next(interop, property) : NULL;
}

OMP_EXPORT const char *omp_get_interop_type_desc(const omp_interop_t interop,
                                                 omp_interop_property_t property) {
  OMP_FORWARD(const char *(*)(const omp_interop_t, omp_interop_property_t),
              "omp_get_interop_type_desc", next);
  return next ? next(interop, property) : NULL;
}

OMP_EXPORT const char *omp_get_interop_rc_desc(const omp_interop_t interop,
                                               omp_interop_rc_t ret_code) {
  OMP_FORWARD(const char *(*)(const omp_interop_t, omp_interop_rc_t),
              "omp_get_interop_rc_desc", next);
  return next ? next(interop, ret_code) : NULL;
}

/* libomptarget asks libomp for OMP_TARGET_OFFLOAD: 0 disabled, 1 default,
 * 2 mandatory (LLVM's kmp_target_offload_kind numbering). */
OMP_EXPORT int __kmpc_get_target_offload(void) {
  omp_runtime_init();
  switch (omp_global.target_offload) {
  case 1:
    return 2; /* mandatory */
  case 2:
    return 0; /* disabled */
  default:
    return 1;
  }
}
