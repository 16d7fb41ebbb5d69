/* A GCC-built program on our runtime: explicit tasks (firstprivate blocks
 * copied by memcpy and by GCC's copy function for variable-length arrays,
 * if(0), final, priority, detach), dependences (in/out/inout chains,
 * mutexinoutset, depobj, taskwait depend), taskwait, taskgroup and its
 * cancellation, and taskloop (grainsize, num_tasks, nogroup, unsigned long
 * long). Results are checked against the serial program. Prints PASS. Run
 * with OMP_CANCELLATION=true. */
#include <omp.h>
#include <stdio.h>
#include <string.h>

#include "check.h"


struct payload {
  int id;
  double values[5];
};

static long fib(int n) {
  if (n < 2)
    return n;
  long a, b;
#pragma omp task shared(a) firstprivate(n) final(n < 12)
  a = fib(n - 1);
#pragma omp task shared(b) firstprivate(n) final(n < 12)
  b = fib(n - 2);
#pragma omp taskwait
  return a + b;
}

int main(void) {
  /* firstprivate blocks: a struct, and a VLA (GCC's copy function) */
  int n = 37;
  double vla[n];
  for (int i = 0; i < n; i++)
    vla[i] = i * 0.5;
  long got[64] = {0};
  double vla_sums[64] = {0};
#pragma omp parallel num_threads(4)
#pragma omp single
  {
    for (int t = 0; t < 64; t++) {
      struct payload p = {t, {t, t + 1, t + 2, t + 3, t + 4}};
#pragma omp task firstprivate(p, vla)
      {
        got[p.id] = (long)(p.values[0] + p.values[4]);
        double s = 0;
        for (int i = 0; i < n; i++)
          s += vla[i];
        vla[0] = -1; /* its own copy */
        vla_sums[p.id] = s;
      }
    }
  }
  int bad = 0;
  for (int t = 0; t < 64; t++)
    bad += got[t] != 2 * t + 4 || vla_sums[t] != 0.5 * 36 * 37 / 2;
  CHECK(!bad && vla[0] == 0, "firstprivate copies: %d wrong, vla[0] %g", bad, vla[0]);

  /* a recursive task tree with final() */
  long f = 0;
#pragma omp parallel num_threads(4)
#pragma omp single
  f = fib(24);
  CHECK(f == 46368, "fib(24) = %ld", f);

  /* dependences: an inout chain and in readers between its links */
  int trace[200], pos = 0, x = 0, readers_ok = 0;
#pragma omp parallel num_threads(4)
#pragma omp single
  {
    for (int k = 0; k < 100; k++) {
#pragma omp task depend(inout : x) firstprivate(k)
      {
        x++;
        trace[pos++] = k;
      }
#pragma omp task depend(in : x) firstprivate(k)
      {
        if (x == k + 1) {
#pragma omp atomic
          readers_ok++;
        }
      }
    }
#pragma omp taskwait
  }
  bad = pos != 100;
  for (int k = 0; k < pos; k++)
    bad |= trace[k] != k;
  CHECK(!bad && x == 100 && readers_ok == 100, "inout chain: %d links, readers %d", pos,
        readers_ok);

  /* out then in on two variables; depobj; mutexinoutset */
  int a = 0, b = 0, c = 0, mutex_inside = 0, mutex_overlap = 0, sum = 0;
  omp_depend_t obj;
#pragma omp depobj(obj) depend(inout : c)
#pragma omp parallel num_threads(4)
#pragma omp single
  {
#pragma omp task depend(out : a)
    a = 5;
#pragma omp task depend(out : b)
    b = 7;
#pragma omp task depend(depobj : obj) depend(in : a, b)
    c = a * b;
    for (int k = 0; k < 20; k++) {
#pragma omp task depend(mutexinoutset : c)
      {
        if (__atomic_add_fetch(&mutex_inside, 1, __ATOMIC_SEQ_CST) > 1)
          __atomic_store_n(&mutex_overlap, 1, __ATOMIC_SEQ_CST);
        sum += c;
        __atomic_sub_fetch(&mutex_inside, 1, __ATOMIC_SEQ_CST);
      }
    }
#pragma omp taskwait depend(in : c)
    CHECK(sum == 20 * 35, "mutexinoutset tasks before taskwait depend: sum %d", sum);
  }
#pragma omp depobj(obj) destroy
  CHECK(c == 35 && !mutex_overlap, "depobj: c = %d, mutexinoutset overlap %d", c,
        mutex_overlap);

  /* if(0): runs at once, after its predecessors */
  int order[3], op = 0, y = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task depend(out : y)
    {
      y = 1;
      order[op++] = 1;
    }
#pragma omp task depend(in : y) if (0)
    order[op++] = 2 * y;
    order[op++] = 3;
  }
  CHECK(op == 3 && order[0] == 1 && order[1] == 2 && order[2] == 3, "if(0): %d %d %d", order[0],
        order[1], order[2]);

  /* priority, taskgroup */
  int done = 0;
