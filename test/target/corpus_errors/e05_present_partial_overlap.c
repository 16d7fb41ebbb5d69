/* Error path: map(present, ...) of a section that only partly overlaps an
 * existing mapping (x[0:16] mapped, x[8:32] requested).
 *
 * Build: clang-19 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu e05_present_partial_overlap.c
 * Run:   LD_LIBRARY_PATH=/usr/lib/llvm-19/lib ./a.out
 *
 * LLVM 19.1.7 behaviour: abort (SIGABRT, exit 134); nothing on stdout; stderr
 * (both the extension and the present messages are printed):
 *   omptarget message: explicit extension not allowed: host address specified is 0x<A+32> (128 bytes), but device allocation maps to host at 0x<A> (64 bytes)
 *   omptarget message: device mapping required by 'present' map type modifier does not exist for host address 0x<A+32> (128 bytes)
 *   omptarget error: Call to getTargetPointer returned null pointer ('present' map type modifier).
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
  #pragma omp target map(present, alloc: x[8:32])
  x[8] = 1;
  printf("not reached\n");
  return 0;
}
