#!/usr/bin/env bash
# dry_run.sh <build dir> <mock driver dir>: test/gpu/run.sh, parts 1 and 2,
# on the mock driver (test/cuda_mock) with a short time budget, so the GPU
# pass cannot rot between the sessions that have a GPU. Every step runs
# (the ctest runs and LLVM 19 left out: this runs inside CTest, and a build
# here may not have packed LLVM); the numbers are the
# mock's and not checked. Checked: each part ends 0 within its budget, the
# probe found the device, each part's sections ran, benchmark lines reached
# bench.csv and studies.csv (kernel times too), no part writes more than the
# 8 files the device tool returns, and the summary lists all 28 targets.
set -u
build=$1 mock=$2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
for part in 1 2; do
  budget=$((part == 1 ? 70 : 50)) # about 10 s each when the machine is idle
  start=$SECONDS
  LD_LIBRARY_PATH=$mock OMPRT_GPU_CTEST=0 OMPRT_GPU_LLVM=0 OMPRT_GPU_TOTAL_S=$budget \
    OMPRT_GPU_GRID_S=6 OMPRT_GPU_NS=16,31 OMPRT_GPU_TS=4 \
    bash "$(dirname "$0")/run.sh" "$build" "$out/$part" "$part" >"$out/log$part" 2>&1
  rc=$? took=$((SECONDS - start))
  summary=$out/$part/summary.txt
  [ $rc -eq 0 ] || { tail -20 "$out/log$part"; fail "part $part exited $rc"; }
  ((took <= budget + 10)) || fail "part $part took ${took}s, budget ${budget}s"
  grep -q "^probe (exit 0): cuda_probe: 1 device(s): Mock GPU" "$summary" || fail "part $part: no probe line"
  grep -q "^run.sh: part $part done" "$summary" || fail "part $part: no end line"
  n=$(grep -c -E '^  .*\((<=|>=) [0-9.]+\)' "$summary")
  [ "$n" -eq 28 ] || fail "part $part: $n target lines in the summary, want 28"
  for s in "targets: B1" "kernel times" ; do
    if [ $part = 1 ]; then grep -q "===== $s" "$summary" || fail "part 1: no '$s' section"; fi
  done
  for s in "studies: completion" "B1-B4 grid"; do
    if [ $part = 2 ]; then grep -q "===== $s" "$summary" || fail "part 2: no '$s' section"; fi
  done
  echo "part $part: ${took}s of ${budget}s, $(($(wc -l <"$out/$part/bench.log"))) lines of benchmark output"
done
[ "$(grep -c '^kernel_time,' "$out/1/studies.csv")" -ge 3 ] || fail "part 1: studies.csv has no kernel times"
for part in 1 2; do
  n=$(ls "$out/$part" | wc -l)
  ((n <= 8)) || fail "part $part wrote $n files; the device tool returns 8"
done
grep -q "^b1_helpers,ours,hh=1," "$out/1/studies.csv" || fail "part 1: no helper study in studies.csv"
grep -q "^b1_completion,ours,hh=1;callback," "$out/2/studies.csv" || fail "part 2: no completion study"
head -1 "$out/2/b14.csv" | grep -q "^bench,n,t,ours_sync_us," || fail "part 2: no b14.csv"
# (the mock's kernels do nothing here, so the grid's cells report FAIL)
grep -q -E "^(B1,16,4,0,lin,|FAIL: B1 async=0 N=16 T=4)" "$out/2/bench.log" || fail "part 2: no grid cell of ours"
echo "OK"
