// STREAM triad, one combined construct: the SPMD kernel whose device
// runtime state must optimise away (resources.sh).
void triad(double *a, const double *b, const double *c, double s, int n) {
#pragma omp target teams distribute parallel for map(to : b[0:n], c[0:n]) map(from : a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = b[i] + s * c[i];
}
