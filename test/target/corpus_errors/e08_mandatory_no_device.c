/* Error path: OMP_TARGET_OFFLOAD=MANDATORY when no device can run the image.
 * Needs a machine without an NVIDIA GPU (or without the CUDA driver).
 *
 * Build: clang-19 -fopenmp -fopenmp-targets=nvptx64 --offload-arch=sm_90 \
 *          --libomptarget-nvptx-bc-path=/usr/lib/llvm-19/lib/libomptarget-nvptx-sm_90.bc \
 *          e08_mandatory_no_device.c
 * Run:   OMP_TARGET_OFFLOAD=MANDATORY LD_LIBRARY_PATH=/usr/lib/llvm-19/lib ./a.out
 *
 * LLVM 19.1.7 behaviour (no GPU): nothing on stdout, the process dies with
 * SIGSEGV (shell exit code 139) right after printing to stderr:
 *   omptarget error: Consult https://openmp.llvm.org/design/Runtimes.html for debugging options.
 *   omptarget error: No images found compatible with the installed hardware.
 * (the second line has a trailing space and no newline). A replacement should
 * print the same diagnosis and exit non-zero; the crash itself is an LLVM bug.
 * Without OMP_TARGET_OFFLOAD the program runs the region on the host and
 * prints "num_devices=0 initial=0 x=1" (exit 0): with no usable device
 * omp_get_num_devices() is 0 and the initial device number is 0.
 * A binary built with plain -fopenmp (no -fopenmp-targets) ignores MANDATORY
 * entirely: it never calls libomptarget and prints the same host result.
 */
#include <omp.h>
#include <stdio.h>
int main(void) {
  int x = 0;
  #pragma omp target map(tofrom: x)
  x = 1;
  printf("num_devices=%d initial=%d x=%d\n", omp_get_num_devices(), omp_get_initial_device(), x);
  return 0;
}
