#!/usr/bin/env bash
# cuda_abi7.sh <dest dir> [installed CUDA dir]
#
# Makes <dest dir> a CUDA toolchain folder for clang-19's --cuda-path whose
# ptxas and nvlink write cubins of ELF ABI version 7. LLVM 19's CUDA plugin
# needs those: it reads the SM from the e_flags layout of ABI 7 and so
# rejects the ABI 8 cubins of CUDA 13 ("No images found compatible"), and
# Debian's LLVM 19 cannot JIT instead. With such a folder one GPU binary runs
# on LLVM 19's runtime and on ours, so the side-by-side benchmarks compare
# the two on the same binary (docs/benchmarks.md).
#
# ptxas and nvlink come from Debian 12's nvidia-cuda-toolkit (CUDA 11.8, in
# non-free): the package is downloaded with a private apt state under
# <dest dir> (nothing is installed or changed system-wide) and only those two
# programs are kept. include/ is the installed CUDA's headers (default
# /usr/local/cuda) with CUDA_VERSION 11080 in cuda.h, so that clang-19 emits
# PTX 7.8, which ptxas 11.8 reads; nvvm/ (libdevice) is the installed one.
# Prints the folder. Does nothing when it is complete already.
set -euo pipefail
dest=${1:?usage: cuda_abi7.sh <dest dir> [installed CUDA dir]}
cuda=${2:-/usr/local/cuda}
mkdir -p "$dest"
dest=$(cd "$dest" && pwd -P)
if [ -x "$dest/bin/ptxas" ] && [ -x "$dest/bin/nvlink" ] && [ -e "$dest/include/cuda.h" ]; then
  echo "$dest"
  exit 0
fi
[ -e "$cuda/include/cuda.h" ] || { echo "cuda_abi7: no $cuda/include/cuda.h" >&2; exit 1; }

apt=$dest/apt
mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial"
echo "deb http://deb.debian.org/debian bookworm non-free" >"$apt/sources.list"
opts=(-o Dir::Etc::sourcelist="$apt/sources.list" -o Dir::Etc::sourceparts=-
      -o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache"
      -o Debug::NoLocking=1)
apt-get "${opts[@]}" update >"$apt/update.log" 2>&1 ||
  { echo "cuda_abi7: apt-get update (bookworm non-free) failed: see $apt/update.log" >&2; exit 1; }
(cd "$apt" && apt-get "${opts[@]}" download nvidia-cuda-toolkit >"$apt/download.log" 2>&1) ||
  { echo "cuda_abi7: downloading nvidia-cuda-toolkit failed: see $apt/download.log" >&2; exit 1; }
deb=$(ls "$apt"/nvidia-cuda-toolkit_*.deb | head -1)
rm -rf "$apt/x"
dpkg-deb -x "$deb" "$apt/x"
mkdir -p "$dest/bin"
cp "$apt/x/usr/bin/ptxas" "$apt/x/usr/bin/nvlink" "$dest/bin/"
rm -rf "$apt/x" "$deb"

rm -rf "$dest/include"
mkdir -p "$dest/include"
for header in "$cuda"/include/*; do
  ln -s "$header" "$dest/include/"
done
rm "$dest/include/cuda.h"
sed 's/^#define CUDA_VERSION [0-9]*/#define CUDA_VERSION 11080/' "$cuda/include/cuda.h" \
  >"$dest/include/cuda.h"
ln -sfn "$cuda/nvvm" "$dest/nvvm"
# (Not `ptxas --version | grep -q`: grep's early exit can fail the pipe.)
ptxas_version=$("$dest/bin/ptxas" --version)
[[ $ptxas_version == *"release 11.8"* ]] ||
  { echo "cuda_abi7: $dest/bin/ptxas is not CUDA 11.8's" >&2; exit 1; }
echo "$dest"
