#!/usr/bin/env bash
# gpu_prep.sh [build dir]: everything the GPU machine needs, made here before
# the first device call (test/gpu/README.md), in one command:
#   1. <build>/cuda-abi7: CUDA 11.8's ptxas and nvlink (scripts/cuda_abi7.sh),
#      so the _abi7 benchmark copies are one binary both LLVM 19 and ours run
#   2. the build, reconfigured to find it, with the gpu programs
#   3. <build>/llvm19-baseline.tar.xz (scripts/pack_llvm_baseline.sh)
#   4. <build>-carry (test/gpu/stage.sh), checked against the 64 MiB the
#      device tool carries
# Each step is skipped when its output is there already. Ends by printing
# the device calls to make. A failed step 1 (no network) only loses the
# side-by-side on one binary: LLVM then runs the JIT copies.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd -P)
build=${1:-$repo/build}
[ -f "$build/CMakeCache.txt" ] || { echo "gpu_prep: $build is not configured (scripts/build.sh first)" >&2; exit 1; }
build=$(cd "$build" && pwd -P)
t0=$SECONDS
bash "$repo/scripts/cuda_abi7.sh" "$build/cuda-abi7" ||
  echo "gpu_prep: no ABI 7 toolchain; LLVM 19 will run the JIT copies on the GPU" >&2
echo "gpu_prep: toolchain $((SECONDS - t0)) s"
cmake "$build" >/dev/null
cmake --build "$build" -j"$(nproc)" >/dev/null
cmake --build "$build" -j"$(nproc)" --target gpu devicertl_gpu >/dev/null
echo "gpu_prep: build $((SECONDS - t0)) s"
[ -x "$build/bench/cuda/gpu_b14_abi7" ] && echo "gpu_prep: gpu_b14_abi7 built (ELF ABI 7 cubin)"
[ -f "$build/llvm19-baseline.tar.xz" ] || bash "$repo/scripts/pack_llvm_baseline.sh" "$build"
echo "gpu_prep: LLVM 19 baseline $((SECONDS - t0)) s"
bash "$repo/test/gpu/stage.sh" "$build"
size=$(du -sbL "$build-carry" | cut -f1)
echo "gpu_prep: $build-carry is $((size / 1048576)) MiB (the device tool carries 64 MiB with the working tree)"
((size < 60 * 1048576)) || { echo "gpu_prep: too big to carry" >&2; exit 1; }
rel=${build#"$repo"/}
cat <<MSG
gpu_prep: done in $((SECONDS - t0)) s. The device calls (test/gpu/README.md):
  run  carry ["$rel-carry"]  timeout_s 420  command: bash test/gpu/run.sh $rel-carry \$OUT 1
  run  carry ["$rel-carry"]  timeout_s 420  command: bash test/gpu/run.sh $rel-carry \$OUT 2
MSG
