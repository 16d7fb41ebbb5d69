/* OMP_ALLOCATOR=<memory space>:<traits> (test/host/alloc.cmake sets it):
 * the default allocator is then a new one with those traits, as LLVM's
 * runtime builds it, and omp_alloc with omp_null_allocator (from the
 * initial thread and from a parallel region) honours them.
 *   argv[1]  "user" when a new allocator is expected, else the name of the
 *            predefined one expected (omp_default_mem_alloc, ...)
 *   argv[2]  the alignment every block must have (1: none asked)
 *   argv[3]  a pool size in bytes whose overflow gives NULL (null_fb), or 0
 * Passes on LLVM 19's runtime too. */
#include <omp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static const struct {
  const char *name;
  omp_allocator_handle_t handle;
} predefined[] = {
    {"omp_default_mem_alloc", omp_default_mem_alloc},
    {"omp_large_cap_mem_alloc", omp_large_cap_mem_alloc},
    {"omp_high_bw_mem_alloc", omp_high_bw_mem_alloc},
};

/* Blocks of several sizes from the default allocator, each aligned, written
 * and freed; true when all were. */
static int blocks_aligned(size_t alignment) {
  int ok = 1;
  for (size_t size = 1; size <= 5000; size = size * 3 + 1) {
    char *p = omp_alloc(size, omp_null_allocator);
    if (!p || (uintptr_t)p % alignment) {
      fprintf(stderr, "omp_alloc(%zu): %p is not %zu-aligned\n", size, (void *)p, alignment);
      ok = 0;
    }
    if (p)
      memset(p, 0x5a, size);
    omp_free(p, omp_null_allocator);
  }
  return ok;
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: %s user|<predefined allocator> <alignment> <pool size>\n", argv[0]);
    return 2;
  }
  size_t alignment = strtoul(argv[2], NULL, 10), pool = strtoul(argv[3], NULL, 10);
  omp_allocator_handle_t def = omp_get_default_allocator();
  if (strcmp(argv[1], "user") == 0) {
    for (size_t i = 0; i < sizeof predefined / sizeof *predefined; i++)
      CHECK(def != predefined[i].handle, "the default allocator is %s, want a new one",
            predefined[i].name);
    CHECK(def > omp_thread_mem_alloc, "default allocator %lu is predefined",
          (unsigned long)def);
  } else {
    omp_allocator_handle_t want = omp_null_allocator;
    for (size_t i = 0; i < sizeof predefined / sizeof *predefined; i++)
      if (strcmp(argv[1], predefined[i].name) == 0)
        want = predefined[i].handle;
    CHECK(want != omp_null_allocator, "unknown allocator %s", argv[1]);
    CHECK_EQ_INT(def, want);
  }
  CHECK(blocks_aligned(alignment), "initial thread");
  int team_ok = 1;
#pragma omp parallel num_threads(2) reduction(&& : team_ok)
  team_ok = omp_get_default_allocator() == def && blocks_aligned(alignment);
  CHECK(team_ok, "a parallel region's default allocator or its blocks");
  if (pool) {
    void *small = omp_alloc(pool / 4, omp_null_allocator);
    CHECK(small != NULL, "%zu bytes of a %zu-byte pool", pool / 4, pool);
    void *over = omp_alloc(pool, omp_null_allocator);
    CHECK(over == NULL, "%zu more bytes of a %zu-byte pool gave %p, want NULL (null_fb)",
          pool, pool, over);
    omp_free(small, omp_null_allocator);
  }
  CHECK_DONE();
}
