/* KMP_AFFINITY, LLVM's (and Intel's) older affinity variable, read as
 * OpenMP places and binding. argv[1] names the case run under the value
 * test/host/env.cmake sets:
 *  - explicit: "explicit,proclist=[1,0]": two places {1},{0}, threads bound
 *    close in that order (thread 0 runs on processor 1);
 *  - scatter: "granularity=fine,scatter": one place per available processor,
 *    bind spread;
 *  - reset: "reset,granularity=fine,compact", or "reset" alone with the
 *    standard variables deciding the places: bound inside regions only;
 *  - modifiers_only: "verbose": the standard variables decide;
 *  - none: "none": no binding;
 *  - bad values fall back to the default with a warning (checked by the
 *    test's PASS_REGEX on the message).
 * Skipped (77) on a machine with fewer than two available processors. */
#define _GNU_SOURCE
#include <omp.h>
#include <sched.h>
#include <string.h>

#include "check.h"

/* The process's processors, read before the runtime starts: clang calls
 * __kmpc_global_thread_num on entry to main, which binds the initial
 * thread to its place. */
static cpu_set_t avail;
__attribute__((constructor)) static void read_avail(void) {
  sched_getaffinity(0, sizeof(avail), &avail);
}

int main(int argc, char **argv) {
  if (CPU_COUNT(&avail) < 2 || !CPU_ISSET(0, &avail) || !CPU_ISSET(1, &avail)) {
    printf("SKIP: needs processors 0 and 1\n");
    return 77;
  }
  const char *which = argc > 1 ? argv[1] : "";
  if (strcmp(which, "explicit") == 0) {
    CHECK_EQ_INT(omp_get_num_places(), 2);
    static int ids[CPU_SETSIZE];
    ids[0] = -1;
    if (omp_get_place_num_procs(0) == 1)
      omp_get_place_proc_ids(0, ids);
    CHECK_EQ_INT(ids[0], 1);
    CHECK_EQ_INT(omp_get_proc_bind(), omp_proc_bind_close);
    int cpu[2] = {-1, -1};
#pragma omp parallel num_threads(2)
    cpu[omp_get_thread_num()] = sched_getcpu();
    CHECK(cpu[0] == 1 && cpu[1] == 0, "threads ran on %d and %d, want 1 and 0", cpu[0], cpu[1]);
  } else if (strcmp(which, "scatter") == 0) {
    CHECK_EQ_INT(omp_get_num_places(), CPU_COUNT(&avail));
    CHECK_EQ_INT(omp_get_place_num_procs(0), 1);
    CHECK_EQ_INT(omp_get_proc_bind(), omp_proc_bind_spread);
  } else if (strcmp(which, "reset") == 0) {
    /* "reset,granularity=fine,compact": the initial thread runs on the whole
     * mask outside regions, on its place inside each (nested ones too). */
    for (int round = 0; round < 3; round++) {
      cpu_set_t outside, inside, nested;
      sched_getaffinity(0, sizeof(outside), &outside);
      CHECK(CPU_EQUAL(&outside, &avail), "round %d: outside a region the initial thread "
            "may run on %d processors, want all %d", round, CPU_COUNT(&outside),
            CPU_COUNT(&avail));
      omp_set_max_active_levels(2);
#pragma omp parallel num_threads(2)
      if (omp_get_thread_num() == 0) {
        sched_getaffinity(0, sizeof(inside), &inside);
#pragma omp parallel num_threads(2)
        if (omp_get_thread_num() == 0)
          sched_getaffinity(0, sizeof(nested), &nested);
      }
      CHECK(CPU_COUNT(&inside) == 1 && CPU_COUNT(&nested) == 1,
            "round %d: inside regions the primary thread may run on %d and %d processors, "
            "want its place's 1", round, CPU_COUNT(&inside), CPU_COUNT(&nested));
    }
    cpu_set_t after;
    sched_getaffinity(0, sizeof(after), &after);
    CHECK(CPU_EQUAL(&after, &avail), "after the regions: %d processors, want %d",
          CPU_COUNT(&after), CPU_COUNT(&avail));
  } else if (strcmp(which, "modifiers_only") == 0) {
    /* "verbose" with OMP_PROC_BIND=close OMP_PLACES=threads: no type, so the
     * standard variables decide (test's FAIL_REGEX: no warning either). */
    CHECK_EQ_INT(omp_get_proc_bind(), omp_proc_bind_close);
    CHECK_EQ_INT(omp_get_num_places(), CPU_COUNT(&avail));
  } else if (strcmp(which, "none") == 0) {
    CHECK_EQ_INT(omp_get_proc_bind(), omp_proc_bind_false);
  } else {
    CHECK(0, "unknown case '%s'", which);
  }
  CHECK_DONE();
}
