#!/usr/bin/env bash
# The whole test suite: set-up, build, then every CTest label (host, target,
# gpu — which reports SKIPPED without a CUDA device —, sanitizers, drop-in).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
cd "${BUILD_DIR:-build}"
ctest -j"$(nproc)" --output-on-failure --timeout 300 "$@"
