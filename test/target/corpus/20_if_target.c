// if(target: ...) — false runs the host fallback (omp_is_initial_device()==1,
// no mapping); true offloads.
#include <omp.h>
#include <stdio.h>
static int fail;
#define CHECK(c, ...) do { if (!(c)) { printf(__VA_ARGS__); printf("\n"); fail = 1; } } while (0)
int main(void) {
  for (int cond = 0; cond < 2; cond++) {
    int on_host = -1, x = 1;
    #pragma omp target if(target: cond) map(tofrom: on_host) map(to: x)
    { on_host = omp_is_initial_device(); x = 5; }
    CHECK(on_host == !cond, "cond=%d on_host=%d", cond, on_host);
    CHECK(x == (cond ? 1 : 5), "cond=%d x=%d", cond, x);
    int n = 0;
    #pragma omp target teams distribute parallel for if(cond) map(tofrom: n) reduction(+: n)
    for (int i = 0; i < 100; i++) n += 1;
    CHECK(n == 100, "cond=%d n=%d", cond, n);
  }
  if (fail) return 1;
  printf("OK\n");
  return 0;
}
