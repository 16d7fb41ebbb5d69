/* Error path: map(present, ...) of data that is not mapped.
 *
 * Build: clang-19 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu e01_present_unmapped.c
 * Run:   LD_LIBRARY_PATH=/usr/lib/llvm-19/lib ./a.out      (OMP_TARGET_OFFLOAD unset)
 *
 * LLVM 19.1.7 behaviour: the target region is not run, the process aborts
 * (SIGABRT, shell exit code 134); nothing on stdout; stderr (addresses vary):
 *   omptarget message: device mapping required by 'present' map type modifier does not exist for host address 0x<addr> (64 bytes)
 *   omptarget error: Call to getTargetPointer returned null pointer ('present' map type modifier).
 *   omptarget error: Call to targetDataBegin failed, abort target.
 *   omptarget error: Failed to process data before launching the kernel.
 *   omptarget error: Consult https://openmp.llvm.org/design/Runtimes.html for debugging options.
 *   omptarget error: Source location information not present. Compile with -g or -gline-tables-only.
 *   omptarget fatal error 1: failure of target construct while offloading is mandatory
 * Note: fatal although OMP_TARGET_OFFLOAD is the default: once a device was
 * found LLVM treats every failed target construct as fatal.
 * A test should require: non-zero exit, "not reached" absent, stderr
 * mentioning 'present' and the host address size (64 bytes).
 */
#include <stdio.h>
int main(void) {
  int x[16] = {0};
  #pragma omp target map(present, tofrom: x)
  x[0] = 1;
  printf("not reached x[0]=%d\n", x[0]);
  return 0;
}
