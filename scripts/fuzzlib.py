"""What the program generators (fuzz_tasks.py, fuzz_mapping.py) share: their
command line and building one seed's program with clang-19."""
import argparse
import os
import subprocess


def parser(doc, size_flag, size_default, size_help):
    ap = argparse.ArgumentParser(description=doc,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("seed", nargs="?", type=int, help="print this seed's program")
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
