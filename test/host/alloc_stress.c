/* Four threads allocating and freeing concurrently from pool-limited
 * allocators (null_fb and default_mem_fb): no block is handed out twice
 * (each is stamped and checked), requests beyond the pool fail only when it
 * is full, and once everything is freed the pool holds exactly as many
 * blocks as before — the accounting returned to zero. */
#include <omp.h>
#include <stdint.h>
#include <string.h>

#include "check.h"

#define POOL (256 * 1024)
#define BLOCK 1024
#define LIVE 8
#define ROUNDS 4000

/* How many BLOCK-byte blocks fit now (the pool's free capacity). */
static int capacity(omp_allocator_handle_t al) {
  static void *held[2 * POOL / BLOCK + 1];
  int n = 0;
  while (n <= 2 * POOL / BLOCK && (held[n] = omp_alloc(BLOCK, al)) != NULL)
    n++;
  for (int i = 0; i < n; i++)
    omp_free(held[i], al);
  return n;
}

static void stress(omp_allocator_handle_t al, int expect_failures_possible,
                   const char *name) {
  long corrupt = 0, failures = 0;
#pragma omp parallel num_threads(4) reduction(+ : corrupt, failures)
  {
    unsigned tid = (unsigned)omp_get_thread_num();
    uint32_t *live[LIVE] = {0};
    size_t words[LIVE] = {0};
    unsigned rng = tid * 2654435761u + 1;
    for (int r = 0; r < ROUNDS; r++) {
      rng = rng * 1103515245u + 12345u;
      int slot = (int)((rng >> 16) % LIVE);
      if (live[slot]) {
        uint32_t stamp = (tid << 24) | (uint32_t)slot;
        for (size_t w = 0; w < words[slot]; w++)
          corrupt += live[slot][w] != stamp + (uint32_t)w;
        omp_free(live[slot], (r & 1) ? al : omp_null_allocator);
        live[slot] = NULL;
        continue;
      }
      size_t bytes = 64 + ((rng >> 8) % (8 * BLOCK));
      live[slot] = (r & 2) ? omp_alloc(bytes, al) : omp_calloc(1, bytes, al);
      if (!live[slot]) {
        failures++;
        continue;
      }
      words[slot] = bytes / 4;
      uint32_t stamp = (tid << 24) | (uint32_t)slot;
      for (size_t w = 0; w < words[slot]; w++)
        live[slot][w] = stamp + (uint32_t)w;
    }
    for (int s = 0; s < LIVE; s++)
      omp_free(live[s], al);
  }
  CHECK(corrupt == 0, "%s: %ld words overwritten by another block", name, corrupt);
  if (!expect_failures_possible)
    CHECK(failures == 0, "%s: %ld allocations failed despite the fallback", name,
          failures);
}

int main(void) {
  omp_alloctrait_t null_t[2] = {{omp_atk_pool_size, POOL},
                                {omp_atk_fallback, omp_atv_null_fb}};
  omp_alloctrait_t dflt_t[3] = {{omp_atk_pool_size, POOL},
                                {omp_atk_fallback, omp_atv_default_mem_fb},
                                {omp_atk_sync_hint, omp_atv_contended}};
  omp_allocator_handle_t null_al = omp_init_allocator(omp_default_mem_space, 2, null_t);
  omp_allocator_handle_t dflt_al = omp_init_allocator(omp_default_mem_space, 3, dflt_t);
  /* a pool that overflows into null_al's pool */
  omp_alloctrait_t chain_t[3] = {{omp_atk_pool_size, POOL},
                                 {omp_atk_fallback, omp_atv_allocator_fb},
                                 {omp_atk_fb_data, (omp_uintptr_t)null_al}};
  omp_allocator_handle_t chain_al = omp_init_allocator(omp_default_mem_space, 3, chain_t);
  CHECK(null_al != omp_null_allocator && dflt_al != omp_null_allocator &&
        chain_al != omp_null_allocator, "init");

  int before = capacity(null_al);
  /* the pool holds most of POOL/BLOCK blocks (less any per-block overhead) */
  CHECK(before >= POOL / BLOCK / 2 && before <= POOL / BLOCK, "capacity %d", before);
  CHECK_EQ_INT(capacity(chain_al), 2 * before);
  /* 4 threads x 8 blocks of up to 8 KiB overflow a 256 KiB pool at times */
  for (int rep = 0; rep < 3; rep++) {
    stress(null_al, 1, "null_fb");
    CHECK_EQ_INT(capacity(null_al), before);
    stress(dflt_al, 0, "default_mem_fb");
    stress(chain_al, 1, "allocator_fb");
    CHECK_EQ_INT(capacity(chain_al), 2 * before);
    CHECK_EQ_INT(capacity(null_al), before);
  }
  omp_destroy_allocator(chain_al);
  omp_destroy_allocator(null_al);
  omp_destroy_allocator(dflt_al);
  CHECK_DONE();
}
