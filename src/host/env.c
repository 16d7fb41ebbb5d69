/* env.c — reading OMP_* (and LLVM's KMP_*) environment variables into the
 * initial ICVs, once, at the runtime's lazy initialisation. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runtime.h"

static int omp_count_procs(void) {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof(set), &set) == 0)
    return CPU_COUNT(&set);
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? (int)n : 1;
}

/* Parse a positive integer list "4,3,2"; returns the count, 0 if invalid. */
static int omp_parse_int_list(const char *text, int **out) {
  int count = 1;
  for (const char *p = text; *p; p++)
    count += *p == ',';
  int *values = malloc(sizeof(int) * (size_t)count);
  if (!values)
    return 0;
  const char *p = text;
  for (int i = 0; i < count; i++) {
    char *end;
    errno = 0;
    long v = strtol(p, &end, 10);
    while (isspace((unsigned char)*end))
      end++;
    if (end == p || errno || v <= 0 || v > INT_MAX || (*end && *end != ',')) {
      free(values);
      return 0;
    }
    values[i] = (int)v;
    p = end + 1;
  }
  *out = values;
  return count;
}

void omp_env_init(void) {
  struct omp_global *g = &omp_global;
  g->num_procs = omp_count_procs();
  g->max_active_levels_supported = INT_MAX;
  g->blocktime_ns = 200 * 1000 * 1000;
  g->stacksize = 4u << 20;
  g->max_threads_limit = INT_MAX;
  struct omp_icvs *icvs = &g->initial_icvs;
  icvs->nthreads = g->num_procs;
  icvs->dynamic = 0;
  icvs->max_active_levels = 1;
  icvs->thread_limit = INT_MAX;
  icvs->sched_kind = omp_sched_static;
  icvs->sched_chunk = 0;
  icvs->proc_bind = omp_proc_bind_false;
  icvs->default_device = 0;

  const char *v = getenv("OMP_NUM_THREADS");
  if (v && *v) {
    int *list, n = omp_parse_int_list(v, &list);
    if (n == 0) {
      omp_warn("OMP_NUM_THREADS=\"%s\" is not a list of positive integers; "
               "using the default", v);
    } else {
      g->nthreads_list = list;
      g->nthreads_list_len = n;
      icvs->nthreads = list[0];
      if (n > 1)
        icvs->max_active_levels = g->max_active_levels_supported;
    }
  }
}
