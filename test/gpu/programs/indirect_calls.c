/* `declare target indirect` functions called through host function
 * pointers that device code translates with __llvm_omp_indirect_call_lookup
 * (LLVM 19's device runtime, or ours): the CUDA plugin publishes the
 * image's table of (host, device) pairs in the device environment
 * (src/plugins/cuda/device.c). An unknown pointer and NULL come back
 * unchanged. On the CPU (the cuda_mock corpus runs the host versions) the
 * lookup is the identity, as on the x86_64 device. */
#include <stdio.h>

#include "../../common/indirect_call_lookup.h"

#pragma omp begin declare target indirect
int square(int x) { return x * x; }
int negate(int x) { return -x; }
int add_ten(int x) { return x + 10; }
#pragma omp end declare target

typedef int (*int_fn)(int);

int main(void) {
  int_fn fns[6] = {square, negate, add_ten, negate, square, add_ten};
  int out[6] = {0};
  void *unknown = &out[0], *unknown_back = NULL, *null_back = &out[1];
#pragma omp target teams distribute parallel for map(to : fns) map(from : out)
  for (int i = 0; i < 6; i++)
    out[i] = ((int_fn)__llvm_omp_indirect_call_lookup((void *)fns[i]))(i + 1);
#pragma omp target map(from : unknown_back, null_back)
  {
    unknown_back = __llvm_omp_indirect_call_lookup(unknown);
    null_back = __llvm_omp_indirect_call_lookup(NULL);
  }
  int want[6] = {1, -2, 13, -4, 25, 16}, fails = 0;
  for (int i = 0; i < 6; i++)
    if (out[i] != want[i]) {
      printf("FAIL: fns[%d](%d) gave %d, want %d\n", i, i + 1, out[i], want[i]);
      fails++;
    }
  if (unknown_back != unknown || null_back != NULL) {
    printf("FAIL: unknown pointer %p came back as %p, NULL as %p\n", unknown, unknown_back,
           null_back);
    fails++;
  }
  if (fails)
    return 1;
  printf("OK\n");
  return 0;
}
