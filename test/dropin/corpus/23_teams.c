/* host teams (LLVM caps the host team count by KMP_TEAMS_THREAD_LIMIT, default = #procs,
 * so only 1 <= teams <= requested is assumed): teams, num_teams(n) (clang-19 rejects the 5.1 num_teams(lb:ub) form), thread_limit, nested parallel inside teams */
#include <omp.h>
#include <stdio.h>
static int fails;
#define CHECK(c) do { if (!(c)) { if (fails++ < 10) printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #c); } } while (0)
int main(void) {
  int nteams = -1, cnt = 0, tl = -1;
  #pragma omp teams num_teams(3) thread_limit(2)
  {
    if (omp_get_team_num() == 0) { nteams = omp_get_num_teams(); tl = omp_get_thread_limit(); }
    #pragma omp atomic
    cnt++;
  }
  CHECK(nteams >= 1 && nteams <= 3 && cnt == nteams);
  CHECK(tl >= 1 && tl <= 2);
  int seen[8] = {0}, lbcnt = 0;
  #pragma omp teams num_teams(4)
  {
    #pragma omp atomic
    lbcnt++;
    seen[omp_get_team_num()] = 1;
  }
  CHECK(lbcnt >= 1 && lbcnt <= 4);
  for (int i = 0; i < lbcnt; i++) CHECK(seen[i] == 1);
  int tot = 0;
  #pragma omp teams num_teams(2) thread_limit(2)
  #pragma omp parallel num_threads(2)
  {
    #pragma omp atomic
    tot++;
  }
  CHECK(tot >= 1 && tot <= 4);
  int plain = 0;
  #pragma omp teams
  {
    #pragma omp atomic
    plain++;
  }
  CHECK(plain >= 1);
  /* teams reduction */
  int r = 0, rn = 0;
  #pragma omp teams num_teams(4) reduction(+:r)
  {
    r += omp_get_team_num() + 1;
    if (omp_get_team_num() == 0) rn = omp_get_num_teams();
  }
  CHECK(rn >= 1 && rn <= 4 && r == rn * (rn + 1) / 2);
  if (fails) return 1;
  printf("OK\n");
  return 0;
}
