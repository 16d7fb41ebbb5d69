// target regions (and map/update) issued concurrently from many host
// threads; each thread maps its own slice, plus a shared mapping.
#include <omp.h>
#include <stdio.h>
#define T 32
#define M 512
static int fail;
#define CHECK(c, ...) do { if (!(c)) { printf(__VA_ARGS__); printf("\n"); fail = 1; } } while (0)
int main(void) {
  static int data[T * M];
  static int shared_in[M];
  for (int i = 0; i < T * M; i++) data[i] = i;
  for (int i = 0; i < M; i++) shared_in[i] = 3;
  #pragma omp target data map(to: shared_in)
  #pragma omp parallel num_threads(T)
  {
    int t = omp_get_thread_num();
    int *mine = data + t * M;
    for (int rep = 0; rep < 4; rep++) {
      #pragma omp target map(tofrom: mine[0:M]) map(present, to: shared_in)
      for (int i = 0; i < M; i++) mine[i] += shared_in[i];
    }
    #pragma omp target enter data map(to: mine[0:M])
    #pragma omp target teams distribute parallel for
    for (int i = 0; i < M; i++) mine[i] *= 2;
    #pragma omp target exit data map(from: mine[0:M])
  }
  for (int i = 0; i < T * M; i++) CHECK(data[i] == 2 * (i + 12), "data[%d]=%d", i, data[i]);
  if (fail) return 1;
  printf("OK\n");
  return 0;
}
