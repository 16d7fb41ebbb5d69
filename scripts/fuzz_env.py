#!/usr/bin/env python3
"""Random environments, read by two runtimes, compared.

Each seed gives an environment of one to four OpenMP/libomp variables
(OMP_NUM_THREADS, OMP_SCHEDULE, OMP_PROC_BIND, OMP_PLACES, OMP_DYNAMIC,
OMP_MAX_ACTIVE_LEVELS, OMP_THREAD_LIMIT, OMP_NESTED, OMP_CANCELLATION,
OMP_DEFAULT_DEVICE, OMP_MAX_TASK_PRIORITY, OMP_STACKSIZE, OMP_NUM_TEAMS,
OMP_TEAMS_THREAD_LIMIT, KMP_BLOCKTIME, KMP_LIBRARY) with values well formed,
nearly so (case, spaces, trailing commas, units) or not at all. One program
prints every ICV the API shows, at the top level and in nested regions
(nthreads-var and bind-var lists), and the place list; run under each
environment on two runtimes (ours, LLVM 19's), the ICVs must agree, and
so must the variables each warned about (the wording may differ). A seed
whose outputs differ prints both.

  fuzz_env.py SEED                    print the environment
  fuzz_env.py --run FIRST COUNT --lib OURS --lib REFERENCE
"""
import os
import random
import sys
import tempfile

import fuzzlib

PROGRAM = r"""
#include <omp.h>
#include <stdio.h>
static void nested(int level) {
  omp_sched_t kind;
  int chunk;
  omp_get_schedule(&kind, &chunk);
  printf("level %d: max_threads %d proc_bind %d dynamic %d schedule %d,%d\n", level,
         omp_get_max_threads(), (int)omp_get_proc_bind(), omp_get_dynamic(), (int)kind,
         chunk);
  if (level < 3) {
#pragma omp parallel num_threads(1)
    nested(level + 1);
  }
}
int main(void) {
  printf("max_active_levels %d thread_limit %d cancellation %d\n",
         omp_get_max_active_levels(), omp_get_thread_limit(), omp_get_cancellation());
  printf("default_device %d max_task_priority %d max_teams %d teams_thread_limit %d\n",
         omp_get_default_device(), omp_get_max_task_priority(), omp_get_max_teams(),
         omp_get_teams_thread_limit());
  printf("stacksize %zu blocktime %d library %d\n", kmp_get_stacksize_s(), kmp_get_blocktime(),
         kmp_get_library());
  printf("places %d:", omp_get_num_places());
  for (int p = 0; p < omp_get_num_places(); p++) {
    int ids[256];
    int n = omp_get_place_num_procs(p);
    omp_get_place_proc_ids(p, ids);
    printf(" {");
    for (int i = 0; i < n && i < 256; i++)
      printf(i ? ",%d" : "%d", ids[i]);
    printf("}");
  }
  printf("\n");
  nested(0);
  /* Under OMP_DYNAMIC LLVM sizes regions by the machine's load average:
   * the size of a region is compared only without it; and a region of
   * 100000 threads is not run at all. */
  if (omp_get_max_threads() > 16)
    return 0;
  int team = 0;
#pragma omp parallel
  {
#pragma omp single
    team = omp_get_num_threads();
  }
  if (!omp_get_dynamic())
    printf("first region: %d threads\n", team);
  return 0;
}
"""


def number(rng):
    return rng.choice(["0", "1", "2", "3", "7", "-1", "-5", "100000", "2147483648",
                       " 4", "4 ", "+3", "3x", "x", "", "0x10", "1e3", "08"])


def boolean(rng):
    return rng.choice(["true", "false", "TRUE", "False", "1", "0", "yes", "no", "on", "off",
                       "t", "f", " true", "true ", "maybe", ""])


def num_threads(rng):
    if rng.random() < 0.5:
        return number(rng)
    items = [rng.choice(["1", "2", "3", "4", "0", "-2", "x", ""]) for _ in range(rng.randint(2, 4))]
    return rng.choice([",", ", ", " ,"]).join(items) + rng.choice(["", "", ","])


def schedule(rng):
    kind = rng.choice(["static", "dynamic", "guided", "auto", "runtime", "STATIC", "Dynamic",
                       "trapezoidal", "static_steal", "bogus", ""])
    mod = rng.choice(["", "", "monotonic:", "nonmonotonic:", "simd:", "Monotonic:", "bad:"])
    chunk = rng.choice(["", "", ",1", ",4", ", 7", ",0", ",-3", ",x", ","])
    return mod + kind + chunk


