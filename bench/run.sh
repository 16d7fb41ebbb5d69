#!/usr/bin/env bash
# The benchmarks of the main job (scripts/main_job.sh), each printing its
# table of ours against LLVM 19's runtime on the same binaries.
#   bench/run.sh [--quick] [--threads N[,N...]]    (build dir: $BUILD_DIR or build)
# Today: the host construct overheads, then the host tasking costs
# (bench/host/run.sh --suite overhead|tasks, docs/benchmarks.md), then B1-B4
# of the hidden-helper paper on the x86_64 offload device (bench/b14/run.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD_DIR:-build}
status=0
bash bench/host/run.sh "$build" --suite overhead "$@" || status=$?
echo
bash bench/host/run.sh "$build" --suite tasks "$@" || status=$?
echo
bash bench/b14/run.sh "$build" || status=$?
exit $status
