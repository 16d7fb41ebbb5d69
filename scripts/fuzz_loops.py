#!/usr/bin/env python3
"""Random worksharing loops that check their own iteration spaces.

Each seed gives one C program of a dozen loop nests: `for` with every
schedule (static, static/dynamic/guided with chunks, auto, runtime set by
omp_set_schedule; monotonic/nonmonotonic), `ordered`, `collapse(2)`,
`reduction`, `lastprivate`, `nowait`; `taskloop` with grainsize/num_tasks
(untied, mergeable, final, if(0), priority, nogroup; from single or
masked); `teams distribute [parallel for]` on the host and `target teams
distribute parallel for` on the offload device, with a schedule (chunk one
in one-thread teams among them); and, after those, doacross nests
(`ordered(1|2)`, optionally collapse(2), with depend(sink)/depend(source)),
whose iterations take tickets from an atomic clock so that every sink that
names an iteration of the space is checked to have posted first. Loop variables are int, unsigned,
long long and unsigned long long, with bounds near their types' limits,
steps of either sign and every comparison. Each nest checks that every
iteration ran exactly once, reductions and lastprivate values against the
serial result, ordered regions in order, and what OpenMP fixes about
schedules: static chunks go round-robin by thread number, a chunk runs on
one thread. The static assignment itself is printed (hashed), so running a
seed on two runtimes compares where iterations went.

  fuzz_loops.py SEED > prog.c
  fuzz_loops.py --run FIRST COUNT --lib OURS [--lib REFERENCE]
"""
import random
import tempfile

import fuzzlib

TYPES = {
    "int": (-(1 << 31), (1 << 31) - 1),
    "unsigned": (0, (1 << 32) - 1),
    "long long": (-(1 << 63), (1 << 63) - 1),
    "unsigned long long": (0, (1 << 64) - 1),
}
MASK = (1 << 64) - 1


class Loop:
    """One canonical loop: for (v = lb; v OP ub; v += step)."""

    def __init__(self, rng, typ, max_trip):
        self.typ = typ
        lo, hi = TYPES[typ]
        trip = rng.choice([0, 1, 2, 3, rng.randint(1, max_trip), rng.randint(1, max_trip)])
        mag = rng.choice([1, 1, 1, 2, 3, 7])
        down = rng.random() < 0.4
        self.step = -mag if down else mag
        span = (trip - 1) * mag if trip else 0
        # Where the iterations lie: near zero, near either limit of the type.
        where = rng.choice(["zero", "low", "high"])
        if down:
            if where == "high":
                first = hi - rng.randint(0, 5)
            elif where == "low":
                first = lo + span + rng.randint(0, 5)
            else:
                first = max(lo + span, min(hi, rng.randint(-20, 200)))
            last = first - span
        else:
            if where == "high":
                first = hi - span - rng.randint(0, 5)
            elif where == "low":
                first = lo + rng.randint(0, 5)
            else:
                first = max(lo, min(hi - span, rng.randint(-200, 20)))
            last = first + span
        self.lb = first
        # A bound that stops after `last`, with one of the comparisons.
        if trip == 0:
            self.op = "<" if not down else ">"
            self.ub = first if rng.random() < 0.5 else (first - 1 if not down else first + 1)
            if not lo <= self.ub <= hi:
                self.ub = first
            self.trip = 0
            self.values = []
            return
        ops = ["<=", "<"] if not down else [">=", ">"]
        if mag == 1:
            ops.append("!=")
        self.op = rng.choice(ops)
        if self.op in ("<=", ">="):
            slack = rng.randint(0, mag - 1)
            self.ub = last + slack if not down else last - slack
        elif self.op == "!=":
            self.ub = last + self.step
        else:
            slack = rng.randint(1, mag)
            self.ub = last + slack if not down else last - slack
        if not lo <= self.ub <= hi:
            # The bound would not fit the type: use the inclusive form.
            self.op = "<=" if not down else ">="
            self.ub = last
        self.trip = trip
        self.values = [first + k * self.step for k in range(trip)]

    def c(self, v):
        suffix = {"int": "", "unsigned": "u", "long long": "LL", "unsigned long long": "ULL"}[self.typ]
        if self.typ == "int" and v == -(1 << 31):
            return "(-2147483647 - 1)"
        if self.typ == "long long" and v == -(1 << 63):
            return "(-9223372036854775807LL - 1)"
        return f"{v}{suffix}"

    def header(self, var):
        step = (f"{var} += {self.step}" if self.step > 0 else f"{var} -= {-self.step}")
        return f"for ({self.typ} {var} = {self.c(self.lb)}; {var} {self.op} {self.c(self.ub)}; {step})"

    def index(self, var):
        """C expression: the iteration number of var."""
        if self.step > 0:
            return f"(long)(({var} - {self.c(self.lb)}) / {self.c(self.step)})"
        return f"(long)(({self.c(self.lb)} - {var}) / {self.c(-self.step)})"


