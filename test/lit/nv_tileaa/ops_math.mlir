// Tile math, dot/convolution/collectives of nv_tileaa: every op in custom
// form, then the printed form, the re-printed form and the generic form
// must all agree.
// RUN: ctile-opt %s | FileCheck %s
// RUN: ctile-opt %s | ctile-opt | FileCheck %s
// RUN: ctile-opt -mlir-print-op-generic %s | ctile-opt | FileCheck %s
// RUN: ctile-opt -mlir-print-op-generic %s > %t.generic.mlir
// RUN: ctile-opt -mlir-print-op-generic %t.generic.mlir | diff %t.generic.mlir -
//
// CHECK-LABEL: nv_tileaa.func @math(%arg0: tile<16xf32>, %arg1: tile<16xf32>, %arg2: tile<16xf32>, %arg3: f32, %arg4: tile<16xi32>, %arg5: tile<16xi32>) -> (tile<16xf32>) {
// CHECK-NEXT: %0 = nv_tileaa.addf %arg0, %arg1 : tile<16xf32>, tile<16xf32> -> tile<16xf32>
// CHECK-NEXT: %1 = nv_tileaa.subf %0, %arg1 {rounding_mode = #nv_tileaa.rounding_mode<rz>} : tile<16xf32>, tile<16xf32> -> tile<16xf32>
// CHECK-NEXT: %2 = nv_tileaa.mulf %1, %arg2 : tile<16xf32>, tile<16xf32> -> tile<16xf32>
// CHECK-NEXT: %3 = nv_tileaa.divf %2, %arg2 {rounding_mode = #nv_tileaa.rounding_mode<approx>} : tile<16xf32>, tile<16xf32> -> tile<16xf32>
// CHECK-NEXT: %4 = nv_tileaa.fma %3, %arg0, %arg1 : tile<16xf32>, tile<16xf32>, tile<16xf32> -> tile<16xf32>
// CHECK-NEXT: %5 = nv_tileaa.sqrt %4 : tile<16xf32> -> tile<16xf32>
// CHECK-NEXT: %6 = nv_tileaa.rsqrt %5 : tile<16xf32> -> tile<16xf32>
// CHECK-NEXT: %7 = nv_tileaa.exp2 %6 : tile<16xf32> -> tile<16xf32>
// CHECK-NEXT: %8 = nv_tileaa.clampf %7, %arg0, %arg1 {propagate_nan = #nv_tileaa.propagate_nan<all>} : tile<16xf32>, tile<16xf32>, tile<16xf32> -> tile<16xf32>
// CHECK-NEXT: %9 = nv_tileaa.mulhiui %arg4, %arg5 : tile<16xi32>, tile<16xi32> -> tile<16xi32>
// CHECK-NEXT: %10 = nv_tileaa.addf %arg3, %arg3 : f32, f32 -> f32
// CHECK-NEXT: nv_tileaa.return %8 : tile<16xf32>
// CHECK-NEXT: }
// CHECK-LABEL: nv_tileaa.func @collectives(%arg0: tile<64x32xf16>, %arg1: tile<32x64xf16>, %arg2: tile<64x64xf32>, %arg3: tile<64x32xi8>, %arg4: tile<32x64xi8>, %arg5: tile<64x64xi32>, %arg6: tile<128xi32>) {
// CHECK-NEXT: %0 = nv_tileaa.dot %arg0, %arg1, %arg2 {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32> -> tile<64x64xf32>
// CHECK-NEXT: %1 = nv_tileaa.dot %arg3, %arg4, %arg5 {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, signedness_a = #nv_tileaa.signedness<signed>, signedness_b = #nv_tileaa.signedness<unsigned>} : tile<64x32xi8>, tile<32x64xi8>, tile<64x64xi32> -> tile<64x64xi32>
// CHECK-NEXT: %2 = nv_tileaa.reduce %arg2 attributes {axis = 1 : i32} : tile<64x64xf32> -> tile<64xf32> {
// CHECK-NEXT: ^bb0(%arg7: f32, %arg8: f32):
// CHECK-NEXT: %5 = nv_tileaa.addf %arg7, %arg8 : f32, f32 -> f32
// CHECK-NEXT: nv_tileaa.yield %5 : f32
// CHECK-NEXT: }
// CHECK-NEXT: %3 = nv_tileaa.scan %arg2 attributes {axis = 0 : i32, reverse = false} : tile<64x64xf32> -> tile<64x64xf32> {
// CHECK-NEXT: ^bb0(%arg7: f32, %arg8: f32):
// CHECK-NEXT: %5 = nv_tileaa.mulf %arg7, %arg8 : f32, f32 -> f32
// CHECK-NEXT: nv_tileaa.yield %5 : f32
// CHECK-NEXT: }
// CHECK-NEXT: %4 = nv_tileaa.histogram %arg6 {num_bins = 16 : i32} : tile<128xi32> -> tile<16xi32>
// CHECK-NEXT: nv_tileaa.return
// CHECK-NEXT: }
// CHECK-LABEL: nv_tileaa.func @block_scaled(%arg0: tile<64x32xf4E2M1FN>, %arg1: tile<32x64xf4E2M1FN>, %arg2: tile<64x64xf16>, %arg3: tile<64x2xf8E8M0FNU>, %arg4: tile<2x64xf8E8M0FNU>) attributes {compute_capability = #nv_tileaa.compute_capability<100>} {
// CHECK-NEXT: %0 = nv_tileaa.dot %arg0, %arg1, %arg2, %arg3, %arg4 {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : tile<64x32xf4E2M1FN>, tile<32x64xf4E2M1FN>, tile<64x64xf16>, tile<64x2xf8E8M0FNU>, tile<2x64xf8E8M0FNU> -> tile<64x64xf16>
// CHECK-NEXT: nv_tileaa.return
// CHECK-NEXT: }
// CHECK-LABEL: nv_tileaa.func @conv(%arg0: tile<1x16x16x32xf16>, %arg1: tile<3x3x32x64xf16>, %arg2: tile<1x16x16x64xf32>) {
// CHECK-NEXT: %0 = nv_tileaa.conv_dot %arg0, %arg1, %arg2 {activation_layout = #nv_tileaa.activation_layout<nhwc>, conv_params = #nv_tileaa.conv_params<stride = [1, 1], padding = [1, 1], dilation = [1, 1]>, padding_value = #nv_tileaa.padding_value<zero>} : tile<1x16x16x32xf16>, tile<3x3x32x64xf16>, tile<1x16x16x64xf32> -> tile<1x16x16x64xf32>
// CHECK-NEXT: %1 = nv_tileaa.block_tile %arg0 {dimGroups = [array<i64: 0>, array<i64: 1, 2>, array<i64: 3>], tileSizes = array<i64: 1, 64, 32>} : tile<1x16x16x32xf16> -> tile<1x16x16x32xf16>
// CHECK-NEXT: %2 = nv_tileaa.conv_tile %arg0 {channel = 3 : i64, conv_params = #nv_tileaa.conv_params<stride = [1, 1], padding = [1, 1], dilation = [1, 1]>, dimGroups = [array<i64: 0>, array<i64: 1, 2>, array<i64: 3>], filterSizes = array<i64: 3, 3>} : tile<1x16x16x32xf16> -> tile<1x16x16x32xf16>
// CHECK-NEXT: nv_tileaa.return
// CHECK-NEXT: }
nv_tileaa.func @math(%a: tile<16xf32>, %b: tile<16xf32>, %c: tile<16xf32>, %x: f32, %u: tile<16xi32>, %v: tile<16xi32>) -> (tile<16xf32>) {
  %0 = nv_tileaa.addf %a, %b : tile<16xf32>, tile<16xf32> -> tile<16xf32>
  %1 = nv_tileaa.subf %0, %b {rounding_mode = #nv_tileaa.rounding_mode<rz>} : tile<16xf32>, tile<16xf32> -> tile<16xf32>
  %2 = nv_tileaa.mulf %1, %c : tile<16xf32>, tile<16xf32> -> tile<16xf32>
  %3 = nv_tileaa.divf %2, %c {rounding_mode = #nv_tileaa.rounding_mode<approx>} : tile<16xf32>, tile<16xf32> -> tile<16xf32>
  %4 = nv_tileaa.fma %3, %a, %b : tile<16xf32>, tile<16xf32>, tile<16xf32> -> tile<16xf32>
  %5 = nv_tileaa.sqrt %4 : tile<16xf32> -> tile<16xf32>
  %6 = nv_tileaa.rsqrt %5 : tile<16xf32> -> tile<16xf32>
  %7 = nv_tileaa.exp2 %6 : tile<16xf32> -> tile<16xf32>
  %8 = nv_tileaa.clampf %7, %a, %b {propagate_nan = #nv_tileaa.propagate_nan<all>} : tile<16xf32>, tile<16xf32>, tile<16xf32> -> tile<16xf32>
  %9 = nv_tileaa.mulhiui %u, %v : tile<16xi32>, tile<16xi32> -> tile<16xi32>
  %10 = nv_tileaa.addf %x, %x : f32, f32 -> f32
  nv_tileaa.return %8 : tile<16xf32>
}

nv_tileaa.func @collectives(%a: tile<64x32xf16>, %b: tile<32x64xf16>, %c: tile<64x64xf32>, %ia: tile<64x32xi8>, %ib: tile<32x64xi8>, %ic: tile<64x64xi32>, %h: tile<128xi32>) {
  %0 = nv_tileaa.dot %a, %b, %c {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32> -> tile<64x64xf32>
  %1 = nv_tileaa.dot %ia, %ib, %ic {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, signedness_a = #nv_tileaa.signedness<signed>, signedness_b = #nv_tileaa.signedness<unsigned>} : tile<64x32xi8>, tile<32x64xi8>, tile<64x64xi32> -> tile<64x64xi32>
  %2 = nv_tileaa.reduce %c attributes {axis = 1 : i32} : tile<64x64xf32> -> tile<64xf32> {
  ^bb0(%l: f32, %r: f32):
    %s = nv_tileaa.addf %l, %r : f32, f32 -> f32
    nv_tileaa.yield %s : f32
  }
  %3 = nv_tileaa.scan %c attributes {axis = 0 : i32, reverse = false} : tile<64x64xf32> -> tile<64x64xf32> {
  ^bb0(%l: f32, %r: f32):
    %s = nv_tileaa.mulf %l, %r : f32, f32 -> f32
    nv_tileaa.yield %s : f32
  }
  %4 = nv_tileaa.histogram %h {num_bins = 16 : i32} : tile<128xi32> -> tile<16xi32>
  nv_tileaa.return
}

nv_tileaa.func @block_scaled(%a: tile<64x32xf4E2M1FN>, %b: tile<32x64xf4E2M1FN>, %c: tile<64x64xf16>, %sfa: tile<64x2xf8E8M0FNU>, %sfb: tile<2x64xf8E8M0FNU>) attributes {compute_capability = #nv_tileaa.compute_capability<100>} {
  %0 = nv_tileaa.dot %a, %b, %c, %sfa, %sfb {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : tile<64x32xf4E2M1FN>, tile<32x64xf4E2M1FN>, tile<64x64xf16>, tile<64x2xf8E8M0FNU>, tile<2x64xf8E8M0FNU> -> tile<64x64xf16>
  nv_tileaa.return
}

nv_tileaa.func @conv(%in: tile<1x16x16x32xf16>, %f: tile<3x3x32x64xf16>, %acc: tile<1x16x16x64xf32>) {
  %0 = nv_tileaa.conv_dot %in, %f, %acc {activation_layout = #nv_tileaa.activation_layout<nhwc>, conv_params = #nv_tileaa.conv_params<stride = [1, 1], padding = [1, 1], dilation = [1, 1]>, padding_value = #nv_tileaa.padding_value<zero>} : tile<1x16x16x32xf16>, tile<3x3x32x64xf16>, tile<1x16x16x64xf32> -> tile<1x16x16x64xf32>
  %1 = nv_tileaa.block_tile %in {dimGroups = [array<i64: 0>, array<i64: 1, 2>, array<i64: 3>], tileSizes = array<i64: 1, 64, 32>} : tile<1x16x16x32xf16> -> tile<1x16x16x32xf16>
  %2 = nv_tileaa.conv_tile %in {channel = 3 : i64, conv_params = #nv_tileaa.conv_params<stride = [1, 1], padding = [1, 1], dilation = [1, 1]>, dimGroups = [array<i64: 0>, array<i64: 1, 2>, array<i64: 3>], filterSizes = array<i64: 3, 3>} : tile<1x16x16x32xf16> -> tile<1x16x16x32xf16>
  nv_tileaa.return
}
