/* The CUDA plugin's stream manager and completion callbacks under load:
 * 64 deferred target regions, each holding its stream ~0.3 ms, issued by one
 * thread and run by the hidden helper team, with only 2 streams to begin
 * with (LIBOMPTARGET_NUM_INITIAL_STREAMS=2, set by the test): the pool must
 * grow (LIBOMPTARGET_INFO=16 reports it), every region must complete through
 * its callback (taskwait returns), and every result must be right. A second
 * round reuses the grown pool's streams and the event pool. */
#include <omp.h>
#include <stdio.h>

#define N 64

int main(void) {
  static long out[N];
  int fail = 0;
  for (int round = 0; round < 2; round++) {
    for (int i = 0; i < N; i++)
      out[i] = -1;
    for (int i = 0; i < N; i++) {
      #pragma omp target nowait map(tofrom: out[i:1]) firstprivate(i, round)
      {
        double t0 = omp_get_wtime();
        while (omp_get_wtime() - t0 < 3e-4)
          ;
        out[i] = 1000L * round + i * (long)i + (omp_is_initial_device() ? -100000 : 0);
      }
    }
    #pragma omp taskwait
    for (int i = 0; i < N; i++)
      if (out[i] != 1000L * round + i * (long)i) {
        printf("FAIL round %d: out[%d] = %ld\n", round, i, out[i]);
        fail = 1;
      }
  }
  if (fail)
    return 1;
  printf("OK\n");
  return 0;
}
