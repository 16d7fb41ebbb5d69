/* atomic compare (5.1): cond-update, min/max, capture forms, fail/weak clauses */
#include <omp.h>
#include <stdio.h>
static int fails;
#define CHECK(c) do { if (!(c)) { if (fails++ < 10) printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #c); } } while (0)
int main(void) {
  int mx = -1000, mn = 1000, eq = 0, claimed = 0;
  long lmx = 0; double dmx = 0; unsigned umn = 100000;
  #pragma omp parallel num_threads(4)
  for (int i = 0; i < 500; i++) {
    int v = (i * 37 + omp_get_thread_num() * 11) % 997;
    #pragma omp atomic compare
    if (v > mx) { mx = v; }
    #pragma omp atomic compare
    mn = v < mn ? v : mn;
    long lv = v;
    #pragma omp atomic compare
    if (lmx < lv) { lmx = lv; }
    double dv = v;
    #pragma omp atomic compare
    dmx = dmx < dv ? dv : dmx;
    unsigned uv = v;
    #pragma omp atomic compare
    if (uv < umn) { umn = uv; }
  }
  int rmx = -1000, rmn = 1000;
  for (int t = 0; t < 4; t++) for (int i = 0; i < 500; i++) {
    int v = (i * 37 + t * 11) % 997;
    if (v > rmx) rmx = v;
    if (v < rmn) rmn = v;
  }
  CHECK(mx == rmx && mn == rmn);
  CHECK(lmx == rmx && dmx == rmx && umn == (unsigned)rmn);
  /* compare-and-swap: exactly one thread claims */
  int winner = -1;
  #pragma omp parallel num_threads(4)
  {
    int me = omp_get_thread_num(), r;
    #pragma omp atomic compare capture
    { r = eq; if (eq == 0) { eq = me + 1; } }
    if (r == 0) {
      #pragma omp atomic
      claimed++;
      winner = me;
    }
  }
  CHECK(claimed == 1 && eq == winner + 1);
  /* capture with success flag */
  int x = 5, ok, old;
  #pragma omp atomic compare capture
  { if (x == 5) { x = 9; } else { old = x; } }
  CHECK(x == 9);
  #pragma omp atomic compare capture
  { ok = x == 9; if (ok) { x = 10; } }
  CHECK(ok && x == 10);
  #pragma omp atomic compare capture fail(relaxed) seq_cst
  { ok = x == 3; if (ok) { x = 4; } }
  CHECK(!ok && x == 10);
  #pragma omp atomic compare weak
  if (x == 10) { x = 11; }
  (void)old;
  CHECK(x == 11 || x == 10);
  if (fails) return 1;
  printf("OK\n");
  return 0;
}
