/* mock_check.h — result checks shared by the test programs that run kernels
 * on the mock driver: a result is compared element by element with a serial
 * reference computed on the host; the first wrong element is reported as
 * FAIL, and the program ends with OK or exit status 1. */
#ifndef MOCK_CHECK_H
#define MOCK_CHECK_H

#include <inttypes.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static int mock_failures;

/* Compare got[0..n) with want[0..n); report the first difference. */
static int mock_check(const char *what, const uint64_t *got, const uint64_t *want, long n) {
  for (long i = 0; i < n; i++)
    if (got[i] != want[i]) {
      printf("FAIL %s: element %ld is %" PRIu64 ", want %" PRIu64 "\n", what, i, got[i],
             want[i]);
      fflush(stdout);
      mock_failures++;
      return 0;
    }
  return 1;
}

/* Start of main: the mock driver's one device must be there; then `count`
 * arrays of `n` elements. NULL after a FAIL. */
static uint64_t **mock_start(int count, long n) {
  if (omp_get_num_devices() != 1) {
    printf("FAIL: %d devices, want the mock's 1\n", omp_get_num_devices());
    return NULL;
  }
  uint64_t **arrays = calloc((size_t)count, sizeof(*arrays));
  for (int a = 0; arrays && a < count; a++)
    if (!(arrays[a] = malloc(sizeof(uint64_t) * (size_t)n))) {
      while (a--)
        free(arrays[a]);
      free(arrays);
      arrays = NULL;
    }
  if (!arrays)
    printf("FAIL: out of memory\n");
  return arrays;
}

static void mock_arrays_free(uint64_t **arrays, int count) {
  for (int a = 0; a < count; a++)
    free(arrays[a]);
  free(arrays);
}

/* End of main: OK and 0, or 1 after a FAIL. */
static int mock_check_done(void) {
  if (mock_failures)
    return 1;
  printf("OK\n");
  return 0;
}

#endif
