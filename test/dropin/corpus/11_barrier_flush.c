/* barrier, flush (plain, with list, acq_rel/acquire/release) */
#include <omp.h>
#include <stdio.h>
static int fails;
#define CHECK(c) do { if (!(c)) { if (fails++ < 10) printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #c); } } while (0)
int main(void) {
  int v[4] = {0}, bad = 0;
  #pragma omp parallel num_threads(4)
  {
    int t = omp_get_thread_num();
    v[t] = t + 1;
    #pragma omp barrier
    for (int i = 0; i < 4; i++) if (v[i] != i + 1) {
      #pragma omp atomic
      bad++;
    }
    #pragma omp barrier
    #pragma omp flush
    #pragma omp flush(v)
    #pragma omp flush acq_rel
    #pragma omp flush release
    #pragma omp flush acquire
  }
  CHECK(bad == 0);
  /* flag-based handoff */
  int flag = 0, data = 0, got = 0;
  #pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0) {
      data = 99;
      #pragma omp atomic write release
      flag = 1;
    } else {
      int f = 0;
      while (!f) {
        #pragma omp atomic read acquire
        f = flag;
      }
      got = data;
    }
  }
  CHECK(got == 99);
  if (fails) return 1;
  printf("OK\n");
  return 0;
}
