/* omp_pause_resource / omp_pause_resource_all / __kmpc_pause_resource:
 * return values on the host device, and parallel regions (with the same
 * results) after each kind of pause.
 *
 * Sequences whose results LLVM defines differently from us are avoided:
 * LLVM refuses a second pause before the next region (we accept it), and
 * LLVM 19 cannot run a parallel region after a hard pause in a function
 * that already used OpenMP (it aborts with "Thread identifier invalid"), so
 * the hard pauses come last and the checks after them are ours only. */
#include <omp.h>
#include <stdlib.h>

#include "check.h"

/* Not every runtime build defines it in libomp; the host is device 0 then. */
#pragma weak omp_get_initial_device
int __kmpc_pause_resource(omp_pause_resource_t kind);

static int on_omprt(void) { return getenv("OMPRT_EXPECT_LIB") != NULL; }

static int host(void) {
  return omp_get_initial_device ? omp_get_initial_device() : 0;
}

static long region_sum(int n) {
  long sum = 0;
#pragma omp parallel for num_threads(4) reduction(+ : sum)
  for (int i = 1; i <= n; i++)
    sum += i;
  return sum;
}

int main(void) {
  int dev = host();
  CHECK_EQ_INT(region_sum(1000), 500500);

  /* invalid requests fail */
  CHECK(omp_pause_resource(omp_pause_soft, dev + 1000) != 0, "device out of range");
  CHECK(omp_pause_resource(omp_pause_soft, -5) != 0, "negative device");
  CHECK(omp_pause_resource((omp_pause_resource_t)7, dev) != 0, "unknown kind");
  /* resume (LLVM's kind 0) with nothing paused */
  CHECK(omp_pause_resource(omp_pause_resume, dev) != 0, "resume while running");

  /* soft pause, explicit resume */
  CHECK_EQ_INT(omp_pause_resource(omp_pause_soft, dev), 0);
  CHECK_EQ_INT(omp_pause_resource(omp_pause_resume, dev), 0);
  CHECK(omp_pause_resource(omp_pause_resume, dev) != 0, "second resume");
  CHECK_EQ_INT(region_sum(2000), 2001000);

  /* soft pause, then a region restarts the runtime */
  CHECK_EQ_INT(omp_pause_resource(omp_pause_soft, dev), 0);
  CHECK_EQ_INT(region_sum(3000), 4501500);
  CHECK_EQ_INT(__kmpc_pause_resource(omp_pause_soft), 0);
  CHECK_EQ_INT(region_sum(100), 5050);
  CHECK_EQ_INT(omp_pause_resource_all(omp_pause_soft), 0);
  CHECK_EQ_INT(region_sum(10), 55);

  /* memory from before a pause stays valid */
  int *kept = omp_alloc(64 * sizeof(int), omp_default_mem_alloc);
  for (int i = 0; i < 64; i++)
    kept[i] = i;
  CHECK_EQ_INT(omp_pause_resource(omp_pause_soft, dev), 0);
  CHECK_EQ_INT(region_sum(63), 2016);
  long s = 0;
  for (int i = 0; i < 64; i++)
    s += kept[i];
  CHECK_EQ_INT(s, 2016);
  omp_free(kept, omp_default_mem_alloc);

  if (on_omprt()) {
    /* inside a region a pause is refused */
    int inside = -1;
#pragma omp parallel num_threads(2)
#pragma omp single
    inside = omp_pause_resource(omp_pause_soft, dev);
    CHECK(inside != 0, "soft pause inside a parallel region returned 0");
    int in_task = -1;
#pragma omp parallel num_threads(2)
#pragma omp single
#pragma omp task shared(in_task)
    in_task = omp_pause_resource_all(omp_pause_hard);
    CHECK(in_task != 0, "hard pause inside a task returned 0");

    CHECK_EQ_INT(omp_pause_resource(omp_pause_hard, dev), 0);
    CHECK_EQ_INT(region_sum(1000), 500500);
    CHECK_EQ_INT(omp_pause_resource_all(omp_pause_hard), 0);
    CHECK_EQ_INT(region_sum(999), 499500);
  } else {
    CHECK_EQ_INT(omp_pause_resource(omp_pause_hard, dev), 0);
  }
  CHECK_DONE();
}
