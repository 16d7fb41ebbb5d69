/* OMPT: explicit tasks as a tool sees them — creation with their flags,
 * dependences of every kind, scheduling (each task switched to once and
 * completed once, on some thread), undeferred and included tasks, detached
 * tasks' fulfilment, taskwait and taskgroup regions, and taskloop. */
#include "kmp_tasks.h"
#include "ompt_record.h"

/* Every task created since `from`: switched to exactly once, completed
 * exactly once, and the completion after the switch. */
static void check_schedules(int from, const char *what) {
  for (int i = from; i < rec_count; i++) {
    if (rec_log[i].kind != REC_TASK_CREATE)
      continue;
    uint64_t id = rec_log[i].a;
    int switched = -1, completed = -1, nswitch = 0, ncomplete = 0;
    for (int j = from; j < rec_count; j++) {
      struct rec_event *e = &rec_log[j];
      if (e->kind != REC_TASK_SCHEDULE)
        continue;
      if (e->b == id && e->x == ompt_task_switch) {
        nswitch++;
        switched = j;
      }
      if (e->a == id && e->x == ompt_task_complete) {
        ncomplete++;
        completed = j;
      }
    }
    REC_CHECK(nswitch == 1 && ncomplete == 1 && switched < completed,
              "%s: task %llu switched to %d times, completed %d times", what,
              (unsigned long long)id, nswitch, ncomplete);
  }
}

static void check_deferred_with_deps(void) {
  int from = rec_mark();
  int x = 0, y = 0, z = 0, order[3] = {0}, step = 0, second_made = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
    /* the first task outlives the second's creation, so the two are
     * linked (a predecessor already complete makes no dependence) */
#pragma omp task depend(out : x) shared(order, step, second_made)
    {
      while (!__atomic_load_n(&second_made, __ATOMIC_ACQUIRE))
        ;
      order[0] = ++step;
    }
#pragma omp task depend(in : x) depend(inout : y) shared(order, step)
    order[1] = ++step;
    __atomic_store_n(&second_made, 1, __ATOMIC_RELEASE);
#pragma omp task depend(mutexinoutset : z) shared(order, step)
    order[2] = 1;
#pragma omp task depend(inoutset : z)
    {
    }
#pragma omp taskwait
  }
  REC_CHECK(order[0] == 1 && order[1] == 2 && order[2] == 1, "dependences not honoured");
  int created = 0, with_deps = 0;
  for (int i = from; i < rec_count; i++) {
    struct rec_event *e = &rec_log[i];
    if (e->kind != REC_TASK_CREATE)
      continue;
    created++;
    with_deps += e->y;
    REC_CHECK(e->x & ompt_task_explicit, "task_create flags %#x lack explicit", e->x);
    REC_CHECK(e->ra != NULL, "task_create without a return address");
  }
  REC_CHECK(created == 4 && with_deps == 4, "%d tasks created, %d with dependences", created,
            with_deps);
  /* the reported dependences, in creation order (clang encodes out as
   * LLVM's in|out, so a tool sees inout, with either runtime) */
  int want[4][3] = {{1, ompt_dependence_type_inout, 0},
                    {2, ompt_dependence_type_in, ompt_dependence_type_inout},
                    {1, ompt_dependence_type_mutexinoutset, 0},
                    {1, ompt_dependence_type_inoutset, 0}};
  void *vars[4] = {&x, &x, &z, &z};
  int k = 0;
  for (int i = from; i < rec_count && k < 4; i++) {
    struct rec_event *e = &rec_log[i];
    if (e->kind != REC_DEPENDENCES)
      continue;
    REC_CHECK(e->x == want[k][0] && e->y == want[k][1] && (!want[k][2] || e->z == want[k][2]),
              "task %d: dependences n=%d types %d,%d", k, e->x, e->y, e->z);
    REC_CHECK(e->b == (uint64_t)(uintptr_t)vars[k], "task %d: dependence variable", k);
    /* reported right after its task's creation, on the creating thread */
    int prev = i - 1;
    while (prev >= from && rec_log[prev].thread != e->thread)
      prev--;
    REC_CHECK(prev >= from && rec_log[prev].kind == REC_TASK_CREATE && rec_log[prev].a == e->a,
              "task %d: dependences not right after task_create", k);
    k++;
  }
  REC_CHECK(k == 4, "%d dependences events, not 4", k);
  check_schedules(from, "tasks with dependences");
  /* the edges between them: the first two (x), the last two (z) */
  int edges = rec_count_kind(from, REC_TASK_DEPENDENCE);
  REC_CHECK(edges >= 1, "no task_dependence between dependent tasks");
  for (int i = from; i < rec_count; i++) {
    struct rec_event *e = &rec_log[i];
    if (e->kind != REC_TASK_DEPENDENCE)
      continue;
    int src = -1, sink = -1;
    for (int j = from; j < rec_count; j++) {
      if (rec_log[j].kind == REC_TASK_CREATE && rec_log[j].a == e->a)
        src = j;
      if (rec_log[j].kind == REC_TASK_CREATE && rec_log[j].a == e->b)
        sink = j;
    }
    REC_CHECK(src >= 0 && sink > src, "task_dependence between tasks %llu and %llu",
              (unsigned long long)e->a, (unsigned long long)e->b);
  }
  /* the taskwait: a sync region of kind taskwait, begun and ended once */
  int tw_begin = 0, tw_end = 0;
  for (int i = from; i < rec_count; i++) {
    tw_begin += rec_log[i].kind == REC_SYNC_BEGIN && rec_log[i].x == ompt_sync_region_taskwait;
    tw_end += rec_log[i].kind == REC_SYNC_END && rec_log[i].x == ompt_sync_region_taskwait;
  }
  REC_CHECK(tw_begin == 1 && tw_end == 1, "taskwait regions: %d begins, %d ends", tw_begin,
            tw_end);
  (void)y;
}

