// nowait and depend on target, target enter/exit data, target update, and
// a target task chain ordered by dependences; taskwait.
#include <omp.h>
#include <stdio.h>
#define N 1000
static int fail;
#define CHECK(c, ...) do { if (!(c)) { printf(__VA_ARGS__); printf("\n"); fail = 1; } } while (0)
int main(void) {
  static double a[N], b[N], c[N];
  for (int i = 0; i < N; i++) { a[i] = i; b[i] = 0; c[i] = 0; }
  #pragma omp target enter data map(to: a) depend(out: a) nowait
  #pragma omp target enter data map(alloc: b) depend(out: b) nowait
  #pragma omp target map(present, to: a) map(present, alloc: b) depend(in: a) depend(out: b) nowait
  for (int i = 0; i < N; i++) b[i] = 2 * a[i];
  #pragma omp target map(present, alloc: b) depend(inout: b) nowait
  for (int i = 0; i < N; i++) b[i] += 1;
  #pragma omp target update from(b) depend(inout: b) nowait
  #pragma omp task depend(in: b) depend(out: c)
  for (int i = 0; i < N; i++) c[i] = b[i];
  #pragma omp target exit data map(release: a) depend(inout: a) nowait
  #pragma omp target exit data map(delete: b) depend(inout: b) nowait
  #pragma omp taskwait
  for (int i = 0; i < N; i++) CHECK(c[i] == 2.0 * i + 1, "c[%d]=%g", i, c[i]);
  /* independent nowait targets from inside a parallel/single */
  double r[8] = {0};
  #pragma omp parallel num_threads(4)
  #pragma omp single
  {
    for (int k = 0; k < 8; k++) {
      #pragma omp target map(tofrom: r[k:1]) nowait firstprivate(k)
      { double s = 0; for (int i = 0; i < N; i++) s += i * (k + 1); r[k] = s; }
    }
    #pragma omp taskwait
  }
  for (int k = 0; k < 8; k++) CHECK(r[k] == (N * (N - 1) / 2.0) * (k + 1), "r[%d]=%g", k, r[k]);
  /* depend without nowait: still a (merged/undeferred) target task */
  int x = 1;
  #pragma omp task depend(out: x) shared(x)
  x = 2;
  #pragma omp target map(tofrom: x) depend(in: x)
  x *= 10;
  CHECK(x == 20, "x=%d", x);
  if (fail) return 1;
  printf("OK\n");
  return 0;
}
