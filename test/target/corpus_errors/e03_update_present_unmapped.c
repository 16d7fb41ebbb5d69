/* Error path: target update with the 'present' motion modifier on data that
 * is not mapped.
 *
 * Build: clang-19 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu e03_update_present_unmapped.c
 * Run:   LD_LIBRARY_PATH=/usr/lib/llvm-19/lib ./a.out
 *
 * LLVM 19.1.7 behaviour: abort (SIGABRT, exit 134); nothing on stdout; stderr:
 *   omptarget message: device mapping required by 'present' motion modifier does not exist for host address 0x<addr> (32 bytes)
 *   omptarget error: Consult https://openmp.llvm.org/design/Runtimes.html for debugging options.
 *   omptarget error: Source location information not present. Compile with -g or -gline-tables-only.
 *   omptarget fatal error 1: failure of target construct while offloading is mandatory
 * (Without 'present', updating unmapped data is silently a no-op: see e07.)
 */
#include <stdio.h>
int main(void) {
  int x[8] = {0};
  #pragma omp target update to(present: x)
  printf("not reached\n");
  return 0;
}
