#!/usr/bin/env bash
# PNG plots of the benchmark CSVs, drawn with gnuplot (Debian gnuplot-nox).
#
#   bench/plot/plot.sh <build dir> [--out DIR]
#
# From <build>/bench/b14.csv (bench/b14/run.sh): one PNG per benchmark,
# b14_B1.png .. b14_B4.png, speedup async/sync against N (log2 axis), one
# colour per T, ours solid and LLVM 19 dashed: the hidden-helper paper's
# Fig. 6/7 with LLVM 19 in place of the prototype's baseline. From
# <build>/bench/matmul.csv (bench/matmul/run.sh), when present:
# matmul_indep.png and matmul_dep.png, the speedup of ours over LLVM 19
# (LLVM time / ours) against the matrix size, as the seed-001 poster's
# Fig. 5/6 (T_polling / T_detaching). Cells without a value (failed runs)
# leave gaps. Output: <build>/bench/plots unless --out; prints each PNG.
# Exit status: 0 (also when gnuplot is missing: it says so), 1 when no CSV.
set -euo pipefail

usage() {
  sed -n '4p' "$0" | sed 's/^# *//' >&2
  exit 2
}
(($# >= 1)) || usage
build=$1
shift
out=$build/bench/plots
while (($#)); do
  case $1 in
    --out) out=${2:?--out needs a directory}; shift ;;
    *) usage ;;
  esac
  shift
done
if ! command -v gnuplot >/dev/null; then
  echo "plot: gnuplot is not installed (apt-get install gnuplot-nox); no plots drawn"
  exit 0
fi
b14_csv=$build/bench/b14.csv matmul_csv=$build/bench/matmul.csv
if [ ! -s "$b14_csv" ] && [ ! -s "$matmul_csv" ]; then
  echo "plot: neither $b14_csv nor $matmul_csv exists (run bench/b14/run.sh or bench/matmul/run.sh)" >&2
  exit 1
fi
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Common look: PNG via cairo, log2 x axis labelled 2^k, log y with the
# break-even line at 1. A NaN value (a failed cell) breaks its line.
header() { # title xlabel ylabel png
  cat <<EOF
set terminal pngcairo size 900,600 enhanced font ",11"
set output "$4"
set title "$1"
set xlabel "$2"
set ylabel "$3"
set logscale x 2
set format x "2^{%L}"
set logscale y 10
set grid xtics ytics mytics
set key outside right top box
set arrow from graph 0, first 1 to graph 1, first 1 nohead dashtype 3 lc rgb "gray40"
EOF
}

# gnuplot warns about series without points (all runs of a line failed);
# its messages are shown only when it fails.
draw() { gnuplot "$1" 2>"$work/gnuplot.err" || { cat "$work/gnuplot.err" >&2; exit 1; }; }

# --- B1-B4: one file per (bench, T): "N ours_speedup llvm_speedup" -------
if [ -s "$b14_csv" ]; then
  ts=$(awk -F, 'NR > 1 { print $3 }' "$b14_csv" | sort -n -u | tr '\n' ' ')
  for bench in B1 B2 B3 B4; do
    grep -q "^$bench," "$b14_csv" || continue
    for t in $ts; do
      awk -F, -v b="$bench" -v t="$t" 'NR > 1 && $1 == b && $3 == t {
          o = $6 == "" ? "NaN" : $6; l = $9 == "" ? "NaN" : $9; print $2, o, l }' \
        "$b14_csv" | sort -n >"$work/$bench.$t.dat"
    done
    png=$out/b14_$bench.png
    {
      header "$bench: speedup of nowait over synchronous target regions (ours solid, LLVM 19 dashed)" \
        "N (vector length)" "speedup async / sync" "$png"
      echo "Ts = \"$ts\""
      echo "plot for [i=1:words(Ts)] sprintf('$work/$bench.%s.dat', word(Ts, i)) \\"
      echo "       using 1:2 with linespoints lc i lw 2 pt 7 dashtype 1 title sprintf('ours T=%s', word(Ts, i)), \\"
      echo "     for [i=1:words(Ts)] sprintf('$work/$bench.%s.dat', word(Ts, i)) \\"
      echo "       using 1:3 with linespoints lc i lw 2 pt 6 dashtype 2 title sprintf('LLVM T=%s', word(Ts, i))"
    } >"$work/$bench.gp"
    draw "$work/$bench.gp"
    echo "plot: $png"
  done
fi

# --- matmul: LLVM time / ours time against S -------------------------------
if [ -s "$matmul_csv" ]; then
  # mode,mem,size,tasks,chains,length,ours_us,llvm_us,ours_over_llvm,llvm_over_ours,...
  for mode in indep dep; do
    grep -q "^$mode," "$matmul_csv" || continue
    series=$(awk -F, -v m="$mode" 'NR > 1 && $1 == m {
        print (m == "dep" ? $2 "_C" $5 "xL" $6 : $2) }' "$matmul_csv" | sort -u | tr '\n' ' ')
    for s in $series; do
      awk -F, -v m="$mode" -v s="$s" 'NR > 1 && $1 == m {
          key = m == "dep" ? $2 "_C" $5 "xL" $6 : $2
          if (key == s) print $3, ($10 == "" ? "NaN" : $10) }' "$matmul_csv" |
        sort -n >"$work/mm.$mode.$s.dat"
    done
    png=$out/matmul_$mode.png
    if [ "$mode" = indep ]; then
      title="independent matmul target tasks: speedup of ours over LLVM 19"
    else
      title="matmul chains (depend(inout)): speedup of ours over LLVM 19"
    fi
    {
      header "$title" "matrix size S (S x S doubles)" "LLVM time / ours time" "$png"
      echo "Ss = \"$series\""
      echo "plot for [i=1:words(Ss)] sprintf('$work/mm.$mode.%s.dat', word(Ss, i)) \\"
      echo "       using 1:2 with linespoints lc i lw 2 pt 7 title word(Ss, i)"
    } >"$work/mm.$mode.gp"
    draw "$work/mm.$mode.gp"
    echo "plot: $png"
  done
fi
