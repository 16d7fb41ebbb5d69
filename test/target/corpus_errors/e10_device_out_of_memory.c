/* Error path: a map the device cannot allocate. The region must not run,
 * and the program must stop with a message naming the variable, its size
 * and the construct's source location, and a non-zero exit status. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  char *p = malloc(16);
  long huge = 1L << 50; /* 1 PiB: no device allocation can succeed */
#pragma omp target map(to : p[0 : huge])
  p[0] = 1;
  printf("not reached\n");
  return 0;
}
