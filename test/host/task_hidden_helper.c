/* Hidden helper tasks, driven through the same entry points clang-19 emits
 * for `target nowait` (__kmpc_omp_target_task_alloc + __kmpc_omp_task[_with_deps]):
 * they run on helper threads (not the encountering one), taskwait waits for
 * them, dependences order them against regular tasks both ways, and idle
 * helpers burn no CPU. With LIBOMP_NUM_HIDDEN_HELPER_THREADS=0 (argument
 * "off") they are ordinary tasks. Global thread ids are LLVM's: the
 * initial thread 0, the helpers 1..8 (the default count), the region's
 * workers after them (LLVM's tasking/hidden_helper_task/gtid.cpp). */
#define _GNU_SOURCE
#include <omp.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "kmp_tasks.h"

struct record {
  atomic_int order;
  int helper_pos, regular_pos;
  pid_t helper_tid;
  int32_t helper_gtid;
};

static int32_t helper_body(int32_t gtid, void *arg) {
  (void)gtid;
  struct record *r = *(struct record **)((kmp_task_t *)arg)->shareds;
  usleep(3000); /* a later regular task must still wait for us */
  r->helper_tid = gettid();
  r->helper_gtid = __kmpc_global_thread_num(NULL);
  r->helper_pos = atomic_fetch_add(&r->order, 1);
  return 0;
}

static kmp_task_t *make_helper_task(struct record *r) {
  int32_t gtid = __kmpc_global_thread_num(NULL);
  kmp_task_t *t = __kmpc_omp_target_task_alloc(NULL, gtid, 1, sizeof(kmp_task_t),
                                               sizeof(void *), helper_body, 0);
  *(struct record **)t->shareds = r;
  return t;
}

static double cpu_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  int helpers_on = !(argc > 1 && strcmp(argv[1], "off") == 0);
  int32_t gtid = __kmpc_global_thread_num(NULL);
  pid_t me = gettid();
  /* a worker made before any helper still numbers after the helpers */
  int32_t member_gtid[2] = {-1, -1};
#pragma omp parallel num_threads(2)
  member_gtid[omp_get_thread_num()] = __kmpc_global_thread_num(NULL);

  /* 1. No parallel region: a helper task runs elsewhere, taskwait waits. */
  struct record r = {0};
  __kmpc_omp_task(NULL, gtid, make_helper_task(&r));
#pragma omp taskwait
  CHECK_EQ_INT(r.helper_pos, 0);
  if (helpers_on)
    CHECK(r.helper_tid != me, "hidden helper task ran on the encountering thread");
  else
    CHECK(r.helper_tid == me, "with helpers off the task should run here");

  /* 2. helper(out:x) -> regular(in:x), and regular(out:y) -> helper(in:y). */
  struct record r2 = {0};
  int x = 0, y = 0;
  kmp_depend_info_t dx = {(intptr_t)&x, sizeof x, 3}, dy = {(intptr_t)&y, sizeof y, 1};
  __kmpc_omp_task_with_deps(NULL, gtid, make_helper_task(&r2), 1, &dx, 0, NULL);
#pragma omp task depend(in : x) shared(r2)
  r2.regular_pos = atomic_fetch_add(&r2.order, 1);
#pragma omp taskwait
  CHECK(r2.helper_pos == 0 && r2.regular_pos == 1,
        "regular task ran before its hidden-helper predecessor (%d, %d)", r2.helper_pos,
        r2.regular_pos);
  struct record r3 = {0};
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task depend(out : y) shared(r3)
    {
      usleep(3000);
      r3.regular_pos = atomic_fetch_add(&r3.order, 1);
    }
    __kmpc_omp_task_with_deps(NULL, __kmpc_global_thread_num(NULL), make_helper_task(&r3),
                              1, &dy, 0, NULL);
  } /* the end of the region waits for the helper task too */
  CHECK(r3.regular_pos == 0 && r3.helper_pos == 1,
        "hidden-helper task ran before its regular predecessor (%d, %d)", r3.regular_pos,
        r3.helper_pos);
  CHECK_EQ_INT(atomic_load(&r3.order), 2);

  /* 3. Many at once from a parallel region. */
  enum { N = 64 };
  static struct record many[N];
  memset(many, 0, sizeof(many));
#pragma omp parallel num_threads(2)
  {
#pragma omp for
    for (int i = 0; i < N; i++)
      __kmpc_omp_task(NULL, __kmpc_global_thread_num(NULL), make_helper_task(&many[i]));
#pragma omp taskwait
  }
  int ran = 0;
  for (int i = 0; i < N; i++)
    ran += atomic_load(&many[i].order);
  CHECK_EQ_INT(ran, N);
  CHECK(gtid == 0 && member_gtid[0] == 0, "the initial thread's gtid is %d, not 0", gtid);
  if (helpers_on) {
    int outside = 0;
    for (int i = 0; i < N; i++)
      outside += many[i].helper_gtid < 1 || many[i].helper_gtid > 8;
    CHECK(outside == 0, "%d helper tasks ran on gtids outside 1..8", outside);
    CHECK(member_gtid[1] > 8, "a worker's gtid %d is among the helpers' 1..8",
          member_gtid[1]);
  }

  /* 4. Idle helpers sleep: no CPU burnt while the program idles (the
   * region's workers sleep too once OMP_WAIT_POLICY=passive). */
  usleep(50000);
  double before = cpu_seconds();
  usleep(300000);
  double used = cpu_seconds() - before;
  CHECK(used < 0.05, "idle process used %.3f s of CPU in 0.3 s", used);
  CHECK_DONE();
}
