/* task reductions: reduction(task,+) modifier on parallel/for/sections, taskgroup task_reduction + in_reduction, taskloop reduction */
#include <omp.h>
#include <stdio.h>
static int fails;
#define CHECK(c) do { if (!(c)) { if (fails++ < 10) printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #c); } } while (0)
int main(void) {
  long s = 0; double d = 0;
  #pragma omp parallel num_threads(4) reduction(task, +:s)
  {
    #pragma omp single
    for (int i = 0; i < 100; i++) {
      #pragma omp task in_reduction(+:s)
      s += i;
    }
  }
  CHECK(s == 4950);
  long f = 0;
  #pragma omp parallel num_threads(4)
  {
    #pragma omp for reduction(task, +:f)
    for (int i = 0; i < 40; i++) {
      #pragma omp task in_reduction(+:f)
      f += 2;
    }
  }
  CHECK(f == 80);
  long g = 0, m = 1;
  #pragma omp parallel num_threads(4)
  #pragma omp single
  {
    #pragma omp taskgroup task_reduction(+:g) task_reduction(*:m)
    {
      for (int i = 0; i < 50; i++) {
        #pragma omp task in_reduction(+:g)
        g += i;
        if (i < 10) {
          #pragma omp task in_reduction(*:m)
          m *= 2;
        }
      }
    }
  }
  CHECK(g == 1225 && m == 1024);
  #pragma omp parallel num_threads(4)
  #pragma omp single
  {
    #pragma omp taskloop reduction(+:d) grainsize(10)
    for (int i = 0; i < 100; i++) d += 0.5;
  }
  CHECK(d == 50.0);
  /* taskloop in_reduction inside taskgroup with task_reduction */
  long h = 0;
  #pragma omp parallel num_threads(4)
  #pragma omp single
  #pragma omp taskgroup task_reduction(+:h)
  {
    #pragma omp taskloop in_reduction(+:h) num_tasks(5)
    for (int i = 0; i < 100; i++) h += 1;
    #pragma omp task in_reduction(+:h)
    h += 1000;
  }
  CHECK(h == 1100);
  /* sections with task modifier */
  long q = 0;
  #pragma omp parallel num_threads(2)
  #pragma omp sections reduction(task, +:q)
  {
    #pragma omp section
    {
      #pragma omp task in_reduction(+:q)
      q += 3;
    }
    #pragma omp section
    q += 4;
  }
  CHECK(q == 7);
  if (fails) return 1;
  printf("OK\n");
  return 0;
}
