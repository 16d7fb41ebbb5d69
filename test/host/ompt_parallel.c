/* OMPT: threads, parallel regions and implicit tasks as a tool sees them.
 *
 * A tool built into the program (ompt_record.h) logs every event; each
 * scenario then checks the log: a team of 3, a serialized region, nested
 * regions, a host teams league, and what the inquiry functions answer
 * inside a region. The finalizer checks the initial thread's end. */
#include "ompt_record.h"

static void check_team_region(void) {
  int from = rec_mark();
  int sizes[3] = {0}, levels_ok = 1, state_ok = 1, info_ok = 1, frames_ok = 1;
  uint64_t parallel_ids[3] = {0};
#pragma omp parallel num_threads(3)
  {
    int t = omp_get_thread_num();
    ompt_data_t *par = NULL;
    int size = 0;
    if (rec_get_parallel_info(0, &par, &size) != 2)
      levels_ok = 0;
    sizes[t] = size;
    parallel_ids[t] = par ? par->value : 0;
    /* level 1: the initial task's implicit region, one thread */
    int outer = 0;
    if (rec_get_parallel_info(1, NULL, &outer) != 2 || outer != 1)
      levels_ok = 0;
    if (rec_get_parallel_info(2, NULL, NULL) != 0)
      levels_ok = 0;
    ompt_wait_id_t wait;
    if (rec_get_state(&wait) != ompt_state_work_parallel)
      state_ok = 0;
    int flags = 0, thread_num = -1;
    ompt_data_t *task = NULL, *task_par = NULL;
    ompt_frame_t *frame = NULL;
    if (rec_get_task_info(0, &flags, &task, &frame, &task_par, &thread_num) != 2 ||
        !(flags & ompt_task_implicit) || thread_num != t || task_par != par || !frame)
      info_ok = 0;
    /* the body runs between the runtime's frames: its own exit frame is
     * set and no enter frame; the initial task waits in the runtime */
    if (!frame || !frame->exit_frame.ptr || frame->enter_frame.ptr)
      frames_ok = 0;
    ompt_frame_t *outer_frame = NULL;
    if (rec_get_task_info(1, &flags, NULL, &outer_frame, NULL, NULL) != 2 ||
        !(flags & ompt_task_initial))
      info_ok = 0;
    if (!outer_frame || outer_frame->exit_frame.ptr || !outer_frame->enter_frame.ptr)
      frames_ok = 0;
  }
  REC_CHECK(frames_ok, "task frames inside a region (exit/enter)");
  REC_CHECK(levels_ok, "ompt_get_parallel_info: wrong levels in a team of 3");
  REC_CHECK(state_ok, "ompt_get_state inside a region is not ompt_state_work_parallel");
  REC_CHECK(info_ok, "ompt_get_task_info inside a region: wrong flags/thread/region");
  for (int t = 0; t < 3; t++)
    REC_CHECK(sizes[t] == 3 && parallel_ids[t] == parallel_ids[0] && parallel_ids[0],
              "thread %d saw team size %d, region %llu", t, sizes[t],
              (unsigned long long)parallel_ids[t]);

  struct rec_event *begin = rec_find(from, REC_PARALLEL_BEGIN);
  REC_CHECK(begin != NULL, "no parallel_begin for a team of 3");
  if (!begin)
    return;
  REC_CHECK(begin->a == parallel_ids[0], "parallel_begin's region is not the one inside");
  REC_CHECK(begin->x == 3, "requested parallelism %d, not 3", begin->x);
  REC_CHECK((begin->y & ompt_parallel_team) && (begin->y & ompt_parallel_invoker_runtime),
            "parallel_begin flags %#x", begin->y);
  REC_CHECK(begin->ra != NULL, "parallel_begin without a return address");
  int implicit_begins = 0, index_seen = 0, ends = 0;
  for (int i = from; i < rec_count; i++) {
    struct rec_event *e = &rec_log[i];
    if (e->kind == REC_IMPLICIT_BEGIN && e->b == begin->a) {
      implicit_begins++;
      REC_CHECK(e->x == 3 && e->y >= 0 && e->y < 3 && e->z == ompt_task_implicit,
                "implicit_task begin: size %d index %d flags %#x", e->x, e->y, e->z);
      index_seen |= 1 << e->y;
    }
    if (e->kind == REC_PARALLEL_END && e->a == begin->a) {
      ends++;
      REC_CHECK(e->b == begin->b, "parallel_end's encountering task differs from begin's");
      REC_CHECK(e->y == begin->y && e->ra == begin->ra, "parallel_end's flags/ra differ");
      /* the master's implicit task ended before */
      int master_ended = 0;
      for (int j = from; j < i; j++)
        master_ended |= rec_log[j].kind == REC_IMPLICIT_END && rec_log[j].y == 0 &&
                        rec_log[j].thread == begin->thread;
      REC_CHECK(master_ended, "parallel_end before the master's implicit_task end");
    }
  }
  REC_CHECK(implicit_begins == 3 && index_seen == 7,
            "%d implicit_task begins (indices %#x) for a team of 3", implicit_begins, index_seen);
  REC_CHECK(ends == 1, "%d parallel_end events for one region", ends);
  /* the master's implicit barrier at the end */
  int joins = 0;
  for (int i = from; i < rec_count; i++)
    joins += rec_log[i].kind == REC_SYNC_BEGIN &&
             rec_log[i].x == ompt_sync_region_barrier_implicit_parallel &&
             rec_log[i].a == begin->a;
  REC_CHECK(joins == 3, "%d implicit-parallel barrier begins, not 3", joins);
}

