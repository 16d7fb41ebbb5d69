#!/usr/bin/env bash
# The matrix-multiply target-task study of seed 001 (bench/matmul/matmul.c):
# ours against LLVM 19's libomp + libomptarget on one binary.
#
#   bench/matmul/run.sh <build dir> [--full] [--gpu] [--quick] [--rounds K]
#        [--reps R] [--sizes "16 32"] [--tasks N] [--mem pageable,pinned]
#        [--premap]
#
# Independent: N `target nowait` matmuls of S x S per run (--tasks sets N
# for every size), pageable and pinned host memory. Dependent: C chains of
# length L (depend(inout) inside a chain), pinned memory, as the poster's
# Fig. 6. Default (x86_64 offload device, a 2-core host): S in {16, 32, 64,
# 128} with 2048, 2048, 1024, 256 tasks; chains C x L in {64x8, 16x32,
# 4x128} for S in {32, 64}. --full: the poster's grid, 2048 tasks for S in
# {16, ..., 512}, chains 256x8, 64x32, 16x128 (too slow on a small host;
# meant for a GPU). --gpu runs <build>/bench/matmul/matmul_nvptx (sm_90,
# requires a device: a run that falls back to the host fails) on the full
# grid. Each cell runs K times per runtime (default 3; --full, --gpu and
# --quick: 1), each in its own process, the runtime order flipping from one
# run to the next; a run reports the median of R (default 3) timed
# repetitions (all tasks + taskwait). LLVM's libraries: $LLVM_LIBDIR, else
# $OMPRT_LLVM_LIB_DIR, else /usr/lib/llvm-19/lib. Prints a table with
# ours/LLVM (below 1: ours faster) and LLVM/ours (the poster's speedup
# T_polling / T_detaching), writes <build>/bench/matmul.csv, names the
# libraries each runtime's runs mapped. Runs that crash, hang or compute a
# wrong result are listed; their cells are marked "!" (median of the other
# rounds) or "n/a". --premap passes matmul's --premap (A and B mapped once
# up front: a diagnostic, not the poster's setting). Exit status: 0, or 1
# when a run loaded the wrong library.
set -euo pipefail

usage() {
  sed -n '5,7p' "$0" | sed 's/^# *//' >&2
  exit 2
}
(($# >= 1)) || usage
build=$1
shift
premap="" full="" gpu="" rounds="" reps=3 sizes="" tasks="" mems="" per_run_timeout=120
while (($#)); do
  case $1 in
    --full) full=yes ;;
    --gpu) gpu=yes full=yes ;;
    --quick) rounds=${rounds:-1} ;;
    --premap) premap=--premap ;;
    --rounds) rounds=${2:?--rounds needs a value}; shift ;;
    --reps) reps=${2:?--reps needs a value}; shift ;;
    --sizes) sizes=${2:?--sizes needs a value}; shift ;;
    --tasks) tasks=${2:?--tasks needs a value}; shift ;;
    --mem) mems=${2:?--mem needs a value}; shift ;;
    *) usage ;;
  esac
  shift
done

bin=$build/bench/matmul/matmul
device_flag=""
if [ -n "$gpu" ]; then
  bin=$build/bench/matmul/matmul_nvptx
  # cubins LLVM 19 can load too (scripts/cuda_abi7.sh), when built
  [ -x "$build/bench/matmul/matmul_nvptx_abi7" ] && bin=$build/bench/matmul/matmul_nvptx_abi7
  device_flag=--require-device
fi
if [ ! -x "$bin" ]; then
  echo "bench/matmul: $bin is not built (build the project first)" >&2
  exit 1
fi
ours_dir=$(cd "$build/lib" && pwd -P)
llvm_dir=$(cd "${LLVM_LIBDIR:-${OMPRT_LLVM_LIB_DIR:-/usr/lib/llvm-19/lib}}" && pwd -P)
mkdir -p "$build/bench"
csv=$build/bench/matmul.csv
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-2}

