// LLVM's extensions in device code: the <ompx.h> kernel-language routines
// in an `ompx_bare` kernel and in an SPMD one (grid coordinates, block
// barriers, warp ballot and shuffles of every type), and
// `declare target indirect` functions called through a host pointer the
// device code looks up itself (__llvm_omp_indirect_call_lookup, the
// table the plugin publishes); also memcmp and the place queries, which
// have nothing to report on the device; the `error` directive (warning).
#include <omp.h>
#include <ompx.h>
#include <stdio.h>
#include <string.h>

#include "../../common/indirect_call_lookup.h"

#pragma omp begin declare target indirect
int plus_one(int x) { return x + 1; }
int times_three(int x) { return 3 * x; }
int minus_seven(int x) { return x - 7; }
#pragma omp end declare target

typedef int (*int_fn)(int);

#define TEAMS 6
#define THREADS 96

int main(void) {
  int fails = 0;

  // Bare kernel: every thread writes where its coordinates say, after a
  // block barrier every thread reads its neighbour's slot.
  int ids[TEAMS * THREADS], neighbour[TEAMS * THREADS], dims[4] = {0, 0, 0, 0};
#pragma omp target teams ompx_bare num_teams(TEAMS) thread_limit(THREADS)                \
    map(from : ids, neighbour, dims)
  {
    int b = ompx_block_id_x(), t = ompx_thread_id_x(), n = ompx_block_dim_x();
    ids[b * n + t] = b * 1000 + t + 1000000 * (ompx_block_id_y() + ompx_thread_id_z());
    ompx_sync_block_acq_rel();
    neighbour[b * n + t] = ids[b * n + (t + 1) % n];
    ompx_sync_block_divergent(ompx_seq_cst);
    if (b == 0 && t == 0) {
      dims[0] = ompx_grid_dim_x();
      dims[1] = n;
      dims[2] = ompx_grid_dim_y() * ompx_block_dim_z();
      dims[3] = ompx_grid_dim_z() * ompx_block_dim_y();
    }
  }
  if (dims[0] != TEAMS || dims[1] != THREADS || dims[2] != 1 || dims[3] != 1) {
    printf("bare: grid %d block %d y/z %d %d\n", dims[0], dims[1], dims[2], dims[3]);
    fails++;
  }
  for (int i = 0; i < TEAMS * THREADS; i++) {
    int b = i / THREADS, t = i % THREADS;
    if (ids[i] != b * 1000 + t || neighbour[i] != b * 1000 + (t + 1) % THREADS) {
      printf("bare: slot %d id %d neighbour %d\n", i, ids[i], neighbour[i]);
      fails++;
      break;
    }
  }

  // Warp ballot and shuffle-down sums of each type, in an SPMD kernel.
  unsigned long long ballots[4];
  int sum_i[4];
  long sum_l[4];
  float sum_f[4];
  double sum_d[4];
#pragma omp target teams num_teams(1) thread_limit(128)                                  \
    map(from : ballots, sum_i, sum_l, sum_f, sum_d)
#pragma omp parallel num_threads(128)
  {
    int tid = omp_get_thread_num(), lane = tid % 32, warp = tid / 32;
    unsigned long long ballot = ompx_ballot_sync(~0ull, lane % 3 == 0);
    int vi = tid;
    long vl = (long)tid << 33;
    float vf = (float)tid * 0.5f;
    double vd = (double)tid * 0.25;
    for (unsigned delta = 16; delta > 0; delta /= 2) {
      vi += ompx_shfl_down_sync_i(~0ull, vi, delta, 32);
      vl += ompx_shfl_down_sync_l(~0ull, vl, delta, 32);
      vf += ompx_shfl_down_sync_f(~0ull, vf, delta, 32);
      vd += ompx_shfl_down_sync_d(~0ull, vd, delta, 32);
    }
    if (lane == 0) {
      ballots[warp] = ballot;
      sum_i[warp] = vi;
      sum_l[warp] = vl;
      sum_f[warp] = vf;
      sum_d[warp] = vd;
    }
  }
  unsigned long long want_ballot = 0;
  for (int lane = 0; lane < 32; lane++)
    if (lane % 3 == 0)
      want_ballot |= 1ull << lane;
  for (int w = 0; w < 4; w++) {
    long want = 0;
    for (int t = 32 * w; t < 32 * w + 32; t++)
      want += t;
    if (ballots[w] != want_ballot || sum_i[w] != want || sum_l[w] != want << 33 ||
        sum_f[w] != 0.5f * (float)want || sum_d[w] != 0.25 * (double)want) {
      printf("warp %d: ballot %llx (want %llx) sums %d %ld %g %g (want %ld)\n", w,
             ballots[w], want_ballot, sum_i[w], sum_l[w], sum_f[w], sum_d[w], want);
      fails++;
    }
  }

  // Indirect calls: the host's function pointers, looked up on the device.
  int_fn fns[4] = {plus_one, times_three, minus_seven, plus_one};
  int results[4] = {0, 0, 0, 0};
  void *unknown_in = (void *)&results, *unknown_out = NULL, *null_out = (void *)1;
#pragma omp target map(to : fns) map(from : results, unknown_out, null_out)
  {
    for (int i = 0; i < 4; i++) {
      int_fn fn = (int_fn)__llvm_omp_indirect_call_lookup((void *)fns[i]);
      results[i] = fn(10 + i);
    }
    unknown_out = __llvm_omp_indirect_call_lookup(unknown_in);
    null_out = __llvm_omp_indirect_call_lookup(NULL);
  }
  if (results[0] != 11 || results[1] != 33 || results[2] != 5 || results[3] != 14) {
    printf("indirect: %d %d %d %d (want 11 33 5 14)\n", results[0], results[1], results[2],
           results[3]);
    fails++;
  }
  if (unknown_out != unknown_in || null_out != NULL) {
    printf("indirect: an unknown pointer came back as %p (want %p), NULL as %p\n",
           unknown_out, unknown_in, null_out);
    fails++;
  }

  // memcmp, and the place queries (no places on the device).
  int cmp[3] = {9, 9, 9}, places = -1, place_ids_untouched = 0;
#pragma omp target map(from : cmp, places, place_ids_untouched)
  {
    char a[8] = "abcdefg", b[8] = "abcdefh";
    cmp[0] = memcmp(a, b, 6);
    cmp[1] = memcmp(a, b, 7) < 0;
    cmp[2] = memcmp(b, a, 7) > 0;
    int ids_buf[2] = {-5, -5}, nums[2] = {-5, -5};
    places = omp_get_num_places() + omp_get_partition_num_places();
    omp_get_place_proc_ids(0, ids_buf);
    omp_get_partition_place_nums(nums);
    place_ids_untouched = ids_buf[0] == -5 && nums[0] == -5;
  }
  if (cmp[0] != 0 || cmp[1] != 1 || cmp[2] != 1 || places != 0 || !place_ids_untouched) {
    printf("memcmp %d %d %d, places %d, untouched %d\n", cmp[0], cmp[1], cmp[2], places,
           place_ids_untouched);
    fails++;
  }

  // The error directive at execution time, severity warning: a message on
  // the device, and the kernel goes on.
  int after_error = 0;
#pragma omp target map(from : after_error)
  {
#pragma omp error at(execution) severity(warning) message("extensions.c: a device warning")
    after_error = 1;
  }
  if (!after_error) {
    printf("error directive: the kernel stopped at a warning\n");
    fails++;
  }

  printf("%s: extensions\n", fails ? "FAIL" : "OK");
  return fails != 0;
}