def sink_overflows(loops, sink):
    """Whether a doacross sink (offsets c in iterations, one per loop) would
    overflow a signed loop variable in its expression var - c * step: that
    is undefined, and clang-19's iteration number for it then names a far
    iteration, which every runtime waits for forever (seed 812056: j - 7 at
    j = LLONG_MIN). Unsigned variables wrap as defined, and the runtime must
    ignore such a sink."""
    for lp, c in zip(loops, sink):
        lo, hi = TYPES[lp.typ]
        off = c * lp.step
        if lo < 0 and lp.values and not (lo <= min(lp.values) - off and max(lp.values) - off <= hi):
            return True
    return False


class Gen:
    def __init__(self, seed, nests, offload=True, doacross=3):
        self.offload = offload
        self.rng = random.Random(seed)
        # Doacross nests draw from their own stream and come after the
        # others, so a seed's other nests stay what they were before.
        self.drng = random.Random(f"doacross {seed}")
        # So do the clauses added since: a schedule on (target) teams
        # distribute parallel for, taskloop's other clauses.
        self.xrng = random.Random(f"clauses {seed}")
        self.doacross = doacross
        self.seed = seed
        self.nests = nests
        self.funcs = []
        self.calls = []

    def schedule(self, nest):
        rng = self.rng
        kind = rng.choice(["static", "static", "dynamic", "guided", "auto", "runtime", None])
        chunk = rng.choice([None, None, 1, 2, 3, 7, 64])
        if kind in (None, "auto", "runtime"):
            chunk = None
        mod = ""
        if kind in ("dynamic", "guided") and rng.random() < 0.3:
            mod = rng.choice(["monotonic: ", "nonmonotonic: "])
        if kind == "static" and rng.random() < 0.2:
            mod = rng.choice(["monotonic: ", "simd: "])
        return kind, chunk, mod

    def nest(self, n):
        rng = self.rng
        form = rng.choice(["for", "for", "for", "for_collapse", "taskloop", "teams", "target"])
        if form == "target" and not self.offload:
            form = "teams"
        typ = rng.choice(list(TYPES))
        nth = rng.randint(1, 6)
        name = f"nest{n}"
        body = []
        w = body.append
        if form == "for_collapse":
            outer = Loop(rng, typ, 12)
            inner = Loop(rng, rng.choice(list(TYPES)), 12)
            loops = [outer, inner]
        else:
            loops = [Loop(rng, typ, 400)]
            if form == "taskloop" and typ == "unsigned" and not loops[0].trip:
                # clang-19 hands __kmpc_taskloop an empty `unsigned` loop
                # as 2^32 iterations (the last one's number, -1, widened
                # without sign): millions of tasks on any runtime.
                form = "for"
        trip = 1
        for lp in loops:
            trip *= lp.trip
        size = max(trip, 1)
        red_op = rng.choice([None, "+", "*", "max", "min", "^", "|"])
        lastpriv = form in ("for", "taskloop") and rng.random() < 0.4
        kind, chunk, mod = (None, None, "")
        ordered = False
        clauses = []
        if form in ("for", "for_collapse"):
            kind, chunk, mod = self.schedule(n)
            if kind == "runtime":
                rk = rng.choice(["omp_sched_static", "omp_sched_dynamic", "omp_sched_guided",
                                 "omp_sched_auto"])
                w(f"  omp_set_schedule({rk}, {rng.choice([0, 1, 3])});")
            if kind:
                clauses.append(f"schedule({mod}{kind}{', ' + str(chunk) if chunk else ''})")
            ordered = form == "for" and rng.random() < 0.2 and mod not in ("nonmonotonic: ", "simd: ")
            if ordered:
                clauses.append("ordered")
            if form == "for_collapse":
                clauses.append("collapse(2)")
        idx = loops[0].index("i") if len(loops) == 1 else \
            f"({loops[0].index('i')} * {loops[1].trip} + {loops[1].index('j')})"
        red_init = {"+": 0, "*": 1, "max": 0, "min": MASK, "^": 0, "|": 0}
        # Serial results.
        want_red = red_init.get(red_op, 0)
        for k in range(trip):
            x = (k * 2654435761 + 12345) & MASK
            if red_op == "+":
                want_red = (want_red + x) & MASK
            elif red_op == "*":
                want_red = (want_red * (x | 1)) & MASK
            elif red_op == "max":
                want_red = max(want_red, x)
            elif red_op == "min":
                want_red = min(want_red, x)
            elif red_op == "^":
                want_red ^= x
            elif red_op == "|":
                want_red |= x
        red_clause = f"reduction({red_op}: red)" if red_op else ""
        red_stmt = ""
        if red_op:
            red_stmt = {"+": "red += x;", "*": "red *= (x | 1);", "max": "red = red > x ? red : x;",
                        "min": "red = red < x ? red : x;", "^": "red ^= x;", "|": "red |= x;"}[red_op]
            red_stmt = "{ unsigned long long x = (unsigned long long)k * 2654435761ULL + 12345ULL; " + red_stmt + " }"
        w(f"  static int hits[{size}], tid[{size}], seq[{size}];")
        w(f"  for (int k = 0; k < {size}; k++) {{ hits[k] = 0; tid[k] = -1; seq[k] = -1; }}")
        w(f"  unsigned long long red = {red_init.get(red_op, 0)}ULL;")
        w("  int next = 0; (void)next;")
        lp0 = loops[0]
        final_i = None
        if lastpriv and trip:
            final = lp0.lb + trip * lp0.step
            lo, hi = TYPES[typ]
            if lo <= final <= hi:
                final_i = final
        if final_i is not None:
            w(f"  {typ} last_i = 0;")
        body_stmts = [f"long k = {idx};",
                      f"if (k < 0 || k >= {max(trip, 1)}) {{ printf(\"FAIL {name}: iteration %ld out of range\\n\", k); }} else {{",
                      "#pragma omp atomic",
                      "hits[k]++;",
                      "tid[k] = omp_get_thread_num();"]
        if red_op:
            body_stmts.append(red_stmt)
        if ordered:
            body_stmts += ["#pragma omp ordered", "{ seq[k] = next++; }"]
        body_stmts.append("}")
        if final_i is not None:
            # The loop variable itself is lastprivate: the value after the last iteration.
            pass
        team_info = ""
        if form in ("for", "for_collapse"):
            head = " ".join(clauses + ([red_clause] if red_op else []))
            lastp = " lastprivate(i)" if final_i is not None else ""
            if final_i is not None:
                w(f"  {typ} i;")
                hdr = lp0.header("i").replace(f"for ({typ} i =", "for (i =")
            else:
                hdr = lp0.header("i")
            simd = " simd" if mod == "simd: " else ""
            w(f"  #pragma omp parallel for{simd} num_threads({nth}) {head}{lastp}")
            self.emit_loops(w, loops, hdr, body_stmts)
            if final_i is not None:
                w("  last_i = i;")
        elif form == "taskloop":
            gran = rng.choice([f"grainsize({rng.randint(1, 40)})", f"num_tasks({rng.randint(1, 20)})", ""])
            lastp = " lastprivate(i)" if final_i is not None else ""
            red = f" reduction({red_op}: red)" if red_op else ""
            if final_i is not None:
                w(f"  {typ} i;")
                hdr = lp0.header("i").replace(f"for ({typ} i =", "for (i =")
            else:
                hdr = lp0.header("i")
            w(f"  #pragma omp parallel num_threads({nth}) shared(red)")
            extra = self.taskloop_clauses(bool(red_op))
            w(f"  #pragma omp {self.xrng.choice(['single', 'masked'])}")
            w("  {")
            w(f"  #pragma omp taskloop {gran}{lastp}{red}{extra}")
            self.emit_loops(w, loops, hdr, body_stmts)
            if "nogroup" in extra:
                w("  #pragma omp taskwait")
            if final_i is not None:
                w("  last_i = i;")
            w("  }")
        elif form == "teams":
            nteams = rng.randint(1, 4)
            ds = f" dist_schedule(static, {rng.randint(1, 9)})" if rng.random() < 0.4 else ""
            red = f" reduction({red_op}: red)" if red_op else ""
            par = " parallel for" + self.inner_schedule() if self.xrng.random() < 0.8 else ""
            w(f"  #pragma omp teams distribute{par} num_teams({nteams}) thread_limit({nth}){ds}{red}")
            self.emit_loops(w, loops, lp0.header("i"), body_stmts)
        else:
            nteams = rng.randint(1, 4)
            red = f" reduction({red_op}: red)" if red_op else ""
            body_t = [s for s in body_stmts if not s.startswith("tid[")]
            w(f"  #pragma omp target teams distribute parallel for num_teams({nteams}) thread_limit({nth}){self.inner_schedule()} map(tofrom: hits){red}")
            self.emit_loops(w, loops, lp0.header("i"), [s.replace("printf", "(void)") if "FAIL" in s else s for s in body_t])
        # Checks.
        w(f"  for (int k = 0; k < {trip}; k++) if (hits[k] != 1) {{ printf(\"FAIL {name}: iteration %d ran %d times\\n\", k, hits[k]); failed = 1; break; }}")
        if red_op:
            w(f"  if (red != {want_red}ULL) {{ printf(\"FAIL {name}: reduction({red_op}) %llu, serial {want_red}\\n\", red); failed = 1; }}")
        if final_i is not None:
            w(f"  if (last_i != {lp0.c(final_i)}) {{ printf(\"FAIL {name}: lastprivate %lld, serial {final_i}\\n\", (long long)last_i); failed = 1; }}")
        if ordered:
            w(f"  for (int k = 0; k < {trip}; k++) if (seq[k] != k) {{ printf(\"FAIL {name}: ordered iteration %d came %d-th\\n\", k, seq[k]); failed = 1; break; }}")
        if form in ("for", "for_collapse") and trip:
            # simd: rounds chunks up to the simd width (unspecified).
            if kind == "static" and chunk and mod != "simd: ":
                w(f"  for (int k = 0; k < {trip}; k++) if (tid[k] != (k / {chunk}) % {nth}) {{ printf(\"FAIL {name}: static chunk of iteration %d on thread %d\\n\", k, tid[k]); failed = 1; break; }}")
            if kind == "static" and not chunk:
                w(f"  for (int k = 1; k < {trip}; k++) if (tid[k] < tid[k - 1]) {{ printf(\"FAIL {name}: static iterations %d, %d on threads %d, %d\\n\", k - 1, k, tid[k - 1], tid[k]); failed = 1; break; }}")
            if kind in ("dynamic",) and chunk:
                w(f"  for (int k = 0; k < {trip}; k++) if (tid[k] != tid[k - k % {chunk}]) {{ printf(\"FAIL {name}: chunk of iteration %d split\\n\", k); failed = 1; break; }}")
            if kind in (None, "static"):
                w(f"  report(\"{name}\", tid, {trip});")
        header = f"/* {form}, {typ}, trip {trip}, {nth} threads */"
        self.funcs.append((name, header, body))

    def inner_schedule(self):
        """A schedule clause (or none) for a distribute parallel for: one
        chunk per thread, chunk one and teams of one thread included."""
        rng = self.xrng
        kind = rng.choice([None, None, "static", "static", "dynamic", "guided", "auto"])
        if kind in (None, "auto"):
            return f" schedule({kind})" if kind else ""
        chunk = rng.choice([None, 1, 1, 2, 5])
        return f" schedule({kind}{', ' + str(chunk) if chunk else ''})"

    def taskloop_clauses(self, reduction):
        """Some of taskloop's other clauses (nogroup only without a
        reduction, which it forbids; the nest then waits itself)."""
        rng = self.xrng
        pool = ["untied", "mergeable", "final(1)", "if(0)", f"priority({rng.randint(0, 3)})"]
        if not reduction:
            pool.append("nogroup")
        return "".join(" " + c for c in rng.sample(pool, rng.choice([0, 0, 1, 2])))

    def doacross_nest(self, n):
        """A loop nest with ordered(1|2) and depend(sink)/depend(source):
        each iteration takes a ticket from an atomic clock when its sinks
        are satisfied and another before it posts; every predecessor a sink
        names that lies in the iteration space must have posted first."""
        rng = self.drng
        name = f"doacross{n}"
        depth = rng.choice([1, 2, 2])
        collapse = depth == 2 and rng.random() < 0.3
        typ = rng.choice(list(TYPES))
        # Drawn again (loops, schedule, sinks) when no sink fits the loops.
        while True:
            loops = []
            for d in range(depth):
                while True:
                    lp = Loop(rng, rng.choice(list(TYPES)) if d else typ, 400 if depth == 1 else 14)
                    lo, hi = TYPES[lp.typ]
                    # An inner loop that is not collapsed runs as plain C: its
                    # variable must not wrap past the type's limit on the way out.
                    wraps = d and not collapse and lp.trip and not lo <= lp.values[-1] + lp.step <= hi
                    # Mostly long enough for iterations to wait on each other.
                    if not wraps and (lp.trip >= 4 or rng.random() < 0.25):
                        break
                loops.append(lp)
            trips = [lp.trip for lp in loops]
            total = 1
            for t in trips:
                total *= t
            size = max(total, 1)
            nth = rng.choice([1, 2, 3, 4, 5, 6, 2, 3, 4])
            kind = rng.choice(["static", "dynamic", "guided", None])
            chunk = rng.choice([None, 1, 2, 5]) if kind else None
            sched = f" schedule({kind}{', ' + str(chunk) if chunk else ''})" if kind else ""
            # Sinks as offsets in iterations (pred = k - c), lexicographically earlier.
            sinks = []
            tries = 0
            while len(sinks) < rng.randint(1, 3) and tries < 32:
                tries += 1
                if depth == 1:
                    sink = (rng.choice([1, 1, 2, 3]),)
                else:
                    c0 = rng.choice([0, 1, 1, 2])
                    sink = (c0, rng.choice([1, 2]) if c0 == 0 else rng.choice([-2, -1, 0, 0, 1, 2]))
                if sink not in sinks and not sink_overflows(loops, sink):
                    sinks.append(sink)
            if sinks:
                break
        names = ["i", "j"]

        def sink_expr(d, c):
            off = c * loops[d].step  # the predecessor's value is var - off
            if off == 0:
                return names[d]
            return f"{names[d]} - {off}" if off > 0 else f"{names[d]} + {-off}"

        clauses = " ".join(f"depend(sink: {', '.join(sink_expr(d, c) for d, c in enumerate(sk))})"
                           for sk in sinks)
        idx = loops[0].index("i") if depth == 1 else \
            f"({loops[0].index('i')} * {trips[1]} + {loops[1].index('j')})"
        body = []
        w = body.append
        w(f"  static int hits[{size}], start[{size}], end[{size}];")
        w(f"  for (int k = 0; k < {size}; k++) {{ hits[k] = 0; start[k] = end[k] = -1; }}")
        w("  int clock = 0, bad = 0;")
        w(f"  #pragma omp parallel for num_threads({nth}) ordered({depth}){' collapse(2)' if collapse else ''}{sched}")
        stmts = [f"long k = {idx};",
                 f"#pragma omp ordered {clauses}",
                 f"if (k < 0 || k >= {size}) {{ printf(\"FAIL {name}: iteration %ld out of range\\n\", k); }} else {{",
                 "int t;", "#pragma omp atomic capture", "t = clock++;", "start[k] = t;",
                 "#pragma omp atomic", "hits[k]++;",
                 # A little work, so a missed wait shows as an overlap.
                 "for (volatile int spin = 0; spin < 300; spin++) {}",
                 "#pragma omp atomic capture", "t = clock++;", "end[k] = t;", "}",
                 "#pragma omp ordered depend(source)"]
        self.emit_loops(w, loops, loops[0].header("i"), stmts)
        w(f"  for (int k = 0; k < {total}; k++) if (hits[k] != 1) {{ printf(\"FAIL {name}: iteration %d ran %d times\\n\", k, hits[k]); bad = 1; break; }}")
        t1 = trips[1] if depth == 2 else 1
        w(f"  for (long k0 = 0; !bad && k0 < {trips[0]}; k0++) for (long k1 = 0; !bad && k1 < {t1}; k1++) {{")
        w(f"    long k = k0 * {t1} + k1;")
        for sk in sinks:
            c0, c1 = (sk[0], sk[1]) if depth == 2 else (sk[0], 0)
            w(f"    if (k0 - {c0} >= 0 && k1 - ({c1}) >= 0 && k1 - ({c1}) < {t1} && end[(k0 - {c0}) * {t1} + k1 - ({c1})] > start[k]) {{")
            w(f"      printf(\"FAIL {name}: iteration %ld started before its sink ({c0}, {c1}) posted\\n\", k); bad = 1; }}")
        w("  }")
        w("  failed |= bad;")
        header = f"/* doacross ordered({depth}){', collapse(2)' if collapse else ''}, trips {trips}, {nth} threads */"
        self.funcs.append((name, header, body))

    def emit_loops(self, w, loops, hdr0, stmts):
        w("  " + hdr0)
        if len(loops) == 2:
            w("  " + loops[1].header("j"))
        w("  {")
        for s in stmts:
            w("    " + s)
        w("  }")

    def emit(self):
        for n in range(self.nests):
            self.nest(n)
        for n in range(self.doacross):
            self.doacross_nest(n)
        out = [f"/* fuzz_loops.py seed {self.seed} */",
               "#include <omp.h>\n#include <stdio.h>\n#include <stdlib.h>",
               "static int failed;",
               "/* Where a static schedule put the iterations, for comparing runtimes. */",
               "static void report(const char *name, const int *tid, int n) {",
               "  unsigned long long h = 0;",
               "  for (int k = 0; k < n; k++) h = h * 31 + (unsigned)tid[k];",
               "  printf(\"%s static assignment %llx\\n\", name, h);",
               "}"]
        for name, header, body in self.funcs:
            out.append(header)
            out.append(f"static void {name}(void) {{")
            out.extend(body)
            out.append("}")
        out.append("int main(void) {")
        for name, _, _ in self.funcs:
            out.append(f"  {name}();")
        out.append("  if (!failed) printf(\"OK\\n\");")
        out.append("  return failed;")
        out.append("}")
        return "\n".join(out) + "\n"


