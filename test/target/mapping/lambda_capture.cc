// A lambda called in a target region, capturing variables by reference:
// the captures in the lambda's device copy must point at the variables'
// device copies (LLVM does this at launch). They pointed at host memory:
// on the x86_64 device the lambda wrote the host array, and the map's
// copy-back then overwrote it with the unchanged device copy.
#include <stdio.h>

int main() {
  int x[10], y = 1;
  for (int i = 0; i < 10; i++)
    x[i] = i;
  auto body = [&x, &y]() {
    for (int i = 0; i < 10; i++)
      x[i] += 100 * y;
    y = 7;
  };
#pragma omp target map(tofrom : x, y)
  body();
  int ok = y == 7;
  for (int i = 0; i < 10; i++)
    ok &= x[i] == i + 100;
  printf("x[1]=%d y=%d\n", x[1], y);
  printf(ok ? "OK\n" : "FAIL\n");
  return !ok;
}
