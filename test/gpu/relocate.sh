#!/usr/bin/env bash
# relocate.sh <build dir> <source root>
#
# CTest's files hold absolute paths of the machine that configured the
# build (/work/main/...): programs, gpu_test.sh, LD_LIBRARY_PATH. On the
# GPU machine the repository and the carried build lie elsewhere, so this
# rewrites, in every CTestTestfile.cmake under <build dir> (and
# test/devicertl/gpu_programs.txt), the build root they name to <build dir>
# and the source root to <source root>. The old roots are read from the
# top-level CTestTestfile.cmake's "# Source directory:" / "# Build
# directory:" header, which is rewritten too, so running it again is a no-op.
set -euo pipefail
build=$(cd "${1:?usage: relocate.sh <build dir> <source root>}" && pwd -P)
src=$(cd "${2:?usage: relocate.sh <build dir> <source root>}" && pwd -P)
top=$build/CTestTestfile.cmake
[ -f "$top" ] || { echo "relocate.sh: $top is missing (not a configured build?)" >&2; exit 1; }
old_src=$(sed -n 's/^# Source directory: //p' "$top" | head -1)
old_build=$(sed -n 's/^# Build directory: //p' "$top" | head -1)
if [ "$old_src" = "$src" ] && [ "$old_build" = "$build" ]; then
  exit 0
fi
echo "relocate.sh: CTest paths $old_build -> $build, $old_src -> $src"

# sed-escape a literal for the pattern (|-delimited) and for the replacement.
pattern() { printf '%s' "$1" | sed 's/[][\\|.*^$/]/\\&/g'; }
replacement() { printf '%s' "$1" | sed 's/[\\|&]/\\&/g'; }
# Placeholders first: the build root usually lies under the source root,
# and the new roots may contain the old ones.
script="s|$(pattern "$old_build")|@OMPRT_BUILD_ROOT@|g; s|$(pattern "$old_src")|@OMPRT_SOURCE_ROOT@|g;"
script+=" s|@OMPRT_BUILD_ROOT@|$(replacement "$build")|g; s|@OMPRT_SOURCE_ROOT@|$(replacement "$src")|g"
find "$build" -name CTestTestfile.cmake -type f -print0 | xargs -0 sed -i "$script"
list=$build/test/devicertl/gpu_programs.txt
[ -f "$list" ] && sed -i "$script" "$list"
exit 0