def program(seed, nests, offload=True, doacross=3):
    return Gen(seed, nests, offload, doacross).emit()


def run_range(first, count, libs, nests, offload, doacross, cflags=()):
    work = tempfile.mkdtemp(prefix="fuzz_loops.")
    failing = 0
    for seed in range(first, first + count):
        built = fuzzlib.build(work, seed, program(seed, nests, offload, doacross), offload=offload,
                              cflags=cflags)
        if not built:
            failing += 1
            continue
        _, exe = built
        bad, outs = [], []
        for lib in libs:
            rc, out, err = fuzzlib.run_program(exe, lib)
            # Warnings (on stderr) are worded differently by the two runtimes.
            outs.append(out)
            if rc != 0 or "OK" not in out:
                bad.append(fuzzlib.failure(lib, rc, out, err, 5))
        if len(outs) == 2 and outs[0] != outs[1]:
            bad.append("  the two differ at " + fuzzlib.first_difference(*outs))
        failing += fuzzlib.verdict(seed, bad, exe)
    print(f"{count} seeds from {first}: {failing} failing (work dir {work})")
    return failing


def main():
    ap = fuzzlib.parser(__doc__, "--nests", 12, "loop nests per program")
    ap.add_argument("--doacross", type=int, default=3, help="doacross nests per program")
    ap.add_argument("--host-only", action="store_true",
                    help="no target regions (host teams instead), for sanitized builds")
    ap.add_argument("--cflags", default="", help="extra compiler flags, e.g. -fsanitize=thread")
    fuzzlib.main(ap, lambda a: run_range(a.run[0], a.run[1], a.lib, a.nests, not a.host_only,
                                         a.doacross, a.cflags.split()),
                 lambda a: program(a.seed, a.nests, not a.host_only, a.doacross))

if __name__ == "__main__":
    main()