mems=${mems//,/ }
# The grid: one cell a line, "mode mem size tasks chains length".
cells=$(
  if [ -n "$full" ]; then
    indep_sizes=${sizes:-16 32 64 128 256 512}
    dep_sizes=${sizes:-16 32 64 128 256 512}
    chain_shapes="256x8 64x32 16x128"
  else
    indep_sizes=${sizes:-16 32 64 128}
    dep_sizes=${sizes:-32 64}
    chain_shapes="64x8 16x32 4x128"
  fi
  for mem in ${mems:-pageable pinned}; do
    for s in $indep_sizes; do
      n=$tasks
      if [ -z "$n" ]; then
        if [ -n "$full" ] || ((s <= 32)); then n=2048
        elif ((s <= 64)); then n=1024
        else n=256; fi
      fi
      echo "indep $mem $s $n 0 0"
    done
  done
  for mem in ${mems:-pinned}; do
    for s in $dep_sizes; do
      for shape in $chain_shapes; do
        c=${shape%x*} l=${shape#*x}
        echo "dep $mem $s $((c * l)) $c $l"
      done
    done
  done
)
if [ -n "$full" ]; then rounds=${rounds:-1}; else rounds=${rounds:-3}; fi
ncells=$(wc -l <<<"$cells")
total_runs=$((ncells * rounds * 2))

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
results=$work/results # mode mem size tasks chains length runtime median_us | n/a reason
libs=$work/libs
: >"$results"
: >"$libs"

lib_dir_of() { if [ "$1" = ours ]; then echo "$ours_dir"; else echo "$llvm_dir"; fi; }

# One progress line on stderr: overwritten in place on a terminal, a line
# per tenth of the grid otherwise (logs).
runs_done=0
progress() {
  local what=$1
  if [ -t 2 ]; then
    printf '\r\033[K[%d/%d] %s' "$runs_done" "$total_runs" "$what" >&2
  elif ((runs_done % ((total_runs + 9) / 10) == 0)); then
    printf '[%d/%d] %s\n' "$runs_done" "$total_runs" "$what" >&2
  fi
}
progress_end() { if [ -t 2 ]; then printf '\r\033[K' >&2; fi; }

run_one() {
  local mode=$1 mem=$2 s=$3 n=$4 c=$5 l=$6 runtime=$7 rc=0
  local out=$work/out err=$work/err
  local args=(--mode "$mode" --mem "$mem" --size "$s" --reps "$reps")
  if [ "$mode" = dep ]; then args+=(--chains "$c" --length "$l"); else args+=(--tasks "$n"); fi
  progress "$mode $mem S=$s tasks=$n$([ "$mode" = dep ] && echo " C=$c L=$l") on $runtime"
  # The subshell keeps bash's own "Aborted" report of a crashed run quiet.
  (timeout -k 5 "$per_run_timeout" env LD_LIBRARY_PATH="$(lib_dir_of "$runtime")" \
    OMPRT_EXPECT_LIB= "$bin" $device_flag $premap "${args[@]}" >"$out" 2>"$err"; exit $?) \
    2>/dev/null || rc=$?
  runs_done=$((runs_done + 1))
  grep '^# ' "$out" | sed "s/^/$runtime /" >>"$libs" || true
  local line
  line=$(grep "^$mode,$mem,$s," "$out" | head -1 || true)
  if ((rc == 0)) && [ -n "$line" ]; then
    echo "$mode $mem $s $n $c $l $runtime $(cut -d, -f8 <<<"$line")" >>"$results"
    return
  fi
  local reason
  if ((rc == 124 || rc == 137)); then
    reason="timed out after ${per_run_timeout}s"
  elif ((rc == 77)); then
    reason="no device: $(grep -m1 SKIP "$out" || true)"
  elif grep -q '^FAIL' "$out"; then
    reason="wrong result: $(grep -m1 '^matmul:' "$err" || true)"
  elif ((rc > 128)); then
    reason="signal $((rc - 128)): $(grep -m1 -i 'assert\|error' "$err" || true)"
  else
    reason="exit $rc: $(grep -m1 . "$err" || true)"
  fi
  echo "$mode $mem $s $n $c $l $runtime n/a $reason" >>"$results"
}

echo "matmul target tasks (seed 001) on $([ -n "$gpu" ] && echo "a GPU (sm_90 image)" ||
  echo "the x86_64 offload device"): $rounds round(s) x median of $reps," \
  "OMP_NUM_THREADS=$OMP_NUM_THREADS, $ncells cells${premap:+, A and B premapped}"
k=0
for ((round = 1; round <= rounds; round++)); do
  while read -r mode mem s n c l; do
    if ((k++ % 2)); then order="llvm ours"; else order="ours llvm"; fi
    for runtime in $order; do run_one "$mode" "$mem" "$s" "$n" "$c" "$l" "$runtime"; done
  done <<<"$cells"
done
progress_end

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

value() { # cell (6 fields) runtime -> median over the rounds that succeeded
  awk -v key="$1 $2 $3 $4 $5 $6 $7" '{ k = $1; for (i = 2; i <= 7; i++) k = k " " $i }
      k == key && $8 != "n/a" { print $8 }' "$results" |
    sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) exit
      m = int((NR + 1) / 2); if (NR % 2) print v[m]; else print (v[m] + v[m + 1]) / 2 }'
}
failed() { grep -q "^$1 $2 $3 $4 $5 $6 $7 n/a" "$results"; }
ratio() { awk -v x="$1" -v y="$2" 'BEGIN { if (x == "" || y == "" || y <= 0) print "-"; else printf "%.2f", x / y }'; }
cell_ms() { # value failed?
  if [ -n "$1" ]; then printf '%.2f%s' "$(awk -v v="$1" 'BEGIN { print v / 1000 }')" "$2"
  else echo "n/a"; fi
}

