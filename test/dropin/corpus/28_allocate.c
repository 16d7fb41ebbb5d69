/* allocate directive and allocate clause with predefined/user allocators
 * (clang-19 does not accept the 5.1 allocate(allocator(a), align(n): x) modifier form); omp_alloc API family */
#include <stdint.h>
#include <omp.h>
#include <stdio.h>
static int fails;
#define CHECK(c) do { if (!(c)) { if (fails++ < 10) printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #c); } } while (0)
static int gbuf[64];
#pragma omp allocate(gbuf) allocator(omp_default_mem_alloc)
int main(void) {
  /* allocate directive on locals */
  int la[100];
  #pragma omp allocate(la) allocator(omp_high_bw_mem_alloc)
  double ld = 3.0;
  #pragma omp allocate(ld) allocator(omp_low_lat_mem_alloc) align(64)
  for (int i = 0; i < 100; i++) la[i] = i;
  long s = 0;
  for (int i = 0; i < 100; i++) s += la[i];
  CHECK(s == 4950 && ld == 3.0);
  gbuf[3] = 4; CHECK(gbuf[3] == 4);
  /* allocate clause */
  int p = 0, q = 7, r = 0, bad = 0;
  #pragma omp parallel num_threads(4) private(p) firstprivate(q) allocate(omp_large_cap_mem_alloc: p, q) reduction(+:r) allocate(r)
  {
    p = omp_get_thread_num();
    if (q != 7) {
      #pragma omp atomic
      bad++;
    }
    r += p;
  }
  CHECK(bad == 0);
  /* user allocator via traits */
  omp_alloctrait_t traits[] = {{omp_atk_alignment, 128}, {omp_atk_fallback, omp_atv_default_mem_fb}};
  omp_allocator_handle_t al = omp_init_allocator(omp_default_mem_space, 2, traits);
  CHECK(al != omp_null_allocator);
  int x = 0;
  #pragma omp parallel num_threads(2) firstprivate(x) allocate(al: x)
  {
    if (((uintptr_t)&x) % 128 != 0) {
      #pragma omp atomic
      bad++;
    }
  }
  CHECK(bad == 0);
  /* API family */
  double *d = (double *)omp_alloc(100 * sizeof(double), al);
  CHECK(d != NULL && ((uintptr_t)d % 128) == 0);
  for (int i = 0; i < 100; i++) d[i] = i;
  d = (double *)omp_realloc(d, 200 * sizeof(double), al, al);
  CHECK(d != NULL && d[99] == 99.0);
  omp_free(d, al);
  int *c = (int *)omp_calloc(50, sizeof(int), omp_default_mem_alloc);
  int z = 0; for (int i = 0; i < 50; i++) z |= c[i];
  CHECK(c != NULL && z == 0);
  omp_free(c, omp_default_mem_alloc);
  void *a = omp_aligned_alloc(256, 1000, omp_default_mem_alloc);
  CHECK(a != NULL && ((uintptr_t)a % 256) == 0);
  omp_free(a, omp_null_allocator);
  void *b = omp_aligned_calloc(64, 10, 16, omp_default_mem_alloc);
  CHECK(b != NULL && ((uintptr_t)b % 64) == 0);
  omp_free(b, omp_default_mem_alloc);
  omp_set_default_allocator(al);
  CHECK(omp_get_default_allocator() == al);
  void *e = omp_alloc(10, omp_null_allocator);
  CHECK(e != NULL && ((uintptr_t)e % 128) == 0);
  omp_free(e, omp_null_allocator);
  omp_set_default_allocator(omp_default_mem_alloc);
  omp_destroy_allocator(al);
  if (fails) return 1;
  printf("OK\n");
  return 0;
}
