#!/usr/bin/env bash
# Side-by-side host benchmarks: our libomp against LLVM 19's on one binary.
#
#   bench/host/run.sh <build dir> [--suite overhead|tasks] [--quick]
#                     [--threads N[,N...]] [--rounds R] [--only NAME[,...]]
#
# Suites (docs/benchmarks.md): overhead (default) runs
# <build>/bench/host/host_overhead, the EPCC-syncbench construct overheads;
# tasks runs <build>/bench/host/task_bench, the tasking costs. Each
# construct (benchmark) runs once per runtime and round, in its own process,
# with LD_LIBRARY_PATH=<build>/lib (ours) or /usr/lib/llvm-19/lib (LLVM). Runs
# alternate between the runtimes (the order flips every round) so drift in
# machine load hits both alike; each runtime's value is the median of its
# rounds. Prints a table, writes <build>/bench/host_overhead.csv (tasks:
# host_tasks.csv), and names the libomp each run actually mapped. A construct
# that crashes, hangs or computes a wrong result on a runtime shows as
# "n/a (failed)"; the script still finishes. Exit status: 0, or 1 when a run
# loaded the wrong library.
set -euo pipefail

usage() {
  sed -n '4,5p' "$0" | sed 's/^# *//' >&2
  exit 2
}

(($# >= 1)) || usage
build=$1
shift
threads_list=${OMP_NUM_THREADS:-2}
# Bind threads to cores for both runtimes unless the caller chose: on a
# small VM the scheduler otherwise sometimes stacks two team members on one
# core, and whole runs of either runtime go bimodal (x10-x100 outliers).
export OMP_PROC_BIND=${OMP_PROC_BIND:-close} OMP_PLACES=${OMP_PLACES:-cores}
rounds=3 outer=20 target_us=1000 per_run_timeout=60 only="" suite=overhead
while (($#)); do
  case $1 in
    --suite) suite=${2:?--suite needs a value}; shift ;;
    --quick) rounds=1 outer=9 target_us=300 per_run_timeout=30 ;;
    --threads) threads_list=${2:?--threads needs a value}; shift ;;
    --rounds) rounds=${2:?--rounds needs a value}; shift ;;
    --only) only=${2:?--only needs a value}; shift ;;
    *) usage ;;
  esac
  shift
done

case $suite in
  overhead)
    bin=$build/bench/host/host_overhead csv=$build/bench/host_overhead.csv
    title="host overhead" first_column=construct
    quantity="overhead per construct in µs" ;;
  tasks)
    bin=$build/bench/host/task_bench csv=$build/bench/host_tasks.csv
    title="host tasking" first_column=benchmark
    quantity="time in µs per unit" ;;
  *) usage ;;
esac
if [ ! -x "$bin" ]; then
  echo "bench/host: $bin is not built (build the project first)" >&2
  exit 1
fi
ours_dir=$(cd "$build/lib" && pwd -P)
llvm_dir=$(cd "${OMPRT_LLVM_LIB_DIR:-/usr/lib/llvm-19/lib}" && pwd -P)
mkdir -p "$build/bench"

# --list: one construct a line, optionally followed by a tab and its unit.
declare -A unit_of=()
units=""
while IFS=$'\t' read -r name unit; do
  unit_of[$name]=$unit
  [ -z "$unit" ] || units=yes
