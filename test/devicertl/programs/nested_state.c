// The state paths SPMD kernels without nesting never take: nested
// (serialized) parallel regions inside SPMD and generic regions, ICV
// changes inside a parallel region (a thread state of the thread's own),
// a dynamic loop run alone in a nested region, ordered loops, if(0).
#include <omp.h>
#include <stdio.h>

#define T 64

int main(void) {
  int fails = 0;
  int nested_level[T], nested_threads[T], nested_tid[T], ancestor[T], loop_sum[T];
  int own_nthreads[T], team_nthreads[T];
#pragma omp target parallel num_threads(T) map(from : nested_level, nested_threads, nested_tid, \
                                                   ancestor, loop_sum, own_nthreads, team_nthreads)
  {
    int me = omp_get_thread_num();
    if (me < T) {
#pragma omp parallel num_threads(4)
      {
        nested_level[me] = omp_get_level();
        nested_threads[me] = omp_get_num_threads();
        nested_tid[me] = omp_get_thread_num();
        ancestor[me] = omp_get_ancestor_thread_num(1);
        int sum = 0;
#pragma omp for schedule(dynamic, 3)
        for (int i = 0; i < 100; i++)
          sum += i;
        loop_sum[me] = sum;
      }
      omp_set_num_threads(me % 5 + 1); // this thread's own data environment
      own_nthreads[me] = omp_get_max_threads();
      team_nthreads[me] = omp_get_num_threads();
    }
  }
  int n_ok = 0;
  for (int t = 0; t < T; t++) {
    // on the host fallback the team may be smaller than T
    if (ancestor[t] != t && omp_get_num_devices() > 0) {
      printf("thread %d: ancestor %d\n", t, ancestor[t]);
      fails++;
    }
    if (nested_level[t] != 2 && omp_get_num_devices() > 0) {
      printf("thread %d: nested level %d want 2\n", t, nested_level[t]);
      fails++;
    }
    if (omp_get_num_devices() > 0 &&
        (nested_threads[t] != 1 || nested_tid[t] != 0 || loop_sum[t] != 4950)) {
      printf("thread %d: nested threads %d tid %d sum %d\n", t, nested_threads[t],
             nested_tid[t], loop_sum[t]);
      fails++;
    }
    if (omp_get_num_devices() > 0 && team_nthreads[t] != T) {
      printf("thread %d: team size %d after omp_set_num_threads\n", t, team_nthreads[t]);
      fails++;
    }
    n_ok += own_nthreads[t] >= 1;
  }

  // generic mode: a nested region in a region started by the main thread,
  // and an ordered loop
  int order[200], pos = 0, gen_level = -1;
#pragma omp target teams num_teams(1) map(from : order, gen_level) map(tofrom : pos)
  {
#pragma omp parallel num_threads(64)
    {
#pragma omp for ordered schedule(static, 1)
      for (int i = 0; i < 200; i++) {
#pragma omp ordered
        order[pos++] = i;
      }
      if (omp_get_thread_num() == 1) {
#pragma omp parallel num_threads(2)
        gen_level = omp_get_level() * 10 + omp_get_num_threads();
      }
    }
  }
  for (int i = 0; i < 200; i++)
    if (order[i] != i) {
      printf("ordered: order[%d]=%d\n", i, order[i]);
      fails++;
      break;
    }
  if (omp_get_num_devices() > 0 && gen_level != 21) {
    printf("generic nested: level*10+threads = %d want 21\n", gen_level);
    fails++;
  }

  // if(0): one thread, level 1, inactive
  int if0_threads = -1, if0_level = -1, if0_in_par = -1;
  int c = 0;
#pragma omp target parallel if(c) map(from : if0_threads, if0_level, if0_in_par)
  {
    if0_threads = omp_get_num_threads();
    if0_level = omp_get_level();
    if0_in_par = omp_in_parallel();
  }
  if (if0_threads != 1 || if0_level != 1 || if0_in_par != 0) {
    printf("if(0): threads %d level %d in_parallel %d\n", if0_threads, if0_level, if0_in_par);
    fails++;
  }
  printf("%s\n", fails ? "FAIL" : "OK");
  return fails != 0;
}
