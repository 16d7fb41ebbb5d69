/* atomic read/write/update/capture on char/short/int/long/long long (+ unsigned); __int128 is in 15_atomic_wide.c */
#include <omp.h>
#include <stdio.h>
static int fails;
#define CHECK(c) do { if (!(c)) { if (fails++ < 10) printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #c); } } while (0)
#define NT 4
#define IT 250
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
TEST_INT(signed char, schar)
TEST_INT(unsigned char, uchar)
TEST_INT(short, short)
TEST_INT(unsigned short, ushort)
TEST_INT(int, int)
TEST_INT(unsigned, uint)
TEST_INT(long, long)
TEST_INT(unsigned long, ulong)
TEST_INT(long long, llong)
int main(void) {
  test_schar(); test_uchar(); test_short(); test_ushort(); test_int(); test_uint();
  test_long(); test_ulong(); test_llong();
  if (fails) return 1;
  printf("OK\n");
  return 0;
}
