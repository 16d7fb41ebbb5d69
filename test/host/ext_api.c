/* The ompc_* spellings and the remaining __kmpc_* calls: task ids,
 * num_threads push/pop/list/strict, __kmpc_invoke_task_func and
 * __kmpc_omp_task_parts. */
#include <omp.h>
#include <stdint.h>

#include "check.h"

extern void ompc_set_num_threads(int);
extern void ompc_set_dynamic(int);
extern void ompc_set_nested(int);
extern void ompc_set_max_active_levels(int);
extern void ompc_set_schedule(omp_sched_t, int);
extern int ompc_get_ancestor_thread_num(int);
extern int ompc_get_team_size(int);

extern int __kmpc_global_thread_num(void *loc);
extern void __kmpc_push_num_threads(void *loc, int gtid, int nthreads);
extern void __kmpc_pop_num_threads(void *loc, int gtid);
extern void __kmpc_push_num_threads_list(void *loc, int gtid, unsigned length,
                                         int *list);
extern void __kmpc_push_num_threads_strict(void *loc, int gtid, int nthreads,
                                           int severity, const char *message);
extern void __kmpc_push_num_threads_list_strict(void *loc, int gtid,
                                                unsigned length, int *list,
                                                int severity, const char *message);
extern uint64_t __kmpc_get_taskid(void);
extern uint64_t __kmpc_get_parent_taskid(void);
extern int __kmpc_invoke_task_func(int gtid);

/* LLVM's kmp_task_t header, which __kmpc_omp_task_alloc returns. */
typedef int (*task_entry_t)(int gtid, void *task);
typedef struct {
  void *shareds;
  task_entry_t routine;
  int part_id;
  void *data1, *data2;
} kmp_task_t;
extern kmp_task_t *__kmpc_omp_task_alloc(void *loc, int gtid, int flags,
                                         size_t sizeof_task, size_t sizeof_shareds,
                                         task_entry_t entry);
extern int __kmpc_omp_task_parts(void *loc, int gtid, kmp_task_t *task);
extern int __kmpc_omp_taskwait(void *loc, int gtid);

static int region_size(void) {
  int n = 0;
#pragma omp parallel
  if (omp_get_thread_num() == 0)
    n = omp_get_num_threads();
  return n;
}

static void ompc_spellings(void) {
  ompc_set_num_threads(3);
  CHECK_EQ_INT(omp_get_max_threads(), 3);
  ompc_set_dynamic(1);
  CHECK_EQ_INT(omp_get_dynamic(), 1);
  ompc_set_dynamic(0);
  CHECK_EQ_INT(omp_get_dynamic(), 0);
  ompc_set_schedule(omp_sched_dynamic, 7);
  omp_sched_t kind;
  int chunk;
  omp_get_schedule(&kind, &chunk);
  CHECK_EQ_INT(kind, omp_sched_dynamic);
  CHECK_EQ_INT(chunk, 7);
  ompc_set_max_active_levels(3);
  CHECK_EQ_INT(omp_get_max_active_levels(), 3);
  /* LLVM: nested on restores the starting max-active-levels (here 2,
   * OMP_MAX_ACTIVE_LEVELS), not the supported maximum */
  ompc_set_nested(0);
  CHECK_EQ_INT(omp_get_max_active_levels(), 1);
  ompc_set_nested(1);
  CHECK_EQ_INT(omp_get_max_active_levels(), 2);

  int ok = 1;
#pragma omp parallel num_threads(2) reduction(&& : ok)
  {
#pragma omp parallel num_threads(2) reduction(&& : ok)
    for (int level = -1; level <= 3; level++) {
      ok = ok && ompc_get_team_size(level) == omp_get_team_size(level);
      ok = ok && ompc_get_ancestor_thread_num(level) ==
                     omp_get_ancestor_thread_num(level);
    }
  }
  CHECK(ok, "an ompc_get_* query differed from its omp_get_* twin");
  CHECK_EQ_INT(ompc_get_team_size(0), 1);
  CHECK_EQ_INT(ompc_get_ancestor_thread_num(1), -1);
}

/* Pushes for the next region: pop is a no-op (LLVM's fork consumes the
 * push), a list's first entry sizes the region, strict with enough
 * threads available behaves as a plain push and says nothing. */
