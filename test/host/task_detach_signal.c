/* detach, fulfilled from a signal handler, as the OpenMP Examples'
 * task_detach.2 does for asynchronous I/O: each detached task arms a POSIX
 * timer whose SIGUSR1 handler calls omp_fulfill_event, so the fulfilment
 * interrupts whatever a thread of the team is doing (running other tasks,
 * completing its own, waiting at the barrier). Every round's barrier must
 * wait for all of them: the handler counts each fulfilment, and the count
 * must be complete after the region. A lost completion hangs the barrier
 * (CTest's timeout): ours lost one in about one run in three of 3000 rounds
 * when the handler interrupted a member's own completion bookkeeping. The
 * rounds run for 3 s (at most 20000, at least 200). */
#include <omp.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>

#include "check.h"

#define DETACHED 8

static atomic_int fulfilled;

static void on_timer(int sig, siginfo_t *info, void *context) {
  (void)sig, (void)context;
  atomic_fetch_add(&fulfilled, 1);
  omp_fulfill_event((omp_event_handle_t)info->si_value.sival_ptr);
}

int main(int argc, char **argv) {
  /* As many rounds as fit in 3 s, at most 20000 (3000 take 0.4 s on an idle
   * 2-core machine; a loaded one, as in CI, delivers the signals slower). */
  int max_rounds = argc > 1 ? atoi(argv[1]) : 20000;
  double end = omp_get_wtime() + 3.0;
  int rounds = 0;
  struct sigaction sa = {0};
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART | SA_SIGINFO;
  sa.sa_sigaction = on_timer;
  sigaction(SIGUSR1, &sa, NULL);
  int short_rounds = 0;
  for (int r = 0; r < max_rounds && (r < 200 || omp_get_wtime() < end); r++, rounds++) {
    timer_t timers[DETACHED];
    atomic_store(&fulfilled, 0);
#pragma omp parallel num_threads(4)
#pragma omp masked
    for (int k = 0; k < DETACHED; k++) {
      omp_event_handle_t event;
#pragma omp task detach(event) firstprivate(k) shared(timers)
      {
        struct sigevent se = {0};
        se.sigev_notify = SIGEV_SIGNAL;
        se.sigev_signo = SIGUSR1;
        se.sigev_value.sival_ptr = (void *)event;
        timer_create(CLOCK_MONOTONIC, &se, &timers[k]);
        struct itimerspec when = {{0, 0}, {0, 1000 + (k * 7 + r) % 50 * 1000}};
        timer_settime(timers[k], 0, &when, NULL);
      }
#pragma omp task
      {
        volatile double x = 0;
        for (int i = 0; i < 2000; i++)
          x += i;
      }
    }
    short_rounds += atomic_load(&fulfilled) != DETACHED;
    for (int k = 0; k < DETACHED; k++)
      timer_delete(timers[k]);
  }
  CHECK(short_rounds == 0, "%d of %d rounds left the region before all %d fulfilments",
        short_rounds, rounds, DETACHED);
  CHECK_DONE();
}
