#!/usr/bin/env bash
# stage.sh <build dir> [<dest>]
#
# Copies what the GPU machine needs from a build into <dest> (default:
# <build dir>-carry, git-ignored by /build*/), small enough to carry (the
# device tool carries 64 MiB): every CTestTestfile.cmake (tree kept, so
# `ctest --test-dir <dest> -L gpu` works), lib/ (our runtimes and
# lib/extra), the programs of every build folder that has a gpu-labelled
# test (no CMakeFiles/, no objects), test/devicertl/gpu_programs.txt with
# the programs it lists, and llvm19-baseline.tar.xz. Then relocates the
# CTest paths to <dest> (relocate.sh). On the GPU machine:
#   test/gpu/run.sh <dest> $OUT 1   (then 2: test/gpu/README.md)
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd -P)
build=$(cd "${1:?usage: stage.sh <build dir> [<dest>]}" && pwd -P)
dest=${2:-$build-carry}
rm -rf "$dest"
mkdir -p "$dest"
dest=$(cd "$dest" && pwd -P)

(cd "$build" && find . -name CTestTestfile.cmake -not -path './Testing/*' -print0 |
  xargs -0 -I{} cp --parents {} "$dest/")
cp -a "$build/lib" "$dest/lib"

# Folders whose tests carry the gpu label: their programs and data files.
grep -l -E 'LABELS "([^"]*;)?gpu(;[^"]*)?"' -r --include=CTestTestfile.cmake "$build" |
  while read -r testfile; do
    dir=$(dirname "$testfile")
    rel=${dir#"$build"}
    mkdir -p "$dest$rel"
    find "$dir" -maxdepth 1 -type f -not -name '*.o' -not -name Makefile \
      -not -name 'cmake_install.cmake' -not -name CTestTestfile.cmake \
      -exec cp -a {} "$dest$rel/" \;
  done

# The device runtime's GPU programs (run.sh's devicertl section).
list=$build/test/devicertl/gpu_programs.txt
if [ -f "$list" ]; then
  mkdir -p "$dest/test/devicertl"
  cp "$list" "$dest/test/devicertl/"
  grep -v -E '^[[:space:]]*(#|$)' "$list" | awk '{ print $1 }' | while read -r prog; do
    case $prog in
      /*) src_path=$prog ;;
      *) src_path=$build/test/devicertl/$prog ;;
    esac
    src_path=$(readlink -f "$src_path" || true)
    case $src_path in
      "$build"/*) rel=${src_path#"$build"/} ;;
      *) echo "stage.sh: $prog is outside $build; not staged" >&2; continue ;;
    esac
    mkdir -p "$dest/$(dirname "$rel")"
    cp -a "$src_path" "$dest/$rel"
  done
fi

if [ -f "$build/llvm19-baseline.tar.xz" ]; then
  cp "$build/llvm19-baseline.tar.xz" "$dest/"
else
  echo "stage.sh: no $build/llvm19-baseline.tar.xz (scripts/pack_llvm_baseline.sh makes it);" \
    "run.sh will skip the LLVM 19 comparison" >&2
fi

bash "$repo/test/gpu/relocate.sh" "$dest" "$repo"
echo "stage.sh: $dest: $(du -sh "$dest" | cut -f1) (carry it: carry [\"${dest#"$repo"/}\"])"
