/* Small assertion helpers shared by the test programs: every failure says
 * what was expected and what came back, and the test exits non-zero. */
#ifndef OMPRT_TEST_CHECK_H
#define OMPRT_TEST_CHECK_H
#include <stdio.h>
#include <stdlib.h>

static int check_failures;

#define CHECK(cond, ...)                                                       \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond); \
      fprintf(stderr, __VA_ARGS__);                                            \
      fputc('\n', stderr);                                                     \
      check_failures++;                                                        \
    }                                                                          \
  } while (0)

#define CHECK_EQ_INT(got, want)                                                \
  CHECK((long long)(got) == (long long)(want), "got %lld, want %lld",          \
        (long long)(got), (long long)(want))

/* End of main: report and choose the exit code. */
#define CHECK_DONE()                                                           \
  do {                                                                         \
    if (check_failures) {                                                      \
      fprintf(stderr, "%d check(s) failed\n", check_failures);                 \
      return 1;                                                                \
    }                                                                          \
    printf("PASS\n");                                                          \
    return 0;                                                                  \
  } while (0)
#endif
