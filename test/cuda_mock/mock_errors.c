/* mock_errors.c — driver failures through the CUDA plugin: the mock driver
 * fails the call MOCK_CUDA_FAIL names (test/cuda_mock/CMakeLists.txt lists
 * each case and the message it must give), in one of these constructs
 * (argv[1]):
 *   sync    one target region, mapping x tofrom
 *   nowait  8 nowait regions, then taskwait
 *   chain   8 nowait regions with depend(inout: x[0]), then taskwait
 *   many    256 nowait regions in flight (the stream pool grows)
 * Built with host line tables, so each message names the construct's line.
 * A construct that fails must stop the program with a message: "not
 * reached" after it fails the test, and so does a hang (CTest's timeout).
 */
#include <stdio.h>
#include <string.h>

#define N 1024
static double x[N];

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "sync";
  for (int i = 0; i < N; i++)
    x[i] = i;
  if (!strcmp(mode, "sync")) {
#pragma omp target map(tofrom : x[0 : N])
    for (int i = 0; i < N; i++)
      x[i] += 1;
  } else if (!strcmp(mode, "nowait")) {
    for (int r = 0; r < 8; r++) {
#pragma omp target map(tofrom : x[0 : N]) nowait
      for (int i = 0; i < N; i++)
#pragma omp atomic
        x[i] += 1;
    }
#pragma omp taskwait
  } else if (!strcmp(mode, "chain")) {
    for (int r = 0; r < 8; r++) {
#pragma omp target map(tofrom : x[0 : N]) nowait depend(inout : x[0])
      for (int i = 0; i < N; i++)
        x[i] += 1;
    }
#pragma omp taskwait
  } else if (!strcmp(mode, "many")) {
    for (int r = 0; r < 256; r++) {
#pragma omp target map(to : x[0 : N]) nowait
      for (int i = 0; i < N; i++)
        (void)x[i];
    }
#pragma omp taskwait
  } else {
    printf("mock_errors: unknown mode %s\n", mode);
    return 2;
  }
  /* Where nothing failed (a host fallback), the result. */
  printf("%s: x[1] = %g\n", mode, x[1]);
  return 0;
}
