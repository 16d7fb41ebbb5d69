#!/usr/bin/env bash
# expect.sh <zero|nonzero> <regex> <program> [args...]
# Runs the program; passes when its exit status is as wanted, its combined
# stdout+stderr matches <regex> (grep -E), and it never printed "not reached".
set -u
want=$1 regex=$2
shift 2
out=$("$@" 2>&1)
status=$?
printf '%s\n' "$out"
if [ "$want" = zero ] && [ $status -ne 0 ]; then
  echo "expect.sh: exit status $status, wanted 0" >&2; exit 1
fi
if [ "$want" = nonzero ] && [ $status -eq 0 ]; then
  echo "expect.sh: exit status 0, wanted a failure" >&2; exit 1
fi
if [ $status -ge 128 ]; then
  echo "expect.sh: killed by signal $((status - 128)), wanted a clean exit" >&2; exit 1
fi
if printf '%s' "$out" | grep -q "not reached"; then
  echo "expect.sh: the program went past the point that must fail" >&2; exit 1
fi
if ! printf '%s' "$out" | grep -Eq -- "$regex"; then
  echo "expect.sh: output does not match: $regex" >&2; exit 1
fi
exit 0