static void check_undeferred_and_included(void) {
  int from = rec_mark();
  int a = 0, b = 0;
#pragma omp task if (0) shared(a)
  a = 1;
#pragma omp task final(1) shared(b)
  {
#pragma omp task shared(b)
    b = 1;
  }
  REC_CHECK(a == 1 && b == 1, "undeferred/included tasks did not run");
  struct rec_event *undeferred = rec_find(from, REC_TASK_CREATE);
  REC_CHECK(undeferred && (undeferred->x & ompt_task_undeferred),
            "task if(0): flags %#x lack undeferred", undeferred ? undeferred->x : 0);
  int finals = 0, included = 0;
  for (int i = from; i < rec_count; i++) {
    finals += rec_log[i].kind == REC_TASK_CREATE && (rec_log[i].x & ompt_task_final);
    included += rec_log[i].kind == REC_TASK_CREATE &&
                rec_log[i].x == (ompt_task_explicit | ompt_task_final | ompt_task_undeferred);
  }
  REC_CHECK(finals == 2, "%d tasks flagged final, not 2 (the final task and its child)",
            finals);
  /* an included task is undeferred (OpenMP's definition, and LLVM) */
  REC_CHECK(included >= 1, "the final task's child is not flagged undeferred");
  check_schedules(from, "undeferred and included tasks");

  /* A team of one runs its tasks at once, untied parts included (LLVM's
   * serial teams), and says so. */
  from = rec_mark();
  int parts = 0, seen = -1;
#pragma omp parallel num_threads(1)
  {
#pragma omp task untied shared(parts)
    {
      parts = 1;
#pragma omp taskyield
      parts = 2;
    }
    seen = parts; /* no scheduling point since the task construct */
  }
  REC_CHECK(seen == 2, "team of one: the untied task's parts ran %d of 2 at once", seen);
  struct rec_event *create = rec_find(from, REC_TASK_CREATE);
  REC_CHECK(create && (create->x & ompt_task_undeferred),
            "team of one: task flags %#x lack undeferred", create ? create->x : 0);
}

static void check_detach(void) {
  int from = rec_mark();
  omp_event_handle_t event = (omp_event_handle_t)0;
  int ran = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task detach(event) shared(ran)
    __atomic_store_n(&ran, 1, __ATOMIC_RELEASE);
    while (!__atomic_load_n(&ran, __ATOMIC_ACQUIRE))
      ;
    omp_fulfill_event(event);
#pragma omp taskwait
  }
  struct rec_event *create = rec_find(from, REC_TASK_CREATE);
  REC_CHECK(create != NULL, "detached task: no task_create");
  if (!create)
    return;
  /* the event is fulfilled after the body ended (detach, then late
   * fulfill) or, when main gets there first, while it is still ending
   * (early fulfill, then complete) */
  int detach = 0, late = 0, early = 0, complete = 0;
  for (int i = from; i < rec_count; i++) {
    struct rec_event *e = &rec_log[i];
    if (e->kind == REC_TASK_SCHEDULE && e->a == create->a) {
      detach += e->x == ompt_task_detach;
      late += e->x == ompt_task_late_fulfill;
      early += e->x == ompt_task_early_fulfill;
      complete += e->x == ompt_task_complete;
    }
  }
  REC_CHECK((detach == 1 && late == 1 && early == 0 && complete == 0) ||
                (detach == 0 && late == 0 && early == 1 && complete == 1),
            "detached task: %d detach, %d late, %d early fulfill, %d complete", detach, late,
            early, complete);
}

