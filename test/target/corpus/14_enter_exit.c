// target enter/exit data: to/alloc, from/release/delete, reference counts,
// always, array sections, if clause.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#define N 128
static int fail;
#define CHECK(c, ...) do { if (!(c)) { printf(__VA_ARGS__); printf("\n"); fail = 1; } } while (0)
int main(void) {
  int dev = omp_get_default_device();
  double *p = malloc(N * sizeof(double));
  for (int i = 0; i < N; i++) p[i] = i;
  #pragma omp target enter data map(to: p[0:N])
  #pragma omp target enter data map(to: p[0:N])           /* ref 2, no copy */
  CHECK(omp_target_is_present(p, dev), "not present");
  #pragma omp target
  for (int i = 0; i < N; i++) p[i] += 1;
  #pragma omp target exit data map(release: p[0:N])       /* ref 1 */
  CHECK(omp_target_is_present(p, dev), "released too early");
  CHECK(p[0] == 0, "release copied back");
  #pragma omp target exit data map(from: p[0:N])          /* ref 0: copy back */
  CHECK(!omp_target_is_present(p, dev), "still present");
  for (int i = 0; i < N; i++) CHECK(p[i] == i + 1, "p[%d]=%g", i, p[i]);
  /* delete drops all references without copying */
  #pragma omp target enter data map(to: p[0:N])
  #pragma omp target enter data map(to: p[0:N])
  #pragma omp target enter data map(alloc: p[0:N])
  #pragma omp target
  for (int i = 0; i < N; i++) p[i] = -1;
  #pragma omp target exit data map(delete: p[0:N])
  CHECK(!omp_target_is_present(p, dev), "delete left it present");
  CHECK(p[3] == 4, "delete copied back");
  /* from with always while ref > 0 */
  #pragma omp target enter data map(to: p[0:N])
  #pragma omp target enter data map(to: p[0:N])
  #pragma omp target
  p[7] = 77;
  #pragma omp target exit data map(always, from: p[0:N])
  CHECK(p[7] == 77, "always from p[7]=%g", p[7]);
  CHECK(omp_target_is_present(p, dev), "always from removed it");
  #pragma omp target exit data map(release: p[0:N])
  CHECK(!omp_target_is_present(p, dev), "still present at end");
  /* if clause */
  int flag = 0;
  #pragma omp target enter data map(to: p[0:N]) if(flag)
  CHECK(!omp_target_is_present(p, dev), "if(0) mapped");
  /* scalars */
  int s = 4;
  #pragma omp target enter data map(to: s)
  #pragma omp target map(tofrom: s)
  s *= 3;
  CHECK(s == 4, "scalar copied back while mapped");
  #pragma omp target exit data map(from: s)
  CHECK(s == 12, "s=%d", s);
  free(p);
  if (fail) return 1;
  printf("OK\n");
  return 0;
}
