#!/usr/bin/env bash
# B1-B4 of the hidden-helper-thread paper (§4.1-4.2) on the default device
# (the first GPU when there is one, else the x86_64 offload device): ours
# against LLVM 19's libomp + libomptarget on one binary.
#
#   bench/b14/run.sh <build dir> [--full] [--quick] [--kernel lin|tri]
#                    [--reps R] [--rounds K] [--ns "16 1024"] [--ts "16 256"]
#
# Default grid N in {2^4, 2^10, 2^16} x T in {2^4, 2^8}; --full is the
# paper's 13 N values x T in {2^4, 2^6, 2^8, 2^10} (1 round unless
# --rounds); --ns / --ts replace the N / T lists; --quick is 1 round x
# median of 3. Every (bench, N, T, sync|async) runs K (default 3) times per
# runtime, each in its own process, the runtime order flipping from one run
# to the next; a run's value is the median of R (default 5) timed calls of
# the benchmark function (T target regions; B4: 4T), in µs, and the table
# shows the median over the K runs. --kernel: lin (default) is the paper's region with only the
# j == i term (a daxpy, linear in N); tri is the paper's exact C, quadratic
# in N, far too slow on a small host for the large N (see b14.c). Prints the
# table, writes <build>/bench/b14.csv, names the device and the libomp /
# libomptarget each runtime's runs mapped. A run that crashes, hangs or
# computes a wrong result is listed; its cell shows the median of the other
# rounds marked "!", or "n/a" when all failed; the script still finishes.
# A progress line goes to stderr (in place on a terminal). Plots of the CSV:
# bench/plot/plot.sh <build>.
# Exit status: 0, or 1 when a run loaded the wrong library.
set -euo pipefail

usage() {
  sed -n '5,6p' "$0" | sed 's/^# *//' >&2
  exit 2
}
(($# >= 1)) || usage
build=$1
shift
full="" rounds_given="" ns_given="" ts_given="" kernel=lin reps=5 rounds=3 per_run_timeout=60
while (($#)); do
  case $1 in
    --full) full=yes ;;
    --quick) rounds=1 reps=3 rounds_given=yes ;;
    --ns) ns_given=${2:?--ns needs a list}; shift ;;
    --ts) ts_given=${2:?--ts needs a list}; shift ;;
    --kernel) kernel=${2:?--kernel needs lin or tri}; shift ;;
    --reps) reps=${2:?--reps needs a value}; shift ;;
    --rounds) rounds=${2:?--rounds needs a value} rounds_given=yes; shift ;;
    *) usage ;;
  esac
  shift
done

bin=$build/bench/b14/b14
if [ ! -x "$bin" ]; then
  echo "bench/b14: $bin is not built (build the project first)" >&2
  exit 1
fi
ours_dir=$(cd "$build/lib" && pwd -P)
llvm_dir=$(cd "${OMPRT_LLVM_LIB_DIR:-/usr/lib/llvm-19/lib}" && pwd -P)
# The default device: the first GPU when the CUDA probe finds one and the
# sm_90 build exists, otherwise the x86_64 offload device. On the GPU both
# runtimes run gpu_b14_abi7 when it was built (cubins LLVM 19 can load:
# scripts/cuda_abi7.sh); else LLVM 19 runs its JIT copy (it cannot load
# CUDA 13 cubins) and ours the cubin.
device="the x86_64 offload device" llvm_bin=$bin
probe=$build/test/gpu/gpu_cuda_probe
if [ -x "$probe" ] && [ -x "$build/bench/cuda/gpu_b14" ] && probe_line=$("$probe" 2>/dev/null); then
  bin=$build/bench/cuda/gpu_b14
  llvm_bin=$build/bench/cuda/gpu_b14_jit
  if [ -x "$build/bench/cuda/gpu_b14_abi7" ]; then
    bin=$build/bench/cuda/gpu_b14_abi7
    llvm_bin=$bin
  fi
  [ -x "$llvm_bin" ] || llvm_bin=$bin
  export PATH=/usr/local/cuda/bin:$PATH # ptxas for LLVM's JIT
  device="the GPU (${probe_line#cuda_probe: })"
