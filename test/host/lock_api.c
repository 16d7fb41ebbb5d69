/* omp_*_lock and omp_*_nest_lock: return values of the test routines, nest
 * depths, ownership between threads, mutual exclusion under contention, and
 * LLVM's __kmpc_*_lock entry points on the same lock objects. */
#include <omp.h>
#include <stdint.h>
#include <stdio.h>

#include "check.h"

/* LLVM's entry points (ident_t* is only passed through). */
void __kmpc_init_lock(void *loc, int32_t gtid, void **lock);
void __kmpc_set_lock(void *loc, int32_t gtid, void **lock);
void __kmpc_unset_lock(void *loc, int32_t gtid, void **lock);
int __kmpc_test_lock(void *loc, int32_t gtid, void **lock);
void __kmpc_destroy_lock(void *loc, int32_t gtid, void **lock);
void __kmpc_init_nest_lock(void *loc, int32_t gtid, void **lock);
void __kmpc_set_nest_lock(void *loc, int32_t gtid, void **lock);
void __kmpc_unset_nest_lock(void *loc, int32_t gtid, void **lock);
int __kmpc_test_nest_lock(void *loc, int32_t gtid, void **lock);
void __kmpc_destroy_nest_lock(void *loc, int32_t gtid, void **lock);
int32_t __kmpc_global_thread_num(void *loc);

#define ITERS 20000

static void simple_lock_values(void) {
  omp_lock_t lock;
  omp_init_lock(&lock);
  CHECK_EQ_INT(omp_test_lock(&lock), 1);
  /* The owner testing again does not get it a second time. */
  CHECK_EQ_INT(omp_test_lock(&lock), 0);
  int other_got = -1;
#pragma omp parallel num_threads(2)
  if (omp_get_thread_num() == 1)
    other_got = omp_test_lock(&lock);
  CHECK_EQ_INT(other_got, 0);
  omp_unset_lock(&lock);
  CHECK_EQ_INT(omp_test_lock(&lock), 1);
  omp_unset_lock(&lock);
  omp_destroy_lock(&lock);
  /* Re-initialised after destroy, with a hint. */
  omp_init_lock_with_hint(&lock, omp_sync_hint_speculative);
  omp_set_lock(&lock);
  CHECK_EQ_INT(omp_test_lock(&lock), 0);
  omp_unset_lock(&lock);
  omp_destroy_lock(&lock);
}

static void nest_lock_values(void) {
  omp_nest_lock_t lock;
  omp_init_nest_lock(&lock);
  CHECK_EQ_INT(omp_test_nest_lock(&lock), 1);
  CHECK_EQ_INT(omp_test_nest_lock(&lock), 2);
  omp_set_nest_lock(&lock); /* depth 3 */
  CHECK_EQ_INT(omp_test_nest_lock(&lock), 4);
  int other_got = -1, other_after = -1;
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 1)
      other_got = omp_test_nest_lock(&lock);
#pragma omp barrier
    /* Thread 0 releases all four levels; then thread 1 can take it. */
    if (omp_get_thread_num() == 0)
      for (int i = 0; i < 4; i++)
        omp_unset_nest_lock(&lock);
#pragma omp barrier
    if (omp_get_thread_num() == 1) {
      other_after = omp_test_nest_lock(&lock);
      omp_unset_nest_lock(&lock);
    }
  }
  CHECK_EQ_INT(other_got, 0);
  CHECK_EQ_INT(other_after, 1);
  CHECK_EQ_INT(omp_test_nest_lock(&lock), 1);
  omp_unset_nest_lock(&lock);
  omp_destroy_nest_lock(&lock);
  omp_init_nest_lock_with_hint(&lock, omp_sync_hint_contended);
  CHECK_EQ_INT(omp_test_nest_lock(&lock), 1);
  omp_unset_nest_lock(&lock);
  omp_destroy_nest_lock(&lock);
}

/* Four threads hammer one lock; a plain counter must come out exact. */
static void contention(void) {
  omp_lock_t lock;
  omp_nest_lock_t nest;
  omp_init_lock(&lock);
  omp_init_nest_lock(&nest);
  long count = 0, nest_count = 0;
  int inside = 0, overlap = 0, nthreads = 0;
#pragma omp parallel num_threads(4)
  {
#pragma omp single
    nthreads = omp_get_num_threads();
    for (int i = 0; i < ITERS; i++) {
      if (i % 3 == 0) {
        while (!omp_test_lock(&lock))
          ;
      } else {
        omp_set_lock(&lock);
      }
      if (++inside != 1)
        overlap = 1;
      count++;
      inside--;
      omp_unset_lock(&lock);

      omp_set_nest_lock(&nest);
      omp_set_nest_lock(&nest);
      nest_count++;
      omp_unset_nest_lock(&nest);
      nest_count++;
      omp_unset_nest_lock(&nest);
    }
  }
  CHECK_EQ_INT(nthreads, 4);
  CHECK_EQ_INT(count, 4L * ITERS);
  CHECK_EQ_INT(nest_count, 8L * ITERS);
  CHECK_EQ_INT(overlap, 0);
  omp_destroy_lock(&lock);
  omp_destroy_nest_lock(&nest);
}

/* clang never emits these, but LLVM exports them on the same objects. */
static void kmpc_entry_points(void) {
  int32_t gtid = __kmpc_global_thread_num(NULL);
  omp_lock_t lock;
  __kmpc_init_lock(NULL, gtid, (void **)&lock);
  __kmpc_set_lock(NULL, gtid, (void **)&lock);
  CHECK_EQ_INT(omp_test_lock(&lock), 0);
  __kmpc_unset_lock(NULL, gtid, (void **)&lock);
  CHECK_EQ_INT(__kmpc_test_lock(NULL, gtid, (void **)&lock), 1);
  omp_unset_lock(&lock);
  __kmpc_destroy_lock(NULL, gtid, (void **)&lock);

  omp_nest_lock_t nest;
  __kmpc_init_nest_lock(NULL, gtid, (void **)&nest);
  __kmpc_set_nest_lock(NULL, gtid, (void **)&nest);
  CHECK_EQ_INT(omp_test_nest_lock(&nest), 2);
  CHECK_EQ_INT(__kmpc_test_nest_lock(NULL, gtid, (void **)&nest), 3);
  for (int i = 0; i < 3; i++)
    __kmpc_unset_nest_lock(NULL, gtid, (void **)&nest);
  CHECK_EQ_INT(omp_test_nest_lock(&nest), 1);
  omp_unset_nest_lock(&nest);
  __kmpc_destroy_nest_lock(NULL, gtid, (void **)&nest);
}

int main(void) {
  simple_lock_values();
  nest_lock_values();
  contention();
  kmpc_entry_points();
  CHECK_DONE();
}
