#!/usr/bin/env python3
"""Random memory allocators and allocation sequences, run by two runtimes,
compared.

Each seed gives one C program. It makes a few allocators with
omp_init_allocator from a memory space (default, large capacity, constant,
high bandwidth, low latency) and random traits (sync_hint, alignment,
access, pool_size, fallback with fb_data, pinned, partition; now and then
a value that is not valid for its trait), then runs a sequence of
omp_alloc, omp_aligned_alloc, omp_calloc, omp_aligned_calloc, omp_realloc
(between allocators too, to size 0, from NULL) and omp_free on those
allocators, the predefined ones and omp_null_allocator (the default
allocator, which the program sometimes sets with omp_set_default_allocator).

Each operation prints one line: whether it gave memory or NULL, and, for
memory, whether it is aligned as asked (the largest of the serving
allocator's alignment trait and the call's alignment), zeroed where calloc
asked and holds what realloc had to keep; and whether the outcome is the
one the generator's model of the pools predicts. Every block is filled with its own byte
and checked when freed, so overlapping blocks show. Where pool accounting
may legitimately differ (a block's bookkeeping and alignment slack count
against the pool, by each runtime's own rule) the line says "?" instead
of the outcome: the generator keeps a lower and an upper bound of what each
pool holds and prints an outcome only when both bounds agree on it.

The outputs of the two runtimes (ours, LLVM 19's) must be equal, and no
line may say MISALIGNED, NOT-ZERO, LOST, CORRUPT or UNEXPECTED on either;
with one --lib only the latter is checked. Known differences the
generator avoids: omp_realloc with omp_null_allocator uses the block's
own allocator (OpenMP; LLVM 19 takes def-allocator-var), so it is used
only where the two agree; invalid trait values (ours refuses them, LLVM
19 accepts some and asserts on others) print "init N: ?". A reference that
stops where the first runtime passed (LLVM 19 on those invalid values, and
when freeing a block that two fallbacks deep came from the default memory)
is noted and counted apart (docs/abi-host.md).

With --threads N, N sequences run at once, one per thread of a parallel
region, on the same allocators: their pools are shared, so only outcomes
that do not depend on the others are certain (a request larger than a
whole pool), the lines are printed only when they report a problem, and
the runtimes are not compared. Either way, once every block is back, each
null_fb pool must take again a block the model says an empty pool takes.

  fuzz_alloc.py SEED [--threads N]      print the program
  fuzz_alloc.py --run FIRST COUNT --lib OURS [--lib REFERENCE] [--threads N]
"""
import collections
import random
import tempfile

import fuzzlib

SPACES = ["omp_default_mem_space", "omp_large_cap_mem_space", "omp_const_mem_space",
          "omp_high_bw_mem_space", "omp_low_lat_mem_space"]
PREDEFINED = ["omp_default_mem_alloc", "omp_large_cap_mem_alloc", "omp_const_mem_alloc",
              "omp_high_bw_mem_alloc", "omp_low_lat_mem_alloc", "omp_cgroup_mem_alloc",
              "omp_pteam_mem_alloc", "omp_thread_mem_alloc"]
# Pool bookkeeping a runtime may charge per block beyond the bytes asked
# for and the alignment slack (ours and LLVM's are both under 128 B).
BLOCK_OVERHEAD = 128
PAGE = 4096
# What the program is told to expect of an allocation.
EXPECT = {"ok": "E_MEMORY", "null": "E_NULL", "?": "E_EITHER"}
# Traits that now and then get a value that is not valid for them.
MAY_BE_INVALID = ("sync_hint", "alignment", "fallback", "partition")

# A live block of the model: the Allocator whose pool it is charged to (or
# None), whether it surely exists, its charge's bounds, and the handle it
# came from.
Block = collections.namedtuple("Block", "payer known low high handle")


