/* KMP_HW_SUBSET against the machine's topology as Linux describes it in
 * /sys (package and core of each processor; packages, cores and threads
 * ordered by their lowest processor id, as hwloc orders them). argv[1]
 * names the case run under the value test/host/env.cmake sets:
 *  - per_core "1t": one thread per core, every core of every socket;
 *  - first "1s,1c,1t": a single processor, the first thread of the first
 *    core of the first socket;
 *  - second_core "1c@1": the threads of each socket's second core;
 *  - absolute ":1t@1": the machine's second thread, whatever core it is on;
 *  - all: a value that must be refused (a warning, checked by the test's
 *    PASS_REGEX), so every processor stays.
 * Each case checks omp_get_num_procs, the default team size, the places
 * (OMP_PLACES=threads when the test sets it) or, without binding, the mask
 * of the initial thread and of a worker. Skipped (77) when the machine is
 * too small for the case or /sys has no topology. */
#define _GNU_SOURCE
#include <omp.h>
#include <sched.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static int ncpus, cpu_ids[CPU_SETSIZE], package_of[CPU_SETSIZE], core_of[CPU_SETSIZE];

static int read_topology_number(int cpu, const char *what) {
  char path[128];
  snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/topology/%s", cpu, what);
  FILE *f = fopen(path, "r");
  int value = -1;
  if (f) {
    if (fscanf(f, "%d", &value) != 1)
      value = -1;
    fclose(f);
  }
  return value;
}

/* The available processors in (package, core, thread) order, the order the
 * runtime's units follow; package_of/core_of number units from 0 in that
 * order (cores per package). False when /sys lacks the topology. */
static bool read_machine(const cpu_set_t *avail) {
  int package_id[CPU_SETSIZE], core_id[CPU_SETSIZE];
  for (int c = 0; c < CPU_SETSIZE; c++) {
    if (!CPU_ISSET(c, avail))
      continue;
    package_id[ncpus] = read_topology_number(c, "physical_package_id");
    core_id[ncpus] = read_topology_number(c, "core_id");
    if (package_id[ncpus] < 0 || core_id[ncpus] < 0)
      return false;
    cpu_ids[ncpus++] = c;
  }
  /* Package and core numbers by first appearance in processor order. */
  int packages[CPU_SETSIZE], npackages = 0;
  for (int i = 0; i < ncpus; i++) {
    int p = 0;
    while (p < npackages && packages[p] != package_id[i])
      p++;
    if (p == npackages)
      packages[npackages++] = package_id[i];
    package_of[i] = p;
    int cores_before = 0, core = -1;
    for (int j = 0; j < i && core < 0; j++)
      if (package_id[j] == package_id[i]) {
        bool first_of_core = true;
        for (int k = 0; k < j; k++)
          first_of_core &= !(package_id[k] == package_id[j] && core_id[k] == core_id[j]);
        if (first_of_core) {
          if (core_id[j] == core_id[i])
            core = cores_before;
          cores_before++;
        }
      }
    core_of[i] = core >= 0 ? core : cores_before;
  }
  /* Sort into (package, core, id) order. */
  for (int i = 1; i < ncpus; i++)
    for (int j = i; j > 0; j--) {
      int a = j - 1, b = j;
      bool swap = package_of[a] > package_of[b] ||
                  (package_of[a] == package_of[b] && core_of[a] > core_of[b]);
      if (!swap)
        break;
      int t;
      t = cpu_ids[a], cpu_ids[a] = cpu_ids[b], cpu_ids[b] = t;
      t = package_of[a], package_of[a] = package_of[b], package_of[b] = t;
      t = core_of[a], core_of[a] = core_of[b], core_of[b] = t;
    }
  return true;
}

/* Thread number of cpu i within its core. */
static int thread_of(int i) {
  int n = 0;
  for (int j = 0; j < i; j++)
    n += package_of[j] == package_of[i] && core_of[j] == core_of[i];
  return n;
}

static int count_cores_in_first_package(void) {
  int most = -1;
  for (int i = 0; i < ncpus; i++)
    if (package_of[i] == 0 && core_of[i] > most)
      most = core_of[i];
  return most + 1;
}

/* The processors the runtime must use equal `want` (n of them). */
static void check_subset(const int *want, int n) {
  CHECK_EQ_INT(omp_get_num_procs(), n);
  CHECK_EQ_INT(omp_get_max_threads(), n);
  cpu_set_t want_set;
  CPU_ZERO(&want_set);
  for (int i = 0; i < n; i++)
    CPU_SET(want[i], &want_set);
  if (getenv("OMP_PLACES")) {
    /* OMP_PLACES=threads: one place per processor of the subset, in
     * (package, core, thread) order. */
    CHECK_EQ_INT(omp_get_num_places(), n);
    for (int p = 0; p < omp_get_num_places() && p < n; p++) {
      int id = -1;
      if (omp_get_place_num_procs(p) == 1)
        omp_get_place_proc_ids(p, &id);
      CHECK(id == want[p], "place %d holds processor %d, want %d", p, id, want[p]);
    }
    return;
  }
  /* No binding: one place, the subset; every thread confined to it. */
  CHECK_EQ_INT(omp_get_num_places(), 1);
  CHECK_EQ_INT(omp_get_place_num_procs(0), n);
  cpu_set_t masks[2];
  CPU_ZERO(&masks[0]);
  CPU_ZERO(&masks[1]);
#pragma omp parallel num_threads(2)
  if (omp_get_thread_num() < 2)
    sched_getaffinity(0, sizeof(cpu_set_t), &masks[omp_get_thread_num()]);
  for (int t = 0; t < 2; t++)
    CHECK(CPU_EQUAL(&masks[t], &want_set), "thread %d may run on %d processors, want the %d "
          "of the subset", t, CPU_COUNT(&masks[t]), n);
}

/* The process's processors, read before the runtime starts: clang calls
 * __kmpc_global_thread_num on entry to main, which binds the initial
 * thread to the subset. */
static cpu_set_t avail;
__attribute__((constructor)) static void read_avail(void) {
  sched_getaffinity(0, sizeof(avail), &avail);
}

int main(int argc, char **argv) {
  if (!read_machine(&avail)) {
    printf("SKIP: /sys has no CPU topology\n");
    return 77;
  }
  const char *which = argc > 1 ? argv[1] : "";
  int want[CPU_SETSIZE], n = 0;
  if (strcmp(which, "per_core") == 0) {
    for (int i = 0; i < ncpus; i++)
      if (thread_of(i) == 0)
        want[n++] = cpu_ids[i];
  } else if (strcmp(which, "first") == 0) {
    want[n++] = cpu_ids[0];
  } else if (strcmp(which, "second_core") == 0) {
    if (count_cores_in_first_package() < 2) {
      printf("SKIP: needs two cores in a socket\n");
      return 77;
    }
    for (int i = 0; i < ncpus; i++)
      if (core_of[i] == 1)
        want[n++] = cpu_ids[i];
  } else if (strcmp(which, "absolute") == 0) {
    if (ncpus < 2) {
      printf("SKIP: needs two processors\n");
      return 77;
    }
    want[n++] = cpu_ids[1];
  } else if (strcmp(which, "all") == 0) {
    for (int i = 0; i < ncpus; i++)
      want[n++] = cpu_ids[i];
  } else {
    CHECK(0, "unknown case '%s'", which);
    CHECK_DONE();
  }
  check_subset(want, n);
  CHECK_DONE();
}
