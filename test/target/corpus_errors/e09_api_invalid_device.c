/* Error path: device memory API called with a device number out of range.
 *
 * Build: clang-19 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu e09_api_invalid_device.c
 * Run:   LD_LIBRARY_PATH=/usr/lib/llvm-19/lib ./a.out
 *
 * LLVM 19.1.7 behaviour: the first call, omp_target_alloc(16, 99), does not
 * return NULL: the process aborts (SIGABRT, exit 134), nothing on stdout,
 * stderr exactly:
 *   omptarget fatal error 99: Device number '99' out of range, only 4 devices available
 */
#include <omp.h>
#include <stdio.h>
int main(void) {
  int h[4] = {1, 2, 3, 4};
  void *p = omp_target_alloc(16, 99);
  int present = omp_target_is_present(h, 99);
  printf("not reached alloc=%p present=%d\n", p, present);
  return 0;
}
