/* atomic on long double, _Complex float/double/long double, __int128.
 * NOTE: clang-19 lowers these to generic libatomic calls (__atomic_load,
 * __atomic_store, __atomic_compare_exchange), not to __kmpc_atomic_*;
 * link with -latomic:  clang-19 -fopenmp 15_atomic_wide.c -latomic */
#include <omp.h>
#include <stdio.h>
#include <complex.h>
static int fails;
#define CHECK(c) do { if (!(c)) { if (fails++ < 10) printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #c); } } while (0)
#define NT 4
#define IT 200
#define TEST_INT(T, name)                                              \
  static void test_##name(void) {                                      \
    T x = 0, y = 0, w = 0, cap_sum = 0, r;                             \
    T bits = 0, mx = (T)-1;                                            \
    _Pragma("omp parallel num_threads(NT)")                            \
    for (int i = 0; i < IT; i++) {                                     \
      T v;                                                             \
      _Pragma("omp atomic")                                            \
      x += 1;                                                          \
      _Pragma("omp atomic update")                                     \
      y = y + 2;                                                       \
      _Pragma("omp atomic capture")                                    \
      v = w++;                                                         \
      _Pragma("omp atomic")                                            \
      cap_sum += (T)(v & 1);                                           \
      _Pragma("omp atomic")                                            \
      bits |= (T)(1 << (i % 6));                                       \
      _Pragma("omp atomic")                                            \
      mx &= (T)~(T)(1 << (i % 5));                                     \
    }                                                                  \
    _Pragma("omp atomic read")                                         \
    r = x;                                                             \
    CHECK(r == (T)(NT * IT));                                          \
    CHECK(y == (T)(2 * NT * IT));                                      \
    CHECK(w == (T)(NT * IT));                                          \
    CHECK(cap_sum == (T)(NT * IT / 2));                                \
    CHECK(bits == (T)63);                                              \
    CHECK(mx == (T)((T)-1 & (T)~(T)31));                               \
    T z;                                                               \
    _Pragma("omp atomic write")                                        \
    z = (T)5;                                                          \
    T old;                                                             \
    _Pragma("omp atomic capture")                                      \
    { old = z; z = z * 3; }                                            \
    CHECK(old == 5 && z == 15);                                        \
    _Pragma("omp atomic capture")                                      \
    { z -= 4; old = z; }                                               \
    CHECK(old == 11);                                                  \
    _Pragma("omp atomic capture")                                      \
    { old = z; z = (T)7; }                                             \
    CHECK(old == 11 && z == 7);                                        \
    _Pragma("omp atomic")                                              \
    z ^= (T)3;                                                         \
    _Pragma("omp atomic")                                              \
    z <<= 2;                                                           \
    _Pragma("omp atomic")                                              \
    z >>= 1;                                                           \
    _Pragma("omp atomic")                                              \
    z /= (T)2;                                                         \
    CHECK(z == 4);                                                     \
    _Pragma("omp atomic seq_cst")                                      \
    z = (T)9 - z;                                                      \
    CHECK(z == 5);                                                     \
  }
#define TEST_FP(T, name)                                               \
  static void test_##name(void) {                                      \
    T x = 0, y = 100, p = 1, r, old;                                   \
    _Pragma("omp parallel num_threads(NT)")                            \
    for (int i = 0; i < IT; i++) {                                     \
      _Pragma("omp atomic")                                            \
      x += (T)0.5;                                                     \
      _Pragma("omp atomic update")                                     \
      y = y - (T)0.25;                                                 \
    }                                                                  \
    _Pragma("omp atomic read")                                         \
    r = x;                                                             \
    CHECK(r == (T)(NT * IT * 0.5));                                    \
    CHECK(y == (T)(100 - NT * IT * 0.25));                             \
    _Pragma("omp parallel num_threads(NT)")                            \
    {                                                                  \
      _Pragma("omp atomic")                                            \
      p *= (T)2;                                                       \
    }                                                                  \
    CHECK(p == (T)16);                                                 \
    _Pragma("omp atomic")                                              \
    p /= (T)4;                                                         \
    CHECK(p == (T)4);                                                  \
    _Pragma("omp atomic write")                                        \
    x = (T)1.5;                                                        \
    _Pragma("omp atomic capture")                                      \
    { old = x; x += (T)1; }                                            \
    CHECK(old == (T)1.5 && x == (T)2.5);                               \
    _Pragma("omp atomic capture")                                      \
    old = x -= (T)0.5;                                                 \
    CHECK(old == (T)2.0);                                              \
  }
TEST_INT(__int128, i128)
TEST_INT(unsigned __int128, u128)
TEST_FP(long double, ldouble)
TEST_FP(_Complex float, cfloat)
TEST_FP(_Complex double, cdouble)
TEST_FP(_Complex long double, cldouble)
int main(void) {
  test_i128(); test_u128();
  test_ldouble(); test_cfloat(); test_cdouble(); test_cldouble();
  _Complex double z = 0;
  #pragma omp parallel num_threads(NT)
  for (int i = 0; i < 100; i++) {
    #pragma omp atomic
    z += 1.0 + 2.0 * I;
  }
  CHECK(creal(z) == 400.0 && cimag(z) == 800.0);
  if (fails) return 1;
  printf("OK\n");
  return 0;
}
