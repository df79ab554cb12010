#!/usr/bin/env bash
# bench/bench_perf_bytecode.sh — ctile-translate's bytecode write and read, and the cost of
# conversion, canonicalization and lowering against parse+verify, on the benchmark module of
# ../shared/perf (gen_large.py 700 over its kernels/: ~126k ops, 9.5 MB), next to NVIDIA's
# recorded figures for the same module (../shared/perf/README.md, cuda-tile v13.3.2).
#
# Instruction counts come from valgrind --tool=callgrind (repeatable on a busy machine);
# peak RSS from /usr/bin/time in a separate run without valgrind.  Each tool line is split
# into the parts the profile attributes to it (inclusive counts of asm_parse_buffer,
# ir_verify, bc_write_module or, where ctile-translate writes a batch of functions at a
# time, bc_stream_writer_*, asm_print_op_to, and for the reader bc_read_module or, where
# it reads a batch at a time, bc_lazy_open, bc_lazy_load_module_shell and
# bc_lazy_load_function): the writer's and reader's own
# cost is what lib/bytecode spends, apart from the text parser and printer.
#
#   bench/bench_perf_bytecode.sh [BUILD_DIR] [--scale]
#
# --scale also runs write and read at ~10k and ~500k ops (55 and 2800 copies) and prints
# the instructions per op at each size (flat = linear).  Never run as a test: the three
# callgrind runs at the default size take a few minutes.
set -euo pipefail
BUILD=build
SCALE=0
for a in "$@"; do
  case "$a" in
  --scale) SCALE=1 ;;
  *) BUILD=$a ;;
  esac
