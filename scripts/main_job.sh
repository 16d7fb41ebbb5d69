#!/usr/bin/env bash
# The main job: set-up, build, then the benchmarks on the default device,
# printing a results table (ours vs LLVM 19's runtime on the same binaries).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
exec bash bench/run.sh "$@"
