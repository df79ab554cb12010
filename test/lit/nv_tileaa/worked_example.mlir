// Seed 002 worked example: addptr -> make_memref -> tiled_load -> dot ->
// tiled_store threaded on one mem_token chain inside an nv_tileaa.func (the
// make_memref ops leave operandSegmentSizes to the parser).
// RUN: ctile-opt %s | FileCheck %s
// RUN: ctile-opt %s | ctile-opt | FileCheck %s
// RUN: ctile-opt -mlir-print-op-generic %s | ctile-opt | FileCheck %s
// RUN: ctile-opt -mlir-print-op-generic %s > %t.generic.mlir
// RUN: ctile-opt -mlir-print-op-generic %t.generic.mlir | diff %t.generic.mlir -
//
// CHECK-LABEL: nv_tileaa.func @gemm(%arg0: !nv_tileaa.ptr<f16, 1>, %arg1: !nv_tileaa.ptr<f16, 1>, %arg2: !nv_tileaa.ptr<f32, 1>, %arg3: index, %arg4: index, %arg5: index, %arg6: index, %arg7: index, %arg8: index, %arg9: index, %arg10: index, %arg11: index, %arg12: index, %arg13: index, %arg14: index, %arg15: index, %arg16: index, %arg17: index, %arg18: tile<128x128xf32>) {
// CHECK-NEXT: %0 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
// CHECK-NEXT: %1 = nv_tileaa.addptr %arg0, %arg3 : !nv_tileaa.ptr<f16, 1>, index -> !nv_tileaa.ptr<f16, 1>
// CHECK-NEXT: %2 = nv_tileaa.addptr %arg1, %arg4 : !nv_tileaa.ptr<f16, 1>, index -> !nv_tileaa.ptr<f16, 1>
// CHECK-NEXT: %3 = nv_tileaa.make_memref %1, %arg3, %arg6, %arg8, %arg9, %arg10 {operandSegmentSizes = array<i32: 1, 1, 2, 2>} : (!nv_tileaa.ptr<f16, 1>, index, index, index, index, index) -> !nv_tileaa.memref<?x?xf16, 1>
// CHECK-NEXT: %4 = nv_tileaa.make_memref %2, %arg4, %arg8, %arg7, %arg11, %arg12 {operandSegmentSizes = array<i32: 1, 1, 2, 2>} : (!nv_tileaa.ptr<f16, 1>, index, index, index, index, index) -> !nv_tileaa.memref<?x?xf16, 1>
// CHECK-NEXT: %5:2 = nv_tileaa.tiled_load %3[%arg15, %arg17], %0 {in_bounds = array<i1: true, true>, operandSegmentSizes = array<i32: 1, 2, 0, 0>} : !nv_tileaa.memref<?x?xf16, 1>, index, index, !nv_tileaa.mem_token -> tile<128x32xf16>, !nv_tileaa.mem_token
// CHECK-NEXT: %6:2 = nv_tileaa.tiled_load %4[%arg17, %arg16], %5#1 {in_bounds = array<i1: true, true>, operandSegmentSizes = array<i32: 1, 2, 0, 0>} : !nv_tileaa.memref<?x?xf16, 1>, index, index, !nv_tileaa.mem_token -> tile<32x128xf16>, !nv_tileaa.mem_token
// CHECK-NEXT: %7 = nv_tileaa.dot %5#0, %6#0, %arg18 {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32> -> tile<128x128xf32>
// CHECK-NEXT: %8 = nv_tileaa.make_memref %arg2, %arg5, %arg6, %arg7, %arg13, %arg14 {operandSegmentSizes = array<i32: 1, 1, 2, 2>} : (!nv_tileaa.ptr<f32, 1>, index, index, index, index, index) -> !nv_tileaa.memref<?x?xf32, 1>
// CHECK-NEXT: %9 = nv_tileaa.tiled_store %8[%arg15, %arg16], %7, %6#1 {in_bounds = array<i1: true, true>, operandSegmentSizes = array<i32: 1, 1, 2, 0>} : !nv_tileaa.memref<?x?xf32, 1>, tile<128x128xf32>, index, index, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
// CHECK-NEXT: nv_tileaa.return
// CHECK-NEXT: }
nv_tileaa.func @gemm(%a_base: !nv_tileaa.ptr<f16, 1>, %b_base: !nv_tileaa.ptr<f16, 1>,
                     %c_base: !nv_tileaa.ptr<f32, 1>, %off_a: index, %off_b: index,
                     %off_c: index, %M: index, %N: index, %K: index,
                     %s_a_row: index, %s_a_col: index, %s_b_row: index, %s_b_col: index,
                     %s_c_row: index, %s_c_col: index, %i: index, %j: index, %k: index,
                     %c_in: tile<128x128xf32>) {
  %t0 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  %pa = nv_tileaa.addptr %a_base, %off_a
      : !nv_tileaa.ptr<f16, 1>, index -> !nv_tileaa.ptr<f16, 1>
  %pb = nv_tileaa.addptr %b_base, %off_b
      : !nv_tileaa.ptr<f16, 1>, index -> !nv_tileaa.ptr<f16, 1>
  %mr_a = nv_tileaa.make_memref %pa, %off_a, %M, %K, %s_a_row, %s_a_col
      : (!nv_tileaa.ptr<f16, 1>, index, index, index, index, index)
      -> !nv_tileaa.memref<?x?xf16, 1>
  %mr_b = nv_tileaa.make_memref %pb, %off_b, %K, %N, %s_b_row, %s_b_col
      : (!nv_tileaa.ptr<f16, 1>, index, index, index, index, index)
      -> !nv_tileaa.memref<?x?xf16, 1>
  %av, %t1 = nv_tileaa.tiled_load %mr_a[%i, %k], %t0
      { in_bounds = array<i1: true, true>,
        operandSegmentSizes = array<i32: 1, 2, 0, 0> }
      : !nv_tileaa.memref<?x?xf16, 1>, index, index, !nv_tileaa.mem_token
      -> tile<128x32xf16>, !nv_tileaa.mem_token
  %bv, %t2 = nv_tileaa.tiled_load %mr_b[%k, %j], %t1
      { in_bounds = array<i1: true, true>,
        operandSegmentSizes = array<i32: 1, 2, 0, 0> }
      : !nv_tileaa.memref<?x?xf16, 1>, index, index, !nv_tileaa.mem_token
      -> tile<32x128xf16>, !nv_tileaa.mem_token
  %d = nv_tileaa.dot %av, %bv, %c_in
      { operandSegmentSizes = array<i32: 1, 1, 1, 0, 0> }
      : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
      -> tile<128x128xf32>
  %mr_c = nv_tileaa.make_memref %c_base, %off_c, %M, %N, %s_c_row, %s_c_col
      : (!nv_tileaa.ptr<f32, 1>, index, index, index, index, index)
      -> !nv_tileaa.memref<?x?xf32, 1>
  %t3 = nv_tileaa.tiled_store %mr_c[%i, %j], %d, %t2
      { in_bounds = array<i1: true, true>,
        operandSegmentSizes = array<i32: 1, 1, 2, 0> }
      : !nv_tileaa.memref<?x?xf32, 1>, tile<128x128xf32>, index, index,
        !nv_tileaa.mem_token
      -> !nv_tileaa.mem_token
  nv_tileaa.return
}
