#!/usr/bin/env bash
# LLVM 19's own lit tests as a third opinion: openmp/runtime/test (libomp),
# offload/test for the x86_64 offload device (libomptarget), offload/test
# built for nvptx64 with each device runtime (build only, plain and
# -foffload-lto; where CUDA's ptxas is present) and
# openmp/tools/archer/tests (LLVM's race detector on the runtime), from
# Debian's llvm-toolchain-19 source tarball, run by LLVM's lit against
# LLVM 19's runtime and against ours. Each test is compiled by clang-19 with
# LLVM's omp.h, as a user's program is; only the library directory differs.
# What counts is where the two runtimes differ.
#
#   scripts/llvm_testsuite.sh [build-dir] [work-dir] [--only runtime|offload|nvptx|archer]
#
# build-dir defaults to ./build, work-dir to /tmp/omprt-llvm-tests. Needs
# network access once (the 160 MB tarball), python3-psutil (lit's per-test
# timeout: 120 s), FileCheck and not (llvm-19-tools). Prints a count per
# outcome for each runtime, then every test whose outcome differs, with the
# known differences marked and explained below. A report, not a test: exit
# status 0 unless set-up fails. About 35 minutes on 2 cores (nvptx: 8).
set -euo pipefail
export LC_ALL=C # sort and join agree on the order
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
work=${2:-/tmp/omprt-llvm-tests}
only=${4:-}
[ "${3:-}" = --only ] || only=""
llvm_lib=/usr/lib/llvm-19/lib
llvm_bin=/usr/lib/llvm-19/bin
cuda=/usr/local/cuda
version=19.1.7
[ -e "$build/lib/libomp.so.5" ] || { echo "llvm_testsuite: no $build/lib/libomp.so.5 (build first)" >&2; exit 2; }
[ -e "$llvm_lib/libomp.so.5" ] || { echo "llvm_testsuite: LLVM 19's libomp missing (libomp-19-dev)" >&2; exit 2; }

