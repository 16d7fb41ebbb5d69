// declare target variables (to and link) and functions; the device
// copy of a declare-target variable is separate until updated.
#include <omp.h>
#include <stdio.h>
#define N 32
static int fail;
#define CHECK(c, ...) do { if (!(c)) { printf(__VA_ARGS__); printf("\n"); fail = 1; } } while (0)
int gto = 5;
int garr[N];
#pragma omp declare target to(gto, garr)   /* clang-19 wants "to" (enter needs -fopenmp-version=52) */
double glink[N];
#pragma omp declare target link(glink)
#pragma omp begin declare target
static int counter = 0;
int square(int v) { return v * v; }
#pragma omp end declare target
int cube(int v) { return v * v * v; }
#pragma omp declare target to(cube)
int main(void) {
  for (int i = 0; i < N; i++) { garr[i] = i; glink[i] = 0; }
  #pragma omp target update to(garr)
  gto = 6;                                        /* host copy only */
  int r = 0;
  #pragma omp target map(from: r)
  { r = gto; counter++; for (int i = 0; i < N; i++) garr[i] = square(garr[i]) + cube(1); }
  CHECK(r == 5, "device gto=%d (want the initial value 5)", r);
  CHECK(garr[3] == 3, "declare target var changed on host without update");
  #pragma omp target update from(garr)
  for (int i = 0; i < N; i++) CHECK(garr[i] == i * i + 1, "garr[%d]=%d", i, garr[i]);
  #pragma omp target update to(gto)
  #pragma omp target map(from: r)
  r = gto + counter;
  CHECK(r == 7, "after update r=%d", r);
  /* link: the variable must be mapped explicitly */
  #pragma omp target map(tofrom: glink)
  for (int i = 0; i < N; i++) glink[i] = i + 0.5;
  for (int i = 0; i < N; i++) CHECK(glink[i] == i + 0.5, "glink[%d]=%g", i, glink[i]);
  #pragma omp target enter data map(to: glink[0:N])
  #pragma omp target
  for (int i = 0; i < N; i++) glink[i] *= 2;
  #pragma omp target exit data map(from: glink[0:N])
  for (int i = 0; i < N; i++) CHECK(glink[i] == 2 * i + 1.0, "glink[%d]=%g", i, glink[i]);
  if (fail) return 1;
  printf("OK\n");
  return 0;
}
