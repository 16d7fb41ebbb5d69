// declare target indirect: calling a device function through a host
// function pointer (LLVM translates it through the indirect-entry table).
#include <omp.h>
#include <stdio.h>
static int fail;
#define CHECK(c, ...) do { if (!(c)) { printf(__VA_ARGS__); printf("\n"); fail = 1; } } while (0)
#pragma omp begin declare target indirect
int add1(int x) { return x + 1; }
int twice(int x) { return 2 * x; }
#pragma omp end declare target
int main(void) {
  int (*fns[2])(int) = {add1, twice};
  int out[2] = {0, 0};
  for (int k = 0; k < 2; k++) {
    int (*f)(int) = fns[k];
    int r = 0;
    #pragma omp target map(from: r)
    r = f(20);
    out[k] = r;
  }
  CHECK(out[0] == 21 && out[1] == 40, "indirect calls gave %d %d", out[0], out[1]);
  if (fail) return 1;
  printf("OK\n");
  return 0;
}