done < <("$bin" --list)
if [ -n "$only" ]; then
  constructs=${only//,/ }
else
  constructs=$("$bin" --list | cut -f1)
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
results=$work/results   # construct threads runtime round overhead stddev
failures=$work/failures # construct threads runtime reason
libs=$work/libs         # runtime mapped-path
: >"$results" >"$failures" >"$libs"

lib_dir_of() { if [ "$1" = ours ]; then echo "$ours_dir"; else echo "$llvm_dir"; fi; }

# One run of one construct on one runtime; appends to the files above.
run_one() {
  local construct=$1 threads=$2 runtime=$3 round=$4
  local out=$work/out err=$work/err rc=0
  timeout -k 5 "$per_run_timeout" env OMP_NUM_THREADS="$threads" \
    LD_LIBRARY_PATH="$(lib_dir_of "$runtime")" OMPRT_EXPECT_LIB= \
    "$bin" --only "$construct" --outer "$outer" --target-us "$target_us" \
    >"$out" 2>"$err" || rc=$?
  local mapped
  mapped=$(sed -n 's/^# libomp: //p' "$out" | head -1)
  [ -n "$mapped" ] && echo "$runtime $mapped" >>"$libs"
  local line
  line=$(grep "^$construct,$threads," "$out" | head -1 || true)
  if ((rc == 0)) && [ -n "$line" ]; then
    IFS=, read -r _ _ overhead stddev <<<"$line"
    echo "$construct $threads $runtime $round $overhead $stddev" >>"$results"
    return
  fi
  local reason
  if ((rc == 124 || rc == 137)); then
    reason="timed out after ${per_run_timeout}s"
  elif ((rc > 128)); then
    reason="killed by signal $((rc - 128))"
  else
    reason=$(grep -m1 . "$err" | sed 's/^.*symbol lookup error: .*: undefined symbol/undefined symbol/' || true)
    reason="exit $rc${reason:+: $reason}"
  fi
  echo "$construct $threads $runtime $reason" >>"$failures"
}

failed_before() { grep -q "^$1 $2 $3 " "$failures"; }

echo "$title: $rounds round(s) x {ours, LLVM}, outer $outer, target ${target_us} us," \
  "OMP_NUM_THREADS=$threads_list"
for threads in ${threads_list//,/ }; do
  for ((round = 1; round <= rounds; round++)); do
    if ((round % 2)); then order="ours llvm"; else order="llvm ours"; fi
    for construct in $constructs; do
      for runtime in $order; do
        # A construct that failed once is not retried on that runtime.
        failed_before "$construct" "$threads" "$runtime" ||
          run_one "$construct" "$threads" "$runtime" "$round"
      done
    done
  done
done

# Which libraries ran: every run must have mapped its runtime's libomp.
status=0
echo
for runtime in ours llvm; do
  want=$(lib_dir_of "$runtime")
  paths=$(awk -v r="$runtime" '$1 == r { print $2 }' "$libs" | sort -u)
  if [ -z "$paths" ]; then
    echo "$runtime: no run reported a mapped libomp"
    continue
  fi
  for path in $paths; do
    real=$(readlink -f "$path")
    if [ "${real#"$want"/}" = "$real" ]; then
      echo "$runtime: ERROR: runs mapped $path, expected a libomp from $want"
      status=1
    else
      echo "$runtime: runs mapped $path"
    fi
  done
done

# Medians over rounds, the table and the CSV.
echo "$first_column,threads,ours_us,ours_stddev_us,ours_status,llvm_us,llvm_stddev_us,llvm_status,ours_over_llvm${units:+,unit}" >"$csv"
for threads in ${threads_list//,/ }; do
  echo
  echo "OMP_NUM_THREADS=$threads: $quantity (median of rounds; ± = stddev)"
  printf '%-16s %22s %22s %10s  %s\n' "$first_column" "ours µs" "LLVM µs" ours/LLVM \
    "${units:+unit}"
  for construct in $constructs; do
    declare -A value=() spread=() state=()
    for runtime in ours llvm; do
      if failed_before "$construct" "$threads" "$runtime"; then
        state[$runtime]=failed value[$runtime]="" spread[$runtime]=""
        continue
      fi
      read -r value[$runtime] spread[$runtime] < <(awk -v c="$construct" -v t="$threads" \
        -v r="$runtime" '$1 == c && $2 == t && $3 == r { print $5, $6 }' "$results" |
        sort -g | awk '{ v[NR] = $1; s[NR] = $2 }
          END { if (NR == 0) { print "", ""; exit }
                m = int((NR + 1) / 2)
                if (NR % 2) print v[m], s[m]; else print (v[m] + v[m + 1]) / 2, (s[m] + s[m + 1]) / 2 }')
      state[$runtime]=ok
      [ -n "${value[$runtime]}" ] || state[$runtime]=failed
    done
    ratio=$(awk -v o="${value[ours]}" -v l="${value[llvm]}" 'BEGIN {
      # Below ~0.02 µs the difference of two medians is timer noise.
      if (o == "" || l == "" || l < 0.02 || o < 0) print "-"; else printf "%.2f", o / l }')
    cells=()
    for runtime in ours llvm; do
      if [ "${state[$runtime]}" = ok ]; then
        cells+=("$(printf '%.3f ± %.3f' "${value[$runtime]}" "${spread[$runtime]}")")
      else
        cells+=("n/a (failed)")
      fi
    done
    unit=${unit_of[$construct]:-}
    printf '%-16s %22s %22s %10s  %s\n' "$construct" "${cells[0]}" "${cells[1]}" "$ratio" "$unit"
    echo "$construct,$threads,${value[ours]},${spread[ours]},${state[ours]},${value[llvm]},${spread[llvm]},${state[llvm]},${ratio/-/}${units:+,\"$unit\"}" >>"$csv"
    unset value spread state
  done
done

if [ -s "$failures" ]; then
  echo
  echo "failed runs:"
  while read -r construct threads runtime reason; do
    echo "  $construct ($runtime, $threads threads): $reason"
  done <"$failures"
fi
echo
echo "CSV: $csv"
exit $status
