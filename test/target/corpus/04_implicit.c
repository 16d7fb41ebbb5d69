// Implicit data-mapping rules: scalars firstprivate (LITERAL), fixed-size
// arrays tofrom, pointers as zero-length sections (translated when the
// pointee is mapped), defaultmap.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#define N 100
static int fail;
#define CHECK(c, ...) do { if (!(c)) { printf(__VA_ARGS__); printf("\n"); fail = 1; } } while (0)
int main(void) {
  int arr[N];
  int s = 3;
  double d = 2.5;
  for (int i = 0; i < N; i++) arr[i] = i;
  #pragma omp target
  {
    for (int i = 0; i < N; i++) arr[i] = arr[i] * s + (int)d;
    s = 100;                          /* firstprivate: not copied back */
  }
  CHECK(s == 3, "scalar came back s=%d", s);
  for (int i = 0; i < N; i++) CHECK(arr[i] == i * 3 + 2, "arr[%d]=%d", i, arr[i]);
  int *p = malloc(N * sizeof(int));
  for (int i = 0; i < N; i++) p[i] = i;
  #pragma omp target data map(tofrom: p[0:N])
  {
    #pragma omp target               /* p: implicit zero-length section, translated */
    for (int i = 0; i < N; i++) p[i] += 1;
  }
  for (int i = 0; i < N; i++) CHECK(p[i] == i + 1, "p[%d]=%d", i, p[i]);
  int t = 1;
  #pragma omp target defaultmap(tofrom: scalar)
  t = 77;
  CHECK(t == 77, "defaultmap(tofrom:scalar) t=%d", t);
  struct { int a, b; } st = {1, 2};
  #pragma omp target                 /* aggregates are mapped tofrom implicitly */
  { st.a = st.a + st.b; st.b = 0; }
  CHECK(st.a == 3 && st.b == 0, "struct st={%d,%d}", st.a, st.b);
  free(p);
  if (fail) return 1;
  printf("OK\n");
  return 0;
}
