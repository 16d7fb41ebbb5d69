/* detach: a detached task completes only when its body finished AND its
 * event was fulfilled, in either order; fulfilled from a plain pthread
 * (not an OpenMP thread), from another task, before the body ends, and for
 * an undeferred (if(0)) detached task, with a taskwait and with only a
 * barrier after it, and in a region of one thread. Dependent tasks,
 * taskwait and the region's end wait for the fulfilment, and see what the
 * fulfilling thread wrote before it fulfilled (case 8, for TSan). */
#include <omp.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <unistd.h>

#include "check.h"

static atomic_int fulfilled;

static void *fulfil_later(void *arg) {
  usleep(20000);
  atomic_store(&fulfilled, 1);
  omp_fulfill_event(*(omp_event_handle_t *)arg);
  return NULL;
}

/* Case 8's fulfiller: a thread that takes events from `handoff`, writes
 * `payload`, fulfils, and only then says so, relaxed, in `fulfil_count`: a
 * signal that orders nothing, like a device's completion seen by polling. */
enum { HANDOFF_ROUNDS = 64 };
static _Atomic uintptr_t handoff;
static atomic_int fulfil_count;
static int payload; /* plain: only the runtime's completion orders it */

static void *fulfil_handed_off(void *arg) {
  (void)arg;
  for (int round = 1; round <= HANDOFF_ROUNDS; round++) {
    uintptr_t event;
    while (!(event = atomic_exchange_explicit(&handoff, 0, memory_order_acquire)))
      sched_yield();
    payload = round;
    omp_fulfill_event((omp_event_handle_t)event);
    atomic_store_explicit(&fulfil_count, round, memory_order_relaxed);
  }
  return NULL;
}

int main(void) {
  /* 1. Fulfilled by a pthread the runtime does not know. */
  omp_event_handle_t ev;
  pthread_t helper;
  int x = 0, successor_saw = -1, after_taskwait = -1;
  atomic_store(&fulfilled, 0);
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task detach(ev) depend(out : x) shared(helper)
    pthread_create(&helper, NULL, fulfil_later, &ev);
#pragma omp task depend(in : x) shared(successor_saw)
    successor_saw = atomic_load(&fulfilled);
#pragma omp taskwait
    after_taskwait = atomic_load(&fulfilled);
  }
  pthread_join(helper, NULL);
  CHECK(successor_saw == 1, "dependent task ran before the event was fulfilled");
  CHECK(after_taskwait == 1, "taskwait returned before the event was fulfilled");

  /* 2. Fulfilled by another task; taskwait alone waits for it. */
  omp_event_handle_t ev2 = 0;
  int body_done = 0, seen = -1;
  atomic_store(&fulfilled, 0);
#pragma omp parallel num_threads(3)
#pragma omp single
  {
#pragma omp task detach(ev2) shared(body_done)
    body_done = 1;
#pragma omp task shared(ev2)
    {
      usleep(10000);
      atomic_store(&fulfilled, 1);
      omp_fulfill_event(ev2);
    }
#pragma omp taskwait
    seen = atomic_load(&fulfilled);
  }
  CHECK(body_done == 1 && seen == 1, "taskwait did not wait for a task-fulfilled event (%d, %d)",
        body_done, seen);

  /* 3. Fulfilled inside its own body (before the body ends): completes
   * when the body returns. */
  omp_event_handle_t ev3 = 0;
  int y = 0, after_y = -1;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task detach(ev3) depend(out : y) shared(y)
    {
      omp_fulfill_event(ev3);
      y = 7;
    }
#pragma omp task depend(in : y) shared(y, after_y)
    after_y = y;
  }
  CHECK_EQ_INT(after_y, 7);

  /* 4. Many detached tasks fulfilled in reverse order by one task; the end
   * of the region waits for them. */
  enum { M = 64 };
  omp_event_handle_t evs[M];
  atomic_int done_count = 0;
  atomic_int created = 0;
#pragma omp parallel num_threads(4)
#pragma omp single
  {
    for (int i = 0; i < M; i++) {
      omp_event_handle_t e;
#pragma omp task detach(e) shared(done_count)
      atomic_fetch_add(&done_count, 1);
      evs[i] = e;
      atomic_fetch_add(&created, 1);
    }
#pragma omp task shared(evs)
    for (int i = M - 1; i >= 0; i--)
      omp_fulfill_event(evs[i]);
  }
  CHECK_EQ_INT(atomic_load(&created), M);
  CHECK_EQ_INT(atomic_load(&done_count), M);

  /* 5. An undeferred detached task: the encountering task goes on once the
   * body ended (the task is not complete yet: it may even fulfil the event
   * itself), and taskwait waits for the fulfilment; with no taskwait, the
   * barrier at the end of single does (an undeferred task is counted among
   * the team's pending tasks only when its completion can come after its
   * body). */
  omp_event_handle_t ev5 = 0, ev6 = 0, ev7 = 0;
  pthread_t helper5, helper7;
  int after_if0_taskwait = -1, self_fulfilled = 0, after_barrier = -1;
  atomic_store(&fulfilled, 0);
