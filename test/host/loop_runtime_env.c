/* schedule(runtime) takes its schedule from OMP_SCHEDULE (set by the test's
 * ENV; argv[1] names the kind and argv[2] the chunk it sets): static,k must
 * give chunk c to thread c % n; dynamic,k aligned runs of k; guided,k runs
 * of at least k (but the last); and every iteration runs once, also in an
 * ordered runtime loop. */
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

enum { N = 1999 };
static int owner[N], count[N];

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s static|dynamic|guided chunk\n", argv[0]);
    return 2;
  }
  const char *kind = argv[1];
  int chunk = atoi(argv[2]), nth = 1;
#pragma omp parallel
  {
#pragma omp single
    nth = omp_get_num_threads();
#pragma omp for schedule(runtime)
    for (int i = 0; i < N; i++) {
      owner[i] = omp_get_thread_num();
#pragma omp atomic
      count[i]++;
    }
  }
  for (int i = 0; i < N; i++)
    CHECK(count[i] == 1, "iteration %d ran %d times", i, count[i]);
  for (int i = 0; i < N;) {
    int run = 1;
    while (i + run < N && owner[i + run] == owner[i])
      run++;
    if (!strcmp(kind, "static")) {
      for (int k = i; k < i + run; k++)
        CHECK(owner[k] == (k / chunk) % nth, "static,%d: %d on thread %d",
              chunk, k, owner[k]);
    } else {
      CHECK(i + run == N || run >= chunk, "%s,%d: run of %d at %d", kind,
            chunk, run, i);
      if (!strcmp(kind, "dynamic"))
        CHECK(i % chunk == 0, "dynamic,%d: a run starts at %d", chunk, i);
    }
    i += run;
  }
  long seq[N];
  int pos = 0;
#pragma omp parallel for ordered schedule(runtime)
  for (int i = 0; i < N; i++) {
#pragma omp ordered
    seq[pos++] = i;
  }
  CHECK_EQ_INT(pos, N);
  for (int i = 0; i < pos; i++)
    CHECK(seq[i] == i, "ordered runtime: block %d ran iteration %ld", i, seq[i]);
  CHECK_DONE();
}
