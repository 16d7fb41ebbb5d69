/* master, masked, masked filter(n) */
#include <omp.h>
#include <stdio.h>
static int fails;
#define CHECK(c) do { if (!(c)) { if (fails++ < 10) printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #c); } } while (0)
int main(void) {
  int m = -1, k = -1, f = -1, cm = 0, ck = 0, cf = 0;
  #pragma omp parallel num_threads(4)
  {
    #pragma omp master
    { m = omp_get_thread_num(); cm++; }
    #pragma omp masked
    { k = omp_get_thread_num(); ck++; }
    int t = 2;
    #pragma omp masked filter(t)
    { f = omp_get_thread_num(); cf++; }
  }
  CHECK(m == 0 && cm == 1);
  CHECK(k == 0 && ck == 1);
  CHECK(f == 2 && cf == 1);
  if (fails) return 1;
  printf("OK\n");
  return 0;
}
