/* mock_calls.c — what a target region costs in driver calls: the CUDA
 * plugin's design (docs/architecture.md) in numbers, counted by the mock
 * driver (mock_cuda_calls, from the driver the plugin loaded) around each phase, on data
 * that stays mapped (`target data`), after a warm-up that loads the kernel.
 *
 *   sync    R regions: exactly R cuLaunchKernel and R cuStreamSynchronize,
 *           nothing else — what a hand-written CUDA program does.
 *   nowait  R `nowait` regions, then taskwait: R launches and R completion
 *           registrations (argv[1]: callback = cuStreamAddCallback,
 *           hostfunc = cuLaunchHostFunc), no synchronisation, no query:
 *           nobody waits for a stream. `inline` (LIBOMPTARGET_DEFERRED=inline):
 *           each helper synchronises its stream once instead.
 *   chain   R `nowait depend(inout: token)` regions whose steps do not
 *           commute: every link records one event, a successor that starts
 *           before its predecessor completed waits for it with
 *           cuStreamWaitEvent, and no host thread synchronises or queries.
 * Each helper thread may make the primary context current once. Every
 * phase's result is checked against a serial reference.
 */
#include <dlfcn.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 256
#define R 24 /* below the stream pool's 32: no pool growth in a phase */
#define MAX_NAMES 128

typedef int (*calls_fn)(const char **names, long *counts, int max);
static calls_fn mock_cuda_calls;

struct snapshot {
  int count;
  const char *names[MAX_NAMES];
  long counts[MAX_NAMES];
};

static void take(struct snapshot *s) { s->count = mock_cuda_calls(s->names, s->counts, MAX_NAMES); }

static long count_of(const struct snapshot *s, const char *name) {
  for (int i = 0; i < s->count; i++)
    if (!strcmp(s->names[i], name))
      return s->counts[i];
  return 0;
}

/* Expected calls of one phase: each listed name's count in [min, max];
 * every other entry point not called at all. */
struct expect {
  const char *name;
  long min, max;
};

static int failures;

static void check_phase(const char *phase, const struct snapshot *before,
                        const struct snapshot *after, const struct expect *want, int nwant) {
  for (int i = 0; i < after->count; i++) {
    const char *name = after->names[i];
    long delta = after->counts[i] - count_of(before, name);
    long min = 0, max = 0;
    for (int k = 0; k < nwant; k++)
      if (!strcmp(want[k].name, name))
        min = want[k].min, max = want[k].max;
    if (delta < min || delta > max) {
      printf("FAIL %s: %s called %ld times, want %ld..%ld\n", phase, name, delta, min, max);
      failures++;
    } else if (delta) {
      printf("%s: %s %ld\n", phase, name, delta);
    }
  }
  for (int k = 0; k < nwant; k++)
    if (want[k].min > 0 && count_of(after, want[k].name) == 0) { /* not in the list above */
      printf("FAIL %s: %s never called, want %ld..%ld\n", phase, want[k].name, want[k].min,
             want[k].max);
      failures++;
    }
}

static void check_values(const char *phase, const long *x, const long *want) {
  for (int i = 0; i < N; i++)
    if (x[i] != want[i]) {
      printf("FAIL %s: x[%d] is %ld, serially %ld\n", phase, i, x[i], want[i]);
      failures++;
      return;
    }
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  const char *completion = !strcmp(mode, "callback") ? "cuStreamAddCallback"
                           : !strcmp(mode, "hostfunc") ? "cuLaunchHostFunc"
                           : !strcmp(mode, "inline")   ? NULL
                                                       : "";
  if (completion && !*completion) {
    printf("FAIL: usage: mock_calls callback|hostfunc|inline\n");
    return 2;
  }
  int devices = omp_get_num_devices(); /* the plugin has loaded the driver */
  void *driver = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
  mock_cuda_calls = driver ? (calls_fn)dlsym(driver, "mock_cuda_calls") : NULL;
  if (!mock_cuda_calls || devices != 1) {
    printf("FAIL: not on the mock driver (mock_cuda_calls %s, %d devices)\n",
           mock_cuda_calls ? "found" : "missing", devices);
    return 1;
  }
  int helpers = 8;
  const char *env = getenv("LIBOMP_NUM_HIDDEN_HELPER_THREADS");
  if (env && *env)
    helpers = atoi(env);

  static long x[N], want[N];
  for (int i = 0; i < N; i++)
    x[i] = want[i] = i;
  long token = 0;
  struct snapshot before, after;
#pragma omp target data map(tofrom: x[0:N])
  {
    /* Warm-up: load the kernels, and every helper thread once. */
#pragma omp target map(tofrom: x[0:N])
    for (int i = 0; i < N; i++)
      x[i] += 1;
    for (int r = 0; r < 2 * helpers; r++) {
#pragma omp target map(tofrom: x[0:N]) nowait depend(inout: token)
      for (int i = 0; i < N; i++)
        x[i] = 3 * x[i] + 1;
    }
#pragma omp taskwait
    for (int i = 0; i < N; i++) {
      want[i] += 1;
      for (int r = 0; r < 2 * helpers; r++)
        want[i] = 3 * want[i] + 1;
    }

    take(&before);
    for (int r = 0; r < R; r++) {
#pragma omp target map(tofrom: x[0:N])
      for (int i = 0; i < N; i++)
        x[i] += 2;
    }
    take(&after);
    const struct expect sync[] = {{"cuLaunchKernel", R, R}, {"cuStreamSynchronize", R, R}};
    check_phase("sync", &before, &after, sync, 2);
    for (int i = 0; i < N; i++)
      want[i] += 2 * R;

    take(&before);
    for (int r = 0; r < R; r++) {
#pragma omp target map(tofrom: x[0:N]) nowait
      for (int i = 0; i < N; i++)
#pragma omp atomic
        x[i] += 5;
    }
#pragma omp taskwait
    take(&after);
    struct expect nowait[] = {{"cuLaunchKernel", R, R},
                              {completion ? completion : "cuStreamSynchronize", R, R},
                              {"cuCtxSetCurrent", 0, helpers}};
    check_phase("nowait", &before, &after, nowait, 3);
    for (int i = 0; i < N; i++)
      want[i] += 5 * R;

    take(&before);
    for (int r = 0; r < R; r++) {
#pragma omp target map(tofrom: x[0:N]) nowait depend(inout: token) firstprivate(r)
      for (int i = 0; i < N; i++)
        x[i] = 3 * x[i] + r;
    }
#pragma omp taskwait
    take(&after);
    /* Inline, a helper waits for its own stream, and a successor released
     * by a completed task has nothing to wait for on the device. */
    struct expect chain_queued[] = {{"cuLaunchKernel", R, R},
                                    {completion ? completion : "cuStreamSynchronize", R, R},
                                    {"cuEventRecord", R, R},
                                    {"cuStreamWaitEvent", 1, R - 1},
                                    {"cuCtxSetCurrent", 0, helpers}};
    struct expect chain_inline[] = {{"cuLaunchKernel", R, R},
                                    {"cuStreamSynchronize", R, R},
                                    {"cuCtxSetCurrent", 0, helpers}};
    if (completion)
      check_phase("chain", &before, &after, chain_queued, 5);
    else
      check_phase("chain", &before, &after, chain_inline, 3);
    for (int i = 0; i < N; i++)
      for (int r = 0; r < R; r++)
        want[i] = 3 * want[i] + r;
  }
  check_values("all phases", x, want);
  if (failures)
    return 1;
  printf("OK\n");
  return 0;
}
