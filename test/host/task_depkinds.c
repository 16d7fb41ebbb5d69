/* Dependence kinds one by one: mutexinoutset exclusion (an in-flight
 * counter and a short sleep catch overlap) and its ordering against in/out,
 * inoutset sets, omp_all_memory, depobj, `taskwait depend`, `task if(0)
 * depend` and `taskwait depend nowait`. */
#include <omp.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

#include "check.h"

static atomic_int clock_tick;
static int tick(void) { return atomic_fetch_add(&clock_tick, 1); }

/* N mutexinoutset tasks on x: never two at once, all after the out task
 * before them and all before the in task after them. */
static void test_mutexinoutset(void) {
  enum { N = 24 };
  atomic_int inflight = 0, max_inflight = 0, ran = 0;
  int x = 0, y = 0, first_done = -1, last_start = -1, mtx_start[N], mtx_end[N];
#pragma omp parallel num_threads(4)
#pragma omp single
  {
#pragma omp task depend(out : x) shared(first_done)
    {
      usleep(2000);
      first_done = tick();
    }
    for (int i = 0; i < N; i++) {
      /* Every other one also names y: the mutual exclusion is per set. */
#pragma omp task depend(mutexinoutset : x) depend(in : y) firstprivate(i)                  \
    shared(inflight, max_inflight, ran, mtx_start, mtx_end)
      {
        mtx_start[i] = tick();
        int now = atomic_fetch_add(&inflight, 1) + 1;
        int seen = atomic_load(&max_inflight);
        while (now > seen && !atomic_compare_exchange_weak(&max_inflight, &seen, now))
          ;
        usleep(300);
        atomic_fetch_sub(&inflight, 1);
        atomic_fetch_add(&ran, 1);
        mtx_end[i] = tick();
      }
    }
#pragma omp task depend(in : x) shared(last_start)
    last_start = tick();
#pragma omp taskwait
  }
  CHECK(atomic_load(&max_inflight) == 1, "%d mutexinoutset tasks ran at once",
        atomic_load(&max_inflight));
  CHECK_EQ_INT(atomic_load(&ran), N);
  for (int i = 0; i < N; i++) {
    CHECK(mtx_start[i] > first_done, "mutexinoutset task %d started before the out task ended",
          i);
    CHECK(mtx_end[i] < last_start, "in task started before mutexinoutset task %d ended", i);
  }
}

/* inoutset: members after the out task and before the in task; they may run
 * side by side (allowed, not required), so only order is checked. */
static void test_inoutset(void) {
  enum { N = 16 };
  int x = 0, out_done = -1, in_start = -1, set_start[N], set_end[N];
#pragma omp parallel num_threads(4)
#pragma omp single
  {
#pragma omp task depend(out : x) shared(out_done)
    {
      usleep(1000);
      out_done = tick();
    }
    for (int i = 0; i < N; i++) {
#pragma omp task depend(inoutset : x) firstprivate(i) shared(set_start, set_end)
      {
        set_start[i] = tick();
        usleep(200);
        set_end[i] = tick();
      }
    }
#pragma omp task depend(in : x) shared(in_start)
    in_start = tick();
#pragma omp taskwait
  }
  for (int i = 0; i < N; i++)
    CHECK(set_start[i] > out_done && set_end[i] < in_start,
          "inoutset task %d ran outside [out, in]: %d..%d vs %d, %d", i, set_start[i],
          set_end[i], out_done, in_start);
}

/* omp_all_memory: waits for every earlier sibling whatever it named, and
 * every later sibling waits for it. */
static void test_all_memory(void) {
  int a = 0, b = 0, c = 0, before_end[3], all_start = -1, all_end = -1, after_start[2];
#pragma omp parallel num_threads(4)
#pragma omp single
  {
#pragma omp task depend(out : a) shared(before_end)
    {
      usleep(2000);
      before_end[0] = tick();
    }
#pragma omp task depend(in : b) shared(before_end)
    {
      usleep(1000);
      before_end[1] = tick();
    }
#pragma omp task shared(before_end) /* no depend: not ordered */
    before_end[2] = 0;
#pragma omp task depend(inout : omp_all_memory) shared(all_start, all_end)
    {
      all_start = tick();
      usleep(1000);
      all_end = tick();
    }
#pragma omp task depend(in : c) shared(after_start) /* c never named before */
    after_start[0] = tick();
#pragma omp task depend(out : a) shared(after_start)
    after_start[1] = tick();
#pragma omp taskwait
  }
  CHECK(all_start > before_end[0] && all_start > before_end[1],
        "omp_all_memory task started at %d, before its predecessors ended (%d, %d)", all_start,
        before_end[0], before_end[1]);
  CHECK(after_start[0] > all_end && after_start[1] > all_end,
        "successors of omp_all_memory started at %d, %d, before it ended at %d",
        after_start[0], after_start[1], all_end);
}

