/* A real data race (every thread increments x unsynchronized), built with
 * -fsanitize=thread and run with Archer: the tool must not hide it. */
#include <stdio.h>

int main(void) {
  int x = 0;
#pragma omp parallel num_threads(2)
  x++;
  printf("x = %d\n", x);
  return 0;
}
