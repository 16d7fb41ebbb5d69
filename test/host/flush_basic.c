/* flush orders a producer's data store before its flag store, and the
 * consumer's flag load before its data load (the classic flush handshake);
 * the consumer acknowledges each round the same way. The accesses are
 * atomic (relaxed) so that ThreadSanitizer, which does not model fences,
 * sees no race; the ordering comes from the flushes. */
#include <omp.h>
#include <sched.h>
#include <stdio.h>

#include "check.h"

#define ROUNDS 2000

/* Spin (yielding: the other thread may share our processor) until *word
 * holds want. */
static void await(int *word, int want) {
  for (;;) {
    int seen;
#pragma omp atomic read
    seen = *word;
    if (seen == want)
      break;
    sched_yield();
  }
#pragma omp flush
}

int main(void) {
  int data = 0, flag = 0, ack = 0, bad = 0, nthreads = 0;
#pragma omp parallel num_threads(2)
  {
#pragma omp single
    nthreads = omp_get_num_threads();
    for (int r = 1; r <= ROUNDS && nthreads == 2; r++) {
      if (omp_get_thread_num() == 0) {
#pragma omp atomic write
        data = r;
#pragma omp flush
#pragma omp atomic write
        flag = r;
        await(&ack, r);
      } else {
        await(&flag, r);
        int got;
#pragma omp atomic read
        got = data;
        if (got != r)
          bad++;
#pragma omp flush
#pragma omp atomic write
        ack = r;
      }
    }
  }
  CHECK_EQ_INT(nthreads, 2);
  CHECK_EQ_INT(bad, 0);
  CHECK_DONE();
}
