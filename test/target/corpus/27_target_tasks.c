// target inside explicit tasks and taskgroups, target nowait waited by a
// taskgroup and by the implicit barrier, in_reduction-free.
#include <omp.h>
#include <stdio.h>
#define N 256
static int fail;
#define CHECK(c, ...) do { if (!(c)) { printf(__VA_ARGS__); printf("\n"); fail = 1; } } while (0)
int main(void) {
  static int a[16][N];
  #pragma omp parallel num_threads(4)
  {
    #pragma omp single
    {
      #pragma omp taskgroup
      {
        for (int k = 0; k < 8; k++) {
          #pragma omp task firstprivate(k)
          {
            #pragma omp target map(from: a[k][0:N])
            for (int i = 0; i < N; i++) a[k][i] = k * 1000 + i;
          }
        }
        for (int k = 8; k < 16; k++) {
          #pragma omp target map(from: a[k][0:N]) nowait firstprivate(k)
          for (int i = 0; i < N; i++) a[k][i] = k * 1000 + i;
        }
      }
      for (int k = 0; k < 16; k++)
        for (int i = 0; i < N; i++) CHECK(a[k][i] == k * 1000 + i, "after taskgroup a[%d][%d]=%d", k, i, a[k][i]);
    }
    /* nowait targets completed by the barrier at the end of the region */
    int t = omp_get_thread_num();
    #pragma omp target map(tofrom: a[t][0:N]) nowait
    for (int i = 0; i < N; i++) a[t][i] = -i;
  }
  for (int t = 0; t < 4; t++)
    for (int i = 0; i < N; i++) CHECK(a[t][i] == -i, "after barrier a[%d][%d]=%d", t, i, a[t][i]);
  if (fail) return 1;
  printf("OK\n");
  return 0;
}
