/* affinity.c — proc_bind, places and thread binding. */
#include "runtime.h"

void omp_affinity_fork(struct omp_team *team, int proc_bind) {
  (void)team;
  (void)proc_bind;
}

OMP_EXPORT omp_proc_bind_t omp_get_proc_bind(void) {
  return (omp_proc_bind_t)omp_self()->task->icvs.proc_bind;
}
