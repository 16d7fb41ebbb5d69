/* User-created allocators: every trait and value, the host memory spaces,
 * alignment traits combined with requested alignments, pool_size limits with
 * the default_mem_fb, null_fb and allocator_fb fallbacks (abort_fb is in
 * alloc_abort.c), pinned memory, realloc between custom allocators and
 * with omp_null_allocator, and the handles omp_init_allocator must refuse.
 *
 * A pool is charged each block's header and alignment slack, as LLVM's is:
 * two halves of a pool do not both fit (LLVM's own test omp_alloc_null_fb.c
 * relies on it). */
#include <omp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define KIB 1024

/* Running on our runtime (ctest sets this); LLVM asserts on invalid traits
 * instead of returning omp_null_allocator, so those checks are ours only. */
static int on_omprt(void) { return getenv("OMPRT_EXPECT_LIB") != NULL; }

static omp_allocator_handle_t make(omp_memspace_handle_t ms, int n,
                                   omp_alloctrait_t *traits) {
  return omp_init_allocator(ms, n, traits);
}

/* allocate, write, read back, free with the handle and with null */
static void exercise(omp_allocator_handle_t al, const char *what) {
  CHECK(al != omp_null_allocator, "%s: omp_init_allocator failed", what);
  if (al == omp_null_allocator)
    return;
  for (int round = 0; round < 2; round++) {
    unsigned char *p = omp_alloc(5000, al);
    CHECK(p != NULL, "%s: omp_alloc", what);
    if (!p)
      return;
    for (int i = 0; i < 5000; i++)
      p[i] = (unsigned char)i;
    int bad = 0;
    for (int i = 0; i < 5000; i++)
      bad += p[i] != (unsigned char)i;
    CHECK(bad == 0, "%s: %d bytes changed", what, bad);
    omp_free(p, round ? omp_null_allocator : al);
  }
  unsigned char *z = omp_calloc(100, 10, al);
  int nonzero = 0;
  for (int i = 0; z && i < 1000; i++)
    nonzero += z[i] != 0;
  CHECK(z && nonzero == 0, "%s: omp_calloc not zeroed", what);
  omp_free(z, al);
  omp_destroy_allocator(al);
}

static void each_trait_value(void) {
  static const struct {
    omp_alloctrait_key_t key;
    omp_uintptr_t value;
    const char *name;
  } cases[] = {
      {omp_atk_sync_hint, omp_atv_contended, "sync_hint=contended"},
      {omp_atk_sync_hint, omp_atv_uncontended, "sync_hint=uncontended"},
      {omp_atk_sync_hint, omp_atv_serialized, "sync_hint=serialized"},
      {omp_atk_sync_hint, omp_atv_private, "sync_hint=private"},
      {omp_atk_alignment, 64, "alignment=64"},
      {omp_atk_access, omp_atv_all, "access=all"},
      {omp_atk_access, omp_atv_cgroup, "access=cgroup"},
      {omp_atk_access, omp_atv_pteam, "access=pteam"},
      {omp_atk_access, omp_atv_thread, "access=thread"},
      {omp_atk_pool_size, 1 << 20, "pool_size=1MiB"},
      {omp_atk_fallback, omp_atv_default_mem_fb, "fallback=default_mem_fb"},
      {omp_atk_fallback, omp_atv_null_fb, "fallback=null_fb"},
      {omp_atk_fallback, omp_atv_abort_fb, "fallback=abort_fb"},
      {omp_atk_fb_data, omp_default_mem_alloc, "fb_data=default"},
      {omp_atk_pinned, omp_atv_false, "pinned=false"},
      {omp_atk_pinned, omp_atv_true, "pinned=true"},
      {omp_atk_partition, omp_atv_environment, "partition=environment"},
      {omp_atk_partition, omp_atv_nearest, "partition=nearest"},
      {omp_atk_partition, omp_atv_blocked, "partition=blocked"},
      {omp_atk_partition, omp_atv_interleaved, "partition=interleaved"},
  };
  for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
    omp_alloctrait_t t = {cases[i].key, cases[i].value};
    exercise(make(omp_default_mem_space, 1, &t), cases[i].name);
  }
  omp_alloctrait_t fb[2] = {{omp_atk_fallback, omp_atv_allocator_fb},
                            {omp_atk_fb_data, omp_large_cap_mem_alloc}};
  exercise(make(omp_default_mem_space, 2, fb), "fallback=allocator_fb");
  /* the host memory spaces; no traits */
  exercise(make(omp_default_mem_space, 0, NULL), "omp_default_mem_space");
  exercise(make(omp_large_cap_mem_space, 0, NULL), "omp_large_cap_mem_space");
  exercise(make(omp_const_mem_space, 0, NULL), "omp_const_mem_space");
  exercise(make(omp_low_lat_mem_space, 0, NULL), "omp_low_lat_mem_space");
  /* High-bandwidth memory is not detectable without libmemkind: both
   * runtimes refuse; should a runtime find some, it must work. */
  omp_allocator_handle_t hbw = make(omp_high_bw_mem_space, 0, NULL);
  if (hbw != omp_null_allocator)
    exercise(hbw, "omp_high_bw_mem_space");
  /* No offload runtime is loaded: no target memory spaces. */
  CHECK(make(llvm_omp_target_device_mem_space, 0, NULL) == omp_null_allocator,
        "target device memory space without libomptarget");
  omp_destroy_allocator(omp_null_allocator); /* no-ops */
  omp_destroy_allocator(omp_default_mem_alloc);
}

