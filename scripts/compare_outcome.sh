# Sourced by the scripts that run one program on LLVM 19's runtime and on
# ours (gcc_testsuite.sh, vv_testsuite.sh, hecbench.sh).
#
#   require_runtimes SCRIPT BUILD LLVM-LIBRARY
#
# stops the calling script (status 2, its name in the message) unless ours
# is built in BUILD and LLVM 19's LLVM-LIBRARY (the path of its libomp.so.5,
# or of libomptarget.so where the programs offload) is installed.
require_runtimes() {
  [ -e "$2/lib/libomp.so.5" ] || { echo "$1: no $2/lib/libomp.so.5 (build first)" >&2; exit 2; }
  [ -e "$3" ] || { echo "$1: LLVM 19's $3 missing (libomp-19-dev)" >&2; exit 2; }
}

#   outcome_of LLVM-RC OURS-RC [LLVM-WORDS OURS-WORDS DIFFERS-LABEL]
#
# prints pass-both, fail-ours-only, fail-llvm-only or fail-both from the
# two exit statuses ("0" is a pass, anything else a failure); where both
# pass and the words each run printed about its result differ, the label.
outcome_of() {
  local l=$1 o=$2
  if [ "$l" = 0 ] && [ "$o" != 0 ]; then echo fail-ours-only
  elif [ "$l" != 0 ] && [ "$o" = 0 ]; then echo fail-llvm-only
  elif [ "$l" != 0 ]; then echo fail-both
  elif [ $# -ge 5 ] && [ "$3" != "$4" ]; then echo "$5"
  else echo pass-both
  fi
}
export -f outcome_of
