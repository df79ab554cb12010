#!/usr/bin/env bash
# bench/bench_perf.sh — ctile's tools against NVIDIA's recorded figures on ../shared/perf's module.
#
# Builds the benchmark module (gen_large.py over ../shared/perf/kernels, 700 copies: 126,002 ops,
# 9.5 MB) in a temporary folder and prints, per measured command: the instruction count
# (valgrind --tool=callgrind, repeatable on a busy machine, unlike wall time), instructions per op,
# peak RSS (/usr/bin/time -v, one run outside valgrind) and the ratio to NVIDIA's recorded figure
# for the same job (../shared/perf/README.md: cuda-tile-opt 5,060,805,664 instructions, 124.5 MiB).
# Then the per-op instruction count of ctile-opt's custom print at about 10k, 126k and 500k ops,
# which is flat when the cost is linear in the module's size.  Never run as a test.
#   bench/bench_perf.sh [BUILD_DIR]          (default build; needs valgrind and /usr/bin/time)
#   PERF_DIR=...  the folder holding gen_large.py and kernels/ (default ../shared/perf)
#   NO_LINEAR=1   skip the 10k/500k linearity lines (the 500k run takes a few minutes)
set -euo pipefail
BUILD=${1:-build}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PERF=${PERF_DIR:-$ROOT/../shared/perf}
case "$BUILD" in /*) BIN="$BUILD/bin" ;; *) BIN="$ROOT/$BUILD/bin" ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

KERNELS=(kernels/gemm.mlir kernels/softmax.mlir kernels/kernels_atomics.mlir
         kernels/kernels_gemm.mlir kernels/kernels_loop_exit.mlir kernels/kernels_reduce.mlir
         kernels/kernels_softmax.mlir)
# NVIDIA/cuda-tile v13.3.2's recorded figures (../shared/perf/README.md)
NV_OPT_INSTR=5060805664 NV_OPT_KB=127488          # cuda-tile-opt, 124.5 MiB

# module COPIES OUT: the benchmark module with COPIES copies of the kernels
module() {
  (cd "$PERF" && python3 gen_large.py "$1" "${KERNELS[@]}") >"$2"
}

# ops FILE: the number of operations ctile-opt counts in FILE
ops() {
  "$BIN/ctile-opt" --stats "$1" -o /dev/null 2>&1 | awk -F, '/, *[0-9]+$/ {n += $NF} END {print n}'
}

# instr CMD...: callgrind's instruction count for one run of CMD
instr() {
  valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" "$@" 2>"$tmp/cg.log" >/dev/null
  awk '/Collected :/ {print $NF}' "$tmp/cg.log"
}

# rss CMD...: peak RSS (KB) of one run of CMD
rss() {
  /usr/bin/time -f "%M" -o "$tmp/rss" "$@" >/dev/null
  cat "$tmp/rss"
}

# line NAME NV_INSTR NV_KB OPS CMD...: one result line
line() {
  local name=$1 nvi=$2 nvk=$3 n=$4
  shift 4
  local i k
  i=$(instr "$@")
  k=$(rss "$@")
  awk -v name="$name" -v i="$i" -v k="$k" -v n="$n" -v nvi="$nvi" -v nvk="$nvk" 'BEGIN {
    printf "%-34s %15s %8.0f %8.1f   %6.2fx fewer  %6.2fx less\n", name, i, i / n, k / 1024,
           nvi / i, nvk / k }'
}

header() {
  printf '%-34s %15s %8s %8s   %-13s  %s\n' command instructions 'per op' 'RSS MiB' \
         'instr vs NV' 'RSS vs NV'
}

big="$tmp/big.mlir"
module 700 "$big"
N=$(ops "$big")
echo "module: $N ops, $(wc -c <"$big") bytes (gen_large.py 700); NVIDIA: cuda-tile-opt 5,060,805,664" \
     "instructions, 124.5 MiB"
echo "target: >= 10x fewer instructions and <= 1/4 of the peak RSS"
header

# --- text (ctile-opt) ---
opt_custom() { line "ctile-opt (custom print)" $NV_OPT_INSTR $NV_OPT_KB "$N" \
  "$BIN/ctile-opt" "$big" -o /dev/null; }
opt_generic() { line "ctile-opt --mlir-print-op-generic" $NV_OPT_INSTR $NV_OPT_KB "$N" \
  "$BIN/ctile-opt" --mlir-print-op-generic "$big" -o /dev/null; }
opt_canon() { line "ctile-opt --canonicalize" $NV_OPT_INSTR $NV_OPT_KB "$N" \
  "$BIN/ctile-opt" --canonicalize "$big" -o /dev/null; }
opt_custom
opt_generic
opt_canon

# --- bytecode ---
# ctile-translate write and read against NVIDIA's recorded figures (kept in that script),
# split into parse / verify / writer or reader / print, and the
# conversion, canonicalize and lowering lines against parse+verify.
echo
"$ROOT/bench/bench_perf_bytecode.sh" "$BUILD"

# --- linearity ---
if [ -z "${NO_LINEAR:-}" ]; then
  echo
  echo "linearity: ctile-opt (custom print) instructions per op"
  for copies in 56 700 2778; do
    f="$tmp/m$copies.mlir"
    module "$copies" "$f"
    n=$(ops "$f")
    i=$(instr "$BIN/ctile-opt" "$f" -o /dev/null)
    awk -v n="$n" -v i="$i" 'BEGIN { printf "  %8d ops %15s instructions %8.0f per op\n", n, i, i / n }'
    rm -f "$f"
  done
fi
