/* kmp_* runtime control: worker stack size, blocktime, library modes,
 * warnings on/off, dispatch buffers, the known-thread count and the kmpc_*
 * spellings. Values as LLVM 19 gives them (the test passes on both). */
#define _GNU_SOURCE
#include <limits.h>
#include <omp.h>
#include <pthread.h>
#include <stdint.h>

#include "check.h"
#include "ext_capture.h"

extern int kmp_get_num_known_threads(void);
extern void kmpc_set_stacksize(int);
extern void kmpc_set_stacksize_s(size_t);
extern void kmpc_set_blocktime(int);
extern void kmpc_set_library(int);
extern void kmpc_set_disp_num_buffers(int);

#define MIB ((size_t)1 << 20)

static size_t own_stack_size(void) {
  pthread_attr_t attr;
  size_t size = 0;
  if (pthread_getattr_np(pthread_self(), &attr) == 0) {
    pthread_attr_getstacksize(&attr, &size);
    pthread_attr_destroy(&attr);
  }
  return size;
}

/* Before the first region (LLVM ignores later calls): round trips, the
 * clamp to the system minimum, and the workers' real stacks. */
static void stacksize(void) {
  kmp_set_stacksize_s(1);
  CHECK(kmp_get_stacksize_s() >= 16 * 1024 && kmp_get_stacksize_s() <= 64 * 1024,
        "a 1-byte stack became %zu, want the system minimum", kmp_get_stacksize_s());
  kmp_set_stacksize(2 * (int)MIB);
  CHECK_EQ_INT(kmp_get_stacksize(), 2 * MIB);
  kmpc_set_stacksize(5 * (int)MIB);
  CHECK_EQ_INT(kmp_get_stacksize_s(), 5 * MIB);
  kmpc_set_stacksize_s(3 * MIB);
  CHECK_EQ_INT(kmp_get_stacksize_s(), 3 * MIB);

  size_t worker_stack[3] = {0};
#pragma omp parallel num_threads(3)
  worker_stack[omp_get_thread_num()] = own_stack_size();
  for (int t = 1; t < 3; t++)
    CHECK(worker_stack[t] >= 3 * MIB && worker_stack[t] < 6 * MIB,
          "worker %d has a %zu-byte stack, want about %zu", t, worker_stack[t],
          3 * MIB);
}

static void blocktime(void) {
  kmp_set_blocktime(37);
  CHECK_EQ_INT(kmp_get_blocktime(), 37);
  kmp_set_blocktime(0);
  CHECK_EQ_INT(kmp_get_blocktime(), 0);
  kmp_set_blocktime(-5); /* negative means 0 */
  CHECK_EQ_INT(kmp_get_blocktime(), 0);
  kmp_set_blocktime(INT_MAX); /* capped at INT_MAX microseconds */
  CHECK_EQ_INT(kmp_get_blocktime(), INT_MAX / 1000);
  kmpc_set_blocktime(20);
  CHECK_EQ_INT(kmp_get_blocktime(), 20);
}

static int region_size(void) {
  int n = 0;
#pragma omp parallel
  if (omp_get_thread_num() == 0)
    n = omp_get_num_threads();
  return n;
}

static void library(int default_threads) {
  CHECK_EQ_INT(kmp_get_library(), 3); /* throughput by default */
  kmp_set_library_serial();
  CHECK_EQ_INT(kmp_get_library(), 1);
  CHECK_EQ_INT(omp_get_max_threads(), 1);
  CHECK_EQ_INT(region_size(), 1);
  kmp_set_library_turnaround();
  CHECK_EQ_INT(kmp_get_library(), 2);
  CHECK_EQ_INT(omp_get_max_threads(), default_threads);
  omp_set_num_threads(3);
  kmp_set_library_throughput(); /* back to the default team size */
  CHECK_EQ_INT(kmp_get_library(), 3);
  CHECK_EQ_INT(omp_get_max_threads(), default_threads);
  CHECK_EQ_INT(region_size(), default_threads);
  kmp_set_library(1);
  CHECK_EQ_INT(kmp_get_library(), 1);
  kmpc_set_library(3);
  CHECK_EQ_INT(kmp_get_library(), 3);
  CHECK_EQ_INT(omp_get_max_threads(), default_threads);
}

/* Inside a parallel region kmp_set_library is ignored with a warning,
 * unless warnings are off. */
static void library_in_parallel_and_warnings(void) {
  char out[4096];
  struct capture c;
  kmp_set_warnings_off();
  capture_begin(&c);
#pragma omp parallel num_threads(2)
  if (omp_get_thread_num() == 0)
    kmp_set_library_serial();
  capture_end(&c, out, sizeof(out));
  CHECK(out[0] == '\0', "warnings are off but the runtime printed \"%s\"", out);
  CHECK_EQ_INT(kmp_get_library(), 3);
  kmp_set_warnings_on();
  capture_begin(&c);
#pragma omp parallel num_threads(2)
  if (omp_get_thread_num() == 0)
    kmp_set_library_serial();
  capture_end(&c, out, sizeof(out));
  CHECK(strstr(out, "kmp_set_library must only be called") != NULL,
        "no warning for kmp_set_library in a parallel region: \"%s\"", out);
  CHECK_EQ_INT(kmp_get_library(), 3);
}

/* The dispatch ring size is a tuning knob: loops still hand out every
 * iteration exactly once, nowait loops in flight included. */
static void disp_num_buffers(void) {
  kmp_set_disp_num_buffers(2);
  kmpc_set_disp_num_buffers(4096);
  enum { N = 64, LOOPS = 12 };
  int hits[LOOPS][N] = {{0}};
#pragma omp parallel num_threads(4)
  for (int l = 0; l < LOOPS; l++) {
#pragma omp for schedule(dynamic, 3) nowait
    for (int i = 0; i < N; i++)
#pragma omp atomic
      hits[l][i]++;
  }
  for (int l = 0; l < LOOPS; l++)
    for (int i = 0; i < N; i++)
      CHECK(hits[l][i] == 1, "loop %d iteration %d ran %d times", l, i, hits[l][i]);
}

int main(void) {
  int default_threads = omp_get_max_threads();
  CHECK_EQ_INT(kmp_get_num_known_threads(), 1);
  blocktime(); /* before any worker waits on it */
  stacksize();
  /* the three members of the last region stay in its hot team */
  CHECK_EQ_INT(kmp_get_num_known_threads(), 3);
  library(default_threads);
  library_in_parallel_and_warnings();
  disp_num_buffers();
  CHECK_DONE();
}
