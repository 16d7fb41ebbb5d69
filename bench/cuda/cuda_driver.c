/* cuda_driver.c — loads the CUDA Driver API (see cuda_driver.h). */
#include "cuda_driver.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

struct cuda_driver cu;

static const char *error_name(CUresult rc) {
  const char *name = NULL;
  if (cu.get_error_name && cu.get_error_name(rc, &name) == CUDA_SUCCESS && name)
    return name;
  return "unknown CUDA error";
}

void cuda_check(CUresult rc, const char *what) {
  if (rc == CUDA_SUCCESS)
    return;
  printf("FAIL: %s: %s (%d)\n", what, error_name(rc), (int)rc);
  exit(1);
}

/* Each entry: where the pointer goes, and the library's symbol. */
#define SYMBOL(field, symbol) {(void **)&cu.field, symbol}
static const struct {
  void **slot;
  const char *symbol;
} symbols[] = {
    SYMBOL(init, "cuInit"),
    SYMBOL(device_get_count, "cuDeviceGetCount"),
    SYMBOL(device_get, "cuDeviceGet"),
    SYMBOL(device_get_name, "cuDeviceGetName"),
    SYMBOL(driver_get_version, "cuDriverGetVersion"),
    SYMBOL(primary_ctx_retain, "cuDevicePrimaryCtxRetain"),
    SYMBOL(ctx_set_current, "cuCtxSetCurrent"),
    SYMBOL(ctx_synchronize, "cuCtxSynchronize"),
    SYMBOL(module_load_data, "cuModuleLoadData"),
    SYMBOL(module_get_function, "cuModuleGetFunction"),
    SYMBOL(mem_alloc, "cuMemAlloc_v2"),
    SYMBOL(mem_free, "cuMemFree_v2"),
    SYMBOL(memcpy_htod, "cuMemcpyHtoD_v2"),
    SYMBOL(memcpy_dtoh, "cuMemcpyDtoH_v2"),
    SYMBOL(stream_create, "cuStreamCreate"),
    SYMBOL(stream_destroy, "cuStreamDestroy_v2"),
    SYMBOL(stream_synchronize, "cuStreamSynchronize"),
    SYMBOL(launch_kernel, "cuLaunchKernel"),
    SYMBOL(get_error_name, "cuGetErrorName"),
};

int cuda_driver_open(char *why, int why_len, char *name, int name_len) {
  void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    snprintf(why, why_len, "dlopen libcuda.so.1: %s", dlerror());
    return -1;
  }
  for (size_t k = 0; k < sizeof symbols / sizeof symbols[0]; ++k) {
    *symbols[k].slot = dlsym(lib, symbols[k].symbol);
    if (!*symbols[k].slot) {
      snprintf(why, why_len, "libcuda.so.1 lacks %s", symbols[k].symbol);
      return -1;
    }
  }
  CUresult rc = cu.init(0);
  int count = 0;
  if (rc == CUDA_SUCCESS)
    rc = cu.device_get_count(&count);
  if (rc != CUDA_SUCCESS || count < 1) {
    snprintf(why, why_len, "%s", rc != CUDA_SUCCESS ? error_name(rc) : "0 devices");
    return -1;
  }
  CUdevice dev;
  CUcontext ctx;
  cuda_check(cu.device_get(&dev, 0), "cuDeviceGet");
  cuda_check(cu.device_get_name(name, name_len, dev), "cuDeviceGetName");
  cuda_check(cu.primary_ctx_retain(&ctx, dev), "cuDevicePrimaryCtxRetain");
  cuda_check(cu.ctx_set_current(ctx), "cuCtxSetCurrent");
  return 0;
}
