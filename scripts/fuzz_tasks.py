#!/usr/bin/env python3
"""Random task-dependence programs, checked against their own serial meaning.

Each seed gives one C program: a tree of explicit tasks (host tasks, target
tasks on the offload device, undeferred, final, detached, nested) with random
`depend` clauses of every type (in, out, inout, mutexinoutset, inoutset,
omp_all_memory, depobj, iterator), plus taskwait, `taskwait depend` and
taskgroup. The program checks itself, so a run needs no reference runtime:
  - values: every writer updates its variables with a non-commutative step,
    every reader records what it saw; the generator computes the serial
    result, which any execution honouring the dependences must reproduce;
  - order: tasks take tickets from one atomic clock at start and end; each
    dependence between host tasks must show end(pred) < start(succ), tasks in
    one mutexinoutset group must not overlap, and taskwait / taskgroup must
    come after what they wait for.

  fuzz_tasks.py SEED [--tasks N] > prog.c       one program
  fuzz_tasks.py --run FIRST COUNT [--lib DIR]... compile and run a range of
                seeds with clang-19 against each runtime directory given
                (LD_LIBRARY_PATH), several repetitions and environments each,
                and print the seeds that fail with the runtime they fail on.
  --without F,...  leaves features out (the list is in --help): LLVM 19's
                libomp fails its own assertions on many trees with untied
                tasks (kmp_tasking.cpp td_last_tied, tasktype == 1), so run
                it --without untied; sanitized builds --without target.
"""
import argparse
import os
import random
import tempfile

import fuzzlib

MASK = (1 << 64) - 1
MUL = 1000003
NVARS = 12
# Dependence types that may run together with their own kind.
SHARED_KINDS = ("in", "inoutset", "mutexinoutset")


def conflicts(a, b):
    """Whether a later sibling with dependence type b on a location waits for
    an earlier one with type a (OpenMP 5.2, 15.9.5)."""
    return not (a == b and a in SHARED_KINDS)


class Task:
    def __init__(self, ident):
        self.id = ident
        self.kind = "host"          # host | target
        self.deps = []              # [(type, [var, ...], form)], form: plain|depobj|iterator
        self.all_memory = None      # None | "out" | "inout"
        self.items = []             # children: Task | ("taskwait", tick) | ...
        self.if0 = False
        self.final = False
        self.detach = None          # None | "self" | "other"
        self.priority = None
        self.untied = False
        self.spin = 0
        self.observes = False       # records what its in-variables held
        self.writes_all = []        # variables an omp_all_memory task updates


