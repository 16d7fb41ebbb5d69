/* Several user threads make their first OpenMP calls at the same moment:
 * start-up (ICVs, the tool check) runs once and every thread waits for it
 * without a data race (the sanitizers label runs this under TSan, which
 * reported the shared record of the tool's starter read unsynchronised, on
 * libgomp's icv-2.c), and each thread then gets its own ICVs and a team.
 * Runs on LLVM's runtime as well. */
#include <omp.h>
#include <pthread.h>

#include "check.h"

enum { THREADS = 4 };
static pthread_barrier_t start;
static int sizes[THREADS], max_threads[THREADS];

static void *user_thread(void *arg) {
  int id = (int)(long)arg;
  pthread_barrier_wait(&start);
  omp_set_num_threads(id + 1);
  max_threads[id] = omp_get_max_threads();
  int size = 0;
#pragma omp parallel reduction(+ : size)
  size += 1;
  sizes[id] = size;
  return NULL;
}

int main(void) {
  pthread_t threads[THREADS];
  pthread_barrier_init(&start, NULL, THREADS);
  for (long i = 0; i < THREADS; i++)
    pthread_create(&threads[i], NULL, user_thread, (void *)i);
  for (int i = 0; i < THREADS; i++)
    pthread_join(threads[i], NULL);
  for (int i = 0; i < THREADS; i++) {
    CHECK_EQ_INT(max_threads[i], i + 1);
    CHECK(sizes[i] >= 1 && sizes[i] <= i + 1, "thread %d: team of %d", i, sizes[i]);
  }
  CHECK_DONE();
}
