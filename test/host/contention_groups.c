/* thread-limit-var bounds a contention group (OpenMP 5.2 2.1), not the
 * process: each team of a host teams region is a group of its own, and so
 * is each root thread. Run with KMP_TEAMS_THREAD_LIMIT raised, so that the
 * league is not narrowed to the machine's processors, and OMP_THREAD_LIMIT=3.
 *   - teams num_teams(3) thread_limit(3): a parallel region in each team gets
 *     3 threads (the teams run at the same time; counting every thread of
 *     the process against the limit left each with one), a region nested in
 *     it 1 (its group is full); omp_get_max_threads() there is still
 *     nthreads-var, as in LLVM and libgomp (thread_limit does not change
 *     it);
 *   - two user threads each fork parallel regions of 3 while the other's
 *     runs (each waits inside for the other): each is its own group under
 *     OMP_THREAD_LIMIT=3, so both teams have 3 threads at once. */
#include <omp.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <time.h>

#include "check.h"

enum { ROUNDS = 5 };
static atomic_int inside, arrived[ROUNDS]; /* threads of both user threads' regions */
static atomic_int most_inside;
static pthread_barrier_t users_ready;

static double seconds(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)now.tv_sec + 1e-9 * (double)now.tv_nsec;
}

static void *user_thread(void *arg) {
  int *sizes = arg;
  omp_set_dynamic(0);
  pthread_barrier_wait(&users_ready);
  for (int round = 0; round < ROUNDS; round++) {
#pragma omp parallel num_threads(3)
    {
#pragma omp masked
      sizes[round] = omp_get_num_threads();
      int now = atomic_fetch_add(&inside, 1) + 1;
      int seen = atomic_load(&most_inside);
      while (now > seen && !atomic_compare_exchange_weak(&most_inside, &seen, now))
        ;
      /* Wait (at most 2 s) for the other root's team to be inside too:
       * both groups hold their 3 threads at the same time. */
      atomic_fetch_add(&arrived[round], 1); /* never decremented */
      double until = seconds() + 2;
      while (atomic_load(&arrived[round]) < 6 && seconds() < until)
        sched_yield();
#pragma omp barrier
      atomic_fetch_sub(&inside, 1);
    }
    pthread_barrier_wait(&users_ready); /* rounds in step */
  }
  return NULL;
}

int main(void) {
  omp_set_dynamic(0);
  omp_set_max_active_levels(3);
  omp_set_num_threads(4);
  CHECK(omp_get_thread_limit() == 3, "OMP_THREAD_LIMIT=3 not in force: %d",
        omp_get_thread_limit());

  int par_size[3] = {0}, nested_size[3] = {0}, max_threads[3] = {0}, limit[3] = {0};
#pragma omp teams num_teams(3) thread_limit(3)
  {
    int t = omp_get_team_num();
    max_threads[t] = omp_get_max_threads();
#pragma omp parallel
    {
#pragma omp masked
      {
        par_size[t] = omp_get_num_threads();
        limit[t] = omp_get_thread_limit();
      }
      /* every team's region is running before any nests (the barrier keeps
       * this team's threads in its group meanwhile) */
#pragma omp barrier
#pragma omp parallel num_threads(2)
#pragma omp masked
      {
#pragma omp atomic
        nested_size[t] += omp_get_num_threads();
      }
    }
  }
  for (int t = 0; t < 3; t++) {
    CHECK(par_size[t] == 3, "team %d: parallel region of %d threads, want 3 (its thread_limit)",
          t, par_size[t]);
    CHECK(nested_size[t] == 3, "team %d: nested regions had %d threads in all, want 3 of 1 "
          "(the group is full)", t, nested_size[t]);
    CHECK(limit[t] == 3, "team %d: omp_get_thread_limit() %d, want 3", t, limit[t]);
    CHECK(max_threads[t] == 4, "team %d: omp_get_max_threads() %d, want nthreads-var 4", t,
          max_threads[t]);
  }

  int sizes[2][ROUNDS];
  pthread_t users[2];
  pthread_barrier_init(&users_ready, NULL, 2);
  for (int i = 0; i < 2; i++)
    CHECK(pthread_create(&users[i], NULL, user_thread, sizes[i]) == 0, "pthread_create");
  for (int i = 0; i < 2; i++)
    pthread_join(users[i], NULL);
  for (int i = 0; i < 2; i++)
    for (int round = 0; round < ROUNDS; round++)
      CHECK(sizes[i][round] == 3, "user thread %d, round %d: team of %d, want 3", i, round,
            sizes[i][round]);
  CHECK(atomic_load(&most_inside) == 6, "at most %d threads of the two roots' teams at once, "
        "want 6", atomic_load(&most_inside));
  CHECK_DONE();
}
