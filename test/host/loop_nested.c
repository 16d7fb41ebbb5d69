/* A dynamically scheduled loop whose body forks a nested region (serialized
 * under the default max-active-levels, and active when nesting is on) that
 * runs its own dynamic and ordered loops: the outer loop's progress must
 * survive in every thread that became a nested master. The outer loop is
 * monotonic: LLVM 19 runs nonmonotonic dynamic as static_steal, whose
 * lastprivate is occasionally lost under oversubscription (an LLVM bug). */
#include <omp.h>
#include <string.h>

#include "check.h"

enum { OUTER = 40, INNER = 30 };
static int hits[OUTER][INNER];

static void run(const char *what) {
  memset(hits, 0, sizeof(hits));
  long last = -1;
#pragma omp parallel for schedule(monotonic : dynamic, 3) lastprivate(last)
  for (int i = 0; i < OUTER; i++) {
    int order[INNER], pos = 0;
#pragma omp parallel for schedule(guided) num_threads(2)
    for (int j = 0; j < INNER; j++) {
#pragma omp atomic
      hits[i][j]++;
    }
#pragma omp parallel for ordered schedule(dynamic) num_threads(2)
    for (int j = 0; j < INNER; j++) {
#pragma omp ordered
      order[pos++] = j;
    }
    for (int j = 0; j < INNER; j++)
      CHECK(order[j] == j, "%s: outer %d: ordered block %d ran %d", what, i, j,
            order[j]);
    last = i;
  }
  for (int i = 0; i < OUTER; i++)
    for (int j = 0; j < INNER; j++)
      CHECK(hits[i][j] == 1, "%s: (%d,%d) ran %d times", what, i, j, hits[i][j]);
  CHECK(last == OUTER - 1, "%s: lastprivate %ld", what, last);
}

int main(void) {
  run("serialized inner");
  omp_set_max_active_levels(2);
  run("active inner");
  CHECK_DONE();
}
