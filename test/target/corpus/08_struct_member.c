// Struct members (MEMBER_OF): map(s.a, s.arr[lo:len]) maps only those
// members inside an allocation covering the struct; nested structs.
#include <omp.h>
#include <stdio.h>
static int fail;
#define CHECK(c, ...) do { if (!(c)) { printf(__VA_ARGS__); printf("\n"); fail = 1; } } while (0)
struct inner { int x; double y[4]; };
struct outer { int a; int pad[100]; int arr[64]; struct inner in; int b; };
int main(void) {
  struct outer s;
  s.a = 1; s.b = 2; s.in.x = 3;
  for (int i = 0; i < 100; i++) s.pad[i] = i;
  for (int i = 0; i < 64; i++) s.arr[i] = i;
  for (int i = 0; i < 4; i++) s.in.y[i] = i;
  #pragma omp target map(tofrom: s.a, s.b, s.arr[8:16], s.in.x, s.in.y[1:2])
  {
    s.a += 10; s.b += 20;
    for (int i = 8; i < 24; i++) s.arr[i] *= 3;
    s.in.x *= 2; s.in.y[1] = 11; s.in.y[2] = 22;
  }
  CHECK(s.a == 11 && s.b == 22, "a=%d b=%d", s.a, s.b);
  for (int i = 0; i < 64; i++) CHECK(s.arr[i] == ((i >= 8 && i < 24) ? 3 * i : i), "arr[%d]=%d", i, s.arr[i]);
  CHECK(s.in.x == 6 && s.in.y[0] == 0 && s.in.y[1] == 11 && s.in.y[2] == 22 && s.in.y[3] == 3, "inner wrong");
  for (int i = 0; i < 100; i++) CHECK(s.pad[i] == i, "pad[%d] touched", i);
  /* map(to) one member, from another */
  struct outer *ps = &s;
  #pragma omp target map(to: ps->a) map(from: ps->b)
  ps->b = ps->a * 100;
  CHECK(s.b == 1100, "ps->b=%d", s.b);
  /* whole struct through enter data, then member update */
  #pragma omp target enter data map(to: s)
  s.a = 5;
  #pragma omp target update to(s.a)
  #pragma omp target
  s.b = s.a + s.pad[99];
  #pragma omp target exit data map(from: s)
  CHECK(s.b == 104, "s.b=%d", s.b);
  if (fail) return 1;
  printf("OK\n");
  return 0;
}
