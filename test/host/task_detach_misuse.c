/* omp_fulfill_event misused: an event fulfilled twice (the second time
 * while the task still runs, so its record is alive), and a handle of 0
 * that no detach clause set. Each call warns and changes nothing: the task
 * completes once, its dependent task runs once after it, and the program
 * goes on. CTest's PASS_REGEX checks both warnings, in order, then PASS. */
#include <omp.h>
#include <stdio.h>

#include "check.h"

int main(void) {
  omp_event_handle_t ev = 0, zero = 0; /* ev: the detach clause sets it */
  int x = 0, body_runs = 0, successor_runs = 0, successor_saw = -1;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task detach(ev) depend(out : x) shared(body_runs)
    {
      body_runs++;
      omp_fulfill_event(ev);
      omp_fulfill_event(ev); /* the second time: a warning */
    }
#pragma omp task depend(in : x) shared(successor_runs, successor_saw, body_runs)
    {
      successor_runs++;
      successor_saw = body_runs;
    }
#pragma omp taskwait
    omp_fulfill_event(zero); /* no detach clause set it: a warning */
  }
  CHECK(body_runs == 1 && successor_runs == 1 && successor_saw == 1,
        "body ran %d times, its successor %d times and saw %d (1, 1, 1 expected)",
        body_runs, successor_runs, successor_saw);
  CHECK_DONE();
}
