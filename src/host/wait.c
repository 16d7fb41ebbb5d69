/* wait.c — how a thread waits: spin for the blocktime, then sleep.
 *
 * OMP_WAIT_POLICY / KMP_BLOCKTIME decide the spin budget (LLVM's default is
 * 200 ms, which keeps back-to-back parallel regions cheap). Past the budget a
 * waiter sleeps in the kernel, so an idle thread burns no CPU. When more
 * threads are busy than there are processors, spinning yields the CPU.
 */
#include <sched.h>
#include <time.h>

#include "config/linux/futex.h"
#include "runtime.h"

bool omp_oversubscribed;

void omp_wait_init(void) {}

int64_t omp_now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

void omp_wait_while_equal(struct omp_waitword *w, uint32_t old) {
  if (atomic_load_explicit(&w->value, memory_order_acquire) != old)
    return;
  int64_t budget = __atomic_load_n(&omp_global.blocktime_ns, __ATOMIC_RELAXED);
  if (budget != 0) {
    bool yield = omp_wait_oversubscribed();
    int64_t deadline = budget > 0 ? omp_now_ns() + budget : INT64_MAX;
    for (unsigned spins = 1;; spins++) {
      if (atomic_load_explicit(&w->value, memory_order_acquire) != old)
        return;
      /* Give the CPU away every 256 pauses, as LLVM's KMP_YIELD_SPIN does:
       * when the scheduler puts both partners of a barrier on one core,
       * the waiter must step aside for the thread it waits for (rarer
       * yields cost ~100 us per barrier in that state). */
      if (yield || (spins & 255) == 0)
        sched_yield();
      else
        omp_os_cpu_relax();
      if ((spins & 255) == 0 && omp_now_ns() > deadline)
        break;
    }
  }
  omp_wait_sleep_while_equal(w, old);
}

/* The sleeping half alone, for a waiter that already spun its blocktime. */
void omp_wait_sleep_while_equal(struct omp_waitword *w, uint32_t old) {
  atomic_fetch_add(&w->sleepers, 1);
  while (atomic_load(&w->value) == old)
    omp_os_wait(&w->value, old);
  atomic_fetch_sub(&w->sleepers, 1);
}

bool omp_wait_oversubscribed(void) {
  return omp_oversubscribed || omp_threads_in_use() > omp_global.num_procs;
}

/* One step of a short busy wait (a few instructions' window). */
void omp_os_relax_or_yield(void) {
  if (omp_wait_oversubscribed())
    sched_yield();
  else
    omp_os_cpu_relax();
}

/* Called after changing w->value (seq_cst) to wake sleepers, if any. */
void omp_wake_all(struct omp_waitword *w) {
  if (atomic_load(&w->sleepers))
    omp_os_wake(&w->value, 0x7fffffff);
}