fi
mkdir -p "$build/bench"
csv=$build/bench/b14.csv
threads=${OMP_NUM_THREADS:-2}
export OMP_NUM_THREADS=$threads

if [ -n "$full" ]; then
  [ -n "$rounds_given" ] || rounds=1
  ns="16 31 64 127 256 511 1024 2047 4096 8191 16384 32767 65536"
  ts="16 64 256 1024"
else
  ns="16 1024 65536"
  ts="16 256"
fi
ns=${ns_given:-$ns} ts=${ts_given:-$ts}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
results=$work/results # bench n t async runtime median_us | n/a reason
libs=$work/libs       # runtime line
: >"$results" >"$libs"

# One progress line on stderr: rewritten in place on a terminal, a line per
# tenth of the grid otherwise (logs).
total_runs=$(($(wc -w <<<"$ns") * $(wc -w <<<"$ts") * 4 * 2 * 2 * rounds))
runs_done=0
progress() {
  if [ -t 2 ]; then
    printf '\r\033[K[%d/%d] %s' "$runs_done" "$total_runs" "$1" >&2
  elif ((runs_done % ((total_runs + 9) / 10) == 0)); then
    printf '[%d/%d] %s\n' "$runs_done" "$total_runs" "$1" >&2
  fi
}

lib_dir_of() { if [ "$1" = ours ]; then echo "$ours_dir"; else echo "$llvm_dir"; fi; }

run_one() {
  local bench=$1 n=$2 t=$3 async=$4 runtime=$5 rc=0
  local out=$work/out err=$work/err
  progress "$bench N=$n T=$t $([ "$async" = 1 ] && echo async || echo sync) on $runtime"
  # The subshell keeps bash's own "Aborted" report of a crashed run quiet.
  (timeout -k 5 "$per_run_timeout" env LD_LIBRARY_PATH="$(lib_dir_of "$runtime")" \
    OMPRT_EXPECT_LIB= "$(if [ "$runtime" = ours ]; then echo "$bin"; else echo "$llvm_bin"; fi)" \
    --bench "$bench" --n "$n" --t "$t" --async "$async" \
    --reps "$reps" --kernel "$kernel" >"$out" 2>"$err"; exit $?) 2>/dev/null || rc=$?
  runs_done=$((runs_done + 1))
  grep '^# ' "$out" | sed "s/^/$runtime /" >>"$libs" || true
  local line
  line=$(grep "^$bench,$n,$t,$async," "$out" | head -1 || true)
  if ((rc == 0)) && [ -n "$line" ]; then
    IFS=, read -r _ _ _ _ _ med _ <<<"$line"
    echo "$bench $n $t $async $runtime $med" >>"$results"
    return
  fi
  local reason
  if ((rc == 124 || rc == 137)); then
    reason="timed out after ${per_run_timeout}s"
  elif grep -q '^FAIL' "$out"; then
    reason="wrong result"
  elif ((rc > 128)); then
    reason="signal $((rc - 128)): $(grep -m1 -i 'assert\|error' "$err" || true)"
  else
    reason="exit $rc: $(grep -m1 . "$err" || true)"
  fi
  echo "$bench $n $t $async $runtime n/a $reason" >>"$results"
}

echo "B1-B4 (hidden-helper paper §4.1) on $device:" \
  "kernel $kernel, $rounds round(s) x median of $reps, OMP_NUM_THREADS=$threads, N in {$ns}, T in {$ts}"
k=0
for ((round = 1; round <= rounds; round++)); do
for n in $ns; do
  for t in $ts; do
    for bench in B1 B2 B3 B4; do
      for async in 0 1; do
        if ((k++ % 2)); then order="llvm ours"; else order="ours llvm"; fi
        for runtime in $order; do run_one "$bench" "$n" "$t" "$async" "$runtime"; done
      done
    done
  done
