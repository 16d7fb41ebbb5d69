#!/usr/bin/env bash
# Runs one sanitized test program and fails it when a sanitizer reported,
# whatever the program's own exit status (a test expected to fail, or one
# judged by its output, must still not hide a report).
#   run_sanitized.sh <expect failure: 0|1> <program> [args...]
# OMPRT_SANITIZER_PRELOAD, when set, is the shared sanitizer runtime to
# LD_PRELOAD into <program> alone (an uninstrumented program on sanitized
# libraries brings none of its own; this script and grep must not get it).
set -u
expect_failure=$1
shift
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if [ -n "${OMPRT_SANITIZER_PRELOAD:-}" ]; then
  LD_PRELOAD="$OMPRT_SANITIZER_PRELOAD${LD_PRELOAD:+:$LD_PRELOAD}" "$@" >"$log" 2>&1
else
  "$@" >"$log" 2>&1
fi
rc=$?
cat "$log"
if grep -qE 'ERROR: (AddressSanitizer|LeakSanitizer|ThreadSanitizer)|WARNING: ThreadSanitizer|ThreadSanitizer: reported|runtime error:' "$log"; then
  echo "run_sanitized: sanitizer report above (exit status $rc)"
  exit 1
fi
if [ "$expect_failure" = 1 ]; then
  if [ "$rc" -ne 0 ]; then
    exit 0
  fi
  echo "run_sanitized: expected the program to fail, it exited 0"
  exit 1
fi
exit "$rc"
