#!/usr/bin/env bash
# run_gpu.sh <build dir> [out dir]
#
# On a GPU machine: runs every program of <build>/test/devicertl/
# gpu_programs.txt (built with our nvptx device runtime) with
# OMP_TARGET_OFFLOAD=MANDATORY, so a program that cannot reach the GPU fails
# instead of passing on the host, on our libomp/libomptarget
# (LD_LIBRARY_PATH=<build>/lib, plus <build>/lib/extra when present).
# Prints one line per program (PASS/FAIL, seconds), a total, and the kernel
# times of gpu_drtl_kernel_times{,_llvm} (ours vs LLVM 19's device runtime);
# writes the programs' output to <out dir>/devicertl_gpu.log (default: the
# build dir). A program passes when it exits 0 and prints OK (and no FAIL);
# gpu_drtl_19_usm also when, on a machine without HMM/ATS, the host runtime
# refuses it with its unified_shared_memory requirement message.
# Exit status: 0 when all pass.
set -u
build=$(cd "${1:?usage: run_gpu.sh <build dir> [out dir]}" && pwd)
out=${2:-$build}
list=$build/test/devicertl/gpu_programs.txt
log=$out/devicertl_gpu.log
[ -f "$list" ] || { echo "run_gpu.sh: no $list (build the devicertl_gpu target)" >&2; exit 2; }
lib=$build/lib
export LD_LIBRARY_PATH="$lib${OMPRT_GPU_EXTRA_LIBS:+:$OMPRT_GPU_EXTRA_LIBS}:$lib/extra${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export OMPRT_EXPECT_LIB=$lib OMP_TARGET_OFFLOAD=MANDATORY
: > "$log"
command -v nvidia-smi > /dev/null && nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$log"
pass=0 total=0
usm_refusal='omptarget: error: .*19_usm\.c:[0-9]+: the program requires unified_shared_memory, but device 0 \(cuda\) cannot access pageable host memory'
times=""
while read -r exe args; do
  [ -n "$exe" ] || continue
  total=$((total + 1))
  name=$(basename "$exe")
  start=$(date +%s.%N)
  # shellcheck disable=SC2086
  output=$(timeout 120 "$exe" $args 2>&1)
  status=$?
  secs=$(echo "$(date +%s.%N) - $start" | bc 2>/dev/null || echo "?")
  { echo "=== $name $args (exit $status)"; echo "$output"; } >> "$log"
  times+=$(echo "$output" | grep -E '^(ours|llvm),' || true)$'\n'
  if [ $status -eq 0 ] && echo "$output" | grep -q "OK" && ! echo "$output" | grep -q "FAIL"; then
    pass=$((pass + 1))
    printf '%-34s PASS %6.2fs\n' "$name" "$secs"
  elif [ "$name" = gpu_drtl_19_usm ] && echo "$output" | grep -Eq "$usm_refusal"; then
    # No HMM/ATS here: stopping with the requirement message is the right
    # answer (as devicertl.gpu.19_usm and gpu.19_usm accept).
    pass=$((pass + 1))
    printf '%-34s PASS %6.2fs (no HMM/ATS: refused with the requirement message)\n' "$name" "$secs"
  else
    printf '%-34s FAIL %6.2fs (exit %d; see %s)\n' "$name" "$secs" "$status" "$log"
  fi
done < "$list"
echo "devicertl on GPU: $pass of $total passed"
if [ -n "${times//$'\n'/}" ]; then
  echo "kernel times (runtime,kernel,median_us,min_us):"
  echo "$times" | grep -v '^$'
fi
[ $pass -eq $total ]
