/* Behaviour (not an error): exit data from/delete and update from on data
 * that was never mapped are silently ignored.
 *
 * Build: clang-19 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu e07_unmapped_exit_update.c
 * Run:   LD_LIBRARY_PATH=/usr/lib/llvm-19/lib ./a.out
 *
 * LLVM 19.1.7 behaviour: exit 0, empty stderr, stdout "OK".
 */
#include <stdio.h>
int main(void) {
  int x[8] = {0};
  #pragma omp target exit data map(from: x)
  #pragma omp target exit data map(delete: x)
  #pragma omp target update from(x)
  printf("OK\n");
  return 0;
}
