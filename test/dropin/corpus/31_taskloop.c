/* taskloop: default, grainsize, num_tasks, strict modifier, nogroup, lastprivate, collapse,
 * 64-bit/unsigned IVs, master taskloop (+simd), parallel master taskloop (+simd), taskloop simd, if/final/priority.
 * NOTE: clang-19 silently emits NO code for "masked taskloop" / "parallel masked taskloop"
 * (the loop body disappears), so those forms are deliberately not used here. */
#include <omp.h>
#include <stdio.h>
static int fails;
#define CHECK(c) do { if (!(c)) { if (fails++ < 10) printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #c); } } while (0)
#define N 1000
static int h[N];
static void verify(int k, int line) {
  for (int i = 0; i < N; i++) if (h[i] != k) { if (fails++ < 10) printf("FAIL line %d idx %d\n", line, i); return; }
}
int main(void) {
  int last = -1;
  #pragma omp parallel num_threads(4)
  #pragma omp single
  {
    #pragma omp taskloop
    for (int i = 0; i < N; i++) h[i]++;
    verify(1, __LINE__);
    #pragma omp taskloop grainsize(50)
    for (long long i = 0; i < N; i++) h[i]++;
    verify(2, __LINE__);
    #pragma omp taskloop grainsize(strict: 33)
    for (unsigned i = 0; i < N; i++) h[i]++;
    verify(3, __LINE__);
    #pragma omp taskloop num_tasks(7)
    for (unsigned long long i = 0; i < N; i++) h[i]++;
    verify(4, __LINE__);
    #pragma omp taskloop num_tasks(strict: 9) lastprivate(last)
    for (int i = 0; i < N; i++) { h[i]++; last = i; }
    verify(5, __LINE__);
    CHECK(last == N - 1);
    #pragma omp taskloop nogroup
    for (int i = N - 1; i >= 0; i--) h[i]++;
    #pragma omp taskwait
    verify(6, __LINE__);
    #pragma omp taskloop collapse(2) if(1) final(0) priority(1)
    for (int i = 0; i < 10; i++)
      for (int j = 0; j < 100; j++) h[i * 100 + j]++;
    verify(7, __LINE__);
    #pragma omp taskloop simd grainsize(100)
    for (int i = 0; i < N; i++) h[i]++;
    verify(8, __LINE__);
    #pragma omp taskloop if(0)
    for (int i = 0; i < N; i += 2) { h[i]++; h[i + 1]++; }
    verify(9, __LINE__);
  }
  #pragma omp parallel num_threads(4)
  {
    #pragma omp master taskloop
    for (int i = 0; i < N; i++) h[i]++;
    #pragma omp barrier
    #pragma omp master taskloop simd num_tasks(4)
    for (int i = 0; i < N; i++) h[i]++;
  }
  verify(11, __LINE__);
  #pragma omp parallel master taskloop num_threads(4) grainsize(10)
  for (int i = 0; i < N; i++) h[i]++;
  #pragma omp parallel master taskloop simd num_threads(2)
  for (int i = 0; i < N; i++) h[i]++;
  verify(13, __LINE__);
  if (fails) return 1;
  printf("OK\n");
  return 0;
}
