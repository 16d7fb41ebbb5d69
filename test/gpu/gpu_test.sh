#!/usr/bin/env bash
# gpu_test.sh <probe> <command> [args...]
#
# Runs one GPU test under CTest. First the probe (cuda_probe.c): without a
# usable CUDA device the test is SKIPPED (exit 77, CTest's SKIP_RETURN_CODE)
# with the probe's reason, never passed on the host fallback. Then the
# library path, in this order:
#   runtime    $OMPRT_GPU_RUNTIME if set (e.g. the unpacked LLVM 19
#              baseline), else $OMPRT_GPU_LIB (<build>/lib, set by CTest);
#              OMPRT_EXPECT_LIB becomes the same folder, so runtime_check.c
#              proves that this runtime, and no other, ran
#   $OMPRT_GPU_EXTRA_LIBS    libraries our libomp needs that a GPU machine
#              may lack (libhwloc.so.15)
#   the caller's LD_LIBRARY_PATH    kept: the driver's libcuda.so.1 may be
#              found only through it (/usr/local/nvidia/lib64 in containers)
#   $OMPRT_GPU_EXTRA_LIBS/fallback  libudev.so.1, where the system has none
set -u
probe=$1
shift

reason=$("$probe" 2>&1)
status=$?
if [ $status -eq 77 ]; then
  echo "SKIPPED: no CUDA device ($reason)"
  exit 77
fi
if [ $status -ne 0 ]; then
  echo "gpu_test.sh: the CUDA probe $probe failed (exit $status): $reason" >&2
  exit 1
fi
echo "$reason"

has_system_lib() {
  local cache
  cache=$("$(command -v ldconfig || echo /sbin/ldconfig)" -p 2>/dev/null)
  [[ $cache == *"	$1 "* ]]
}

runtime=${OMPRT_GPU_RUNTIME:-${OMPRT_GPU_LIB:-}}
if [ -z "$runtime" ]; then
  echo "gpu_test.sh: neither OMPRT_GPU_RUNTIME nor OMPRT_GPU_LIB is set" >&2
  exit 1
fi
path=$runtime
if [ -z "${OMPRT_GPU_RUNTIME:-}" ]; then
  extra=${OMPRT_GPU_EXTRA_LIBS:-}
  [ -n "$extra" ] && [ -d "$extra" ] && path=$path:$extra
fi
path=$path${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
if [ -z "${OMPRT_GPU_RUNTIME:-}" ] && [ -d "${extra:-}/fallback" ] && ! has_system_lib libudev.so.1; then
  path=$path:$extra/fallback
fi
export LD_LIBRARY_PATH=$path OMPRT_EXPECT_LIB=$runtime

# Scripts (expect.sh) through bash: a copy may have lost their execute bit.
case $1 in *.sh) exec bash "$@" ;; esac
exec "$@"
