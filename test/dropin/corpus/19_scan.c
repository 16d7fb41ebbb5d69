/* reduction(inscan) with inclusive and exclusive scan (combined parallel for).
 * NOTE: clang-19's scan lowering calls log2() and ceil(); link with -lm:
 *   clang-19 -fopenmp 19_scan.c -lm */
#include <omp.h>
#include <stdio.h>
static int fails;
#define CHECK(c) do { if (!(c)) { if (fails++ < 10) printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #c); } } while (0)
#define N 1000
int main(void) {
  static int in[N], inc[N], exc[N];
  for (int i = 0; i < N; i++) in[i] = i % 13;
  int s = 0;
  #pragma omp parallel for reduction(inscan, +:s)
  for (int i = 0; i < N; i++) {
    s += in[i];
    #pragma omp scan inclusive(s)
    inc[i] = s;
  }
  int t = 0;
  /* NOTE: the orphaned form "parallel" + separate "for reduction(inscan)"
   * gives wrong exclusive-scan results even with LLVM's libomp (clang-19
   * codegen issue), so only the combined form is used here. */
  #pragma omp parallel for reduction(inscan, +:t) schedule(static)
  for (int i = 0; i < N; i++) {
    exc[i] = t;
    #pragma omp scan exclusive(t)
    t += in[i];
  }
  int r = 0;
  for (int i = 0; i < N; i++) { CHECK(exc[i] == r); r += in[i]; CHECK(inc[i] == r); }
  CHECK(s == r && t == r);
  if (fails) return 1;
  printf("OK\n");
  return 0;
}
