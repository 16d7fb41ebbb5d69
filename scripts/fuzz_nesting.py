#!/usr/bin/env python3
"""Random nests of parallel regions that check their ICVs and constructs.

Each seed gives one C program: a tree of `parallel` regions (num_threads,
if, proc_bind) up to four deep, sometimes under host `teams` (num_teams,
thread_limit) or inside a `target` region on the x86_64 offload device,
synchronous or `nowait` (unless --host-only), whose bodies mix nested regions with worksharing and
synchronisation (for with reduction, sections, single, single copyprivate,
masked filter, critical, barrier), explicit tasks with taskwait or
taskgroup, and calls that change ICVs on the way (omp_set_num_threads,
omp_set_max_active_levels), under an environment the program sets and then
runs itself again in (an OMP_NUM_THREADS list of one to three entries,
OMP_MAX_ACTIVE_LEVELS; others unset). The generator models the ICVs
(OpenMP 5.2 chapter 2; where the spec leaves a choice, LLVM's: a list sets
max-active-levels-var to the most, host teams take the list's next entry)
and so knows every team's size; each thread checks what the
runtime says about where it is: omp_get_level, omp_get_active_level,
omp_in_parallel, omp_get_num_threads, omp_get_max_threads,
omp_get_max_active_levels, omp_get_thread_limit, omp_get_team_size and
omp_get_ancestor_thread_num for every enclosing level (against the
thread numbers its ancestors saw), omp_get_num_teams/omp_get_team_num.
Each team checks after its region that loops ran each iteration once,
single and sections once, masked on its filter thread only, critical and
barriers with every member, tasks all, copyprivate everywhere.

  fuzz_nesting.py SEED > prog.c
  fuzz_nesting.py --run FIRST COUNT --lib OURS [--lib REFERENCE]
"""
import itertools
import random

import fuzzlib


class Ctx:
    """What the generator knows at a point of the program, for the thread
    executing it: the ICVs of its task and where it is."""

    def __init__(self, nthreads, max_active, thread_limit, sizes, active, teams):
        self.nthreads = nthreads        # nthreads-var of the current task
        self.max_active = max_active    # max-active-levels-var
        self.thread_limit = thread_limit
        self.sizes = sizes              # team size at each level 1..L
        self.active = active            # active levels
        self.teams = teams              # None, or (num_teams) when inside host teams

    @property
    def level(self):
        return len(self.sizes)


