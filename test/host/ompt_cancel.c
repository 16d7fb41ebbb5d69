/* OMPT: cancellation as a tool sees it (run with OMP_CANCELLATION=true) —
 * the cancel that activates a request, the members that detect it at a
 * cancellation point or barrier, and the tasks a cancelled taskgroup
 * discards without running them. */
#include "ompt_record.h"

static void check_parallel_cancel(void) {
  int from = rec_mark();
#pragma omp parallel num_threads(3)
  {
    if (omp_get_thread_num() == 0) {
#pragma omp cancel parallel
    }
#pragma omp barrier
  }
  int activated = 0, detected = 0;
  for (int i = from; i < rec_count; i++) {
    struct rec_event *e = &rec_log[i];
    if (e->kind != REC_CANCEL)
      continue;
    REC_CHECK(e->x & ompt_cancel_parallel, "cancel flags %#x lack parallel", e->x);
    activated += (e->x & ompt_cancel_activated) != 0;
    detected += (e->x & ompt_cancel_detected) != 0;
  }
  REC_CHECK(activated == 1, "%d activated parallel cancellations, not 1", activated);
  REC_CHECK(detected >= 1, "no thread detected the cancellation");
}

static void check_taskgroup_cancel(void) {
  int from = rec_mark();
  int ran = 0, order = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp taskgroup
    {
#pragma omp task depend(out : order)
      {
#pragma omp cancel taskgroup
      }
      /* the tasks below can start only after the cancel: all discarded */
      for (int i = 0; i < 4; i++) {
#pragma omp task shared(ran) depend(in : order)
        {
#pragma omp atomic
          ran++;
        }
      }
    }
  }
  int activated = 0, discarded = 0, ended_cancelled = 0;
  for (int i = from; i < rec_count; i++) {
    struct rec_event *e = &rec_log[i];
    /* tasks of the cancelled taskgroup end as cancelled, as LLVM says */
    ended_cancelled += e->kind == REC_TASK_SCHEDULE && e->x == ompt_task_cancel;
    if (e->kind != REC_CANCEL)
      continue;
    activated += (e->x & (ompt_cancel_taskgroup | ompt_cancel_activated)) ==
                 (ompt_cancel_taskgroup | ompt_cancel_activated);
    /* a discarded task names the cancellation that discarded it, as LLVM;
     * tools print that name (LLVM's callback.h crashed on ours without it) */
    if (e->x & ompt_cancel_discarded_task) {
      REC_CHECK(e->x == (ompt_cancel_taskgroup | ompt_cancel_discarded_task),
                "discarded task's cancel flags %#x, expected taskgroup|discarded",
                e->x);
      discarded++;
    }
  }
  REC_CHECK(activated == 1, "%d activated taskgroup cancellations, not 1", activated);
  REC_CHECK(ended_cancelled == 5, "%d tasks ended as ompt_task_cancel, not 5",
            ended_cancelled);
  REC_CHECK(discarded == 4 && ran == 0, "%d tasks discarded and %d ran, of 4", discarded,
            ran);
}

static void rec_at_finalize(void) {}

int main(void) {
  if (!omp_get_cancellation()) {
    printf("FAIL: run with OMP_CANCELLATION=true\n");
    return 1;
  }
  check_parallel_cancel();
  check_taskgroup_cancel();
  printf("checked %d events\n", rec_count);
  return rec_failures != 0;
}
