/* threadprivate (static + global, scalars and arrays), copyin, persistence across regions */
#include <omp.h>
#include <stdio.h>
static int fails;
#define CHECK(c) do { if (!(c)) { if (fails++ < 10) printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #c); } } while (0)
int gtp = 5;
static double stp[4] = {1, 2, 3, 4};
#pragma omp threadprivate(gtp, stp)
static int counter;
#pragma omp threadprivate(counter)
int main(void) {
  int bad = 0;
  omp_set_dynamic(0);
  gtp = 11; stp[2] = 30;
  #pragma omp parallel num_threads(4) copyin(gtp, stp)
  {
    if (gtp != 11 || stp[2] != 30 || stp[3] != 4) {
      #pragma omp atomic
      bad++;
    }
    gtp = 100 + omp_get_thread_num();
    counter = omp_get_thread_num() * 10;
  }
  CHECK(bad == 0);
  CHECK(gtp == 100);
  #pragma omp parallel num_threads(4)
  {
    if (gtp != 100 + omp_get_thread_num() || counter != omp_get_thread_num() * 10) {
      #pragma omp atomic
      bad++;
    }
  }
  CHECK(bad == 0);
  /* copyprivate of threadprivate */
  #pragma omp parallel num_threads(4)
  {
    #pragma omp single copyprivate(counter)
    counter = 777;
    if (counter != 777) {
      #pragma omp atomic
      bad++;
    }
  }
  CHECK(bad == 0);
  if (fails) return 1;
  printf("OK\n");
  return 0;
}