echo
echo "total time of all tasks in ms (issue + taskwait), median over rounds;"
echo "! = some rounds failed (listed below), median of the rest"
printf '%-5s %-10s %4s %5s %4s %4s | %10s %10s | %9s %9s\n' mode memory S tasks C L \
  "ours ms" "LLVM ms" ours/LLVM LLVM/ours
echo "mode,mem,size,tasks,chains,length,ours_us,llvm_us,ours_over_llvm,llvm_over_ours,ours_failed_runs,llvm_failed_runs" >"$csv"
while read -r mode mem s n c l; do
  o=$(value $mode $mem $s $n $c $l ours) v=$(value $mode $mem $s $n $c $l llvm)
  of="" lf=""
  failed $mode $mem $s $n $c $l ours && of="!"
  failed $mode $mem $s $n $c $l llvm && lf="!"
  r=$(ratio "$o" "$v") ir=$(ratio "$v" "$o")
  cs=$c cl=$l
  [ "$mode" = dep ] || cs=- cl=-
  printf '%-5s %-10s %4s %5s %4s %4s | %10s %10s | %9s %9s\n' $mode $mem $s $n $cs $cl \
    "$(cell_ms "$o" "$of")" "$(cell_ms "$v" "$lf")" "$r" "$ir"
  nof=$(grep -c "^$mode $mem $s $n $c $l ours n/a" "$results" || true)
  nlf=$(grep -c "^$mode $mem $s $n $c $l llvm n/a" "$results" || true)
  echo "$mode,$mem,$s,$n,$c,$l,$o,$v,${r/-/},${ir/-/},$nof,$nlf" >>"$csv"
done <<<"$cells"

if grep -q ' n/a ' "$results"; then
  echo
  echo "failed runs (each round's):"
  awk '$8 == "n/a" { printf "  %s %s S=%s tasks=%s", $1, $2, $3, $4
                     if ($1 == "dep") printf " C=%s L=%s", $5, $6
                     printf " on %s:", $7
                     for (i = 9; i <= NF; i++) printf " %s", $i; print "" }' "$results"
fi
echo
echo "CSV: $csv"
exit $status
