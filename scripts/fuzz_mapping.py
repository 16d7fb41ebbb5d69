#!/usr/bin/env python3
"""Random sequences of data-mapping constructs that check host memory.

Each seed gives one C program: a sequence of `target enter/exit data`,
`target data` regions (nested), `target` regions that update their mapped
sections, `target update` and `omp_target_is_present`/`omp_get_mapped_ptr`,
with map types to / from / tofrom / alloc / release / delete, the `always`
and `present` modifiers and `nowait` forms (ordered per array by a
dependence), on sections of three arrays on two offload devices. The
generator keeps a model of each device's mapping table (OpenMP 5.2
reference counts, as LLVM 19 implements them: copy to when an entry is
made or always, copy back when the last reference goes or always) and the
program checks host memory and presence against it after every step. It
never reads device memory that was only allocated. A seed may end in an
error (`present` on an absent section, a map that extends a mapped one).

With --associate the sequence also associates unmapped sections with
device memory of their own (omp_target_alloc, omp_target_memcpy,
omp_target_associate_ptr) and later disassociates and frees them; the
model gives such entries an infinite reference count, as OpenMP and LLVM
19 do: map clauses neither count them nor copy (but `always`), and delete
keeps them. Without it a seed gives the same program as before.

  fuzz_mapping.py SEED [--steps N] [--associate] > prog.c
  fuzz_mapping.py --run FIRST COUNT --lib OURS [--lib REFERENCE]
        compile and run a range of seeds against each runtime directory
        (LD_LIBRARY_PATH); a seed fails on a FAIL line, on an exit status
        that does not match its ending, or when the two runtimes print
        different lines. LLVM 19 aborts on fatal errors where we exit with
        status 1; both count as failing.
"""
import random
import tempfile

import fuzzlib

N = 48          # elements per array
NARR = 3
MASK = (1 << 64) - 1


class Entry:
    def __init__(self, begin, end, values):
        self.begin, self.end = begin, end
        self.ref = 1
        self.dev = values           # device contents, None where never written
        # omp_target_associate_ptr's entries: the variable holding the device
        # memory; their reference count is infinite (map clauses neither
        # count them up or down nor copy, unless `always`; delete keeps them)
        self.assoc = None

    def get(self, i):
        return self.dev[i - self.begin]

    def put(self, i, v):
        self.dev[i - self.begin] = v


