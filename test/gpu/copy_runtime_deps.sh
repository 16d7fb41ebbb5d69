#!/usr/bin/env bash
# copy_runtime_deps.sh <lib dir> <dest dir>
#
# Copies (cp -L) the shared libraries that our libomp.so.5 and
# libomptarget.so.19.1 load and that a stock Linux system may lack into
# <dest dir>, so the build folder can be carried to a machine without them
# (the GPU machine has no libhwloc). libudev.so.1 (hwloc's dependency, on
# almost every system) goes to <dest dir>/fallback: gpu_test.sh and run.sh
# use it only where the system has none, so the system's own stays in charge.
set -euo pipefail
lib_dir=$1 dest=$2
mkdir -p "$dest"
rm -f "$dest"/*.so* "$dest"/fallback/*.so* 2>/dev/null || true

# Libraries every glibc system has.
stock='^(linux-vdso|ld-linux|libc|libm|libdl|libpthread|librt|libgcc_s|libstdc\+\+)\.so'
for lib in "$lib_dir"/libomp.so.5 "$lib_dir"/libomptarget.so.19.1; do
  [ -e "$lib" ] || continue
  # "name => path (addr)" lines; our own libraries come from <lib dir>.
  ldd "$lib" | awk '$2 == "=>" && $3 ~ /^\// { print $1, $3 }'
done | sort -u | while read -r name path; do
  if [[ $name =~ $stock ]] || [[ $path == "$lib_dir"/* ]] || [[ $name == libomp* ]]; then
    continue
  fi
  if [ "$name" = libudev.so.1 ]; then
    mkdir -p "$dest/fallback"
    cp -L "$path" "$dest/fallback/$name"
  else
    cp -L "$path" "$dest/$name"
  fi
  echo "copy_runtime_deps: $name from $path"
done
