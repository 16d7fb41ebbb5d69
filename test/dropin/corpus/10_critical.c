/* critical: unnamed, named, hint */
#include <omp.h>
#include <stdio.h>
static int fails;
#define CHECK(c) do { if (!(c)) { if (fails++ < 10) printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #c); } } while (0)
int main(void) {
  long a = 0, b = 0, c = 0, d = 0;
  #pragma omp parallel num_threads(4)
  for (int i = 0; i < 1000; i++) {
    #pragma omp critical
    a++;
    #pragma omp critical(bname)
    b += 2;
    #pragma omp critical(cname) hint(omp_sync_hint_contended)
    c += 3;
    #pragma omp critical(dname) hint(omp_sync_hint_speculative)
    d += 4;
  }
  CHECK(a == 4000 && b == 8000 && c == 12000 && d == 16000);
  if (fails) return 1;
  printf("OK\n");
  return 0;
}
