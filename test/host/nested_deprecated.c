/* omp_set_nested/omp_get_nested, deprecated in OpenMP 5.0 and still called:
 * nested on is the supported maximum of active levels, off is one level,
 * and a nested region is then active or serialised accordingly. Each call
 * prints LLVM 19's Info #276 (env.cmake checks the text and that
 * KMP_WARNINGS=false silences it). Runs on LLVM's runtime as well.
 */
#include <limits.h>
#include <omp.h>

#include "check.h"

static int inner_active_level(void) {
  int level = -1;
#pragma omp parallel num_threads(2)
#pragma omp parallel num_threads(2)
#pragma omp master
  if (omp_get_thread_num() == 0 && omp_get_ancestor_thread_num(1) == 0)
    level = omp_get_active_level();
  return level;
}

int main(void) {
  omp_set_nested(1);
  CHECK_EQ_INT(omp_get_nested(), 1);
  CHECK(omp_get_max_active_levels() > 1, "max-active-levels %d", omp_get_max_active_levels());
  CHECK_EQ_INT(inner_active_level(), 2);
  omp_set_nested(0);
  CHECK_EQ_INT(omp_get_nested(), 0);
  CHECK_EQ_INT(omp_get_max_active_levels(), 1);
  CHECK_EQ_INT(inner_active_level(), 1);
  CHECK_DONE();
}
