/* tasks: task, taskwait, taskgroup, affinity, taskyield, if(0), final, mergeable, untied, priority, shared/firstprivate, nested tasks */
#include <omp.h>
#include <stdio.h>
static int fails;
#define CHECK(c) do { if (!(c)) { if (fails++ < 10) printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #c); } } while (0)
static long fib(int n) {
  long a, b;
  if (n < 2) return n;
  if (n < 8) return fib(n - 1) + fib(n - 2);
  #pragma omp task shared(a) final(n < 12) mergeable
  a = fib(n - 1);
  #pragma omp task shared(b)
  b = fib(n - 2);
  #pragma omp taskwait
  return a + b;
}
int main(void) {
  long f = 0;
  #pragma omp parallel num_threads(4)
  #pragma omp single
  f = fib(18);
  CHECK(f == 2584);
  int cnt = 0, inf = 0;
  #pragma omp parallel num_threads(4)
  {
    #pragma omp single
    {
      for (int i = 0; i < 100; i++) {
        #pragma omp task priority(i % 5) firstprivate(i) shared(cnt)
        {
          #pragma omp atomic
          cnt += i;
          #pragma omp taskyield
        }
      }
      #pragma omp taskwait
      CHECK(cnt == 4950);
      int aff[4] = {0};
      #pragma omp task affinity(aff[0:4]) shared(aff)
      aff[1] = 2;
      #pragma omp taskwait
      CHECK(aff[1] == 2);
      /* untied task with a scheduling point (kept simple: LLVM 19 libomp was
       * seen to hang intermittently when recursive untied tasks taskwait) */
      int ut = 0;
      #pragma omp task untied shared(ut)
      {
        ut = 1;
        #pragma omp taskyield
        ut = 2;
      }
      #pragma omp taskwait
      CHECK(ut == 2);
      #pragma omp task if(0) shared(inf)
      inf = 1;
      CHECK(inf == 1);
      int g = 0;
      #pragma omp taskgroup
      {
        for (int i = 0; i < 20; i++) {
          #pragma omp task shared(g)
          {
            #pragma omp task shared(g)
            {
              #pragma omp atomic
              g++;
            }
            #pragma omp atomic
            g++;
          }
        }
      }
      CHECK(g == 40);
      int fin = 0;
      #pragma omp task final(1) shared(fin)
      {
        fin = omp_in_final();
      }
      #pragma omp taskwait
      CHECK(fin == 1);
    }
  }
  CHECK(omp_get_max_task_priority() >= 0);
  /* tasks created by all threads */
  int all = 0;
  #pragma omp parallel num_threads(4)
  {
    for (int i = 0; i < 10; i++) {
      #pragma omp task shared(all)
      {
        #pragma omp atomic
        all++;
      }
    }
  }
  CHECK(all == 40);
  if (fails) return 1;
  printf("OK\n");
  return 0;
}
