// Shaped dialect types (docs/std_dialects.md): arith and math accept any
// shaped type (IrTypeDef.shaped: !nv_tileaa.tile, !cuda_tile.tile) where MLIR
// accepts a tensor or vector, with MLIR's element rules; i1 results keep the
// operand's own shaped kind.  The expected text follows mlir-opt's output
// for the same ops on tensor<4x8x..> (arith/roundtrip.mlir).
// RUN: ctile-opt -allow-unregistered-dialect %s | FileCheck %s --strict-whitespace --match-full-lines
// RUN: ctile-opt -allow-unregistered-dialect %s | ctile-opt -allow-unregistered-dialect | FileCheck %s --strict-whitespace --match-full-lines
// RUN: ctile-opt -allow-unregistered-dialect -mlir-print-op-generic %s | FileCheck %s --check-prefix=GEN

%t = "test.src"() : () -> !nv_tileaa.tile<4x8xf32>
%u = "test.src"() : () -> !cuda_tile.tile<4x8xi32>
%c = "test.src"() : () -> !nv_tileaa.tile<4x8xi1>
%0 = arith.addf %t, %t fastmath<fast> : !nv_tileaa.tile<4x8xf32>
%1 = arith.cmpf olt, %t, %t : !nv_tileaa.tile<4x8xf32>
%2 = arith.cmpi slt, %u, %u : !cuda_tile.tile<4x8xi32>
%3 = arith.select %1, %t, %t : !nv_tileaa.tile<4x8xi1>, !nv_tileaa.tile<4x8xf32>
%4 = arith.sitofp %u : !cuda_tile.tile<4x8xi32> to !cuda_tile.tile<4x8xf32>
%5 = math.isnan %t : !nv_tileaa.tile<4x8xf32>
%6 = math.exp %t : !nv_tileaa.tile<4x8xf32>
%7 = arith.constant dense<1.0> : !nv_tileaa.tile<4x8xf32>
%8 = arith.extsi %u : !cuda_tile.tile<4x8xi32> to !cuda_tile.tile<4x8xi64>
%9 = arith.select %c, %t, %t : !nv_tileaa.tile<4x8xi1>, !nv_tileaa.tile<4x8xf32>

// CHECK:module {
// CHECK-NEXT:  %0 = "test.src"() : () -> !nv_tileaa.tile<4x8xf32>
// CHECK-NEXT:  %1 = "test.src"() : () -> !cuda_tile.tile<4x8xi32>
// CHECK-NEXT:  %2 = "test.src"() : () -> !nv_tileaa.tile<4x8xi1>
// CHECK-NEXT:  %3 = arith.addf %0, %0 fastmath<fast> : !nv_tileaa.tile<4x8xf32>
// CHECK-NEXT:  %4 = arith.cmpf olt, %0, %0 : !nv_tileaa.tile<4x8xf32>
// CHECK-NEXT:  %5 = arith.cmpi slt, %1, %1 : !cuda_tile.tile<4x8xi32>
// CHECK-NEXT:  %6 = arith.select %4, %0, %0 : !nv_tileaa.tile<4x8xi1>, !nv_tileaa.tile<4x8xf32>
// CHECK-NEXT:  %7 = arith.sitofp %1 : !cuda_tile.tile<4x8xi32> to !cuda_tile.tile<4x8xf32>
// CHECK-NEXT:  %8 = math.isnan %0 : !nv_tileaa.tile<4x8xf32>
// CHECK-NEXT:  %9 = math.exp %0 : !nv_tileaa.tile<4x8xf32>
// CHECK-NEXT:  %cst = arith.constant dense<1.000000e+00> : !nv_tileaa.tile<4x8xf32>
// CHECK-NEXT:  %10 = arith.extsi %1 : !cuda_tile.tile<4x8xi32> to !cuda_tile.tile<4x8xi64>
// CHECK-NEXT:  %11 = arith.select %2, %0, %0 : !nv_tileaa.tile<4x8xi1>, !nv_tileaa.tile<4x8xf32>
// CHECK-NEXT:}


// GEN: %4 = "arith.cmpf"(%0, %0) <{fastmath = #arith.fastmath<none>, predicate = 4 : i64}> : (!nv_tileaa.tile<4x8xf32>, !nv_tileaa.tile<4x8xf32>) -> !nv_tileaa.tile<4x8xi1>
// GEN: %5 = "arith.cmpi"(%1, %1) <{predicate = 2 : i64}> : (!cuda_tile.tile<4x8xi32>, !cuda_tile.tile<4x8xi32>) -> !cuda_tile.tile<4x8xi1>
// GEN: %6 = "arith.select"(%4, %0, %0) : (!nv_tileaa.tile<4x8xi1>, !nv_tileaa.tile<4x8xf32>, !nv_tileaa.tile<4x8xf32>) -> !nv_tileaa.tile<4x8xf32>
// GEN: %8 = "math.isnan"(%0) <{fastmath = #arith.fastmath<none>}> : (!nv_tileaa.tile<4x8xf32>) -> !nv_tileaa.tile<4x8xi1>
// GEN: %10 = "arith.constant"() <{value = dense<1.000000e+00> : !nv_tileaa.tile<4x8xf32>}> : () -> !nv_tileaa.tile<4x8xf32>
// GEN: %12 = "arith.select"(%2, %0, %0) : (!nv_tileaa.tile<4x8xi1>, !nv_tileaa.tile<4x8xf32>, !nv_tileaa.tile<4x8xf32>) -> !nv_tileaa.tile<4x8xf32>
