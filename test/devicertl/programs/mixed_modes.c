// One translation unit whose kernels run in different modes: a generic-mode
// kernel openmp-opt cannot make SPMD (an opaque call in its sequential
// part), one it can (clang emits it generic), and SPMD kernels. The mode is
// then known per kernel, not per file: code inside a parallel region is
// reached through a function pointer, so the runtime answers team sizes and
// barriers there from the team state the region's starter stored rather
// than from the mode (docs/devicertl.md, "Modes"). These kernels check
// what depends on that inside regions, in both modes: team sizes and thread
// numbers (including short loops, which the plugin launches with fewer
// threads than the kernel's limit), static and dynamic loops, barriers
// of whole blocks, of num_threads teams and of generic-mode teams, and a
// reduction; the host checks each against a serial reference.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#pragma omp declare target
// An asm statement the optimizer cannot see through, in the sequential part
// of its kernel: openmp-opt must leave that kernel in generic mode.
static double scale_of(int block) {
  __asm__ volatile("" ::: "memory");
  return 1.0 + (block & 3);
}
#pragma omp end declare target

static int fails;

static void report(const char *what, long index, long got, long want) {
  if (fails++ < 20)
    printf("%s: [%ld] = %ld, want %ld\n", what, index, got, want);
}

// SPMD: every iteration records the team size and thread number it saw;
// both must be consistent with the team that ran it.
static void spmd_team_view(int n) {
  int *threads = malloc(n * sizeof(int)), *tid = malloc(n * sizeof(int));
  int *seen = calloc(n, sizeof(int));
#pragma omp target teams distribute parallel for map(from : threads[0 : n], tid[0 : n]) \
    map(tofrom : seen[0 : n])
  for (int i = 0; i < n; i++) {
    threads[i] = omp_get_num_threads();
    tid[i] = omp_get_thread_num();
    seen[i] += 1;
  }
  for (int i = 0; i < n; i++) {
    if (seen[i] != 1)
      report("spmd: iteration ran", i, seen[i], 1);
    else if (threads[i] < 1 || tid[i] < 0 || tid[i] >= threads[i])
      report("spmd: thread number within team", i, tid[i], threads[i]);
  }
  free(threads);
  free(tid);
  free(seen);
}

// SPMD with simd and an inner loop: each element sums a window of the
// input (integer-valued, exact).
static void spmd_window(int n) {
  enum { W = 9 };
  double *x = malloc((n + W) * sizeof(double)), *y = calloc(n, sizeof(double));
  for (int i = 0; i < n + W; i++)
    x[i] = i % 9 - 4;
#pragma omp target teams distribute parallel for simd map(to : x[0 : n + W]) \
    map(tofrom : y[0 : n])
  for (int i = 0; i < n; ++i) {
    double s = 0;
    for (int j = i; j < i + W; ++j)
      s += x[j];
    y[i] = 2 * s;
  }
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int j = i; j < i + W; ++j)
      s += x[j];
    if (y[i] != 2 * s)
      report("spmd window", i, (long)y[i], (long)(2 * s));
  }
  free(x);
  free(y);
}

// SPMD with a num_threads team smaller than the block: barriers and a
// dynamic loop inside, then a reduction.
static void spmd_partial_team(void) {
  enum { M = 777 };
  int out[M], team = 0;
  long sum = 0;
#pragma omp target teams num_teams(1) map(from : out, team) map(tofrom : sum)
#pragma omp parallel num_threads(40) reduction(+ : sum)
  {
#pragma omp for schedule(dynamic, 5)
    for (int i = 0; i < M; i++)
      out[i] = i + 1;
#pragma omp barrier
    // After the barrier every element is written, whoever wrote it.
#pragma omp for
    for (int i = 0; i < M; i++)
      sum += out[M - 1 - i];
    if (omp_get_thread_num() == 0)
      team = omp_get_num_threads();
  }
  for (int i = 0; i < M; i++)
    if (out[i] != i + 1)
      report("spmd partial team: out", i, out[i], i + 1);
  if (sum != (long)M * (M + 1) / 2)
    report("spmd partial team: sum", 0, sum, (long)M * (M + 1) / 2);
  if (team < 1 || team > 40)
    report("spmd partial team: size", 0, team, 40);
}

// Generic mode, not SPMD-able: sequential code around parallel regions with
// a barrier and worksharing inside.
static void generic_blocks(void) {
  enum { B = 8, PER = 300 };
  double a[B * PER];
  int sizes[B];
  for (int i = 0; i < B * PER; i++)
    a[i] = i;
#pragma omp target teams distribute map(tofrom : a) map(from : sizes)
  for (int blk = 0; blk < B; blk++) {
    double scale = scale_of(blk);
    int lo = blk * PER;
#pragma omp parallel
    {
#pragma omp for
      for (int i = lo; i < lo + PER; i++)
        a[i] = a[i] * scale;
#pragma omp barrier
#pragma omp for schedule(dynamic, 7)
      for (int i = lo; i < lo + PER; i++)
        a[i] += 1.0;
      if (omp_get_thread_num() == 0)
        sizes[blk] = omp_get_num_threads();
    }
    a[lo] += 0.5;
  }
  for (int blk = 0; blk < B; blk++) {
    for (int i = blk * PER; i < (blk + 1) * PER; i++) {
      double want = i * (1.0 + (blk & 3)) + 1.0 + (i == blk * PER ? 0.5 : 0.0);
      if (a[i] != want)
        report("generic: a", i, (long)a[i], (long)want);
    }
    if (sizes[blk] < 1)
      report("generic: team size", blk, sizes[blk], 1);
  }
}

// Generic as clang emits it, SPMD after openmp-opt.
static int spmdized_on_device(void) {
  int on_host = 1;
#pragma omp target map(from : on_host)
  on_host = omp_is_initial_device();
  return !on_host;
}

int main(void) {
  int on_device = spmdized_on_device();
  int sizes[] = {1, 100, 1000, 500000};
  for (int k = 0; k < 4; k++)
    spmd_team_view(sizes[k]);
  spmd_window(3001);
  spmd_partial_team();
  generic_blocks();
  if (on_device != (omp_get_num_devices() > 0))
    report("target region ran on the device", 0, on_device, omp_get_num_devices() > 0);
  printf("%s\n", fails ? "FAIL" : "OK");
  return fails != 0;
}