static void check_taskgroup_and_taskloop(void) {
  int from = rec_mark();
  int sum = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp taskgroup
    {
#pragma omp task shared(sum)
#pragma omp atomic
      sum += 1;
    }
#pragma omp taskloop grainsize(4) reduction(+ : sum)
    for (int i = 0; i < 16; i++)
      sum += 1;
  }
  REC_CHECK(sum == 17, "taskgroup/taskloop sum %d", sum);
  int tg_begin = 0, tg_end = 0, loop_begin = 0, loop_end = 0;
  for (int i = from; i < rec_count; i++) {
    struct rec_event *e = &rec_log[i];
    tg_begin += e->kind == REC_SYNC_BEGIN && e->x == ompt_sync_region_taskgroup;
    tg_end += e->kind == REC_SYNC_END && e->x == ompt_sync_region_taskgroup;
    loop_begin += e->kind == REC_WORK_BEGIN && e->x == ompt_work_taskloop && e->c == 16;
    loop_end += e->kind == REC_WORK_END && e->x == ompt_work_taskloop;
  }
  /* the taskgroup construct, and the taskloop's own (no nogroup) */
  REC_CHECK(tg_begin == 2 && tg_end == 2, "taskgroup regions: %d begins, %d ends", tg_begin,
            tg_end);
  REC_CHECK(loop_begin == 1 && loop_end == 1, "taskloop work: %d begins, %d ends",
            loop_begin, loop_end);
  /* the taskloop's chunks, each reported by the task that runs it */
  uint64_t chunked = 0;
  for (int i = from; i < rec_count; i++)
    if (rec_log[i].kind == REC_DISPATCH && rec_log[i].x == ompt_dispatch_taskloop_chunk)
      chunked += rec_log[i].c;
  REC_CHECK(chunked == 16, "taskloop chunks cover %llu iterations, not 16",
            (unsigned long long)chunked);
  /* the taskloop's 4 tasks and the grouped task, each scheduled once */
  int created = rec_count_kind(from, REC_TASK_CREATE);
  REC_CHECK(created >= 5, "only %d tasks created", created);
  check_schedules(from, "taskgroup and taskloop");
}

/* omp_all_memory, in clang's encoding (flag 0x80) and in the other one
 * LLVM's runtime accepts (the address -1, here with in|out): a tool hears
 * out_all_memory for both, as from LLVM (ompt/tasks/omp_task_depend_all.c) */
static int all_memory_ran;
static int32_t all_memory_entry(int32_t gtid, void *task) {
  (void)gtid;
  (void)task;
  __atomic_fetch_add(&all_memory_ran, 1, __ATOMIC_RELAXED);
  return 0;
}

static void check_all_memory(void) {
  int from = rec_mark();
#pragma omp task depend(inout : omp_all_memory)
  __atomic_fetch_add(&all_memory_ran, 1, __ATOMIC_RELAXED);
  int32_t gtid = __kmpc_global_thread_num(NULL);
  kmp_depend_info_t dep = {-1, 0, 3};
  kmp_task_t *task = __kmpc_omp_task_alloc(NULL, gtid, 1 /* tied */, sizeof(kmp_task_t), 0,
                                           all_memory_entry);
  __kmpc_omp_task_with_deps(NULL, gtid, task, 1, &dep, 0, NULL);
#pragma omp taskwait
  REC_CHECK(all_memory_ran == 2, "%d of 2 omp_all_memory tasks ran", all_memory_ran);
  int reported = 0;
  for (int i = from; i < rec_count; i++) {
    struct rec_event *e = &rec_log[i];
    if (e->kind != REC_DEPENDENCES)
      continue;
    REC_CHECK(e->x == 1 && e->y == ompt_dependence_type_out_all_memory,
              "omp_all_memory task %d: n=%d type %d", reported, e->x, e->y);
    reported++;
  }
  REC_CHECK(reported == 2, "%d dependences events for 2 omp_all_memory tasks", reported);
}

static void rec_at_finalize(void) {}

int main(void) {
  check_deferred_with_deps();
  check_undeferred_and_included();
  check_detach();
  check_taskgroup_and_taskloop();
  check_all_memory();
  printf("checked %d events\n", rec_count);
  return rec_failures != 0;
}
