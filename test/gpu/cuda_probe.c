/* cuda_probe: is there a CUDA device this process can use?
 *
 * Run by gpu_test.sh before every GPU test, so a machine without a GPU
 * reports the test SKIPPED (exit 77) with the reason instead of failing or,
 * worse, passing on the host fallback. libcuda.so.1 is opened with dlopen,
 * never linked: the probe must start on machines that have no driver at all.
 *
 * Exit 0 and one line "cuda_probe: N device(s): <name of device 0>, driver
 * <version>" when a device is there; exit 77 and the reason otherwise. */
#include <cuda.h>
#include <dlfcn.h>
#include <stdio.h>

#define SKIP 77

typedef CUresult (*cu_init_fn)(unsigned);
typedef CUresult (*cu_count_fn)(int *);
typedef CUresult (*cu_device_fn)(CUdevice *, int);
typedef CUresult (*cu_name_fn)(char *, int, CUdevice);
typedef CUresult (*cu_version_fn)(int *);
typedef CUresult (*cu_error_name_fn)(CUresult, const char **);

static const char *error_name(void *libcuda, CUresult rc) {
  cu_error_name_fn get_name = (cu_error_name_fn)dlsym(libcuda, "cuGetErrorName");
  const char *name = NULL;
  if (get_name && get_name(rc, &name) == CUDA_SUCCESS && name)
    return name;
  return "unknown CUDA error";
}

int main(void) {
  void *libcuda = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!libcuda) {
    printf("dlopen libcuda.so.1: %s\n", dlerror());
    return SKIP;
  }
  cu_init_fn cu_init = (cu_init_fn)dlsym(libcuda, "cuInit");
  cu_count_fn cu_count = (cu_count_fn)dlsym(libcuda, "cuDeviceGetCount");
  if (!cu_init || !cu_count) {
    printf("libcuda.so.1 lacks cuInit or cuDeviceGetCount\n");
    return SKIP;
  }
  CUresult rc = cu_init(0);
  if (rc != CUDA_SUCCESS) {
    printf("cuInit: %s (%d)\n", error_name(libcuda, rc), (int)rc);
    return SKIP;
  }
  int count = 0;
  rc = cu_count(&count);
  if (rc != CUDA_SUCCESS) {
    printf("cuDeviceGetCount: %s (%d)\n", error_name(libcuda, rc), (int)rc);
    return SKIP;
  }
  if (count < 1) {
    printf("cuDeviceGetCount: 0 devices\n");
    return SKIP;
  }
  /* The name and driver version only label the logs. */
  char name[256] = "?";
  int version = 0;
  CUdevice dev;
  cu_device_fn cu_device = (cu_device_fn)dlsym(libcuda, "cuDeviceGet");
  cu_name_fn cu_name = (cu_name_fn)dlsym(libcuda, "cuDeviceGetName");
  cu_version_fn cu_version = (cu_version_fn)dlsym(libcuda, "cuDriverGetVersion");
  if (cu_device && cu_name && cu_device(&dev, 0) == CUDA_SUCCESS)
    cu_name(name, sizeof name, dev);
  if (cu_version)
    cu_version(&version);
  printf("cuda_probe: %d device(s): %s, driver CUDA %d.%d\n", count, name, version / 1000,
         version % 1000 / 10);
  return 0;
}
