#!/usr/bin/env bash
# round_trip_test.sh IN.mlir TMPBASE [EXTRA_FLAGS...] — lit's %round_trip_test.
#
# Text -> bytecode -> text must reproduce exactly what ctile-opt prints for IN.mlir.
# Same steps and flag placement as NVIDIA's test/Dialect/CudaTile/round_trip_test.sh:
#   1. ctile-translate -mlir-to-cudatilebc -no-implicit-module IN -o TMPBASE.out.tilebc
#   2. ctile-translate -cudatilebc-to-mlir TMPBASE.out.tilebc -o TMPBASE.roundtrip.mlir EXTRA
#   3. ctile-opt IN -no-implicit-module -o TMPBASE.ref.mlir EXTRA
#   4. diff -B TMPBASE.ref.mlir TMPBASE.roundtrip.mlir   (blank-line differences ignored)
# Unlike upstream, a failing step fails the test at once, and old outputs are removed
# first so a stale file from an earlier run can never make the diff pass.
# Tools are taken from PATH (the lit configs put the build's bin dir first).
set -u

if [ $# -lt 2 ]; then
  echo "usage: $0 IN.mlir TMPBASE [EXTRA_FLAGS...]" >&2
  exit 2
fi
in=$1
tmp=$2
shift 2

rm -f "$tmp.out.tilebc" "$tmp.roundtrip.mlir" "$tmp.ref.mlir"

ctile-translate -mlir-to-cudatilebc -no-implicit-module "$in" -o "$tmp.out.tilebc" ||
  { echo "round_trip_test: step 1 (mlir -> bytecode) failed" >&2; exit 1; }
ctile-translate -cudatilebc-to-mlir "$tmp.out.tilebc" -o "$tmp.roundtrip.mlir" "$@" ||
  { echo "round_trip_test: step 2 (bytecode -> mlir) failed" >&2; exit 1; }
ctile-opt "$in" -no-implicit-module -o "$tmp.ref.mlir" "$@" ||
  { echo "round_trip_test: step 3 (ctile-opt reference) failed" >&2; exit 1; }

exec diff -B "$tmp.ref.mlir" "$tmp.roundtrip.mlir"
