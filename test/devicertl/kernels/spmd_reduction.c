// SPMD kernel with a teams reduction (parallel + teams reduce paths).
double dot(const double *x, const double *y, int n) {
  double sum = 0;
#pragma omp target teams distribute parallel for reduction(+ : sum) map(to : x[0:n], y[0:n])
  for (int i = 0; i < n; i++)
    sum += x[i] * y[i];
  return sum;
}
