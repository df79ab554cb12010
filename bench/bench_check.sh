#!/usr/bin/env bash
# bench/bench_check.sh — cost of ctile-run --check on the two example kernels, scaled up:
#   GEMM    examples/gemm.mlir with 1024x1024 matrices (grid 16x16, k-loop of 32 steps)
#   softmax examples/softmax.mlir with 16384 rows of 128 (grid 2048)
# For each: the best of R runs (default 5; CPU time, user + sys, which a busy shared machine
# disturbs less than wall time) of an unchecked run, of
# --check=order,races,uninit (one run with shadow memory) and of --check=all (that plus
# the second run in another block order and the comparison), with the slowdown against the
# unchecked run, the best wall time of the R runs and its slowdown, and the peak RSS.
# Never run as a test.
#   bench/bench_check.sh [R] [BUILD_DIR]
set -euo pipefail
R=${1:-5}
BUILD=${2:-build}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
RUN="$ROOT/$BUILD/bin/ctile-run"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sed -e 's/256/1024/g' -e 's/<i32: 8>/<i32: 32>/' "$ROOT/examples/gemm.mlir" >"$tmp/gemm.mlir"
sed -e 's/1024/16384/g' "$ROOT/examples/softmax.mlir" >"$tmp/softmax.mlir"
gemm=("$tmp/gemm.mlir" --entry gemm_f32 --grid 16,16 --arg 'f32[1024,1024]=rand:1'
      --arg 'f32[1024,1024]=rand:2' --arg 'f32[1024,1024]=zeros')
soft=("$tmp/softmax.mlir" --entry softmax_rows --grid 2048 --arg 'f32[16384,128]=rand:1'
      --arg 'f32[16384,128]=zeros')

# best CPU time (s) and its peak RSS (KB), and the best wall time (s), over R runs of
# ctile-run "$@"
best() {
  local b="" m="" w=""
  for _ in $(seq "$R"); do
    /usr/bin/time -f "%U %S %M %e" -o "$tmp/t" "$RUN" "$@" >/dev/null
    read -r tu ts rss te <"$tmp/t"
    t=$(awk "BEGIN{print $tu + $ts}")
    if [ -z "$b" ] || awk "BEGIN{exit !($t < $b)}"; then b=$t m=$rss; fi
    if [ -z "$w" ] || awk "BEGIN{exit !($te < $w)}"; then w=$te; fi
  done
  echo "$b $m $w"
}

printf '%-8s %-20s %8s %9s %8s %9s %10s\n' kernel mode 'cpu(s)' slowdown 'wall(s)' slowdown 'RSS(MB)'
for k in gemm soft; do
  if [ $k = gemm ]; then args=("${gemm[@]}"); name=GEMM; else args=("${soft[@]}"); name=softmax; fi
  read -r t0 m0 w0 < <(best "${args[@]}")
  for mode in none order,races,uninit all; do
    if [ $mode = none ]; then t=$t0 m=$m0 w=$w0; else read -r t m w < <(best "${args[@]}" --check=$mode); fi
    awk -v k=$name -v mode="$mode" -v t=$t -v t0=$t0 -v m=$m -v w=$w -v w0=$w0 \
      'BEGIN{printf "%-8s %-20s %8.2f %8.1fx %8.2f %8.1fx %10.1f\n", k, mode, t,
             (t0 > 0 ? t / t0 : 0), w, (w0 > 0 ? w / w0 : 0), m / 1024}'
  done
done
