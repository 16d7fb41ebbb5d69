/* OMPT: synchronization and worksharing as a tool sees them — barrier
 * kinds, locks (simple and nestable, with their init/destroy), critical
 * and ordered as mutexes, worksharing loops of each schedule, sections,
 * single and masked regions. Each event is checked per thread and paired. */
#include "ompt_record.h"

#define NTHREADS 3

/* Begin/end events of kind `x` on each thread: as many ends as begins. */
static void check_pairs(int from, int begin_kind, int end_kind, int x, int per_thread,
                        const char *what) {
  uint64_t threads[64];
  int nthreads = 0;
  for (int i = from; i < rec_count; i++) {
    struct rec_event *e = &rec_log[i];
    if (e->kind != begin_kind || e->x != x)
      continue;
    int seen = 0;
    for (int t = 0; t < nthreads; t++)
      seen |= threads[t] == e->thread;
    if (!seen && nthreads < 64)
      threads[nthreads++] = e->thread;
  }
  for (int t = 0; t < nthreads; t++) {
    int begins = 0, ends = 0, open = 0, nested_ok = 1;
    for (int i = from; i < rec_count; i++) {
      struct rec_event *e = &rec_log[i];
      if (e->thread != threads[t] || e->x != x)
        continue;
      if (e->kind == begin_kind) {
        begins++;
        open++;
      } else if (e->kind == end_kind) {
        ends++;
        if (--open < 0)
          nested_ok = 0;
      }
    }
    REC_CHECK(begins == per_thread && ends == per_thread && nested_ok,
              "%s: thread %llu has %d begins, %d ends (want %d)", what,
              (unsigned long long)threads[t], begins, ends, per_thread);
  }
  REC_CHECK(per_thread == 0 || nthreads == NTHREADS, "%s: seen on %d threads, not %d", what,
            nthreads, NTHREADS);
}

static void check_barriers_and_work(void) {
  int from = rec_mark();
  int sum = 0;
#pragma omp parallel num_threads(NTHREADS) reduction(+ : sum)
  {
#pragma omp barrier
#pragma omp for schedule(static)
    for (int i = 0; i < 30; i++)
      sum += 1;
#pragma omp for schedule(dynamic, 2)
    for (int i = 0; i < 30; i++)
      sum += 1;
#pragma omp for schedule(guided)
    for (int i = 0; i < 30; i++)
      sum += 1;
#pragma omp sections
    {
#pragma omp section
      sum += 1;
#pragma omp section
      sum += 1;
    }
#pragma omp single
    sum += 1;
#pragma omp masked
    sum += 1;
  }
  REC_CHECK(sum == 94, "worksharing sum %d, not 94", sum);
  check_pairs(from, REC_SYNC_BEGIN, REC_SYNC_END, ompt_sync_region_barrier_explicit, 1,
              "explicit barrier");
  /* the implicit barriers of the three loops, sections and single */
  check_pairs(from, REC_SYNC_BEGIN, REC_SYNC_END, ompt_sync_region_barrier_implicit_workshare,
              5, "worksharing barriers");
  check_pairs(from, REC_WORK_BEGIN, REC_WORK_END, ompt_work_loop_static, 1, "static loop");
  check_pairs(from, REC_WORK_BEGIN, REC_WORK_END, ompt_work_loop_dynamic, 1, "dynamic loop");
  check_pairs(from, REC_WORK_BEGIN, REC_WORK_END, ompt_work_loop_guided, 1, "guided loop");
  check_pairs(from, REC_WORK_BEGIN, REC_WORK_END, ompt_work_sections, 1, "sections");
  struct rec_event *loop = NULL;
  for (int i = from; i < rec_count && !loop; i++)
    if (rec_log[i].kind == REC_WORK_BEGIN && rec_log[i].x == ompt_work_loop_dynamic)
      loop = &rec_log[i];
  REC_CHECK(loop && loop->c == 30, "dynamic loop: count %llu, not 30",
            loop ? (unsigned long long)loop->c : 0ULL);
  int executors = 0, others = 0, masked = 0, masked_end = 0;
  for (int i = from; i < rec_count; i++) {
    struct rec_event *e = &rec_log[i];
    executors += e->kind == REC_WORK_BEGIN && e->x == ompt_work_single_executor;
    others += e->kind == REC_WORK_BEGIN && e->x == ompt_work_single_other;
    masked += e->kind == REC_MASKED_BEGIN;
    masked_end += e->kind == REC_MASKED_END;
  }
  REC_CHECK(executors == 1 && others == NTHREADS - 1, "single: %d executors, %d others",
            executors, others);
  REC_CHECK(masked == 1 && masked_end == 1, "masked: %d begins, %d ends", masked, masked_end);
  /* each barrier's wait lies inside its region, once per thread */
  check_pairs(from, REC_WAIT_BEGIN, REC_WAIT_END, ompt_sync_region_barrier_explicit, 1,
              "explicit barrier wait");
  /* the chunks handed out cover each loop once: 3 loops of 30 */
  uint64_t iterations[4] = {0};
  int sections = 0;
  for (int i = from; i < rec_count; i++) {
    struct rec_event *e = &rec_log[i];
    if (e->kind != REC_DISPATCH)
      continue;
    if (e->x == ompt_dispatch_ws_loop_chunk)
      iterations[0] += e->c;
    sections += e->x == ompt_dispatch_section;
  }
  REC_CHECK(iterations[0] == 90, "loop chunks cover %llu iterations, not 90",
            (unsigned long long)iterations[0]);
  REC_CHECK(sections >= 1, "no section dispatched");
  /* the reduction: every member's part, begun and ended */
  check_pairs(from, REC_REDUCTION_BEGIN, REC_REDUCTION_END, ompt_sync_region_reduction, 1,
              "reduction");
}

