/* atfork.c — the runtime in a child made by fork().
 *
 * The child has one thread, the one that called fork(); the parent's
 * workers, its hot teams' members and the hidden helper team do not exist
 * there, and a lock any of them held stays held. A child that runs a
 * parallel region would wait forever for workers that are gone, so, as
 * LLVM's libomp does, the child starts the runtime's threads afresh: the
 * forking thread keeps its identity and ICVs, and the next region or helper
 * task creates new threads. Each module resets what it owns (its
 * *_after_fork function). Forking inside a parallel region leaves that
 * region's team behind in the child, as with LLVM: undefined by OpenMP.
 */
#include "runtime.h"

static void omp_atfork_child(void) {
  omp_threads_after_fork();
  omp_hidden_helper_after_fork();
  omp_display_after_fork();
  omp_atomic_after_fork();
  omp_reduction_after_fork();
  omp_threadprivate_after_fork();
  omp_roots_after_fork();
}

void omp_atfork_install(void) {
  if (pthread_atfork(NULL, NULL, omp_atfork_child) != 0)
    omp_warn("cannot register a fork handler: a forked child that uses "
             "OpenMP may hang");
}
