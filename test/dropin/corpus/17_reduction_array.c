/* reduction on array sections / whole arrays / pointer-based sections */
#include <omp.h>
#include <stdio.h>
static int fails;
#define CHECK(c) do { if (!(c)) { if (fails++ < 10) printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #c); } } while (0)
int main(void) {
  int hist[10] = {0}; long sec[20] = {0};
  #pragma omp parallel for reduction(+:hist)
  for (int i = 0; i < 1000; i++) hist[i % 10]++;
  for (int i = 0; i < 10; i++) CHECK(hist[i] == 100);
  #pragma omp parallel for reduction(+:sec[5:10])
  for (int i = 0; i < 1000; i++) sec[5 + i % 10] += i;
  for (int k = 0; k < 20; k++) {
    long r = 0;
    if (k >= 5 && k < 15) for (int i = 0; i < 1000; i++) if (5 + i % 10 == k) r += i;
    CHECK(sec[k] == r);
  }
  int mx[4] = {-1, -1, -1, -1};
  int *p = mx;
  #pragma omp parallel for reduction(max:p[0:4])
  for (int i = 0; i < 400; i++) if (i > p[i % 4]) p[i % 4] = i;
  CHECK(mx[0] == 396 && mx[3] == 399);
  if (fails) return 1;
  printf("OK\n");
  return 0;
}
