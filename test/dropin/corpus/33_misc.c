/* misc directives: requires, nothing, assumes, metadirective, simd, ordered simd, declare simd, tile, unroll, masked in nested team, taskwait/barrier outside parallel */
#include <omp.h>
#include <stdio.h>
static int fails;
#define CHECK(c) do { if (!(c)) { if (fails++ < 10) printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #c); } } while (0)
#pragma omp requires atomic_default_mem_order(seq_cst)
#pragma omp assumes ext_abi_survey
#pragma omp declare simd
static int sq(int x) { return x * x; }
int main(void) {
  int a[64], b[64];
  #pragma omp nothing
  #pragma omp simd
  for (int i = 0; i < 64; i++) a[i] = sq(i);
  for (int i = 0; i < 64; i++) CHECK(a[i] == i * i);
  int pos = 0;
  #pragma omp simd
  for (int i = 0; i < 64; i++) {
    #pragma omp ordered simd
    b[pos++] = i;
  }
  for (int i = 0; i < 64; i++) CHECK(b[i] == i);
  long s = 0;
  #pragma omp parallel for reduction(+:s)
  #pragma omp tile sizes(4, 4)
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 16; j++) s += i * 16 + j;
  CHECK(s == 255 * 256 / 2);
  long u = 0;
  #pragma omp parallel for reduction(+:u)
  #pragma omp unroll partial(4)
  for (int i = 0; i < 103; i++) u += i;
  CHECK(u == 103 * 102 / 2);
  #pragma omp unroll full
  for (int i = 0; i < 4; i++) a[i] = -i;
  CHECK(a[3] == -3);
  int n = 0;
  #pragma omp metadirective when(user = {condition(1)}: parallel num_threads(2)) default(nothing)
  {
    #pragma omp atomic
    n++;
  }
  CHECK(n == 2);
  n++; /* (clang-19 does not support the 5.1 "assume" directive; only "assumes") */
  CHECK(n == 3);
  /* orphaned constructs outside any parallel region */
  #pragma omp barrier
  #pragma omp taskwait
  #pragma omp taskyield
  int single_run = 0;
  #pragma omp single
  single_run = 1;
  #pragma omp for
  for (int i = 0; i < 10; i++) a[i] = 1;
  CHECK(single_run == 1 && a[9] == 1);
  if (fails) return 1;
  printf("OK\n");
  return 0;
}