class Gen:
    """Builds the program and, step by step, what a runtime following OpenMP
    5.2's reference counts must leave in host memory (LLVM 19 does)."""

    def __init__(self, seed, steps, associate=False):
        self.rng = random.Random(seed)
        self.associate_on = associate  # off: the same programs as before it existed
        self.seed = seed
        self.steps = steps
        self.ndev = 2
        self.tables = [{a: [] for a in range(NARR)} for _ in range(self.ndev)]
        self.host = [[(a + 1) * 1000 + i for i in range(N)] for a in range(NARR)]
        self.lines = []
        self.k = 0
        self.fatal = None           # the error the program ends with
        self.regions = []           # open target data regions: (dev, a, s, e, type, always)
        self.pending = False        # nowait constructs not yet waited for
        self.nassoc = 0             # device blocks made for omp_target_associate_ptr

    def find(self, dev, a, s, e):
        for en in self.tables[dev][a]:
            if en.begin <= s and e <= en.end:
                return "present", en
            if s < en.end and en.begin < e:
                return "overlap", en
        return "absent", None

    def section(self):
        rng = self.rng
        a = rng.randrange(NARR)
        dev = rng.randrange(self.ndev)
        ents = self.tables[dev][a]
        # Prefer sections of mapped ones, so reference counts move.
        if ents and rng.random() < 0.6:
            en = rng.choice(ents)
            if rng.random() < 0.5:
                return dev, a, en.begin, en.end
            s = rng.randrange(en.begin, en.end)
            return dev, a, s, rng.randrange(s + 1, en.end + 1)
        s = rng.randrange(N)
        return dev, a, s, min(N, s + rng.randint(1, 16))

    def w(self, text):
        self.lines.append("  " * (1 + len(self.regions)) + text)

    def defined(self, en, s, e):
        return all(en.get(i) is not None for i in range(s, e))

    def to_device(self, en, a, s, e):
        for i in range(s, e):
            en.put(i, self.host[a][i])

    def from_device(self, en, a, s, e):
        for i in range(s, e):
            self.host[a][i] = en.get(i)

    def sync(self):
        """Waits for the nowait constructs in flight before a construct that
        is not ordered after them."""
        if self.pending:
            self.w("#pragma omp taskwait")
            self.pending = False

    def splits_region(self, dev, a, s, e):
        """Whether a new mapping [s, e) would cover part of an open target
        data region's section (whose end then finds neither it nor nothing)."""
        for rd, ra, rs, re_, _, _ in self.regions:
            if rd == dev and ra == a and s < re_ and rs < e and not (s <= rs and re_ <= e):
                return True
        return False

    def begin_map(self, state, en, dev, a, s, e, typ, always):
        """Entry into a construct's map: reference count, copy to."""
        if state == "absent":
            en = Entry(s, e, [None] * (e - s))
            self.tables[dev][a].append(en)
            if typ in ("to", "tofrom"):
                self.to_device(en, a, s, e)
        else:
            en.ref += 1
            if always and typ in ("to", "tofrom"):
                self.to_device(en, a, s, e)
        return en

    def end_map(self, en, dev, a, s, e, typ, always):
        """Exit from a construct's map: copy back when the last reference
        goes, or always."""
        en.ref -= 1
        if typ in ("from", "tofrom") and (en.ref == 0 or always):
            self.from_device(en, a, s, e)
        if en.ref == 0:
            self.tables[dev][a].remove(en)

    def close_region(self):
        self.sync()
        dev, a, s, e, typ, always = self.regions[-1]
        state, en = self.find(dev, a, s, e)
        if state == "present":
            copies = typ in ("from", "tofrom") and (en.ref == 1 or always)
            if copies and not self.defined(en, s, e):
                # Mapped anew inside the region, never written: give it defined data.
                self.w(f"#pragma omp target update device({dev}) to(arr{a}[{s}:{e - s}])")
                self.to_device(en, a, s, e)
            self.end_map(en, dev, a, s, e, typ, always)
        self.regions.pop()
        self.w("}")
        self.emit_check()

    def emit_check(self):
        if self.pending:
            return
        hashes = []
        for arr in self.host:
            h = 0
            for v in arr:
                h = (h * 1000003 + v) & MASK
            hashes.append(f"0x{h:x}ULL")
        self.w(f"check({len(self.lines)}, {', '.join(hashes)});")

    def associate(self, dev, a, s, e):
        """omp_target_associate_ptr on an unmapped section: device memory of
        its own, holding the host values."""
        self.sync()
        self.nassoc += 1
        m = f"assoc{self.nassoc}"
        size = f"{e - s} * sizeof(unsigned long)"
        self.w(f"{m} = omp_target_alloc({size}, {dev});")
        self.w(f"omp_target_memcpy({m}, &arr{a}[{s}], {size}, 0, 0, {dev}, omp_get_initial_device());")
        self.w(f"check_rc({len(self.lines)}, \"associate\", "
               f"omp_target_associate_ptr(&arr{a}[{s}], {m}, {size}, 0, {dev}));")
        en = Entry(s, e, list(self.host[a][s:e]))
        en.ref = float("inf")
        en.assoc = m
        self.tables[dev][a].append(en)
        self.emit_check()

    def disassociate(self):
        """omp_target_disassociate_ptr on an associated section no open
        target data region overlaps; False when there is none."""
        choices = [(dev, a, en) for dev in range(self.ndev) for a in range(NARR)
                   for en in self.tables[dev][a] if en.assoc and not any(
                       rd == dev and ra == a and rs < en.end and en.begin < re_
                       for rd, ra, rs, re_, _, _ in self.regions)]
        if not choices:
            return False
        dev, a, en = self.rng.choice(choices)
        self.sync()
        self.w(f"check_rc({len(self.lines)}, \"disassociate\", "
               f"omp_target_disassociate_ptr(&arr{a}[{en.begin}], {dev}));")
        self.w(f"omp_target_free({en.assoc}, {dev});")
        self.tables[dev][a].remove(en)
        self.emit_check()
        return True

    def step(self, last):
        """Emits one construct; False when the draw did not fit."""
        rng = self.rng
        if self.regions and rng.random() < 0.08:
            self.close_region()
            return True
        if self.associate_on and rng.random() < 0.05:
            return self.disassociate()
        dev, a, s, e = self.section()
        state, en = self.find(dev, a, s, e)
        if self.associate_on and rng.random() < 0.06:
            if state != "absent" or self.splits_region(dev, a, s, e):
                return False
            self.associate(dev, a, s, e)
            return True
        may_fail = last
        if state == "overlap" and not may_fail:
            return False
        if state == "absent" and self.splits_region(dev, a, s, e):
            return False
        d = f"device({dev})"
        sec = f"arr{a}[{s}:{e - s}]"
        always = rng.random() < 0.15
        # Asynchronous forms, ordered per array by a dependence on it.
        nowait = "" if may_fail or rng.random() > 0.45 else f" nowait depend(inout: arr{a})"
        r = rng.random()
        if r < 0.22:
            typ = rng.choice(["to", "to", "alloc"])
            mod = "always, " if always and typ == "to" else ""
            if state == "absent" and may_fail and rng.random() < 0.3:
                mod += "present, "
                self.fatal = "present"
            elif state == "overlap":
                self.fatal = "extension"
            if not nowait:
                self.sync()
            self.w(f"#pragma omp target enter data {d} map({mod}{typ}: {sec}){nowait}")
            if self.fatal:
                return True
            self.begin_map(state, en, dev, a, s, e, typ, always and typ == "to")
        elif r < 0.40:
            typ = rng.choice(["from", "release", "delete"])
            copies = state == "present" and typ == "from" and (always or en.ref == 1)
            if copies and not self.defined(en, s, e):
                typ, copies = "release", False     # would copy back undefined data
            mod = "always, " if always and typ == "from" else ""
            if not nowait:
                self.sync()
            self.w(f"#pragma omp target exit data {d} map({mod}{typ}: {sec}){nowait}")
            if state == "present":
                if typ == "delete" and not en.assoc:
                    en.ref = 1
                self.end_map(en, dev, a, s, e, typ, always)
        elif r < 0.55:
            motion = rng.choice(["to", "from"])
            if state == "present" and motion == "from" and not self.defined(en, s, e):
                motion = "to"
            pres = ""
            if rng.random() < 0.1 and (state == "present" or may_fail):
                pres = "present: "
                if state != "present":
                    self.fatal = "present"
            if not nowait:
                self.sync()
            self.w(f"#pragma omp target update {d} {motion}({pres}{sec}){nowait}")
            if state == "present":
                (self.to_device if motion == "to" else self.from_device)(en, a, s, e)
            # A section not wholly mapped is skipped.
        elif r < 0.63:
            self.sync()
            covered = any(x.begin <= s < x.end for x in self.tables[dev][a])
            self.w(f"check_present({len(self.lines)}, omp_target_is_present(&arr{a}[{s}], {dev}), {int(covered)});")
            self.w(f"check_present({len(self.lines)}, omp_get_mapped_ptr(&arr{a}[{s}], {dev}) != NULL, {int(covered)});")
            return True
        elif r < 0.71:
            if len(self.regions) >= 3 or last or state == "overlap":
                return False
            choices = ["to", "tofrom", "alloc"]
            if state == "present" and self.defined(en, s, e):
                choices.append("from")
            typ = rng.choice(choices)
            always = always and typ != "alloc"
            self.sync()
            self.w(f"#pragma omp target data {d} map({'always, ' if always else ''}{typ}: {sec})")
            self.w("{")
            self.begin_map(state, en, dev, a, s, e, typ, always)
            self.regions.append((dev, a, s, e, typ, always))
        else:
            # A target region updating its section.
            typ = rng.choice(["to", "tofrom", "tofrom", "from", "alloc"])
            always = always and typ != "alloc"
            mod = "always, " if always else ""
            if rng.random() < 0.08 and (state == "present" or may_fail):
                mod += "present, "
                if state != "present":
                    self.fatal = "present"
            if state == "overlap":
                self.fatal = "extension"
            self.k += 1
            k = self.k
            reads = False
            if not self.fatal:
                en = self.begin_map(state, en, dev, a, s, e, typ, always)
                reads = self.defined(en, s, e)
            body = (f"arr{a}[i] = arr{a}[i] * 3 + {k}" if reads else f"arr{a}[i] = {k} * 100 + i")
            if not nowait:
                self.sync()
            self.w(f"#pragma omp target {d} map({mod}{typ}: {sec}){nowait}")
            self.w(f"for (int i = {s}; i < {e}; i++) {body};")
            if self.fatal:
                return True
            for i in range(s, e):
                en.put(i, ((en.get(i) * 3 + k) & MASK) if reads else k * 100 + i)
            self.end_map(en, dev, a, s, e, typ, always)
        if nowait:
            self.pending = True
        self.emit_check()
        return True

    def emit(self):
        done = tries = 0
        while done < self.steps and tries < self.steps * 20 and not self.fatal:
            tries += 1
            last = done == self.steps - 1 and self.rng.random() < 0.3
            if self.step(last):
                done += 1
        if self.fatal:
            self.w(f"printf(\"FAIL: no fatal error ({self.fatal})\\n\");")
            self.w("exit(0);")
            while self.regions:
                self.regions.pop()
                self.w("}")
        while self.regions:
            self.close_region()
        self.sync()
        self.emit_check()
        out = [f"/* fuzz_mapping.py seed {self.seed}"
               + (f": ends in a fatal error ({self.fatal})" if self.fatal else "") + " */",
               "#include <omp.h>\n#include <stdio.h>\n#include <stdlib.h>",
               f"#define N {N}"]
        for a in range(NARR):
            out.append(f"unsigned long arr{a}[N];")
        out.append("static int failed;")
        out.append("static unsigned long long hash(const unsigned long *a) {")
        out.append("  unsigned long long h = 0;")
        out.append("  for (int i = 0; i < N; i++) h = h * 1000003ULL + a[i];")
        out.append("  return h;")
        out.append("}")
        out.append("static void check(int step, " + ", ".join(f"unsigned long long want{a}" for a in range(NARR)) + ") {")
        for a in range(NARR):
            out.append(f"  printf(\"step %d arr{a} %llx\\n\", step, hash(arr{a}));")
            out.append(f"  if (hash(arr{a}) != want{a}) {{ printf(\"FAIL step %d arr{a}: %llx, model %llx\\n\", step, hash(arr{a}), want{a}); failed = 1; }}")
        out.append("}")
        for k in range(1, self.nassoc + 1):
            out.append(f"static void *assoc{k};")
        if self.nassoc:
            out.append("static void check_rc(int step, const char *what, int rc) {")
            out.append("  printf(\"step %d %s %d\\n\", step, what, rc);")
            out.append("  if (rc) { printf(\"FAIL step %d %s returned %d\\n\", step, what, rc); failed = 1; }")
            out.append("}")
        out.append("static void check_present(int step, int got, int want) {")
        out.append("  printf(\"step %d present %d\\n\", step, got != 0);")
        out.append("  if ((got != 0) != want) { printf(\"FAIL step %d present %d, model %d\\n\", step, got != 0, want); failed = 1; }")
        out.append("}")
        out.append("int main(void) {")
        out.append("  setvbuf(stdout, NULL, _IONBF, 0);  /* LLVM 19 aborts on fatal errors */")
        out.append(f"  for (int i = 0; i < N; i++) {{ " +
                   " ".join(f"arr{a}[i] = {a + 1} * 1000 + i;" for a in range(NARR)) + " }")
        out.append("  if (omp_get_num_devices() < 2) { printf(\"needs 2 devices\\n\"); return 1; }")
        out.extend(self.lines)
        out.append("  if (!failed) printf(\"OK\\n\");")
        out.append("  return failed;")
        out.append("}")
        return "\n".join(out) + "\n"


