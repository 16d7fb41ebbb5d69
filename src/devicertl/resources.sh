#!/usr/bin/env bash
# resources.sh — registers, static shared memory and stack per kernel, for
# the same kernels built against our nvptx device runtime and LLVM 19's.
#
#   src/devicertl/resources.sh <our lib dir> [arch] [source.c ...]
#
# <our lib dir> holds libomptarget-nvptx-<arch>.bc (build/lib). Without
# sources it measures test/devicertl/kernels/*.c: B1's kernel, a STREAM
# triad, a generic-mode kernel with sequential and parallel parts, an SPMD
# teams reduction. Each source is compiled once per runtime (clang-19,
# non-LTO: the runtime bitcode is linked into the translation unit and
# optimised with it, as in a real build), and ptxas -v reports each entry.
# Needs clang-19 and CUDA's ptxas (OMPRT_CUDA_DIR, default /usr/local/cuda).
# Ends with totals over every kernel measured.
#
# Static shared memory is what ptxas -c reports for the unit: the shared
# variables only one kernel uses, which the backend moves into that kernel.
# A shared variable several kernels of the unit use stays at module scope
# and is assigned at the device link, so it is not counted here (for
# either runtime): compare that column within single-kernel files.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
ours=${1:?usage: resources.sh <our lib dir> [arch] [source.c ...]}
ours=$(cd "$ours" && pwd)
arch=${2:-sm_90}
shift $(( $# >= 2 ? 2 : 1 ))
sources=("$@")
if [ ${#sources[@]} -eq 0 ]; then
  sources=("$here"/../../test/devicertl/kernels/*.c)
fi
llvm=${OMPRT_LLVM_LIB_DIR:-/usr/lib/llvm-19/lib}
cuda=${OMPRT_CUDA_DIR:-/usr/local/cuda}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/tu" # clang's -save-temps files land here

[ -f "$ours/libomptarget-nvptx-$arch.bc" ] || { echo "omptarget: no $ours/libomptarget-nvptx-$arch.bc" >&2; exit 1; }

# ptx <runtime bc dir> <source> <out.s>: the translation unit's PTX.
ptx() {
  local dir=$1 src=$2 out=$3
  (cd "$work/tu" && clang-19 -fopenmp -fopenmp-targets=nvptx64 --offload-arch="$arch" \
     --libomptarget-nvptx-bc-path="$dir" --cuda-path="$cuda" -O2 -w -save-temps -c "$src" \
     -o tu.o)
  mv "$work"/tu/*-openmp-nvptx64-nvidia-cuda-"$arch".s "$out"
  rm -f "$work"/tu/*
}

# ptxas -v, one line per kernel: name regs smem stack
usage() {
  "$cuda/bin/ptxas" -c -v -arch="$arch" "$1" -o "$work/ptxas.o" 2>&1 | awk '
    /Compiling entry function/ { name = $0; sub(/.*function .__omp_offloading_[0-9a-f]+_[0-9a-f]+_/, "", name); sub(/. for .*/, "", name) }
    /bytes stack frame/ { stack = $1 }
    /Used [0-9]+ registers/ {
      regs = $0; sub(/.*Used /, "", regs); sub(/ registers.*/, "", regs)
      smem = 0; if (match($0, /[0-9]+ bytes smem/)) { smem = substr($0, RSTART); sub(/ bytes smem/, "", smem) }
      printf "%s %s %s %s\n", name, regs, smem, stack }'
}

printf '%-28s %14s %14s %14s\n' "kernel ($arch)" "registers" "static smem B" "stack B"
printf '%-28s %14s %14s %14s\n' "" "ours / LLVM" "ours / LLVM" "ours / LLVM"
for src in "${sources[@]}"; do
  src=$(cd "$(dirname "$src")" && pwd)/$(basename "$src")
  [ ${#sources[@]} -gt 1 ] && echo "$(basename "$src"):"
  ptx "$ours" "$src" "$work/ours.s"
  ptx "$llvm" "$src" "$work/llvm.s"
  usage "$work/ours.s" > "$work/ours.txt"
  usage "$work/llvm.s" > "$work/llvm.txt"
  while read -r name regs smem stack; do
    read -r _ lregs lsmem lstack < <(grep "^$name " "$work/llvm.txt" || echo "- - - -")
    printf '%-28s %14s %14s %14s\n' "$name" "$regs / $lregs" "$smem / $lsmem" "$stack / $lstack"
    echo "$regs $lregs $smem $lsmem $stack $lstack" >> "$work/all.txt"
  done < "$work/ours.txt"
done

# Totals; "above": kernels where ours uses more than LLVM's.
awk '$2 != "-" {
    n++; r += $1; lr += $2; s += $3; ls += $4; k += $5; lk += $6
    if ($1 > $2) rm++; if ($1 < $2) rl++; if ($3 > $4) sm++; if ($5 > $6) km++ }
  END { printf "%-28s %14s %14s %14s\n", "total (" n " kernels)", r " / " lr, s " / " ls, k " / " lk
        printf "%-28s %14s %14s %14s\n", "ours above / below LLVM", rm + 0 " / " rl + 0, sm + 0 " above", km + 0 " above" }' \
  "$work/all.txt"
