// Pointer attachment (PTR_AND_OBJ): map(s.p[0:n]), map(ps->p[0:n]),
// map(gp[0:n]) of a global pointer; the device copy of the pointer is made
// to point at the device copy of the pointee.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#define N 200
static int fail;
#define CHECK(c, ...) do { if (!(c)) { printf(__VA_ARGS__); printf("\n"); fail = 1; } } while (0)
struct vec { int n; double *p; int *q; };
double *gp;
int main(void) {
  struct vec s;
  s.n = N;
  s.p = malloc(N * sizeof(double));
  s.q = malloc(N * sizeof(int));
  gp = malloc(N * sizeof(double));
  for (int i = 0; i < N; i++) { s.p[i] = i; s.q[i] = 2 * i; gp[i] = 0; }
  #pragma omp target map(to: s.n) map(tofrom: s.p[0:N]) map(to: s.q[0:N])
  for (int i = 0; i < s.n; i++) s.p[i] += s.q[i];
  for (int i = 0; i < N; i++) CHECK(s.p[i] == 3.0 * i, "s.p[%d]=%g", i, s.p[i]);
  struct vec *ps = &s;
  #pragma omp target map(to: ps->n) map(tofrom: ps->p[0:N])
  for (int i = 0; i < ps->n; i++) ps->p[i] = -ps->p[i];
  for (int i = 0; i < N; i++) CHECK(s.p[i] == -3.0 * i, "ps->p[%d]=%g", i, s.p[i]);
  #pragma omp target map(from: gp[0:N])
  for (int i = 0; i < N; i++) gp[i] = i * 0.25;
  for (int i = 0; i < N; i++) CHECK(gp[i] == i * 0.25, "gp[%d]=%g", i, gp[i]);
  /* the struct itself is mapped first, then pointees attach to it */
  #pragma omp target enter data map(to: s)
  #pragma omp target enter data map(to: s.p[0:N])
  #pragma omp target
  for (int i = 0; i < s.n; i++) s.p[i] = i;
  #pragma omp target exit data map(from: s.p[0:N])
  #pragma omp target exit data map(release: s)
  for (int i = 0; i < N; i++) CHECK(s.p[i] == i, "attached s.p[%d]=%g", i, s.p[i]);
  free(s.p); free(s.q); free(gp);
  if (fail) return 1;
  printf("OK\n");
  return 0;
}
