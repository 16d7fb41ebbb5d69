/* A GCC-built program on our runtime: worksharing loops GCC schedules
 * through the runtime (dynamic, guided, runtime, nonmonotonic, ordered,
 * unsigned long long with steps past 2^63 too, negative steps, combined
 * parallel loops, doacross), sections and cancellation. Each iteration
 * must run exactly once, ordered blocks in iteration order, doacross sinks
 * before their sources; checked against the serial loop. Prints PASS. Run
 * with OMP_CANCELLATION=true. */
#include <omp.h>
#include <stdio.h>
#include <string.h>

#include "check.h"


#define N 1000
static int hits[N];

static int all_once(const char *what) {
  for (int i = 0; i < N; i++)
    if (hits[i] != 1) {
      CHECK(0, "%s: iteration %d ran %d times", what, i, hits[i]);
      return 0;
    }
  return 1;
}

static void reset(void) { memset(hits, 0, sizeof(hits)); }

int main(void) {
  reset();
#pragma omp parallel num_threads(4)
#pragma omp for schedule(dynamic, 7)
  for (int i = 0; i < N; i++)
    hits[i]++;
  all_once("dynamic,7");

  reset();
#pragma omp parallel num_threads(4)
#pragma omp for schedule(monotonic : dynamic) nowait
  for (int i = 0; i < N; i++)
    hits[i]++;
  all_once("monotonic:dynamic nowait");

  reset();
#pragma omp parallel num_threads(3)
#pragma omp for schedule(guided, 4)
  for (int i = N - 1; i >= 0; i -= 1)
    hits[i]++;
  all_once("guided, downwards");

  reset();
#pragma omp parallel num_threads(4)
#pragma omp for schedule(runtime)
  for (int i = 3; i < 3 * N; i += 3)
    hits[i / 3]++;
  hits[0]++;
  all_once("runtime, step 3");

  reset();
#pragma omp parallel for schedule(dynamic, 3) num_threads(4)
  for (int i = 0; i < N; i++)
    hits[i]++;
  all_once("parallel for dynamic");

  reset();
#pragma omp parallel for schedule(guided) num_threads(4)
  for (int i = -N; i < 0; i++)
    hits[i + N]++;
  all_once("parallel for guided, negative bounds");

  reset();
#pragma omp parallel for schedule(runtime) num_threads(2)
  for (int i = 0; i < N; i++)
    hits[i]++;
  all_once("parallel for runtime");

  /* unsigned long long iteration variables */
  reset();
  unsigned long long big = 1ULL << 40;
#pragma omp parallel for schedule(dynamic, 5) num_threads(4)
  for (unsigned long long u = big; u < big + N; u++)
    hits[u - big]++;
  all_once("unsigned long long, up");

  reset();
#pragma omp parallel for schedule(guided, 2) num_threads(4)
  for (unsigned long long u = big + N; u > big; u--)
    hits[u - big - 1]++;
  all_once("unsigned long long, down");

  /* Steps past 2^63 (as GCC's loop-6.c has them): the step read as a
   * signed stride points the wrong way, and each loop has one iteration;
   * then a loop across 2^63 with four. Every schedule GCC hands to the
   * runtime. (Not `u < half + 50` with such a step: gcc-12 -O2 runs that
   * loop's body three times, on GCC's libgomp too.) */
  {
    const unsigned long long half = 1ULL << 63;
    int up = 0, down = 0, across = 0, bad = 0;
#pragma omp parallel num_threads(4) reduction(+ : up, down, across, bad)
    {
#pragma omp for schedule(dynamic, 1) nowait
      for (unsigned long long u = 20; u <= half - 71; u += half + 49) {
        up++;
        bad += u != 20;
      }
#pragma omp for schedule(guided) nowait
      for (unsigned long long u = ~0ULL - 3; u >= half + 69; u -= half + 49) {
        down++;
        bad += u != ~0ULL - 3;
      }
#pragma omp for schedule(runtime) nowait
      for (unsigned long long u = 5; u <= half - 5; u += half + 1) {
        up++;
        bad += u != 5;
      }
#pragma omp for ordered schedule(dynamic, 2)
      for (unsigned long long u = half - 20001; u <= half + 9999; u += 10000) {
#pragma omp ordered
        across++;
        bad += (u - (half - 20001)) % 10000 != 0;
      }
    }
    CHECK(up == 2 && down == 1 && across == 4 && !bad,
          "unsigned long long steps past 2^63: %d, %d and %d iterations (2, 1, 4 expected), "
          "%d at wrong values", up, down, across, bad);
  }

  /* an empty loop, then a loop after it: the team stays in step */
  reset();
  int empty_runs = 0;
#pragma omp parallel num_threads(4)
  {
    int lim = omp_get_num_threads() - 10;
#pragma omp for schedule(dynamic)
    for (int i = 0; i < lim; i++)
      empty_runs++;
#pragma omp for schedule(dynamic, 2)
    for (int i = 0; i < N; i++)
      hits[i]++;
  }
  CHECK(empty_runs == 0, "empty loop ran %d iterations", empty_runs);
  all_once("after an empty loop");

  /* ordered: blocks in iteration order, whatever the schedule */
  const int chunks[] = {1, 3, 0};
  for (int c = 0; c < 3; c++) {
    int order[N], next = 0;
#pragma omp parallel num_threads(4)
    {
      if (chunks[c] == 0) {
#pragma omp for ordered schedule(static)
        for (int i = 0; i < N; i++) {
#pragma omp ordered
          order[next++] = i;
        }
      } else {
#pragma omp for ordered schedule(dynamic, chunks[c])
        for (int i = 0; i < N; i++) {
          if (i % 5 == 2)
            continue; /* skips its ordered block */
#pragma omp ordered
          order[next++] = i;
        }
      }
    }
    int expect = 0, bad = 0, count = 0;
    for (int i = 0; i < N; i++) {
      if (chunks[c] && i % 5 == 2)
        continue;
      if (count >= next || order[count] != i)
        bad = 1;
      count++;
      expect++;
    }
    CHECK(!bad && next == expect, "ordered, chunk %d: %d blocks, order broken %d", chunks[c],
          next, bad);
  }
  {
    int order[N], next = 0;
#pragma omp parallel for ordered schedule(guided, 2) num_threads(3)
    for (long i = 2 * N; i > 0; i -= 2) {
#pragma omp ordered
      order[next++] = (int)i;
    }
    int bad = next != N;
    for (int i = 0; i < next; i++)
      bad |= order[i] != 2 * (N - i);
    CHECK(!bad, "ordered guided downwards: %d blocks", next);
  }

  /* doacross: a[i][j] needs a[i-1][j] and a[i][j-1]; repeated, since a
   * sink that does not wait (the last j of a row, once) shows only when
   * its row's thread is late */
  {
    static long a[64][64], ref[64][64];
    for (int i = 0; i < 64; i++)
      for (int j = 0; j < 64; j++)
        ref[i][j] = (i ? ref[i - 1][j] : 0) + (j ? ref[i][j - 1] : 0) + 1;
    int wrong = 0;
    for (int rep = 0; rep < 100; rep++) {
      memset(a, 0, sizeof(a));
#pragma omp parallel for ordered(2) schedule(dynamic) num_threads(4)
      for (int i = 0; i < 64; i++)
        for (int j = 0; j < 64; j++) {
#pragma omp ordered depend(sink : i - 1, j) depend(sink : i, j - 1)
          a[i][j] = (i ? a[i - 1][j] : 0) + (j ? a[i][j - 1] : 0) + 1;
#pragma omp ordered depend(source)
        }
      wrong += memcmp(a, ref, sizeof(a)) != 0;
    }
    CHECK(wrong == 0, "doacross: %d of 100 runs computed a cell before its sinks", wrong);
  }

  /* sections, and parallel sections */
  int sec[4] = {0};
#pragma omp parallel num_threads(3)
  {
    for (int k = 0; k < 10; k++) {
#pragma omp sections
      {
#pragma omp section
        sec[0]++;
#pragma omp section
        sec[1]++;
#pragma omp section
        sec[2]++;
#pragma omp section
        sec[3]++;
      }
    }
  }
  CHECK(sec[0] == 10 && sec[1] == 10 && sec[2] == 10 && sec[3] == 10, "sections: %d %d %d %d",
        sec[0], sec[1], sec[2], sec[3]);
  memset(sec, 0, sizeof(sec));
#pragma omp parallel sections num_threads(2)
  {
#pragma omp section
    sec[0] = omp_get_num_threads();
#pragma omp section
    sec[1] = 1;
#pragma omp section
    sec[2] = 1;
  }
  CHECK(sec[0] == 2 && sec[1] == 1 && sec[2] == 1, "parallel sections: %d %d %d", sec[0], sec[1],
        sec[2]);

  /* sections where one member runs them all: a team of one, serial code */
  memset(sec, 0, sizeof(sec));
#pragma omp parallel num_threads(1)
#pragma omp sections
  {
#pragma omp section
    sec[0]++;
#pragma omp section
    sec[1]++;
#pragma omp section
    sec[2]++;
  }
#pragma omp sections
  {
#pragma omp section
    sec[3]++;
#pragma omp section
    sec[3]++;
  }
  CHECK(sec[0] == 1 && sec[1] == 1 && sec[2] == 1 && sec[3] == 2,
        "sections run by one member: %d %d %d %d", sec[0], sec[1], sec[2], sec[3]);

  /* cancel for: no iteration past the cancelling one's chunk claims more */
  if (omp_get_cancellation()) {
    int ran = 0;
#pragma omp parallel num_threads(4)
    {
#pragma omp for schedule(dynamic, 1)
      for (int i = 0; i < 100000; i++) {
        if (i == 10) {
#pragma omp cancel for
        }
#pragma omp cancellation point for
#pragma omp atomic
        ran++;
      }
    }
    CHECK(ran < 100000, "cancel for: all %d iterations ran", ran);
    int after_cancel = 0;
#pragma omp parallel num_threads(4)
    {
#pragma omp cancel parallel if (omp_get_thread_num() == 0)
#pragma omp barrier
#pragma omp atomic
      after_cancel++;
    }
    CHECK(after_cancel < 4, "cancel parallel: %d members passed the barrier", after_cancel);
  } else {
    CHECK(0, "run with OMP_CANCELLATION=true");
  }

  CHECK_DONE();
}
