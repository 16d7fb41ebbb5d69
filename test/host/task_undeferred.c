/* Undeferred and included tasks: if(0) runs on the encountering thread
 * before the construct ends; final(1) makes all descendants included (run
 * at once, in creation order, on the same thread, omp_in_final true);
 * mergeable; omp_in_final / omp_in_explicit_task in every kind of task. */
#include <omp.h>
#include <stdatomic.h>

#include "check.h"

int main(void) {
  CHECK_EQ_INT(omp_in_explicit_task(), 0);
  CHECK_EQ_INT(omp_in_final(), 0);

  int if0_thread = -1, me = -1, if0_explicit = -1, if0_final = -1, order_ok = 1;
  int seq = 0;
#pragma omp parallel num_threads(4)
#pragma omp single
  {
    me = omp_get_thread_num();
    CHECK_EQ_INT(omp_in_explicit_task(), 0);
    for (int i = 0; i < 20; i++) {
#pragma omp task if (0) firstprivate(i) shared(if0_thread, if0_explicit, if0_final, seq, order_ok)
      {
        if (seq != i)
          order_ok = 0;
        seq++;
        if0_thread = omp_get_thread_num();
        if0_explicit = omp_in_explicit_task();
        if0_final = omp_in_final();
      }
      if (seq != i + 1) /* the task ended before the construct did */
        order_ok = 0;
    }
  }
  CHECK_EQ_INT(if0_thread, me);
  CHECK_EQ_INT(if0_explicit, 1);
  CHECK_EQ_INT(if0_final, 0);
  CHECK_EQ_INT(order_ok, 1);

  /* final(1): descendants are included tasks. */
  int included_thread[8], final_seq[8], in_final[8], explicit_[8], final_thread = -1;
  int fseq = 0, outer_in_final = -1;
#pragma omp parallel num_threads(4)
#pragma omp single
  {
#pragma omp task final(1) shared(included_thread, final_seq, in_final, explicit_, fseq, \
                                     final_thread, outer_in_final)
    {
      final_thread = omp_get_thread_num();
      outer_in_final = omp_in_final();
      for (int i = 0; i < 8; i++) {
#pragma omp task firstprivate(i) shared(included_thread, final_seq, in_final, explicit_, fseq)
        {
          /* grandchildren are included too */
#pragma omp task shared(fseq)
          fseq += 0;
          included_thread[i] = omp_get_thread_num();
          final_seq[i] = fseq++;
          in_final[i] = omp_in_final();
          explicit_[i] = omp_in_explicit_task();
        }
        /* Included: already done here. */
        if (fseq != i + 1)
          final_seq[i] = -100;
      }
    }
  }
  CHECK_EQ_INT(outer_in_final, 1);
  for (int i = 0; i < 8; i++) {
    CHECK(included_thread[i] == final_thread, "included task %d ran on thread %d, not %d", i,
          included_thread[i], final_thread);
    CHECK(final_seq[i] == i, "included task %d ran at %d", i, final_seq[i]);
    CHECK_EQ_INT(in_final[i], 1);
    CHECK_EQ_INT(explicit_[i], 1);
  }

  /* final(expr) evaluated at run time; mergeable tasks give the same
   * results merged or not. */
  int dyn_final[2] = {-1, -1};
  long merged_sum = 0;
#pragma omp parallel num_threads(4)
#pragma omp single
  {
    for (int f = 0; f < 2; f++) {
#pragma omp task final(f == 1) firstprivate(f) shared(dyn_final)
      dyn_final[f] = omp_in_final();
    }
    for (int i = 0; i < 100; i++) {
#pragma omp task mergeable firstprivate(i) shared(merged_sum)
      __atomic_fetch_add(&merged_sum, i, __ATOMIC_RELAXED);
    }
#pragma omp task final(1) mergeable shared(merged_sum)
    {
      int local = 1;
#pragma omp task mergeable firstprivate(local) shared(merged_sum)
      __atomic_fetch_add(&merged_sum, local * 1000, __ATOMIC_RELAXED);
    }
#pragma omp taskwait
  }
  CHECK_EQ_INT(dyn_final[0], 0);
  CHECK_EQ_INT(dyn_final[1], 1);
  CHECK_EQ_INT(merged_sum, 4950 + 1000);

  /* Deferred tasks see omp_in_explicit_task() == 1 and omp_in_final() == 0. */
  atomic_int explicit_count = 0, final_count = 0;
#pragma omp parallel num_threads(4)
#pragma omp single
  for (int i = 0; i < 50; i++) {
#pragma omp task shared(explicit_count, final_count)
    {
      atomic_fetch_add(&explicit_count, omp_in_explicit_task());
      atomic_fetch_add(&final_count, omp_in_final());
    }
  }
  CHECK_EQ_INT(atomic_load(&explicit_count), 50);
  CHECK_EQ_INT(atomic_load(&final_count), 0);
  CHECK_DONE();
}
