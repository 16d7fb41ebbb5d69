/* detach clause with omp_fulfill_event */
#include <omp.h>
#include <stdio.h>
static int fails;
#define CHECK(c) do { if (!(c)) { if (fails++ < 10) printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #c); } } while (0)
int main(void) {
  int x = 0, y = 0;
  #pragma omp parallel num_threads(4)
  #pragma omp single
  {
    omp_event_handle_t ev;
    #pragma omp task detach(ev) shared(x) depend(out: x)
    x = 1;
    #pragma omp task shared(y, x) depend(in: x)
    y = x + 1;
    /* fulfil from another task */
    #pragma omp task firstprivate(ev)
    omp_fulfill_event(ev);
    #pragma omp taskwait
  }
  CHECK(x == 1 && y == 2);
  /* detach; fulfilled inside the task body itself */
  int z = 0;
  #pragma omp parallel num_threads(2)
  #pragma omp single
  {
    omp_event_handle_t e2;
    #pragma omp task detach(e2) shared(z)
    {
      z = 5;
      omp_fulfill_event(e2);
    }
    #pragma omp taskwait
  }
  CHECK(z == 5);
  if (fails) return 1;
  printf("OK\n");
  return 0;
}
