/* omp_target_memcpy_rect in 1, 2, 3 and 4 dimensions with offsets on both
 * sides, host->device, device0->device1, device->host and host->host,
 * checked element by element against a naive host reference; odd element
 * sizes, whole inner dimensions (contiguous rows), an empty volume, the
 * query form (both pointers NULL: INT_MAX) and invalid arguments. */
#include <limits.h>

#include "api_test.h"

#define MAXD 4
#define SENTINEL 0x5a

/* dst[dst_off + i] = src[src_off + i] for every i < volume, byte-wise. */
static void ref_rect(unsigned char *dst, const unsigned char *src, size_t elem, int nd,
                     const size_t *vol, const size_t *doff, const size_t *soff,
                     const size_t *ddim, const size_t *sdim) {
  size_t idx[MAXD] = {0}, total = 1;
  for (int k = 0; k < nd; k++)
    total *= vol[k];
  for (size_t n = 0; n < total; n++) {
    size_t dl = 0, sl = 0;
    for (int k = 0; k < nd; k++) {
      dl = dl * ddim[k] + doff[k] + idx[k];
      sl = sl * sdim[k] + soff[k] + idx[k];
    }
    memcpy(dst + dl * elem, src + sl * elem, elem);
    for (int k = nd - 1; k >= 0 && ++idx[k] == vol[k]; k--)
      idx[k] = 0;
  }
}

static size_t count(int nd, const size_t *dim) {
  size_t n = 1;
  for (int k = 0; k < nd; k++)
    n *= dim[k];
  return n;
}

/* One case: src (host) -> hop device -> dst device -> host, each leg a
 * rect copy with the same shape where the legs allow it. */
static void run_case(const char *name, size_t elem, int nd, const size_t *vol,
                     const size_t *doff, const size_t *soff, const size_t *ddim,
                     const size_t *sdim) {
  int host = omp_get_initial_device(), d0 = api_dev(0), d1 = api_dev(1);
  size_t sbytes = count(nd, sdim) * elem, dbytes = count(nd, ddim) * elem;
  unsigned char *src = malloc(sbytes), *want = malloc(dbytes), *got = malloc(dbytes);
  unsigned char *fill = malloc(sbytes > dbytes ? sbytes : dbytes);
  for (size_t i = 0; i < sbytes; i++)
    src[i] = (unsigned char)(i * 131 + 7);
  memset(fill, SENTINEL, sbytes > dbytes ? sbytes : dbytes);

  /* Leg 1: host src -> device 0 array shaped like dst. */
  unsigned char *a = omp_target_alloc(dbytes, d0);
  omp_target_memcpy(a, fill, dbytes, 0, 0, d0, host);
  CHECK(omp_target_memcpy_rect(a, src, elem, nd, vol, doff, soff, ddim, sdim, d0, host) == 0,
        "%s: h->d", name);
  memset(want, SENTINEL, dbytes);
  ref_rect(want, src, elem, nd, vol, doff, soff, ddim, sdim);
  omp_target_memcpy(got, a, dbytes, 0, 0, host, d0);
  CHECK(memcmp(got, want, dbytes) == 0, "%s: h->d result differs", name);

  /* Leg 2: device 0 (dst-shaped) -> device 1 (dst-shaped), the same block. */
  unsigned char *b = omp_target_alloc(dbytes, d1);
  omp_target_memcpy(b, fill, dbytes, 0, 0, d1, host);
  CHECK(omp_target_memcpy_rect(b, a, elem, nd, vol, doff, doff, ddim, ddim, d1, d0) == 0,
        "%s: d0->d1", name);
  omp_target_memcpy(got, b, dbytes, 0, 0, host, d1);
  CHECK(memcmp(got, want, dbytes) == 0, "%s: d0->d1 result differs", name);

  /* Leg 3: device 1 -> host, block back to where it came from in a
   * src-shaped host array. */
  unsigned char *back = malloc(sbytes), *want_back = malloc(sbytes);
  memset(back, SENTINEL, sbytes);
  memset(want_back, SENTINEL, sbytes);
  CHECK(omp_target_memcpy_rect(back, b, elem, nd, vol, soff, doff, sdim, ddim, host, d1) == 0,
        "%s: d->h", name);
  ref_rect(want_back, want, elem, nd, vol, soff, doff, sdim, ddim);
  CHECK(memcmp(back, want_back, sbytes) == 0, "%s: d->h result differs", name);

  /* Leg 4: host -> host. */
  memset(got, SENTINEL, dbytes);
  CHECK(omp_target_memcpy_rect(got, src, elem, nd, vol, doff, soff, ddim, sdim, host, host) == 0,
        "%s: h->h", name);
  CHECK(memcmp(got, want, dbytes) == 0, "%s: h->h result differs", name);

  omp_target_free(a, d0);
  omp_target_free(b, d1);
  free(src), free(want), free(got), free(fill), free(back), free(want_back);
}

