// Non-constant trip counts (clang passes the distribute trip count in the
// kernel arguments), empty loops, and a loop whose bound is a device value.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
static int fail;
#define CHECK(c, ...) do { if (!(c)) { printf(__VA_ARGS__); printf("\n"); fail = 1; } } while (0)
static int run(int n, int lo, int step) {
  int *a = calloc(n > 0 ? n : 1, sizeof(int));
  #pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = lo; i < n; i += step) a[i] = i + 1;
  int bad = 0;
  for (int i = 0; i < n; i++) {
    int want = (i >= lo && (i - lo) % step == 0) ? i + 1 : 0;
    if (a[i] != want) bad = 1;
  }
  free(a);
  return bad;
}
int main(void) {
  int sizes[] = {0, 1, 2, 7, 64, 1000, 4097};
  for (unsigned k = 0; k < sizeof sizes / sizeof *sizes; k++)
    for (int step = 1; step <= 3; step++)
      CHECK(!run(sizes[k], 1, step), "n=%d step=%d wrong", sizes[k], step);
  long long big = 0, n = 100000;
  #pragma omp target teams distribute parallel for reduction(+: big)
  for (long long i = 0; i < n; i++) big += i;
  CHECK(big == n * (n - 1) / 2, "big=%lld", big);
  unsigned u = 0;
  #pragma omp target teams distribute parallel for reduction(+: u)
  for (unsigned i = 10; i > 0; i--) u += i;
  CHECK(u == 55, "u=%u", u);
  if (fail) return 1;
  printf("OK\n");
  return 0;
}
