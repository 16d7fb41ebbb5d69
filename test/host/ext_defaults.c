/* kmp_set_defaults: settings given before the runtime starts act as the
 * environment would; after start-up a setting is either applied (LLVM) or
 * reported as having no effect (ours), never silently dropped. */
#include <omp.h>
#include <stdlib.h>

#include "check.h"
#include "ext_capture.h"

extern void kmpc_set_defaults(const char *);

int main(void) {
  /* first OpenMP call of the program */
  kmp_set_defaults("OMP_NUM_THREADS=3|KMP_BLOCKTIME=7|OMP_STACKSIZE=1M|"
                   "FOO_BAR_NOT_OURS=1");
  CHECK_EQ_INT(omp_get_max_threads(), 3);
  CHECK_EQ_INT(kmp_get_blocktime(), 7);
  CHECK_EQ_INT(kmp_get_stacksize_s(), 1 << 20);
  CHECK(getenv("FOO_BAR_NOT_OURS") == NULL, "a foreign name reached the environment");
  int n = 0;
#pragma omp parallel
  if (omp_get_thread_num() == 0)
    n = omp_get_num_threads();
  CHECK_EQ_INT(n, 3);

  char out[4096];
  struct capture c;
  capture_begin(&c);
  kmpc_set_defaults("OMP_NUM_THREADS=2");
  capture_end(&c, out, sizeof(out));
  int applied = omp_get_max_threads() == 2;
  int reported = strstr(out, "OMP_NUM_THREADS") != NULL;
  CHECK(applied || reported,
        "kmp_set_defaults after start-up neither applied nor reported: \"%s\"", out);
  CHECK_DONE();
}
