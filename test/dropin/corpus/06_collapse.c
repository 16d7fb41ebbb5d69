/* collapse(2)/(3), 64-bit collapsed IV, non-rectangular-free loops */
#include <omp.h>
#include <stdio.h>
static int fails;
#define CHECK(c) do { if (!(c)) { if (fails++ < 10) printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #c); } } while (0)
int main(void) {
  static int h[50][40], g[10][11][12];
  #pragma omp parallel for collapse(2) schedule(dynamic, 5)
  for (int i = 0; i < 50; i++)
    for (int j = 0; j < 40; j++) h[i][j] += i * 40 + j + 1;
  for (int i = 0; i < 50; i++) for (int j = 0; j < 40; j++) CHECK(h[i][j] == i * 40 + j + 1);
  #pragma omp parallel for collapse(3)
  for (long i = 0; i < 10; i++)
    for (unsigned j = 0; j < 11; j++)
      for (long long k = 0; k < 12; k++) g[i][j][k]++;
  for (int i = 0; i < 10; i++) for (int j = 0; j < 11; j++) for (int k = 0; k < 12; k++) CHECK(g[i][j][k] == 1);
  long long s = 0;
  #pragma omp parallel for collapse(2) reduction(+:s) schedule(guided)
  for (long long i = 0; i < 3000; i++)
    for (long long j = 0; j < 1000; j += 100) s += i + j;
  long long r = 0;
  for (long long i = 0; i < 3000; i++) for (long long j = 0; j < 1000; j += 100) r += i + j;
  CHECK(s == r);
  /* non-rectangular (5.0) */
  long t = 0;
  #pragma omp parallel for collapse(2) reduction(+:t)
  for (int i = 0; i < 30; i++)
    for (int j = i; j < 30; j++) t += 1;
  CHECK(t == 30 * 31 / 2);
  int li = -1, lj = -1;
  #pragma omp parallel for collapse(2) lastprivate(li, lj)
  for (int i = 0; i < 7; i++)
    for (int j = 0; j < 9; j++) { li = i; lj = j; }
  CHECK(li == 6 && lj == 8);
  if (fails) return 1;
  printf("OK\n");
  return 0;
}
