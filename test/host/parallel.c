/* Fork/join: team sizes, thread numbers, nesting levels, serialized regions,
 * many shared variables (the microtask call spills to the stack), hot-team
 * reuse across regions, and host teams. */
#include <omp.h>
#include <string.h>

#include "check.h"

static void many_args(void) {
  /* 1..9 shared variables exercise register and stack argument paths with
   * odd and even stack counts. */
  int a = 1, b = 2, c = 3, d = 4, e = 5, f = 6, g = 7, h = 8, i = 9;
  int sum = 0;
#pragma omp parallel num_threads(3) shared(a, b, c, d, e, f, g, h, i, sum)
  {
#pragma omp atomic
    sum += a + b + c + d + e + f + g + h + i;
  }
  CHECK_EQ_INT(sum, 3 * 45);
  int s5 = 0;
#pragma omp parallel num_threads(2) shared(a, b, c, d, s5)
  {
#pragma omp atomic
    s5 += a * b * c * d;
  }
  CHECK_EQ_INT(s5, 48);
}

int main(void) {
  CHECK_EQ_INT(omp_get_level(), 0);
  CHECK_EQ_INT(omp_in_parallel(), 0);
  CHECK_EQ_INT(omp_get_num_threads(), 1);

  for (int n = 1; n <= 6; n++) {
    int seen[8] = {0}, team_size = 0, levels = 0;
#pragma omp parallel num_threads(n)
    {
      int t = omp_get_thread_num();
#pragma omp atomic
      seen[t]++;
      if (t == 0) {
        team_size = omp_get_num_threads();
        levels = omp_get_level() * 10 + omp_get_active_level();
      }
    }
    CHECK_EQ_INT(team_size, n);
    CHECK_EQ_INT(levels, n > 1 ? 11 : 10);
    for (int t = 0; t < n; t++)
      CHECK(seen[t] == 1, "n=%d thread %d ran %d times", n, t, seen[t]);
  }

  /* Repeated regions reuse the same workers (hot team). */
  long total = 0;
  for (int r = 0; r < 2000; r++) {
#pragma omp parallel num_threads(4)
    {
#pragma omp atomic
      total += omp_get_thread_num() + 1;
    }
  }
  CHECK_EQ_INT(total, 2000L * 10);

  /* if(false) serializes but still opens a level. */
  int ser_level = -1, ser_active = -1, ser_n = -1;
  int zero = 0;
#pragma omp parallel if (zero) num_threads(4)
  {
    ser_level = omp_get_level();
    ser_active = omp_get_active_level();
    ser_n = omp_get_num_threads();
  }
  CHECK_EQ_INT(ser_level, 1);
  CHECK_EQ_INT(ser_active, 0);
  CHECK_EQ_INT(ser_n, 1);

  /* Nested: disabled by default (max-active-levels 1), enabled on request. */
  int inner_n = -1;
#pragma omp parallel num_threads(2)
  {
#pragma omp parallel num_threads(3)
    if (omp_get_thread_num() == 0 && omp_get_ancestor_thread_num(1) == 0)
      inner_n = omp_get_num_threads();
  }
  CHECK_EQ_INT(inner_n, 1);
  omp_set_max_active_levels(2);
  int counts[2][3] = {{0}};
  int anc_ok = 1;
#pragma omp parallel num_threads(2)
  {
    int outer = omp_get_thread_num();
#pragma omp parallel num_threads(3)
    {
      if (omp_get_level() != 2 || omp_get_active_level() != 2 ||
          omp_get_ancestor_thread_num(1) != outer || omp_get_team_size(1) != 2 ||
          omp_get_team_size(2) != 3 || omp_get_ancestor_thread_num(0) != 0 ||
          omp_get_ancestor_thread_num(3) != -1 || omp_get_team_size(-1) != -1)
#pragma omp atomic write
        anc_ok = 0;
#pragma omp atomic
      counts[outer][omp_get_thread_num()]++;
    }
  }
  CHECK_EQ_INT(anc_ok, 1);
  for (int o = 0; o < 2; o++)
    for (int i = 0; i < 3; i++)
      CHECK(counts[o][i] == 1, "nested [%d][%d] ran %d times", o, i, counts[o][i]);
  omp_set_max_active_levels(1);

  /* omp_set_num_threads sets the next region's size. */
  omp_set_num_threads(3);
  int n3 = 0;
#pragma omp parallel
  if (omp_get_thread_num() == 0)
    n3 = omp_get_num_threads();
  CHECK_EQ_INT(n3, 3);
  CHECK_EQ_INT(omp_get_max_threads(), 3);

  many_args();

  /* Host teams: a league of initial threads. */
  int team_seen[2] = {0}, nteams = 0, team_threads = 0, team_level = -1;
#pragma omp teams num_teams(2)
  {
    int t = omp_get_team_num();
#pragma omp atomic
    team_seen[t]++;
    if (t == 0) {
      nteams = omp_get_num_teams();
      team_threads = omp_get_num_threads();
      team_level = omp_get_level();
    }
  }
  CHECK_EQ_INT(nteams, omp_get_num_procs() >= 2 ? 2 : 1);
  CHECK_EQ_INT(team_seen[0], 1);
  CHECK_EQ_INT(team_threads, 1);
  CHECK_EQ_INT(team_level, 0);
  CHECK_EQ_INT(omp_get_num_teams(), 1);
  CHECK_EQ_INT(omp_get_team_num(), 0);
  CHECK_DONE();
}
