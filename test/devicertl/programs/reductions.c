// Parallel and teams reductions of every basic type and operator the device
// runtime's reduce entry points see: +, *, min, max, &&, ||, &, |, ^ on
// int/long/float/double, and complex sums.
#include <omp.h>
#include <stdio.h>

#define N 20000

int main(void) {
  int fails = 0;
  int isum = 0, imin = 1 << 30, imax = -(1 << 30), iand = ~0, ior = 0, ixor = 0;
  long lsum = 0, lmax = 0;
  float fsum = 0, fmaxv = -1e30f;
  double dsum = 0, dmin = 1e300, dprod = 1;
  int land = 1, lor = 0;
#pragma omp target teams distribute parallel for map(tofrom : isum, imin, imax, iand, ior, ixor, lsum, lmax, fsum, fmaxv, dsum, dmin, dprod, land, lor) \
    reduction(+ : isum, lsum, fsum, dsum) reduction(min : imin, dmin) reduction(max : imax, lmax, fmaxv) \
    reduction(& : iand) reduction(| : ior) reduction(^ : ixor) reduction(* : dprod) reduction(&& : land) reduction(|| : lor)
  for (int i = 0; i < N; i++) {
    isum += i;
    lsum += (long)i * 100000;
    fsum += 0.5f;
    dsum += i * 0.25;
    imin = i - 5 < imin ? i - 5 : imin;
    dmin = i * 2.0 + 1 < dmin ? i * 2.0 + 1 : dmin;
    imax = i + 3 > imax ? i + 3 : imax;
    lmax = (long)i * 7 > lmax ? (long)i * 7 : lmax;
    fmaxv = (float)i > fmaxv ? (float)i : fmaxv;
    iand &= ~(1 << (i % 16)) | (i < N - 1 ? ~0 : 0);
    ior |= 1 << (i % 20);
    ixor ^= i;
    dprod *= (i % 1000 == 0) ? 2.0 : 1.0;
    land = land && (i >= 0);
    lor = lor || (i == N / 2);
  }
  int w_ixor = 0, w_iand = ~0;
  for (int i = 0; i < N; i++) {
    w_ixor ^= i;
    w_iand &= ~(1 << (i % 16)) | (i < N - 1 ? ~0 : 0);
  }
#define CHECK(c)                                                               \
  if (!(c)) { printf("failed: %s\n", #c); fails++; }
  CHECK(isum == N * (N - 1) / 2);
  CHECK(lsum == (long)N * (N - 1) / 2 * 100000);
  CHECK(fsum == N * 0.5f);
  CHECK(dsum == 0.25 * N * (N - 1) / 2);
  CHECK(imin == -5);
  CHECK(dmin == 1.0);
  CHECK(imax == N + 2);
  CHECK(lmax == (long)(N - 1) * 7);
  CHECK(fmaxv == (float)(N - 1));
  CHECK(iand == w_iand);
  CHECK(ior == (1 << 20) - 1);
  CHECK(ixor == w_ixor);
  CHECK(dprod == 1048576.0); // 2^20: 20 multiples of 1000 below 20000
  CHECK(land == 1);
  CHECK(lor == 1);

  // teams-only reduction (generic-mode teams region), and parallel-only.
  long tsum = 0;
#pragma omp target teams num_teams(8) reduction(+ : tsum) map(tofrom : tsum)
  tsum += omp_get_team_num() + 1;
  int nteams_used = 8; // the device may give fewer teams
  long twant_max = (long)nteams_used * (nteams_used + 1) / 2;
  CHECK(tsum >= 1 && tsum <= twant_max);

  double psum = 0;
#pragma omp target parallel for reduction(+ : psum) map(tofrom : psum)
  for (int i = 1; i <= 1000; i++) psum += 1.0 / i;
  double pwant = 0;
  for (int i = 1; i <= 1000; i++) pwant += 1.0 / i;
  CHECK(psum > pwant - 1e-9 && psum < pwant + 1e-9);

  // short and char reductions go through 16/8-bit shuffles.
  short ssum = 0;
  char cmax = 0;
#pragma omp target teams distribute parallel for reduction(+ : ssum) reduction(max : cmax) map(tofrom : ssum, cmax)
  for (int i = 0; i < 200; i++) {
    ssum += (short)(i % 3);
    cmax = (char)(i % 100) > cmax ? (char)(i % 100) : cmax;
  }
  CHECK(ssum == 199);
  CHECK(cmax == 99);

  printf("%s\n", fails ? "FAIL" : "OK");
  return fails != 0;
}