static void alignment_trait(void) {
  for (size_t trait = 8; trait <= 4096; trait *= 2) {
    omp_alloctrait_t t = {omp_atk_alignment, trait};
    omp_allocator_handle_t al = make(omp_default_mem_space, 1, &t);
    CHECK(al != omp_null_allocator, "alignment=%zu", trait);
    for (size_t req = 8; req <= 4096; req *= 4) {
      size_t want = req > trait ? req : trait;
      void *p = omp_alloc(24, al);
      CHECK(p && (uintptr_t)p % trait == 0, "trait %zu: omp_alloc %p", trait, p);
      omp_free(p, al);
      p = omp_aligned_alloc(req, 24, al);
      CHECK(p && (uintptr_t)p % want == 0, "trait %zu, aligned %zu: %p", trait, req, p);
      omp_free(p, omp_null_allocator);
      p = omp_aligned_calloc(req, 3, 8, al);
      CHECK(p && (uintptr_t)p % want == 0, "trait %zu, aligned calloc %zu: %p", trait, req, p);
      omp_free(p, al);
    }
    omp_destroy_allocator(al);
  }
}

static void pool_default_fb(void) {
  omp_alloctrait_t t[2] = {{omp_atk_pool_size, 60 * KIB},
                           {omp_atk_fallback, omp_atv_default_mem_fb}};
  omp_allocator_handle_t al = make(omp_default_mem_space, 2, t);
  void *a[3];
  for (int i = 0; i < 3; i++) {
    a[i] = omp_alloc(16 * KIB, al);
    CHECK(a[i] != NULL, "block %d in the pool", i);
  }
  /* beyond the pool: served by default memory instead */
  void *big = omp_alloc(32 * KIB, al);
  CHECK(big != NULL, "default_mem_fb must serve what the pool cannot");
  if (big)
    memset(big, 1, 32 * KIB);
  void *huge = omp_alloc(1024 * KIB, al);
  CHECK(huge != NULL, "default_mem_fb for a request larger than the pool");
  omp_free(huge, omp_null_allocator);
  omp_free(big, al); /* a fallback block freed through the original handle */
  for (int i = 0; i < 3; i++)
    omp_free(a[i], al);
  omp_destroy_allocator(al);
}

/* Each block costs more than its bytes: of two halves of the pool one fits,
 * and its memory comes back to the pool when it is freed. */
static void pool_halves(void) {
  omp_alloctrait_t t[2] = {{omp_atk_pool_size, 2 << 20},
                           {omp_atk_fallback, omp_atv_null_fb}};
  omp_allocator_handle_t al = make(omp_default_mem_space, 2, t);
  void *first = omp_alloc(1 << 20, al);
  CHECK(first != NULL, "half of the pool");
  CHECK(omp_alloc(1 << 20, al) == NULL, "the other half, with block overhead, "
        "does not fit");
  omp_free(first, al);
  void *again[2] = {omp_alloc(1 << 20, al), omp_alloc(512 << 10, al)};
  CHECK(again[0] != NULL && again[1] != NULL, "a freed block's whole charge "
        "returns to the pool");
  omp_free(again[0], al);
  omp_free(again[1], al);
  omp_destroy_allocator(al);
}

