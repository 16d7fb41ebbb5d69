/* sections: lastprivate, firstprivate, nowait, reduction */
#include <omp.h>
#include <stdio.h>
static int fails;
#define CHECK(c) do { if (!(c)) { if (fails++ < 10) printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #c); } } while (0)
int main(void) {
  int a = 0, b = 0, c = 0, lp = -1, red = 0, fp = 10;
  #pragma omp parallel num_threads(3)
  {
    #pragma omp sections lastprivate(lp) firstprivate(fp)
    {
      #pragma omp section
      { a = fp + 1; lp = 1; }
      #pragma omp section
      { b = fp + 2; lp = 2; }
      #pragma omp section
      { c = fp + 3; lp = 3; }
    }
    #pragma omp sections reduction(+:red) nowait
    {
      #pragma omp section
      red += 1;
      #pragma omp section
      red += 10;
    }
  }
  CHECK(a == 11 && b == 12 && c == 13);
  CHECK(lp == 3);
  CHECK(red == 11);
  /* section count each exactly once */
  int cnt[5] = {0};
  #pragma omp parallel sections num_threads(4)
  {
    #pragma omp section
    cnt[0]++;
    #pragma omp section
    cnt[1]++;
    #pragma omp section
    cnt[2]++;
    #pragma omp section
    cnt[3]++;
    #pragma omp section
    cnt[4]++;
  }
  for (int i = 0; i < 5; i++) CHECK(cnt[i] == 1);
  if (fails) return 1;
  printf("OK\n");
  return 0;
}
