/* Error paths of `#pragma omp interop`: each must stop the program with an
 * `omptarget: error:` naming this file's line and exit 1. argv[1] picks:
 *   use_none      use of omp_interop_none (LLVM 19: SIGSEGV)
 *   bad_device    init on device 99 (LLVM 19: gives an object that claims
 *                 CUDA and holds the error text as its device)
 *   use_device    use of omp_interop_none with device(99): the object is
 *                 checked first (LLVM 19: SIGSEGV)
 *   null_use      __tgt_interop_use with no variable, as only a hand-written
 *                 call can pass (LLVM 19: SIGSEGV)
 *   null_destroy  the same for __tgt_interop_destroy (LLVM 19: SIGSEGV)
 * On a device with a foreign runtime (test/cuda_mock) also:
 *   mismatch      use with device(1) of an object initialised on device 0
 *                 (LLVM 19: an assertion in a debug build, nothing in a
 *                 release one) */
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef struct {
  int32_t reserved_1, flags, reserved_2, reserved_3;
  const char *psource;
} ident;

void __tgt_interop_use(ident *, int32_t, omp_interop_t *, int32_t, int32_t, void *, int32_t);
void __tgt_interop_destroy(ident *, int32_t, omp_interop_t *, int32_t, int32_t, void *,
                           int32_t);

static ident here = {0, 2, 0, 0, ";interop_errors.c;main;42;1;;"};

int main(int argc, char **argv) {
  const char *which = argc > 1 ? argv[1] : "use_none";
  omp_interop_t o = omp_interop_none;
  int d = 99;
  if (!strcmp(which, "use_none")) {
#pragma omp interop use(o)
  } else if (!strcmp(which, "bad_device")) {
#pragma omp interop init(targetsync : o) device(d)
  } else if (!strcmp(which, "use_device")) {
#pragma omp interop use(o) device(d)
  } else if (!strcmp(which, "null_use")) {
    __tgt_interop_use(&here, 0, NULL, -1, 0, NULL, 0);
  } else if (!strcmp(which, "null_destroy")) {
    __tgt_interop_destroy(&here, 0, NULL, -1, 0, NULL, 0);
  } else if (!strcmp(which, "mismatch")) {
    d = 0;
    /* a region: its image is what starts the device's plugin */
#pragma omp target device(d)
    {
    }
#pragma omp interop init(targetsync : o) device(d)
    printf("object %p\n", o);
    d = 1;
#pragma omp interop use(o) device(d)
  }
  printf("not reached: %s\n", which);
  return 0;
}