static void pool_null_fb(void) {
  omp_alloctrait_t t[2] = {{omp_atk_pool_size, 60 * KIB},
                           {omp_atk_fallback, omp_atv_null_fb}};
  omp_allocator_handle_t al = make(omp_default_mem_space, 2, t);
  CHECK(omp_alloc(60 * KIB + 1, al) == NULL, "a request beyond pool_size");
  void *a[3];
  for (int i = 0; i < 3; i++) {
    a[i] = omp_alloc(16 * KIB, al);
    CHECK(a[i] != NULL, "block %d in the pool", i);
  }
  CHECK(omp_alloc(32 * KIB, al) == NULL, "pool exhausted: null_fb returns NULL");
  CHECK(omp_calloc(4, 8 * KIB, al) == NULL, "calloc from an exhausted pool");
  /* realloc that cannot be served keeps the old block */
  unsigned char *r = a[0];
  r[0] = 42;
  CHECK(omp_realloc(r, 48 * KIB, al, al) == NULL, "realloc beyond the pool");
  CHECK(r[0] == 42, "the old block survives a failed realloc");
  /* returning a block makes room again */
  omp_free(a[1], al);
  a[1] = omp_alloc(16 * KIB, al);
  CHECK(a[1] != NULL, "space freed in the pool is reusable");
  omp_free(a[1], omp_null_allocator);
  a[1] = omp_realloc(a[0], 20 * KIB, al, al); /* 16 KiB moves into 20 KiB */
  CHECK(a[1] != NULL && ((unsigned char *)a[1])[0] == 42, "realloc inside the pool");
  omp_free(a[1], al);
  omp_free(a[2], al);
  /* everything returned: the whole capacity is back */
  void *b[3];
  for (int i = 0; i < 3; i++) {
    b[i] = omp_alloc(16 * KIB, al);
    CHECK(b[i] != NULL, "block %d after all frees", i);
  }
  for (int i = 0; i < 3; i++)
    omp_free(b[i], al);
  /* calloc whose byte count overflows size_t */
  CHECK(omp_calloc(SIZE_MAX / 2, 4, al) == NULL, "calloc overflow");
  omp_destroy_allocator(al);
}

/* Realloc within one pool counts the old block's bytes toward the new one
 * (libgomp's rule, GCC's alloc-11 test): a block can grow into the space
 * it gives back. A realloc that fails leaves the block counted: the pool is
 * exactly as full as before. (LLVM 19 counts both blocks: not asked of it.) */
static void pool_realloc_grows(void) {
  omp_alloctrait_t t[2] = {{omp_atk_pool_size, 4096}, {omp_atk_fallback, omp_atv_null_fb}};
  omp_allocator_handle_t al = make(omp_default_mem_space, 2, t);
  unsigned char *p = omp_alloc(3000, al);
  CHECK(p != NULL, "3000 bytes of a 4096-byte pool");
  p[0] = 7;
  p[2999] = 9;
  unsigned char *q = omp_realloc(p, 3050, al, al);
  CHECK(q != NULL && q[0] == 7 && q[2999] == 9, "realloc grows into the space it frees");
  CHECK(omp_alloc(2000, al) == NULL, "the grown block is counted once, not twice freed");
  CHECK(omp_realloc(q, 5000, al, al) == NULL, "realloc beyond the pool fails");
  CHECK(omp_alloc(2000, al) == NULL, "a failed realloc leaves its block counted");
  unsigned char *r = omp_realloc(q, 100, omp_null_allocator, omp_null_allocator);
  CHECK(r != NULL && r[0] == 7, "shrinking through the null allocator stays in the pool");
  void *big = omp_alloc(3500, al);
  CHECK(big != NULL, "what shrinking gave back is free");
  omp_free(big, al);
  omp_free(r, al);
  omp_destroy_allocator(al);
}

