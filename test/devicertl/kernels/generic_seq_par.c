// Generic mode: sequential code on each team's main thread around a
// parallel loop (seed 003, Fig. 12). An opaque call keeps openmp-opt from
// turning it into an SPMD kernel.
#pragma omp declare target
double scale_of(int block);
#pragma omp end declare target

void generic_seq_par(double *a, int n, int blocks) {
#pragma omp target teams distribute map(tofrom : a[0:n])
  for (int blk = 0; blk < blocks; blk++) {
    int lo = blk * (n / blocks), hi = lo + n / blocks;
    double scale = scale_of(blk);
#pragma omp parallel for
    for (int i = lo; i < hi; i++)
      a[i] = a[i] * scale + 1.0;
    a[lo] += 0.5;
  }
}
