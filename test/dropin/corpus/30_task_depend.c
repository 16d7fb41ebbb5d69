/* task dependences: in/out/inout/mutexinoutset/inoutset, array sections, iterator, depobj, omp_all_memory, taskwait depend (+nowait) */
#include <omp.h>
#include <stdio.h>
static int fails;
#define CHECK(c) do { if (!(c)) { if (fails++ < 10) printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #c); } } while (0)
int main(void) {
  int bad = 0;
  #pragma omp parallel num_threads(4)
  #pragma omp single
  {
    int x = 0, y = 0, arr[10] = {0};
    #pragma omp task depend(out: x) shared(x)
    x = 1;
    #pragma omp task depend(in: x) depend(out: y) shared(x, y)
    y = x + 1;
    #pragma omp task depend(inout: y) shared(y)
    y *= 10;
    #pragma omp taskwait depend(in: y)
    CHECK(y == 20);
    /* mutexinoutset: mutually exclusive but unordered */
    int m = 0;
    for (int i = 0; i < 10; i++) {
      #pragma omp task depend(mutexinoutset: m) shared(m)
      m += 1;
    }
    #pragma omp task depend(in: m) shared(m, bad)
    if (m != 10) bad++;
    /* inoutset: set of concurrent tasks ordered w.r.t. in/out */
    int s = 0, s2 = 0;
    #pragma omp task depend(out: s) shared(s)
    s = 5;
    for (int i = 0; i < 4; i++) {
      #pragma omp task depend(inoutset: s) shared(s, s2)
      {
        #pragma omp atomic
        s2 += s;
      }
    }
    #pragma omp task depend(in: s) shared(s2, bad)
    if (s2 != 20) bad++;
    /* array sections and iterator */
    #pragma omp task depend(out: arr[0:5]) shared(arr)
    for (int i = 0; i < 5; i++) arr[i] = i;
    #pragma omp task depend(iterator(it = 0:5), in: arr[it]) depend(out: arr[5:5]) shared(arr)
    for (int i = 5; i < 10; i++) arr[i] = arr[i - 5] * 2;
    #pragma omp taskwait
    for (int i = 0; i < 10; i++) CHECK(arr[i] == (i < 5 ? i : (i - 5) * 2));
    /* depobj */
    int d = 0;
    omp_depend_t obj;
    #pragma omp depobj(obj) depend(out: d)
    #pragma omp task depend(depobj: obj) shared(d)
    d = 3;
    #pragma omp depobj(obj) update(in)
    #pragma omp task depend(depobj: obj) shared(d, bad)
    if (d != 3) bad++;
    #pragma omp taskwait
    #pragma omp depobj(obj) destroy
    /* omp_all_memory */
    int a1 = 0, a2 = 0;
    #pragma omp task depend(out: a1) shared(a1)
    a1 = 1;
    #pragma omp task depend(out: a2) shared(a2)
    a2 = 2;
    #pragma omp task depend(inout: omp_all_memory) shared(a1, a2)
    { a1 *= 10; a2 *= 10; }
    #pragma omp task depend(in: a1) shared(a1, bad)
    if (a1 != 10) bad++;
    #pragma omp taskwait depend(in: a2) nowait
    #pragma omp taskwait
    CHECK(a1 == 10 && a2 == 20);
    /* undeferred task with depend */
    int u = 0;
    #pragma omp task depend(out: u) shared(u)
    u = 7;
    #pragma omp task if(0) depend(in: u) shared(u, bad)
    if (u != 7) bad++;
  }
  CHECK(bad == 0);
  if (fails) return 1;
  printf("OK\n");
  return 0;
}
