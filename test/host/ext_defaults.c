/* kmp_set_defaults: settings given before the runtime starts act as the
 * environment would; after start-up a setting is either applied (LLVM) or
 * reported as having no effect (ours), never silently dropped.
 * target-offload-var changes at any time on both runtimes, an unparsable
 * value making it default (LLVM's env/omp_target_offload.c). */
#include <omp.h>
#include <stdlib.h>

#include "check.h"
#include "ext_capture.h"

extern void kmpc_set_defaults(const char *);
extern int __kmpc_get_target_offload(void);

/* LLVM's kmp_target_offload_kind */
enum { OFFLOAD_DISABLED = 0, OFFLOAD_DEFAULT = 1, OFFLOAD_MANDATORY = 2 };

static void target_offload_late(void) {
  static const struct {
    const char *setting;
    int kind;
  } cases[] = {{"OMP_TARGET_OFFLOAD=disabled", OFFLOAD_DISABLED},
               {"OMP_TARGET_OFFLOAD=MANDATORY", OFFLOAD_MANDATORY},
               {"OMP_TARGET_OFFLOAD=dIsAbLeD", OFFLOAD_DISABLED},
               {"OMP_TARGET_OFFLOAD=Default", OFFLOAD_DEFAULT},
               {"OMP_TARGET_OFFLOAD=manDatoRy", OFFLOAD_MANDATORY},
               {"OMP_TARGET_OFFLOAD=mandatorynot", OFFLOAD_DEFAULT}};
  for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
    char out[4096];
    struct capture c;
    capture_begin(&c);
    kmp_set_defaults(cases[i].setting);
#pragma omp parallel
    {}
    int kind = __kmpc_get_target_offload();
    capture_end(&c, out, sizeof(out));
    CHECK(kind == cases[i].kind, "%s after start-up: target-offload-var %d, "
          "expected %d", cases[i].setting, kind, cases[i].kind);
    /* a warning names the setting it could not read */
    if (cases[i].kind == OFFLOAD_DEFAULT && strstr(cases[i].setting, "not"))
      CHECK(strstr(out, "OMP_TARGET_OFFLOAD") != NULL, "no warning for %s: \"%s\"",
            cases[i].setting, out);
  }
}

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
  target_offload_late();
  CHECK_DONE();
}
