/* distribute and distribute parallel for inside host `teams`: every
 * iteration once, teams get LLVM's balanced blocks (dist_schedule(static))
 * or round-robin chunks (dist_schedule(static,k)), with schedule(static, 1)
 * in one-thread teams too; and `sections`: each
 * section exactly once, in parallel, nowait, and serialized. */
#include <omp.h>
#include <string.h>

#include "check.h"

#define N 1000

static int count[N], team_of[N];

static void check_once(const char *what) {
  for (int i = 0; i < N; i++)
    CHECK(count[i] == 1, "%s: iteration %d ran %d times", what, i, count[i]);
}

static void distribute(void) {
  int nteams = 0;
  memset(count, 0, sizeof(count));
#pragma omp teams num_teams(2)
  {
    if (omp_get_team_num() == 0)
      nteams = omp_get_num_teams();
#pragma omp distribute
    for (int i = 0; i < N; i++) {
#pragma omp atomic
      count[i]++;
      team_of[i] = omp_get_team_num();
    }
  }
  check_once("distribute");
  int small = N / nteams, extras = N % nteams, i = 0;
  for (int t = 0; t < nteams; t++)
    for (int k = 0; k < small + (t < extras); k++, i++)
      CHECK(team_of[i] == t, "distribute: iteration %d in team %d, want %d", i,
            team_of[i], t);

  memset(count, 0, sizeof(count));
#pragma omp teams distribute num_teams(2) dist_schedule(static, 7)
  for (int i = 0; i < N; i++) {
#pragma omp atomic
    count[i]++;
    team_of[i] = omp_get_team_num();
  }
  check_once("distribute dist_schedule(static,7)");
  for (int i = 0; i < N; i++)
    CHECK(team_of[i] == (i / 7) % nteams,
          "dist_schedule(static,7): iteration %d in team %d, want %d", i,
          team_of[i], (i / 7) % nteams);

  memset(count, 0, sizeof(count));
  long last = -1;
#pragma omp teams distribute parallel for num_teams(2) lastprivate(last)
  for (int i = 0; i < N; i++) {
#pragma omp atomic
    count[i]++;
    last = i;
  }
  check_once("distribute parallel for");
  CHECK(last == N - 1, "distribute parallel for: lastprivate %ld", last);

  memset(count, 0, sizeof(count));
#pragma omp teams distribute parallel for num_teams(2) dist_schedule(static, 16) schedule(dynamic, 3)
  for (int i = 0; i < N; i++) {
#pragma omp atomic
    count[i]++;
  }
  check_once("distribute parallel for dynamic");

  memset(count, 0, sizeof(count));
#pragma omp teams distribute parallel for num_teams(2) schedule(static, 5)
  for (int i = N - 1; i >= 0; i--) {
#pragma omp atomic
    count[i]++;
  }
  check_once("distribute parallel for static,5 down");

  /* schedule(static, 1) in teams of one thread: clang-19 steps this loop by
   * the stride alone, which must be one chunk even in a team of one (LLVM
   * 19 gives the whole range and runs each team's first iteration only). */
  memset(count, 0, sizeof(count));
  last = -1;
#pragma omp teams distribute parallel for num_teams(2) thread_limit(1) schedule(static, 1) \
    lastprivate(last)
  for (int i = 0; i < N; i++) {
#pragma omp atomic
    count[i]++;
    last = i;
  }
  check_once("distribute parallel for static,1 in one-thread teams");
  CHECK(last == N - 1, "distribute parallel for static,1: lastprivate %ld", last);

  memset(count, 0, sizeof(count));
#pragma omp teams distribute parallel for num_teams(2) dist_schedule(static, 50) \
    schedule(static, 1) num_threads(1)
  for (int i = 0; i < N; i++) {
#pragma omp atomic
    count[i]++;
  }
  check_once("distribute(static,50) parallel for static,1 num_threads(1)");
}

static void sections(void) {
  enum { REPS = 200 };
  static int ran[REPS][5];
  memset(ran, 0, sizeof(ran));
#pragma omp parallel
  for (int r = 0; r < REPS; r++) {
#pragma omp sections nowait
    {
#pragma omp section
      { _Pragma("omp atomic") ran[r][0]++; }
#pragma omp section
      { _Pragma("omp atomic") ran[r][1]++; }
#pragma omp section
      { _Pragma("omp atomic") ran[r][2]++; }
#pragma omp section
      { _Pragma("omp atomic") ran[r][3]++; }
#pragma omp section
      { _Pragma("omp atomic") ran[r][4]++; }
    }
  }
  for (int r = 0; r < REPS; r++)
    for (int s = 0; s < 5; s++)
      CHECK(ran[r][s] == 1, "sections rep %d: section %d ran %d times", r, s,
            ran[r][s]);
  int a = 0, b = 0, lastsec = 0;
#pragma omp parallel sections lastprivate(lastsec) num_threads(1)
  {
#pragma omp section
    { a++; lastsec = 1; }
#pragma omp section
    { b++; lastsec = 2; }
  }
  CHECK(a == 1 && b == 1, "serialized sections ran %d and %d times", a, b);
  CHECK(lastsec == 2, "sections lastprivate %d, want 2", lastsec);
  lastsec = 0;
#pragma omp parallel sections lastprivate(lastsec)
  {
#pragma omp section
    lastsec = 1;
#pragma omp section
    lastsec = 2;
#pragma omp section
    lastsec = 3;
  }
  CHECK(lastsec == 3, "parallel sections lastprivate %d, want 3", lastsec);
}

int main(void) {
  distribute();
  sections();
  CHECK_DONE();
}
