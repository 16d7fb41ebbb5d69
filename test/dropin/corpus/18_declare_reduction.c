/* user-defined reductions: declare reduction with initializer, on struct */
#include <omp.h>
#include <stdio.h>
static int fails;
#define CHECK(c) do { if (!(c)) { if (fails++ < 10) printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #c); } } while (0)
typedef struct { long sum; int mn, mx; } stats_t;
static void stats_init(stats_t *s) { s->sum = 0; s->mn = 1 << 30; s->mx = -(1 << 30); }
static void stats_comb(stats_t *o, const stats_t *i) {
  o->sum += i->sum;
  if (i->mn < o->mn) o->mn = i->mn;
  if (i->mx > o->mx) o->mx = i->mx;
}
#pragma omp declare reduction(st : stats_t : stats_comb(&omp_out, &omp_in)) initializer(stats_init(&omp_priv))
#pragma omp declare reduction(mymul : long : omp_out *= omp_in) initializer(omp_priv = 1)
#pragma omp declare reduction(merge : int : omp_out = omp_out + omp_in)
int main(void) {
  stats_t s; stats_init(&s);
  long m = 1; int cnt = 0;
  #pragma omp parallel for reduction(st:s) reduction(mymul:m) reduction(merge:cnt)
  for (int i = 0; i < 1000; i++) {
    int v = (i * 31) % 1001 - 300;
    s.sum += v;
    if (v < s.mn) s.mn = v;
    if (v > s.mx) s.mx = v;
    if (i < 10) m *= 3;
    cnt++;
  }
  long rs = 0; int rmn = 1 << 30, rmx = -(1 << 30);
  for (int i = 0; i < 1000; i++) { int v = (i * 31) % 1001 - 300; rs += v; if (v < rmn) rmn = v; if (v > rmx) rmx = v; }
  CHECK(s.sum == rs && s.mn == rmn && s.mx == rmx);
  CHECK(m == 59049);
  CHECK(cnt == 1000);
  /* udr on array */
  long arr[3] = {1, 1, 1};
  #pragma omp parallel for reduction(mymul:arr)
  for (int i = 0; i < 6; i++) arr[i % 3] *= 2;
  CHECK(arr[0] == 4 && arr[1] == 4 && arr[2] == 4);
  if (fails) return 1;
  printf("OK\n");
  return 0;
}
