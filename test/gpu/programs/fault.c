/* A kernel that faults (an illegal address) must be reported with the
 * driver's error and the construct's location, not hang: synchronously
 * (argument "sync") and in a deferred region whose completion callback
 * receives the error ("nowait"). */
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  int nowait = argc > 1 && strcmp(argv[1], "nowait") == 0;
  /* An address no allocation covers: dereferencing it on the GPU faults. */
  volatile int *bad = (int *)(uintptr_t)0xdead00000000ull;
  if (nowait) {
    #pragma omp target nowait is_device_ptr(bad)
    { *bad = 1; }
    #pragma omp taskwait
  } else {
    #pragma omp target is_device_ptr(bad)
    { *bad = 1; }
  }
  printf("not reached: the faulting kernel went unreported\n");
  return 0;
}
