/* Unsetting a lock nobody holds is an error the runtime reports (LLVM stops
 * with an assertion); ours names the call. The test passes on the message. */
#include <omp.h>
#include <stdio.h>

int main(void) {
  omp_lock_t lock;
  omp_init_lock(&lock);
  omp_unset_lock(&lock);
  printf("not reported\n");
  return 0;
}
