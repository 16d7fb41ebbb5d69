/* mock_device_deps.c — device-side dependences between target tasks
 * (docs/architecture.md), on the mock driver, whose kernels run the
 * regions' host versions and whose stream operations take random time.
 *
 * Chains of target tasks whose operations do not commute (a[i] = 3 a[i] + k)
 * finish with the serial result only if every task ran after its
 * predecessor:
 *   resident: inside `target data`, so no task copies: a successor that
 *     starts early is ordered only by its queue's wait for the predecessor.
 *   copied:   every task maps its array tofrom, and every third one is
 *     `if(false)` (its body runs on the host and must see the predecessor's
 *     copy back): the copies are pending references taken over by the next
 *     task, and the host bodies must not start early.
 * Run with LIBOMPTARGET_INFO=16 the log shows the successors waiting on the
 * device (the test's regex); with LIBOMPTARGET_DEVICE_DEPENDENCES=0 nobody
 * does.
 */
#include <stdio.h>
#include <stdlib.h>

#define N 512
#define CHAINS 4
#define LENGTH 24

static double reference(int chain, int i) {
  double r = i + 100.0 * chain;
  for (int k = 0; k < LENGTH; k++)
    r = r * 3 + k;
  return r;
}

static int check(const char *what, double (*a)[N]) {
  for (int c = 0; c < CHAINS; c++)
    for (int i = 0; i < N; i++)
      if (a[c][i] != reference(c, i)) {
        printf("FAIL %s: chain %d element %d is %.17g, serially %.17g\n", what, c, i,
               a[c][i], reference(c, i));
        return 1;
      }
  return 0;
}

static void fill(double (*a)[N]) {
  for (int c = 0; c < CHAINS; c++)
    for (int i = 0; i < N; i++)
      a[c][i] = i + 100.0 * c;
}

static int resident(void) {
  static double a[CHAINS][N];
  fill(a);
  double *all = &a[0][0];
#pragma omp target data map(tofrom: all[0:CHAINS * N])
  {
#pragma omp parallel num_threads(2)
#pragma omp single
    for (int k = 0; k < LENGTH; k++)
      for (int c = 0; c < CHAINS; c++) {
        double *p = a[c];
#pragma omp target map(tofrom: p[0:N]) nowait depend(inout: p[0]) firstprivate(k)
        for (int i = 0; i < N; i++)
          p[i] = p[i] * 3 + k;
      }
#pragma omp taskwait
  }
  return check("resident", a);
}

static int copied(void) {
  static double a[CHAINS][N];
  fill(a);
#pragma omp parallel num_threads(2)
#pragma omp single
  for (int k = 0; k < LENGTH; k++)
    for (int c = 0; c < CHAINS; c++) {
      double *p = a[c];
#pragma omp target map(tofrom: p[0:N]) nowait depend(inout: p[0]) firstprivate(k) \
    if (k % 3 != 1)
      for (int i = 0; i < N; i++)
        p[i] = p[i] * 3 + k;
    }
  return check("copied", a);
}

int main(void) {
  int failed = resident() | copied();
  if (!failed)
    printf("OK\n");
  return failed;
}