class Allocator:
    def __init__(self, index, space, traits, valid):
        self.index = index
        self.space = space
        self.traits = traits  # [(key, value-expression)]
        self.valid = valid
        d = dict(traits)
        self.alignment = int(d.get("omp_atk_alignment", "1")) if valid else 1
        self.pool = int(d["omp_atk_pool_size"]) if valid and "omp_atk_pool_size" in d else None
        self.pinned = valid and d.get("omp_atk_pinned") == "omp_atv_true"
        self.fallback = d.get("omp_atk_fallback", "omp_atv_default_mem_fb") if valid else None
        self.fb_data = None  # an Allocator, for omp_atv_allocator_fb
        self.low = 0   # bytes the pool certainly holds
        self.high = 0  # bytes it may hold

    def name(self):
        return f"a[{self.index}]"


def make_traits(rng, allocators):
    """Random traits; returns (traits, valid, fb_target). Now and then one
    value is invalid for its trait: an alignment that is no power of two,
    or another trait's value."""
    traits = []
    valid = True
    fb_target = None
    keys = rng.sample(["sync_hint", "alignment", "access", "pool_size", "fallback",
                       "pinned", "partition"], rng.randint(0, 4))
    for key in keys:
        bad = rng.random() < 0.06 and key in MAY_BE_INVALID
        if key == "sync_hint":
            v = rng.choice(["omp_atv_contended", "omp_atv_uncontended",
                            "omp_atv_serialized", "omp_atv_private"])
        elif key == "alignment":
            v = str(rng.choice([1, 2, 8, 16, 64, 256, 4096]))
            if bad:
                v = str(rng.choice([3, 24, 0]))
        elif key == "access":
            v = rng.choice(["omp_atv_all", "omp_atv_cgroup", "omp_atv_pteam",
                            "omp_atv_thread"])
        elif key == "pool_size":
            v = str(rng.choice([1 << 12, 1 << 14, 1 << 16, 1 << 20, 3000, 100000]))
        elif key == "fallback":
            choices = ["omp_atv_default_mem_fb", "omp_atv_null_fb"]
            if allocators:
                choices.append("omp_atv_allocator_fb")
            v = rng.choice(choices)
            if v == "omp_atv_allocator_fb":
                fb_target = rng.choice(allocators)
        elif key == "pinned":
            v = rng.choice(["omp_atv_true", "omp_atv_false"])
        else:
            v = rng.choice(["omp_atv_environment", "omp_atv_nearest", "omp_atv_blocked",
                            "omp_atv_interleaved"])
        if bad and key != "alignment":  # another trait's value
            v = "omp_atv_null_fb" if key == "partition" else "omp_atv_thread"
            if key == "fallback":
                fb_target = None
        if bad:
            valid = False
        traits.append(("omp_atk_" + key, v))
    return traits, valid, fb_target


