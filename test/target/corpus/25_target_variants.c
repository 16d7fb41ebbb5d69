// Combined constructs: target parallel, target parallel for, target simd,
// target teams, target teams loop, target parallel loop, target teams
// distribute, nested parallel inside target teams.
#include <omp.h>
#include <stdio.h>
#define N 2000
static int fail;
#define CHECK(c, ...) do { if (!(c)) { printf(__VA_ARGS__); printf("\n"); fail = 1; } } while (0)
int main(void) {
  static int a[N];
  int nthr = 0;
  #pragma omp target parallel num_threads(2) map(tofrom: nthr)
  {
    #pragma omp single
    nthr = omp_get_num_threads();
  }
  CHECK(nthr >= 1 && nthr <= 2, "target parallel num_threads(2) -> %d", nthr);
  #pragma omp target parallel for map(from: a)
  for (int i = 0; i < N; i++) a[i] = i;
  #pragma omp target simd map(tofrom: a)
  for (int i = 0; i < N; i++) a[i] += 1;
  #pragma omp target teams loop map(tofrom: a)
  for (int i = 0; i < N; i++) a[i] *= 2;
  #pragma omp target parallel loop map(tofrom: a)
  for (int i = 0; i < N; i++) a[i] -= 2;
  for (int i = 0; i < N; i++) CHECK(a[i] == 2 * i, "a[%d]=%d", i, a[i]);
  int cnt[16] = {0};
  #pragma omp target teams num_teams(2) map(tofrom: cnt)
  {
    int t = omp_get_team_num();
    #pragma omp parallel num_threads(2)
    {
      #pragma omp atomic
      cnt[t] += 1;
    }
  }
  int total = 0;
  for (int k = 0; k < 16; k++) total += cnt[k];
  CHECK(total >= 1 && cnt[0] >= 1, "nested parallel counts total=%d", total);
  long s = 0;
  #pragma omp target map(tofrom: s)
  {
    #pragma omp parallel for reduction(+: s)
    for (int i = 0; i < 100; i++) s += i;
  }
  CHECK(s == 4950, "s=%ld", s);
  if (fail) return 1;
  printf("OK\n");
  return 0;
}
