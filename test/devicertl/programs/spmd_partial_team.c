// SPMD parallel regions whose team is smaller than the block (num_threads):
// the threads outside the team wait at the region's end while the team
// meets at its own barriers (explicit, the implicit one of `omp for`, the
// ones inside a reduction). With a block barrier there, the waiting threads
// would end the region early (ICVs reset to level 0 while the team runs).
// Also a region with 17 captured variables (more than 16 arguments).
#include <omp.h>
#include <stdio.h>

#define N 1000

static int check_team(const char *what, int got_threads, int want_max, int levels_ok,
                      long sum, long want_sum) {
  int bad = got_threads < 1 || got_threads > want_max || !levels_ok || sum != want_sum;
  if (bad)
    printf("%s: threads %d (at most %d), levels %s, sum %ld want %ld\n", what, got_threads,
           want_max, levels_ok ? "ok" : "WRONG", sum, want_sum);
  return bad;
}

int main(void) {
  int fails = 0;
  int sizes[3] = {64, 40, 4};
  for (int k = 0; k < 3; k++) {
    int want = sizes[k];
    int out[N], threads = 0, bad_level = 0;
    long sum = 0;
#pragma omp target parallel num_threads(want) map(from : out, threads, bad_level) \
    map(tofrom : sum) reduction(+ : sum)
    {
#pragma omp for
      for (int i = 0; i < N; i++)
        out[i] = i;
      // Everyone's `out` is written; still inside the region.
      if (omp_get_level() != 1 || omp_get_num_threads() < 1)
        bad_level = 1;
#pragma omp barrier
      int n = omp_get_num_threads();
#pragma omp for
      for (int i = 0; i < N; i++)
        sum += out[N - 1 - i];
#pragma omp barrier
      if (omp_get_level() != 1 || omp_get_num_threads() != n)
        bad_level = 1;
      if (omp_get_thread_num() == 0)
        threads = n;
    }
    int on_host = omp_get_num_devices() == 0;
    char what[32];
    snprintf(what, sizeof what, "num_threads(%d)", want);
    fails += check_team(what, threads, on_host ? 1 << 20 : want, !bad_level, sum,
                        (long)N * (N - 1) / 2);
  }

  // 17 reduction variables: with the loop bounds, 19 arguments to the
  // outlined parallel region (the runtime's old limit was 16).
  int r0 = 0, r1 = 0, r2 = 0, r3 = 0, r4 = 0, r5 = 0, r6 = 0, r7 = 0, r8 = 0, r9 = 0,
      r10 = 0, r11 = 0, r12 = 0, r13 = 0, r14 = 0, r15 = 0, r16 = 0;
#pragma omp target teams distribute parallel for                                    \
    reduction(+ : r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12, r13, r14, r15, r16)
  for (int i = 0; i < N; i++) {
    r0 += 1; r1 += 2; r2 += 3; r3 += 4; r4 += 5; r5 += 6; r6 += 7; r7 += 8; r8 += 9;
    r9 += 10; r10 += 11; r11 += 12; r12 += 13; r13 += 14; r14 += 15; r15 += 16; r16 += 17;
  }
  int v[17] = {r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12, r13, r14, r15, r16};
  for (int j = 0; j < 17; j++)
    if (v[j] != (j + 1) * N) {
      if (fails < 5) printf("r%d=%d want %d\n", j, v[j], (j + 1) * N);
      fails++;
    }
  printf("%s\n", fails ? "FAIL" : "OK");
  return fails != 0;
}