static void pool_allocator_fb(void) {
  omp_alloctrait_t second_t[2] = {{omp_atk_pool_size, 60 * KIB},
                                  {omp_atk_fallback, omp_atv_null_fb}};
  omp_allocator_handle_t second = make(omp_default_mem_space, 2, second_t);
  omp_alloctrait_t first_t[3] = {{omp_atk_pool_size, 60 * KIB},
                                 {omp_atk_fallback, omp_atv_allocator_fb},
                                 {omp_atk_fb_data, (omp_uintptr_t)second}};
  omp_allocator_handle_t first = make(omp_default_mem_space, 3, first_t);
  CHECK(first != omp_null_allocator && second != omp_null_allocator, "init");
  void *a[6];
  int got = 0;
  for (int i = 0; i < 6; i++) {
    a[i] = omp_alloc(16 * KIB, first);
    got += a[i] != NULL;
  }
  CHECK_EQ_INT(got, 6); /* 3 from each pool */
  CHECK(omp_alloc(16 * KIB, first) == NULL, "both pools full: second's null_fb");
  CHECK(omp_alloc(16 * KIB, second) == NULL, "second's pool is what first used");
  /* blocks served by the fallback return to the fallback's pool */
  for (int i = 3; i < 6; i++)
    omp_free(a[i], first);
  void *c = omp_alloc(16 * KIB, second);
  CHECK(c != NULL, "second's pool emptied by freeing through first's handle");
  omp_free(c, second);
  for (int i = 0; i < 3; i++)
    omp_free(a[i], omp_null_allocator);
  omp_destroy_allocator(first);
  omp_destroy_allocator(second);
}

static void pinned(void) {
  omp_alloctrait_t t[2] = {{omp_atk_pinned, omp_atv_true}, {omp_atk_alignment, 4096}};
  omp_allocator_handle_t al = make(omp_default_mem_space, 2, t);
  CHECK(al != omp_null_allocator, "pinned allocator");
  unsigned char *p[4];
  for (int i = 0; i < 4; i++) {
    p[i] = omp_alloc((size_t)(i + 1) * 3000, al);
    CHECK(p[i] && (uintptr_t)p[i] % 4096 == 0, "pinned block %d: %p", i, (void *)p[i]);
    if (p[i])
      memset(p[i], i + 1, (size_t)(i + 1) * 3000);
  }
  for (int i = 0; i < 4; i++) {
    CHECK(p[i] && p[i][(i + 1) * 3000 - 1] == i + 1, "pinned block %d contents", i);
    omp_free(p[i], i % 2 ? al : omp_null_allocator);
  }
  omp_destroy_allocator(al);
}

/* Contents move between custom and predefined allocators. */
static void realloc_custom(void) {
  omp_alloctrait_t t[2] = {{omp_atk_alignment, 256}, {omp_atk_pool_size, 1 << 20}};
  omp_allocator_handle_t al = make(omp_low_lat_mem_space, 2, t);
  unsigned *p = omp_alloc(1000 * sizeof(unsigned), omp_default_mem_alloc);
  for (unsigned i = 0; i < 1000; i++)
    p[i] = i * 2654435761u;
  p = omp_realloc(p, 3000 * sizeof(unsigned), al, omp_default_mem_alloc);
  CHECK(p && (uintptr_t)p % 256 == 0, "realloc into the aligned allocator: %p", (void *)p);
  int bad = 0;
  for (unsigned i = 0; p && i < 1000; i++)
    bad += p[i] != i * 2654435761u;
  CHECK(bad == 0, "%d values changed moving into a custom allocator", bad);
  p = omp_realloc(p, 500 * sizeof(unsigned), omp_high_bw_mem_alloc, al);
  for (unsigned i = 0; p && i < 500; i++)
    bad += p[i] != i * 2654435761u;
  CHECK(p && bad == 0, "%d values changed moving out of it", bad);
  omp_free(p, omp_high_bw_mem_alloc);
  omp_destroy_allocator(al);
}

/* omp_realloc(ptr, size, omp_null_allocator, ...): OpenMP says the new
 * block comes from the allocator ptr came from (def-allocator-var only
 * when ptr is NULL); LLVM 19 takes def-allocator-var, so ours only. The
 * block's allocator here is a 16-KiB pool with null_fb and the default
 * allocator omp_default_mem_alloc: growing beyond the pool gives NULL and
 * leaves ptr alone, growing within it charges the pool. */
