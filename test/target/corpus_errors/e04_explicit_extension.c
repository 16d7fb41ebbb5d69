/* Error path: mapping a section that extends an existing mapping
 * (x[0:16] is mapped, then x[0:64] is requested).
 *
 * Build: clang-19 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu e04_explicit_extension.c
 * Run:   LD_LIBRARY_PATH=/usr/lib/llvm-19/lib ./a.out
 *
 * LLVM 19.1.7 behaviour: abort (SIGABRT, exit 134); nothing on stdout; stderr:
 *   omptarget message: explicit extension not allowed: host address specified is 0x<A> (256 bytes), but device allocation maps to host at 0x<A> (64 bytes)
 *   omptarget error: Call to getTargetPointer returned null pointer (device failure or illegal mapping).
 *   omptarget error: Call to targetDataBegin failed, abort target.
 *   omptarget error: Failed to process data before launching the kernel.
 *   omptarget error: Consult https://openmp.llvm.org/design/Runtimes.html for debugging options.
 *   omptarget error: Source location information not present. Compile with -g or -gline-tables-only.
 *   omptarget fatal error 1: failure of target construct while offloading is mandatory
 */
#include <stdio.h>
int main(void) {
  int x[64] = {0};
  #pragma omp target enter data map(to: x[0:16])
  #pragma omp target map(tofrom: x[0:64])
  x[40] = 1;
  printf("not reached x[40]=%d\n", x[40]);
  return 0;
}
