/* distribute, distribute parallel for (static, dist_schedule static chunk), distribute simd, teams distribute */
#include <omp.h>
#include <stdio.h>
static int fails;
#define CHECK(c) do { if (!(c)) { if (fails++ < 10) printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #c); } } while (0)
#define N 1000
int main(void) {
  static int h[N];
  long s = 0;
  #pragma omp teams num_teams(2)
  #pragma omp distribute
  for (int i = 0; i < N; i++) h[i]++;
  for (int i = 0; i < N; i++) CHECK(h[i] == 1);
  #pragma omp teams distribute dist_schedule(static, 16) num_teams(2)
  for (long long i = 0; i < N; i++) h[i]++;
  for (int i = 0; i < N; i++) CHECK(h[i] == 2);
  #pragma omp teams distribute parallel for num_teams(2) thread_limit(2) num_threads(2)
  for (int i = 0; i < N; i++) h[i]++;
  for (int i = 0; i < N; i++) CHECK(h[i] == 3);
  #pragma omp teams num_teams(2)
  #pragma omp distribute parallel for dist_schedule(static, 64) schedule(dynamic, 8)
  for (unsigned i = 0; i < N; i++) h[i]++;
  for (int i = 0; i < N; i++) CHECK(h[i] == 4);
  #pragma omp teams distribute parallel for reduction(+:s) num_teams(2) schedule(static, 5)
  for (int i = 0; i < N; i++) s += i;
  CHECK(s == (long)N * (N - 1) / 2);
  #pragma omp teams distribute simd num_teams(2)
  for (int i = 0; i < N; i++) h[i]++;
  for (int i = 0; i < N; i++) CHECK(h[i] == 5);
  #pragma omp teams distribute parallel for simd num_teams(2) collapse(2)
  for (int i = 0; i < 10; i++)
    for (int j = 0; j < 100; j++) h[i * 100 + j]++;
  for (int i = 0; i < N; i++) CHECK(h[i] == 6);
  int last = -1;
  #pragma omp teams distribute lastprivate(last) num_teams(2)
  for (int i = 0; i < N; i++) last = i;
  CHECK(last == N - 1);
  if (fails) return 1;
  printf("OK\n");
  return 0;
}