#pragma omp parallel num_threads(4)
#pragma omp single
  {
#pragma omp taskgroup
    {
      for (int k = 0; k < 50; k++) {
#pragma omp task priority(k % 3)
        {
#pragma omp task
          {
#pragma omp atomic
            done++;
          }
        }
      }
    }
    CHECK(done == 50, "taskgroup ended with %d of 50 descendants done", done);
  }

  /* detach: the task completes when another fulfils its event */
  int detached_done = 0, seen_after = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
    omp_event_handle_t ev;
#pragma omp task detach(ev) shared(detached_done)
    detached_done = 1;
#pragma omp task firstprivate(ev)
    omp_fulfill_event(ev);
#pragma omp taskwait
    seen_after = detached_done;
  }
  CHECK(seen_after == 1, "detach: taskwait returned before the body ran");

  /* taskloop: grainsize, num_tasks, nogroup, unsigned long long */
  static int hits[1000];
  memset(hits, 0, sizeof(hits));
  int ntasks_seen = 0;
#pragma omp parallel num_threads(4)
#pragma omp single
  {
#pragma omp taskloop grainsize(10) firstprivate(vla)
    for (int i = 0; i < 1000; i++) {
      hits[i] += (int)(vla[1] * 2);
    }
  }
  bad = 0;
  for (int i = 0; i < 1000; i++)
    bad += hits[i] != 1;
  CHECK(!bad, "taskloop grainsize: %d iterations wrong", bad);
  memset(hits, 0, sizeof(hits));
#pragma omp parallel num_threads(4)
#pragma omp single
  {
#pragma omp taskloop num_tasks(7)
    for (int i = 999; i >= 0; i--) {
      hits[i]++;
      if (i % 143 == 0) {
#pragma omp atomic
        ntasks_seen++;
      }
    }
  }
  bad = 0;
  for (int i = 0; i < 1000; i++)
    bad += hits[i] != 1;
  CHECK(!bad && ntasks_seen == 7, "taskloop num_tasks, downwards: %d wrong", bad);
  memset(hits, 0, sizeof(hits));
  unsigned long long base = 1ULL << 50;
#pragma omp parallel num_threads(4)
#pragma omp single
  {
#pragma omp taskloop nogroup grainsize(64)
    for (unsigned long long u = base; u < base + 1000; u += 3)
      hits[u - base]++;
#pragma omp taskwait
  }
  bad = 0;
  for (int i = 0; i < 1000; i++)
    bad += hits[i] != (i % 3 == 0);
  CHECK(!bad, "taskloop unsigned long long, nogroup: %d wrong", bad);

  /* cancel taskgroup: tasks not yet started are discarded */
  if (omp_get_cancellation()) {
    int ran = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
    {
#pragma omp taskgroup
      {
        for (int k = 0; k < 10000; k++) {
#pragma omp task
          {
#pragma omp cancel taskgroup
#pragma omp atomic
            ran++;
          }
        }
      }
    }
    CHECK(ran < 10000, "cancel taskgroup: all %d tasks ran", ran);
  } else {
    CHECK(0, "run with OMP_CANCELLATION=true");
  }

  CHECK_DONE();
}
