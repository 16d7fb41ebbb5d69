// SPMD combined constructs with every schedule kind clang lowers
// differently: static (no chunk / chunk), dynamic, guided, runtime, collapse,
// and 64-bit / unsigned induction variables.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 100003

static int check(const char *what, const long *a, long n) {
  for (long i = 0; i < n; i++)
    if (a[i] != 3 * i + 1) {
      printf("%s: a[%ld]=%ld want %ld\n", what, i, a[i], 3 * i + 1);
      return 1;
    }
  return 0;
}

int main(void) {
  long *a = malloc(N * sizeof(long));
  int fails = 0;
#define RUN(what, pragma_line)                                                \
  for (long i = 0; i < N; i++) a[i] = -1;                                      \
  _Pragma(pragma_line) for (long i = 0; i < N; i++) a[i] = 3 * i + 1;          \
  fails += check(what, a, N);

  RUN("static", "omp target teams distribute parallel for map(tofrom: a[0:N])")
  RUN("static,7", "omp target teams distribute parallel for schedule(static, 7) map(tofrom: a[0:N])")
  RUN("dist_sched", "omp target teams distribute parallel for dist_schedule(static, 128) map(tofrom: a[0:N])")
  RUN("dynamic", "omp target teams distribute parallel for schedule(dynamic) map(tofrom: a[0:N])")
  RUN("dynamic,16", "omp target teams distribute parallel for schedule(dynamic, 16) map(tofrom: a[0:N])")
  RUN("guided", "omp target teams distribute parallel for schedule(guided) map(tofrom: a[0:N])")
  RUN("runtime", "omp target teams distribute parallel for schedule(runtime) map(tofrom: a[0:N])")
  RUN("parallel for", "omp target parallel for map(tofrom: a[0:N])")
  RUN("parallel for dyn", "omp target parallel for schedule(dynamic, 3) map(tofrom: a[0:N])")
  RUN("teams distribute", "omp target teams distribute map(tofrom: a[0:N])")
  RUN("simd", "omp target teams distribute parallel for simd map(tofrom: a[0:N])")

  // unsigned 32-bit and 64-bit bounds
  unsigned *u = malloc(N * sizeof(unsigned));
#pragma omp target teams distribute parallel for map(from : u[0:N])
  for (unsigned i = 0; i < N; i++) u[i] = i ^ 5u;
  for (unsigned i = 0; i < N; i++)
    if (u[i] != (i ^ 5u)) { printf("unsigned: u[%u]=%u\n", i, u[i]); fails++; break; }
  unsigned long long *v = malloc(N * sizeof(unsigned long long));
#pragma omp target teams distribute parallel for schedule(dynamic, 5) map(from : v[0:N])
  for (unsigned long long i = 0; i < N; i++) v[i] = i * 11ull;
  for (unsigned long long i = 0; i < N; i++)
    if (v[i] != i * 11ull) { printf("u64 dynamic: v[%llu]=%llu\n", i, v[i]); fails++; break; }

  // collapse(2)
  enum { R = 123, C = 77 };
  int *m = malloc(R * C * sizeof(int));
#pragma omp target teams distribute parallel for collapse(2) map(from : m[0:R * C])
  for (int r = 0; r < R; r++)
    for (int c = 0; c < C; c++) m[r * C + c] = r - c;
  for (int r = 0; r < R; r++)
    for (int c = 0; c < C; c++)
      if (m[r * C + c] != r - c) { printf("collapse: m[%d][%d]\n", r, c); fails++; r = R; break; }

  printf("%s\n", fails ? "FAIL" : "OK");
  return fails != 0;
}
