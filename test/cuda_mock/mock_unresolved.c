/* mock_unresolved.c — a dynamic schedule built with LLVM 19's device
 * runtime: its allocation calls `malloc`, which the device link leaves an
 * undefined weak symbol. The plugin must say so at load (LIBOMPTARGET_INFO
 * kernel bit), since a kernel calling it faults on a GPU. The mock runs the
 * host version, so the result is still checked. */
#include <stdio.h>

#define N 1000

int main(void) {
  static int hits[N];
#pragma omp target teams distribute parallel for map(from: hits) schedule(dynamic, 7)
  for (int i = 0; i < N; i++)
    hits[i] = i % 13;
  for (int i = 0; i < N; i++)
    if (hits[i] != i % 13) {
      printf("FAIL hits[%d] = %d, want %d\n", i, hits[i], i % 13);
      return 1;
    }
  printf("OK\n");
  return 0;
}