def proc_bind(rng):
    words = ["true", "false", "master", "primary", "close", "spread", "TRUE", "Close",
             "bogus", ""]
    if rng.random() < 0.6:
        return rng.choice(words)
    return ",".join(rng.choice(words[2:6] + ["false"]) for _ in range(rng.randint(2, 3)))


def places(rng):
    return rng.choice(["threads", "cores", "sockets", "ll_caches", "numa_domains", "cores(1)",
                       "threads(2)", "CORES", "{0}", "{0},{1}", "{0:2}", "{0}:2", "{0}:2:1",
                       "{0,1}", "{1},{0}", "{0}, {1}", "{0:1}:2:1", "{5}", "{0", "{0},", "x",
                       "{0:0}", "!{0}", ""])


def stacksize(rng):
    return rng.choice(["1M", "4m", "512K", "512k", "2048", "1G", "1 M", "3B", "64", "0",
                       "-1", "x", "2T", ""])


VARS = {
    "OMP_NUM_THREADS": num_threads,
    "OMP_SCHEDULE": schedule,
    "OMP_PROC_BIND": proc_bind,
    "OMP_PLACES": places,
    "OMP_DYNAMIC": boolean,
    "OMP_MAX_ACTIVE_LEVELS": number,
    "OMP_THREAD_LIMIT": number,
    "OMP_NESTED": boolean,
    "OMP_CANCELLATION": boolean,
    "OMP_DEFAULT_DEVICE": number,
    "OMP_MAX_TASK_PRIORITY": number,
    "OMP_STACKSIZE": stacksize,
    "OMP_NUM_TEAMS": number,
    "OMP_TEAMS_THREAD_LIMIT": number,
    "KMP_BLOCKTIME": lambda rng: rng.choice(["0", "200", "infinite", "1s", "20ms", "500us",
                                             "x", "-1", ""]),
    "KMP_LIBRARY": lambda rng: rng.choice(["serial", "turnaround", "throughput", "bogus", ""]),
}


def environment(seed):
    rng = random.Random(seed)
    names = rng.sample(sorted(VARS), rng.randint(1, 4))
    return {name: VARS[name](rng) for name in names}


def warned(err, env):
    """The variables of env a runtime warned about (either's wording: a
    warning or error line that names the variable)."""
    said = [line for line in err.splitlines()
            if any(w in line for w in ("omp: warning", "omp: error", "OMP: Warning", "OMP: Error"))]
    return sorted(name for name in env if any(name in line for line in said))


def run_range(first, count, libs):
    if len(libs) != 2:
        sys.exit("fuzz_env.py --run compares two runtimes: --lib OURS --lib REFERENCE")
    for name in [k for k in os.environ if k.startswith(("OMP_", "KMP_", "LIBOMP"))]:
        del os.environ[name]  # only the seed's environment counts
    work = tempfile.mkdtemp(prefix="fuzz_env.")
    built = fuzzlib.build(work, "icvs", PROGRAM, offload=False)
    if not built:
        return count
    _, exe = built
    failing = 0
    for seed in range(first, first + count):
        env = environment(seed)
        results = []
        for lib in libs:
            rc, out, err = fuzzlib.run_program(exe, lib, env=env, timeout=30)
            results.append((rc, out, warned(err, env), err))
        (rc0, out0, w0, err0), (rc1, out1, w1, err1) = results
        if rc0 == rc1 and out0 == out1 and w0 == w1:
            continue
        failing += 1
        shown = " ".join(f"{k}='{v}'" for k, v in env.items())
        print(f"seed {seed}: differ under {shown}")
        if rc0 != rc1:
            print(f"  exit status {rc0} | {rc1}")
        if out0 != out1:
            print("  " + fuzzlib.first_difference(out0, out1))
        if w0 != w1:
            print(f"  warnings about {w0 or 'nothing'} | {w1 or 'nothing'}")
            print(f"    {libs[0]}: {err0.strip()[:300] or '(none)'}")
            print(f"    {libs[1]}: {err1.strip()[:300] or '(none)'}")
    print(f"{count} environments from {first}: {failing} differing (work dir {work})")
    return failing


def main():
    ap = fuzzlib.parser(__doc__)
    fuzzlib.main(ap, lambda a: run_range(a.run[0], a.run[1], a.lib),
                 lambda a: "".join(f"{k}={v!r}\n" for k, v in environment(a.seed).items()))


if __name__ == "__main__":
    main()
