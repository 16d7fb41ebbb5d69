/* A struct member with a declare mapper of its own (a nested mapper): the
 * mapper's first component is that member, inside the enclosing struct's
 * mapping, and must not count as a reference of its own. It did: the
 * enclosing struct then held two references, the mapper's `to` members no
 * longer counted as new and were not copied (the device saw 0), and at the
 * end the `from` members were not copied back. The second case reaches the
 * struct through two pointers (map(tofrom: pp[0][0]) map(alloc: pp[0])):
 * the nested mapper's first component is then a pointer-and-pointee entry,
 * whose pointee (the member) must not take a reference either. */
#include <stdio.h>

typedef struct {
  int a;
  double *b;
} inner_t;
#pragma omp declare mapper(inner_t s) map(to : s.a) map(tofrom : s.b[0 : 2])

typedef struct {
  int e;
  inner_t f;
  int h;
} outer_t;

int main(void) {
  double x[2] = {0, 20};
  outer_t s = {111, {222, x}, 10};
  int seen_a = -1, seen_e = -1;
#pragma omp target map(tofrom : s) map(from : seen_a, seen_e)
  {
    seen_a = s.f.a;
    seen_e = s.e;
    s.f.b[1] += 1;
    s.h = 11;
  }
  int ok = seen_a == 222 && seen_e == 111 && x[1] == 21 && s.h == 11 && s.f.b == x;
  printf("device saw a=%d e=%d; host x[1]=%g h=%d\n", seen_a, seen_e, x[1], s.h);

  double y[2] = {0, 30};
  outer_t t = {111, {222, y}, 10};
  outer_t *tp = &t, **tpp = &tp;
  seen_a = -1;
#pragma omp target map(tofrom : tpp[0][0]) map(alloc : tpp[0]) map(from : seen_a)
  {
    seen_a = tpp[0][0].f.a;
    tpp[0][0].e = 333;
    tpp[0][0].f.b[1] += 1;
  }
  int ok2 = seen_a == 222 && t.e == 333 && y[1] == 31 && tp == &t && t.f.b == y;
  printf("through pointers: device saw a=%d; host e=%d y[1]=%g\n", seen_a, t.e, y[1]);
  printf(ok && ok2 ? "OK\n" : "FAIL\n");
  return !(ok && ok2);
}
