/* A GCC-built program on our runtime: the constructs for which GCC's code
 * asks the runtime for a zeroed scratch block the team shares (the `mem`
 * argument of GOMP_loop_start, GOMP_loop_ordered_start,
 * GOMP_loop_doacross_start and GOMP_sections2_start): inclusive and
 * exclusive scans, lastprivate(conditional) in static, dynamic, ordered and
 * doacross loops and in sections, more nowait loops in a row than the team
 * has dispatch buffers, a nested parallel region inside such a loop, a
 * team of one and an orphaned loop. Every result is checked against the
 * serial loop. Prints PASS. */
#include <omp.h>
#include <stdio.h>

#include "check.h"

#define N 2000
static int a[N];
static long long prefix[N];
static double dprefix[N];

static void scans(int threads) {
  long long sum = 0, expect = 0;
  int bad_incl = 0, bad_excl = 0;
#pragma omp parallel num_threads(threads)
#pragma omp for reduction(inscan, + : sum)
  for (int i = 0; i < N; i++) {
    sum += a[i];
#pragma omp scan inclusive(sum)
    prefix[i] = sum;
  }
  for (int i = 0; i < N; i++) {
    expect += a[i];
    bad_incl += prefix[i] != expect;
  }
  CHECK(sum == expect && !bad_incl, "inclusive scan, %d threads: sum %lld (want %lld), %d wrong",
        threads, sum, expect, bad_incl);

  double dsum = 0.5, dexpect = 0.5;
#pragma omp parallel for reduction(inscan, + : dsum) num_threads(threads)
  for (int i = 0; i < N; i++) {
    dprefix[i] = dsum;
#pragma omp scan exclusive(dsum)
    dsum += a[i];
  }
  for (int i = 0; i < N; i++) {
    bad_excl += dprefix[i] != dexpect;
    dexpect += a[i];
  }
  CHECK(dsum == dexpect && !bad_excl, "exclusive scan, %d threads: sum %g (want %g), %d wrong",
        threads, dsum, dexpect, bad_excl);

  int maxv = -1, bad_max = 0;
#pragma omp parallel num_threads(threads)
#pragma omp for reduction(inscan, max : maxv)
  for (int i = 0; i < N; i++) {
    maxv = a[i] > maxv ? a[i] : maxv;
#pragma omp scan inclusive(maxv)
    prefix[i] = maxv;
  }
  int m = -1;
  for (int i = 0; i < N; i++) {
    m = a[i] > m ? a[i] : m;
    bad_max += prefix[i] != m;
  }
  CHECK(maxv == m && !bad_max, "max scan, %d threads: %d (want %d), %d wrong", threads, maxv,
        m, bad_max);
}

/* the last i with pred(i), as the serial loop leaves it */
static int serial_last(int mod, int rem) {
  int last = -1;
  for (int i = 0; i < N; i++)
    if (a[i] % mod == rem)
      last = i;
  return last;
}

/* lastprivate(conditional) asks for the scratch block in orphaned
 * constructs (in a construct inside its region, gcc-12 keeps the last
 * iterations in variables of the region instead), with two variables or
 * more. The variables are globals, shared in every region. */
static int s1, s2, d1, o1, o2, x1, x2, n1, n2, sec1, sec2, orphan1, orphan2;
static long long d2;
static int v[10], c[10];

static void cond_loops(void) {
#pragma omp for lastprivate(conditional : s1, s2) schedule(static)
  for (int i = 0; i < N; i++) {
    if (a[i] % 7 == 3)
      s1 = i;
    if (a[i] % 7 == 4)
      s2 = i;
  }
#pragma omp for lastprivate(conditional : d1, d2) schedule(dynamic, 3)
  for (int i = 0; i < N; i++) {
    if (a[i] % 11 == 5)
      d1 = i;
    if (a[i] % 13 == 2)
      d2 = i * 3LL;
  }
#pragma omp for lastprivate(conditional : o1, o2) ordered
  for (int i = 0; i < N; i++) {
    if (a[i] % 5 == 1)
      o1 = i;
#pragma omp ordered
    if (a[i] % 5 == 2)
      o2 = i;
  }
#pragma omp for lastprivate(conditional : x1, x2) ordered(1) schedule(static, 4)
  for (int i = 0; i < N; i++) {
#pragma omp ordered depend(sink : i - 1)
    if (a[i] % 9 == 4)
      x1 = i;
    if (a[i] % 9 == 5)
      x2 = i;
#pragma omp ordered depend(source)
  }
  /* a region nested in such a loop: its own loops end there, not this one */
#pragma omp for lastprivate(conditional : n1, n2) schedule(static, 50)
  for (int i = 0; i < N; i++) {
    if (i % 100 == 0) {
      int inner = 0;
#pragma omp parallel for num_threads(2) schedule(dynamic) reduction(+ : inner)
      for (int j = 0; j < 10; j++)
        inner += j;
      if (inner == 45 && a[i] % 3 == 0)
        n1 = i;
      if (inner == 45 && a[i] % 3 == 1)
        n2 = i;
    }
  }
  /* sections: the textually last section that assigns wins */
#pragma omp sections lastprivate(conditional : sec1, sec2)
  {
#pragma omp section
    sec1 = 1;
#pragma omp section
    {
      if (a[0] < 0)
        sec1 = 2; /* never */
      sec2 = 2;
    }
#pragma omp section
    sec1 = 3;
#pragma omp section
    ;
  }
}

