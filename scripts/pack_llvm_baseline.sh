#!/usr/bin/env bash
# pack_llvm_baseline.sh <build dir> [LLVM lib dir]
#
# Packs LLVM 19's host-side OpenMP runtimes (libomp.so.5,
# libomptarget.so.19.1 with its built-in CUDA and x86_64 plugins, and the
# libLLVM.so.19.1 they load) with every shared library they need beyond
# glibc into <build dir>/llvm19-baseline.tar.xz, for side-by-side runs on
# the GPU machine, which has no LLVM. The archive holds one folder,
# llvm19-baseline/:
#   *.so*       the runtimes and the dependencies a stock system lacks
#   fallback/   dependencies almost every system has (zlib, zstd, xz,
#               ncurses); test/gpu/run.sh moves one up only where the
#               system has none, so the system's own copies stay in charge
#   MANIFEST    where each file came from, package versions
# Use: tar -xJf llvm19-baseline.tar.xz -C /tmp &&
#      LD_LIBRARY_PATH=/tmp/llvm19-baseline OMPRT_EXPECT_LIB=/tmp/llvm19-baseline ./program
set -euo pipefail
build=${1:?usage: pack_llvm_baseline.sh <build dir> [LLVM lib dir]}
llvm_lib=${2:-/usr/lib/llvm-19/lib}
runtimes=(libomp.so.5 libomptarget.so.19.1 libLLVM.so.19.1)
# Present on every glibc system with a C++ runtime: never packed.
stock='^(linux-vdso|ld-linux-x86-64|libc|libm|libdl|libpthread|librt|libgcc_s|libstdc\+\+)\.so'
# Present on almost every system: packed under fallback/.
common='^(libz|libzstd|liblzma|libtinfo)\.so'

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
dest=$work/llvm19-baseline
mkdir -p "$dest/fallback"
manifest=$dest/MANIFEST
{
  echo "LLVM 19 OpenMP host runtimes for side-by-side runs, packed $(date -u +%FT%TZ) on $(uname -n)"
  dpkg-query -W -f '${Package} ${Version}\n' libomp5-19 libllvm19 2>/dev/null || true
} >"$manifest"

for lib in "${runtimes[@]}"; do
  [ -e "$llvm_lib/$lib" ] || { echo "pack_llvm_baseline: $llvm_lib/$lib is missing" >&2; exit 1; }
  cp -L "$llvm_lib/$lib" "$dest/$lib"
  echo "$lib <- $(readlink -f "$llvm_lib/$lib")" >>"$manifest"
done

# Every library the three load (ldd lists the whole closure).
for lib in "${runtimes[@]}"; do
  ldd "$llvm_lib/$lib" | awk '$2 == "=>" && $3 ~ /^\// { print $1, $3 }'
done | sort -u | while read -r name path; do
  if [[ $name =~ $stock ]] || [ -e "$dest/$name" ]; then
    continue
  fi
  if [[ $name =~ $common ]]; then
    cp -L "$path" "$dest/fallback/$name"
    echo "fallback/$name <- $(readlink -f "$path")" >>"$manifest"
  else
    cp -L "$path" "$dest/$name"
    echo "$name <- $(readlink -f "$path")" >>"$manifest"
  fi
done

# Prove the folder is complete: nothing "not found" with only it on the path.
missing=$(for lib in "$dest"/*.so*; do
  LD_LIBRARY_PATH=$dest:$dest/fallback ldd "$lib" | grep 'not found' || true
done)
if [ -n "$missing" ]; then
  echo "pack_llvm_baseline: unresolved: $missing" >&2
  exit 1
fi

out=$build/llvm19-baseline.tar.xz
echo "pack_llvm_baseline: $(du -sh "$dest" | cut -f1) to compress (xz -9, a few minutes)"
tar -C "$work" -cf - llvm19-baseline | xz -9 -c >"$out.tmp"
mv "$out.tmp" "$out"
echo "pack_llvm_baseline: $out ($(du -h "$out" | cut -f1))"
cat "$manifest"
