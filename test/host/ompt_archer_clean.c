/* Race-free under OpenMP's rules, built with -fsanitize=thread: run with
 * LLVM's Archer tool (libarcher.so), which learns OpenMP's synchronization
 * through our OMPT events, ThreadSanitizer must report nothing. Without
 * those events (OMP_TOOL=disabled) it reports races that are not there:
 * ompt.cmake runs it both ways. Every construct below orders the accesses
 * through the runtime: barriers, single, worksharing, critical, locks,
 * ordered, task dependences, taskwait, taskgroup, reductions. */
#include <omp.h>
#include <stdio.h>

int main(void) {
  int slots[8] = {0}, sum = 0, total = 0, x = 0, crit = 0, locked = 0, ord = 0, red = 0;
  omp_lock_t lock;
  omp_init_lock(&lock);
#pragma omp parallel num_threads(4)
  {
    slots[omp_get_thread_num()] = omp_get_thread_num() + 1;
#pragma omp barrier
#pragma omp single
    for (int i = 0; i < 4; i++)
      sum += slots[i];
#pragma omp for
    for (int i = 0; i < 8; i++)
      slots[i] += 1;
#pragma omp critical
    crit++;
    omp_set_lock(&lock);
    locked++;
    omp_unset_lock(&lock);
#pragma omp for ordered schedule(dynamic)
    for (int i = 0; i < 8; i++) {
#pragma omp ordered
      ord = ord * 2 + 1;
    }
#pragma omp for reduction(+ : red)
    for (int i = 0; i < 100; i++)
      red += i;
#pragma omp masked
    {
#pragma omp task depend(out : x) shared(x)
      x = 1;
#pragma omp task depend(inout : x) shared(x)
      x *= 10;
#pragma omp taskwait
#pragma omp taskgroup
      {
#pragma omp task shared(x)
        x += 5;
      }
      x += 100;
    }
#pragma omp barrier
#pragma omp atomic
    total += x;
  }
  omp_destroy_lock(&lock);
  int ok = sum == 10 && slots[7] == 1 && crit == 4 && locked == 4 && ord == 255 &&
           red == 4950 && x == 115 && total == 460;
  printf("%s: sum %d crit %d locked %d ord %d red %d x %d total %d\n", ok ? "PASS" : "FAIL",
         sum, crit, locked, ord, red, x, total);
  return !ok;
}
