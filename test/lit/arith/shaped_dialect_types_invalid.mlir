// Shaped dialect types in arith/math verifiers: element rules apply through
// the shape, the shaped kind must match (a tile is not a tensor), and
// non-shaped dialect types are rejected like memrefs.
// RUN: ctile-opt -allow-unregistered-dialect %s -split-input-file -verify-diagnostics

%t = "test.src"() : () -> !nv_tileaa.tile<4x8xi32>
// expected-error @+1 {{'arith.addf' op operand #0 must be floating-point-like, but got '!nv_tileaa.tile<4x8xi32>'}}
%0 = "arith.addf"(%t, %t) : (!nv_tileaa.tile<4x8xi32>, !nv_tileaa.tile<4x8xi32>) -> !nv_tileaa.tile<4x8xi32>

// -----

%t = "test.src"() : () -> !nv_tileaa.tile<4x8xf32>
// expected-error @+1 {{'arith.cmpf' op failed to verify that result type has i1 element type and same shape as operands}}
%0 = "arith.cmpf"(%t, %t) <{predicate = 1 : i64}> : (!nv_tileaa.tile<4x8xf32>, !nv_tileaa.tile<4x8xf32>) -> tensor<4x8xi1>

// -----

%t = "test.src"() : () -> !nv_tileaa.tile<4x8xf32>
%u = "test.src"() : () -> !cuda_tile.tile<4x8xf32>
// expected-error @+1 {{'arith.addf' op requires the same type for all operands and results}}
%0 = "arith.addf"(%t, %u) : (!nv_tileaa.tile<4x8xf32>, !cuda_tile.tile<4x8xf32>) -> !nv_tileaa.tile<4x8xf32>

// -----

%p = "test.src"() : () -> !nv_tileaa.ptr<f32, 1>
// expected-error @+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got '!nv_tileaa.ptr<f32, 1>'}}
%0 = "arith.addi"(%p, %p) : (!nv_tileaa.ptr<f32, 1>, !nv_tileaa.ptr<f32, 1>) -> !nv_tileaa.ptr<f32, 1>

// -----

%t = "test.src"() : () -> !cuda_tile.tile<4x8xi32>
// expected-error @+1 {{'arith.extsi' op failed to verify that input and output have the same tensor dimensions}}
%0 = "arith.extsi"(%t) : (!cuda_tile.tile<4x8xi32>) -> !cuda_tile.tile<8x4xi64>

// -----

%t = "test.src"() : () -> !nv_tileaa.tile<4x8xf32>
// expected-error @+1 {{'math.isnan' op failed to verify that result type has i1 element type and same shape as operands}}
%0 = "math.isnan"(%t) : (!nv_tileaa.tile<4x8xf32>) -> !nv_tileaa.tile<8x4xi1>