class Gen:
    def __init__(self, seed, ntasks, without=()):
        self.off = set(without)
        self.rng = random.Random(seed)
        self.seed = seed
        self.budget = ntasks
        self.next_id = 0
        self.tasks = []
        self.ticks = 0              # named clock readings outside tasks
        self.order = []             # (pred, succ) end(pred) < start(succ)
        self.mutex = []             # (a, b) must not overlap
        self.before_tick = []       # (task, tick) end(task) < tick
        self.tick_obs = []          # (tick, var) generating task reads var after a taskwait depend
        self.nthreads = self.rng.choice([1, 2, 3, 4, 4, 6, 8])
        self.use_target = self.rng.random() < 0.6 and "target" not in self.off

    def new_task(self):
        t = Task(self.next_id)
        self.next_id += 1
        self.tasks.append(t)
        self.budget -= 1
        return t

    # -- generation -------------------------------------------------------
    def gen_items(self, owned, depth, is_top):
        """Items of one task region. owned: variables this region may use
        (all at top level; a parent's out/inout variables below it)."""
        items = []
        count = self.rng.randint(1, 6) if not is_top else 10 ** 9
        while count > 0 and self.budget > 0:
            count -= 1
            r = self.rng.random()
            if r < 0.06 and items and "taskwait" not in self.off:
                items.append(("taskwait", self.tick_id()))
            elif r < 0.10 and items and "taskwait_depend" not in self.off:
                typ = self.rng.choice(["in", "out", "inout", "inoutset"])
                v = self.rng.choice(owned)
                items.append(("taskwait_depend", typ, v, self.tick_id()))
            elif r < 0.13 and is_top and self.budget > 3 and "taskgroup" not in self.off:
                inner = self.gen_items(owned, depth, False)
                items.append(("taskgroup", inner, self.tick_id()))
            else:
                items.append(self.gen_task(owned, depth))
        return items

    def tick_id(self):
        self.ticks += 1
        return self.ticks - 1

    def gen_task(self, owned, depth):
        rng = self.rng
        t = self.new_task()
        target_ok = self.use_target and depth <= 1
        if target_ok and rng.random() < 0.25:
            t.kind = "target"
        if t.kind == "host" and rng.random() < 0.04 and depth == 0 and "all_memory" not in self.off:
            t.all_memory = rng.choice(["out", "inout"])
            t.writes_all = rng.sample(owned, min(len(owned), rng.randint(1, 3)))
        else:
            nvars = rng.randint(0 if t.kind == "host" else 1, 3)
            chosen = rng.sample(owned, min(nvars, len(owned)))
            for v in chosen:
                if t.kind == "target":
                    typ = rng.choice(["in", "out", "inout"])
                else:
                    typ = rng.choice(["in", "in", "out", "inout", "inout",
                                      "mutexinoutset", "inoutset"])
                form = "plain"
                if t.kind == "host" and rng.random() < 0.12 and "depobj" not in self.off:
                    form = "depobj"
                t.deps.append((typ, [v], form))
            # An iterator over a run of consecutive variables.
            if t.kind == "host" and rng.random() < 0.08 and "iterator" not in self.off:
                used = {v for _, vs, _ in t.deps for v in vs}
                runs = [b for b in range(len(owned) - 2)
                        if owned[b + 1] == owned[b] + 1 and owned[b + 2] == owned[b] + 2
                        and not used & {owned[b], owned[b] + 1, owned[b] + 2}]
                if runs:
                    b = owned[rng.choice(runs)]
                    t.deps.append((rng.choice(["in", "out", "inout"]), [b, b + 1, b + 2], "iterator"))
        if t.kind == "host":
            t.if0 = rng.random() < 0.08 and "if0" not in self.off
            t.final = rng.random() < 0.06 and "final" not in self.off
            t.untied = rng.random() < 0.1 and "untied" not in self.off
            if not t.if0 and rng.random() < 0.1 and "detach" not in self.off:
                t.detach = rng.choice(["self", "other"])
            if rng.random() < 0.15:
                t.priority = rng.randint(0, 5)
        t.spin = rng.choice([0, 0, 0, 50, 500, 5000])
        t.observes = any(typ == "in" for typ, _, _ in t.deps)
        # Children work on what this task holds exclusively.
        mine = sorted({v for typ, vs, _ in t.deps if typ in ("out", "inout") for v in vs})
        if t.all_memory:
            mine = sorted(t.writes_all)
        if (t.kind == "host" and mine and depth < 2 and rng.random() < 0.3 and self.budget > 1
                and "nested" not in self.off):
            t.items = self.gen_items(mine, depth + 1, False)
        return t

    # -- serial meaning ---------------------------------------------------
    def simulate(self, items, vals, obs, tick_obs):
        for it in items:
            if isinstance(it, Task):
                self.apply(it, vals, obs)
                self.simulate(it.items, vals, obs, tick_obs)
            elif it[0] == "taskwait_depend":
                tick_obs[it[3]] = vals[it[2]]
            elif it[0] == "taskgroup":
                self.simulate(it[1], vals, obs, tick_obs)

    def apply(self, t, vals, obs):
        h = 0
        for typ, vs, _ in t.deps:
            for v in vs:
                if typ == "in":
                    h = (h * 31 + vals[v]) & MASK
                elif typ in ("out", "inout"):
                    vals[v] = (vals[v] * MUL + t.id + 1) & MASK
                else:
                    vals[v] = (vals[v] + t.id + 1) & MASK
        for v in t.writes_all:
            vals[v] = (vals[v] * MUL + t.id + 1) & MASK
        if t.observes:
            obs[t.id] = h

    # -- ordering constraints among siblings ------------------------------
    def constraints(self, items):
        prev = []                   # earlier sibling tasks in this region
        for it in items:
            if isinstance(it, Task):
                for p in prev:
                    rel = self.relation(p, it)
                    if rel == "order":
                        self.order.append((p.id, it.id))
                    elif rel == "mutex":
                        self.mutex.append((p.id, it.id))
                prev.append(it)
                self.constraints(it.items)
            elif it[0] == "taskwait":
                for p in prev:
                    self.before_tick.append((p.id, it[1]))
            elif it[0] == "taskwait_depend":
                _, typ, v, tick = it
                probe = Task(-1)
                probe.deps = [(typ, [v], "plain")]
                for p in prev:
                    if self.relation(p, probe) == "order":
                        self.before_tick.append((p.id, tick))
                if typ in ("in", "out", "inout"):
                    # Later writers of the other kinds may still run.
                    self.tick_obs.append((tick, v))
            elif it[0] == "taskgroup":
                _, inner, tick = it
                self.constraints(inner)
                for t in self.descendants(inner):
                    self.before_tick.append((t.id, tick))
                prev.extend(x for x in inner if isinstance(x, Task))

    def descendants(self, items):
        for it in items:
            if isinstance(it, Task):
                yield it
                yield from self.descendants(it.items)
            elif it[0] == "taskgroup":
                yield from self.descendants(it[1])

    @staticmethod
    def relation(a, b):
        if a.all_memory or b.all_memory:
            # omp_all_memory orders against every sibling with a dependence.
            has_a = a.all_memory or a.deps
            has_b = b.all_memory or b.deps
            return "order" if has_a and has_b else None
        mutex = False
        for ta, vas, _ in a.deps:
            for tb, vbs, _ in b.deps:
                if set(vas) & set(vbs):
                    if conflicts(ta, tb):
                        return "order"
                    if ta == "mutexinoutset":
                        mutex = True
        return "mutex" if mutex else None

    # -- C output ---------------------------------------------------------
    def emit(self):
        top = self.gen_items(list(range(NVARS)), 0, True)
        vals = [(i * 7919 + 17) & MASK for i in range(NVARS)]
        obs = {}
        tick_obs = {}
        self.simulate(top, vals, obs, tick_obs)
        self.constraints(top)
        n = self.next_id
        out = []
        w = out.append
        w(f"/* fuzz_tasks.py seed {self.seed}: {n} tasks, {self.nthreads} threads */")
        w("#include <omp.h>\n#include <stdio.h>\n#include <stdlib.h>\n#include <stdatomic.h>")
        w(f"#define NT {max(n, 1)}\n#define NV {NVARS}\n#define NTICK {max(self.ticks, 1)}")
        w("static atomic_long clk;")
        w("static long t_start[NT], t_end[NT], t_fulfil[NT], tick[NTICK];")
        # One global per variable: two sections of one array mapped by one
        # target construct become one mapping over the span between them,
        # which would overlap other tasks' mappings of the elements between.
        w("static unsigned long long " + ", ".join(f"var{i}" for i in range(NVARS)) + ";")
        w("static unsigned long long *const vars[NV] = {" + ", ".join(f"&var{i}" for i in range(NVARS)) + "};")
        w("static unsigned long long obs[NT], tick_val[NTICK];")
        w("static void spin(int n) { for (volatile int i = 0; i < n; i++) ; }")
        w("static long now(void) { return atomic_fetch_add(&clk, 1); }")
        w("static int run_once(void) {")
        w("  for (int i = 0; i < NV; i++) *vars[i] = (unsigned long long)i * 7919 + 17;")
        w("  for (int i = 0; i < NT; i++) { obs[i] = 0; t_start[i] = t_end[i] = t_fulfil[i] = -1; }")
        w(f"  #pragma omp parallel num_threads({self.nthreads})")
        w("  #pragma omp single")
        w("  {")
        self.emit_items(top, w, "    ")
        w("  }")
        w("  int bad = 0;")
        w(f"  static const unsigned long long want[NV] = {{{', '.join(f'{v}ULL' for v in vals)}}};")
        w("  for (int i = 0; i < NV; i++) if (*vars[i] != want[i]) { printf(\"FAIL var%d = %llu, serial %llu\\n\", i, *vars[i], want[i]); bad = 1; }")
        for tid, h in sorted(obs.items()):
            w(f"  if (obs[{tid}] != {h}ULL) {{ printf(\"FAIL task {tid} read %llu, serial {h}\\n\", obs[{tid}]); bad = 1; }}")
        for tk, v in self.tick_obs:
            w(f"  if (tick_val[{tk}] != {tick_obs[tk]}ULL) {{ printf(\"FAIL taskwait depend {tk} read var{v} = %llu, serial {tick_obs[tk]}\\n\", tick_val[{tk}]); bad = 1; }}")
        host = {t.id for t in self.tasks if t.kind == "host"}
        w("#define END(t) (t_fulfil[t] > t_end[t] ? t_fulfil[t] : t_end[t])")
        pairs = [(a, b) for a, b in self.order if a in host and b in host]
        if pairs:
            w(f"  static const int order[][2] = {{{', '.join(f'{{{a},{b}}}' for a, b in pairs)}}};")
            w("  for (unsigned i = 0; i < sizeof order / sizeof order[0]; i++) {")
            w("    int a = order[i][0], b = order[i][1];")
            w("    if (!(END(a) < t_start[b])) { printf(\"FAIL task %d (end %ld) before task %d (start %ld)\\n\", a, END(a), b, t_start[b]); bad = 1; }")
            w("  }")
        if self.mutex:
            w(f"  static const int mutex[][2] = {{{', '.join(f'{{{a},{b}}}' for a, b in self.mutex)}}};")
            w("  for (unsigned i = 0; i < sizeof mutex / sizeof mutex[0]; i++) {")
            w("    int a = mutex[i][0], b = mutex[i][1];")
            w("    if (!(END(a) < t_start[b] || END(b) < t_start[a])) { printf(\"FAIL mutexinoutset tasks %d [%ld,%ld] and %d [%ld,%ld] overlap\\n\", a, t_start[a], END(a), b, t_start[b], END(b)); bad = 1; }")
            w("  }")
        bt = [(a, k) for a, k in self.before_tick if a in host]
        if bt:
            w(f"  static const int waits[][2] = {{{', '.join(f'{{{a},{k}}}' for a, k in bt)}}};")
            w("  for (unsigned i = 0; i < sizeof waits / sizeof waits[0]; i++) {")
            w("    int a = waits[i][0], k = waits[i][1];")
            w("    if (!(END(a) < tick[k])) { printf(\"FAIL task %d (end %ld) not done at wait %d (%ld)\\n\", a, END(a), k, tick[k]); bad = 1; }")
            w("  }")
        w("  static const unsigned char is_host[NT] = {" + ", ".join("1" if t.kind == "host" else "0" for t in self.tasks) + "};")
        w("  for (int i = 0; i < NT; i++) if (is_host[i] && (t_start[i] < 0 || t_end[i] < t_start[i])) { printf(\"FAIL task %d did not run (%ld, %ld)\\n\", i, t_start[i], t_end[i]); bad = 1; }")
        w("  return bad;")
        w("}")
        w("int main(int argc, char **argv) {")
        w("  int reps = argc > 1 ? atoi(argv[1]) : 20;")
        w("  for (int r = 0; r < reps; r++) if (run_once()) { printf(\"in repetition %d\\n\", r); return 1; }")
        w(f"  printf(\"ok seed {self.seed}\\n\");")
        w("  return 0;")
        w("}")
        return "\n".join(out) + "\n"

    def dep_clauses(self, t, pre, post, ind):
        clauses = []
        if t.all_memory:
            clauses.append(f"depend({t.all_memory}: omp_all_memory)")
        for k, (typ, vs, form) in enumerate(t.deps):
            if form == "depobj":
                name = f"dobj_{t.id}_{k}"
                pre.append(f"{ind}omp_depend_t {name};")
                pre.append(f"{ind}#pragma omp depobj({name}) depend({typ}: var{vs[0]})")
                clauses.append(f"depend(depobj: {name})")
                post.append(f"{ind}#pragma omp depobj({name}) destroy")
            elif form == "iterator":
                clauses.append(f"depend(iterator(it = 0:{len(vs)}), {typ}: *vars[{vs[0]} + it])")
            else:
                clauses.append(f"depend({typ}: var{vs[0]})")
        return clauses

    def emit_items(self, items, w, ind):
        for it in items:
            if isinstance(it, Task):
                self.emit_task(it, w, ind)
            elif it[0] == "taskwait":
                w(f"{ind}#pragma omp taskwait")
                w(f"{ind}tick[{it[1]}] = now();")
            elif it[0] == "taskwait_depend":
                _, typ, v, tk = it
                w(f"{ind}#pragma omp taskwait depend({typ}: var{v})")
                w(f"{ind}tick[{tk}] = now();")
                if typ in ("in", "out", "inout"):
                    w(f"{ind}tick_val[{tk}] = var{v};")
            elif it[0] == "taskgroup":
                _, inner, tk = it
                w(f"{ind}#pragma omp taskgroup")
                w(f"{ind}{{")
                self.emit_items(inner, w, ind + "  ")
                w(f"{ind}}}")
                w(f"{ind}tick[{tk}] = now();")

    def emit_task(self, t, w, ind):
        pre, post = [], []
        clauses = self.dep_clauses(t, pre, post, ind)
        for line in pre:
            w(line)
        i2 = ind + "  "
        if t.kind == "target":
            maps = []
            for typ, vs, _ in t.deps:
                for v in vs:
                    maps.append(f"map({'to' if typ == 'in' else 'tofrom'}: var{v})")
            if t.observes:
                maps.append(f"map(tofrom: obs[{t.id}:1])")
            w(f"{ind}#pragma omp target nowait {' '.join(clauses + maps)}")
            w(f"{ind}{{")
            self.emit_ops(t, w, i2)
            if t.spin:
                w(f"{i2}for (volatile int s = 0; s < {t.spin}; s++) ;")
            w(f"{ind}}}")
        else:
            extra = []
            if t.if0:
                extra.append("if(0)")
            if t.final:
                extra.append("final(1)")
            if t.untied:
                extra.append("untied")
            if t.priority is not None:
                extra.append(f"priority({t.priority})")
            if t.detach:
                w(f"{ind}omp_event_handle_t ev_{t.id};")
                extra.append(f"detach(ev_{t.id})")
            w(f"{ind}#pragma omp task {' '.join(clauses + extra)}")
            w(f"{ind}{{")
            w(f"{i2}t_start[{t.id}] = now();")
            self.emit_ops(t, w, i2)
            if t.spin:
                w(f"{i2}spin({t.spin});")
            if t.items:
                self.emit_items(t.items, w, i2)
                w(f"{i2}#pragma omp taskwait")
            w(f"{i2}t_end[{t.id}] = now();")
            if t.detach == "self":
                w(f"{i2}t_fulfil[{t.id}] = now();")
                w(f"{i2}omp_fulfill_event(ev_{t.id});")
            w(f"{ind}}}")
            if t.detach == "other":
                w(f"{ind}#pragma omp task")
                w(f"{ind}{{ spin({t.spin + 200}); t_fulfil[{t.id}] = now(); omp_fulfill_event(ev_{t.id}); }}")
        for line in post:
            w(line)

    def emit_ops(self, t, w, ind):
        if t.observes:
            w(f"{ind}unsigned long long h = 0;")
        for typ, vs, form in t.deps:
            for v in vs:
                if typ == "in":
                    w(f"{ind}h = h * 31 + var{v};")
                elif typ in ("out", "inout"):
                    w(f"{ind}var{v} = var{v} * {MUL}ULL + {t.id + 1};")
                elif typ == "mutexinoutset":
                    w(f"{ind}var{v} += {t.id + 1};")
                else:
                    w(f"{ind}#pragma omp atomic")
                    w(f"{ind}var{v} += {t.id + 1};")
        for v in t.writes_all:
            w(f"{ind}var{v} = var{v} * {MUL}ULL + {t.id + 1};")
        if t.observes:
            w(f"{ind}obs[{t.id}] = h;")


