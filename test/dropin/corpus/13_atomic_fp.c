/* atomic on float/double; long double and _Complex are in 15_atomic_wide.c */
#include <omp.h>
#include <stdio.h>
static int fails;
#define CHECK(c) do { if (!(c)) { if (fails++ < 10) printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #c); } } while (0)
#define NT 4
#define IT 200
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
TEST_FP(float, float)
TEST_FP(double, double)
int main(void) {
  test_float(); test_double();
  if (fails) return 1;
  printf("OK\n");
  return 0;
}
