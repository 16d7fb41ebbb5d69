/* copyprivate broadcasts the single thread's private values, of several
 * types and sizes, to every member; repeated rounds use fresh values. */
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"

struct blob {
  char name[37];
  double weights[9];
};

#define ROUNDS 30

int main(void) {
  int mismatches = 0, nthreads = 0;
#pragma omp parallel num_threads(4)
  {
#pragma omp single
    nthreads = omp_get_num_threads();
    for (int r = 0; r < ROUNDS; r++) {
      char c = 0;
      int i = -1;
      double d = 0;
      int64_t big = 0;
      struct blob b;
      memset(&b, 0, sizeof(b));
      int arr[5] = {0};
#pragma omp single copyprivate(c, i, d, big, b, arr)
      {
        c = (char)('a' + r);
        i = 1000 + r + omp_get_thread_num();
        d = 0.5 * r;
        big = (int64_t)r << 40;
        snprintf(b.name, sizeof(b.name), "round-%d", r);
        for (int k = 0; k < 9; k++)
          b.weights[k] = r * 10 + k;
        for (int k = 0; k < 5; k++)
          arr[k] = r * k;
      }
      /* Everyone must now hold the single thread's values; the single
       * thread's number is in i, so all must agree on it too. */
      char want[37];
      snprintf(want, sizeof(want), "round-%d", r);
      int ok = c == (char)('a' + r) && i >= 1000 + r && i < 1000 + r + 4 &&
               d == 0.5 * r && big == ((int64_t)r << 40) &&
               strcmp(b.name, want) == 0 && b.weights[8] == r * 10 + 8 &&
               arr[4] == 4 * r;
      if (!ok) {
#pragma omp atomic
        mismatches++;
      }
    }
  }
  CHECK_EQ_INT(nthreads, 4);
  CHECK_EQ_INT(mismatches, 0);
  CHECK_DONE();
}
