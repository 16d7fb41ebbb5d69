/* Behaviour (not an error): OMP_TARGET_OFFLOAD=DISABLED.
 *
 * Build: clang-19 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu e06_offload_disabled.c
 * Run:   OMP_TARGET_OFFLOAD=DISABLED LD_LIBRARY_PATH=/usr/lib/llvm-19/lib ./a.out
 *
 * LLVM 19.1.7 behaviour: exit 0, empty stderr, stdout exactly:
 *   num_devices=4 initial=4 default=0 on_host=1
 * i.e. the target region runs on the host, but omp_get_num_devices() still
 * answers 4 and omp_get_initial_device() 4 (the devices are not hidden).
 * Without the variable (or with MANDATORY) the same binary prints
 *   num_devices=4 initial=4 default=0 on_host=0
 * Exit status: 0 when the region ran on the host, 1 otherwise.
 */
#include <omp.h>
#include <stdio.h>
int main(void) {
  int on_host = -1;
  #pragma omp target map(from: on_host)
  on_host = omp_is_initial_device();
  printf("num_devices=%d initial=%d default=%d on_host=%d\n", omp_get_num_devices(),
         omp_get_initial_device(), omp_get_default_device(), on_host);
  return !(on_host == 1);
}