/* depobj: the same ordering as the clause it stands for, and update. */
static void test_depobj(void) {
  int x = 0, log[4] = {0};
  omp_depend_t obj_out, obj_in;
#pragma omp depobj(obj_out) depend(out : x)
#pragma omp depobj(obj_in) depend(in : x)
#pragma omp parallel num_threads(4)
#pragma omp single
  {
#pragma omp task depend(depobj : obj_out) shared(log)
    {
      usleep(2000);
      log[0] = tick();
    }
#pragma omp task depend(depobj : obj_in) shared(log)
    log[1] = tick();
    /* An in task and, after update(inout), an exclusive one. */
#pragma omp depobj(obj_in) update(inout)
#pragma omp task depend(depobj : obj_in) shared(log)
    {
      usleep(1000);
      log[2] = tick();
    }
#pragma omp task depend(in : x) shared(log)
    log[3] = tick();
#pragma omp taskwait
  }
#pragma omp depobj(obj_out) destroy
#pragma omp depobj(obj_in) destroy
  CHECK(log[0] < log[1] && log[1] < log[2] && log[2] < log[3],
        "depobj order: %d %d %d %d (want increasing)", log[0], log[1], log[2], log[3]);
}

/* `taskwait depend(in: x)` waits for the writer of x; `task if(0)
 * depend` runs undeferred after its predecessors. */
static void test_taskwait_depend(void) {
  atomic_int x_done = 0, z_done = 0;
  int x = 0, z = 0, saw_x = -1, if0_saw_z = -1, if0_thread = -1, me = -1, after = -1;
#pragma omp parallel num_threads(4)
#pragma omp single
  {
    me = omp_get_thread_num();
#pragma omp task depend(out : x) shared(x_done)
    {
      usleep(2000);
      atomic_store(&x_done, 1);
    }
#pragma omp taskwait depend(in : x)
    saw_x = atomic_load(&x_done);
#pragma omp task depend(out : z) shared(z_done)
    {
      usleep(2000);
      atomic_store(&z_done, 1);
    }
#pragma omp task if (0) depend(in : z) shared(if0_saw_z, if0_thread, z_done)
    {
      if0_saw_z = atomic_load(&z_done);
      if0_thread = omp_get_thread_num();
    }
    after = if0_saw_z; /* undeferred: done before the construct ends */
#pragma omp taskwait
  }
  CHECK_EQ_INT(saw_x, 1);
  CHECK_EQ_INT(if0_saw_z, 1);
  CHECK_EQ_INT(after, 1);
  CHECK(if0_thread == me, "task if(0) ran on thread %d, not its encountering thread %d",
        if0_thread, me);
}

/* `taskwait depend(out: x) nowait` orders like an empty task with those
 * dependences: a later reader of x still runs after the earlier ones. */
static void test_taskwait_nowait(void) {
  int x = 0, first_end = -1, later_start = -1;
#pragma omp parallel num_threads(4)
#pragma omp single
  {
#pragma omp task depend(in : x) shared(first_end)
    {
      usleep(3000);
      first_end = tick();
    }
#pragma omp taskwait depend(out : x) nowait
#pragma omp task depend(in : x) shared(later_start)
    later_start = tick();
#pragma omp taskwait
  }
  CHECK(later_start > first_end, "reader after taskwait depend(out) nowait started at %d, "
        "before the earlier reader ended at %d", later_start, first_end);
}

int main(void) {
  test_mutexinoutset();
  test_inoutset();
  test_all_memory();
  test_depobj();
  test_taskwait_depend();
  test_taskwait_nowait();
  CHECK_DONE();
}
