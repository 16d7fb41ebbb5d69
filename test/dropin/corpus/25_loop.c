/* loop construct: parallel loop, teams loop, orphan loop with bind, order(concurrent) */
#include <omp.h>
#include <stdio.h>
static int fails;
#define CHECK(c) do { if (!(c)) { if (fails++ < 10) printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #c); } } while (0)
#define N 1000
int main(void) {
  static int h[N];
  long s = 0;
  #pragma omp parallel loop reduction(+:s)
  for (int i = 0; i < N; i++) { h[i]++; s += i; }
  CHECK(s == (long)N * (N - 1) / 2);
  #pragma omp teams loop num_teams(2)
  for (int i = 0; i < N; i++) h[i]++;
  #pragma omp parallel
  {
    #pragma omp loop bind(parallel)
    for (int i = 0; i < N; i++) h[i]++;
    #pragma omp loop
    for (int i = 0; i < N; i++) h[i]++;
  }
  #pragma omp parallel for order(concurrent)
  for (int i = 0; i < N; i++) h[i]++;
  #pragma omp loop bind(thread)
  for (int i = 0; i < N; i++) h[i]++;
  for (int i = 0; i < N; i++) CHECK(h[i] == 6);
  if (fails) return 1;
  printf("OK\n");
  return 0;
}
