/* cancel / cancellation point for parallel, for and sections.
 *
 * Run with argument "enabled" under OMP_CANCELLATION=true: after thread 0
 * cancels, the others wait until the request is visible, then meet a
 * cancellation point and must skip the rest of the construct. Run with
 * "disabled" (OMP_CANCELLATION unset): every cancel is ignored and all the
 * work is done. Thread 0's own work after its cancel is skipped in both
 * modes only when enabled. */
#include <omp.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "check.h"

/* LLVM's query for a pending request (exported by libomp, not in omp.h). */
int kmp_get_cancellation_status(int kind);
#define KIND_PARALLEL 1
#define KIND_LOOP 2
#define KIND_SECTIONS 3

#define NTHREADS 4
#define N 400 /* iterations of the cancelled loop: 100 per thread */

static int enabled;

/* Wait (bounded) until a request of `kind` is visible to this thread. */
static int wait_for_request(int kind) {
  for (long spins = 0; spins < 200000000L; spins++) {
    if (kmp_get_cancellation_status(kind))
      return 1;
    sched_yield();
  }
  return 0;
}

static void cancel_parallel(void) {
  atomic_int after_point = 0, reached_end = 0, saw_request = 0;
  int nthreads = 0;
#pragma omp parallel num_threads(NTHREADS)
  {
    if (omp_get_thread_num() == 0) {
      nthreads = omp_get_num_threads();
#pragma omp cancel parallel
    } else if (enabled) {
      atomic_fetch_add(&saw_request, wait_for_request(KIND_PARALLEL));
    }
#pragma omp cancellation point parallel
    atomic_fetch_add(&after_point, 1);
#pragma omp barrier
    atomic_fetch_add(&reached_end, 1);
  }
  CHECK_EQ_INT(nthreads, NTHREADS);
  if (enabled) {
    CHECK_EQ_INT(atomic_load(&saw_request), NTHREADS - 1);
    CHECK_EQ_INT(atomic_load(&after_point), 0);
    CHECK_EQ_INT(atomic_load(&reached_end), 0);
  } else {
    CHECK_EQ_INT(atomic_load(&after_point), NTHREADS);
    CHECK_EQ_INT(atomic_load(&reached_end), NTHREADS);
  }

  /* The next region of the same team starts without a request. */
  atomic_int next_region = 0;
#pragma omp parallel num_threads(NTHREADS)
  {
#pragma omp cancellation point parallel
    atomic_fetch_add(&next_region, 1);
  }
  CHECK_EQ_INT(atomic_load(&next_region), NTHREADS);
}

static void cancel_for(void) {
  static atomic_int done[N];
  memset(done, 0, sizeof(done));
  atomic_int after_loop = 0;
#pragma omp parallel num_threads(NTHREADS)
  {
#pragma omp for schedule(static)
    for (int i = 0; i < N; i++) {
      /* Thread 0 owns iterations 0..99 and cancels at 10; each other thread
       * runs its first iteration, waits for the request, then leaves. */
      if (i == 10) {
#pragma omp cancel for
      }
      if (i % (N / NTHREADS) == 0 && i != 0 && enabled)
        wait_for_request(KIND_LOOP);
#pragma omp cancellation point for
      atomic_fetch_add(&done[i], 1);
    }
    /* Past the loop (its barrier), the request is gone. */
    if (!kmp_get_cancellation_status(KIND_LOOP))
      atomic_fetch_add(&after_loop, 1);
  }
  int count = 0;
  for (int i = 0; i < N; i++)
    count += atomic_load(&done[i]);
  if (enabled) {
    /* 0..9 by thread 0, nothing after its cancel; nothing after the other
     * threads' first iterations, which they waited in. */
    CHECK_EQ_INT(count, 10);
    for (int i = 0; i < 10; i++)
      CHECK(atomic_load(&done[i]) == 1, "iteration %d not run", i);
  } else {
    CHECK_EQ_INT(count, N);
  }
  CHECK_EQ_INT(atomic_load(&after_loop), NTHREADS);
}

static void cancel_sections(void) {
  atomic_int ran_after_cancel = 0, sections_run = 0;
#pragma omp parallel num_threads(NTHREADS)
  {
#pragma omp sections
    {
#pragma omp section
      {
        atomic_fetch_add(&sections_run, 1);
#pragma omp cancel sections
        atomic_fetch_add(&ran_after_cancel, 1);
      }
#pragma omp section
      {
        atomic_fetch_add(&sections_run, 1);
#pragma omp cancellation point sections
        atomic_fetch_add(&ran_after_cancel, 1);
      }
    }
  }
  if (enabled) {
    /* The canceller skips its rest; the other section may have passed its
     * cancellation point before the request, so it ran 0 or 1 times. */
    CHECK(atomic_load(&ran_after_cancel) <= 1, "%d sections ran past the "
          "cancel", atomic_load(&ran_after_cancel));
  } else {
    CHECK_EQ_INT(atomic_load(&ran_after_cancel), 2);
  }
  CHECK_EQ_INT(atomic_load(&sections_run), 2);
}

/* In a team of one, a cancelled loop ends at its barrier like any other:
 * the next loop runs in full. */
static void cancel_for_alone(void) {
  int first = 0, second = 0;
#pragma omp parallel num_threads(1)
  {
#pragma omp for
    for (int i = 0; i < 10; i++) {
      if (i == 3) {
#pragma omp cancel for
      }
      first++;
    }
#pragma omp for
    for (int i = 0; i < 10; i++) {
#pragma omp cancellation point for
      second++;
    }
  }
  CHECK_EQ_INT(first, enabled ? 3 : 10);
  CHECK_EQ_INT(second, 10);
}

int main(int argc, char **argv) {
  if (argc != 2 || (strcmp(argv[1], "enabled") && strcmp(argv[1], "disabled"))) {
    fprintf(stderr, "usage: %s enabled|disabled\n", argv[0]);
    return 2;
  }
  enabled = strcmp(argv[1], "enabled") == 0;
  CHECK_EQ_INT(omp_get_cancellation(), enabled);
  cancel_parallel();
  cancel_for();
  cancel_sections();
  cancel_for_alone();
  CHECK_DONE();
}
