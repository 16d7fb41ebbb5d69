#!/usr/bin/env bash
# Runs one sanitized test program and fails it when a sanitizer reported,
# whatever the program's own exit status (a test expected to fail, or one
# judged by its output, must still not hide a report).
#   run_sanitized.sh <expect failure: 0|1> <program> [args...]
set -u
expect_failure=$1
shift
log=$(mktemp)
trap 'rm -f "$log"' EXIT
"$@" >"$log" 2>&1
rc=$?
cat "$log"
if grep -qE 'ERROR: (AddressSanitizer|LeakSanitizer)|WARNING: ThreadSanitizer|ThreadSanitizer: reported|runtime error:' "$log"; then
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
