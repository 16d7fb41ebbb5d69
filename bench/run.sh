#!/usr/bin/env bash
# Runs the benchmarks that exist so far and prints their tables.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD_DIR:-build}
if [ -x bench/host/run.sh ]; then
  bash bench/host/run.sh "$build" "$@"
else
  echo "bench: no benchmarks built yet" >&2
  exit 1
fi
