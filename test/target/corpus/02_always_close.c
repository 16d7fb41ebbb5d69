// map(always, to/from), map(close, ...): inside a target data region the
// reference count is >0, so a plain to/from does not copy but always does.
#include <omp.h>
#include <stdio.h>
#define N 256
static int fail;
#define CHECK(c, ...) do { if (!(c)) { printf(__VA_ARGS__); printf("\n"); fail = 1; } } while (0)
int main(void) {
  int x[N];
  for (int i = 0; i < N; i++) x[i] = i;
  #pragma omp target data map(tofrom: x)
  {
    for (int i = 0; i < N; i++) x[i] = 1000 + i;      /* host change, not copied */
    #pragma omp target map(to: x)
    for (int i = 0; i < N; i++) x[i] = x[i] + 1;      /* device sees old values */
    for (int i = 0; i < N; i++) CHECK(x[i] == 1000 + i, "ref-counted map copied back x[%d]=%d", i, x[i]);
    #pragma omp target map(always, to: x)
    for (int i = 0; i < N; i++) x[i] = x[i] * 2;      /* device sees 1000+i */
    #pragma omp target map(always, from: x)
    { }
    for (int i = 0; i < N; i++) CHECK(x[i] == 2 * (1000 + i), "always from x[%d]=%d", i, x[i]);
    for (int i = 0; i < N; i++) x[i] = 7;
    #pragma omp target map(always, close, tofrom: x)
    for (int i = 0; i < N; i++) x[i] += 1;
    for (int i = 0; i < N; i++) CHECK(x[i] == 8, "always close x[%d]=%d", i, x[i]);
    for (int i = 0; i < N; i++) x[i] = -1;            /* overwritten by the final copy-back */
  }
  for (int i = 0; i < N; i++) CHECK(x[i] == 8, "end of data region x[%d]=%d", i, x[i]);
  int y = 3;
  #pragma omp target map(close, tofrom: y)
  y *= 5;
  CHECK(y == 15, "close y=%d", y);
  if (fail) return 1;
  printf("OK\n");
  return 0;
}
