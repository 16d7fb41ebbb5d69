/* OMP_PLACES parsing and binding: the place list the runtime reports for
 * the layout named by argv[1], and that threads really run on their place.
 *
 *   off        no OMP_PLACES/OMP_PROC_BIND: one place of every processor
 *   zero_one   OMP_PLACES="{0},{1}" or "{0}:2:1": places {0} and {1}
 *   complement OMP_PLACES="{0},!{0}": {0} and every other processor
 *   threads    OMP_PLACES=threads: one place per available processor
 *   cores      OMP_PLACES=cores: disjoint places covering every processor
 *
 * Layouts that need two processors exit 77 (skipped) on one. Runs on LLVM's
 * runtime as well, except "complement": LLVM 19 fails an internal assertion
 * (kmp_affinity.h) on a "!{...}" place.
 */
#define _GNU_SOURCE
#include <omp.h>
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define MAX_PROCS 4096

static cpu_set_t avail; /* the processors this process may use */

static bool place_is(int place, const int *ids, int n) {
  if (omp_get_place_num_procs(place) != n)
    return false;
  int got[MAX_PROCS];
  omp_get_place_proc_ids(place, got);
  for (int i = 0; i < n; i++)
    if (got[i] != ids[i])
      return false;
  return true;
}

/* The processors of `place` as a set; false if one is not available. */
static bool place_set(int place, cpu_set_t *set) {
  int n = omp_get_place_num_procs(place);
  int ids[MAX_PROCS];
  omp_get_place_proc_ids(place, ids);
  CPU_ZERO(set);
  for (int i = 0; i < n; i++) {
    if (ids[i] < 0 || ids[i] >= CPU_SETSIZE || !CPU_ISSET(ids[i], &avail))
      return false;
    CPU_SET(ids[i], set);
  }
  return n > 0;
}

static void check_union_is_avail(bool disjoint) {
  cpu_set_t seen, set;
  CPU_ZERO(&seen);
  for (int p = 0; p < omp_get_num_places(); p++) {
    CHECK(place_set(p, &set), "place %d is empty or names unavailable processors", p);
    cpu_set_t overlap;
    CPU_AND(&overlap, &seen, &set);
    if (disjoint)
      CHECK(CPU_COUNT(&overlap) == 0, "place %d overlaps an earlier place", p);
    CPU_OR(&seen, &seen, &set);
  }
  CHECK(CPU_EQUAL(&seen, &avail), "the places cover %d processors, %d are available",
        CPU_COUNT(&seen), CPU_COUNT(&avail));
}

/* With spread and one thread per place, thread i is bound to place i. */
static void check_binding(void) {
  int nplaces = omp_get_num_places();
  int wrong_place = 0, wrong_mask = 0;
  cpu_set_t expected;
  CHECK(place_set(0, &expected), "place 0 unusable");
  cpu_set_t mine;
  sched_getaffinity(0, sizeof(mine), &mine);
  CHECK(CPU_EQUAL(&mine, &expected), "the initial thread is not bound to place 0");
  CHECK_EQ_INT(omp_get_place_num(), 0);
#pragma omp parallel num_threads(nplaces) proc_bind(spread) reduction(+ : wrong_place, wrong_mask)
  {
    int me = omp_get_thread_num();
    cpu_set_t want, have;
    wrong_place += omp_get_place_num() != me;
    place_set(me, &want);
    sched_getaffinity(0, sizeof(have), &have);
    wrong_mask += !CPU_EQUAL(&want, &have);
  }
  CHECK(wrong_place == 0, "%d threads report a place other than their number", wrong_place);
  CHECK(wrong_mask == 0, "%d threads are not bound to their place's processors", wrong_mask);
}

int main(int argc, char **argv) {
  const char *layout = argc > 1 ? argv[1] : "off";
  sched_getaffinity(0, sizeof(avail), &avail);
  int navail = CPU_COUNT(&avail);
  bool two = CPU_ISSET(0, &avail) && CPU_ISSET(1, &avail);

  if (strcmp(layout, "off") == 0) {
    CHECK_EQ_INT(omp_get_num_places(), 1);
    check_union_is_avail(true);
    CHECK_EQ_INT(omp_get_place_num(), 0);
    CHECK_EQ_INT(omp_get_partition_num_places(), 1);
    CHECK_EQ_INT(omp_get_proc_bind(), omp_proc_bind_false);
    CHECK_DONE();
  }
  if (strcmp(layout, "zero_one") == 0) {
    if (!two) {
      printf("skipped: processors 0 and 1 are not both available\n");
      return 77;
    }
    CHECK_EQ_INT(omp_get_num_places(), 2);
    CHECK(place_is(0, (int[]){0}, 1), "place 0 is not {0}");
    CHECK(place_is(1, (int[]){1}, 1), "place 1 is not {1}");
  } else if (strcmp(layout, "complement") == 0) {
    if (!CPU_ISSET(0, &avail) || navail < 2) {
      printf("skipped: needs processor 0 and another\n");
      return 77;
    }
    CHECK_EQ_INT(omp_get_num_places(), 2);
    CHECK(place_is(0, (int[]){0}, 1), "place 0 is not {0}");
    cpu_set_t rest = avail, set;
    CPU_CLR(0, &rest);
    CHECK(place_set(1, &set) && CPU_EQUAL(&set, &rest),
          "place 1 is not every processor but 0");
  } else if (strcmp(layout, "threads") == 0) {
    CHECK_EQ_INT(omp_get_num_places(), navail);
    for (int p = 0; p < omp_get_num_places(); p++)
      CHECK_EQ_INT(omp_get_place_num_procs(p), 1);
    check_union_is_avail(true);
  } else if (strcmp(layout, "cores") == 0) {
    CHECK(omp_get_num_places() >= 1 && omp_get_num_places() <= navail,
          "%d places for %d processors", omp_get_num_places(), navail);
    check_union_is_avail(true);
  } else {
    fprintf(stderr, "unknown layout %s\n", layout);
    return 2;
  }
  CHECK_EQ_INT(omp_get_proc_bind(), omp_proc_bind_spread);
  CHECK_EQ_INT(omp_get_partition_num_places(), omp_get_num_places());
  CHECK_EQ_INT(omp_get_place_num_procs(-1), 0);
  CHECK_EQ_INT(omp_get_place_num_procs(omp_get_num_places()), 0);
  check_binding();
  CHECK_DONE();
}