def program(seed, steps, associate=False):
    return Gen(seed, steps, associate).emit()


def run_range(first, count, libs, steps, associate=False):
    work = tempfile.mkdtemp(prefix="fuzz_mapping.")
    differ = 0
    for seed in range(first, first + count):
        gen = Gen(seed, steps, associate)
        built = fuzzlib.build(work, seed, gen.emit())
        if not built:
            differ += 1
            continue
        _, exe = built
        ends_in_error = gen.fatal is not None
        results = [fuzzlib.run_program(exe, lib) for lib in libs]
        bad = []
        for lib, (rc, out, err) in zip(libs, results):
            fails = [l for l in out.splitlines() if l.startswith("FAIL")]
            if fails or rc == "timeout" or (rc != 0) != ends_in_error:
                bad.append(f"  {lib}: rc {rc}: {(fails or [''])[0]} {err.strip()[:300]!r}")
        if len(results) == 2:
            # Fatal offload errors: LLVM 19 aborts, we exit with status 1
            # (docs/env.md); both count as the same outcome.
            (rc0, out0, _), (rc1, out1, _) = results
            if (rc0 != 0) != (rc1 != 0) or out0 != out1:
                bad.append("  the two differ at " + fuzzlib.first_difference(out0, out1))
        differ += fuzzlib.verdict(seed, bad, exe)
    print(f"{count} seeds from {first}: {differ} failing (work dir {work})")
    return differ


def main():
    ap = fuzzlib.parser(__doc__, "--steps", 40, "constructs per program")
    ap.add_argument("--associate", action="store_true",
                    help="also omp_target_associate_ptr/disassociate_ptr on sections of their "
                         "own device memory (a different program for the same seed)")
    fuzzlib.main(ap, lambda a: run_range(a.run[0], a.run[1], a.lib, a.steps, a.associate),
                 lambda a: program(a.seed, a.steps, a.associate))

if __name__ == "__main__":
    main()