/* more nowait loops in a row than the team has dispatch buffers (7), in
 * flight together. (Not one loop run again in a `for`: gcc-12 then keeps
 * the first run's value, on GCC's libgomp too.) */
static int v0, v1, v2, v3, v4, v5, v6, v7, v8, v9;
static int c0, c1, c2, c3, c4, c5, c6, c7, c8, c9;
#define PRAGMA(text) _Pragma(#text)
#define NOWAIT_LOOP(var, cvar, k)                                              \
  PRAGMA(omp for lastprivate(conditional : var, cvar) schedule(static) nowait) \
  for (int i = 0; i < N; i++) {                                                \
    if (a[i] % ((k) + 2) == 1)                                                 \
      var = i;                                                                 \
    if (a[i] % ((k) + 2) == 0)                                                 \
      cvar = i;                                                                \
  }
static void nowait_loops(void) {
  NOWAIT_LOOP(v0, c0, 0)
  NOWAIT_LOOP(v1, c1, 1)
  NOWAIT_LOOP(v2, c2, 2)
  NOWAIT_LOOP(v3, c3, 3)
  NOWAIT_LOOP(v4, c4, 4)
  NOWAIT_LOOP(v5, c5, 5)
  NOWAIT_LOOP(v6, c6, 6)
  NOWAIT_LOOP(v7, c7, 7)
  NOWAIT_LOOP(v8, c8, 8)
  NOWAIT_LOOP(v9, c9, 9)
}
#undef NOWAIT_LOOP
#undef PRAGMA

static void conditionals(int threads) {
  s1 = s2 = d1 = o1 = o2 = x1 = x2 = n1 = n2 = sec1 = sec2 = -1;
  d2 = -1;
  v0 = v1 = v2 = v3 = v4 = v5 = v6 = v7 = v8 = v9 = -1;
  c0 = c1 = c2 = c3 = c4 = c5 = c6 = c7 = c8 = c9 = -1;
#pragma omp parallel num_threads(threads)
  {
    cond_loops();
    nowait_loops();
  }
  CHECK(s1 == serial_last(7, 3) && s2 == serial_last(7, 4), "static: %d and %d, want %d and %d",
        s1, s2, serial_last(7, 3), serial_last(7, 4));
  CHECK(d1 == serial_last(11, 5) && d2 == serial_last(13, 2) * 3LL,
        "dynamic: %d and %lld, want %d and %lld", d1, d2, serial_last(11, 5),
        serial_last(13, 2) * 3LL);
  CHECK(o1 == serial_last(5, 1) && o2 == serial_last(5, 2), "ordered: %d and %d, want %d and %d",
        o1, o2, serial_last(5, 1), serial_last(5, 2));
  CHECK(x1 == serial_last(9, 4) && x2 == serial_last(9, 5), "doacross: %d and %d, want %d and %d",
        x1, x2, serial_last(9, 4), serial_last(9, 5));
  int want1 = -1, want2 = -1;
  for (int i = 0; i < N; i += 100) {
    if (a[i] % 3 == 0)
      want1 = i;
    if (a[i] % 3 == 1)
      want2 = i;
  }
  CHECK(n1 == want1 && n2 == want2, "with a nested region: %d and %d, want %d and %d", n1, n2,
        want1, want2);
  CHECK(sec1 == 3 && sec2 == 2, "sections: %d and %d, want 3 and 2", sec1, sec2);
  v[0] = v0, v[1] = v1, v[2] = v2, v[3] = v3, v[4] = v4;
  v[5] = v5, v[6] = v6, v[7] = v7, v[8] = v8, v[9] = v9;
  c[0] = c0, c[1] = c1, c[2] = c2, c[3] = c3, c[4] = c4;
  c[5] = c5, c[6] = c6, c[7] = c7, c[8] = c8, c[9] = c9;
  for (int k = 0; k < 10; k++)
    CHECK(v[k] == serial_last(k + 2, 1) && c[k] == serial_last(k + 2, 0),
          "nowait loop %d, %d threads: %d and %d, want %d and %d", k, threads, v[k], c[k],
          serial_last(k + 2, 1), serial_last(k + 2, 0));
}

/* an orphaned loop outside any region too */
static void orphan(void) {
#pragma omp for lastprivate(conditional : orphan1, orphan2)
  for (int i = 0; i < N; i++) {
    if (a[i] % 17 == 8)
      orphan1 = i;
    if (a[i] % 17 == 9)
      orphan2 = i;
  }
}

int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = (i * 37 + 11) % 101;
  omp_set_max_active_levels(2);
  const int teams[] = {4, 3, 1};
  for (int t = 0; t < 3; t++) {
    scans(teams[t]);
    conditionals(teams[t]);
  }
  orphan1 = orphan2 = -1;
  orphan();
  CHECK(orphan1 == serial_last(17, 8) && orphan2 == serial_last(17, 9),
        "orphaned, serial: %d and %d, want %d and %d", orphan1, orphan2, serial_last(17, 8),
        serial_last(17, 9));
  CHECK_DONE();
}
