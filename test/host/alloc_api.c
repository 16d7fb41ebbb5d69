/* Memory routines with every predefined allocator: omp_alloc, omp_aligned_alloc,
 * omp_calloc, omp_aligned_calloc, omp_realloc, omp_free (named and null
 * allocator), their __kmpc_ forms, zero sizes, alignment 8..4096, calloc
 * zeroing, realloc keeping contents across allocators, the default
 * allocator ICV and its inheritance into parallel regions, and LLVM's kmp_*
 * heap extensions. Passes on LLVM's runtime too (which prints a warning per
 * call for the predefined allocators it cannot honour). */
#include <omp.h>
#include <stdint.h>
#include <string.h>

#include "check.h"

/* LLVM exports these; clang emits the first ones for allocate clauses. */
void *__kmpc_alloc(int gtid, size_t size, omp_allocator_handle_t al);
void *__kmpc_aligned_alloc(int gtid, size_t align, size_t size,
                           omp_allocator_handle_t al);
void *__kmpc_calloc(int gtid, size_t nmemb, size_t size, omp_allocator_handle_t al);
void *__kmpc_realloc(int gtid, void *ptr, size_t size, omp_allocator_handle_t al,
                     omp_allocator_handle_t free_al);
void __kmpc_free(int gtid, void *ptr, omp_allocator_handle_t al);
void __kmpc_set_default_allocator(int gtid, omp_allocator_handle_t al);
omp_allocator_handle_t __kmpc_get_default_allocator(int gtid);
int __kmpc_global_thread_num(void *loc);

static const omp_allocator_handle_t predefined[] = {
    omp_default_mem_alloc, omp_large_cap_mem_alloc, omp_const_mem_alloc,
    omp_high_bw_mem_alloc, omp_low_lat_mem_alloc,   omp_cgroup_mem_alloc,
    omp_pteam_mem_alloc,   omp_thread_mem_alloc};
#define NPREDEF (int)(sizeof(predefined) / sizeof(predefined[0]))

static void fill(unsigned char *p, size_t n, unsigned seed) {
  for (size_t i = 0; i < n; i++)
    p[i] = (unsigned char)(seed + i * 7);
}

static int filled(const unsigned char *p, size_t n, unsigned seed) {
  for (size_t i = 0; i < n; i++)
    if (p[i] != (unsigned char)(seed + i * 7))
      return 0;
  return 1;
}

static int all_zero(const unsigned char *p, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (p[i])
      return 0;
  return 1;
}

static void each_predefined(void) {
  for (int a = 0; a < NPREDEF; a++) {
    omp_allocator_handle_t al = predefined[a];
    unsigned char *p = omp_alloc(1000, al);
    CHECK(p != NULL, "omp_alloc(1000, %d) failed", (int)al);
    if (p) {
      CHECK((uintptr_t)p % sizeof(void *) == 0, "allocator %d: %p misaligned", (int)al, (void *)p);
      fill(p, 1000, (unsigned)a);
      CHECK(filled(p, 1000, (unsigned)a), "allocator %d: contents", (int)al);
    }
    omp_free(p, al);

    /* freed through omp_null_allocator: the block knows its allocator */
    p = omp_alloc(64, al);
    CHECK(p != NULL, "omp_alloc(64, %d)", (int)al);
    omp_free(p, omp_null_allocator);

    CHECK(omp_alloc(0, al) == NULL, "omp_alloc(0, %d) must return NULL", (int)al);
    CHECK(omp_calloc(0, 8, al) == NULL, "omp_calloc(0, 8, %d)", (int)al);
    CHECK(omp_calloc(8, 0, al) == NULL, "omp_calloc(8, 0, %d)", (int)al);

    unsigned char *z = omp_calloc(333, 3, al);
    CHECK(z && all_zero(z, 999), "omp_calloc(333, 3, %d) not zeroed", (int)al);
    omp_free(z, al);

    for (size_t align = 8; align <= 4096; align *= 2) {
      void *q = omp_aligned_alloc(align, 100, al);
      CHECK(q && (uintptr_t)q % align == 0, "omp_aligned_alloc(%zu, 100, %d) = %p",
            align, (int)al, q);
      if (q)
        memset(q, 0x5a, 100);
      omp_free(q, al);
      unsigned char *c = omp_aligned_calloc(align, 10, 30, al);
      CHECK(c && (uintptr_t)c % align == 0 && all_zero(c, 300),
            "omp_aligned_calloc(%zu, 10, 30, %d) = %p", align, (int)al, (void *)c);
      omp_free(c, omp_null_allocator);
    }

    /* __kmpc_ forms, as clang's allocate clauses call them */
    int gtid = __kmpc_global_thread_num(NULL);
    void *k = __kmpc_alloc(gtid, 48, al);
    CHECK(k != NULL, "__kmpc_alloc(48, %d)", (int)al);
    __kmpc_free(gtid, k, al);
    k = __kmpc_aligned_alloc(gtid, 256, 48, al);
    CHECK(k && (uintptr_t)k % 256 == 0, "__kmpc_aligned_alloc(256, 48, %d) = %p", (int)al, k);
    __kmpc_free(gtid, k, al);
    unsigned char *kc = __kmpc_calloc(gtid, 16, 4, al);
    CHECK(kc && all_zero(kc, 64), "__kmpc_calloc(16, 4, %d)", (int)al);
    kc = __kmpc_realloc(gtid, kc, 128, al, al);
    CHECK(kc && all_zero(kc, 64), "__kmpc_realloc kept contents (%d)", (int)al);
    __kmpc_free(gtid, kc, al);
  }
}

