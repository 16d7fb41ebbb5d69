/* When the system refuses worker threads, teams are formed with the threads
 * that exist (OpenMP allows fewer than asked for), one warning says so, and
 * the program goes on: parallel regions, a nested region, host teams and a
 * second region afterwards all run every iteration. LLVM 19 stops with
 * "OMP: Error #34: System unable to allocate necessary resources".
 *
 * With the argument "helpers", the same for the hidden helper team
 * (LIBOMP_NUM_HIDDEN_HELPER_THREADS=256): the helpers that could be made run
 * every hidden helper task.
 *
 * The address space is capped (RLIMIT_AS) before the runtime starts, with
 * 32 MiB stacks (OMP_STACKSIZE, core.cmake), so that only a few threads
 * fit. Skipped under sanitizers, whose shadow memory needs the address
 * space. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "check.h"
#include "kmp_tasks.h"

enum { ASK = 2000, N = 10000 };


static int ran[N];

static void loop_once(const char *what, int nthreads) {
  for (int i = 0; i < N; i++)
    ran[i] = 0;
#pragma omp parallel for num_threads(nthreads)
  for (int i = 0; i < N; i++)
    ran[i]++;
  for (int i = 0; i < N; i++)
    if (ran[i] != 1) {
      CHECK(0, "%s: iteration %d ran %d times", what, i, ran[i]);
      return;
    }
}

enum { TASKS = 300, MAX_TIDS = 1024 };
static atomic_int helper_ran;
static pid_t helper_tids[TASKS];

static int32_t helper_body(int32_t gtid, void *arg) {
  (void)gtid;
  int k = **(int **)((kmp_task_t *)arg)->shareds;
  helper_tids[k] = gettid();
  usleep(200);
  atomic_fetch_add(&helper_ran, 1);
  return 0;
}

/* Hidden helper tasks, as clang-19 makes `target nowait` ones. */
static void helpers(void) {
  static int index[TASKS];
  int32_t gtid = __kmpc_global_thread_num(NULL);
  for (int k = 0; k < TASKS; k++) {
    index[k] = k;
    kmp_task_t *t = __kmpc_omp_target_task_alloc(NULL, gtid, 1, sizeof(kmp_task_t),
                                                 sizeof(void *), helper_body, 0);
    *(int **)t->shareds = &index[k];
    __kmpc_omp_task(NULL, gtid, t);
  }
#pragma omp taskwait
  CHECK(atomic_load(&helper_ran) == TASKS, "%d of %d hidden helper tasks ran",
        atomic_load(&helper_ran), TASKS);
  int distinct = 0;
  for (int k = 0; k < TASKS; k++) {
    int seen = 0;
    for (int j = 0; j < k && !seen; j++)
      seen = helper_tids[j] == helper_tids[k];
    distinct += !seen;
  }
  CHECK(distinct >= 1 && distinct < 256, "tasks ran on %d threads", distinct);
  printf("hidden helper tasks ran on %d threads\n", distinct);
}

int main(int argc, char **argv) {
  if (dlsym(RTLD_DEFAULT, "__asan_init") || dlsym(RTLD_DEFAULT, "__tsan_init")) {
    printf("SKIPPED: sanitizers need the address space this test caps\n");
    return 77;
  }
  /* About 1 GiB more than now: some thirty 32 MiB stacks. */
  struct rlimit cap;
  FILE *f = fopen("/proc/self/statm", "r");
  unsigned long pages = 0;
  CHECK(f && fscanf(f, "%lu", &pages) == 1, "reading /proc/self/statm");
  if (f)
    fclose(f);
  cap.rlim_cur = cap.rlim_max = pages * 4096ul + (1ul << 30);
  CHECK(setrlimit(RLIMIT_AS, &cap) == 0, "setrlimit(RLIMIT_AS)");
  if (argc > 1 && strcmp(argv[1], "helpers") == 0) {
    helpers();
    CHECK_DONE();
  }

  int got = 0;
#pragma omp parallel num_threads(ASK)
  {
#pragma omp single
    got = omp_get_num_threads();
  }
  CHECK(got > 1 && got < ASK, "a region asking for %d threads got %d", ASK, got);
  loop_once("first loop", ASK);
  loop_once("a loop of 3 threads", 3);

  /* nested: the inner regions share what is left */
  omp_set_max_active_levels(2);
  int inner_total = 0;
#pragma omp parallel num_threads(4)
  {
#pragma omp parallel num_threads(ASK)
    {
#pragma omp atomic
      inner_total++;
    }
  }
  CHECK(inner_total >= 4, "nested regions had %d threads in all", inner_total);

  /* host teams: fewer teams may form, each runs its share */
  int teams = 0;
#pragma omp teams num_teams(8)
  {
#pragma omp atomic
    teams++;
  }
  CHECK(teams >= 1 && teams <= 8, "teams: %d ran", teams);
  loop_once("a loop after all that", ASK);
  printf("region of %d of %d threads\n", got, ASK);
  CHECK_DONE();
}
