/* omp_target_memcpy_async, omp_target_memcpy_rect_async and
 * omp_target_memset_async ordered by depend objects against ordinary tasks:
 * a producer task fills a host buffer, the async copies must wait for it,
 * a consumer task must wait for them. Run once from the initial thread
 * alone and once inside parallel/single with many independent chains. */
#include <unistd.h>

#include "api_test.h"

#define N 2048
#define CHAINS 8

/* One chain: producer -> memset_async(d) -> memcpy_async(h->d, half) ->
 * memcpy_rect_async(d -> d1 block) -> memcpy_async(d1 -> out) -> consumer.
 * Each step names the same depend object (inout), so they run in order. */
static void chain(int c, int *buf, int *out, int *ok) {
  int host = omp_get_initial_device(), d0 = api_dev(0), d1 = api_dev(1);
  int *d = omp_target_alloc(N * sizeof(int), d0);
  int *e = omp_target_alloc(N * sizeof(int), d1);
  omp_depend_t obj;
  #pragma omp depobj(obj) depend(inout: buf[0])

  #pragma omp task depend(inout: buf[0]) firstprivate(c, buf)
  {
    usleep(20000); /* the copies must not start before this */
    for (int i = 0; i < N; i++)
      buf[i] = c * 100000 + i;
  }
  omp_target_memset_async(d, 0, N * sizeof(int), d0, 1, &obj);
  CHECK(omp_target_memcpy_async(d, buf, N / 2 * sizeof(int), 0, 0, d0, host, 1, &obj) == 0,
        "memcpy_async h->d");
  /* A 2-D view, 32 x 64 ints: rows 0..15 (the copied half) to device 1. */
  size_t vol[2] = {16, 64}, off[2] = {0, 0}, dim[2] = {32, 64};
  omp_target_memset_async(e, 0xff, N * sizeof(int), d1, 1, &obj);
  CHECK(omp_target_memcpy_rect_async(e, d, sizeof(int), 2, vol, off, off, dim, dim, d1, d0,
                                     1, &obj) == 0, "memcpy_rect_async d0->d1");
  CHECK(omp_target_memcpy_async(out, e, N * sizeof(int), 0, 0, host, d1, 1, &obj) == 0,
        "memcpy_async d1->h");
  #pragma omp task depend(inout: buf[0]) firstprivate(c, out, ok)
  {
    int good = 1;
    for (int i = 0; i < N; i++) {
      int want = i < N / 2 ? c * 100000 + i : -1;
      if (out[i] != want) {
        printf("chain %d: out[%d] = %d, want %d\n", c, i, out[i], want);
        good = 0;
        break;
      }
    }
    *ok = good;
  }
  #pragma omp taskwait
  #pragma omp depobj(obj) destroy
  omp_target_free(d, d0);
  omp_target_free(e, d1);
}

int main(void) {
  static int buf[CHAINS][N], out[CHAINS][N];
  int ok[CHAINS] = {0};

  /* From the initial thread, no parallel region. */
  chain(0, buf[0], out[0], &ok[0]);
  CHECK(ok[0], "serial chain");

  /* Several chains at once from tasks of a parallel region. */
  memset(ok, 0, sizeof(ok));
  #pragma omp parallel num_threads(4)
  #pragma omp single
  for (int c = 0; c < CHAINS; c++) {
    #pragma omp task firstprivate(c)
    chain(c + 1, buf[c], out[c], &ok[c]);
  }
  for (int c = 0; c < CHAINS; c++)
    CHECK(ok[c], "parallel chain %d", c);

  /* Without depend objects: complete at taskwait. Two depend objects on
   * one call (in on one address, inout on another). */
  int host = omp_get_initial_device(), d0 = api_dev(0);
  int src[N], back[N], x = 0, y = 0;
  for (int i = 0; i < N; i++)
    src[i] = i ^ 0x55, back[i] = 0;
  int *d = omp_target_alloc(sizeof(src), d0);
  CHECK(omp_target_memcpy_async(d, src, sizeof(src), 0, 0, d0, host, 0, NULL) == 0,
        "async without deps");
  #pragma omp taskwait
  omp_depend_t two[2];
  #pragma omp depobj(two[0]) depend(in: x)
  #pragma omp depobj(two[1]) depend(inout: y)
  #pragma omp task depend(out: x) shared(src)
  {
    usleep(10000);
    src[0] = 4242;
  }
  CHECK(omp_target_memcpy_async(d, src, sizeof(int), 0, 0, d0, host, 2, two) == 0,
        "async with two depobjs");
  CHECK(omp_target_memcpy_async(back, d, sizeof(src), 0, 0, host, d0, 2, two) == 0,
        "async back");
  #pragma omp taskwait
  CHECK(back[0] == 4242 && back[N - 1] == ((N - 1) ^ 0x55), "depobj pair: %d %d", back[0],
        back[N - 1]);
  #pragma omp depobj(two[0]) destroy
  #pragma omp depobj(two[1]) destroy

  /* memset_async returns its pointer; a NULL pointer is a no-op. */
  CHECK(omp_target_memset_async(d, 1, 16, d0, 0, NULL) == d, "memset_async result");
  CHECK(omp_target_memset_async(NULL, 1, 16, d0, 0, NULL) == NULL, "memset_async NULL");
  #pragma omp taskwait
  /* The rect query form is answered at once. */
  CHECK(omp_target_memcpy_rect_async(NULL, NULL, 0, 0, NULL, NULL, NULL, NULL, NULL, d0, host,
                                     0, NULL) > 0, "rect_async query");
  omp_target_free(d, d0);
  return api_report();
}