/* realloc between every pair of allocators keeps min(old, new) bytes */
static void realloc_across(void) {
  for (int a = 0; a < NPREDEF; a++)
    for (int b = 0; b < NPREDEF; b++) {
      unsigned char *p = omp_alloc(300, predefined[a]);
      CHECK(p != NULL, "alloc");
      if (!p)
        continue;
      fill(p, 300, (unsigned)(a * 8 + b));
      unsigned char *grown = omp_realloc(p, 5000, predefined[b], predefined[a]);
      CHECK(grown && filled(grown, 300, (unsigned)(a * 8 + b)),
            "realloc %d->%d grow lost contents", (int)predefined[a], (int)predefined[b]);
      if (!grown)
        continue;
      unsigned char *shrunk = omp_realloc(grown, 100, predefined[a], omp_null_allocator);
      CHECK(shrunk && filled(shrunk, 100, (unsigned)(a * 8 + b)),
            "realloc %d->%d shrink lost contents", (int)predefined[b], (int)predefined[a]);
      /* size 0 frees and returns NULL */
      CHECK(omp_realloc(shrunk, 0, predefined[a], predefined[a]) == NULL,
            "realloc to 0 must return NULL");
    }
  /* NULL ptr: behaves as omp_alloc */
  unsigned char *p = omp_realloc(NULL, 40, omp_default_mem_alloc, omp_default_mem_alloc);
  CHECK(p != NULL, "omp_realloc(NULL, 40)");
  omp_free(p, omp_default_mem_alloc);
  CHECK(omp_realloc(NULL, 0, omp_default_mem_alloc, omp_default_mem_alloc) == NULL,
        "omp_realloc(NULL, 0)");
  omp_free(NULL, omp_default_mem_alloc); /* no-op */
  omp_free(NULL, omp_null_allocator);
}

static void default_allocator_icv(void) {
  CHECK_EQ_INT(omp_get_default_allocator(), omp_default_mem_alloc);
  omp_set_default_allocator(omp_low_lat_mem_alloc);
  CHECK_EQ_INT(omp_get_default_allocator(), omp_low_lat_mem_alloc);
  int gtid = __kmpc_global_thread_num(NULL);
  CHECK_EQ_INT(__kmpc_get_default_allocator(gtid), omp_low_lat_mem_alloc);

  /* omp_alloc(.., omp_null_allocator) uses it; the block frees either way */
  void *p = omp_alloc(10, omp_null_allocator);
  CHECK(p != NULL, "alloc with null allocator");
  omp_free(p, omp_low_lat_mem_alloc);

  /* implicit tasks inherit the value; a member's change stays its own */
  int seen[4] = {0}, after[4] = {0}, team = 0;
#pragma omp parallel num_threads(4)
  {
    int t = omp_get_thread_num();
    if (t == 0)
      team = omp_get_num_threads();
    seen[t] = (int)omp_get_default_allocator();
    if (t == 1)
      omp_set_default_allocator(omp_const_mem_alloc);
#pragma omp barrier
    after[t] = (int)omp_get_default_allocator();
    void *q = omp_alloc(32, omp_null_allocator);
    if (!q)
      after[t] = -1;
    omp_free(q, omp_null_allocator);
  }
  CHECK_EQ_INT(team, 4);
  for (int t = 0; t < team; t++) {
    CHECK(seen[t] == omp_low_lat_mem_alloc, "thread %d inherited %d", t, seen[t]);
    CHECK(after[t] == (t == 1 ? omp_const_mem_alloc : omp_low_lat_mem_alloc),
          "thread %d after set: %d", t, after[t]);
  }
  /* the next region inherits the master's value again */
  int again[4] = {0};
#pragma omp parallel num_threads(4)
  again[omp_get_thread_num()] = (int)omp_get_default_allocator();
  for (int t = 0; t < 4; t++)
    CHECK(again[t] == omp_low_lat_mem_alloc,
          "thread %d in the next region: %d", t, again[t]);
  CHECK_EQ_INT(omp_get_default_allocator(), omp_low_lat_mem_alloc);

  /* setting omp_null_allocator selects omp_default_mem_alloc */
  __kmpc_set_default_allocator(gtid, omp_null_allocator);
  CHECK_EQ_INT(omp_get_default_allocator(), omp_default_mem_alloc);
}

static void kmp_heap(void) {
  unsigned char *p = kmp_malloc(100);
  CHECK(p != NULL, "kmp_malloc");
  fill(p, 100, 3);
  p = kmp_realloc(p, 10000);
  CHECK(p && filled(p, 100, 3), "kmp_realloc kept contents");
  kmp_free(p);
  unsigned char *z = kmp_calloc(50, 20);
  CHECK(z && all_zero(z, 1000), "kmp_calloc zeroed");
  kmp_free(z);
  for (size_t align = 8; align <= 4096; align *= 2) {
    void *a = kmp_aligned_malloc(77, align);
    CHECK(a && (uintptr_t)a % align == 0, "kmp_aligned_malloc(77, %zu) = %p", align, a);
    kmp_free(a);
  }
  CHECK(kmp_aligned_malloc(64, 48) == NULL, "kmp_aligned_malloc: 48 is not a power of two");
  kmp_free(NULL);
}

int main(void) {
  each_predefined();
  realloc_across();
  default_allocator_icv();
  kmp_heap();
  CHECK_DONE();
}
