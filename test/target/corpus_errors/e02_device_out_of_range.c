/* Error path: device(99) on a machine with 4 devices (LLVM's host plugin
 * always reports 4 x86_64 devices).
 *
 * Build: clang-19 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu e02_device_out_of_range.c
 * Run:   LD_LIBRARY_PATH=/usr/lib/llvm-19/lib ./a.out
 *        (same result with OMP_TARGET_OFFLOAD=MANDATORY and unset)
 *
 * LLVM 19.1.7 behaviour: no host fallback; abort (SIGABRT, exit 134);
 * nothing on stdout; stderr is exactly one line:
 *   omptarget fatal error 99: Device number '99' out of range, only 4 devices available
 * (the "fatal error N" number is the device number itself).
 * The same message and abort happen for OMP_DEFAULT_DEVICE=9 with a target
 * region that has no device clause ("fatal error 9: Device number '9' ...").
 */
#include <stdio.h>
int main(void) {
  int x = 0;
  #pragma omp target device(99) map(tofrom: x)
  x = 1;
  printf("not reached x=%d\n", x);
  return 0;
}
