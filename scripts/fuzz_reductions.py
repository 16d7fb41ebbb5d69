#!/usr/bin/env python3
"""Random reductions that check their results against the serial fold.

Each seed gives one C program of a dozen parts. A part reduces one to three
variables, each of its own type (signed char, short, int, unsigned, long
long, unsigned long long, float, double, or a struct under a user-defined
reduction), operator (+ - * & | ^ && || min max) and shape (a scalar or an
array section), over a table of values the generator chose, through one of:
`for` (every schedule, nowait), `parallel for`, `parallel` with a loop of
its members, `sections`, `taskloop` (grainsize, num_tasks, `parallel
masked taskloop`), a taskgroup's `task_reduction` with `in_reduction` tasks
(one per value, per block, nested in a task, or a taskloop), the `task`
modifier on `parallel` and on `for`, `inscan` with inclusive and exclusive
`scan` (the prefix of every iteration checked), host `teams` with
`distribute` or `distribute parallel for`, a parallel reduction nested in
another, and (unless --host-only) `target` reductions on the x86_64
offload device, some `nowait`. The program sets KMP_FORCE_REDUCTION to one
of its methods (or leaves the runtime's choice) and runs itself again.

The values are chosen so that every order of combining gives one result:
unsigned and narrow types wrap, int and long long never overflow, floats
add multiples of 1/8 and multiply powers of two; the generator folds them
in Python and writes the results into the program, which prints OK when
every variable (and every scan prefix) matches.

Where clang-19 miscompiles (any runtime gives wrong results; gcc gets them
right), the generator keeps to what it compiles correctly: it leaves the
original value out of an `inscan` reduction, so scans start from the
operator's identity and only `parallel for` scans of two iterations or
more (see form_scan);
`parallel masked taskloop` loses its reduction (`parallel master taskloop`
does not); a task made inside a task_reduction taskgroup without naming the
items takes them firstprivate, so its in_reduction children get a wrong
address unless it says shared().

  fuzz_reductions.py SEED > prog.c
  fuzz_reductions.py --run FIRST COUNT --lib OURS [--lib REFERENCE]
"""
import random

import fuzzlib

# type -> (kind, bits): "wrap" types are modular, "exact" ones must not
# overflow, "float" ones stay exact by the choice of values.
TYPES = {
    "signed char": ("wrap", 8),
    "short": ("wrap", 16),
    "int": ("exact", 32),
    "unsigned": ("wrap", 32),
    "long long": ("exact", 64),
    "unsigned long long": ("wrap", 64),
    "float": ("float", 32),
    "double": ("float", 64),
}
UNSIGNED = ("unsigned", "unsigned long long")
INT_OPS = ["+", "-", "*", "&", "|", "^", "&&", "||", "min", "max"]
FLOAT_OPS = ["+", "-", "*", "min", "max"]
SIZES = [0, 1, 2, 3, 7, 31, 64, 100, 257, 400]
SCHEDULES = ["", "static", "static, 1", "static, 5", "dynamic", "dynamic, 4", "guided",
             "guided, 3", "auto", "runtime", "monotonic: dynamic, 2", "nonmonotonic: guided"]
UDR = "acc_merge"


def type_range(t):
    bits = TYPES[t][1]
    if t in UNSIGNED:
        return 0, (1 << bits) - 1
    return -(1 << (bits - 1)), (1 << (bits - 1)) - 1


def wrap(t, x):
    lo, hi = type_range(t)
    x &= hi - lo
    return x + lo * 2 if t not in UNSIGNED and x > hi else x


def combine(t, op, a, b):
    """a op b as the combiner computes it, in t."""
    if op in ("+", "-"):
        r = a + b
    elif op == "*":
        r = a * b
    elif op == "&":
        r = a & b
    elif op == "|":
        r = a | b
    elif op == "^":
        r = a ^ b
    elif op == "&&":
        r = int(bool(a) and bool(b))
    elif op == "||":
        r = int(bool(a) or bool(b))
    elif op == "min":
        r = min(a, b)
    else:
        r = max(a, b)
    return wrap(t, r) if TYPES[t][0] != "float" else r


def identity(t, op):
    lo, hi = type_range(t) if TYPES[t][0] != "float" else (None, None)
    if op in ("*", "&&"):
        return 1
    if op == "&":
        return wrap(t, -1)
    if op in ("min", "max"):
        if TYPES[t][0] == "float":
            big = 3.4028234663852886e38 if t == "float" else 1.7976931348623157e308
            return big if op == "min" else -big
        return hi if op == "min" else lo
    return 0


