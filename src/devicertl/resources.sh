#!/usr/bin/env bash
# resources.sh — registers, static shared memory and stack per kernel, for
# the same kernels built against our nvptx device runtime and LLVM 19's.
#
#   src/devicertl/resources.sh <our lib dir> [arch] [source.c ...]
#
# <our lib dir> holds libomptarget-nvptx-<arch>.bc (build/lib). Without
# sources it measures test/devicertl/kernels/*.c: B1's kernel, a STREAM
# triad, a generic-mode kernel with sequential and parallel parts, an SPMD
# teams reduction. Each source is compiled once per runtime (clang-19,
# non-LTO: the runtime bitcode is linked into the translation unit and
# optimised with it, as in a real build), and ptxas -v (-c, as the build
# runs it) reports registers and stack of each entry. Needs clang-19 and
# CUDA's ptxas (OMPRT_CUDA_DIR, default /usr/local/cuda). Ends with totals
# over every kernel measured.
#
# Static shared memory is the sum of the sizes of the shared variables a
# kernel names, itself or through the functions it calls: what the device
# link gives it (shared()). Registers and stack are the kernel's own: a
# call to a function outside the unit (resolved at the device link) hides
# the callee's, and ptxas allocates the caller differently around it, so
# compare kernels with such calls (see docs/devicertl.md) with care.
#
# The mode column is the kernel's execution mode from its
# <name>_kernel_environment (byte 2: 1 generic, 2 SPMD, 3 generic-SPMD),
# as clang emitted it for our runtime. OMPRT_RESOURCES_KEEP=<dir> keeps
# each unit's PTX there (<source>.ours.s, <source>.llvm.s) for reading.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
ours=${1:?usage: resources.sh <our lib dir> [arch] [source.c ...]}
ours=$(cd "$ours" && pwd)
arch=${2:-sm_90}
shift $(( $# >= 2 ? 2 : 1 ))
sources=("$@")
if [ ${#sources[@]} -eq 0 ]; then
  sources=("$here"/../../test/devicertl/kernels/*.c)
fi
llvm=${OMPRT_LLVM_LIB_DIR:-/usr/lib/llvm-19/lib}
cuda=${OMPRT_CUDA_DIR:-/usr/local/cuda}
keep=${OMPRT_RESOURCES_KEEP:-}
[ -z "$keep" ] || { mkdir -p "$keep"; keep=$(cd "$keep" && pwd); }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/tu" # the jobs' files land here

[ -f "$ours/libomptarget-nvptx-$arch.bc" ] || { echo "omptarget: no $ours/libomptarget-nvptx-$arch.bc" >&2; exit 1; }

# ptx <runtime bc dir> <source> <out.s>: the translation unit's PTX, from
# the jobs of a real build (clang -###): the host IR, then the device
# compile, which links the runtime bitcode once and optimises. Not
# -save-temps: that splits the device compile in two and links the
# runtime into each half, which is not the compile a build runs.
ptx() {
  local dir=$1 src=$2 out=$3 jobs
  mapfile -t jobs < <(cd "$work/tu" && TMPDIR="$work/tu" clang-19 -### -fopenmp \
     -fopenmp-targets=nvptx64 --offload-arch="$arch" --libomptarget-nvptx-bc-path="$dir" \
     --cuda-path="$cuda" -O2 -w -c "$src" -o tu.o 2>&1 | grep '^ "')
  [[ ${jobs[1]} == *'"nvptx64-nvidia-cuda"'*'"-S"'* ]] ||
    { echo "omptarget: unexpected clang jobs for $src" >&2; exit 1; }
  (cd "$work/tu" && eval "${jobs[0]}" && eval "${jobs[1]} -o $out")
  rm -f "$work"/tu/*
}

# ptxas -v, one line per kernel: name regs smem stack
usage() {
  "$cuda/bin/ptxas" -c -v -arch="$arch" "$1" -o "$work/ptxas.o" 2>&1 | awk '
    /Compiling entry function/ { name = $0; sub(/.*function .__omp_offloading_[0-9a-f]+_[0-9a-f]+_/, "", name); sub(/. for .*/, "", name) }
    /bytes stack frame/ { stack = $1 }
    /Used [0-9]+ registers/ {
      regs = $0; sub(/.*Used /, "", regs); sub(/ registers.*/, "", regs)
      smem = 0; if (match($0, /[0-9]+ bytes smem/)) { smem = substr($0, RSTART); sub(/ bytes smem/, "", smem) }
      printf "%s %s %s %s\n", name, regs, smem, stack }'
}

# shared <file.s>, one line per kernel: name and the bytes of static shared
# memory it references, itself or through the functions it calls, which is
# what the device link gives it. ptxas -c counts only the variables the
# backend moved into the kernel, those no other function of the unit
# names; a variable the runtime's other functions name stays at module
# scope and was missing from its count (and with it, in units of one
# kernel, most of the team state).
shared() {
  awk '
    function words(line,    w) {
      while (match(line, /[A-Za-z_$%][A-Za-z0-9_$]*/)) {
        w = substr(line, RSTART, RLENGTH); line = substr(line, RSTART + RLENGTH)
        if (w in size) refs[fn, w] = 1
      }
    }
    NR == FNR {
      if ($0 ~ /^[ \t]*(\.weak |\.visible |\.extern )?\.shared /) {
        decl = $0; sub(/[ \t]*;.*/, "", decl); n = split(decl, f, /[ \t]+/); name = f[n]
        count = 1; if (match(name, /\[[0-9]+\]/)) { count = substr(name, RSTART + 1, RLENGTH - 2); sub(/\[.*/, "", name) }
        bytes = 8; for (i = 1; i <= n; i++) if (f[i] ~ /^\.[bsuf](8|16|32|64)$/) { bytes = substr(f[i], 3) / 8 }
        size[name] = bytes * count
      }
      next
    }
    /^(\.visible |\.weak )?\.(entry|func)/ {
      head = $0; sub(/\(.*/, "", head); sub(/^(\.visible |\.weak )?\.(entry|func)[ \t]*/, "", head)
      if (head == "") { h = $0; sub(/^[^)]*\)[ \t]*/, "", h); sub(/[ \t(].*/, "", h); head = h }
      pending = head; kind = ($0 ~ /\.entry/) ? "entry" : "func"; next
    }
    pending != "" && /^;/ { pending = ""; next }
    pending != "" && /^\{/ { fn = pending; pending = ""; entry[fn] = (kind == "entry"); next }
    fn != "" && /^\}/ { fn = ""; next }
    fn != "" {
      if (calling) { callee = $0; gsub(/[ \t,]/, "", callee); if (callee != "") { calls[fn, callee] = 1; calling = 0 } }
      if ($0 ~ /^[ \t]*call/) { c = $0; sub(/.*call(\.uni)?[ \t]*(\([^)]*\),)?[ \t]*/, "", c); gsub(/[ \t,]/, "", c); if (c != "") calls[fn, c] = 1; else calling = 1 }
      words($0)
    }
    END {
      for (k in entry) {
        if (!entry[k]) continue
        delete seen; delete todo; nt = 1; todo[1] = k; total = 0; delete counted
        while (nt > 0) {
          g = todo[nt--]; if (g in seen) continue; seen[g] = 1
          for (key in refs) { split(key, p, SUBSEP); if (p[1] == g && !(p[2] in counted)) { counted[p[2]] = 1; total += size[p[2]] } }
          for (key in calls) { split(key, p, SUBSEP); if (p[1] == g) todo[++nt] = p[2] }
        }
        name = k; sub(/^__omp_offloading_[0-9a-f]+_[0-9a-f]+_/, "", name)
        print name, total
      }
    }' "$1" "$1"
}

# modes <file.s>, one line per kernel: name and execution mode, from the
# first 64-bit word of its kernel environment (ConfigurationEnvironmentTy:
# UseGenericStateMachine, MayUseNestedParallelism, ExecMode, ...).
modes() {
  awk '/_kernel_environment\[[0-9]+\] = \{/ {
      name = $0; sub(/_kernel_environment\[.*/, "", name); sub(/.* __omp_offloading_[0-9a-f]+_[0-9a-f]+_/, "", name)
      word = $0; sub(/.*= \{/, "", word); sub(/,.*/, "", word)
      mode = int(word / 65536) % 256
      print name, (mode == 1 ? "generic" : mode == 2 ? "spmd" : mode == 3 ? "gen-spmd" : "?") }' "$1"
}

printf '%-28s %-8s %14s %14s %14s\n' "kernel ($arch)" "mode" "registers" "static smem B" "stack B"
printf '%-28s %-8s %14s %14s %14s\n' "" "" "ours / LLVM" "ours / LLVM" "ours / LLVM"
for src in "${sources[@]}"; do
  src=$(cd "$(dirname "$src")" && pwd)/$(basename "$src")
  [ ${#sources[@]} -gt 1 ] && echo "$(basename "$src"):"
  ptx "$ours" "$src" "$work/ours.s"
  ptx "$llvm" "$src" "$work/llvm.s"
  [ -z "$keep" ] || { cp "$work/ours.s" "$keep/$(basename "$src").ours.s"; cp "$work/llvm.s" "$keep/$(basename "$src").llvm.s"; }
  modes "$work/ours.s" > "$work/modes.txt"
  for side in ours llvm; do
    shared "$work/$side.s" > "$work/$side.smem"
    usage "$work/$side.s" | while read -r name regs smem stack; do
      smem=$(awk -v k="$name" '$1 == k { print $2 }' "$work/$side.smem")
      echo "$name $regs ${smem:-0} $stack"
    done > "$work/$side.txt"
  done
  while read -r name regs smem stack; do
    read -r _ lregs lsmem lstack < <(grep "^$name " "$work/llvm.txt" || echo "- - - -")
    mode=$(awk -v k="$name" '$1 == k { print $2 }' "$work/modes.txt")
    printf '%-28s %-8s %14s %14s %14s\n' "$name" "${mode:-bare}" "$regs / $lregs" "$smem / $lsmem" "$stack / $lstack"
    echo "$regs $lregs $smem $lsmem $stack $lstack ${mode:-bare}" >> "$work/all.txt"
  done < "$work/ours.txt"
done

# Totals; "above": kernels where ours uses more than LLVM's. The SPMD line
# is issue 7's target: registers <= LLVM's, 0 B static shared memory.
awk '$2 != "-" {
    n++; r += $1; lr += $2; s += $3; ls += $4; k += $5; lk += $6
    if ($1 > $2) rm++; if ($1 < $2) rl++; if ($3 > $4) sm++; if ($5 > $6) km++
    if ($7 == "spmd") { sn++; if ($1 > $2) srm++; if ($3 > 0) ssm++; if ($3 > $4) ssa++ } }
  END { printf "%-37s %14s %14s %14s\n", "total (" n " kernels)", r " / " lr, s " / " ls, k " / " lk
        printf "%-37s %14s %14s %14s\n", "ours above / below LLVM", rm + 0 " / " rl + 0, sm + 0 " above", km + 0 " above"
        printf "%-37s %14s %14s\n", "SPMD (" sn + 0 "): above LLVM / smem > 0", srm + 0 " above", ssa + 0 " / " ssm + 0 }' \
  "$work/all.txt"
