#!/usr/bin/env bash
# check_image.sh <clang> <lib dir> <arch> <cuda dir> <include dir> <source.c> [lto]
#
# Builds one OpenMP program for nvptx with our device runtime alone (the
# flags of docs/devicertl.md; with `lto`, the -foffload-lto way: only the
# archive) and checks its device image:
#   - it links: clang's device link (ptxas + nvlink) resolved every symbol;
#   - the only undefined symbols left are the ones the CUDA driver provides
#     (malloc, free, vprintf, ptxas' reserved shared-memory symbols);
#   - nothing of LLVM 19's device runtime got in: none of its C++ symbols
#     (_ZN4ompx<digit>...: clang's own <ompx.h> helpers, _ZN4ompxL..., may
#     stay at -O0), none of its globals (__omp_rtl_device_memory_pool,
#     IsSPMDMode), in the image or in any device code the link produced;
#   - exactly one __omp_rtl_device_environment, the one the plugin writes.
# Prints OK or FAIL: <reason>.
set -u
cc=$1 lib=$2 arch=$3 cuda=$4 inc=$5 src=$(readlink -f "$6") mode=${7:-}
llvm_bin=$(dirname "$(readlink -f "$(command -v "$cc")")")
nm=$llvm_bin/llvm-nm
dis=$llvm_bin/llvm-dis
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1

fail() { echo "FAIL: $*"; exit 1; }

select=(--libomptarget-nvptx-bc-path="$lib" -L"$lib")
[ "$mode" = lto ] && select=(-foffload-lto -L"$lib")
"$cc" -fopenmp -fopenmp-targets=nvptx64 --offload-arch="$arch" --cuda-path="$cuda" \
  "${select[@]}" -O2 -w -I"$inc" -save-temps \
  "$src" -o prog -lm > build.log 2>&1 || { cat build.log; fail "does not build with our device runtime"; }

img=$(ls ./*.img 2>/dev/null | head -1)
[ -n "$img" ] || fail "no device image among clang's temporaries"

undefined=$("$nm" -u "$img" | awk '{print $NF}' | grep -v -x -E 'malloc|free|vprintf|\.nv\.reservedSmem.*' || true)
[ -z "$undefined" ] || fail "undefined in the device image: $undefined"

llvm_only='_ZN4ompx[0-9]|__omp_rtl_device_memory_pool|IsSPMDMode'
if "$nm" "$img" | grep -E "$llvm_only"; then
  fail "LLVM's device runtime symbols in the image"
fi
for ptx in ./*.s; do
  if grep -l -E "$llvm_only" "$ptx"; then fail "LLVM's device runtime in $ptx"; fi
done
for bc in ./*postlink.bc; do
  [ -e "$bc" ] || continue
  if "$dis" "$bc" -o - | grep -m1 -E "$llvm_only"; then
    fail "LLVM's device runtime in the device link ($bc)"
  fi
done

envs=$("$nm" "$img" | grep -c ' __omp_rtl_device_environment$' || true)
[ "$envs" = 1 ] || fail "$envs definitions of __omp_rtl_device_environment (want 1)"
echo "OK: $(basename "$src") links with omprt's device runtime alone ($arch${mode:+, $mode})"
