#!/bin/bash
# test/gpu/extra.sh <carried build> <outdir>: the GPU studies beyond run.sh
# (issue 6's targets), to run after run.sh (which unpacks LLVM 19 into
# /tmp/omprt-llvm19): seed 001's matmul study, ours vs LLVM 19 on the same
# source (LLVM runs the JIT copy: it cannot load CUDA 13 cubins); how target
# tasks complete (callback, host function, query, inline) and 1 vs 8 hidden helpers
# on B1; device-side dependences on and off (matmul chains, B4); a
# faulting-kernel check under compute-sanitizer.
build=$(cd "$1" && pwd -P)
out=$2
ours=$build/lib:$build/lib/extra${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
llvm=/tmp/omprt-llvm19/llvm19-baseline${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export PATH=/usr/local/cuda/bin:$PATH # ptxas for LLVM's JIT
mm=$build/bench/matmul/matmul_nvptx mm_llvm=$build/bench/matmul/matmul_nvptx_jit
b14=$build/bench/cuda/gpu_b14 b14_llvm=$build/bench/cuda/gpu_b14_jit
# Cubins LLVM 19 can load (scripts/cuda_abi7.sh): one binary for both runtimes.
if [ -x "$build/bench/matmul/matmul_nvptx_abi7" ]; then
  mm=$build/bench/matmul/matmul_nvptx_abi7 mm_llvm=$mm
fi
if [ -x "$build/bench/cuda/gpu_b14_abi7" ]; then
  b14=$build/bench/cuda/gpu_b14_abi7 b14_llvm=$b14
fi
csv=$out/extra.csv
echo "study,runtime,config,csv..." >"$csv"
run() { # study runtime config libs cmd...
  local study=$1 rt=$2 cfg=$3 libs=$4
  shift 4
  local text line
  text=$(LD_LIBRARY_PATH=$libs OMPRT_EXPECT_LIB= timeout -k 5 60 "$@" 2>&1)
  line=$(printf '%s\n' "$text" | grep -v '^#' | tail -1)
  case $text in *"HOST (fallback)"* | *"ran on the host"*) line="$line (HOST)" ;; esac
  echo "$study,$rt,$cfg,${line:-no output (exit $?)}" | tee -a "$csv"
}
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-8}
echo "== matmul (seed 001): 2048 independent tasks, and 64 chains x 32"
for S in 128 512; do for mem in pageable pinned; do
  run matmul_indep ours "S=$S,$mem" "$ours" "$mm" --mode indep --size $S --tasks 2048 --mem $mem --reps 3
  run matmul_indep llvm "S=$S,$mem" "$llvm" "$mm_llvm" --mode indep --size $S --tasks 2048 --mem $mem --reps 3
done; done
for mem in pageable pinned; do
  run matmul_dep ours "S=128,$mem" "$ours" "$mm" --mode dep --size 128 --chains 64 --length 32 --mem $mem --reps 3
  run matmul_dep ours "S=128,$mem,host-deps" "$ours" env LIBOMPTARGET_DEVICE_DEPENDENCES=0 "$mm" --mode dep --size 128 --chains 64 --length 32 --mem $mem --reps 3
  run matmul_dep llvm "S=128,$mem" "$llvm" "$mm_llvm" --mode dep --size 128 --chains 64 --length 32 --mem $mem --reps 3
done
echo "== B4 async, device-side dependences on (default) and off"
for dd in 1 0; do for n in 16 1024 65536; do
  run b4_async ours "N=$n,device_deps=$dd" "$ours" env LIBOMPTARGET_DEVICE_DEPENDENCES=$dd "$b14" --bench B4 --n $n --t 256 --async 1 --reps 5 --kernel lin
done; done
echo "== B1 N=1024 T=1024 async: completion, hidden helpers"
for hh in 1 8; do for c in callback hostfunc query; do
  env_c="LIBOMPTARGET_CUDA_COMPLETION=callback"
  [ $c = hostfunc ] && env_c="LIBOMPTARGET_CUDA_COMPLETION=hostfunc"
  [ $c = query ] && env_c="LIBOMPTARGET_COMPLETION=query"
  run b1_async ours "hh=$hh,$c" "$ours" env LIBOMP_NUM_HIDDEN_HELPER_THREADS=$hh $env_c "$b14" --bench B1 --n 1024 --t 1024 --async 1 --reps 5 --kernel lin
done; done
# The helper blocking in one stream synchronisation per task (LLVM's
# design without its polling), against the callback above.
for hh in 1 8; do
  run b1_async ours "hh=$hh,inline" "$ours" env LIBOMP_NUM_HIDDEN_HELPER_THREADS=$hh LIBOMPTARGET_DEFERRED=inline "$b14" --bench B1 --n 1024 --t 1024 --async 1 --reps 5 --kernel lin
done
for hh in 1 8; do
  run b1_async llvm "hh=$hh" "$llvm" env LIBOMP_NUM_HIDDEN_HELPER_THREADS=$hh "$b14_llvm" --bench B1 --n 1024 --t 1024 --async 1 --reps 5 --kernel lin
done
for s in auto blocking; do
  run b1_sync ours "sync=$s" "$ours" env LIBOMPTARGET_CUDA_SYNC=$s "$b14" --bench B1 --n 1 --t 1024 --async 0 --reps 5 --kernel lin
done
run b1_sync llvm "" "$llvm" "$b14_llvm" --bench B1 --n 1 --t 1024 --async 0 --reps 5 --kernel lin
echo "== 17_teams on LLVM 19 (JIT copy), with its kernel launch info"
[ -x "$build/test/gpu/gpu_17_teams_jit" ] && LD_LIBRARY_PATH=$llvm LIBOMPTARGET_INFO=$((0x10)) \
  timeout 60 "$build/test/gpu/gpu_17_teams_jit" 2>&1 | grep -v -E '^(y|simd y|distribute y|dynamic hits)' | head -20
echo "== 17_teams on ours, kernel geometry"
LD_LIBRARY_PATH=$ours LIBOMPTARGET_INFO=2 timeout 60 "$build/test/gpu/gpu_17_teams" 2>&1 | grep -E 'CUDA device|error' | head -12
echo "== 17_teams under compute-sanitizer"
t17=$build/test/gpu/gpu_17_teams
[ -x "$t17" ] && LD_LIBRARY_PATH=$ours timeout 90 compute-sanitizer --print-limit 3 "$t17" 2>&1 |
  grep -v -E '^(y|simd y|distribute y|dynamic hits)' | head -30
