/* mock_copy_behind_wait.c — a copy ordered behind a predecessor target task
 * must not hold up the other constructs' mapping.
 *
 * Task A keeps the device busy for BUSY_S on `a` (a resident array); task
 * B, `depend(in: a)` on it, then copies `a` to the device: `target update
 * to(a)` in one round, `map(always, to: a)` in the other, `target update
 * from(a)` in the third. B's queue waits for A on the device, and a copy
 * from pageable memory behind that wait holds the issuing thread until A is
 * done (CUDA synchronises the stream first; the mock does the same). While
 * A runs, the main thread maps and runs a region of its own, on other
 * data: it must finish long before A does. It used to wait for all of A,
 * because B's thread held the device's mapping lock across its copy.
 * Every round's data is checked, and B's copy must have waited for A (its
 * `from` copy sees A's writes; its `to` copies land after A's).
 */
#include <omp.h>
#include <stdio.h>
#include <unistd.h>

#define N 64
#define BUSY_S 0.6

static int fails;

static void busy(double seconds) {
  double start = omp_get_wtime();
  while (omp_get_wtime() - start < seconds)
    ;
}

/* kind 0: update to, 1: map(always, to), 2: update from. The runtime lets
 * a target task start early (waiting on the device) from the second time
 * its construct runs: `timed` is the second round. */
static void round_of(int kind, int timed) {
  static const char *const names[] = {"target update to", "map(always, to)",
                                      "target update from"};
  int a[N], c[N];
  for (int i = 0; i < N; i++)
    a[i] = c[i] = i;
#pragma omp target enter data map(to : a)
  double t0 = omp_get_wtime();
#pragma omp target nowait depend(out : a)
  {
    busy(BUSY_S);
    for (int i = 0; i < N; i++)
      a[i] += 1000; /* A's writes */
  }
  usleep(50 * 1000); /* A is queued */
  for (int i = 0; i < N; i++)
    a[i] = 2 * i; /* what B's `to` copies send */
  if (kind == 0) {
#pragma omp target update to(a) nowait depend(inout : a)
  } else if (kind == 1) {
#pragma omp target map(always, to : a) nowait depend(inout : a)
    a[0] += 0;
  } else {
#pragma omp target update from(a) nowait depend(inout : a)
  }
  usleep(50 * 1000); /* B is issuing its copy */
  double t1 = omp_get_wtime();
#pragma omp target map(tofrom : c)
  for (int i = 0; i < N; i++)
    c[i] *= 3;
  double other = omp_get_wtime() - t1;
#pragma omp taskwait
  double all = omp_get_wtime() - t0;
#pragma omp target exit data map(from : a)
  for (int i = 0; i < N; i++) {
    int want_a = kind == 2 ? i + 1000 : 2 * i; /* from: A's result; to: B's data */
    if (a[i] != want_a || c[i] != 3 * i) {
      printf("FAIL %s: a[%d] = %d (want %d), c[%d] = %d (want %d)\n", names[kind], i, a[i],
             want_a, i, c[i], 3 * i);
      fails++;
      break;
    }
  }
  printf("%s behind a %.0f ms task: another region took %.3f s, all %.3f s\n",
         names[kind], BUSY_S * 1e3, other, all);
  if (!timed)
    return;
  if (all < BUSY_S * 0.9) {
    printf("FAIL %s: finished before the predecessor could have\n", names[kind]);
    fails++;
  }
  if (other > BUSY_S / 3) {
    printf("FAIL %s: the other region waited for the predecessor (%.3f s)\n", names[kind],
           other);
    fails++;
  }
}

int main(void) {
  if (omp_get_num_devices() != 1) {
    printf("FAIL: %d devices, want the mock's 1\n", omp_get_num_devices());
    return 1;
  }
  int warm = 0;
#pragma omp target map(tofrom : warm)
  warm = 1; /* loads the image */
  for (int kind = 0; kind < 3; kind++)
    for (int timed = 0; timed < 2; timed++)
      round_of(kind, timed);
  if (!warm)
    fails++;
  if (fails)
    return 1;
  printf("OK\n");
  return 0;
}
