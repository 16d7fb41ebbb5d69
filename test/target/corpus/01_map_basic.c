// map(to/from/tofrom/alloc) on arrays and scalars; checks copy semantics
// (the x86_64 offload device has its own copies of mapped data).
#include <omp.h>
#include <stdio.h>
#define N 1000
static int fail;
#define CHECK(c, ...) do { if (!(c)) { printf(__VA_ARGS__); printf("\n"); fail = 1; } } while (0)
int main(void) {
  double a[N], b[N], c[N], ref[N];
  int tmp[N];
  int scalar = 5, out = 0;
  for (int i = 0; i < N; i++) { a[i] = i; b[i] = 2 * i; c[i] = -1; ref[i] = a[i] + b[i] + scalar; }
  #pragma omp target map(to: a, b, scalar) map(from: c)
  for (int i = 0; i < N; i++) c[i] = a[i] + b[i] + scalar;
  for (int i = 0; i < N; i++) CHECK(c[i] == ref[i], "c[%d]=%g want %g", i, c[i], ref[i]);
  // tofrom
  #pragma omp target map(tofrom: a[0:N]) map(tofrom: out)
  { for (int i = 0; i < N; i++) a[i] *= 2; out = 42; }
  for (int i = 0; i < N; i++) CHECK(a[i] == 2.0 * i, "a[%d]=%g", i, a[i]);
  CHECK(out == 42, "out=%d", out);
  // map(to:) only: device writes must not come back
  #pragma omp target map(to: b[0:N])
  for (int i = 0; i < N; i++) b[i] = -7;
  for (int i = 0; i < N; i++) CHECK(b[i] == 2.0 * i, "map(to) leaked b[%d]=%g", i, b[i]);
  // alloc: scratch on the device, result via from
  #pragma omp target map(alloc: tmp[0:N]) map(from: c[0:N])
  {
    for (int i = 0; i < N; i++) tmp[i] = i * 3;
    for (int i = 0; i < N; i++) c[i] = tmp[N - 1 - i];
  }
  for (int i = 0; i < N; i++) CHECK(c[i] == 3.0 * (N - 1 - i), "alloc c[%d]=%g", i, c[i]);
  // array section with offset
  #pragma omp target map(tofrom: a[100:50])
  for (int i = 100; i < 150; i++) a[i] = 1.5;
  for (int i = 0; i < N; i++) CHECK(a[i] == ((i >= 100 && i < 150) ? 1.5 : 2.0 * i), "section a[%d]=%g", i, a[i]);
  if (fail) return 1;
  printf("OK\n");
  return 0;
}
