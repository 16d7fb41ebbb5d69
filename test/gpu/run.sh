#!/usr/bin/env bash
# test/gpu/run.sh <build dir> <out dir>
#
# THE script for the GPU machine (no clang there, no apt, no internet; CUDA,
# cmake/ctest and Python are): everything was built on the CPU machine, and
# the build (or its lean copy from test/gpu/stage.sh) was carried here.
#   1. the machine: nvidia-smi, driver, glibc, which libraries resolve
#   2. CTest paths relocated to where the repository and build lie here
#      (relocate.sh), LLVM 19's baseline unpacked to /tmp (if carried)
#   3. ctest -L gpu on our runtimes, then the same gpu.* tests on LLVM 19's
#      (OMPRT_GPU_RUNTIME, see gpu_test.sh), for a side-by-side table
#   4. <build>/test/devicertl/gpu_programs.txt, if there: each listed
#      program (path relative to that folder or absolute, then its
#      arguments; # comments) on our runtimes; exit 0 passes, 77 skips
#   5. benchmarks: cuda_b1 (the CUDA Driver API limit, and the empty-kernel
#      round trip) and gpu_b14 (bench/b14 for nvptx) on ours and on LLVM 19;
#      OMPRT_GPU_BENCH=quick (default) | full | none
# Writes at most 8 flat files into <out dir>: summary.txt (all of this
# script's output), ctest_ours.log, ctest_ours_full.log (every test's
# output), ctest_llvm.log, devicertl.log, bench.csv, bench.log. Ends with
# a compact table. Exit status 0 unless a test of ours failed or the script
# could not run; SKIPPED tests (no device) are never counted as passed.
# OMPRT_GPU_BUDGET_S (default 450): benchmarks stop starting new runs after
# this many seconds since the script began (each run is cut at 30 s);
# OMPRT_GPU_CTEST_S (default 200) cuts our ctest run, 3/4 of it LLVM's. The
# whole script thus ends within about 9 minutes (the device tool allows 10).
set -uo pipefail
if (($# != 2)); then
  sed -n '2p' "$0" | sed 's/^# *//' >&2
  exit 2
fi
start_s=$SECONDS
repo=$(cd "$(dirname "$0")/../.." && pwd -P)
build=$(cd "$1" && pwd -P) || exit 2
out=$2
mkdir -p "$out" && out=$(cd "$out" && pwd -P) || exit 2
exec > >(tee "$out/summary.txt") 2>&1
tee_pid=$!
# summary.txt complete before the script returns.
trap 'exec >&- 2>&-; wait "$tee_pid" 2>/dev/null' EXIT
budget_s=${OMPRT_GPU_BUDGET_S:-450}
# Hard limits on each ctest run, so that a hanging runtime still leaves time
# for the rest and the summary inside the device tool's 10 minutes.
ctest_ours_s=${OMPRT_GPU_CTEST_S:-200}
ctest_llvm_s=$((ctest_ours_s * 3 / 4))
bench_mode=${OMPRT_GPU_BENCH:-quick}
section() { printf '\n===== %s (t=%ds)\n' "$1" $((SECONDS - start_s)); }
# Not `ldconfig -p | grep -q`: with pipefail, grep's early exit fails the pipe.
has_system_lib() {
  local cache
  cache=$("$(command -v ldconfig || echo /sbin/ldconfig)" -p 2>/dev/null)
  [[ $cache == *"	$1 "* ]]
}
# The caller's library path: kept behind ours (the driver may be found only
# through it, e.g. /usr/local/nvidia/lib64 in containers).
sys_ldpath=${LD_LIBRARY_PATH:-}
# find_lib <soname>: where the dynamic loader would find it, or nothing.
find_lib() {
  local dir
  local IFS=:
  for dir in $sys_ldpath; do
    [ -n "$dir" ] && [ -e "$dir/$1" ] && { echo "$dir/$1"; return; }
  done
  "$(command -v ldconfig || echo /sbin/ldconfig)" -p 2>/dev/null |
    awk -v n="$1" '$1 == n && /x86-64/ && !found { print $NF; found = 1 }'
}

section "machine"
date -u
uname -a
grep PRETTY_NAME /etc/os-release 2>/dev/null
ldd --version 2>&1 | head -1
if command -v nvidia-smi >/dev/null; then
  nvidia-smi -L
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv,noheader
else
  echo "nvidia-smi: not found"
fi
echo "repo: $repo"
echo "build: $build"

ctest_bin=$(command -v ctest || true)
if [ -z "$ctest_bin" ]; then # the pip 'cmake' package keeps its own bin folder
  cm_bin=$(python3 -c 'import cmake, os; print(cmake.CMAKE_BIN_DIR)' 2>/dev/null || true)
  [ -x "$cm_bin/ctest" ] && ctest_bin=$cm_bin/ctest
fi
echo "ctest: ${ctest_bin:-NOT FOUND} $([ -n "$ctest_bin" ] && "$ctest_bin" --version | head -1)"

section "relocation and libraries"
bash "$repo/test/gpu/relocate.sh" "$build" "$repo" || echo "run.sh: relocate.sh failed"
libs=$build/lib:$build/lib/extra${sys_ldpath:+:$sys_ldpath}
if [ -d "$build/lib/extra/fallback" ] && ! has_system_lib libudev.so.1; then
  libs=$libs:$build/lib/extra/fallback
  echo "libudev.so.1: not on this system, using the carried copy"
fi
echo "LD_LIBRARY_PATH (caller's): ${sys_ldpath:-<unset>}"
for lib in libhwloc.so.15 libudev.so.1 libcuda.so.1 libcuda.so; do
  printf '%-15s system: %s\n' "$lib" "$(find_lib "$lib" | grep . || echo no)"
done
for lib in "$build"/lib/libomp.so.5 "$build"/lib/libomptarget.so.19.1; do
  echo "ldd $(basename "$lib") (LD_LIBRARY_PATH=our lib:extra):"
  LD_LIBRARY_PATH=$libs ldd "$lib" | grep -v -E 'linux-vdso|ld-linux' | sed 's/ (0x.*//; s/^/    /'
  LD_LIBRARY_PATH=$libs ldd "$lib" | grep -q 'not found' &&
    echo "run.sh: WARNING: $(basename "$lib") has unresolved libraries: every test will fail"
done
probe=$build/test/gpu/gpu_cuda_probe
probe_line=$("$probe" 2>&1)
probe_rc=$?
echo "probe (exit $probe_rc): $probe_line"
device="none ($probe_line)"
((probe_rc == 0)) && device=${probe_line#cuda_probe: }

llvm_dir=""
archive=$build/llvm19-baseline.tar.xz
if [ -f "$archive" ]; then
  rm -rf /tmp/omprt-llvm19
  mkdir -p /tmp/omprt-llvm19
  # Python's tarfile where the image has no xz.
  if tar -xJf "$archive" -C /tmp/omprt-llvm19 2>/dev/null ||
    python3 -c 'import sys, tarfile; tarfile.open(sys.argv[1]).extractall(sys.argv[2])' \
      "$archive" /tmp/omprt-llvm19; then
    llvm_dir=/tmp/omprt-llvm19/llvm19-baseline
    # fallback/: the common libraries, used only where the system lacks them.
    for f in "$llvm_dir"/fallback/*.so*; do
      [ -e "$f" ] || continue
      has_system_lib "$(basename "$f")" || { cp "$f" "$llvm_dir/" && echo "LLVM 19: using carried $(basename "$f")"; }
    done
    # LLVM 19's CUDA plugin dlopens "libcuda.so" (no .1), which driver-only
    # systems may lack: point one at the driver's libcuda.so.1.
    if [ -z "$(find_lib libcuda.so)" ] && cuda1=$(find_lib libcuda.so.1) && [ -n "$cuda1" ]; then
      ln -sf "$(readlink -f "$cuda1")" "$llvm_dir/libcuda.so"
      echo "LLVM 19: libcuda.so -> $(readlink -f "$cuda1") (its CUDA plugin dlopens libcuda.so)"
    fi
    echo "LLVM 19 baseline: $llvm_dir"
    llvm_libs=$llvm_dir${sys_ldpath:+:$sys_ldpath}
    LD_LIBRARY_PATH=$llvm_dir ldd "$llvm_dir/libomptarget.so.19.1" | grep 'not found' &&
      echo "LLVM 19 baseline: unresolved libraries above"
  else
    echo "LLVM 19 baseline: $archive did not unpack"
  fi
else
  echo "LLVM 19 baseline: $archive not carried; no comparison"
fi

# results_of <ctest log>: "name|status" per test, from ctest's progress lines.
results_of() {
  awk '/^ *[0-9]+\/[0-9]+ +Test +#[0-9]+: / {
    for (i = 1; i < NF; i++) if ($i ~ /^#[0-9]+:$/) { name = $(i + 1); break }
    s = "Other"
    if ($0 ~ /\*\*\*Skipped/) s = "Skipped"; else if ($0 ~ /\*\*\*Not Run/) s = "Not Run"
    else if ($0 ~ /\*\*\*Timeout/) s = "Timeout"; else if ($0 ~ /\*\*\*Exception/) s = "Exception"
    else if ($0 ~ /\*\*\*Failed/) s = "Failed"; else if ($0 ~ / Passed /) s = "Passed"
    print name "|" s }' "$1"
}

section "ctest -L gpu on our runtimes"
ours_rc=2
if [ -n "$ctest_bin" ]; then
  (cd "$build" && timeout -k 10 "$ctest_ours_s" "$ctest_bin" --test-dir "$build" -L gpu \
    --output-on-failure -j4 --timeout 120) >"$out/ctest_ours.log" 2>&1
  ours_rc=$?
  ((ours_rc == 124 || ours_rc == 137)) && echo "run.sh: ctest stopped after ${ctest_ours_s}s (OMPRT_GPU_CTEST_S); unfinished tests are missing below"
  cp "$build/Testing/Temporary/LastTest.log" "$out/ctest_ours_full.log" 2>/dev/null
  grep -E 'tests passed|Total Test time' "$out/ctest_ours.log"
fi
results_of "$out/ctest_ours.log" >/tmp/omprt-ours.txt

: >/tmp/omprt-llvm.txt
# OMPRT_GPU_LLVM_CTEST=0 skips this: LLVM 19 cannot load the cubins CUDA 13's
# ptxas writes (ELF ABI 8), so with that toolchain every test falls back.
if [ -n "$ctest_bin" ] && [ -n "$llvm_dir" ] && [ "${OMPRT_GPU_LLVM_CTEST:-1}" != 0 ]; then
  section "the same gpu.* tests on LLVM 19's runtimes"
  (cd "$build" && OMPRT_GPU_RUNTIME=$llvm_dir timeout -k 10 "$ctest_llvm_s" "$ctest_bin" \
    --test-dir "$build" -L gpu -R '^gpu\.' --output-on-failure -j4 --timeout 120) \
    >"$out/ctest_llvm.log" 2>&1
  (($? == 124)) && echo "run.sh: LLVM's ctest stopped after ${ctest_llvm_s}s"
  grep -E 'tests passed|Total Test time' "$out/ctest_llvm.log"
  results_of "$out/ctest_llvm.log" >/tmp/omprt-llvm.txt
fi

section "device runtime programs (test/devicertl/gpu_programs.txt)"
list=$build/test/devicertl/gpu_programs.txt
drtl_ok=0 drtl_fail=0 drtl_skip=0
if [ -f "$list" ] && ((probe_rc != 0)); then
  drtl_skip=$(grep -c -v -E '^[[:space:]]*(#|$)' "$list")
  echo "SKIPPED: no CUDA device; $drtl_skip programs not run"
elif [ -f "$list" ]; then
  : >"$out/devicertl.log"
  while read -r prog args; do
    case $prog in "" | \#*) continue ;; /*) ;; *) prog=$build/test/devicertl/$prog ;; esac
    # shellcheck disable=SC2086 # the list's arguments are words
    text=$(cd "$(dirname "$prog")" && timeout -k 5 60 env LD_LIBRARY_PATH=$libs \
      OMPRT_EXPECT_LIB="$build/lib" "$prog" $args 2>&1)
    rc=$?
    case $rc in 0) verdict=OK; ((drtl_ok++)) ;; 77) verdict=SKIPPED; ((drtl_skip++)) ;;
      *) verdict="FAIL (exit $rc)"; ((drtl_fail++)) ;; esac
    printf '%s %s: %s\n' "$(basename "$prog")" "$args" "$verdict"
    { printf '===== %s %s: %s\n' "$prog" "$args" "$verdict"; printf '%s\n' "$text"; } >>"$out/devicertl.log"
  done <"$list"
  echo "devicertl: $drtl_ok OK, $drtl_fail FAIL, $drtl_skip SKIPPED"
else
  echo "no $list"
fi

section "benchmarks ($bench_mode)"
csv=$out/bench.csv blog=$out/bench.log
echo "runtime,bench,n,t,async,kernel,median_us,per_offload_us,ran_on" >"$csv"
: >"$blog"
cuda_b1=$build/bench/cuda/cuda_b1 gpu_b14=$build/bench/cuda/gpu_b14
# LLVM 19 refuses CUDA 13's cubins (ELF ABI 8). With gpu_b14_abi7 (built
# with scripts/cuda_abi7.sh's toolchain) both runtimes run that one binary;
# otherwise LLVM runs the LLVM IR copy, which it would JIT-compile with the
# ptxas it finds on PATH (bench/cuda).
gpu_b14_llvm=$build/bench/cuda/gpu_b14_jit
if [ -x "$build/bench/cuda/gpu_b14_abi7" ]; then
  gpu_b14=$build/bench/cuda/gpu_b14_abi7 gpu_b14_llvm=$gpu_b14
fi
[ -x "$gpu_b14_llvm" ] || gpu_b14_llvm=$gpu_b14
llvm_path=/usr/local/cuda/bin:$PATH
bench_run() { # runtime label, then the command; appends its CSV line
  local runtime=$1
  shift
  if ((SECONDS - start_s > budget_s)); then
    echo "$runtime $*: not run (budget ${budget_s}s spent)" >>"$blog"
    return
  fi
  local text rc
  text=$(timeout -k 5 30 "$@" 2>&1)
  rc=$?
  { echo "== $runtime (exit $rc): $*"; printf '%s\n' "$text"; } >>"$blog"
  # Where the regions ran: b14 says "# devices: ... ran on device 0" or
  # "on the HOST (fallback)"; cuda_b1 always runs on the device.
  local ran_on=device
  case $text in *"HOST (fallback)"*) ran_on=host ;; esac
  printf '%s\n' "$text" | grep -E '^(B[1-4]|RT),' | sed "s/^/$runtime,/; s/\$/,$ran_on/" >>"$csv"
}
if [ "$bench_mode" != none ] && ((probe_rc == 0)); then
  if [ "$bench_mode" = full ]; then
    ns="1 1024 16384 65536 262144 1048576" ts="16 64 256 1024" benches="B1 B2 B3 B4" reps=7
  else
    ns="1 1024 65536 1048576" ts="16 256" benches="B1 B2 B4" reps=5
  fi
  ns=${OMPRT_GPU_NS:-$ns} ts=${OMPRT_GPU_TS:-$ts} benches=${OMPRT_GPU_BENCHES:-$benches}
  [ -x "$cuda_b1" ] && bench_run cuda "$cuda_b1" --roundtrip --reps 2000
  for n in $ns; do
    for t in $ts; do
      for async in 0 1; do
        [ -x "$cuda_b1" ] && bench_run cuda "$cuda_b1" --n "$n" --t "$t" --async "$async" \
          --kernel lin --reps "$reps"
        for bench in $benches; do
          [ -x "$gpu_b14" ] || continue
          args=(--bench "$bench" --n "$n" --t "$t" --async "$async" --kernel lin --reps "$reps")
          bench_run ours env LD_LIBRARY_PATH="$libs" OMPRT_EXPECT_LIB="$build/lib" \
            OMP_NUM_THREADS=8 "$gpu_b14" "${args[@]}"
          [ -n "$llvm_dir" ] && bench_run llvm env LD_LIBRARY_PATH="$llvm_libs" \
            PATH="$llvm_path" OMPRT_EXPECT_LIB="$llvm_dir" OMP_NUM_THREADS=8 \
            "$gpu_b14_llvm" "${args[@]}"
        done
      done
    done
  done
  grep -h '^# ' "$blog" | sort | uniq -c | sed 's/^ */  /' | head -12
else
  echo "benchmarks not run (OMPRT_GPU_BENCH=$bench_mode, probe exit $probe_rc)"
fi

section "summary"
echo "device: $device"
count() { awk -F'|' -v s="$2" '$2 == s' "$1" | wc -l; }
printf '%-9s %7s %7s %8s %8s %8s\n' tests passed failed skipped "not run" other
for side in ours llvm; do
  f=/tmp/omprt-$side.txt
  [ -s "$f" ] || { printf '%-9s %s\n' "$side" "(not run)"; continue; }
  p=$(count "$f" Passed) fl=$(count "$f" Failed) s=$(count "$f" Skipped) nr=$(count "$f" "Not Run")
  other=$(($(wc -l <"$f") - p - fl - s - nr))
  printf '%-9s %7d %7d %8d %8d %8d\n' "$side" "$p" "$fl" "$s" "$nr" "$other"
done
echo "tests of ours that failed, did not run or timed out (ours | llvm19):"
while IFS='|' read -r name status; do
  case $status in Passed | Skipped) continue ;; esac
  other=$(awk -F'|' -v n="$name" '$1 == n { print $2 }' /tmp/omprt-llvm.txt)
  printf '  %-45s %-10s | %s\n' "$name" "$status" "${other:--}"
done < <(sort /tmp/omprt-ours.txt)
skipped=$(awk -F'|' '$2 == "Skipped" { print $1 }' /tmp/omprt-ours.txt | sort)
if [ -n "$skipped" ]; then
  echo "skipped on ours: $(echo "$skipped" | wc -l), e.g. $(echo "$skipped" | head -5 | tr '\n' ' ')"
  grep -m1 -h '^SKIPPED' "$out/ctest_ours_full.log" 2>/dev/null | sed 's/^/  first reason: /'
fi
echo "tests that pass on LLVM 19 but not on ours:"
awk -F'|' 'NR == FNR { llvm[$1] = $2; next } llvm[$1] == "Passed" && $2 != "Passed" { print "  " $1 " (" $2 ")" }' \
  /tmp/omprt-llvm.txt /tmp/omprt-ours.txt | sort
[ -f "$list" ] && echo "devicertl programs: $drtl_ok OK, $drtl_fail FAIL, $drtl_skip SKIPPED"

if [ "$(wc -l <"$csv")" -gt 1 ]; then
  echo
  echo "benchmarks, median µs per call (T regions; B4: 4T), kernel lin; ratio = ours/llvm, ours/cuda"
  printf '%-4s %8s %5s %5s | %10s %10s %10s | %7s %7s\n' bench N T async cuda ours llvm o/llvm o/cuda
  echo "(* = the target regions ran on the HOST, not the GPU: fallback)"
  awk -F, 'NR > 1 { key = $2 "," $3 "," $4 "," $5; v[$1 "," key] = $7 ($9 == "host" ? "*" : "")
                    if (!(key in seen)) { seen[key] = 1; order[++k] = key } }
    function r(a, b) { return (a != "" && b != "" && b + 0 > 0) ? sprintf("%.2f", (a + 0) / (b + 0)) : "-" }
    function d(a) { return a == "" ? "-" : a }
    END { for (i = 1; i <= k; i++) { split(order[i], f, ",")
            c = v["cuda," order[i]]; o = v["ours," order[i]]; l = v["llvm," order[i]]
            printf "%-4s %8s %5s %5s | %10s %10s %10s | %7s %7s\n", f[1], f[2], f[3], f[4],
                   d(c), d(o), d(l), r(o, l), r(o, c) } }' "$csv"
  echo "benchmark runs that failed: $(grep -E '^== .*\(exit [0-9]+\)' "$blog" | grep -c -v -E '\(exit (0|77)\)') (bench.log)"
fi
echo "files: $(cd "$out" && ls | tr '\n' ' ')"
echo "run.sh: done in $((SECONDS - start_s)) s"
# Failing tests of ours fail the call; skipped ones (no device) do not.
if ((ours_rc != 0)); then exit 1; fi
exit 0
