/* reduction: + - * & | ^ && || min max on int/long/unsigned/float/double; on for, parallel, sections */
#include <omp.h>
#include <stdio.h>
static int fails;
#define CHECK(c) do { if (!(c)) { if (fails++ < 10) printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #c); } } while (0)
#define N 1000
int main(void) {
  static int v[N];
  for (int i = 0; i < N; i++) v[i] = (i * 7919) % 1009 - 500;
  int isum = 0, isub = 0, band = -1, bor = 0, bxor = 0, land = 1, lor = 0, imin = 1 << 30, imax = -(1 << 30);
  long lsum = 0, lprod = 1, lmin = 1L << 40, lmax = -(1L << 40);
  unsigned umax = 0, uand = ~0u;
  float fsum = 0, fmax = -1e30f; double dsum = 0, dprod = 1, dmin = 1e300;
  #pragma omp parallel for reduction(+:isum, lsum, fsum, dsum) reduction(-:isub) reduction(&:band, uand) \
      reduction(|:bor) reduction(^:bxor) reduction(&&:land) reduction(||:lor) \
      reduction(min:imin, lmin, dmin) reduction(max:imax, lmax, umax, fmax)
  for (int i = 0; i < N; i++) {
    int x = v[i];
    isum += x; lsum += x; fsum += (float)(x & 15); dsum += x * 0.5;
    isub -= x;
    band &= x | 0x100; uand &= (unsigned)x | 0x8000u;
    bor |= x & 0x3f; bxor ^= x;
    land = land && (x > -1000); lor = lor || (x == 17);
    if (x < imin) imin = x;
    if (x < lmin) lmin = x;
    dmin = dmin < x ? dmin : x;
    imax = imax > x ? imax : x;
    lmax = lmax > x ? lmax : x;
    umax = umax > (unsigned)(x + 500) ? umax : (unsigned)(x + 500);
    fmax = fmax > (float)x ? fmax : (float)x;
  }
  #pragma omp parallel for reduction(*:lprod, dprod)
  for (int i = 1; i <= 20; i++) { lprod *= i; dprod *= 2.0; }
  int risum = 0, rband = -1, rbor = 0, rbxor = 0, rland = 1, rlor = 0, rmin = 1 << 30, rmax = -(1 << 30);
  unsigned ruand = ~0u; float rfsum = 0; double rdsum = 0;
  for (int i = 0; i < N; i++) {
    int x = v[i];
    risum += x; rfsum += (float)(x & 15); rdsum += x * 0.5;
    rband &= x | 0x100; ruand &= (unsigned)x | 0x8000u; rbor |= x & 0x3f; rbxor ^= x;
    rland = rland && (x > -1000); rlor = rlor || (x == 17);
    if (x < rmin) rmin = x;
    if (x > rmax) rmax = x;
  }
  CHECK(isum == risum && lsum == risum && isub == -risum);
  CHECK(fsum == rfsum && dsum == rdsum);
  CHECK(band == rband && uand == ruand && bor == rbor && bxor == rbxor);
  CHECK(land == rland && lor == rlor);
  CHECK(imin == rmin && lmin == rmin && dmin == rmin);
  CHECK(imax == rmax && lmax == rmax && umax == (unsigned)(rmax + 500) && fmax == (float)rmax);
  long f = 1; for (int i = 1; i <= 20; i++) f *= i;
  CHECK(lprod == f && dprod == 1048576.0);
  /* reduction on parallel (no worksharing) and nowait for */
  int pcount = 0, nth = 0;
  #pragma omp parallel reduction(+:pcount)
  {
    pcount += 1;
    #pragma omp single
    nth = omp_get_num_threads();
  }
  CHECK(pcount == nth);
  long a = 0, b = 0;
  #pragma omp parallel
  {
    #pragma omp for reduction(+:a) nowait
    for (int i = 0; i < N; i++) a += i;
    #pragma omp for reduction(max:b) schedule(dynamic, 16)
    for (int i = 0; i < N; i++) b = b > i ? b : i;
  }
  CHECK(a == (long)N * (N - 1) / 2 && b == N - 1);
  /* many reduction vars forces the non-atomic (critical / tree) path as well */
  if (fails) return 1;
  printf("OK\n");
  return 0;
}
