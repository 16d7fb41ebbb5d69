/* driver.c — the CUDA Driver API, loaded at run time.
 *
 * libomptarget must build and start on machines without CUDA, so we never
 * link libcuda: we dlopen libcuda.so.1 when a program registers an nvptx
 * image and look up each entry point under the versioned name cuda.h gives
 * it (cuMemAlloc -> cuMemAlloc_v2). A missing driver, a missing required
 * symbol, or cuInit failing all mean "no CUDA devices", never an error.
 */
#include <dlfcn.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "cuda_plugin.h"

void omprt_plugin_error(const char *fmt, ...);

#define CUDA_DEFINE_FN(name) __typeof__(&name) cu_##name;
CUDA_REQUIRED_FUNCTIONS(CUDA_DEFINE_FN)
CUDA_OPTIONAL_FUNCTIONS(CUDA_DEFINE_FN)
#undef CUDA_DEFINE_FN

#define CUDA_SYMBOL_STRING(x) CUDA_SYMBOL_STRING2(x)
#define CUDA_SYMBOL_STRING2(x) #x

bool cuda_trace_on;

static bool cuda_debug(void) {
  const char *d = getenv("LIBOMPTARGET_DEBUG");
  return d && atoi(d) > 0;
}

void cuda_trace(const char *fmt, ...) {
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof(msg), fmt, ap);
  va_end(ap);
  fprintf(stderr, "omptarget: debug: cuda: %s\n", msg);
}

bool cuda_driver_load(void) {
  cuda_trace_on = cuda_debug();
  void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    if (cuda_debug())
      fprintf(stderr, "omptarget: debug: CUDA plugin: %s\n", dlerror());
    return false;
  }
  const char *missing = NULL;
#define CUDA_LOAD_REQUIRED(name)                                                   \
  cu_##name = (__typeof__(cu_##name))dlsym(lib, CUDA_SYMBOL_STRING(name));        \
  if (!cu_##name && !missing)                                                      \
    missing = CUDA_SYMBOL_STRING(name);
#define CUDA_LOAD_OPTIONAL(name)                                                   \
  cu_##name = (__typeof__(cu_##name))dlsym(lib, CUDA_SYMBOL_STRING(name));
  CUDA_REQUIRED_FUNCTIONS(CUDA_LOAD_REQUIRED)
  CUDA_OPTIONAL_FUNCTIONS(CUDA_LOAD_OPTIONAL)
#undef CUDA_LOAD_REQUIRED
#undef CUDA_LOAD_OPTIONAL
  if (missing) {
    fprintf(stderr, "omptarget: warning: libcuda.so.1 lacks %s (driver too old?); "
                    "CUDA devices are not used\n", missing);
    dlclose(lib);
    return false;
  }
  CUresult res = cu_cuInit(0);
  if (res != CUDA_SUCCESS) {
    if (cuda_debug()) {
      const char *name = "?";
      cu_cuGetErrorName(res, &name);
      fprintf(stderr, "omptarget: debug: CUDA plugin: cuInit: %s\n", name);
    }
    return false;
  }
  return true;
}

int cuda_fail(CUresult res, const char *operation) {
  const char *name = "CUDA_ERROR_UNKNOWN", *text = "unknown error";
  if (cu_cuGetErrorName)
    cu_cuGetErrorName(res, &name);
  if (cu_cuGetErrorString)
    cu_cuGetErrorString(res, &text);
  const char *unresolved = cuda_unresolved_functions();
  bool fault = res == CUDA_ERROR_ILLEGAL_ADDRESS || res == CUDA_ERROR_ILLEGAL_INSTRUCTION ||
               res == CUDA_ERROR_LAUNCH_FAILED || res == CUDA_ERROR_MISALIGNED_ADDRESS;
  if (fault && *unresolved)
    omprt_plugin_error("%s: %s (%s); note: the device image leaves %s unresolved "
                       "(weak undefined symbols at address 0): a kernel that calls them "
                       "faults like this", operation, name, text, unresolved);
  else
    omprt_plugin_error("%s: %s (%s)", operation, name, text);
  return res == CUDA_ERROR_OUT_OF_MEMORY ? OMPRT_OUT_OF_MEMORY : OMPRT_FAIL;
}

bool cuda_info_kernel(void) { return (omprt_info_mask() & OMPRT_INFO_PLUGIN_KERNEL) != 0; }

long cuda_env_long(const char *name, long fallback) {
  const char *text = getenv(name);
  if (!text || !*text)
    return fallback;
  char *end;
  errno = 0;
  long value = strtol(text, &end, 0);
  if (errno || *end || value < 0) {
    fprintf(stderr, "omptarget: error: %s='%s' is not a non-negative integer\n", name,
            text);
    fflush(NULL);
    _exit(EXIT_FAILURE);
  }
  return value;
}
