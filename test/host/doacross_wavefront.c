/* Doacross loops (ordered(n) with depend(sink)/depend(source)): a 2-D
 * wavefront and a 1-D recurrence computed in parallel must equal the serial
 * result, under static and dynamic schedules, with a negative-step
 * dimension and sinks that fall outside the iteration space (ignored),
 * the iteration one past the last included: clang's dimensions name it, and
 * LLVM 19 waits for it for ever. */
#include <omp.h>
#include <string.h>
#include <unistd.h>

#include "check.h"

#define R 61
#define C 47

static unsigned grid[R][C], want[R][C];

static unsigned cell(unsigned up, unsigned left, unsigned diag, int i, int j) {
  return (up * 31u + left * 17u + diag * 7u + (unsigned)(i * C + j)) % 1000003u;
}

static void serial_wavefront(void) {
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      want[i][j] = cell(i ? want[i - 1][j] : 1, j ? want[i][j - 1] : 2,
                        i && j ? want[i - 1][j - 1] : 3, i, j);
}

static void compare(const char *what) {
  int bad = 0;
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      if (grid[i][j] != want[i][j] && bad++ < 5)
        CHECK(0, "%s: cell (%d,%d) = %u, want %u", what, i, j, grid[i][j],
              want[i][j]);
  CHECK(bad == 0, "%s: %d cells differ", what, bad);
}

#define WAVEFRONT(what, ...)                                                   \
  do {                                                                         \
    memset(grid, 0, sizeof(grid));                                             \
    _Pragma("omp parallel") {                                                  \
      _Pragma(what)                                                            \
      for (int i = 0; i < R; i++)                                              \
        for (int j = 0; j < C; j++) {                                          \
          _Pragma("omp ordered depend(sink : i - 1, j) depend(sink : i, j - 1) depend(sink : i - 1, j - 1)") \
          grid[i][j] = cell(i ? grid[i - 1][j] : 1, j ? grid[i][j - 1] : 2,    \
                            i && j ? grid[i - 1][j - 1] : 3, i, j);            \
          _Pragma("omp ordered depend(source)")                                \
        }                                                                      \
    }                                                                          \
    compare(what);                                                             \
  } while (0)

int main(void) {
  serial_wavefront();
  for (int rep = 0; rep < 3; rep++) {
    WAVEFRONT("omp for ordered(2)");
    WAVEFRONT("omp for ordered(2) schedule(static, 1)");
    WAVEFRONT("omp for ordered(2) schedule(dynamic)");
    WAVEFRONT("omp for ordered(2) schedule(guided, 2) nowait");
  }

  /* 1-D recurrence over a descending loop: x[i] depends on x[i+2]. */
  enum { N = 2000 };
  static long x[N + 2], y[N + 2];
  y[N] = 5;
  y[N + 1] = 7;
  for (int i = N - 1; i >= 0; i--)
    y[i] = (y[i + 2] * 3 + i) % 99991;
  memset(x, 0, sizeof(x));
  x[N] = 5;
  x[N + 1] = 7;
#pragma omp parallel for ordered(1) schedule(dynamic, 3)
  for (int i = N - 1; i >= 0; i--) {
#pragma omp ordered depend(sink : i + 2)
    x[i] = (x[i + 2] * 3 + i) % 99991;
#pragma omp ordered depend(source)
  }
  for (int i = 0; i < N; i++)
    CHECK(x[i] == y[i], "recurrence: x[%d] = %ld, want %ld", i, x[i], y[i]);

  /* More doacross nowait loops than dispatch buffers, back to back. */
  static int hits[10][100];
  memset(hits, 0, sizeof(hits));
#pragma omp parallel
  for (int l = 0; l < 10; l++) {
#pragma omp for ordered(1) nowait
    for (int i = 0; i < 100; i++) {
#pragma omp ordered depend(sink : i - 1)
      hits[l][i] = i ? hits[l][i - 1] + 1 : 1;
#pragma omp ordered depend(source)
    }
  }
  for (int l = 0; l < 10; l++)
    for (int i = 0; i < 100; i++)
      CHECK(hits[l][i] == i + 1, "chain %d: hits[%d] = %d", l, i, hits[l][i]);
  /* Anti-diagonal wavefront: (i, j) needs (i - 1, j + 1), which for the
   * inner loop's last j is one past its end, and so outside the iteration
   * space. A hang here shows as SIGALRM, not as a ctest timeout. */
  alarm(60);
  static unsigned anti[R][C], anti_want[R][C];
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      anti_want[i][j] = cell(i && j + 1 < C ? anti_want[i - 1][j + 1] : 1,
                             j ? anti_want[i][j - 1] : 2,
                             i ? anti_want[i - 1][j] : 3, i, j);
  for (int rep = 0; rep < 3; rep++) {
    memset(anti, 0, sizeof(anti));
#pragma omp parallel for ordered(2) schedule(static, 1)
    for (int i = 0; i < R; i++)
      for (int j = 0; j < C; j++) {
#pragma omp ordered depend(sink : i - 1, j + 1) depend(sink : i - 1, j)
        anti[i][j] = cell(i && j + 1 < C ? anti[i - 1][j + 1] : 1,
                          j ? anti[i][j - 1] : 2, i ? anti[i - 1][j] : 3, i, j);
#pragma omp ordered depend(source)
      }
    for (int i = 0; i < R; i++)
      for (int j = 0; j < C; j++)
        CHECK(anti[i][j] == anti_want[i][j], "anti-diagonal: cell (%d,%d) = %u, want %u",
              i, j, anti[i][j], anti_want[i][j]);
  }
  alarm(0);
  CHECK_DONE();
}
