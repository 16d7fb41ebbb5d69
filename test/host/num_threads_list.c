/* num_threads(n1, n2, ...) as clang emits it for OpenMP 6.0
 * (__kmpc_push_num_threads_list; clang-19 cannot spell the clause yet): n1
 * threads for the region, then n2 for the level below, n3 below that, and
 * the last value for every deeper level, in place of OMP_NUM_THREADS's
 * list (env.cmake sets OMP_NUM_THREADS=2,2,2,2,2); a single value leaves
 * the levels below alone; the list ends with its region; a value below 1
 * repeats the level above (the first one: nthreads-var), as LLVM does.
 * Each team size is checked where it is made.
 * Where the region itself runs on one thread, the levels below still take
 * the list (the spec; LLVM 19 drops it: docs/abi-extensions.md). */
#include <omp.h>

#include "check.h"

extern int __kmpc_global_thread_num(void *loc);
extern void __kmpc_push_num_threads_list(void *loc, int gtid, unsigned length, int *list);

static void push(int *list, unsigned n) {
  __kmpc_push_num_threads_list(NULL, __kmpc_global_thread_num(NULL), n, list);
}

/* The team sizes of levels 1..depth under the current settings, each seen
 * by thread 0 of the first team at that level. */
static void sizes(int depth, int *out, int level) {
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0) {
      out[level] = omp_get_num_threads();
      if (level + 1 < depth)
        sizes(depth, out, level + 1);
    }
  }
}

static void expect(const char *what, const int *got, const int *want, int depth) {
  for (int i = 0; i < depth; i++)
    CHECK(got[i] == want[i], "%s: level %d has %d threads, want %d", what, i + 1, got[i],
          want[i]);
}

int main(void) {
  omp_set_max_active_levels(8);
  int got[6];
  sizes(4, got, 0);
  expect("OMP_NUM_THREADS", got, (int[]){2, 2, 2, 2}, 4);

  int three[] = {3, 4, 5};
  push(three, 3);
  sizes(5, got, 0);
  expect("list 3,4,5", got, (int[]){3, 4, 5, 5, 5}, 5);

  sizes(3, got, 0); /* the list ended with its region */
  expect("after the list", got, (int[]){2, 2, 2}, 3);

  int one[] = {4};
  push(one, 1);
  sizes(3, got, 0);
  expect("single value", got, (int[]){4, 2, 2}, 3);

  /* A list pushed inside a region: only the region it is pushed for and
   * its descendants; a sibling region after it is not affected. */
  int inner[2] = {0, 0}, sibling = 0, below_sibling = 0;
#pragma omp parallel num_threads(2)
  if (omp_get_thread_num() == 0) {
    int list[] = {3, 1};
    push(list, 2);
#pragma omp parallel
    if (omp_get_thread_num() == 0) {
      inner[0] = omp_get_num_threads();
#pragma omp parallel
      if (omp_get_thread_num() == 0)
        inner[1] = omp_get_num_threads();
    }
#pragma omp parallel
    if (omp_get_thread_num() == 0) {
      sibling = omp_get_num_threads();
#pragma omp parallel
      if (omp_get_thread_num() == 0)
        below_sibling = omp_get_num_threads();
    }
  }
  expect("list inside a region", inner, (int[]){3, 1}, 2);
  CHECK(sibling == 2 && below_sibling == 2, "sibling region: %d then %d threads, want 2, 2",
        sibling, below_sibling);

  /* Through a serialized region (one thread): the levels below still
   * take the list. */
  int serial[] = {1, 3};
  push(serial, 2);
  sizes(3, got, 0);
  expect("list 1,3", got, (int[]){1, 3, 3}, 3);

  int low[] = {2, 3, 0, 5};
  push(low, 4);
  sizes(5, got, 0);
  expect("list 2,3,0,5", got, (int[]){2, 3, 3, 5, 5}, 5);
  int none_first[] = {0, 3};
  push(none_first, 2);
  sizes(3, got, 0);
  expect("list 0,3", got, (int[]){2, 3, 3}, 3);
  CHECK_DONE();
}
