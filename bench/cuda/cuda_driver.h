/* cuda_driver.h — the CUDA Driver API functions the hand-written baselines
 * call, loaded from libcuda.so.1 with dlopen at run time (never linked), so
 * the programs build without a driver and say SKIPPED where none is.
 * cuda.h gives the types only; each pointer names the exact versioned
 * symbol (cuMemAlloc_v2, ...) that cuda.h's macros would pick. */
#ifndef CUDA_DRIVER_H
#define CUDA_DRIVER_H
#include <cuda.h>

struct cuda_driver {
  CUresult (*init)(unsigned);
  CUresult (*device_get_count)(int *);
  CUresult (*device_get)(CUdevice *, int);
  CUresult (*device_get_name)(char *, int, CUdevice);
  CUresult (*driver_get_version)(int *);
  CUresult (*primary_ctx_retain)(CUcontext *, CUdevice);
  CUresult (*ctx_set_current)(CUcontext);
  CUresult (*ctx_synchronize)(void);
  CUresult (*module_load_data)(CUmodule *, const void *);
  CUresult (*module_get_function)(CUfunction *, CUmodule, const char *);
  CUresult (*mem_alloc)(CUdeviceptr *, size_t);
  CUresult (*mem_free)(CUdeviceptr);
  CUresult (*memcpy_htod)(CUdeviceptr, const void *, size_t);
  CUresult (*memcpy_dtoh)(void *, CUdeviceptr, size_t);
  CUresult (*stream_create)(CUstream *, unsigned);
  CUresult (*stream_destroy)(CUstream);
  CUresult (*stream_synchronize)(CUstream);
  CUresult (*launch_kernel)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned,
                            unsigned, unsigned, CUstream, void **, void **);
  CUresult (*get_error_name)(CUresult, const char **);
};

extern struct cuda_driver cu;

/* Loads libcuda.so.1, initializes it and makes device 0's primary context
 * current. Returns 0, or -1 with a reason in `why` when there is no usable
 * device (the caller then exits 77). `name` gets device 0's name. */
int cuda_driver_open(char *why, int why_len, char *name, int name_len);

/* Exits 1 with "FAIL: <what>: <CUDA error name>" unless rc is CUDA_SUCCESS. */
void cuda_check(CUresult rc, const char *what);

#endif
