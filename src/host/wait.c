/* wait.c — how a thread waits: spin for the blocktime, then sleep.
 *
 * OMP_WAIT_POLICY / KMP_BLOCKTIME decide the spin budget (LLVM's default is
 * 200 ms, which keeps back-to-back parallel regions cheap). Past the budget a
 * waiter sleeps in the kernel, so an idle thread burns no CPU. When more
 * threads are busy than there are processors, spinning yields the CPU; a
 * worker waiting for its next fork also stops early for awake hidden
 * helpers (omp_fork_wait_gives_way).
 */
#include <sched.h>
#include <time.h>

#include "config/linux/futex.h"
#include "runtime.h"

int64_t omp_now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* Sharing a core with the master (the worker's wait for its next fork). A
 * new thread starts on its creator's processor, and the scheduler may
 * leave the two there: both always runnable and always recently run
 * ("cache hot"), neither is moved to the idle processor. Yielding then
 * hands the core back and forth at every fork and join, and each hand-off
 * costs the other's spin (back-to-back target regions on the 2-core x86_64
 * device: 20 us each instead of 1.3, in a third of the runs, for the whole
 * run). A fork wait that ended only after a yield that let another thread
 * run (the yield took long) counts as crowded; after OMP_CROWDED_WAITS of
 * them in a row the worker's next fork wait sleeps at once, and the
 * master's wake-up places it on an idle processor if there is one. Waits
 * whose yields return at once (each thread on its own processor) reset the
 * count. Only the fork wait does this: inside a region (barriers, loops)
 * the same rule cost more than it saved (barrier 0.085 -> 0.117 us,
 * dynamic loop chunks 0.5 -> 1.8 us on 2 cores). */
#define OMP_CROWDED_YIELD_NS 5000
#define OMP_CROWDED_WAITS 4
static __thread unsigned omp_crowded_waits;

static bool omp_yield_was_crowded(void) {
  int64_t before = omp_now_ns();
  sched_yield();
  return omp_now_ns() - before > OMP_CROWDED_YIELD_NS;
}

/* A fork wait that has lasted OMP_FORK_WAIT_HELPERS_NS while hidden
 * helpers are awake (running target tasks or spinning for the next one) and
 * the process's busy threads with them outnumber the processors stops
 * spinning, unless the blocktime is infinite (OMP_WAIT_POLICY=active). The
 * thread that issues target tasks wakes the helpers, and the kernel places
 * them next to it when every other core holds a spinning worker: each round
 * trip then waits for that thread's yields (2 cores, bound threads, right
 * after a parallel region: 28 us per `target nowait` round trip instead of
 * 1.6, for as long as the worker spins, 200 ms). Regions forked back to
 * back with target tasks keep their spinning workers, as their fork waits
 * end sooner: a sleeping worker costs every fork a futex wake-up. Checked
 * every 256 pauses: helpers woken after the wait began count too. */
#define OMP_FORK_WAIT_HELPERS_NS 50000

static bool omp_fork_wait_gives_way(int64_t waited_ns) {
  if (waited_ns < OMP_FORK_WAIT_HELPERS_NS)
    return false;
  int helpers = omp_hidden_helpers_awake();
  return helpers > 0 && omp_threads_in_use() + helpers > omp_global.num_procs;
}

/* Spin for the blocktime, then sleep; `crowding`: the fork wait's rules. */
static void omp_wait_spin_sleep(struct omp_waitword *w, uint32_t old, bool crowding) {
  if (atomic_load_explicit(&w->value, memory_order_acquire) != old)
    return;
  int64_t budget = __atomic_load_n(&omp_global.blocktime_ns, __ATOMIC_RELAXED);
  if (budget != 0 && !(crowding && omp_crowded_waits >= OMP_CROWDED_WAITS)) {
    bool yield = omp_wait_oversubscribed(), crowded = false;
    int64_t start = omp_now_ns();
    int64_t deadline = budget > 0 ? start + budget : INT64_MAX;
    for (unsigned spins = 1;; spins++) {
      if (atomic_load_explicit(&w->value, memory_order_acquire) != old) {
        if (crowding)
          omp_crowded_waits = crowded ? omp_crowded_waits + 1 : 0;
        return;
      }
      /* Give the CPU away every 256 pauses, as LLVM's KMP_YIELD_SPIN does:
       * when the scheduler puts both partners of a barrier on one core,
       * the waiter must step aside for the thread it waits for (rarer
       * yields cost ~100 us per barrier in that state). */
      if (yield || (spins & 255) == 0) {
        if (crowding)
          crowded |= omp_yield_was_crowded();
        else
          sched_yield();
      } else {
        omp_os_cpu_relax();
      }
      if ((spins & 255) == 0) {
        int64_t now = omp_now_ns();
        if (now > deadline ||
            (crowding && budget > 0 && omp_fork_wait_gives_way(now - start)))
          break;
      }
    }
  }
  if (crowding)
    omp_crowded_waits = 0;
  omp_wait_sleep_while_equal(w, old);
}

void omp_wait_while_equal(struct omp_waitword *w, uint32_t old) {
  omp_wait_spin_sleep(w, old, false);
}

void omp_wait_fork(struct omp_waitword *w, uint32_t old) { omp_wait_spin_sleep(w, old, true); }

/* The sleeping half alone, for a waiter that already spun its blocktime. */
void omp_wait_sleep_while_equal(struct omp_waitword *w, uint32_t old) {
  atomic_fetch_add(&w->sleepers, 1);
  while (atomic_load(&w->value) == old)
    omp_os_wait(&w->value, old);
  atomic_fetch_sub(&w->sleepers, 1);
}

bool omp_wait_oversubscribed(void) {
  return omp_threads_in_use() > omp_global.num_procs;
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
