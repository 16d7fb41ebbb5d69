/* OMP_DISPLAY_AFFINITY's %i is each member's kernel thread id, also for a
 * worker created for the very region whose lines are printed.
 *
 * The master formats every member's line at the fork; a worker created
 * just before may not have run yet. Before the fix its line said "i0" in
 * most runs. Run with OMP_DISPLAY_AFFINITY=true and OMP_AFFINITY_FORMAT=
 * "disp n%n i%i": stdout goes to a temporary file, each member records
 * gettid() inside the region, and every displayed line must carry its
 * member's id. Three regions of growing size create new workers twice. */
#define _GNU_SOURCE
#include <omp.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "check.h"

int main(void) {
  FILE *capture = tmpfile();
  CHECK(capture != NULL, "no temporary file");
  if (!capture)
    CHECK_DONE();
  fflush(stdout);
  int saved_stdout = dup(1);
  dup2(fileno(capture), 1);

  int tids[3][8] = {{0}};
  int sizes[3] = {2, 4, 6};
  for (int r = 0; r < 3; r++) {
#pragma omp parallel num_threads(sizes[r])
    tids[r][omp_get_thread_num()] = (int)gettid();
  }
  fflush(stdout);
  dup2(saved_stdout, 1);

  rewind(capture);
  char line[256];
  int lines = 0;
  while (fgets(line, sizeof line, capture)) {
    int n, tid;
    if (sscanf(line, "disp n%d i%d", &n, &tid) != 2 || n < 0 || n >= 8)
      continue;
    lines++;
    int known = 0;
    for (int r = 0; r < 3; r++)
      known |= tids[r][n] == tid;
    CHECK(tid != 0 && known, "member %d displayed tid %d; it ran as %d/%d/%d", n, tid,
          tids[0][n], tids[1][n], tids[2][n]);
  }
  CHECK(lines >= 6, "only %d affinity lines displayed", lines);
  CHECK_DONE();
}
