// target with depend(depobj: ...), thread_limit on target, uses_allocators
// with a predefined allocator (default: others warn on this machine), requires dynamic_allocators.
#include <omp.h>
#include <stdio.h>
#pragma omp requires dynamic_allocators
static int fail;
#define CHECK(c, ...) do { if (!(c)) { printf(__VA_ARGS__); printf("\n"); fail = 1; } } while (0)
int main(void) {
  int x = 0;
  omp_depend_t dobj;
  #pragma omp depobj(dobj) depend(inout: x)
  #pragma omp task depend(depobj: dobj) shared(x)
  x = 1;
  #pragma omp target map(tofrom: x) depend(depobj: dobj) thread_limit(2)
  x += 1;
  #pragma omp depobj(dobj) destroy
  CHECK(x == 2, "depobj order x=%d", x);
  #pragma omp target uses_allocators(omp_default_mem_alloc) map(tofrom: x)
  {
    int *t = omp_alloc(sizeof(int), omp_default_mem_alloc);
    if (t) { *t = 5; x += *t; omp_free(t, omp_default_mem_alloc); } else x += 5;
  }
  CHECK(x == 7, "uses_allocators x=%d", x);
  if (fail) return 1;
  printf("OK\n");
  return 0;
}
