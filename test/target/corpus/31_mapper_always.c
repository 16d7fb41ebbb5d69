/* `always` on a map clause that invokes a declare mapper applies to the
 * members the mapper maps: with those members already mapped (so a plain
 * to/from would move nothing), map(always, to: s) must refresh the device
 * copies and map(always, from: s) must bring them back. */
#include <stdio.h>

struct pair {
  int a;
  double b;
  int unmapped;
};

#pragma omp declare mapper(default : struct pair p) map(tofrom : p.a, p.b)

struct pair s;

int main(void) {
  int fails = 0;
  s.a = 1;
  s.b = 2.5;
  s.unmapped = 7;
#pragma omp target enter data map(to : s.a, s.b)

  /* host changes; `always, to` must carry them over the present members */
  s.a = 10;
  s.b = 20.5;
  int seen_a = 0;
  double seen_b = 0;
#pragma omp target map(always, to : s) map(from : seen_a, seen_b)
  {
    seen_a = s.a;
    seen_b = s.b;
  }
  if (seen_a != 10 || seen_b != 20.5) {
    printf("FAIL: always,to: device saw a=%d b=%g, want 10 20.5\n", seen_a, seen_b);
    fails++;
  }

  /* device changes; `always, from` must bring them back while still mapped */
#pragma omp target map(always, from : s)
  {
    s.a = 111;
    s.b = 222.5;
  }
  if (s.a != 111 || s.b != 222.5) {
    printf("FAIL: always,from: host has a=%d b=%g, want 111 222.5\n", s.a, s.b);
    fails++;
  }

  /* without always nothing moves while the members stay mapped */
  s.a = -1;
#pragma omp target map(to : s) map(from : seen_a)
  seen_a = s.a;
  if (seen_a != 111) {
    printf("FAIL: plain to: device saw a=%d, want its own 111\n", seen_a);
    fails++;
  }
#pragma omp target exit data map(delete : s.a, s.b)
  if (s.unmapped != 7) {
    printf("FAIL: the unmapped member changed to %d\n", s.unmapped);
    fails++;
  }
  if (!fails)
    printf("OK\n");
  return fails != 0;
}
