// Tasks inside target regions: the device runs them immediately, which must
// keep their semantics (firstprivate captured at creation, taskwait,
// taskgroup, depend clauses, taskloop).
#include <omp.h>
#include <stdio.h>

int main(void) {
  int fails = 0;
  int vals[32] = {0}, total = 0, dep_order = 0, loop_sum = 0;
#pragma omp target map(tofrom : vals, total, dep_order, loop_sum)
  {
    for (int i = 0; i < 32; i++) {
#pragma omp task firstprivate(i) shared(vals)
      vals[i] = i * i;
    }
#pragma omp taskwait
    for (int i = 0; i < 32; i++) total += vals[i];
    int x = 0;
#pragma omp task depend(out : x) shared(x)
    x = 5;
#pragma omp task depend(in : x) shared(x, dep_order)
    dep_order = x * 2;
#pragma omp taskgroup
    {
#pragma omp task shared(loop_sum)
      loop_sum += 1;
    }
#pragma omp taskloop shared(loop_sum) num_tasks(4)
    for (int i = 0; i < 100; i++) {
#pragma omp atomic
      loop_sum += i;
    }
  }
  int want = 0;
  for (int i = 0; i < 32; i++) want += i * i;
  if (total != want) { printf("tasks: %d want %d\n", total, want); fails++; }
  if (dep_order != 10) { printf("depend: %d\n", dep_order); fails++; }
  if (loop_sum != 1 + 4950) { printf("taskloop: %d\n", loop_sum); fails++; }

  // Tasks inside a parallel region on the device.
  int per_thread[64] = {0};
#pragma omp target parallel num_threads(64) map(tofrom : per_thread)
  {
    int me = omp_get_thread_num();
#pragma omp task firstprivate(me) shared(per_thread)
    per_thread[me] = me + 1;
#pragma omp taskwait
  }
  for (int i = 0; i < 64; i++)
    if (per_thread[i] != 0 && per_thread[i] != i + 1) { printf("parallel tasks: %d\n", i); fails++; break; }
  if (per_thread[0] != 1) { printf("parallel tasks: thread 0 did not run\n"); fails++; }

  printf("%s\n", fails ? "FAIL" : "OK");
  return fails != 0;
}