def literal(t, x):
    kind = TYPES[t][0]
    if kind == "float":
        return float(x).hex() + ("f" if t == "float" else "")
    if t == "unsigned":
        return f"{x}u"
    if t == "unsigned long long":
        return f"{x}ull"
    lo = type_range(t)[0]
    suffix = "ll" if t == "long long" else ""
    if x == lo and t in ("int", "long long"):
        return f"({lo + 1}{suffix} - 1)"
    return f"{x}{suffix}"


def update(op, x, v):
    """The body's statement that folds v into x."""
    if op in ("+", "-", "*", "&", "|", "^"):
        return f"{x} {op}= {v};"
    if op in ("&&", "||"):
        return f"{x} = {x} {op} {v};"
    cmp = "<" if op == "min" else ">"
    return f"{x} = {v} {cmp} {x} ? {v} : {x};"


class Red:
    """One reduced variable: its type, operator, shape, first value and the
    value each iteration folds in."""

    def __init__(self, rng, name, n, scan=False, udr=True):
        self.name = name
        self.udr = udr and not scan and rng.random() < 0.08
        if self.udr:
            self.type, self.op, self.slots = "struct acc", UDR, 0
            self.values = [rng.randint(-10 ** 6, 10 ** 6) for _ in range(n)]
            self.init = (rng.randint(-100, 100), rng.randint(0, 5), rng.randint(-10 ** 6, 10 ** 6))
            return
        self.type = rng.choice(list(TYPES))
        kind, bits = TYPES[self.type]
        ops = FLOAT_OPS if kind == "float" else INT_OPS
        if scan:  # the inscan fold starts from the identity; '-' is the same as '+'
            ops = [o for o in ops if o != "-"]
        self.op = rng.choice(ops)
        self.slots = rng.choice([2, 3, 5]) if not scan and rng.random() < 0.2 else 0
        self.values, self.init = self.choose(rng, n)
        if scan:
            self.init = identity(self.type, self.op)

    def choose(self, rng, n):
        t, op = self.type, self.op
        kind, bits = TYPES[t]
        lo, hi = type_range(t) if kind != "float" else (0, 0)
        if op in ("&&", "||"):
            # && folds to 0 only if some value is 0; || to 1 only if some is not
            base = [rng.randint(1, 9) for _ in range(n)] if op == "&&" else [0] * n
            if n and rng.random() < 0.5:
                base[rng.randrange(n)] = 0 if op == "&&" else rng.randint(1, 9)
            return base, rng.randint(0, 1)
        if kind == "float":
            if op == "*":
                vals, exp = [], 0
                for _ in range(n):
                    v = rng.choice([1.0, 1.0, -1.0, 2.0, 0.5, 4.0, 0.25])
                    if abs(exp) > 40 and v not in (1.0, -1.0):
                        v = 1.0
                    vals.append(v)
                    exp += {2.0: 1, 0.5: -1, 4.0: 2, 0.25: -2}.get(v, 0)
                return vals, rng.choice([1.0, -1.0, 3.0, 0.5])
            return ([rng.randint(-1024, 1024) / 8 for _ in range(n)],
                    rng.randint(-1024, 1024) / 8)
        if kind == "wrap" or op in ("&", "|", "^", "min", "max"):
            if op == "*":  # mostly odd: a product of evens soon wraps to 0
                return ([rng.randint(lo, hi) | (rng.random() > 0.05) for _ in range(n)],
                        rng.randint(lo, hi) | 1)
            return [rng.randint(lo, hi) for _ in range(n)], rng.randint(lo, hi)
        limit = hi
        if op == "*":
            vals = [rng.choice([1, 1, 1, -1]) for _ in range(n)]
            init = rng.choice([1, -1, 2, -3])
            mag = abs(init)
            for _ in range(rng.randint(0, 40)):
                if not n:
                    break
                f = rng.choice([2, 3, -2])
                i = rng.randrange(n)
                if abs(vals[i]) == 1 and mag * abs(f) <= limit // 4:
                    vals[i] *= f
                    mag *= abs(f)
            return vals, init
        r = limit // (2 * (n + 2))
        return [rng.randint(-r, r) for _ in range(n)], rng.randint(-r, r)

    def fold(self, init, values):
        if self.udr:
            s, c, lo = init
            for v in values:
                s, c, lo = s + v, c + 1, min(lo, v)
            return s, c, lo
        x = init
        for v in values:
            x = combine(self.type, self.op, x, -v if self.op == "-" else v)
        return x

    def expected(self):
        """The final value: per slot for an array."""
        if not self.slots:
            return self.fold(self.init, self.values)
        return [self.fold(self.init, self.values[s::self.slots]) for s in range(self.slots)]

    def item(self):
        """The reduction clause's list item."""
        return f"{self.name}[0:{self.slots}]" if self.slots else self.name

    def clause(self, word="reduction", modifier=""):
        return f"{word}({modifier}{self.op}: {self.item()})"

    def body(self, i):
        """The statement iteration i runs."""
        v = f"{self.name}_v[{i}]"
        if self.udr:
            x = self.name
            return f"{x}.sum += {v}; {x}.cnt += 1; if ({v} < {x}.lo) {x}.lo = {v};"
        x = f"{self.name}[({i}) % {self.slots}]" if self.slots else self.name
        return update(self.op, x, v)

    def globals(self):
        vals = self.values or [0]
        t = "long long" if self.udr else self.type
        lit = ", ".join(literal(t, v) for v in vals)
        return f"static {t} {self.name}_v[{len(vals)}] = {{{lit}}};"

    def declare(self):
        if self.udr:
            s, c, lo = self.init
            return f"struct acc {self.name} = {{{s}, {c}, {literal('long long', lo)}}};"
        if self.slots:
            init = literal(self.type, self.init)
            return f"{self.type} {self.name}[{self.slots}] = {{{', '.join([init] * self.slots)}}};"
        return f"{self.type} {self.name} = {literal(self.type, self.init)};"

    def check(self, part):
        """C statements that compare the result with the fold."""
        want = self.expected()
        if self.udr:
            names = ["sum", "cnt", "lo"]
            return [f"if ({self.name}.{f} != {literal('long long', w)}) {{ printf(\"FAIL {part} "
                    f"{self.name}.{f}: %lld, want %lld\\n\", (long long){self.name}.{f}, "
                    f"(long long){literal('long long', w)}); failed = 1; }}"
                    for f, w in zip(names, want)]
        fmt, cast = (("%a", "double") if TYPES[self.type][0] == "float" else
                     ("%llu", "unsigned long long") if self.type in UNSIGNED else
                     ("%lld", "long long"))
        items = [(f"{self.name}[{s}]", w) for s, w in enumerate(want)] if self.slots else [
            (self.name, want)]
        return [f"if ({x} != ({self.type}){literal(self.type, w)}) {{ printf(\"FAIL {part} {x} "
                f"({self.type} {self.op}): {fmt}, want {fmt}\\n\", ({cast}){x}, "
                f"({cast})({self.type}){literal(self.type, w)}); failed = 1; }}"
                for x, w in items]