FEATURES = ("target", "taskwait", "taskwait_depend", "taskgroup", "all_memory", "depobj",
            "iterator", "if0", "final", "untied", "detach", "nested")


def program(seed, ntasks, without=()):
    return Gen(seed, ntasks, without).emit()


ENVS = [
    {},
    {"KMP_BLOCKTIME": "0"},
    {"LIBOMP_NUM_HIDDEN_HELPER_THREADS": "1"},
    {"OMP_NUM_THREADS": "3", "KMP_TASK_STEALING_CONSTRAINT": "0"},
    # a team of one records dependences only once a task may complete late
    {"OMP_NUM_THREADS": "1"},
    {"OMP_NUM_THREADS": "1", "LIBOMP_NUM_HIDDEN_HELPER_THREADS": "0"},
]


def run_range(first, count, libs, ntasks, reps, keep, without, cflags):
    work = tempfile.mkdtemp(prefix="fuzz_tasks.")
    failures = 0
    for seed in range(first, first + count):
        # Sanitizer flags reach the device image's link too, where they fail:
        # sanitized runs go --without target.
        built = fuzzlib.build(work, seed, program(seed, ntasks, without),
                              offload="target" not in without, cflags=cflags)
        if not built:
            failures += 1
            continue
        _, exe = built
        for lib in libs:
            for env in ENVS:
                rc, out, err = fuzzlib.run_program(exe, lib, [str(reps)], env)
                text = out + err
                if rc != 0:
                    failures += 1
                    print(f"seed {seed}: FAIL rc={rc} lib={lib} env={env}\n  "
                          + "\n  ".join(text.strip().splitlines()[:6]), flush=True)
        if not keep:
            os.remove(exe)
    print(f"{count} seeds from {first}: {failures} failing runs (work dir {work})")
    return failures


def feature_list(text):
    names = [f for f in text.split(",") if f]
    for f in names:
        if f not in FEATURES:
            raise argparse.ArgumentTypeError(f"unknown feature {f}")
    return names


def main():
    ap = fuzzlib.parser(__doc__, "--tasks", 40, "tasks per program")
    ap.add_argument("--reps", type=int, default=20, help="repetitions of each program per run")
    ap.add_argument("--keep", action="store_true", help="keep the executables of passing seeds")
    ap.add_argument("--cflags", default="", help="extra compiler flags, e.g. -fsanitize=thread")
    ap.add_argument("--without", type=feature_list, default=[],
                    help="comma-separated features left out: " + ",".join(FEATURES))
    fuzzlib.main(ap, lambda a: run_range(a.run[0], a.run[1], a.lib, a.tasks, a.reps, a.keep,
                                         a.without, a.cflags.split()),
                 lambda a: program(a.seed, a.tasks, a.without), max_libs=8)

if __name__ == "__main__":
    main()
