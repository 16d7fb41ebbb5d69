// target teams distribute parallel for (simd), num_teams/thread_limit,
// collapse, dist_schedule, schedule (static,1 in one-thread teams); team/thread queries on the device.
#include <omp.h>
#include <stdio.h>
#define N 10000
static int fail;
#define CHECK(c, ...) do { if (!(c)) { printf(__VA_ARGS__); printf("\n"); fail = 1; } } while (0)
int main(void) {
  static float x[N], y[N], ref[N];
  for (int i = 0; i < N; i++) { x[i] = i * 0.5f; y[i] = 1; ref[i] = 2.0f * x[i] + y[i]; }
  #pragma omp target teams distribute parallel for map(to: x) map(tofrom: y)
  for (int i = 0; i < N; i++) y[i] = 2.0f * x[i] + y[i];
  for (int i = 0; i < N; i++) CHECK(y[i] == ref[i], "y[%d]=%g", i, y[i]);
  #pragma omp target teams distribute parallel for simd map(tofrom: y) num_teams(2) thread_limit(1)
  for (int i = 0; i < N; i++) y[i] -= 1;
  for (int i = 0; i < N; i++) CHECK(y[i] == ref[i] - 1, "simd y[%d]=%g", i, y[i]);
  int nteams = -1, nthreads = -1, initial = -1;
  #pragma omp target teams num_teams(2) thread_limit(1) map(tofrom: nteams, nthreads, initial)
  {
    if (omp_get_team_num() == 0) {
      nteams = omp_get_num_teams();
      initial = omp_is_initial_device();
      #pragma omp parallel
      {
        #pragma omp master
        nthreads = omp_get_num_threads();
      }
    }
  }
  CHECK(nteams >= 1 && nteams <= 2, "num_teams(2) gave %d teams", nteams);
  CHECK(nthreads == 1, "thread_limit(1) gave %d threads", nthreads);
  CHECK(initial == 0, "omp_is_initial_device() on the device = %d", initial);
  static int m[64][64];
  #pragma omp target teams distribute parallel for collapse(2) map(from: m) dist_schedule(static, 2) schedule(static, 3)
  for (int i = 0; i < 64; i++)
    for (int j = 0; j < 64; j++) m[i][j] = i * 64 + j;
  for (int i = 0; i < 64; i++) for (int j = 0; j < 64; j++) CHECK(m[i][j] == i * 64 + j, "m[%d][%d]", i, j);
  int hits[N];
  // schedule(static, 1) with one thread per team: clang steps by the
  // runtime's stride alone, which must stay one chunk.
  #pragma omp target teams distribute parallel for map(from: hits) num_teams(2) thread_limit(1) schedule(static, 1)
  for (int i = 0; i < N; i++) hits[i] = i % 11;
  for (int i = 0; i < N; i++) CHECK(hits[i] == i % 11, "static,1 one-thread teams hits[%d]=%d", i, hits[i]);
  #pragma omp target teams distribute parallel for map(from: hits) schedule(dynamic, 7)
  for (int i = 0; i < N; i++) hits[i] = i % 13;
  for (int i = 0; i < N; i++) CHECK(hits[i] == i % 13, "dynamic hits[%d]", i);
  #pragma omp target teams distribute map(tofrom: y)
  for (int i = 0; i < N; i++) y[i] = i;
  #pragma omp target teams distribute simd map(tofrom: y)
  for (int i = 0; i < N; i++) y[i] += 1;
  for (int i = 0; i < N; i++) CHECK(y[i] == i + 1.0f, "distribute y[%d]=%g", i, y[i]);
  if (fail) return 1;
  printf("OK\n");
  return 0;
}