class Gen:
    def __init__(self, seed, parts, offload=True):
        self.rng = random.Random(seed)
        self.seed = seed
        self.parts = parts
        self.offload = offload
        self.globals = []
        self.lines = []

    def w(self, depth, text):
        self.lines.append("  " * depth + text)

    def sched(self):
        s = self.rng.choice(SCHEDULES)
        return f" schedule({s})" if s else ""

    def body(self, d, reds, i="i"):
        for r in reds:
            self.w(d, r.body(i))

    def loop(self, d, reds, lo, hi):
        self.w(d, f"for (int i = {lo}; i < {hi}; i++) {{")
        self.body(d + 1, reds)
        self.w(d, "}")

    @staticmethod
    def clauses(reds, word="reduction", modifier=""):
        return " ".join(r.clause(word, modifier) for r in reds)

    def blocks(self, n, most):
        """Cut 0..n into up to `most` consecutive blocks."""
        cuts = sorted(self.rng.sample(range(n + 1), min(self.rng.randint(0, most - 1), n + 1)))
        edges = [0] + cuts + [n]
        return list(zip(edges, edges[1:]))

    def part(self, p):
        rng = self.rng
        forms = ["for", "parallel_for", "parallel", "sections", "taskloop", "taskgroup",
                 "task_modifier", "task_modifier", "scan", "teams", "nested"]
        if self.offload:
            forms.append("target")
        form = rng.choice(forms)
        scan = form == "scan"
        # clang-19's scan loops hang or crash with fewer than two iterations
        n = rng.choice([x for x in SIZES if x >= 2] if scan else SIZES)
        k = rng.randint(1, 4)
        nreds = rng.randint(1, 2 if scan else 3)
        reds = [Red(rng, f"p{p}_{c}", n, scan=scan, udr=form != "target") for c in range(nreds)]
        self.globals += [r.globals() for r in reds]
        name = f"part {p} ({form})"
        self.w(1, f"/* {name}: {n} values, {k} threads; "
                  f"{', '.join(f'{r.type} {r.op}' + (f'[{r.slots}]' if r.slots else '') for r in reds)} */")
        self.w(1, "{")
        for r in reds:
            self.w(2, r.declare())
        getattr(self, "form_" + form)(2, reds, n, k)
        for r in reds:
            for line in r.check(name):
                self.w(2, line)
        self.w(1, "}")

    def form_for(self, d, reds, n, k):
        self.w(d, f"#pragma omp parallel num_threads({k})")
        self.w(d, "{")
        nowait = " nowait" if self.rng.random() < 0.3 else ""
        self.w(d + 1, f"#pragma omp for{self.sched()} {self.clauses(reds)}{nowait}")
        self.loop(d + 1, reds, 0, n)
        self.w(d, "}")

    def form_parallel_for(self, d, reds, n, k):
        cond = self.rng.choice(["", "", " if(0)", f" if({n} > 50)"])
        self.w(d, f"#pragma omp parallel for num_threads({k}){cond}{self.sched()} "
                  f"{self.clauses(reds)}")
        self.loop(d, reds, 0, n)

    def form_parallel(self, d, reds, n, k):
        """Each member folds the iterations of a loop into its private copy."""
        self.w(d, f"#pragma omp parallel num_threads({k}) {self.clauses(reds)}")
        self.w(d, "{")
        self.w(d + 1, f"#pragma omp for{self.sched()} nowait")
        self.loop(d + 1, reds, 0, n)
        self.w(d, "}")

    def form_sections(self, d, reds, n, k):
        if self.rng.random() < 0.5:
            self.w(d, f"#pragma omp parallel sections num_threads({k}) {self.clauses(reds)}")
            inner = d
        else:
            self.w(d, f"#pragma omp parallel num_threads({k})")
            self.w(d, "{")
            inner = d + 1
            self.w(inner, f"#pragma omp sections {self.clauses(reds)}")
        self.w(inner, "{")
        for lo, hi in self.blocks(n, 5):
            self.w(inner + 1, "#pragma omp section")
            self.loop(inner + 1, reds, lo, hi)
        self.w(inner, "}")
        if inner != d:
            self.w(d, "}")

    def grain(self):
        return self.rng.choice(["", f" grainsize({self.rng.randint(1, 40)})",
                                f" num_tasks({self.rng.randint(1, 12)})"])

    def form_taskloop(self, d, reds, n, k):
        if self.rng.random() < 0.3:
            # `parallel master`: clang-19 drops the result of `parallel
            # masked taskloop reduction` (gcc does not).
            self.w(d, f"#pragma omp parallel master taskloop num_threads({k}){self.grain()} "
                      f"{self.clauses(reds)}")
            self.loop(d, reds, 0, n)
            return
        self.w(d, f"#pragma omp parallel num_threads({k})")
        self.w(d, f"#pragma omp {self.rng.choice(['single', 'masked'])}")
        self.w(d, f"#pragma omp taskloop{self.grain()} {self.clauses(reds)}")
        self.loop(d, reds, 0, n)

    def in_reduction_block(self, d, reds, lo, hi):
        """Iterations lo..hi folded in by tasks that join the enclosing task
        reduction, in one of four ways."""
        inr = self.clauses(reds, "in_reduction")
        how = self.rng.choice(["task", "each", "nested", "taskloop"])
        if how == "task":
            self.w(d, f"#pragma omp task {inr}")
            self.w(d, "{")
            self.loop(d + 1, reds, lo, hi)
            self.w(d, "}")
        elif how in ("each", "nested"):
            if how == "nested":  # a task without the items makes tasks with them
                # shared() spelt out: clang-19 makes the items firstprivate in
                # such a task and hands its children a wrong item address.
                self.w(d, f"#pragma omp task shared({', '.join(r.name for r in reds)})")
            self.w(d, f"for (int i = {lo}; i < {hi}; i++) {{")
            self.in_reduction_task(d + 1, reds)
            self.w(d, "}")
        else:
            self.w(d, f"#pragma omp taskloop{self.grain()} {inr}")
            self.loop(d, reds, lo, hi)

    def form_taskgroup(self, d, reds, n, k):
        self.w(d, f"#pragma omp parallel num_threads({k})")
        self.w(d, "#pragma omp single")
        self.w(d, f"#pragma omp taskgroup {self.clauses(reds, 'task_reduction')}")
        self.w(d, "{")
        for lo, hi in self.blocks(n, 5):
            self.in_reduction_block(d + 1, reds, lo, hi)
        self.w(d, "}")

    def in_reduction_task(self, d, reds):
        """A task folding in iteration i, joining the enclosing task reduction."""
        self.w(d, f"#pragma omp task firstprivate(i) {self.clauses(reds, 'in_reduction')}")
        self.w(d, "{")
        self.body(d + 1, reds)
        self.w(d, "}")

    def task_or_direct(self, d, reds):
        """One loop iteration: folded in by the member itself or by a task."""
        every = self.rng.choice([1, 2, 3])
        self.w(d, f"if (i % {every} == 0) {{")
        self.in_reduction_task(d + 1, reds)
        self.w(d, "} else {")
        self.body(d + 1, reds)
        self.w(d, "}")

    def form_task_modifier(self, d, reds, n, k):
        """reduction(task, ...) on the parallel or on its loop, whose
        iterations make tasks that join it or fold in directly."""
        on_parallel = self.rng.random() < 0.5
        modified = self.clauses(reds, modifier="task, ")
        self.w(d, f"#pragma omp parallel num_threads({k}){' ' + modified if on_parallel else ''}")
        self.w(d, "{")
        self.w(d + 1, f"#pragma omp for{self.sched()} {'nowait' if on_parallel else modified}")
        self.w(d + 1, f"for (int i = 0; i < {n}; i++) {{")
        self.task_or_direct(d + 2, reds)
        self.w(d + 1, "}")
        self.w(d, "}")

    def form_scan(self, d, reds, n, k):
        inclusive = self.rng.random() < 0.5
        for r in reds:
            self.globals.append(f"static {r.type} {r.name}_out[{max(n, 1)}];")
        # Combined, without a schedule: gcc rejects schedule with inscan, and
        # clang-19 gives each member its own buffer in a `for` of an
        # enclosing parallel, so its prefixes come out wrong on any runtime.
        self.w(d, f"#pragma omp parallel for num_threads({k}) "
                  f"{self.clauses(reds, modifier='inscan, ')}")
        items = ", ".join(r.name for r in reds)
        self.w(d, f"for (int i = 0; i < {n}; i++) {{")
        if inclusive:
            self.body(d + 1, reds)
            self.w(d + 1, f"#pragma omp scan inclusive({items})")
        for r in reds:
            self.w(d + 1, f"{r.name}_out[i] = {r.name};")
        if not inclusive:
            self.w(d + 1, f"#pragma omp scan exclusive({items})")
            self.body(d + 1, reds)
        self.w(d, "}")
        for r in reds:
            prefix, x = [], r.init
            for v in r.values:
                if not inclusive:
                    prefix.append(x)
                x = combine(r.type, r.op, x, v)
                if inclusive:
                    prefix.append(x)
            lit = ", ".join(literal(r.type, v) for v in prefix)
            self.globals.append(f"static const {r.type} {r.name}_want[{max(n, 1)}] = {{{lit}}};")
            self.w(d, f"for (int i = 0; i < {n}; i++) if ({r.name}_out[i] != {r.name}_want[i]) "
                      f"{{ printf(\"FAIL scan {r.name} ({r.type} {r.op}): iteration %d\\n\", i); "
                      f"failed = 1; break; }}")

    def form_teams(self, d, reds, n, k):
        limit = self.rng.choice(["", f" thread_limit({self.rng.randint(1, 3)})"])
        if self.rng.random() < 0.5:
            self.w(d, f"#pragma omp teams num_teams({k}){limit} {self.clauses(reds)}")
            self.w(d, "{")
            dist = self.rng.choice(["", f" dist_schedule(static, {self.rng.randint(1, 9)})"])
            self.w(d + 1, f"#pragma omp distribute{dist}")
            self.loop(d + 1, reds, 0, n)
            self.w(d, "}")
        else:
            self.w(d, f"#pragma omp teams distribute parallel for num_teams({k}){limit}"
                      f"{self.sched()} {self.clauses(reds)}")
            self.loop(d, reds, 0, n)

    def form_nested(self, d, reds, n, k):
        """An outer parallel reduction whose members each run an inner one
        over their blocks of the values."""
        blocks = self.blocks(n, 6)
        name = reds[0].name
        self.globals.append(f"static const int {name}_cut[{len(blocks) + 1}] = "
                            f"{{{', '.join(str(b[0]) for b in blocks)}, {n}}};")
        self.w(d, "{")
        self.w(d + 1, "int levels = omp_get_max_active_levels();")
        self.w(d + 1, f"omp_set_max_active_levels({self.rng.choice([1, 2, 3])});")
        self.w(d + 1, f"#pragma omp parallel num_threads({k}) {self.clauses(reds)}")
        self.w(d + 1, "{")
        self.w(d + 2, f"#pragma omp for{self.sched()}")
        self.w(d + 2, f"for (int b = 0; b < {len(blocks)}; b++) {{")
        self.w(d + 3, f"#pragma omp parallel for num_threads({self.rng.randint(1, 3)})"
                      f"{self.sched()} {self.clauses(reds)}")
        self.loop(d + 3, reds, f"{name}_cut[b]", f"{name}_cut[b + 1]")
        self.w(d + 2, "}")
        self.w(d + 1, "}")
        self.w(d + 1, "omp_set_max_active_levels(levels);")
        self.w(d, "}")

    def form_target(self, d, reds, n, k):
        maps = " ".join(f"map(to: {r.name}_v[0:{max(n, 1)}])" for r in reds)
        nowait = self.rng.random() < 0.4
        form = self.rng.choice(["teams distribute parallel for", "parallel for", "teams"])
        extra = f" num_teams({k})" if "teams" in form else f" num_threads({k})"
        self.w(d, f"#pragma omp target {form}{extra} {maps} {self.clauses(reds)}"
                  f"{' nowait' if nowait else ''}")
        if form == "teams":
            self.w(d, "{")
            self.w(d + 1, "#pragma omp distribute parallel for")
            self.loop(d + 1, reds, 0, n)
            self.w(d, "}")
        else:
            self.loop(d, reds, 0, n)
        if nowait:
            self.w(d, "#pragma omp taskwait")

    def emit(self):
        method = self.rng.choice(["", "critical", "atomic", "tree"])
        for p in range(self.parts):
            self.part(p)
        out = [f"/* fuzz_reductions.py seed {self.seed}: KMP_FORCE_REDUCTION={method or '(unset)'} */",
               "#include <omp.h>\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>"
               "\n#include <unistd.h>",
               "struct acc { long long sum, cnt, lo; };",
               f"#pragma omp declare reduction({UDR} : struct acc : omp_out.sum += omp_in.sum, "
               "omp_out.cnt += omp_in.cnt, omp_out.lo = omp_in.lo < omp_out.lo ? omp_in.lo : "
               "omp_out.lo) initializer(omp_priv = (struct acc){0, 0, 0x7fffffffffffffffll})",
               "static int failed;"]
        out += self.globals
        out += fuzzlib.rerun_in_environment("FUZZ_REDUCTIONS_ENV",
                                            {"KMP_FORCE_REDUCTION": method or None})
        out += ["int main(int argc, char **argv) {",
                "  (void)argc;",
                "  environment(argv);",
                "  omp_set_dynamic(0);"]
        out += self.lines
        out += ["  if (!failed) printf(\"OK\\n\");", "  return failed;", "}"]
        return "\n".join(out) + "\n"


def program(seed, parts, offload=True):
    return Gen(seed, parts, offload).emit()


def run_range(first, count, libs, parts, reps, offload, cflags=()):
    return fuzzlib.run_self_checking("fuzz_reductions", first, count, libs, reps,
                                     lambda seed: program(seed, parts, offload),
                                     offload=offload, cflags=("-lm", *cflags))


def main():
    ap = fuzzlib.parser(__doc__, "--parts", 12, "reductions per program")
    ap.add_argument("--reps", type=int, default=2, help="runs of each program on each runtime")
    ap.add_argument("--host-only", action="store_true", help="no target regions")
    ap.add_argument("--cflags", default="", help="extra compiler flags, e.g. -fsanitize=thread")
    fuzzlib.main(ap, lambda a: run_range(a.run[0], a.run[1], a.lib, a.parts, a.reps,
                                         not a.host_only, a.cflags.split()),
                 lambda a: program(a.seed, a.parts, not a.host_only))


if __name__ == "__main__":
    main()
