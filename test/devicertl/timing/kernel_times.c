// Kernel times for the device-runtime comparison (issue 7): a STREAM
// triad, B1's kernel K (bench/b14 body, linear variant) and a generic-mode
// kernel with sequential and parallel parts (seed 003, Fig. 12), on data
// already on the device, so each timing is launch + kernel. Built twice:
// gpu_drtl_kernel_times (our device runtime) and
// gpu_drtl_kernel_times_llvm (LLVM 19's); run both on the same GPU.
// Prints one CSV line per kernel (name, median and minimum microseconds over
// the repetitions) and OK once every result matched the host.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N (1 << 24)
#define BLOCKS 4096
#define REPS 30

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static void report(const char *name, double *us) {
  qsort(us, REPS, sizeof(double), cmp_double);
  printf("%s,%s,%.1f,%.1f\n", DRTL_RUNTIME, name, us[REPS / 2], us[0]);
}

int main(void) {
  double *a = malloc(N * sizeof(double)), *b = malloc(N * sizeof(double)),
         *c = malloc(N * sizeof(double));
  for (int i = 0; i < N; i++) {
    a[i] = 0;
    b[i] = i % 1000;
    c[i] = (i % 7) * 0.5;
  }
  double us[REPS];
  int fails = 0;
  printf("runtime,kernel,median_us,min_us\n");
  // b too comes back: K updates it (mapping it `to` only left the host copy
  // unchanged, and the check below failed on both runtimes).
#pragma omp target data map(tofrom : a[0:N], b[0:N]) map(to : c[0:N])
  {
    for (int r = 0; r < REPS; r++) {
      double t0 = omp_get_wtime();
#pragma omp target teams distribute parallel for
      for (int i = 0; i < N; i++)
        a[i] = b[i] + 3.0 * c[i];
      us[r] = (omp_get_wtime() - t0) * 1e6;
    }
    report("triad", us);

    for (int r = 0; r < REPS; r++) {
      double t0 = omp_get_wtime();
      int tr = 0;
#pragma omp target teams distribute parallel for simd firstprivate(tr)
      for (int i = 0; i < N; ++i) {
        double s = 0;
        for (int j = tr ? 0 : i; j <= i; ++j)
          s += c[j];
        b[i] = b[i] + 2.0 * s;
      }
      us[r] = (omp_get_wtime() - t0) * 1e6;
    }
    report("b1_K", us);

    for (int r = 0; r < REPS; r++) {
      double t0 = omp_get_wtime();
#pragma omp target teams distribute
      for (int blk = 0; blk < BLOCKS; blk++) {
        int lo = blk * (N / BLOCKS), hi = lo + N / BLOCKS;
        double scale = 1.0 + (blk % 3) * 1e-9; // sequential part
#pragma omp parallel for
        for (int i = lo; i < hi; i++)
          a[i] = a[i] * scale + 1.0;
        a[lo] -= 1.0; // sequential again
      }
      us[r] = (omp_get_wtime() - t0) * 1e6;
    }
    report("generic_seq_par", us);
  }
  // check: triad, then REPS generic passes added (REPS - 1) to all but the
  // first element of each block; K added 2*c[i] REPS times to b
  for (int i = 0; i < N && !fails; i++) {
    double triad = (i % 1000) + 3.0 * ((i % 7) * 0.5);
    int first = i % (N / BLOCKS) == 0;
    double want = triad, scale = 1.0 + ((i / (N / BLOCKS)) % 3) * 1e-9;
    for (int r = 0; r < REPS; r++)
      want = want * scale + 1.0 - (first ? 1.0 : 0.0);
    double got_b = b[i], want_b = (i % 1000) + REPS * 2.0 * ((i % 7) * 0.5);
    if (a[i] < want - 1e-6 * (1 + want) || a[i] > want + 1e-6 * (1 + want) || got_b != want_b) {
      printf("FAIL at %d: a %.9g want %.9g, b %g want %g\n", i, a[i], want, got_b, want_b);
      fails++;
    }
  }
  printf("%s\n", fails ? "FAIL" : "OK");
  return fails != 0;
}