static void check_flush_and_error(void) {
  int from = rec_mark();
#pragma omp flush
#pragma omp error at(execution) severity(warning) message("ompt test warning")
  struct rec_event *flush = rec_find(from, REC_FLUSH);
  REC_CHECK(flush && flush->a == rec_thread() && flush->ra, "flush event");
  struct rec_event *error = rec_find(from, REC_ERROR);
  REC_CHECK(error && error->x == ompt_warning && error->c == strlen("ompt test warning") &&
                strcmp(rec_error_message, "ompt test warning") == 0,
            "error event (severity, message)");
}

static void check_mutexes(void) {
  int from = rec_mark();
  omp_lock_t lock;
  omp_nest_lock_t nest;
  omp_init_lock_with_hint(&lock, omp_sync_hint_contended);
  omp_init_nest_lock(&nest);
  int in_critical = 0, in_lock = 0, in_nest = 0, ordered_next = 0, ordered_ok = 1;
#pragma omp parallel num_threads(NTHREADS)
  {
#pragma omp critical
    in_critical++;
    omp_set_lock(&lock);
    in_lock++;
    omp_unset_lock(&lock);
    omp_set_nest_lock(&nest);
    omp_set_nest_lock(&nest);
    in_nest++;
    omp_unset_nest_lock(&nest);
    omp_unset_nest_lock(&nest);
#pragma omp for ordered schedule(dynamic)
    for (int i = 0; i < 9; i++) {
#pragma omp ordered
      {
        if (ordered_next != i)
          ordered_ok = 0;
        ordered_next++;
      }
    }
  }
  omp_destroy_lock(&lock);
  omp_destroy_nest_lock(&nest);
  REC_CHECK(in_critical == NTHREADS && in_lock == NTHREADS && in_nest == NTHREADS && ordered_ok,
            "mutual exclusion broken");
  struct rec_event *init = rec_find(from, REC_LOCK_INIT);
  REC_CHECK(init && init->a == (uint64_t)(uintptr_t)&lock && init->x == ompt_mutex_lock &&
                init->y == omp_sync_hint_contended,
            "lock_init: wait id, kind or hint");
  int destroys = rec_count_kind(from, REC_LOCK_DESTROY);
  REC_CHECK(destroys == 2, "%d lock_destroy events, not 2", destroys);
  /* each kind: acquire, acquired, released per acquisition, wait id = the object */
  struct {
    int kind, per_thread;
    const char *what;
  } kinds[] = {{ompt_mutex_critical, 1, "critical"},
               {ompt_mutex_lock, 1, "lock"},
               {ompt_mutex_nest_lock, 1, "nest lock"}};
  for (int k = 0; k < 3; k++) {
    int acquire = 0, acquired = 0, released = 0;
    uint64_t id = 0;
    for (int i = from; i < rec_count; i++) {
      struct rec_event *e = &rec_log[i];
      if (e->x != kinds[k].kind)
        continue;
      if (e->kind == REC_MUTEX_ACQUIRE || e->kind == REC_MUTEX_ACQUIRED ||
          e->kind == REC_MUTEX_RELEASED) {
        REC_CHECK(!id || e->a == id, "%s: more than one wait id", kinds[k].what);
        id = e->a;
      }
      acquire += e->kind == REC_MUTEX_ACQUIRE;
      acquired += e->kind == REC_MUTEX_ACQUIRED;
      released += e->kind == REC_MUTEX_RELEASED;
    }
    /* a nest lock's second set is an acquire, then a nest_lock begin */
    int want_acquire = NTHREADS * (kinds[k].kind == ompt_mutex_nest_lock ? 2 : 1);
    REC_CHECK(acquire == want_acquire && acquired == NTHREADS && released == NTHREADS,
              "%s: %d acquire, %d acquired, %d released", kinds[k].what, acquire, acquired,
              released);
  }
  REC_CHECK(rec_count_kind(from, REC_NEST_BEGIN) == NTHREADS &&
                rec_count_kind(from, REC_NEST_END) == NTHREADS,
            "nest lock: nesting events");
  int ordered_acquired = 0, ordered_released = 0;
  for (int i = from; i < rec_count; i++) {
    ordered_acquired += rec_log[i].kind == REC_MUTEX_ACQUIRED && rec_log[i].x == ompt_mutex_ordered;
    ordered_released += rec_log[i].kind == REC_MUTEX_RELEASED && rec_log[i].x == ompt_mutex_ordered;
  }
  REC_CHECK(ordered_acquired == 9 && ordered_released == 9, "ordered: %d acquired, %d released",
            ordered_acquired, ordered_released);
  /* a test_lock that fails reports no acquired */
  from = rec_mark();
  omp_init_lock(&lock);
  omp_set_lock(&lock);
  int got = 1;
#pragma omp parallel num_threads(2)
  if (omp_get_thread_num() == 1)
    got = omp_test_lock(&lock);
  omp_unset_lock(&lock);
  omp_destroy_lock(&lock);
  int test_acquired = 0;
  for (int i = from; i < rec_count; i++)
    test_acquired += rec_log[i].kind == REC_MUTEX_ACQUIRED && rec_log[i].x == ompt_mutex_test_lock;
  REC_CHECK(got == 0 && test_acquired == 0, "a failed omp_test_lock reported as acquired");
}

static void rec_at_finalize(void) {}

int main(void) {
  check_barriers_and_work();
  check_mutexes();
  check_flush_and_error();
  printf("checked %d events\n", rec_count);
  return rec_failures != 0;
}