done
done
if [ -t 2 ]; then printf '\r\033[K' >&2; fi

# Which device and libraries ran.
status=0
echo
for runtime in ours llvm; do
  want=$(lib_dir_of "$runtime")
  grep "^$runtime # devices" "$libs" | sort -u | sed "s/^$runtime # /$runtime: /"
  paths=$(awk -v r="$runtime" '$1 == r && $2 == "#" && $3 ~ /^libomp/ { print $4 }' "$libs" | sort -u)
  for path in $paths; do
    real=$(readlink -f "$path")
    if [ "${real#"$want"/}" = "$real" ]; then
      echo "$runtime: ERROR: runs mapped $path, expected it from $want"
      status=1
    else
      echo "$runtime: runs mapped $path"
    fi
  done
done

value() { # bench n t async runtime -> median over the rounds that succeeded
  awk -v b="$1" -v n="$2" -v t="$3" -v a="$4" -v r="$5" \
    '$1 == b && $2 == n && $3 == t && $4 == a && $5 == r && $6 != "n/a" { print $6 }' "$results" |
    sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) exit
      m = int((NR + 1) / 2); if (NR % 2) print v[m]; else print (v[m] + v[m + 1]) / 2 }'
}
ratio() { awk -v x="$1" -v y="$2" 'BEGIN { if (x == "" || y == "" || y <= 0) print "-"; else printf "%.2f", x / y }'; }
# A value, "!" appended when some of its rounds failed (crash, hang, wrong).
cell() { # value bench n t async runtime
  local mark=""
  grep -q "^$2 $3 $4 $5 $6 n/a" "$results" && mark="!"
  if [ -n "$1" ]; then printf '%.1f%s' "$1" "$mark"; else echo "n/a"; fi
}

echo
echo "time per benchmark call in µs (T target regions; B4: 4T), median over rounds;"
echo "speedup = sync/async; ! = some rounds failed (listed below), median of the rest"
printf '%-5s %6s %5s | %11s %11s %7s | %11s %11s %7s | %10s\n' bench N T \
  "ours sync" "ours async" speedup "LLVM sync" "LLVM async" speedup "ours/LLVM"
echo "bench,n,t,ours_sync_us,ours_async_us,ours_speedup,llvm_sync_us,llvm_async_us,llvm_speedup,ours_over_llvm_async" >"$csv"
for bench in B1 B2 B3 B4; do
  for n in $ns; do
    for t in $ts; do
      os=$(value $bench $n $t 0 ours) oa=$(value $bench $n $t 1 ours)
      ls=$(value $bench $n $t 0 llvm) la=$(value $bench $n $t 1 llvm)
      osp=$(ratio "$os" "$oa") lsp=$(ratio "$ls" "$la") rel=$(ratio "$oa" "$la")
      printf '%-5s %6s %5s | %11s %11s %7s | %11s %11s %7s | %10s\n' $bench $n $t \
        "$(cell "$os" $bench $n $t 0 ours)" "$(cell "$oa" $bench $n $t 1 ours)" "$osp" \
        "$(cell "$ls" $bench $n $t 0 llvm)" "$(cell "$la" $bench $n $t 1 llvm)" "$lsp" "$rel"
      echo "$bench,$n,$t,$os,$oa,${osp/-/},$ls,$la,${lsp/-/},${rel/-/}" >>"$csv"
    done
  done
done

if grep -q ' n/a ' "$results"; then
  echo
  echo "failed runs (each round's):"
  awk '$6 == "n/a" { a = $4 ? "async" : "sync"; printf "  %s N=%s T=%s %s on %s:", $1, $2, $3, a, $5
                     for (i = 7; i <= NF; i++) printf " %s", $i; print "" }' "$results"
fi
echo
echo "CSV: $csv"
exit $status
