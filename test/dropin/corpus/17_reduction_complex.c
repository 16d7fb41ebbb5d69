/* reduction on _Complex float/double.
 * NOTE: clang-19 emits the atomic reduction path (__kmpc_reduce returning 2)
 * with libatomic calls (__atomic_load/__atomic_compare_exchange); link with
 * -latomic:  clang-19 -fopenmp 17_reduction_complex.c -latomic */
#include <omp.h>
#include <stdio.h>
#include <complex.h>
static int fails;
#define CHECK(c) do { if (!(c)) { if (fails++ < 10) printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #c); } } while (0)
int main(void) {
  _Complex double cs = 0, cp = 1; _Complex float cf = 0;
  #pragma omp parallel for reduction(+:cs, cf) reduction(*:cp)
  for (int i = 0; i < 16; i++) {
    cs += i + 1.0 * I; cf += 1.0f - 1.0f * I;
    cp *= (i % 4 == 0) ? I : 1.0;
  }
  CHECK(creal(cs) == 120.0 && cimag(cs) == 16.0);
  CHECK(crealf(cf) == 16.0f && cimagf(cf) == -16.0f);
  CHECK(creal(cp) == 1.0 && cimag(cp) == 0.0); /* I^4 = 1 */
  if (fails) return 1;
  printf("OK\n");
  return 0;
}