class Gen:
    def __init__(self, seed, regions, offload=True):
        self.rng = random.Random(seed)
        self.seed = seed
        self.offload = offload
        self.fail_var = "failed"  # tfailed inside a target region
        self.decls = {}  # region id -> C declarations its constructs need before it
        self.after = {}  # region id -> C checks after it
        self.budget = regions
        self.ids = 0
        self.lines = []

    def new_id(self):
        self.ids += 1
        return self.ids

    def w(self, depth, text):
        self.lines.append("  " * depth + text)

    def fail(self, depth, rid, what, args=""):
        msg = f"FAIL r{rid}: {what}\\n"
        self.w(depth, f"printf(\"{msg}\"{', ' + args if args else ''}); {self.fail_var} = 1;")

    def checks(self, d, rid, ctx):
        """Every thread checks where the runtime says it is."""
        L = ctx.level
        expect = [("omp_get_level()", L), ("omp_get_active_level()", ctx.active),
                  ("omp_in_parallel()", 1 if ctx.active else 0),
                  ("omp_get_num_threads()", ctx.sizes[-1] if L else 1),
                  ("omp_get_max_threads()", ctx.nthreads),
                  ("omp_get_max_active_levels()", ctx.max_active),
                  ("omp_get_thread_limit()", ctx.thread_limit)]
        if ctx.teams:
            expect.append(("omp_get_num_teams()", ctx.teams))
        for lvl in range(1, L + 1):
            expect.append((f"omp_get_team_size({lvl})", ctx.sizes[lvl - 1]))
        for expr, want in expect:
            self.w(d, f"if ({expr} != {want}) {{")
            self.fail(d + 1, rid, f"{expr} = %d, model {want}", expr)
            self.w(d, "}")
        # Ancestors' thread numbers: what each enclosing level's thread saw.
        for lvl in range(1, L + 1):
            self.w(d, f"if (omp_get_ancestor_thread_num({lvl}) != tid{lvl}) {{")
            self.fail(d + 1, rid, f"omp_get_ancestor_thread_num({lvl}) = %d, enclosing thread %d",
                      f"omp_get_ancestor_thread_num({lvl}), tid{lvl}")
            self.w(d, "}")
        self.w(d, f"if (omp_get_ancestor_thread_num({L + 1}) != -1 || omp_get_team_size({L + 1}) != -1) {{")
        self.fail(d + 1, rid, f"level {L + 1} answers as if it existed")
        self.w(d, "}")

    def region(self, d, ctx, depth_left):
        """A parallel region at this point; returns nothing, emits code."""
        rng = self.rng
        rid = self.new_id()
        self.budget -= 1
        req = rng.choice([None, 1, 2, 3, 4])
        if0 = rng.random() < 0.15
        bind = rng.choice([None, None, "spread", "close", "master", "primary"])
        want = req if req is not None else ctx.nthreads
        active = not if0 and ctx.active < ctx.max_active
        limit = want if ctx.thread_limit == "limit" else ctx.thread_limit
        size = min(want, limit) if active else 1
        L = ctx.level + 1
        clauses = ""
        if req is not None:
            clauses += f" num_threads({req})"
        if if0:
            clauses += " if(0)"
        if bind:
            clauses += f" proc_bind({bind})"
        self.w(d, "{")
        self.w(d + 1, f"/* region r{rid}: level {L}, team of {size} */")
        self.w(d + 1, f"int r{rid}_members = 0;")
        decl_at = len(self.lines)
        self.decls[rid] = []
        self.after[rid] = []
        # Automatic, not static: sibling threads run their own instances.
        self.w(d + 1, f"int r{rid}_once[64] = {{0}};")
        self.w(d + 1, f"#pragma omp parallel{clauses}")
        self.w(d + 1, "{")
        # OMP_NUM_THREADS lists give nthreads-var by nesting level (serialized
        # levels count); past the list, the implicit tasks inherit it.
        inner_nthreads = self.nlist[L] if L < len(self.nlist) else ctx.nthreads
        inner = Ctx(inner_nthreads, ctx.max_active, ctx.thread_limit, ctx.sizes + [size],
                    ctx.active + (1 if size > 1 else 0) if active else ctx.active, ctx.teams)
        # OpenMP: a region counts as active only with more than one thread.
        self.w(d + 2, f"int tid{L} = omp_get_thread_num();")
        self.w(d + 2, f"if (tid{L} < 0 || tid{L} >= {size}) {{")
        self.fail(d + 3, rid, f"thread number %d in a team of {size}", f"tid{L}")
        self.w(d + 2, "}")
        self.w(d + 2, "#pragma omp atomic")
        self.w(d + 2, f"r{rid}_members++;")
        self.checks(d + 2, rid, inner)
        counts = {}  # what the team checks after the region: slot -> (what, expected)
        slots = itertools.count(0, 4)  # r<id>_once slots, four for each construct (sections)
        for _ in range(rng.randint(1, 4)):
            self.construct(d + 2, rid, inner, counts, next(slots), depth_left)
        self.w(d + 1, "}")
        # Shared variables the constructs asked for, declared before the region.
        self.lines[decl_at:decl_at] = ["  " * (d + 1) + x for x in self.decls[rid]]
        for x in self.after[rid]:
            self.w(d + 1, x)
        self.w(d + 1, f"if (r{rid}_members != {size}) {{")
        self.fail(d + 2, rid, f"%d members, model {size}", f"r{rid}_members")
        self.w(d + 1, "}")
        for slot, (what, want_n) in counts.items():
            self.w(d + 1, f"if (r{rid}_once[{slot}] != {want_n}) {{")
            self.fail(d + 2, rid, f"{what} ran %d times, model {want_n}", f"r{rid}_once[{slot}]")
            self.w(d + 1, "}")
        self.w(d, "}")

    def construct(self, d, rid, ctx, counts, slot, depth_left):
        rng = self.rng
        size = ctx.sizes[-1]
        kinds = ["for", "sections", "single", "copyprivate", "masked", "critical", "barrier",
                 "task", "set_nthreads", "set_levels"]
        if depth_left > 0 and self.budget > 0:
            kinds += ["parallel", "parallel"]
        kind = rng.choice(kinds)
        once = f"r{rid}_once[{slot}]"
        if kind == "parallel":
            self.region(d, ctx, depth_left - 1)
        elif kind == "for":
            n = rng.randint(0, 40)
            sched = rng.choice(["static", "static, 3", "dynamic", "dynamic, 2", "guided", "runtime"])
            nowait = rng.random() < 0.3
            sum_var = f"r{rid}_sum{slot}"
            self.decls[rid].append(f"long {sum_var} = 0;")
            self.w(d, "{")
            self.w(d + 1, f"#pragma omp for schedule({sched}) reduction(+: {sum_var}){' nowait' if nowait else ''}")
            self.w(d + 1, f"for (int i = 0; i < {n}; i++) {{ {sum_var} += i + 1; }}")
            self.w(d + 1, f"long sum = {sum_var};")
            if nowait:
                # Complete only after a barrier: the region's end.
                self.after[rid].append(f"if ({sum_var} != {n * (n + 1) // 2}) {{ printf(\"FAIL r{rid}: "
                                       f"for nowait reduction %ld, model {n * (n + 1) // 2}\\n\", {sum_var}); {self.fail_var} = 1; }}")
            else:
                # After the loop's barrier every thread holds the whole sum.
                self.w(d + 1, f"if (sum != {n * (n + 1) // 2}) {{")
                self.fail(d + 2, rid, f"for reduction %ld, model {n * (n + 1) // 2}", "sum")
                self.w(d + 1, "}")
                self.w(d + 1, "#pragma omp atomic")
                self.w(d + 1, f"{once}++;")
                counts[slot] = ("for (threads seeing the total)", size)
            # With nowait the reduction is complete only after a barrier.
            self.w(d, "}")
        elif kind == "sections":
            nsec = rng.randint(1, 4)
            self.w(d, "#pragma omp sections")
            self.w(d, "{")
            for s in range(nsec):
                self.w(d + 1, "#pragma omp section")
                self.w(d + 1, "{")
                self.w(d + 2, "#pragma omp atomic")
                self.w(d + 2, f"r{rid}_once[{slot + s}]++;")
                self.w(d + 1, "}")
                counts[slot + s] = (f"section {s}", 1)
            self.w(d, "}")
        elif kind == "single":
            self.w(d, "#pragma omp single")
            self.w(d, "{")
            self.w(d + 1, "#pragma omp atomic")
            self.w(d + 1, f"{once}++;")
            self.w(d, "}")
            counts[slot] = ("single", 1)
        elif kind == "copyprivate":
            val = rng.randint(1, 1 << 30)
            self.w(d, "{")
            self.w(d + 1, "int v = -1;")
            self.w(d + 1, "#pragma omp single copyprivate(v)")
            self.w(d + 1, f"v = {val};")
            self.w(d + 1, f"if (v == {val}) {{")
            self.w(d + 2, "#pragma omp atomic")
            self.w(d + 2, f"{once}++;")
            self.w(d + 1, "}")
            self.w(d, "}")
            counts[slot] = ("copyprivate (threads with the value)", size)
        elif kind == "masked":
            f = rng.choice([0, 0, 1, 2, 3])
            self.w(d, f"#pragma omp masked filter({f})")
            self.w(d, "{")
            self.w(d + 1, f"if (omp_get_thread_num() != {f}) {{")
            self.fail(d + 2, rid, f"masked filter({f}) on thread %d", "omp_get_thread_num()")
            self.w(d + 1, "}")
            self.w(d + 1, "#pragma omp atomic")
            self.w(d + 1, f"{once}++;")
            self.w(d, "}")
            self.w(d, "#pragma omp barrier")
            counts[slot] = (f"masked filter({f})", 1 if f < size else 0)
        elif kind == "critical":
            name = rng.choice(["", "(alpha)", "(beta)"])
            self.w(d, f"#pragma omp critical{name}")
            self.w(d, "{")
            self.w(d + 1, f"int seen = {once};")
            self.w(d + 1, "for (volatile int spin = 0; spin < 50; spin++) {}")
            self.w(d + 1, f"{once} = seen + 1;")
            self.w(d, "}")
            counts[slot] = (f"critical{name}", size)
        elif kind == "barrier":
            # Everyone arrives before anyone reads.
            self.w(d, "#pragma omp atomic")
            self.w(d, f"{once}++;")
            self.w(d, "#pragma omp barrier")
            self.w(d, "{")
            self.w(d + 1, "int seen;")
            self.w(d + 1, "#pragma omp atomic read")
            self.w(d + 1, f"seen = {once};")
            self.w(d + 1, f"if (seen != {size}) {{")
            self.fail(d + 2, rid, f"barrier passed with %d of {size} arrived", "seen")
            self.w(d + 1, "}")
            self.w(d, "}")
            self.w(d, "#pragma omp barrier")
            counts[slot] = ("barrier arrivals", size)
        elif kind == "task":
            ntask = rng.randint(1, 3)
            wait = rng.choice(["taskwait", "taskgroup", "barrier"])
            if wait == "taskgroup":
                self.w(d, "#pragma omp taskgroup")
            self.w(d, "{")
            for _ in range(ntask):
                self.w(d + 1, "#pragma omp task")
                self.w(d + 1, "{")
                # A task's ICVs and levels are its generating task's.
                self.w(d + 2, f"if (omp_get_level() != {ctx.level} || omp_get_num_threads() != {size}) {{")
                self.fail(d + 3, rid, "task sees level %d, %d threads",
                          "omp_get_level(), omp_get_num_threads()")
                self.w(d + 2, "}")
                self.w(d + 2, "#pragma omp atomic")
                self.w(d + 2, f"{once}++;")
                self.w(d + 1, "}")
            if wait == "taskwait":
                self.w(d + 1, "#pragma omp taskwait")
            self.w(d, "}")
            if wait == "barrier":
                self.w(d, "#pragma omp barrier")
            counts[slot] = ("tasks", ntask * size)
        elif kind == "set_nthreads":
            ctx.nthreads = self.set_icv(d, rid, "omp_set_num_threads", "omp_get_max_threads")
        elif kind == "set_levels":
            # max-active-levels-var belongs to the data environment (OpenMP
            # 5.1 and later, as LLVM has it): every thread sets its own
            # task's, which the regions it creates inherit.
            ctx.max_active = self.set_icv(d, rid, "omp_set_max_active_levels",
                                          "omp_get_max_active_levels")

    def set_icv(self, d, rid, setter, getter):
        """Every thread sets an ICV of its task and reads it back; returns
        the value."""
        n = self.rng.randint(1, 4)
        self.w(d, f"{setter}({n});")
        self.w(d, f"if ({getter}() != {n}) {{")
        self.fail(d + 1, rid, f"{getter}() = %d after {setter}({n})", f"{getter}()")
        self.w(d, "}")
        return n

    def main_body(self):
        rng = self.rng
        self.w(1, "omp_set_dynamic(0);")
        ma = rng.choice([1, 2, 3, 4])
        nth = rng.randint(1, 4)
        # The environment (set by a constructor, before the runtime starts),
        # from a stream of its own so the rest of a seed's program stays.
        erng = random.Random(f"env {self.seed}")
        self.nlist = []
        if erng.random() < 0.5:
            self.nlist = [erng.randint(1, 4) for _ in range(erng.randint(1, 3))]
        env_mal = erng.choice([None, None, 1, 2, 3])
        self.env = {"OMP_NUM_THREADS": ",".join(map(str, self.nlist)) or None,
                    "OMP_MAX_ACTIVE_LEVELS": None if env_mal is None else str(env_mal)}
        # Initial ICVs: a list of more than one sets max-active-levels-var
        # to the most (LLVM's choice, which ours follows).
        mal = env_mal if env_mal is not None else (2147483647 if len(self.nlist) > 1 else 1)
        if not self.nlist or erng.random() < 0.5:
            self.w(1, f"omp_set_num_threads({nth});")
        else:
            nth = self.nlist[0]
        if env_mal is None or erng.random() < 0.5:
            self.w(1, f"omp_set_max_active_levels({ma});")
            mal = ma
        if not self.nlist:
            self.nlist = [nth]
        self.max_active_now = ma = mal
        trng = random.Random(f"target {self.seed}")
        top = 0
        while self.budget > 0 and top < 6:
            top += 1
            ctx = Ctx(nth, self.max_active_now, "limit", [], 0, None)
            form = rng.choice(["parallel", "parallel", "parallel", "teams"])
            if form == "parallel" and self.offload and trng.random() < 0.3:
                # The same tree in a target region on the x86_64 offload
                # device: it runs on the encountering thread, with its ICVs.
                # With nowait it is a task (a hidden helper thread runs it)
                # with the ICVs of the task that made it.
                depth = rng.randint(0, 3)
                nowait = trng.random() < 0.5
                self.w(1, "{")
                self.w(2, "int tfailed = 0;")
                self.w(2, f"#pragma omp target map(tofrom: tfailed){' nowait' if nowait else ''}")
                self.w(2, "{")
                self.w(3, "if (omp_is_initial_device()) { printf(\"FAIL: target region on the host\\n\"); tfailed = 1; }")
                self.fail_var = "tfailed"
                self.region(3, ctx, depth)
                self.fail_var = "failed"
                self.w(2, "}")
                if nowait:
                    self.w(2, "#pragma omp taskwait")
                self.w(2, "failed |= tfailed;")
                self.w(1, "}")
            elif form == "parallel":
                self.region(1, ctx, rng.randint(0, 3))
            else:
                # At most two threads in the league: the CI machines have two
                # processors, and beyond them the runtimes clamp differently
                # (ours lowers thread-limit-var, LLVM keeps it and warns).
                nteams, tl = rng.choice([(1, 1), (1, 2), (2, 1)])
                rid = self.new_id()
                self.budget -= 1
                self.w(1, "{")
                self.w(2, f"int r{rid}_teams = 0;")
                self.w(2, f"#pragma omp teams num_teams({nteams}) thread_limit({tl})")
                self.w(2, "{")
                self.w(3, "#pragma omp atomic")
                self.w(3, f"r{rid}_teams++;")
                self.w(3, f"if (omp_get_team_num() < 0 || omp_get_team_num() >= {nteams} || "
                          f"omp_get_num_teams() != {nteams} || omp_get_thread_limit() != {tl}) {{")
                self.fail(4, rid, "team %d of %d, thread limit %d",
                          "omp_get_team_num(), omp_get_num_teams(), omp_get_thread_limit()")
                self.w(3, "}")
                # A league's initial tasks take the list's next element.
                tctx = Ctx(self.nlist[1] if len(self.nlist) > 1 else nth, self.max_active_now,
                           tl, [], 0, nteams)
                # One level of parallel inside: a team's contention group
                # holds thread_limit threads, and siblings nested deeper
                # would compete for them at run time.
                self.region(3, tctx, 0)
                self.w(2, "}")
                self.w(2, f"if (r{rid}_teams != {nteams}) {{")
                self.fail(3, rid, f"%d teams ran, model {nteams}", f"r{rid}_teams")
                self.w(2, "}")
                self.w(1, "}")
            # What regions set stayed in their tasks.
            self.w(1, f"if (omp_get_max_active_levels() != {self.max_active_now}) {{")
            self.fail(2, 0, f"max-active-levels %d after the region, model {self.max_active_now}",
                      "omp_get_max_active_levels()")
            self.w(1, "}")

    def emit(self):
        self.main_body()
        out = [f"/* fuzz_nesting.py seed {self.seed} */",
               "#include <omp.h>\n#include <stdio.h>\n#include <stdlib.h>",
               "#include <unistd.h>",
               "static int failed;",
               "/* The environment this program's model assumes. */"]
        env = {var: None for var in ("OMP_THREAD_LIMIT", "OMP_DYNAMIC", "OMP_NESTED",
                                     "KMP_TEAMS_THREAD_LIMIT", "OMP_TEAMS_THREAD_LIMIT")}
        env.update({var: val or None for var, val in self.env.items()})
        out += fuzzlib.rerun_in_environment("FUZZ_NESTING_ENV", env)
        out += ["int main(int argc, char **argv) {",
               "  (void)argc;",
               "  environment(argv);",
               "  const int limit = omp_get_thread_limit();"]
        out += self.lines
        out += ["  if (!failed) printf(\"OK\\n\");", "  return failed;", "}"]
        return "\n".join(out) + "\n"


def program(seed, regions, offload=True):
    return Gen(seed, regions, offload).emit()


def run_range(first, count, libs, regions, reps, offload, cflags=()):
    return fuzzlib.run_self_checking("fuzz_nesting", first, count, libs, reps,
                                     lambda seed: program(seed, regions, offload),
                                     offload=offload, cflags=cflags)


def main():
    ap = fuzzlib.parser(__doc__, "--regions", 12, "parallel regions per program")
    ap.add_argument("--reps", type=int, default=3, help="runs of each program on each runtime")
    ap.add_argument("--host-only", action="store_true",
                    help="no target regions, for sanitized builds")
    ap.add_argument("--cflags", default="", help="extra compiler flags, e.g. -fsanitize=thread")
    fuzzlib.main(ap, lambda a: run_range(a.run[0], a.run[1], a.lib, a.regions, a.reps,
                                         not a.host_only, a.cflags.split()),
                 lambda a: program(a.seed, a.regions, not a.host_only))


if __name__ == "__main__":
    main()