need=()
[ -x "$llvm_bin/FileCheck" ] || need+=(llvm-19-tools)
/usr/bin/python3 -c 'import psutil' 2>/dev/null || need+=(python3-psutil)
if [ ${#need[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" = 0 ] || sudo=sudo
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q "${need[@]}"
fi

src=$work/llvm-toolchain-19_$version
if [ ! -d "$src/openmp/runtime/test" ] || [ ! -d "$src/openmp/tools/archer/tests" ]; then
  mkdir -p "$work"
  tarball=$work/llvm-toolchain-19_$version.orig.tar.xz
  [ -s "$tarball" ] || curl -fsSL -o "$tarball" \
    "http://deb.debian.org/debian/pool/main/l/llvm-toolchain-19/llvm-toolchain-19_$version.orig.tar.xz"
  tar -xf "$tarball" -C "$work" --wildcards '*/openmp/runtime/test/*' \
    '*/openmp/runtime/src/*' '*/offload/test/*' '*/llvm/utils/lit/*' \
    '*/openmp/tools/archer/tests/*'
fi
lit=(/usr/bin/python3 "$src/llvm/utils/lit/lit.py" -j"$(nproc)" --timeout 120 -s)

# The compiler every suite's programs are built with: clang-19 and its
# OpenMP flag, as a user's (all three site configs name these keys).
compiler_site() {
  cat <<EOF
config.test_c_compiler = "/usr/bin/clang-19"
config.test_cxx_compiler = "/usr/bin/clang++-19"
config.test_compiler_features = ["clang", "clang-19"]
config.test_openmp_flags = "-fopenmp"
config.test_extra_flags = ""
config.operating_system = "Linux"
EOF
}

# lit.site.cfg for libomp's suite, against the runtime in $2.
runtime_site() {
  compiler_site
  cat <<EOF
config.test_compiler_has_omp_h = False
config.test_filecheck = "$llvm_bin/FileCheck"
config.test_not = "$llvm_bin/not"
config.libomp_obj_root = "$1"
config.library_dir = "$2"
config.omp_header_directory = "$llvm_lib/clang/19/include"
config.hwloc_library_dir = ""
config.using_hwloc = False
config.has_ompt = True
config.has_ompx_taskgraph = False
config.has_libm = True
config.has_libatomic = True
config.is_standalone_build = True
config.has_omit_frame_pointer_flag = True
config.target_arch = "x86_64"
lit_config.load_config(config, "$src/openmp/runtime/test/lit.cfg")
EOF
}

# lit.site.cfg for libomptarget's suite, against the runtime in $2, on the
# device $offload_target names: x86_64-pc-linux-gnu (default: programs are
# built and run), or nvptx64-nvidia-cuda[-LTO] (sm_90), build only: each
# test's programs are built with the device runtime in $2 (linked into the
# device image: --libomptarget-nvptx-bc-path, libomptarget.devicertl.a),
# through ptxas and nvlink, and never run (the machines that build have no
# GPU, those with a GPU no clang). There a test passes when every program
# builds; runs become no-ops and FileCheck reads nothing. What that finds is
# device ABI that one runtime lacks: an undefined symbol at the device link,
# code that ptxas rejects.
offload_site() {
  local target=${offload_target:-x86_64-pc-linux-gnu} f
  local libdir=$2 intdir=$llvm_lib filecheck=$llvm_bin/FileCheck
  local cuda_path="" arch="" all_targets='"x86_64-pc-linux-gnu"'
  compiler_site
  if [[ $target == nvptx* ]]; then
    libdir=$1/lib intdir=$2 filecheck=$1/sink cuda_path=$cuda arch=90
    mkdir -p "$libdir"
    for f in "$2"/*; do ln -sf "$f" "$libdir/"; done
    ln -sfn "$2" "$libdir/DeviceRTL" # lit.cfg's bc path is <library_dir>/DeviceRTL
    printf '#!/bin/sh\ncat >/dev/null\n' >"$filecheck"
    chmod +x "$filecheck"
    # every target a RUN line names: the others become "echo ignored-command"
    all_targets='"aarch64-unknown-linux-gnu", "aarch64-unknown-linux-gnu-LTO",
  "x86_64-pc-linux-gnu", "x86_64-pc-linux-gnu-LTO", "s390x-ibm-linux-gnu",
  "s390x-ibm-linux-gnu-LTO", "powerpc64-ibm-linux-gnu",
  "powerpc64le-ibm-linux-gnu", "amdgcn-amd-amdhsa", "'$target'"'
    echo 'config.test_extra_flags = "--offload-arch=sm_90"'
  fi
  cat <<EOF
config.bin_llvm_tools_dir = "$llvm_bin"
config.test_fortran_compiler = ""
config.cuda_path = "$cuda_path"
config.cuda_libdir = ""
config.cuda_test_arch = "$arch"
config.amdgpu_test_arch = ""
config.libomptarget_obj_root = "$1/$target"
config.library_dir = "$libdir"
config.llvm_library_dir = "$libdir"
config.llvm_library_intdir = "$intdir"
config.omp_header_directory = "$llvm_lib/clang/19/include"
config.omp_host_rtl_directory = "$2"
config.llvm_lib_directory = "$2"
config.libomptarget_all_targets = [$all_targets]
config.libomptarget_current_target = "$target"
config.libomptarget_filecheck = "$filecheck"
config.libomptarget_not = "$llvm_bin/not"
config.libomptarget_debug = False
config.has_libomptarget_ompt = True
config.libomptarget_has_libc = False
lit_config.load_config(config, "$src/offload/test/lit.cfg")
EOF
  if [[ $target == nvptx* ]]; then
    cat <<EOF
# Build only: the program runs (expected to fail or not) become no-ops.
config.substitutions = [(k, "true") if k.startswith(("%libomptarget-run-nvptx", "%libomptarget-run-fail-nvptx"))
                        else (k, v) for k, v in config.substitutions]
EOF
  fi
}

# lit.site.cfg for Archer's suite: TSan-instrumented programs on the
# runtime in $2, with LLVM 19's libarcher.so (the runtime loads it as its
# tool of last resort) found through $1, which holds only a link to it.
archer_site() {
  ln -sf "$llvm_lib/libarcher.so" "$1/libarcher.so"
  mkdir -p "$1/obj"
  compiler_site
  cat <<EOF
config.test_filecheck = "$llvm_bin/FileCheck"
config.test_not = "$llvm_bin/not"
config.libomp_obj_root = "$1"
config.omp_library_dir = "$2"
config.omp_header_dir = "$llvm_lib/clang/19/include"
config.has_libatomic = True
config.has_tsan = True
config.test_archer_flags = ""
config.libarcher_obj_root = "$1/obj"
lit_config.load_config(config, "$src/openmp/tools/archer/tests/lit.cfg")
EOF
}

# Known differences, by test (a regex on the lit name), each with its reason.
# Message wording: ours says "omp: warning:"/"omptarget: error:" in our own
# words (STYLE.md), where LLVM's tests FileCheck LLVM's; fatal offload errors
# exit 1 where LLVM aborts (lit's `not --crash`).
declare -A why=(
  ['env/kmp_dispatch_buf_range']='message wording'
  ['env/omp_alloc_env_invalid']='message wording'
  ['ompt/misc/runtime_error']='message wording'
  ['ompt/misc/api_calls_from_other_thread']='ompt_get_state on a thread unknown to the runtime: ompt_state_undefined (the specification); LLVM says work_serial'
  ['ompt/teams/(parallel_team|serial_teams|serialized|team)']='LLVM reports a parallel region of its own inside each host team; ours reports the teams construct only'
  ['tasking/hidden_helper_task/affinity']='LLVM-specific affinity report wording'
  ['tasking/kmp_task_deps_multiple_edges']='calls LLVM testing hooks (__kmpc_task_get_successors), not provided'
  ['mapping/declare_mapper_api']='treats the mapper handle as LLVM internal std::vector'
  ['mapping/low_alignment']='passes on LLVM by reuse of freed device memory: the kernel writes members that are not mapped'
  ['mapping/(alloc_fail|padding_not_mapped|present/|target_wrong_use_device_addr|ompx_hold/omp_target_disassociate_ptr)']='message wording (and exit 1 where LLVM aborts)'
  ['(api/omp_env_vars|offloading/force-usm|offloading/shared_lib_fp_mapping)']='LIBOMPTARGET_INFO wording'
  ['offloading/requires']='message wording'
)

run_suite() { # suite-name site-function
  local name=$1 site=$2 v lib dir
  for v in llvm ours; do
    lib=$llvm_lib
    [ $v = ours ] && lib=$build/lib
    dir=$work/$name-$v
    rm -rf "$dir"
    mkdir -p "$dir"
    $site "$dir" "$lib" >"$dir/lit.site.cfg"
    echo "running LLVM's $name tests on $v ($lib)..." >&2
    "${lit[@]}" --xunit-xml-output "$dir/results.xml" "$dir" >"$dir/lit.log" 2>&1 || true
    # one "<outcome> <test>" line per test that did not pass
    grep -E '^(FAIL|XPASS|TIMEOUT|UNRESOLVED): ' "$dir/lit.log" |
      sed -E 's/^([A-Z]+): [^:]+:: ((x86_64-pc-linux-gnu|nvptx64-nvidia-cuda(-LTO)?) :: )?([^ ]+).*/\5 \1/' | sort >"$dir/failed.txt" || true
    echo "  $v:" "$(grep -E '^ *(Passed|Failed|Unsupported|Timed Out|Expectedly Failed|Unresolved) *:' "$dir/lit.log" |
      sed -E 's/ +/ /g; s/ \([0-9.]+%\)//' | tr '\n' ';')"
  done
  echo "  differences (test: LLVM 19, ours):"
  join -a1 -a2 -e pass -o 0,1.2,2.2 "$work/$name-llvm/failed.txt" "$work/$name-ours/failed.txt" |
    while read -r test l o; do
      [ "$l" = "$o" ] && continue
      local mark="" re
      for re in "${!why[@]}"; do
        [[ $test =~ $re ]] && mark="  (known: ${why[$re]})"
      done
      printf '    %-60s %-8s %-8s%s\n' "$test" "$l" "$o" "$mark"
    done
}

echo "LLVM $version's lit tests, clang-19, LLVM 19's runtime vs ours ($build/lib)"
if [ -z "$only" ] || [ "$only" = runtime ]; then
  echo "openmp/runtime/test:"
  run_suite runtime runtime_site
fi
if [ -z "$only" ] || [ "$only" = offload ]; then
  echo "offload/test (x86_64-pc-linux-gnu):"
  run_suite offload offload_site
fi
if { [ -z "$only" ] && [ -x "$cuda/bin/ptxas" ]; } || [ "$only" = nvptx ]; then
  echo "offload/test (nvptx64-nvidia-cuda, sm_90, build only: LLVM 19's device runtime vs ours):"
  offload_target=nvptx64-nvidia-cuda run_suite nvptx offload_site
  echo "offload/test (nvptx64-nvidia-cuda-LTO: the same with -foffload-lto):"
  offload_target=nvptx64-nvidia-cuda-LTO run_suite nvptx-lto offload_site
fi
if [ -z "$only" ] || [ "$only" = archer ]; then
  echo "openmp/tools/archer/tests (LLVM 19's libarcher.so):"
  run_suite archer archer_site
fi
echo "logs: $work/<suite>-<runtime>/lit.log"