def generate(seed, threads=1):
    rng = random.Random(seed)
    lines = []
    out = lines.append
    allocators = []
    n_alloc = rng.randint(1, 5)
    for i in range(n_alloc):
        space = rng.choice(SPACES[:1] * 3 + SPACES)
        traits, valid, fb_target = make_traits(rng, [a for a in allocators if a.valid])
        # No high-bandwidth memory on these machines: both runtimes return
        # omp_null_allocator for that space, whatever the traits.
        a = Allocator(i, space, traits, valid and space != "omp_high_bw_mem_space")
        a.invalid_traits = not valid
        if fb_target is not None:
            a.fb_data = fb_target
        allocators.append(a)
    n_slots = 12
    threads = max(1, threads)

    def choose_handle():
        r = rng.random()
        if r < 0.55 and allocators:
            return rng.choice(allocators)
        if r < 0.85:
            return rng.choice(PREDEFINED)
        return "omp_null_allocator"

    def handle_expr(h):
        return h.name() if isinstance(h, Allocator) else h

    def predict(a, size, call_align):
        """Outcome on allocator a (an Allocator whose init succeeded, or
        None for a predefined one): 'ok', 'null' or '?', following
        fallbacks; the allocator whose pool pays, its charge bounds, and
        the alignment the block must have. An allocator_fb fallback serves
        with its own alignment trait (and the call's alignment), as both
        runtimes do; default_mem_fb keeps the first allocator's."""
        align = max(call_align, a.alignment if a is not None else 1)
        if a is None or a.pool is None:
            return "ok", None, 0, 0, align
        lo = size
        hi = size + BLOCK_OVERHEAD + align  # alignment slack at most align
        if a.pinned:
            hi = ((hi + PAGE - 1) // PAGE + 1) * PAGE
        if a.high + hi <= a.pool:
            return "ok", a, lo, hi, align
        if a.low + lo > a.pool:
            fb = a.fallback
            if fb == "omp_atv_null_fb":
                return "null", None, 0, 0, align
            if fb == "omp_atv_allocator_fb":
                if a.fb_data is None or not a.fb_data.valid:
                    return "?", None, 0, 0, call_align
                return predict(a.fb_data, size, call_align)
            return "ok", None, 0, 0, align  # default_mem_fb: the default memory
        # it may fit or fall back: only what both cases promise
        fb_align = align
        if a.fallback == "omp_atv_allocator_fb":
            fb_align = call_align
        return "?", a, 0, hi, min(align, fb_align)

    def sequence(base, ops):
        """One sequence of operations on slots base..base+n_slots-1; with
        several threads, each runs its own and the pools are shared, so
        only a request larger than a whole pool has a certain outcome."""
        blocks = {}  # slot -> Block
        body = []
        emit = body.append
        default_h = "omp_default_mem_alloc"  # def-allocator-var: an Allocator or a name

        def resolve(h):
            """The handle a call on h uses: def-allocator-var for the null one."""
            return default_h if h == "omp_null_allocator" else h

        def effective(h):
            """The Allocator a call on h uses, or None when it is a
            predefined one (no pool: always gives memory)."""
            h = resolve(h)
            return h if isinstance(h, Allocator) else None

        def uncharge(block):
            """A block the model no longer holds leaves its pool's bounds."""
            if block is not None and block.payer is not None:
                block.payer.low -= block.low
                block.payer.high -= block.high

        for op in range(ops):
            if threads > 1:
                for al in allocators:  # what other threads hold is unknown
                    al.low, al.high = 0, float("inf")
            slot = base + rng.randrange(n_slots)
            kind = rng.choice(["alloc", "alloc", "aligned", "calloc", "aligned_calloc", "realloc",
                               "free", "free", "set_default"])
            if kind == "set_default":
                h = rng.choice([a for a in allocators if a.valid] + PREDEFINED)
                emit(f"  omp_set_default_allocator({handle_expr(h)});")
                default_h = h
                continue
            if slot in blocks and kind != "realloc":  # free, or make room
                uncharge(blocks.pop(slot))
                emit(f"  release({op}, {slot});")
            if kind == "free":
                continue
            h = choose_handle()
            old = blocks.pop(slot, None) if kind == "realloc" else None
            if old is not None and h == "omp_null_allocator" and old.handle is not default_h:
                # OpenMP: the block's own allocator (ours); LLVM 19:
                # def-allocator-var. Only where the two agree is null used.
                h = old.handle
            size = rng.choice([1, 7, 16, 100, 1000, 4000, 5000, 20000, 70000, 300000])
            call_align = 1
            if kind in ("aligned", "aligned_calloc"):
                call_align = rng.choice([1, 8, 32, 128, 1024, 8192])
            eff = effective(h)
            init_ok = eff is None or eff.valid
            if kind == "realloc":
                free_h = "omp_null_allocator"
                if old is not None and rng.random() < 0.5:
                    free_h = handle_expr(old.handle)  # the allocator it came from
                new_size = rng.choice([0, size])
                if new_size == 0:
                    emit(f"  do_realloc({op}, {slot}, 0, {handle_expr(h)}, {free_h}, 1, E_NULL);")
                    uncharge(old)
                    continue
                # the new block is made while the old one still counts,
                # unless the old one is charged to the very pool the new one
                # asks first: then ours (as libgomp) counts only the growth,
                # where LLVM 19 still counts both (docs/abi-host.md)
                same_pool = old is not None and old.payer is not None and old.payer is eff
                if same_pool:
                    uncharge(old)
                outcome, payer, lo, hi, want_align = predict(eff if init_ok else None, new_size, 1)
                if not init_ok or (old is not None and not old.known):
                    outcome = "?"
                if not same_pool:
                    uncharge(old)
                emit(f"  do_realloc({op}, {slot}, {new_size}, {handle_expr(h)}, {free_h}, "
                     f"{want_align}, {EXPECT[outcome]});")
            else:
                outcome, payer, lo, hi, want_align = predict(eff if init_ok else None, size,
                                                             call_align)
                if not init_ok:
                    outcome = "?"
                fn = {"alloc": "A_ALLOC", "aligned": "A_ALIGNED", "calloc": "A_CALLOC",
                      "aligned_calloc": "A_ALIGNED_CALLOC"}[kind]
                emit(f"  do_alloc({op}, {slot}, {fn}, {size}, {call_align}, {handle_expr(h)}, "
                     f"{want_align}, {EXPECT[outcome]});")
            if outcome != "null":
                # a "?" block may be live: the upper bound counts it, the
                # lower bound not
                block = Block(payer, outcome == "ok", lo if outcome == "ok" else 0, hi, resolve(h))
                blocks[slot] = block
                if payer is not None:
                    payer.low += block.low
                    payer.high += block.high
        for slot in range(base, base + n_slots):
            emit(f"  release({ops}, {slot});")
        return body

    if threads == 1:
        body = sequence(0, rng.randint(20, 60))
    else:
        body = ["  quiet = 1;",
                f"#pragma omp parallel num_threads({threads})",
                "  switch (omp_get_thread_num()) {"]
        for t in range(threads):
            body.append(f"  case {t}: {{")
            body += ["  " + l for l in sequence(t * n_slots, rng.randint(20, 60))]
            body.append("    break; }")
        body.append("  }")
    # Every block is back: a null_fb pool takes again the largest of half,
    # a quarter or an eighth of its size that the model says an empty pool
    # surely takes (its bookkeeping, alignment and pages counted).
    for al in allocators:
        if al.valid and al.pool is not None and al.fallback == "omp_atv_null_fb":
            al.low, al.high = 0, 0
            fits = [n for n in (al.pool // 2, al.pool // 4, al.pool // 8)
                    if n > 0 and predict(al, n, 1)[0] == "ok"]
            if fits:
                body.append(f"  pool_restored({al.index}, {fits[0]});")
    for al in reversed(allocators):
        body.append(f"  if ({al.name()} != omp_null_allocator) omp_destroy_allocator({al.name()});")

    out(PRELUDE.replace("@SLOTS@", str(n_slots * threads)).replace("@ALLOCS@", str(len(allocators))))
    out("int main(void) {")
    for a in allocators:
        traits = list(a.traits)
        if a.fb_data is not None:
            traits.append(("omp_atk_fb_data", f"(omp_uintptr_t){a.fb_data.name()}"))
        if traits:
            out(f"  {{ omp_alloctrait_t t[] = {{" +
                ", ".join(f"{{{k}, {v}}}" for k, v in traits) + "};")
            out(f"    {a.name()} = omp_init_allocator({a.space}, {len(traits)}, t); }}")
        else:
            out(f"  {a.name()} = omp_init_allocator({a.space}, 0, NULL);")
        if a.invalid_traits:  # an invalid value: ours refuses it, LLVM 19 may not
            out(f"  printf(\"init {a.index}: ?\\n\");")
        else:
            out(f"  printf(\"init {a.index}: %s\\n\", {a.name()} == omp_null_allocator ? \"null\" : \"ok\");")
    lines.extend(body)
    out("  printf(\"%s\\n\", bad ? \"FAIL\" : \"OK\");")
    out("  return 0;")
    out("}")
    return "\n".join(lines) + "\n"


PRELUDE = r"""
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

enum { A_ALLOC, A_ALIGNED, A_CALLOC, A_ALIGNED_CALLOC };
enum { E_MEMORY, E_NULL, E_EITHER }; /* what the generator's pool model says */
static omp_allocator_handle_t a[@ALLOCS@];
static unsigned char *block[@SLOTS@];
static size_t block_size[@SLOTS@];
static unsigned char block_fill[@SLOTS@];
static int bad;
static int quiet; /* threads: print only what is wrong (lines would interleave) */

/* A line of the operation's report, printed unless quiet; one that says a
 * problem (problem true) is printed always and fails the run. */
#define SAY(problem, ...)                                                      \
  do {                                                                         \
    if (!quiet || (problem)) {                                                 \
      printf(__VA_ARGS__);                                                     \
      if (problem)                                                             \
        bad = 1;                                                               \
    }                                                                          \
  } while (0)

static int aligned(void *p, size_t want) { return ((uintptr_t)p & (want - 1)) == 0; }

static void fill(int slot, int op) {
  block_fill[slot] = (unsigned char)(op * 37 + 11);
  memset(block[slot], block_fill[slot], block_size[slot]);
}

/* The block still holds its own byte everywhere: no other block overlapped it. */
static int intact(int slot, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (block[slot][i] != block_fill[slot])
      return 0;
  return 1;
}

static void release(int op, int slot) {
  if (!block[slot])
    return;
  if (!intact(slot, block_size[slot]))
    SAY(1, "op %d: free slot %d CORRUPT\n", op, slot);
  omp_free(block[slot], omp_null_allocator);
  block[slot] = NULL;
}

/* A certain outcome that did not happen. */
static int unexpected(void *p, int expect) {
  return (expect == E_MEMORY && !p) || (expect == E_NULL && p);
}

/* Whether calloc's block has a byte that is not zero. */
static int not_zero(const void *p, size_t size) {
  for (size_t i = 0; i < size; i++)
    if (((const unsigned char *)p)[i])
      return 1;
  return 0;
}

/* expect: E_EITHER where the generator cannot tell whether the pool has room. */
static void do_alloc(int op, int slot, int kind, size_t size, size_t align,
                     omp_allocator_handle_t h, size_t want_align, int expect) {
  int uncertain = expect == E_EITHER;
  void *p = NULL;
  switch (kind) {
  case A_ALLOC: p = omp_alloc(size, h); break;
  case A_ALIGNED: p = omp_aligned_alloc(align, size, h); break;
  case A_CALLOC: p = omp_calloc(1, size, h); break;
  default: p = omp_aligned_calloc(align, 1, size, h); break;
  }
  const char *outcome = uncertain ? "?" : p ? "ok" : "null";
  int wrong = unexpected(p, expect), misaligned = p && !aligned(p, want_align);
  int dirty = p && (kind == A_CALLOC || kind == A_ALIGNED_CALLOC) && not_zero(p, size);
  SAY(wrong || misaligned || dirty, "op %d: %s%s%s%s\n", op, outcome,
      wrong ? " UNEXPECTED" : "", misaligned ? " MISALIGNED" : "", dirty ? " NOT-ZERO" : "");
  block[slot] = p;
  block_size[slot] = size;
  if (p)
    fill(slot, op);
}

/* Every block of a null_fb pool is back: `size` fits again. */
__attribute__((unused)) static void pool_restored(int index, size_t size) {
  void *p = omp_alloc(size, a[index]);
  SAY(p == NULL, "pool %d: %zu bytes %s\n", index, size, p ? "fit again" : "NOT RESTORED");
  omp_free(p, omp_null_allocator);
}

static void do_realloc(int op, int slot, size_t size, omp_allocator_handle_t h,
                       omp_allocator_handle_t free_h, size_t want_align, int expect) {
  int uncertain = expect == E_EITHER;
  unsigned char *old = block[slot];
  size_t keep = old && block_size[slot] < size ? block_size[slot] : size;
  unsigned char old_fill = block_fill[slot];
  if (old && !intact(slot, block_size[slot]))
    SAY(1, "op %d: realloc slot %d CORRUPT before\n", op, slot);
  void *p = omp_realloc(old, size, h, free_h);
  if (size == 0) {
    SAY(p != NULL, "op %d: realloc to 0 %s\n", op, p ? "gave memory" : "null");
    if (p)
      omp_free(p, omp_null_allocator);
    block[slot] = NULL;
    return;
  }
  int wrong = unexpected(p, expect), misaligned = p && !aligned(p, want_align), lost = 0;
  for (size_t i = 0; p && old && i < keep && !lost; i++)
    lost = ((unsigned char *)p)[i] != old_fill;
  SAY(wrong || misaligned || lost, "op %d: realloc %s%s%s%s\n", op,
      uncertain ? "?" : p ? "ok" : "null", wrong ? " UNEXPECTED" : "",
      misaligned ? " MISALIGNED" : "", lost ? " LOST" : "");
  if (!p && old) {
    /* the old block stays (omp_realloc failed): free it as it was */
    release(op, slot);
  }
  block[slot] = p;
  block_size[slot] = size;
  if (p)
    fill(slot, op);
}
"""


def run(a):
    """Runs the seeds on the first runtime and, when given, the reference.
    A seed fails when the first runtime fails its checks or the two
    outputs differ; a reference that stops where the first runtime passed
    (LLVM 19 asserts on some invalid traits and on freeing a block that
    two fallbacks deep came from the default memory) is noted and counted
    apart, its output not compared."""
    work = tempfile.mkdtemp(prefix="fuzz_alloc.")
    failing = reference_only = 0
    first, count = a.run
    for seed in range(first, first + count):
        built = fuzzlib.build(work, seed, generate(seed, a.threads), offload=False,
                              cflags=a.cflags.split())
        if not built:
            failing += 1
            continue
        _, exe = built
        results = [fuzzlib.run_program(exe, lib) for lib in a.lib]
        passed = [rc == 0 and out.splitlines()[-1:] == ["OK"] for rc, out, _ in results]
        bad = [fuzzlib.failure(lib, *r, 6) for lib, r, ok in zip(a.lib, results, passed)
               if not ok]
        if a.threads > 1:
            pass  # the threads' interleaving decides the pools: no comparison
        elif len(results) == 2 and passed[0] and not passed[1]:
            print(f"seed {seed}: note: the reference failed where the first runtime passed\n"
                  + bad.pop(), flush=True)
            reference_only += 1
        elif len(results) == 2:
            masked = [mask_uncertain(r[1]) for r in results]
            if masked[0] != masked[1]:
                bad.append("  " + fuzzlib.first_difference(masked[0], masked[1]))
        failing += fuzzlib.verdict(seed, bad, exe)
    print(f"{count} seeds from {first}: {failing} failing or differing, "
          f"{reference_only} failing on the reference only (work dir {work})")
    return failing


def mask_uncertain(out):
    """Lines the generator marked uncertain ("?") compare equal whatever
    they say after the outcome."""
    return "\n".join(l.split(" ")[0] + " " + l.split(" ")[1] + " ?" if " ?" in l else l
                     for l in out.splitlines())


if __name__ == "__main__":
    ap = fuzzlib.parser(__doc__)
    ap.add_argument("--cflags", default="",
                    help="extra compiler flags, e.g. -fsanitize=address with --lib build/lib-asan")
    ap.add_argument("--threads", type=int, default=1,
                    help="run that many sequences at once, one per thread of a parallel "
                         "region, on the same allocators (self-checks only)")
    fuzzlib.main(ap, run, lambda a: generate(a.seed, a.threads))
