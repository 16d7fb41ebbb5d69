/* When the system refuses worker threads, teams are formed with the threads
 * that exist (OpenMP allows fewer than asked for), one warning says so, and
 * the program goes on: parallel regions, a nested region, host teams and a
 * second region afterwards all run every iteration. LLVM 19 stops with
 * "OMP: Error #34: System unable to allocate necessary resources".
 *
 * The address space is capped (RLIMIT_AS) before the runtime starts, with
 * 32 MiB worker stacks (OMP_STACKSIZE, env.cmake), so that only a few
 * workers fit. Skipped under sanitizers, whose shadow memory needs the
 * address space. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <omp.h>
#include <stdio.h>
#include <sys/resource.h>

#include "check.h"

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

int main(void) {
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
