/* ordered(n) doacross loops with depend(sink:)/depend(source).
 * (clang-19 rejects the OpenMP 5.2 spelling doacross(sink:)/doacross(source:) on ordered.) */
#include <omp.h>
#include <stdio.h>
static int fails;
#define CHECK(c) do { if (!(c)) { if (fails++ < 10) printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #c); } } while (0)
#define N 64
#define M 32
int main(void) {
  static int a[N], b[N][M], r[N][M];
  a[0] = 1;
  #pragma omp parallel for ordered(1) schedule(dynamic, 2)
  for (int i = 1; i < N; i++) {
    #pragma omp ordered depend(sink: i - 1)
    a[i] = a[i - 1] + i;
    #pragma omp ordered depend(source)
  }
  int ref = 1;
  for (int i = 1; i < N; i++) { ref += i; CHECK(a[i] == ref); }
  for (int i = 0; i < N; i++) for (int j = 0; j < M; j++) b[i][j] = r[i][j] = (i == 0 || j == 0);
  for (int i = 1; i < N; i++) for (int j = 1; j < M; j++) r[i][j] = (r[i - 1][j] + r[i][j - 1]) % 1000;
  #pragma omp parallel for ordered(2) schedule(static, 1)
  for (int i = 1; i < N; i++)
    for (int j = 1; j < M; j++) {
      #pragma omp ordered depend(sink: i - 1, j) depend(sink: i, j - 1)
      b[i][j] = (b[i - 1][j] + b[i][j - 1]) % 1000;
      #pragma omp ordered depend(source)
    }
  for (int i = 0; i < N; i++) for (int j = 0; j < M; j++) CHECK(b[i][j] == r[i][j]);
  /* 64-bit, non-unit step */
  static long c[200];
  c[0] = 5;
  #pragma omp parallel for ordered(1)
  for (long long i = 2; i < 200; i += 2) {
    #pragma omp ordered depend(sink: i - 2)
    c[i] = c[i - 2] * 3 % 1000003;
    #pragma omp ordered depend(source)
  }
  long rc = 5;
  for (int i = 2; i < 200; i += 2) { rc = rc * 3 % 1000003; CHECK(c[i] == rc); }
  if (fails) return 1;
  printf("OK\n");
  return 0;
}
