#!/usr/bin/env bash
# roundtrip_project.sh ROOT TMPDIR — lit helper for roundtrip_project.test (issue 5).
#
# For every cuda_tile program of the project (ROOT/test/lit/cuda_tile/*.mlir,
# ROOT/test/lit/interp/*.mlir, ROOT/test/lit/bytecode/*.mlir and ROOT/examples/*.mlir),
# text -> bytecode -> text must reproduce ctile-opt's print
# byte for byte.  Each file is split into chunks the way --split-input-file does
# (at every line that is exactly the default marker `// -----`, trailing blanks
# allowed; the project's files use the marker only that way), and each chunk is
#   compared: `ctile-translate -test-cudatile-roundtrip CHUNK` must succeed and its
#             output must equal `ctile-opt -no-implicit-module CHUNK` (cmp), after
#             one normalization: the symbol of the top-level `cuda_tile.module @NAME`
#             line of the reference is replaced by `@kernels`, because the bytecode
#             format does not store the module's name (the reader always names it
#             @kernels, as NVIDIA's does);
#   or skipped, by these rules, checked in this order:
#     diag      the chunk contains `expected-error`, `expected-warning`,
#               `expected-remark` or `expected-note` (a diagnostics test);
#     invalid   `ctile-opt CHUNK` fails, or writes anything to stderr (this includes
#               chunks with ops of unregistered dialects, which need
#               -allow-unregistered-dialect);
#     toplevel  `ctile-opt -no-implicit-module CHUNK` fails: the chunk is not one
#               top-level op (bytecode holds exactly one cuda_tile.module);
#     testing   the generic print contains a `cuda_tile.testing$...` op (test-build-
#               only opcodes, not part of the bytecode format of a release build);
#     attrs     the generic print carries a discardable attribute dictionary
#               (`) {...}` or `> {...}` after an op's operands/properties/regions,
#               or a builtin module with attributes or a name): bytecode stores
#               only inherent attributes (properties);
#     order     in the module body a `global` follows an `entry`/`testing$func`:
#               bytecode keeps globals in their own section, read back before
#               the functions, so the op order cannot survive;
# A chunk that is not skipped but fails to round trip, or round trips to different
# text, is a failure.  The script prints one line per failure, then
#   roundtrip_project: compared N chunks, F differ or fail; skipped S (diag A, ...)
# and exits 1 if anything failed or N is 0.
set -u

if [ $# -ne 2 ]; then
  echo "usage: $0 ROOT TMPDIR" >&2
  exit 2
fi
root=$1
tmp=$2
rm -rf "$tmp"
mkdir -p "$tmp" || exit 2

files=()
for f in "$root"/test/lit/cuda_tile/*.mlir "$root"/test/lit/interp/*.mlir \
         "$root"/test/lit/bytecode/*.mlir "$root"/examples/*.mlir; do
  [ -f "$f" ] && files+=("$f")
done
if [ ${#files[@]} -eq 0 ]; then
  echo "roundtrip_project: no input files under $root" >&2
  exit 1
fi

compared=0 failed=0
s_diag=0 s_invalid=0 s_toplevel=0 s_testing=0 s_attrs=0 s_order=0

for f in "${files[@]}"; do
  rel=${f#"$root"/}
  base=$tmp/$(echo "$rel" | tr '/' '_')
  # Split into base.<k>.mlir, k = 1, 2, ...; each chunk starts on line <first line>.
  awk -v base="$base" '
    BEGIN { k = 1; out = base "." k ".mlir"; printf "" > out }
    /^\/\/ -----[ \t]*$/ { close(out); k++; out = base "." k ".mlir"; printf "" > out; next }
    { print > out }
    END { close(out); print k > (base ".count") }' "$f"
  n=$(cat "$base.count")
  for k in $(seq 1 "$n"); do
    c=$base.$k.mlir
    where="$rel chunk $k"
    if grep -qE 'expected-(error|warning|remark|note)' "$c"; then
      s_diag=$((s_diag + 1)); continue
    fi
    if ! ctile-opt "$c" >"$c.opt" 2>"$c.err" || [ -s "$c.err" ]; then
      s_invalid=$((s_invalid + 1)); continue
    fi
    if ! ctile-opt -no-implicit-module "$c" >"$c.ref" 2>/dev/null; then
      s_toplevel=$((s_toplevel + 1)); continue
    fi
    ctile-opt -mlir-print-op-generic "$c" >"$c.gen" 2>/dev/null
    if grep -q '"cuda_tile\.testing\$' "$c.gen"; then
      s_testing=$((s_testing + 1)); continue
    fi
    if grep -qE '[)>] \{[^}]' "$c.gen" || grep -qE '^"builtin\.module"\(\) <\{' "$c.gen"; then
      s_attrs=$((s_attrs + 1)); continue
    fi
    if awk '/^  (entry|testing\$func) / { f = 1 } /^  global / && f { found = 1 }
            END { exit !found }' "$c.ref"; then
      s_order=$((s_order + 1)); continue
    fi
    compared=$((compared + 1))
    # The reader names the module @kernels: normalize the reference's module line.
    sed -E '1s/^(cuda_tile\.module )@("([^"\\]|\\.)*"|[A-Za-z_][A-Za-z0-9_$.]*)/\1@kernels/' \
      "$c.ref" >"$c.ref.norm"
    if ! ctile-translate -test-cudatile-roundtrip "$c" >"$c.rt" 2>"$c.rt.err"; then
      echo "FAIL: $where: ctile-translate -test-cudatile-roundtrip failed:"
      sed 's/^/  /' "$c.rt.err"
      failed=$((failed + 1))
      continue
    fi
    if ! cmp -s "$c.ref.norm" "$c.rt"; then
      echo "FAIL: $where: round trip differs from ctile-opt (< ctile-opt, > round trip):"
      diff "$c.ref.norm" "$c.rt" | head -n 20 | sed 's/^/  /'
      failed=$((failed + 1))
    fi
  done
done

skipped=$((s_diag + s_invalid + s_toplevel + s_testing + s_attrs + s_order))
echo "roundtrip_project: compared $compared chunks, $failed differ or fail;" \
     "skipped $skipped (diag $s_diag, invalid $s_invalid, toplevel $s_toplevel," \
     "testing $s_testing, attrs $s_attrs, order $s_order)" \
     "from ${#files[@]} files"
if [ "$compared" -eq 0 ]; then
  echo "roundtrip_project: FAIL: no chunk was compared"
  exit 1
fi
[ "$failed" -eq 0 ]
