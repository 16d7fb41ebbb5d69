/* list.h — the benchmarks' comma-separated integer lists (--ns, --ts). */
#ifndef BENCH_LIST_H
#define BENCH_LIST_H
#include <stdlib.h>

/* "16,31,64" -> values (at most max); returns the count, 0 when malformed
 * (empty, not a positive integer below 2^30, or more than max values). */
static inline int bench_parse_list(const char *s, int *values, int max) {
  int count = 0;
  while (*s && count < max) {
    char *end;
    long v = strtol(s, &end, 10);
    if (end == s || v < 1 || v > (1L << 30) || (*end && *end != ','))
      return 0;
    values[count++] = (int)v;
    s = *end ? end + 1 : end;
  }
  return *s ? 0 : count;
}

#endif