#pragma omp parallel num_threads(2)
  {
#pragma omp single
    {
#pragma omp task if (0) detach(ev5) shared(helper5)
      pthread_create(&helper5, NULL, fulfil_later, &ev5);
#pragma omp taskwait
      after_if0_taskwait = atomic_load(&fulfilled);
#pragma omp task if (0) detach(ev6) shared(self_fulfilled)
      self_fulfilled = 1;
      omp_fulfill_event(ev6); /* would never happen if the construct waited */
#pragma omp taskwait
      atomic_store(&fulfilled, 0);
#pragma omp task if (0) detach(ev7) shared(helper7)
      pthread_create(&helper7, NULL, fulfil_later, &ev7);
    }
#pragma omp master
    after_barrier = atomic_load(&fulfilled);
  }
  pthread_join(helper5, NULL);
  pthread_join(helper7, NULL);
  CHECK(after_if0_taskwait == 1, "taskwait returned before an undeferred task's event");
  CHECK_EQ_INT(self_fulfilled, 1);
  CHECK(after_barrier == 1, "a barrier ended before an undeferred task's event");

  /* 6. In a region of one thread the task runs at once, and the region's
   * end waits for the fulfilment (its member counted it in private). */
  omp_event_handle_t ev8 = 0;
  pthread_t helper8;
  atomic_store(&fulfilled, 0);
#pragma omp parallel num_threads(1) shared(ev8, helper8)
  {
#pragma omp task detach(ev8)
    {}
    pthread_create(&helper8, NULL, fulfil_later, &ev8);
  }
  int after_region_of_one = atomic_load(&fulfilled);
  pthread_join(helper8, NULL);
  CHECK(after_region_of_one == 1, "a region of one thread ended before its task's event");

  /* 7. A region of one thread records no dependences while its tasks all
   * complete as they run; a detached one must be waited for, by a
   * dependent task and by taskwait depend, also when tasks with the same
   * dependences ran before it. */
  omp_event_handle_t ev9 = 0;
  pthread_t helper9;
  int z = 0, dependent_saw = -1, taskwait_depend_saw = -1, before = 0;
  atomic_store(&fulfilled, 0);
#pragma omp parallel num_threads(1) shared(ev9, helper9, z, dependent_saw, \
                                               taskwait_depend_saw, before)
  {
    for (int i = 0; i < 3; i++) {
#pragma omp task depend(inout : z) shared(before)
      before++;
    }
#pragma omp task detach(ev9) depend(out : z) shared(helper9)
    pthread_create(&helper9, NULL, fulfil_later, &ev9);
#pragma omp task depend(in : z) shared(dependent_saw)
    dependent_saw = atomic_load(&fulfilled);
#pragma omp taskwait depend(in : z)
    taskwait_depend_saw = atomic_load(&fulfilled);
  }
  pthread_join(helper9, NULL);
  CHECK_EQ_INT(before, 3);
  CHECK(dependent_saw == 1, "in a region of one thread a dependent task ran before the event");
  CHECK(taskwait_depend_saw == 1,
        "in a region of one thread taskwait depend returned before the event");

  /* 8. Fulfilled by another thread while the body still runs, the body
   * learning of it only by a relaxed flag: the body's end finds the event
   * fulfilled and completes the task, and that completion must carry the
   * fulfiller's writes to the dependent task (under TSan, a race on
   * `payload` otherwise), and to whoever gets the task's memory next. */
  pthread_t fulfiller;
  pthread_create(&fulfiller, NULL, fulfil_handed_off, NULL);
  int wrong_payload = 0;
#pragma omp parallel num_threads(2) shared(wrong_payload)
#pragma omp single
  for (int round = 1; round <= HANDOFF_ROUNDS; round++) {
    omp_event_handle_t ev10;
#pragma omp task detach(ev10) depend(out : payload)
    {
      atomic_store_explicit(&handoff, (uintptr_t)ev10, memory_order_release);
      while (atomic_load_explicit(&fulfil_count, memory_order_relaxed) != round)
        sched_yield();
    }
#pragma omp task depend(in : payload) shared(wrong_payload)
    if (payload != round)
      wrong_payload++;
#pragma omp taskwait
  }
  pthread_join(fulfiller, NULL);
  CHECK_EQ_INT(wrong_payload, 0);
  CHECK_DONE();
}