static void realloc_null_allocator(void) {
  omp_alloctrait_t t[2] = {{omp_atk_pool_size, 16 * KIB}, {omp_atk_fallback, omp_atv_null_fb}};
  omp_allocator_handle_t al = make(omp_default_mem_space, 2, t);
  omp_set_default_allocator(omp_default_mem_alloc);
  unsigned char *p = omp_alloc(KIB, al);
  CHECK(p != NULL, "1 KiB from a 16-KiB pool");
  if (!p)
    return;
  memset(p, 0x5a, KIB);
  CHECK(omp_realloc(p, 32 * KIB, omp_null_allocator, omp_null_allocator) == NULL,
        "realloc with omp_null_allocator beyond the pool of the block's allocator gave memory "
        "(from def-allocator-var?)");
  CHECK(p[0] == 0x5a && p[KIB - 1] == 0x5a, "a failed realloc changed the block");
  unsigned char *q = omp_realloc(p, 10 * KIB, omp_null_allocator, omp_null_allocator);
  CHECK(q != NULL && q[0] == 0x5a && q[KIB - 1] == 0x5a, "realloc within the pool");
  /* 10 KiB of 16 are the pool's now: 8 more do not fit */
  void *more = omp_alloc(8 * KIB, al);
  CHECK(more == NULL, "the reallocated block was not charged to its allocator's pool");
  omp_free(more, omp_null_allocator);
  omp_free(q, omp_null_allocator);
  CHECK((more = omp_alloc(8 * KIB, al)) != NULL, "the pool did not get the block back");
  omp_free(more, al);
  /* with ptr NULL: def-allocator-var, which is not the pool */
  void *fresh = omp_realloc(NULL, 32 * KIB, omp_null_allocator, omp_null_allocator);
  CHECK(fresh != NULL, "realloc(NULL) with omp_null_allocator did not use def-allocator-var");
  omp_free(fresh, omp_null_allocator);
  omp_destroy_allocator(al);
}

/* Predefined target allocators without an offload runtime: LLVM 19 and we
 * serve host memory (both print a note). */
static void target_allocators_on_host(void) {
  omp_allocator_handle_t t[3] = {llvm_omp_target_host_mem_alloc,
                                 llvm_omp_target_shared_mem_alloc,
                                 llvm_omp_target_device_mem_alloc};
  for (int i = 0; i < 3; i++) {
    unsigned char *p = omp_alloc(100, t[i]);
    CHECK(p != NULL, "allocator %d without libomptarget", (int)t[i]);
    if (p)
      memset(p, 7, 100);
    omp_free(p, t[i]);
  }
}

static void invalid(void) {
  if (!on_omprt())
    return;
  omp_alloctrait_t bad_fb = {omp_atk_fallback, 99};
  omp_alloctrait_t bad_align = {omp_atk_alignment, 48};
  omp_alloctrait_t bad_key = {(omp_alloctrait_key_t)42, 1};
  omp_alloctrait_t bad_access = {omp_atk_access, omp_atv_blocked};
  omp_alloctrait_t no_fb_data = {omp_atk_fallback, omp_atv_allocator_fb};
  CHECK(make(omp_default_mem_space, 1, &bad_fb) == omp_null_allocator, "fallback=99");
  CHECK(make(omp_default_mem_space, 1, &bad_align) == omp_null_allocator, "alignment=48");
  CHECK(make(omp_default_mem_space, 1, &bad_key) == omp_null_allocator, "key 42");
  CHECK(make(omp_default_mem_space, 1, &bad_access) == omp_null_allocator, "access=blocked");
  CHECK(make(omp_default_mem_space, 1, &no_fb_data) == omp_null_allocator,
        "allocator_fb without fb_data");
  CHECK(make((omp_memspace_handle_t)77, 0, NULL) == omp_null_allocator, "memspace 77");
  CHECK(omp_aligned_alloc(48, 10, omp_default_mem_alloc) == NULL, "alignment 48");
  /* LLVM dereferences the predefined handle here and crashes */
  CHECK(omp_calloc(SIZE_MAX / 2, 4, omp_default_mem_alloc) == NULL, "calloc overflow");
  /* Sizes no allocation can have fail without reaching malloc (under ASan,
   * whose malloc aborts on them, this failed before; libgomp's alloc-6.c) */
  CHECK(omp_alloc(~(size_t)1023, omp_default_mem_alloc) == NULL, "size 2^64-1024");
  CHECK(omp_aligned_alloc(32, (size_t)PTRDIFF_MAX, omp_default_mem_alloc) == NULL,
        "size PTRDIFF_MAX");
}

int main(void) {
  each_trait_value();
  alignment_trait();
  pool_default_fb();
  pool_halves();
  pool_null_fb();
  pool_allocator_fb();
  pinned();
  realloc_custom();
  if (on_omprt()) {
    realloc_null_allocator();
    pool_realloc_grows();
  }
  target_allocators_on_host();
  invalid();
  CHECK_DONE();
}
