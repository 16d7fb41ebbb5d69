// Device memory API: omp_target_alloc/free, memcpy (all directions),
// memcpy_rect, memcpy_async / memcpy_rect_async with depend objects,
// is_present, associate/disassociate_ptr, get_mapped_ptr,
// llvm_omp_target_alloc_{host,shared,device}.
#include <omp.h>
#include <stdio.h>
#include <string.h>
#define N 256
static int fail;
#define CHECK(c, ...) do { if (!(c)) { printf(__VA_ARGS__); printf("\n"); fail = 1; } } while (0)
void *llvm_omp_target_alloc_host(size_t, int);
void *llvm_omp_target_alloc_shared(size_t, int);
void *llvm_omp_target_alloc_device(size_t, int);
void llvm_omp_target_free_host(void *, int);
void llvm_omp_target_free_shared(void *, int);
void llvm_omp_target_free_device(void *, int);
int main(void) {
  int dev = omp_get_default_device(), host = omp_get_initial_device();
  int h[N], h2[N];
  for (int i = 0; i < N; i++) { h[i] = i; h2[i] = 0; }
  CHECK(omp_target_alloc(0, dev) == NULL, "alloc(0) not NULL");
  int *d = omp_target_alloc(N * sizeof(int), dev);
  int *d2 = omp_target_alloc(N * sizeof(int), dev);
  CHECK(d && d2, "alloc failed");
  CHECK(omp_target_memcpy(d, h, N * sizeof(int), 0, 0, dev, host) == 0, "h->d");
  CHECK(omp_target_memcpy(d2, d, N / 2 * sizeof(int), 0, N / 2 * sizeof(int), dev, dev) == 0, "d->d");
  CHECK(omp_target_memcpy(h2, d2, N / 2 * sizeof(int), 4, 0, host, dev) == 0, "d->h");
  CHECK(h2[0] == 0, "h2[0]=%d", h2[0]);
  for (int i = 1; i <= N / 2; i++) CHECK(h2[i] == N / 2 + i - 1, "h2[%d]=%d", i, h2[i]);
  CHECK(omp_target_memcpy(h2, h, 8, 0, 0, host, host) == 0, "h->h");
  CHECK(h2[1] == 1, "h->h copy");
  /* host pointer is present on the host device; device memory is not "present" */
  CHECK(omp_target_is_present(h, host), "is_present(host) false");
  CHECK(!omp_target_is_present(h, dev), "h present on dev");
  /* memcpy_rect: copy a 3x4 block from a 8x10 host matrix into a 5x6 device matrix */
  double src[8][10], dst[5][6], back[5][6];
  for (int i = 0; i < 8; i++) for (int j = 0; j < 10; j++) src[i][j] = i * 10 + j;
  memset(dst, 0, sizeof dst);
  double *dm = omp_target_alloc(sizeof dst, dev);
  omp_target_memcpy(dm, dst, sizeof dst, 0, 0, dev, host);
  size_t vol[2] = {3, 4}, doff[2] = {1, 2}, soff[2] = {2, 3}, ddim[2] = {5, 6}, sdim[2] = {8, 10};
  CHECK(omp_target_memcpy_rect(dm, src, sizeof(double), 2, vol, doff, soff, ddim, sdim, dev, host) == 0, "rect");
  /* both pointers NULL: returns the number of dimensions supported */
  CHECK(omp_target_memcpy_rect(NULL, NULL, 0, 0, NULL, NULL, NULL, NULL, NULL, dev, host) > 0, "rect max dims query");
  omp_target_memcpy(back, dm, sizeof dst, 0, 0, host, dev);
  for (int i = 0; i < 5; i++) for (int j = 0; j < 6; j++) {
    double want = (i >= 1 && i < 4 && j >= 2 && j < 6) ? src[i + 1][j + 1] : 0;
    CHECK(back[i][j] == want, "rect back[%d][%d]=%g want %g", i, j, back[i][j], want);
  }
  /* async copies with a dependence object */
  omp_depend_t obj;
  int token = 0;
  #pragma omp depobj(obj) depend(inout: token)
  CHECK(omp_target_memcpy_async(d, h, N * sizeof(int), 0, 0, dev, host, 1, &obj) == 0, "async");
  CHECK(omp_target_memcpy_rect_async(dm, src, sizeof(double), 2, vol, doff, soff, ddim, sdim, dev, host, 0, NULL) == 0, "rect async");
  #pragma omp taskwait
  #pragma omp depobj(obj) destroy
  /* associate a host buffer with device memory */
  int assoc[N];
  for (int i = 0; i < N; i++) assoc[i] = 0;
  CHECK(omp_target_associate_ptr(assoc, d, N * sizeof(int), 0, dev) == 0, "associate");
  CHECK(omp_target_is_present(assoc, dev), "associated not present");
  CHECK(omp_get_mapped_ptr(assoc, dev) == d, "mapped ptr of associated");
  #pragma omp target map(tofrom: assoc)      /* present: no copy in or out */
  for (int i = 0; i < N; i++) assoc[i] += 1000;
  CHECK(assoc[0] == 0, "associated data copied back");
  omp_target_memcpy(h2, d, N * sizeof(int), 0, 0, host, dev);
  for (int i = 0; i < N; i++) CHECK(h2[i] == i + 1000, "associated dev[%d]=%d", i, h2[i]);
  CHECK(omp_target_disassociate_ptr(assoc, dev) == 0, "disassociate");
  CHECK(!omp_target_is_present(assoc, dev), "still present after disassociate");
  /* LLVM allocator extensions */
  int *ph = llvm_omp_target_alloc_host(64, dev), *psh = llvm_omp_target_alloc_shared(64, dev);
  int *pd = llvm_omp_target_alloc_device(64, dev);
  CHECK(ph && psh && pd, "llvm_omp_target_alloc_* failed");
  ph[0] = 1; psh[0] = 2;                      /* host and shared memory are host accessible */
  llvm_omp_target_free_host(ph, dev); llvm_omp_target_free_shared(psh, dev); llvm_omp_target_free_device(pd, dev);
  omp_target_free(d, dev); omp_target_free(d2, dev); omp_target_free(dm, dev);
  omp_target_free(NULL, dev);
  if (fail) return 1;
  printf("OK\n");
  return 0;
}
