#!/usr/bin/env python3
"""Random programs that cancel: parallel regions whose bodies mix worksharing
loops with `cancel for`, sections with `cancel sections`, taskgroups whose
tasks `cancel taskgroup`, barriers, `cancellation point`s, single, and
`cancel parallel`, each cancel under an `if` that the generator knows.

The program sets OMP_CANCELLATION=true and runs itself again, and an alarm
turns a hang (a thread left waiting for one that was cancelled past it) into
a failure. It checks what OpenMP fixes whatever the timing:
  - nothing runs twice: each loop iteration, section and task at most once;
  - the iteration, section or task that cancels ran, and a construct whose
    cancel never fires (or that has none) ran in full, unless a
    `cancel parallel` that fired earlier in the region may have cut it;
  - a thread that cancels a loop starts none of its later iterations;
  - after the region, the team is whole again: the next region works.

  fuzz_cancel.py SEED > prog.c
  fuzz_cancel.py --run FIRST COUNT --lib OURS [--lib REFERENCE]
"""
import random

import fuzzlib


class Gen:
    def __init__(self, seed, regions):
        self.rng = random.Random(seed)
        self.seed = seed
        self.regions = regions
        self.lines = []

    def w(self, depth, text):
        self.lines.append("  " * depth + text)

    def fail(self, d, what, args=""):
        self.w(d, f"{{ printf(\"FAIL {what}\\n\"{', ' + args if args else ''}); failed = 1; }}")

    @staticmethod
    def each(name, what, n, cond, note=""):
        """C: for every one of the n counted things of part `name`, a
        failure unless its count satisfies `cond`."""
        return (f"for (int k = 0; k < {n}; k++) if ({name}_hits[k] {cond}) {{ printf(\"FAIL "
                f"{name}: {what} %d ran %d times{note}\\n\", k, {name}_hits[k]); failed = 1; break; }}")

    def region(self, r):
        rng = self.rng
        nth = rng.randint(1, 4)
        parts = [rng.choice(["for", "for", "sections", "tasks", "barrier", "point", "single",
                             "cancel_parallel"]) for _ in range(rng.randint(2, 5))]
        self.w(1, f"/* region {r}: {nth} threads: {', '.join(parts)} */")
        self.w(1, "{")
        decls_at = len(self.lines)
        decls = []
        after = []  # checks after the region
        self.w(2, f"#pragma omp parallel num_threads({nth})")
        self.w(2, "{")
        # Whether a cancel parallel that may fire comes before this point.
        cut = False
        for k, part in enumerate(parts):
            name = f"r{r}p{k}"
            if part == "for":
                n = rng.randint(0, 60)
                sched = rng.choice(["static", "static, 1", "static, 4", "dynamic", "dynamic, 3",
                                    "guided"])
                fire = rng.choice([None, rng.randint(0, max(n - 1, 0)), n + 5]) if n else None
                decls += [f"int {name}_hits[{max(n, 1)}] = {{0}}, {name}_tid[{max(n, 1)}];",
                          f"int {name}_fired = 0;"]
                self.w(3, f"#pragma omp for schedule({sched})")
                self.w(3, f"for (int i = 0; i < {n}; i++) {{")
                self.w(4, "#pragma omp atomic")
                self.w(4, f"{name}_hits[i]++;")
                self.w(4, f"{name}_tid[i] = omp_get_thread_num();")
                if fire is not None:
                    self.w(4, f"if (i == {fire}) {{")
                    self.w(5, "#pragma omp atomic write")
                    self.w(5, f"{name}_fired = 1;")
                    self.w(4, "}")
                    self.w(4, f"#pragma omp cancel for if(i == {fire})")
                self.w(3, "}")
                fires = fire is not None and fire < n
                after.append(self.each(name, "iteration", n, "> 1"))
                if fires:
                    if not cut:
                        after.append(f"if ({name}_hits[{fire}] != 1) {{ printf(\"FAIL {name}: the cancelling iteration {fire} ran %d times\\n\", {name}_hits[{fire}]); failed = 1; }}")
                    # The cancelling thread went no further in its own order:
                    # static schedules give each thread rising iterations. (A
                    # cancel parallel already active makes cancel for do
                    # nothing: one request per team, in LLVM too.)
                    if sched.startswith("static") and not cut:
                        after.append(f"if ({name}_fired) for (int i = {fire} + 1; i < {n}; i++) "
                                     f"if ({name}_hits[i] && {name}_tid[i] == {name}_tid[{fire}]) "
                                     f"{{ printf(\"FAIL {name}: thread %d ran iteration %d after cancelling at {fire}\\n\", {name}_tid[i], i); failed = 1; break; }}")
                elif not cut:
                    after.append(self.each(name, "iteration", n, "!= 1", ", no cancel fired"))
            elif part == "sections":
                ns = rng.randint(1, 4)
                fire = rng.choice([None, rng.randint(0, ns - 1)])
                decls.append(f"int {name}_hits[{ns}] = {{0}};")
                self.w(3, "#pragma omp sections")
                self.w(3, "{")
                for s in range(ns):
                    self.w(4, "#pragma omp section")
                    self.w(4, "{")
                    self.w(5, "#pragma omp atomic")
                    self.w(5, f"{name}_hits[{s}]++;")
                    if s == fire:
                        self.w(5, "#pragma omp cancel sections")
                    self.w(4, "}")
                self.w(3, "}")
                after.append(self.each(name, "section", ns, "> 1"))
                if not cut:
                    if fire is None:
                        after.append(self.each(name, "section", ns, "!= 1", ", no cancel"))
                    else:
                        after.append(f"if ({name}_hits[{fire}] != 1) {{ printf(\"FAIL {name}: the cancelling section ran %d times\\n\", {name}_hits[{fire}]); failed = 1; }}")
            elif part == "tasks":
                nt = rng.randint(1, 12)
                fire = rng.choice([None, rng.randint(0, nt - 1)])
                decls.append(f"int {name}_hits[{nt}] = {{0}};")
                self.w(3, "#pragma omp single")
                self.w(3, "#pragma omp taskgroup")
                self.w(3, "{")
                self.w(4, f"for (int t = 0; t < {nt}; t++) {{")
                self.w(5, "#pragma omp task firstprivate(t)")
                self.w(5, "{")
                self.w(6, "#pragma omp atomic")
                self.w(6, f"{name}_hits[t]++;")
                if fire is not None:
                    self.w(6, f"#pragma omp cancel taskgroup if(t == {fire})")
                self.w(5, "}")
                self.w(4, "}")
                self.w(3, "}")
                after.append(self.each(name, "task", nt, "> 1"))
                if not cut and fire is None:
                    after.append(self.each(name, "task", nt, "!= 1", ", no cancel"))
            elif part == "barrier":
                self.w(3, "#pragma omp barrier")
            elif part == "point":
                self.w(3, "#pragma omp cancellation point parallel")
            elif part == "single":
                decls.append(f"int {name}_hits = 0;")
                self.w(3, "#pragma omp single")
                self.w(3, "{")
                self.w(4, "#pragma omp atomic")
                self.w(4, f"{name}_hits++;")
                self.w(3, "}")
                after.append(f"if ({name}_hits > 1 || (!{int(cut)} && {name}_hits != 1)) "
                             f"{{ printf(\"FAIL {name}: single ran %d times\\n\", {name}_hits); failed = 1; }}")
            else:  # cancel parallel, by one thread or none
                who = rng.choice([0, 1, 2, 5])
                self.w(3, f"#pragma omp cancel parallel if(omp_get_thread_num() == {who})")
                if who < nth:
                    cut = True
        self.w(2, "}")
        self.lines[decls_at:decls_at] = ["    " + x for x in decls]
        for x in after:
            self.w(2, x)
        # The team is whole again.
        self.w(2, "{")
        self.w(3, "int members = 0;")
        self.w(3, f"#pragma omp parallel num_threads({nth})")
        self.w(3, "{")
        self.w(4, "#pragma omp atomic")
        self.w(4, "members++;")
        self.w(4, "#pragma omp barrier")
        self.w(3, "}")
        self.w(3, f"if (members != {nth}) {{ printf(\"FAIL region {r}: the next region had %d of {nth} threads\\n\", members); failed = 1; }}")
        self.w(2, "}")
        self.w(1, "}")

    def emit(self):
        for r in range(self.regions):
            self.region(r)
        out = [f"/* fuzz_cancel.py seed {self.seed} */",
               "#include <omp.h>\n#include <signal.h>\n#include <stdio.h>\n#include <stdlib.h>\n#include <unistd.h>",
               "static int failed;",
               "static void hung(int sig) {",
               "  (void)sig;",
               "  static const char msg[] = \"FAIL: hung (alarm)\\n\";",
               "  write(1, msg, sizeof msg - 1);",
               "  _exit(1);",
               "}",
               *fuzzlib.rerun_in_environment("FUZZ_CANCEL_ENV", {"OMP_CANCELLATION": "true"}),
               "int main(int argc, char **argv) {",
               "  (void)argc;",
               "  environment(argv);",
               "  signal(SIGALRM, hung);",
               "  alarm(30);",
               "  if (!omp_get_cancellation()) { printf(\"FAIL: cancellation is off\\n\"); return 1; }",
               "  omp_set_dynamic(0);"]
        out += self.lines
        out += ["  if (!failed) printf(\"OK\\n\");", "  return failed;", "}"]
        return "\n".join(out) + "\n"


def program(seed, regions):
    return Gen(seed, regions).emit()


def run_range(first, count, libs, regions, reps, cflags=()):
    return fuzzlib.run_self_checking("fuzz_cancel", first, count, libs, reps,
                                     lambda seed: program(seed, regions), cflags=cflags)


def main():
    ap = fuzzlib.parser(__doc__, "--regions", 8, "parallel regions per program")
    ap.add_argument("--reps", type=int, default=5, help="runs of each program on each runtime")
    ap.add_argument("--cflags", default="", help="extra compiler flags, e.g. -fsanitize=thread")
    fuzzlib.main(ap, lambda a: run_range(a.run[0], a.run[1], a.lib, a.regions, a.reps,
                                         a.cflags.split()),
                 lambda a: program(a.seed, a.regions))


if __name__ == "__main__":
    main()