static void check_serialized_and_nested(void) {
  int from = rec_mark();
  int off = 0;
#pragma omp parallel if (off)
  {
    int size = 0;
    rec_get_parallel_info(0, NULL, &size);
    REC_CHECK(size == 1, "serialized region: team size %d", size);
    /* the compiler calls the body itself (__kmpc_serialized_parallel): the
     * implicit task still has an exit frame, and is undeferred, as LLVM */
    int flags = 0;
    ompt_frame_t *frame = NULL;
    rec_get_task_info(0, &flags, NULL, &frame, NULL, NULL);
    REC_CHECK(flags == (ompt_task_implicit | ompt_task_undeferred),
              "serialized region: implicit task flags %#x", flags);
    REC_CHECK(frame && frame->exit_frame.ptr != NULL,
              "serialized region: the implicit task has no exit frame");
  }
  struct rec_event *begin = rec_find(from, REC_PARALLEL_BEGIN);
  REC_CHECK(begin && begin->x == 1, "serialized region: parallel_begin requested %d",
            begin ? begin->x : -1);
  struct rec_event *implicit = rec_find(from, REC_IMPLICIT_BEGIN);
  REC_CHECK(implicit && implicit->x == 1 && implicit->y == 0,
            "serialized region: implicit task size/index");
  REC_CHECK(rec_count_kind(from, REC_PARALLEL_END) == 1, "serialized region: no parallel_end");

  from = rec_mark();
  omp_set_max_active_levels(2);
  int inner_ok = 1;
#pragma omp parallel num_threads(2)
  {
#pragma omp parallel num_threads(2)
    {
      ompt_data_t *inner = NULL, *outer = NULL;
      int inner_size = 0, outer_size = 0;
      if (rec_get_parallel_info(0, &inner, &inner_size) != 2 ||
          rec_get_parallel_info(1, &outer, &outer_size) != 2 || inner == outer ||
          inner_size != 2 || outer_size != 2)
        inner_ok = 0;
    }
  }
  REC_CHECK(inner_ok, "nested regions: ompt_get_parallel_info levels 0 and 1");
  REC_CHECK(rec_count_kind(from, REC_PARALLEL_BEGIN) == 3,
            "nested regions: %d parallel_begin, not 3", rec_count_kind(from, REC_PARALLEL_BEGIN));
  REC_CHECK(rec_count_kind(from, REC_PARALLEL_END) == 3, "nested regions: parallel_end count");
}

static void check_teams(void) {
  int from = rec_mark();
#pragma omp teams num_teams(2)
  {
  }
  struct rec_event *begin = rec_find(from, REC_PARALLEL_BEGIN);
  REC_CHECK(begin && (begin->y & ompt_parallel_league), "teams: no league parallel_begin");
  int initial = 0;
  for (int i = from; i < rec_count; i++)
    initial += rec_log[i].kind == REC_IMPLICIT_BEGIN && (rec_log[i].z & ompt_task_initial);
  REC_CHECK(initial == 2, "teams: %d initial tasks, not 2", initial);
}

static uint64_t main_thread_id;

static void rec_at_finalize(void) {
  /* the initial thread's initial task and the thread itself ended */
  int task_end = 0, thread_end = 0;
  for (int i = 0; i < rec_count; i++) {
    task_end += rec_log[i].kind == REC_IMPLICIT_END && (rec_log[i].z & ompt_task_initial) &&
                rec_log[i].thread == main_thread_id && rec_log[i].y == 1;
    thread_end += rec_log[i].kind == REC_THREAD_END && rec_log[i].a == main_thread_id;
  }
  REC_CHECK(task_end == 1, "initial task end events: %d", task_end);
  REC_CHECK(thread_end == 1, "initial thread end events: %d", thread_end);
  REC_CHECK(rec_finalized == 1, "finalized %d times", rec_finalized);
}

int main(void) {
  /* The tool started before the first construct: thread_begin (initial),
   * then the initial task. */
  omp_get_max_threads();
  REC_CHECK(rec_count >= 2 && rec_log[0].kind == REC_THREAD_BEGIN &&
                rec_log[0].x == ompt_thread_initial,
            "the first event is not the initial thread's begin");
  REC_CHECK(rec_count >= 2 && rec_log[1].kind == REC_IMPLICIT_BEGIN &&
                rec_log[1].z == ompt_task_initial && rec_log[1].x == 1,
            "the second event is not the initial task's begin");
  main_thread_id = rec_log[0].a;
  check_team_region();
  check_serialized_and_nested();
  check_teams();
  /* every worker began as a worker */
  for (int i = 0; i < rec_count; i++)
    if (rec_log[i].kind == REC_THREAD_BEGIN && rec_log[i].a != main_thread_id)
      REC_CHECK(rec_log[i].x == ompt_thread_worker, "thread %llu began as type %d",
                (unsigned long long)rec_log[i].a, rec_log[i].x);
  printf("checked %d events\n", rec_count);
  return rec_failures != 0;
}
