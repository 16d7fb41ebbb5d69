#!/usr/bin/env bash
# The benchmarks of the main job (scripts/main_job.sh), each printing its
# table of ours against LLVM 19's runtime on the same binaries.
#   bench/run.sh [--quick] [--full] [--threads N[,N...]]  (build dir: $BUILD_DIR or build)
# The host construct overheads, then the host tasking costs
# (bench/host/run.sh --suite overhead|tasks, docs/benchmarks.md), then B1-B4
# of the hidden-helper paper (bench/b14/run.sh) and the matmul target-task
# study of seed 001 (bench/matmul/run.sh) on the x86_64 offload device, then
# PNG plots of their CSVs (bench/plot/plot.sh) when gnuplot is installed.
# --quick: one round everywhere; --full: the papers' grids for B1-B4 and
# matmul (hours on a small host); other options go to bench/host/run.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD_DIR:-build}
host_args=() grid_args=()
for arg in "$@"; do
  case $arg in
    --full) grid_args+=(--full) ;;
    --quick) host_args+=(--quick) grid_args+=(--quick) ;;
    *) host_args+=("$arg") ;;
  esac
done
status=0
bash bench/host/run.sh "$build" --suite overhead "${host_args[@]}" || status=$?
echo
bash bench/host/run.sh "$build" --suite tasks "${host_args[@]}" || status=$?
echo
bash bench/b14/run.sh "$build" "${grid_args[@]}" || status=$?
echo
bash bench/matmul/run.sh "$build" "${grid_args[@]}" || status=$?
echo
if command -v gnuplot >/dev/null; then
  echo "plots (speedup vs N per T, ours vs LLVM; matmul speedup vs size):"
  bash bench/plot/plot.sh "$build" || status=$?
else
  echo "plots: gnuplot is not installed (scripts/setup.sh installs gnuplot-nox); none drawn"
fi
exit $status
