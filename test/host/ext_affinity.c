/* kmp_*affinity* masks: building a mask, LLVM's return codes for bad
 * processor numbers, binding the calling thread and reading it back, and
 * restoring the initial mask. */
#define _GNU_SOURCE
#include <omp.h>
#include <sched.h>

#include "check.h"

extern int kmp_set_thread_affinity_mask_initial(void);
extern int kmpc_set_affinity_mask_proc(int, kmp_affinity_mask_t *);
extern int kmpc_unset_affinity_mask_proc(int, kmp_affinity_mask_t *);
extern int kmpc_get_affinity_mask_proc(int, kmp_affinity_mask_t *);

int main(void) {
  cpu_set_t start;
  CHECK_EQ_INT(sched_getaffinity(0, sizeof(start), &start), 0);
  int max_proc = kmp_get_affinity_max_proc();
  int first = -1, count = 0;
  for (int p = 0; p < CPU_SETSIZE; p++)
    if (CPU_ISSET(p, &start)) {
      if (first < 0)
        first = p;
      count++;
      CHECK(p < max_proc, "usable processor %d >= max proc %d", p, max_proc);
    }

  kmp_affinity_mask_t mask;
  kmp_create_affinity_mask(&mask);
  CHECK(mask != NULL, "kmp_create_affinity_mask gave NULL");
  for (int p = 0; p < max_proc; p++)
    CHECK_EQ_INT(kmp_get_affinity_mask_proc(p, &mask), 0); /* created empty */
  CHECK_EQ_INT(kmp_get_affinity_mask_proc(-1, &mask), -1);
  CHECK_EQ_INT(kmp_get_affinity_mask_proc(max_proc, &mask), -1);
  CHECK_EQ_INT(kmp_set_affinity_mask_proc(-1, &mask), -1);
  CHECK_EQ_INT(kmp_set_affinity_mask_proc(max_proc, &mask), -1);
  CHECK_EQ_INT(kmp_unset_affinity_mask_proc(max_proc + 5, &mask), -1);
  for (int p = 0; p < max_proc; p++)
    if (!CPU_ISSET(p, &start)) /* not ours to use */
      CHECK_EQ_INT(kmp_set_affinity_mask_proc(p, &mask), -2);

  /* Read the current binding: every usable processor. */
  CHECK_EQ_INT(kmp_get_affinity(&mask), 0);
  for (int p = 0; p < max_proc; p++)
    CHECK_EQ_INT(kmp_get_affinity_mask_proc(p, &mask), CPU_ISSET(p, &start) ? 1 : 0);

  /* Bind to the first usable processor only. */
  kmp_affinity_mask_t one;
  kmp_create_affinity_mask(&one);
  CHECK_EQ_INT(kmp_set_affinity_mask_proc(first, &one), 0);
  CHECK_EQ_INT(kmp_get_affinity_mask_proc(first, &one), 1);
  if (count > 1) {
    int second = first + 1;
    while (!CPU_ISSET(second, &start))
      second++;
    CHECK_EQ_INT(kmpc_set_affinity_mask_proc(second, &one), 0);
    CHECK_EQ_INT(kmpc_get_affinity_mask_proc(second, &one), 1);
    CHECK_EQ_INT(kmpc_unset_affinity_mask_proc(second, &one), 0);
    CHECK_EQ_INT(kmpc_get_affinity_mask_proc(second, &one), 0);
  }
  CHECK_EQ_INT(kmp_set_affinity(&one), 0);
  cpu_set_t now;
  sched_getaffinity(0, sizeof(now), &now);
  CHECK(CPU_COUNT(&now) == 1 && CPU_ISSET(first, &now),
        "bound to %d processors, want only processor %d", CPU_COUNT(&now), first);
  CHECK_EQ_INT(kmp_get_affinity(&mask), 0);
  for (int p = 0; p < max_proc; p++)
    CHECK_EQ_INT(kmp_get_affinity_mask_proc(p, &mask), p == first);
  CHECK_EQ_INT(omp_get_proc_bind(), omp_proc_bind_false);

  /* Back to every processor the process started with. */
  CHECK_EQ_INT(kmp_set_thread_affinity_mask_initial(), 0);
  sched_getaffinity(0, sizeof(now), &now);
  CHECK(CPU_EQUAL(&now, &start), "initial mask not restored: %d processors, want %d",
        CPU_COUNT(&now), count);

  kmp_destroy_affinity_mask(&mask);
  CHECK(mask == NULL, "kmp_destroy_affinity_mask left the mask set");
  kmp_destroy_affinity_mask(&one);
  CHECK_DONE();
}
