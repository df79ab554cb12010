// One nesting limit for the whole parser (issue 12): cuda_tile's own
// recursive bodies (dense literals, nested types and attributes) count on
// the parser's nesting counter against ASM_MAX_NESTING_DEPTH (1000) with its
// message, instead of a separate limit of 500 levels.
// RUN: not ctile-opt %S/Inputs/nesting_dense.mlir 2>&1 | FileCheck %s --check-prefix=DEEP
// RUN: not ctile-opt %S/Inputs/nesting_ok.mlir 2>&1 | FileCheck %s --check-prefix=OK
// DEEP: nesting_dense.mlir:5:1021: error: nesting depth exceeds the limit of 1000
// OK: nesting_ok.mlir:5:{{[0-9]+}}: error: custom op 'cuda_tile.constant' inferred shape of elements literal
// OK-NOT: nesting depth
