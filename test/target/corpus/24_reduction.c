// Reductions in target regions: target teams distribute parallel for
// reduction(+,max,min,*,&&,||), target parallel for reduction, array
// reduction, reduction on target teams.
#include <omp.h>
#include <stdio.h>
#define N 4096
static int fail;
#define CHECK(c, ...) do { if (!(c)) { printf(__VA_ARGS__); printf("\n"); fail = 1; } } while (0)
int main(void) {
  static int v[N];
  for (int i = 0; i < N; i++) v[i] = (i * 37) % 1001 - 500;
  long ref_sum = 0; int ref_max = -100000, ref_min = 100000; int ref_and = 1, ref_or = 0;
  double ref_prod = 1;
  for (int i = 0; i < N; i++) {
    ref_sum += v[i];
    if (v[i] > ref_max) ref_max = v[i];
    if (v[i] < ref_min) ref_min = v[i];
    ref_and = ref_and && (v[i] > -1000); ref_or = ref_or || (v[i] == 0);
  }
  for (int i = 0; i < 20; i++) ref_prod *= 1.5;
  long sum = 0; int mx = -100000, mn = 100000, land = 1, lor = 0;
  #pragma omp target teams distribute parallel for map(to: v) reduction(+: sum) reduction(max: mx) reduction(min: mn) reduction(&&: land) reduction(||: lor)
  for (int i = 0; i < N; i++) {
    sum += v[i];
    mx = v[i] > mx ? v[i] : mx;
    mn = v[i] < mn ? v[i] : mn;
    land = land && (v[i] > -1000); lor = lor || (v[i] == 0);
  }
  CHECK(sum == ref_sum && mx == ref_max && mn == ref_min && land == ref_and && lor == ref_or,
        "sum=%ld/%ld max=%d/%d min=%d/%d and=%d or=%d", sum, ref_sum, mx, ref_max, mn, ref_min, land, lor);
  double prod = 1;
  #pragma omp target parallel for reduction(*: prod) num_threads(2)
  for (int i = 0; i < 20; i++) prod *= 1.5;
  CHECK(prod == ref_prod, "prod=%g want %g", prod, ref_prod);
  int hist[8] = {0}, ref_hist[8] = {0};
  for (int i = 0; i < N; i++) ref_hist[(v[i] + 500) % 8]++;
  #pragma omp target teams distribute parallel for map(to: v) reduction(+: hist[0:8])
  for (int i = 0; i < N; i++) hist[(v[i] + 500) % 8]++;
  for (int k = 0; k < 8; k++) CHECK(hist[k] == ref_hist[k], "hist[%d]=%d want %d", k, hist[k], ref_hist[k]);
  int teams_sum = 0, nt = 0;
  #pragma omp target teams num_teams(2) reduction(+: teams_sum) map(tofrom: nt)
  { teams_sum += 1; if (omp_get_team_num() == 0) nt = omp_get_num_teams(); }
  CHECK(teams_sum == nt, "teams reduction %d over %d teams", teams_sum, nt);
  double dsum = 0;
  #pragma omp target teams distribute parallel for simd reduction(+: dsum)
  for (int i = 0; i < N; i++) dsum += 0.5;
  CHECK(dsum == N * 0.5, "dsum=%g", dsum);
  if (fail) return 1;
  printf("OK\n");
  return 0;
}
