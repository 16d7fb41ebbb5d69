// Static worksharing (for and distribute) where index signs matter: B1's
// triangular kernel K (bench/b14, `teams distribute parallel for simd`),
// whose inner index the runtime's thread and team numbers must leave
// provably non-negative (else it is sign-extended: 30 registers instead of
// 24), and loops whose bounds are negative, cross zero, run downwards,
// sit near the top of unsigned ranges or beyond 32 bits, with the chunk
// and dist_schedule variants that take other paths through
// __kmpc_for_static_init_* / __kmpc_distribute_static_init_*. Each loop
// writes every element of its iteration space once; the host checks
// against a serial reference.
#include <limits.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 5003

static int fails;

static void expect(const char *what, long got, long want, long where) {
  if (got != want && fails++ < 20)
    printf("%s: [%ld] = %ld, want %ld\n", what, where, got, want);
}

// B1's kernel on integer-valued data, so device and host sums are exact.
static void triangular(int n, int tr) {
  double *x = malloc(n * sizeof(double)), *y = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++) {
    x[i] = i % 7 - 3;
    y[i] = i % 5;
  }
  double a = 0.5;
#pragma omp target teams distribute parallel for simd map(to : x[0 : n]) \
    map(tofrom : y[0 : n]) firstprivate(tr)
  for (int i = 0; i < n; ++i) {
    double s = 0;
    for (int j = tr ? 0 : i; j <= i; ++j)
      s += x[j];
    y[i] = y[i] + a * s;
  }
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int j = tr ? 0 : i; j <= i; ++j)
      s += x[j];
    double want = (double)(i % 5) + a * s;
    if (y[i] != want && fails++ < 20)
      printf("triangular n=%d tr=%d: y[%d] = %g, want %g\n", n, tr, i, y[i], want);
  }
  free(x);
  free(y);
}

int main(void) {
  // Short loops launch with fewer threads than the kernel's limit (the
  // plugin lowers them); 500000 iterations get whole blocks (tr = 0 only:
  // the full triangle would take the host reference too long).
  int sizes[] = {1, 31, 129, 1000, 20011};
  for (int k = 0; k < 5; k++) {
    triangular(sizes[k], 1);
    triangular(sizes[k], 0);
  }
  triangular(500000, 0);

  long *a = malloc(N * sizeof(long));
#define CLEAR() for (long i = 0; i < N; i++) a[i] = LONG_MIN

  // int, across zero, several static shapes.
  CLEAR();
#pragma omp target teams distribute parallel for map(tofrom : a[0 : N])
  for (int i = -N / 2; i < N - N / 2; i++)
    a[i + N / 2] = 3L * i - 1;
  for (long i = 0; i < N; i++) expect("int across zero", a[i], 3 * (i - N / 2) - 1, i);

  CLEAR();
#pragma omp target teams distribute parallel for dist_schedule(static, 64) schedule(static, 3) \
    map(tofrom : a[0 : N])
  for (int i = -N; i < 0; i++)
    a[i + N] = -i;
  for (long i = 0; i < N; i++) expect("int negative, chunks", a[i], N - i, i);

  CLEAR();
#pragma omp target teams distribute parallel for num_teams(3) thread_limit(64) \
    map(tofrom : a[0 : N])
  for (int i = N - 1; i >= 0; i -= 3)
    a[i] = i;
  for (long i = 0; i < N; i++)
    expect("int downwards", a[i], (N - 1 - i) % 3 == 0 ? i : LONG_MIN, i);

  CLEAR();
#pragma omp target teams distribute map(tofrom : a[0 : N])
  for (int i = -7; i < N - 7; i++)
    a[i + 7] = i * 2L;
  for (long i = 0; i < N; i++) expect("distribute", a[i], (i - 7) * 2, i);

  CLEAR();
#pragma omp target parallel for schedule(static, 5) map(tofrom : a[0 : N])
  for (int i = -3 * N; i < 0; i += 3)
    a[(i + 3 * N) / 3] = i;
  for (long i = 0; i < N; i++) expect("parallel for, stride 3", a[i], 3 * i - 3L * N, i);

  // unsigned near the top of its range
  CLEAR();
  const unsigned top = UINT_MAX - N;
#pragma omp target teams distribute parallel for map(tofrom : a[0 : N])
  for (unsigned u = top; u < UINT_MAX; u++)
    a[u - top] = (long)(u - top) + 11;
  for (long i = 0; i < N; i++) expect("unsigned top", a[i], i + 11, i);

  // 64-bit: beyond 32 bits, negative, and unsigned downwards
  CLEAR();
  const long base = -(1L << 40);
#pragma omp target teams distribute parallel for schedule(static, 7) map(tofrom : a[0 : N])
  for (long i = base; i < base + N; i++)
    a[i - base] = i;
  for (long i = 0; i < N; i++) expect("long below -2^40", a[i], base + i, i);

  CLEAR();
  const unsigned long ubase = (1UL << 63) + 5;
#pragma omp target teams distribute parallel for map(tofrom : a[0 : N])
  for (unsigned long u = ubase + N - 1; u >= ubase; u--)
    a[u - ubase] = (long)(u - ubase) * 5;
  for (long i = 0; i < N; i++) expect("unsigned long downwards", a[i], 5 * i, i);

  free(a);
  printf("%s\n", fails ? "FAIL" : "OK");
  return fails != 0;
}
