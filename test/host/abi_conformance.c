/* Entry-point behaviours a conformance run of LLVM 19's own runtime tests
 * against ours found missing, each checked here with our own program:
 *  - first_call: omp_set_max_active_levels() as the program's very first
 *    OpenMP call (it used to clamp against a maximum not yet read, setting
 *    0 levels: every region then ran on one thread);
 *  - omp_all_memory passed as address -1 (LLVM 19 accepts it as well as
 *    the 0x80 flag clang-19 sets): the task waits for every earlier
 *    sibling and every later one waits for it;
 *  - a task whose routine is NULL is an empty task carrying dependences;
 *  - in_reduction named through the copy an enclosing in_reduction task
 *    was given (a nested in_reduction task);
 *  - schedule type 47 (runtime simd) with run-sched static,n: round-robin
 *    chunks of n * simd width, as LLVM (not balanced blocks). */
#include <omp.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "kmp_tasks.h"

typedef struct ident {
  int32_t reserved_1, flags, reserved_2, reserved_3;
  const char *psource;
} ident_t;
static ident_t loc = {0, 2, 0, 0, ";abi_conformance.c;main;1;1;;"};


void __kmpc_dispatch_init_4(ident_t *, int32_t, int32_t, int32_t, int32_t, int32_t, int32_t);
int __kmpc_dispatch_next_4(ident_t *, int32_t, int32_t *, int32_t *, int32_t *, int32_t *);

/* ---- omp_all_memory as address -1 ---------------------------------------- */

static atomic_int before_done, all_ran, all_saw_before, after_saw_all;

static int32_t all_memory_body(int32_t gtid, void *task) {
  (void)gtid;
  (void)task;
  atomic_store(&all_saw_before, atomic_load(&before_done));
  usleep(20000); /* a later sibling running now would see all_ran == 0 */
  atomic_store(&all_ran, 1);
  return 0;
}

static void all_memory_minus_one(void) {
  int a[4] = {0};
#pragma omp parallel num_threads(4)
#pragma omp single
  {
    for (int i = 0; i < 4; i++) {
#pragma omp task depend(out : a[i])
      {
        usleep(10000);
        atomic_fetch_add(&before_done, 1);
      }
    }
    int32_t gtid = __kmpc_global_thread_num(&loc);
    kmp_task_t *t = __kmpc_omp_task_alloc(&loc, gtid, 1, sizeof(kmp_task_t), 0, all_memory_body);
    kmp_depend_info_t all = {(intptr_t)-1, 0, 0x3}; /* out, address -1 */
    __kmpc_omp_task_with_deps(&loc, gtid, t, 1, &all, 0, NULL);
    for (int i = 0; i < 4; i++) {
#pragma omp task depend(in : a[i])
      if (atomic_load(&all_ran))
        atomic_fetch_add(&after_saw_all, 1);
    }
  }
  CHECK(atomic_load(&all_saw_before) == 4,
        "address -1 task started with %d of 4 earlier siblings done", atomic_load(&all_saw_before));
  CHECK(atomic_load(&after_saw_all) == 4,
        "%d of 4 later siblings ran after the address -1 task", atomic_load(&after_saw_all));
}

/* ---- NULL routine ----------------------------------------------------------- */

static void null_routine(void) {
  int x = 0, seen = -1;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task depend(out : x)
    {
      usleep(10000);
      x = 7;
    }
    int32_t gtid = __kmpc_global_thread_num(&loc);
    kmp_task_t *t = __kmpc_omp_task_alloc(&loc, gtid, 1, sizeof(kmp_task_t), 0, NULL);
    kmp_depend_info_t dep = {(intptr_t)&x, sizeof x, 0x3};
    __kmpc_omp_task_with_deps(&loc, gtid, t, 1, &dep, 0, NULL);
#pragma omp task depend(in : x)
    seen = x;
#pragma omp taskwait
  }
  CHECK(seen == 7, "a successor of the empty task saw x = %d, want 7", seen);
}

/* ---- nested in_reduction ---------------------------------------------------- */

static void nested_in_reduction(void) {
  long sum = 0, want = 0;
  for (int i = 0; i < 16; i++)
    want += i + 100;
#pragma omp parallel num_threads(4)
#pragma omp single
#pragma omp taskgroup task_reduction(+ : sum)
  for (int i = 0; i < 16; i++) {
#pragma omp task in_reduction(+ : sum) firstprivate(i)
    {
      sum += i;
#pragma omp task in_reduction(+ : sum)
      sum += 100;
    }
  }
  CHECK(sum == want, "nested in_reduction sum %ld, want %ld", sum, want);
}

/* ---- schedule type 47 with static,n ------------------------------------------ */

static void runtime_simd_static_chunked(void) {
  enum { N = 40, SIMD = 2, ICV_CHUNK = 3, NT = 3 };
  int owner[N];
  memset(owner, -1, sizeof owner);
  omp_set_schedule(omp_sched_static, ICV_CHUNK);
#pragma omp parallel num_threads(NT)
  {
    int32_t gtid = __kmpc_global_thread_num(&loc), last = 0, lb, ub, st;
    __kmpc_dispatch_init_4(&loc, gtid, 47, 0, N - 1, 1, SIMD);
    while (__kmpc_dispatch_next_4(&loc, gtid, &last, &lb, &ub, &st))
      for (int i = lb; i <= ub; i++)
        owner[i] = omp_get_thread_num();
  }
  omp_set_schedule(omp_sched_static, 0);
  for (int i = 0; i < N; i++) {
    int want = (i / (ICV_CHUNK * SIMD)) % NT;
    CHECK(owner[i] == want, "iteration %d ran on thread %d, want %d (chunks of %d round-robin)",
          i, owner[i], want, ICV_CHUNK * SIMD);
  }
}

/* Its own function: clang fetches the thread id (initialising the
 * runtime) on entry to every function with a directive, main included. */
static __attribute__((noinline)) int region_size(void) {
  int members = 0;
#pragma omp parallel num_threads(4)
#pragma omp atomic
  members++;
  return members;
}

/* main has no directive, so in first_call mode nothing OpenMP runs before
 * omp_set_max_active_levels. */
int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "first_call") == 0) {
    omp_set_max_active_levels(3);
    CHECK_EQ_INT(omp_get_max_active_levels(), 3);
    CHECK_EQ_INT(region_size(), 4);
    CHECK_DONE();
  }
  all_memory_minus_one();
  null_routine();
  nested_in_reduction();
  runtime_simd_static_chunked();
  CHECK_DONE();
}
