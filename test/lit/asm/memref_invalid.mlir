// memref types are kept as text (ctile has no memref semantics) but checked
// as MLIR's parseMemRefType does, with its messages, instead of being
// accepted whatever their body.
// RUN: not ctile-opt --allow-unregistered-dialect -split-input-file %s 2>&1 | FileCheck %s

// CHECK: memref_invalid.mlir:[[@LINE+1]]:26: error: expected non-function type
"t.a"() : () -> memref<4x>
// -----
// CHECK: memref_invalid.mlir:[[@LINE+1]]:24: error: expected non-function type
"t.a"() : () -> memref<xi32>
// -----
// CHECK: memref_invalid.mlir:[[@LINE+1]]:30: error: expected attribute value
"t.a"() : () -> memref<4xi32, foo>
// -----
// CHECK: memref_invalid.mlir:[[@LINE+1]]:35: error: multiple memory spaces specified in memref type
"t.a"() : () -> memref<4xi32, 1, 2>
// -----
// CHECK: memref_invalid.mlir:[[@LINE+1]]:{{[0-9]+}}: error: cannot have affine map for unranked memref type
"t.a"() : () -> memref<*xi32, affine_map<(d0) -> (d0)>>
// -----
// CHECK: memref_invalid.mlir:[[@LINE+1]]:{{[0-9]+}}: error: expected memory space to be last in memref type
"t.a"() : () -> memref<4xi32, 1, affine_map<(d0) -> (d0)>>
// -----
// CHECK: memref_invalid.mlir:[[@LINE+1]]:26: error: invalid memref element type
"t.a"() : () -> memref<4xtensor<2xi32>>
// -----
// CHECK: memref_invalid.mlir:[[@LINE+1]]:29: error: expected ',' or '>' in memref type
"t.a"() : () -> memref<4xi32 5>
