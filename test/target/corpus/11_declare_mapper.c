// declare mapper: default and named mappers for a struct with pointer
// members (clang emits .omp_mapper. functions that call
// __tgt_push_mapper_component / __tgt_mapper_num_components).
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#define N 50
static int fail;
#define CHECK(c, ...) do { if (!(c)) { printf(__VA_ARGS__); printf("\n"); fail = 1; } } while (0)
typedef struct { int len; double *data; } vec_t;
#pragma omp declare mapper(vec_t v) map(v, v.data[0:v.len])
#pragma omp declare mapper(lenonly: vec_t v) map(v.len)
int main(void) {
  vec_t v;
  v.len = N;
  v.data = malloc(N * sizeof(double));
  for (int i = 0; i < N; i++) v.data[i] = i;
  #pragma omp target map(tofrom: v)
  for (int i = 0; i < v.len; i++) v.data[i] *= 2;
  for (int i = 0; i < N; i++) CHECK(v.data[i] == 2.0 * i, "data[%d]=%g", i, v.data[i]);
  int len = 0;
  #pragma omp target map(mapper(lenonly), to: v) map(from: len)
  len = v.len;
  CHECK(len == N, "len=%d", len);
  /* array of structs with the default mapper */
  vec_t vs[4];
  for (int k = 0; k < 4; k++) {
    vs[k].len = k + 1;
    vs[k].data = malloc((k + 1) * sizeof(double));
    for (int i = 0; i <= k; i++) vs[k].data[i] = 0;
  }
  #pragma omp target map(tofrom: vs)
  for (int k = 0; k < 4; k++)
    for (int i = 0; i < vs[k].len; i++) vs[k].data[i] = k * 10 + i;
  for (int k = 0; k < 4; k++)
    for (int i = 0; i <= k; i++) CHECK(vs[k].data[i] == k * 10 + i, "vs[%d].data[%d]=%g", k, i, vs[k].data[i]);
  /* mapper used by enter/exit data (no target region in between: see
     docs/abi-target.md for LLVM 19's behaviour when one uses it implicitly) */
  for (int i = 0; i < N; i++) v.data[i] = 3;
  #pragma omp target enter data map(to: v)
  for (int i = 0; i < N; i++) v.data[i] = 0;
  #pragma omp target exit data map(from: v)
  for (int i = 0; i < N; i++) CHECK(v.data[i] == 3, "enter/exit data[%d]=%g", i, v.data[i]);
  for (int k = 0; k < 4; k++) free(vs[k].data);
  free(v.data);
  if (fail) return 1;
  printf("OK\n");
  return 0;
}