static void num_threads_pushes(int default_threads) {
  int gtid = __kmpc_global_thread_num(NULL);
  __kmpc_push_num_threads(NULL, gtid, 3);
  __kmpc_pop_num_threads(NULL, gtid);
  CHECK_EQ_INT(region_size(), 3);
  CHECK_EQ_INT(region_size(), default_threads); /* consumed by one fork */
  __kmpc_pop_num_threads(NULL, gtid);
  CHECK_EQ_INT(region_size(), default_threads);

  int list[3] = {3, 1, 1};
  __kmpc_push_num_threads_list(NULL, gtid, 3, list);
  CHECK_EQ_INT(region_size(), 3);
  CHECK_EQ_INT(region_size(), default_threads);

  __kmpc_push_num_threads_strict(NULL, gtid, 2, 2, "strict push failed");
  CHECK_EQ_INT(region_size(), 2);
  int strict_list[2] = {3, 2};
  __kmpc_push_num_threads_list_strict(NULL, gtid, 2, strict_list, 2,
                                      "strict list push failed");
  CHECK_EQ_INT(region_size(), 3);
}

static void task_ids(void) {
  uint64_t initial = __kmpc_get_taskid();
  CHECK(initial != 0, "the initial task has id 0");
  CHECK_EQ_INT(__kmpc_get_parent_taskid(), 0); /* no parent */
  /* LLVM's release builds do not number tasks: every id is ~0. */
  int numbered = initial != UINT64_MAX;

  uint64_t implicit_id[2] = {0}, implicit_parent[2] = {0};
  uint64_t child_id = 0, child_parent = 0, creator = 0;
#pragma omp parallel num_threads(2)
  {
    int t = omp_get_thread_num();
    implicit_id[t] = __kmpc_get_taskid();
    implicit_parent[t] = __kmpc_get_parent_taskid();
#pragma omp barrier
#pragma omp single
    {
      creator = __kmpc_get_taskid();
#pragma omp task shared(child_id, child_parent)
      {
        child_id = __kmpc_get_taskid();
        child_parent = __kmpc_get_parent_taskid();
      }
#pragma omp taskwait
    }
  }
  CHECK(child_id != 0 && implicit_id[0] != 0 && implicit_id[1] != 0,
        "a task has id 0");
  if (numbered) {
    CHECK(child_id != creator, "child and parent share id %llu",
          (unsigned long long)child_id);
    CHECK(child_parent == creator, "child's parent id %llu, creator's %llu",
          (unsigned long long)child_parent, (unsigned long long)creator);
    CHECK(implicit_id[0] != implicit_id[1], "the two implicit tasks share an id");
    CHECK(implicit_id[0] != initial, "implicit task and initial task share an id");
    for (int t = 0; t < 2; t++)
      CHECK(implicit_parent[t] == initial,
            "implicit task %d's parent id %llu, want the initial task's %llu", t,
            (unsigned long long)implicit_parent[t], (unsigned long long)initial);
  }
}

/* __kmpc_invoke_task_func runs the region's body again on the caller. */
static int runs[4];
static void invoke_task_func(void) {
#pragma omp parallel num_threads(2)
  {
    static _Thread_local int depth;
    int t = omp_get_thread_num();
#pragma omp atomic
    runs[t]++;
    if (depth == 0) {
      depth = 1;
      CHECK_EQ_INT(__kmpc_invoke_task_func(__kmpc_global_thread_num(NULL)), 1);
      depth = 0;
    }
  }
  CHECK(runs[0] == 2 && runs[1] == 2, "region body ran %d and %d times, want 2",
        runs[0], runs[1]);
}

static int part_ran;
static int part_entry(int gtid, void *task) {
  (void)gtid;
  int *flag = *(int **)((kmp_task_t *)task)->shareds;
  *flag = 1;
  return 0;
}

static void task_parts(void) {
  int gtid = __kmpc_global_thread_num(NULL);
  kmp_task_t *task = __kmpc_omp_task_alloc(NULL, gtid, 1, sizeof(kmp_task_t),
                                           sizeof(int *), part_entry);
  *(int **)task->shareds = &part_ran;
  CHECK_EQ_INT(__kmpc_omp_task_parts(NULL, gtid, task), 0);
  __kmpc_omp_taskwait(NULL, gtid);
  CHECK_EQ_INT(part_ran, 1);
}

int main(void) {
  int default_threads = omp_get_max_threads();
  num_threads_pushes(default_threads);
  task_ids();
  invoke_task_func();
  task_parts();
  ompc_spellings();
  CHECK_DONE();
}
