/* single: copyprivate, nowait, private */
#include <omp.h>
#include <stdio.h>
static int fails;
#define CHECK(c) do { if (!(c)) { if (fails++ < 10) printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #c); } } while (0)
int main(void) {
  int count = 0, bad = 0;
  #pragma omp parallel num_threads(4)
  {
    int x = -1; double d = 0; long arr[3] = {0, 0, 0};
    #pragma omp single copyprivate(x, d, arr)
    { x = 42; d = 2.5; arr[0] = 1; arr[1] = 2; arr[2] = 3; }
    if (x != 42 || d != 2.5 || arr[2] != 3) {
      #pragma omp atomic
      bad++;
    }
    #pragma omp single nowait
    {
      #pragma omp atomic
      count++;
    }
    #pragma omp single
    {
      #pragma omp atomic
      count++;
    }
  }
  CHECK(bad == 0);
  CHECK(count == 2);
  if (fails) return 1;
  printf("OK\n");
  return 0;
}
