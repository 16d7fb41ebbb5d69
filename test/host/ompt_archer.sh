#!/usr/bin/env bash
# ompt_archer.sh <program> <clean|race|unaided> <our lib dir> <LLVM lib dir>
# Runs a ThreadSanitizer-built OpenMP program with our libomp and LLVM's
# Archer (libarcher.so, which our runtime loads as LLVM's does when no
# other tool is found), and checks what ThreadSanitizer reports:
#   clean    Archer started, no report, exit 0;
#   race     Archer started, a data race reported;
#   unaided  OMP_TOOL=disabled: no Archer, so TSan misses OpenMP's
#            synchronization and reports (what the OMPT events prevent).
set -u
program=$1 expect=$2 ours=$3 llvm=$4
if [ ! -e "$llvm/libarcher.so" ]; then
  echo "SKIPPED: $llvm/libarcher.so not found (Debian package libomp-19-dev)"
  exit 77
fi
tool=enabled
[ "$expect" = unaided ] && tool=disabled
# (no other tool may come first: OMP_TOOL_LIBRARIES is cleared)
out=$(env -u OMP_TOOL_LIBRARIES OMP_TOOL=$tool ARCHER_OPTIONS=verbose=1 \
      TSAN_OPTIONS=ignore_noninstrumented_modules=1:exitcode=66 \
      LD_LIBRARY_PATH="$ours:$llvm" "$program" 2>&1)
rc=$?
echo "$out"
started=0; reported=0
grep -q "Archer detected OpenMP application with TSan" <<<"$out" && started=1
grep -q "WARNING: ThreadSanitizer" <<<"$out" && reported=1
case $expect in
  clean) [ $started = 1 ] && [ $reported = 0 ] && [ $rc = 0 ] ;;
  race) [ $started = 1 ] && [ $reported = 1 ] && grep -q "data race" <<<"$out" ;;
  unaided) [ $started = 0 ] && [ $reported = 1 ] ;;
esac
ok=$?
echo "ompt_archer: expect $expect, archer started $started, tsan reported $reported, exit $rc"
[ $ok = 0 ] && echo "ompt_archer: PASS" || echo "ompt_archer: FAIL"
exit $ok