done
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PERF="$ROOT/../shared/perf"
case "$BUILD" in /*) BDIR=$BUILD ;; *) BDIR=$ROOT/$BUILD ;; esac
TR="$BDIR/bin/ctile-translate"
OPT="$BDIR/bin/ctile-opt"
for t in "$TR" "$OPT"; do
  [ -x "$t" ] || { echo "bench_perf_bytecode: $t not built" >&2; exit 2; }
done
[ -f "$PERF/gen_large.py" ] || { echo "bench_perf_bytecode: $PERF/gen_large.py not found" >&2; exit 2; }
command -v valgrind >/dev/null && command -v callgrind_annotate >/dev/null ||
  { echo "bench_perf_bytecode: needs valgrind (callgrind) and callgrind_annotate" >&2; exit 2; }
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# NVIDIA cuda-tile v13.3.2 on the 700-copy module (../shared/perf/README.md).
NV_W_INSTR=3773923257 NV_W_RSS=106.4
NV_R_INSTR=3265278737 NV_R_RSS=97.0
NV_BC_SIZE=815707

KERNELS=(kernels/gemm.mlir kernels/softmax.mlir kernels/kernels_atomics.mlir
         kernels/kernels_gemm.mlir kernels/kernels_loop_exit.mlir kernels/kernels_reduce.mlir
         kernels/kernels_softmax.mlir)
gen() { (cd "$PERF" && "$PY" gen_large.py "$1" "${KERNELS[@]}") >"$2"; }

# Operations in a module: one line per op in the generic form.
count_ops() {
  "$OPT" --mlir-print-op-generic "$1" -o "$tmp/generic.mlir"
  grep -c '"[a-z_]*\.[a-z_.]*"' "$tmp/generic.mlir" || true
  rm -f "$tmp/generic.mlir"
}

# callgrind over "$@"; sets CG to the profile and TOTAL to its instruction count.
cg() {
  CG="$tmp/cg.$RANDOM"
  valgrind --tool=callgrind --callgrind-out-file="$CG" "$@" >/dev/null 2>"$CG.log" || {
    echo "bench_perf_bytecode: failed under callgrind: $*" >&2; tail -5 "$CG.log" >&2; exit 1; }
  TOTAL=$(awk '/^(totals|summary):/ { print $2; exit }' "$CG")
  callgrind_annotate --inclusive=yes "$CG" 2>/dev/null >"$CG.inc" || true
}
# Inclusive instructions of DIR/FILE.c:FUNC in the last profile (0 if absent).
inc() {
  # fields: count (percent) [dir/]file:function [object]; paths may be relative
  awk -v k="$1" '{ for (i = 2; i <= NF; i++)
                     if ($i == k || substr($i, length($i) - length(k)) == "/" k) {
                       gsub(",", "", $1); v = $1; exit } } END { print v + 0 }' "$CG.inc"
}
# Peak RSS in MiB of "$@" (no valgrind).
rss() {
  /usr/bin/time -f "%M" -o "$tmp/rss" "$@" >/dev/null 2>&1 || true
  awk '{printf "%.1f", $1 / 1024}' "$tmp/rss"
}
# Thousands separators without depending on an installed locale.
fmt() { echo "$1" | sed -e ':a' -e 's/\([0-9]\)\([0-9]\{3\}\)\($\|,\)/\1,\2\3/' -e 'ta'; }
per() { fmt "$(awk -v a="$1" -v n="$2" 'BEGIN { printf "%d", (n > 0 ? a / n : 0) }')"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }

big="$tmp/big.mlir"
gen 700 "$big"
nops=$(count_ops "$big")
echo "module: ../shared/perf gen_large.py 700 ($(fmt "$nops") ops, $(stat -c %s "$big") bytes)"

# ---- write
cg "$TR" -mlir-to-cudatilebc -no-implicit-module "$big" -o "$tmp/big.tileirbc"
w_total=$TOTAL
# the batched write parses its headers with asm_parse_buffer and its batches of
# functions in place with asm_parse_op_range
w_parse=$(($(inc "lib/asm/parser.c:asm_parse_buffer") + $(inc "lib/asm/parser.c:asm_parse_op_range")))
w_verify=$(inc "lib/ir/verify.c:ir_verify")
# The whole-module write, or the pieces of the batched one (lib/tool/bc_stream.c).
w_own=$(inc "lib/bytecode/bc_writer.c:bc_write_module")
if [ "$w_own" = 0 ]; then
  w_own=$(($(inc "lib/bytecode/bc_writer.c:bc_stream_writer_declare") +
           $(inc "lib/bytecode/bc_writer.c:bc_stream_writer_globals") +
           $(inc "lib/bytecode/bc_writer.c:bc_stream_writer_function") +
           $(inc "lib/bytecode/bc_writer.c:bc_stream_writer_finish")))
fi
w_rss=$(rss "$TR" -mlir-to-cudatilebc -no-implicit-module "$big" -o "$tmp/w.tileirbc")
size=$(stat -c %s "$tmp/big.tileirbc")
echo "translate write: $(fmt "$w_total") instructions ($(per "$w_total" "$nops")/op), peak RSS $w_rss MiB;" \
     "NVIDIA $(fmt "$NV_W_INSTR") ($(per "$NV_W_INSTR" "$nops")/op), $NV_W_RSS MiB:" \
     "$(ratio "$NV_W_INSTR" "$w_total")x fewer instructions, $(ratio "$w_rss" "$NV_W_RSS")x the memory" \
     "(targets >= 10x, <= 0.25x)"
echo "  parse $(fmt "$w_parse") ($(per "$w_parse" "$nops")/op), verify $(fmt "$w_verify")" \
     "($(per "$w_verify" "$nops")/op), writer (lib/bytecode) $(fmt "$w_own") ($(per "$w_own" "$nops")/op," \
     "$(ratio "$NV_W_INSTR" "$w_own")x fewer than NVIDIA's whole run), the rest (driver, batching, teardown)" \
     "$(fmt $((w_total - w_parse - w_verify - w_own)))"
echo "  output $size bytes$([ "$size" = "$NV_BC_SIZE" ] && echo ", the size of NVIDIA's own output" || echo ", NVIDIA's is $NV_BC_SIZE")"

# ---- read (the file just written; byte-identical to NVIDIA's when the sizes agree)
cg "$TR" -cudatilebc-to-mlir "$tmp/big.tileirbc" -o /dev/null
r_total=$TOTAL
# The whole-module read, or the pieces of the batched one (not both: bc_read_module calls them).
r_own=$(inc "lib/bytecode/bc_reader.c:bc_read_module")
if [ "$r_own" = 0 ]; then
  r_own=$(($(inc "lib/bytecode/bc_reader.c:bc_lazy_open") +
           $(inc "lib/bytecode/bc_reader.c:bc_lazy_load_module_shell") +
           $(inc "lib/bytecode/bc_reader.c:bc_lazy_load_function")))
fi
r_verify=$(inc "lib/ir/verify.c:ir_verify")
r_print=$(inc "lib/asm/printer.c:asm_print_op_to")
r_rss=$(rss "$TR" -cudatilebc-to-mlir "$tmp/big.tileirbc" -o /dev/null)
echo "translate read: $(fmt "$r_total") instructions ($(per "$r_total" "$nops")/op), peak RSS $r_rss MiB;" \
     "NVIDIA $(fmt "$NV_R_INSTR") ($(per "$NV_R_INSTR" "$nops")/op), $NV_R_RSS MiB:" \
     "$(ratio "$NV_R_INSTR" "$r_total")x fewer instructions, $(ratio "$r_rss" "$NV_R_RSS")x the memory" \
     "(targets >= 10x, <= 0.25x)"
echo "  reader (lib/bytecode, building the IR) $(fmt "$r_own") ($(per "$r_own" "$nops")/op," \
     "$(ratio "$NV_R_INSTR" "$r_own")x fewer than NVIDIA's whole run), verify $(fmt "$r_verify")" \
     "($(per "$r_verify" "$nops")/op), print $(fmt "$r_print") ($(per "$r_print" "$nops")/op)," \
     "the rest (driver, teardown) $(fmt $((r_total - r_own - r_verify - r_print)))"

# ---- conversion, canonicalization, lowering against parse+verify
cg "$OPT" "$big" -o /dev/null
pv=$(($(inc "lib/asm/parser.c:asm_parse_buffer") + $(inc "lib/ir/verify.c:ir_verify")))
cg "$OPT" --pass-pipeline='builtin.module(convert-cuda-tile-to-nv-tileaa{compute-capability=100},canonicalize,lower-nv-tileaa)' \
  "$big" -o /dev/null
c_conv=$(inc "lib/conversion/cuda_tile_to_nv_tileaa/pass.c:c2a_run")
c_canon=$(inc "lib/rewrite/canonicalize.c:canonicalize_run")
c_lower=$(inc "lib/conversion/nv_tileaa_lowering/tokens.c:run_pipeline")
echo "conversion: parse+verify $(fmt "$pv") ($(per "$pv" "$nops")/op);" \
     "convert-cuda-tile-to-nv-tileaa $(fmt "$c_conv") ($(ratio "$c_conv" "$pv")x)," \
     "canonicalize (after it) $(fmt "$c_canon") ($(ratio "$c_canon" "$pv")x)," \
     "lower-nv-tileaa $(fmt "$c_lower") ($(ratio "$c_lower" "$pv")x) (target <= 1x each; 0 = pass not found)"

# ---- linearity
if [ "$SCALE" = 1 ]; then
  for copies in 55 700 2800; do
    m="$tmp/s$copies.mlir"
    gen "$copies" "$m"
    n=$(count_ops "$m")
    cg "$TR" -mlir-to-cudatilebc -no-implicit-module "$m" -o "$tmp/s.tileirbc"
    wt=$TOTAL wo=$(inc "lib/bytecode/bc_writer.c:bc_write_module")
    cg "$TR" -cudatilebc-to-mlir "$tmp/s.tileirbc" -o /dev/null
    rt=$TOTAL ro=$(inc "lib/bytecode/bc_reader.c:bc_read_module")
    [ "$ro" != 0 ] || ro=$(($(inc "lib/bytecode/bc_reader.c:bc_lazy_open") +
                            $(inc "lib/bytecode/bc_reader.c:bc_lazy_load_module_shell") +
                            $(inc "lib/bytecode/bc_reader.c:bc_lazy_load_function")))
    echo "scale $(fmt "$n") ops: write $(per "$wt" "$n")/op (writer $(per "$wo" "$n")/op)," \
         "read $(per "$rt" "$n")/op (reader $(per "$ro" "$n")/op)"
    rm -f "$m"
  done
fi
