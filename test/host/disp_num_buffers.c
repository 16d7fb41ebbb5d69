/* How many nowait worksharing loops a team may have in flight: thread 0
 * runs ahead through nowait dynamic loops while thread 1 has not started
 * any, so it passes exactly as many loops as the team has dispatch buffers,
 * then waits for thread 1 (dispatch.c). Checks the count against argv[1].
 *   disp_num_buffers <expected> [set:K | late:K]
 * set:K calls kmp_set_disp_num_buffers(K) before the runtime starts, late:K
 * after (where, as in LLVM, it must change nothing). */
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void kmp_set_disp_num_buffers(int n);

enum { LOOPS = 5000 }; /* more than the most buffers a team may have */

static int loops_passed_alone(void) {
  atomic_int progress = 0;
  int observed = -1;
  long sum = 0;
#pragma omp parallel num_threads(2) reduction(+ : sum)
  {
    int tid = omp_get_thread_num();
    if (tid == 1) {
      /* Let thread 0 run ahead until it has to wait (its count stays put
       * for 100 ms) or finishes; 10 s at most on a very slow machine. */
      double t0 = omp_get_wtime(), still_since = t0;
      int last = -1;
      for (;;) {
        int now = atomic_load(&progress);
        double t = omp_get_wtime();
        if (now != last) {
          last = now;
          still_since = t;
        }
        if (now == LOOPS || (now > 0 && t - still_since > 0.1) || t - t0 > 10)
          break;
        usleep(1000);
      }
      observed = atomic_load(&progress);
    }
    for (int k = 0; k < LOOPS; k++) {
#pragma omp for schedule(dynamic) nowait
      for (int i = 0; i < 4; i++)
        sum += i;
      if (tid == 0)
        atomic_store(&progress, k + 1);
    }
  }
  if (sum != LOOPS * 6L) {
    printf("FAIL: the loops summed to %ld, want %ld\n", sum, LOOPS * 6L);
    exit(1);
  }
  return observed;
}

int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  int expected = atoi(argv[1]);
  const char *call = argc > 2 ? argv[2] : "";
  if (strncmp(call, "set:", 4) == 0)
    kmp_set_disp_num_buffers(atoi(call + 4));
  if (strncmp(call, "late:", 5) == 0) {
    loops_passed_alone(); /* the runtime has started */
    kmp_set_disp_num_buffers(atoi(call + 5));
  }
  int observed = loops_passed_alone();
  if (observed != expected) {
    printf("FAIL: thread 0 passed %d nowait loops alone, want %d\n", observed, expected);
    return 1;
  }
  printf("PASS: %d nowait loops in flight\n", observed);
  return 0;
}
