/* for ordered (ordered clause without parameter) with static and dynamic */
#include <omp.h>
#include <stdio.h>
static int fails;
#define CHECK(c) do { if (!(c)) { if (fails++ < 10) printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #c); } } while (0)
#define N 300
int main(void) {
  int seq[N], pos = 0;
  #pragma omp parallel for ordered schedule(dynamic, 3)
  for (int i = 0; i < N; i++) {
    int v = i * i;
    #pragma omp ordered
    seq[pos++] = v;
  }
  for (int i = 0; i < N; i++) CHECK(seq[i] == i * i);
  pos = 0;
  #pragma omp parallel for ordered schedule(static)
  for (long long i = 0; i < N; i++) {
    #pragma omp ordered threads
    seq[pos++] = (int)i;
  }
  for (int i = 0; i < N; i++) CHECK(seq[i] == i);
  pos = 0;
  #pragma omp parallel for ordered schedule(static, 4)
  for (unsigned i = 0; i < N; i++) {
    #pragma omp ordered
    seq[pos++] = (int)i + 1;
  }
  for (int i = 0; i < N; i++) CHECK(seq[i] == i + 1);
  pos = 0;
  #pragma omp parallel for ordered schedule(guided)
  for (unsigned long long i = 0; i < N; i++) {
    #pragma omp ordered
    seq[pos++] = (int)i + 2;
  }
  for (int i = 0; i < N; i++) CHECK(seq[i] == i + 2);
  pos = 0;
  #pragma omp parallel for ordered schedule(runtime)
  for (int i = 0; i < N; i++) {
    #pragma omp ordered
    seq[pos++] = i + 3;
  }
  for (int i = 0; i < N; i++) CHECK(seq[i] == i + 3);
  if (fails) return 1;
  printf("OK\n");
  return 0;
}
