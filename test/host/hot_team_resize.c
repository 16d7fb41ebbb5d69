/* A top-level team that changes size keeps the workers both sizes have at
 * their thread numbers (as LLVM 19's hot team does): threads 0 and 1 run
 * on the same OS threads through 60 regions of 4, 3, 4, 2, 4 and 3
 * threads (before, a resize gave every worker back to the pool and took
 * them again in another order). Each region's sum checks it ran whole.
 * Runs on LLVM's runtime as well. */
#define _GNU_SOURCE
#include <omp.h>
#include <unistd.h>

#include "check.h"

int main(void) {
  static const int sizes[] = {4, 3, 4, 2, 4, 3};
  pid_t first[2] = {0, 0};
  int moved = 0;
  for (int r = 0; r < 60; r++) {
    int n = sizes[r % 6], sum = 0, size = 0;
#pragma omp parallel num_threads(n) reduction(+ : sum)
    {
      int t = omp_get_thread_num();
      sum += t + 1;
      if (t == 0)
        size = omp_get_num_threads();
      if (t < 2) {
        pid_t me = gettid();
        if (r == 0)
          first[t] = me;
        else if (first[t] != me) {
#pragma omp atomic
          moved++;
        }
      }
    }
    CHECK_EQ_INT(size, n);
    CHECK_EQ_INT(sum, n * (n + 1) / 2);
  }
  CHECK(moved == 0, "threads 0 and 1 ran on another OS thread %d times", moved);
  CHECK_DONE();
}
