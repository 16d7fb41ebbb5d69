// firstprivate and private clauses on target (scalars, arrays, structs).
#include <omp.h>
#include <stdio.h>
static int fail;
#define CHECK(c, ...) do { if (!(c)) { printf(__VA_ARGS__); printf("\n"); fail = 1; } } while (0)
struct cfg { int n; double scale; long big[4]; };
int main(void) {
  int fp = 10, priv = 5, res = 0;
  int arr[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  struct cfg c = {4, 0.5, {10, 20, 30, 40}};
  double dres = 0;
  long long ll = 1LL << 40;
  #pragma omp target firstprivate(fp, arr, c, ll) private(priv) map(from: res, dres)
  {
    priv = fp * 2;
    int sum = 0;
    for (int i = 0; i < 8; i++) { sum += arr[i]; arr[i] = 0; }
    res = priv + sum + (int)(ll >> 40);
    dres = 0;
    for (int i = 0; i < c.n; i++) dres += c.big[i] * c.scale;
    fp = -1; c.n = 0;
  }
  CHECK(res == 20 + 36 + 1, "res=%d", res);
  CHECK(dres == 50.0, "dres=%g", dres);
  CHECK(fp == 10 && c.n == 4 && arr[0] == 1, "firstprivate written back");
  if (fail) return 1;
  printf("OK\n");
  return 0;
}
