// B1's kernel K from bench/b14/b14.c (the same region body):
// y[off+i] += a * sum of x[lo(i)..i], combined construct with simd.
void K_sync(double a, const double *x, double *y, long off, int N, int tr) {
#pragma omp target teams distribute parallel for simd map(to : x[0 : N]) \
    map(tofrom : y[off : N]) firstprivate(tr)
  for (int i = 0; i < N; ++i) {
    double s = 0;
    for (int j = tr ? 0 : i; j <= i; ++j)
      s += x[j];
    y[off + i] = y[off + i] + a * s;
  }
}