int main(void) {
  int host = omp_get_initial_device(), d0 = api_dev(0);
  {
    size_t vol[] = {17}, doff[] = {3}, soff[] = {40}, ddim[] = {25}, sdim[] = {64};
    run_case("1d", sizeof(int), 1, vol, doff, soff, ddim, sdim);
  }
  {
    size_t vol[] = {3, 4}, doff[] = {1, 2}, soff[] = {2, 3}, ddim[] = {5, 6},
           sdim[] = {8, 10};
    run_case("2d", sizeof(double), 2, vol, doff, soff, ddim, sdim);
  }
  {
    size_t vol[] = {2, 3, 4}, doff[] = {1, 0, 2}, soff[] = {0, 2, 1}, ddim[] = {4, 5, 7},
           sdim[] = {3, 6, 5};
    run_case("3d", sizeof(float), 3, vol, doff, soff, ddim, sdim);
  }
  {
    /* 3-byte elements; inner dimension copied whole (rows merge). */
    size_t vol[] = {3, 4, 6}, doff[] = {1, 1, 0}, soff[] = {0, 2, 0}, ddim[] = {5, 6, 6},
           sdim[] = {3, 7, 6};
    run_case("3d-whole-rows", 3, 3, vol, doff, soff, ddim, sdim);
  }
  {
    /* Everything contiguous: one copy. */
    size_t vol[] = {4, 5, 6}, off[] = {0, 0, 0}, dim[] = {4, 5, 6};
    run_case("3d-whole", 8, 3, vol, off, off, dim, dim);
  }
  {
    size_t vol[] = {2, 2, 3, 2}, doff[] = {1, 0, 1, 1}, soff[] = {0, 1, 0, 2},
           ddim[] = {3, 2, 4, 4}, sdim[] = {2, 4, 3, 5};
    run_case("4d", 2, 4, vol, doff, soff, ddim, sdim);
  }

  /* The query: any number of dimensions. */
  CHECK(omp_target_memcpy_rect(NULL, NULL, 0, 0, NULL, NULL, NULL, NULL, NULL, d0, host) ==
            INT_MAX, "query");

  /* An empty block copies nothing and succeeds. */
  int h[4] = {1, 2, 3, 4}, g[4] = {9, 9, 9, 9};
  size_t v0[] = {0, 2}, z[] = {0, 0}, dim[] = {2, 2};
  CHECK(omp_target_memcpy_rect(g, h, sizeof(int), 2, v0, z, z, dim, dim, host, host) == 0,
        "empty volume");
  CHECK(g[0] == 9 && g[3] == 9, "empty volume copied something");

  /* Offsets and volumes are not checked against the dimensions, as in
   * LLVM 19 and libgomp: a block past the outermost extent is copied, and
   * one past the end of a row goes on into the next row. */
  int rows[3][2] = {{1, 2}, {3, 4}, {5, 6}}, out[3][2] = {{0}};
  size_t vol_rows[] = {3, 2}, dims_rows[] = {2, 2}, zz[] = {0, 0};
  CHECK(omp_target_memcpy_rect(out, rows, sizeof(int), 2, vol_rows, zz, zz, dims_rows,
                               dims_rows, host, host) == 0, "block past the outermost extent");
  CHECK(out[2][0] == 5 && out[2][1] == 6, "outermost overrun not copied");
  size_t vol_cols[] = {1, 2}, off_col[] = {0, 1};
  CHECK(omp_target_memcpy_rect(out, rows, sizeof(int), 2, vol_cols, zz, off_col, dims_rows,
                               dims_rows, host, host) == 0, "block past the end of a row");
  CHECK(out[0][0] == 2 && out[0][1] == 3, "row overrun: got %d %d, want 2 3", out[0][0],
        out[0][1]);

  /* Invalid arguments fail. */
  size_t v[] = {1, 1};
  CHECK(omp_target_memcpy_rect(g, h, 0, 2, v, z, z, dim, dim, host, host) != 0, "elem 0");
  CHECK(omp_target_memcpy_rect(g, h, 4, 0, v, z, z, dim, dim, host, host) != 0, "0 dims");
  CHECK(omp_target_memcpy_rect(g, h, 4, 2, NULL, z, z, dim, dim, host, host) != 0,
        "NULL volume");
  CHECK(omp_target_memcpy_rect(NULL, h, 4, 2, v, z, z, dim, dim, host, host) != 0,
        "NULL dst");
  return api_report();
}
