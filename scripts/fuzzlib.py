"""What the program generators (scripts/fuzz_*.py) share:
their command line, building one seed's program with clang-19, running it
and reporting, and the C that makes a program run in its own environment."""
import argparse
import os
import subprocess
import sys
import tempfile


def parser(doc, size_flag=None, size_default=None, size_help=None):
    ap = argparse.ArgumentParser(description=doc,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("seed", nargs="?", type=int, help="print this seed's program")
    if size_flag:
        ap.add_argument(size_flag, type=int, default=size_default, help=size_help)
    ap.add_argument("--run", nargs=2, type=int, metavar=("FIRST", "COUNT"),
                    help="compile and run COUNT seeds from FIRST")
    ap.add_argument("--lib", action="append", default=[],
                    help="a runtime directory to run on (LD_LIBRARY_PATH); repeatable")
    return ap


def build(work, seed, text, offload=True, cflags=()):
    """Writes and compiles one program under work; returns (source,
    executable), or None after printing the compiler's complaint."""
    src = os.path.join(work, f"s{seed}.c")
    exe = os.path.join(work, f"s{seed}")
    with open(src, "w") as f:
        f.write(text)
    targets = ["-fopenmp-targets=x86_64-pc-linux-gnu"] if offload else []
    cc = subprocess.run(["clang-19", "-fopenmp", *targets, "-O1", "-w", *cflags, src, "-o", exe],
                        capture_output=True, text=True)
    if cc.returncode:
        print(f"seed {seed}: no-compile\n{cc.stderr[:2000]}", flush=True)
        return None
    return src, exe


def main(ap, run, generate, max_libs=2):
    """Parses the command line; prints generate(args) for one seed, or runs
    run(args) over --run's seeds and exits 1 when any failed."""
    a = ap.parse_args()
    if a.run:
        if not 1 <= len(a.lib) <= max_libs:
            ap.error(f"--run takes one to {max_libs} runtimes: --lib DIR ...")
        sys.exit(1 if run(a) else 0)
    if a.seed is None:
        ap.error("a seed or --run")
    sys.stdout.write(generate(a))


def rerun_in_environment(marker, env):
    """C lines defining `environment(argv)`: on the program's first run it
    sets each variable of env (None: unsets it) and runs the program again,
    for the runtime reads its environment once, as it loads (LLVM's
    libomptarget starts libomp then); `marker` tells the second run. The
    program includes stdio.h, stdlib.h and unistd.h."""
    lines = ["static void environment(char **argv) {",
             f"  if (getenv(\"{marker}\"))",
             "    return;"]
    for var, val in env.items():
        lines.append(f"  setenv(\"{var}\", \"{val}\", 1);" if val is not None
                     else f"  unsetenv(\"{var}\");")
    lines += [f"  setenv(\"{marker}\", \"1\", 1);",
              "  execv(\"/proc/self/exe\", argv);",
              "  perror(\"execv\");",
              "  exit(2);",
              "}"]
    return lines


def run_program(exe, lib, args=(), env=None, timeout=60):
    """Runs exe on the runtime in lib: (exit status or "timeout", stdout, stderr)."""
    environ = dict(os.environ, LD_LIBRARY_PATH=lib, **(env or {}))
    try:
        p = subprocess.run([exe, *args], env=environ, capture_output=True, text=True,
                           timeout=timeout)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return "timeout", "", ""


def failure(lib, rc, out, err, lines):
    """A failed run's report: the runtime, the status and its first FAIL or
    error lines."""
    found = [l for l in (out + err).splitlines() if "FAIL" in l or "rror" in l][:lines]
    return f"  {lib}: rc {rc}: " + "\n    ".join(found)


def first_difference(out0, out1):
    """The first differing line of two outputs, for a report."""
    l0, l1 = out0.splitlines(), out1.splitlines()
    i = next((i for i in range(min(len(l0), len(l1))) if l0[i] != l1[i]),
             min(len(l0), len(l1)))
    return (f"output line {i}: {l0[i] if i < len(l0) else '<end>'} | "
            f"{l1[i] if i < len(l1) else '<end>'}")


def verdict(seed, bad, exe):
    """Prints a failing seed's reasons, or removes its passing executable;
    returns 1 when it failed."""
    if bad:
        print(f"seed {seed}: FAIL\n" + "\n".join(bad), flush=True)
        return 1
    os.remove(exe)
    return 0


def run_self_checking(name, first, count, libs, reps, make_program, offload=False, cflags=()):
    """Builds make_program(seed) for each seed and runs it reps times on each
    runtime in libs; a run passes when it exits 0 and prints OK. Reports
    the failing seeds and returns how many failed."""
    work = tempfile.mkdtemp(prefix=f"{name}.")
    failing = 0
    for seed in range(first, first + count):
        built = build(work, seed, make_program(seed), offload=offload, cflags=cflags)
        if not built:
            failing += 1
            continue
        _, exe = built
        bad = []
        for lib in libs:
            for _ in range(reps):
                rc, out, err = run_program(exe, lib)
                if rc != 0 or "OK" not in out:
                    bad.append(failure(lib, rc, out, err, 6))
                    break
        failing += verdict(seed, bad, exe)
    print(f"{count} seeds from {first}: {failing} failing (work dir {work})")
    return failing
