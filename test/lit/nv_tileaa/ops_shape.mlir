// Shape and tile construction, pointer/memref/conversion ops of nv_tileaa.
// RUN: ctile-opt %s | FileCheck %s
// RUN: ctile-opt %s | ctile-opt | FileCheck %s
// RUN: ctile-opt -mlir-print-op-generic %s | ctile-opt | FileCheck %s
// RUN: ctile-opt -mlir-print-op-generic %s > %t.generic.mlir
// RUN: ctile-opt -mlir-print-op-generic %t.generic.mlir | diff %t.generic.mlir -
//
// CHECK-LABEL: nv_tileaa.func @shape(%arg0: f32, %arg1: tile<4x8xf32>, %arg2: tile<1x8xf32>, %arg3: index, %arg4: !nv_tileaa.memref<?x8xf32, 1>) {
// CHECK-NEXT: %0 = nv_tileaa.splat %arg0 : f32 -> tile<4x8xf32>
// CHECK-NEXT: %1 = nv_tileaa.broadcast %arg2 : tile<1x8xf32> -> tile<4x8xf32>
// CHECK-NEXT: %2 = nv_tileaa.expand_dims %arg1 {axis = 0 : i32} : tile<4x8xf32> -> tile<1x4x8xf32>
// CHECK-NEXT: %3 = nv_tileaa.extract %arg1, %arg3 : tile<4x8xf32>, index -> tile<8xf32>
// CHECK-NEXT: %4 = nv_tileaa.extract_slice %arg1, %arg3, %arg3 : tile<4x8xf32>, index, index -> tile<2x8xf32>
// CHECK-NEXT: %5 = nv_tileaa.view %arg1 : tile<4x8xf32> -> tile<32xf32>
// CHECK-NEXT: %6 = nv_tileaa.cat %arg1, %arg1 : tile<4x8xf32>, tile<4x8xf32> -> tile<8x8xf32>
// CHECK-NEXT: %7 = nv_tileaa.permute %arg1 {order = array<i64: 1, 0>} : tile<4x8xf32> -> tile<8x4xf32>
// CHECK-NEXT: %8 = nv_tileaa.make_range {end = 128 : i32, start = 0 : i32} : tile<128xi32>
// CHECK-NEXT: %9 = nv_tileaa.generate %arg0 : f32 -> tile<4x8xf32> {
// CHECK-NEXT: ^bb0(%arg5: index, %arg6: index):
// CHECK-NEXT: nv_tileaa.yield %arg0 : f32
// CHECK-NEXT: }
// CHECK-NEXT: %10 = nv_tileaa.get_dim_size %arg4 {dim = 0 : i32} : !nv_tileaa.memref<?x8xf32, 1> -> index
// CHECK-NEXT: nv_tileaa.return
// CHECK-NEXT: }
// CHECK-LABEL: nv_tileaa.func @pointers(%arg0: !nv_tileaa.ptr<f16, 1>, %arg1: tile<128xindex>, %arg2: i64, %arg3: tile<16xf16>, %arg4: tile<16xf32>, %arg5: tile<16xi32>) attributes {compute_capability = #nv_tileaa.compute_capability<100>} {
// CHECK-NEXT: %0 = nv_tileaa.addptr %arg0, %arg1 : !nv_tileaa.ptr<f16, 1>, tile<128xindex> -> tile<128x!nv_tileaa.ptr<f16, 1>>
// CHECK-NEXT: %1 = nv_tileaa.int_to_ptr %arg2 : i64 -> !nv_tileaa.ptr<f16, 1>
// CHECK-NEXT: %2 = nv_tileaa.ptr_to_int %1 : !nv_tileaa.ptr<f16, 1> -> i64
// CHECK-NEXT: %3 = nv_tileaa.make_memref %arg0, %arg2, %arg2 {alias_scope = 7 : i32, operandSegmentSizes = array<i32: 1, 0, 1, 1>} : (!nv_tileaa.ptr<f16, 1>, i64, i64) -> !nv_tileaa.memref<?x64xf16, 1, strides = [?, 1], alias_scope = 7>
// CHECK-NEXT: %4 = nv_tileaa.bitcast %arg4 : tile<16xf32> -> tile<16xi32>
// CHECK-NEXT: %5 = nv_tileaa.fp_to_fp %arg4 {rounding_mode = #nv_tileaa.rounding_mode<rn>} : tile<16xf32> -> tile<16xf16>
// CHECK-NEXT: %6 = nv_tileaa.fp_to_fp %arg3 : tile<16xf16> -> tile<16xf4E2M1FN>
// CHECK-NEXT: %7 = nv_tileaa.extern_elementwise %arg4, %arg4 {libname = "libdevice", libpath = "/lib/libdevice.bc", pure = true, symbol = "__nv_powf"} : tile<16xf32>, tile<16xf32> -> tile<16xf32>
// CHECK-NEXT: %8:2 = nv_tileaa.elementwise_inline_asm %arg5 {asm_string = "mov.b32 $0, $2; mov.b32 $1, $2;", constraints = "=r,=r,r", packed_element = 1 : i32, pure = true} : tile<16xi32> -> tile<16xi32>, tile<16xi32>
// CHECK-NEXT: %9 = nv_tileaa.call_elementwise_intrinsic %arg4 {intrinsic = "llvm.nvvm.ex2.approx.f"} : tile<16xf32> -> tile<16xf32>
// CHECK-NEXT: nv_tileaa.return
// CHECK-NEXT: }
nv_tileaa.func @shape(%x: f32, %t: tile<4x8xf32>, %r: tile<1x8xf32>, %i: index, %m: !nv_tileaa.memref<?x8xf32, 1>) {
  %0 = nv_tileaa.splat %x : f32 -> tile<4x8xf32>
  %1 = nv_tileaa.broadcast %r : tile<1x8xf32> -> tile<4x8xf32>
  %2 = nv_tileaa.expand_dims %t {axis = 0 : i32} : tile<4x8xf32> -> tile<1x4x8xf32>
  %3 = nv_tileaa.extract %t, %i : tile<4x8xf32>, index -> tile<8xf32>
  %4 = nv_tileaa.extract_slice %t, %i, %i : tile<4x8xf32>, index, index -> tile<2x8xf32>
  %5 = nv_tileaa.view %t : tile<4x8xf32> -> tile<32xf32>
  %6 = nv_tileaa.cat %t, %t : tile<4x8xf32>, tile<4x8xf32> -> tile<8x8xf32>
  %7 = nv_tileaa.permute %t {order = array<i64: 1, 0>} : tile<4x8xf32> -> tile<8x4xf32>
  %8 = nv_tileaa.make_range {end = 128 : i32, start = 0 : i32} : tile<128xi32>
  %9 = nv_tileaa.generate %x : f32 -> tile<4x8xf32> {
  ^bb0(%a: index, %b: index):
    nv_tileaa.yield %x : f32
  }
  %10 = nv_tileaa.get_dim_size %m {dim = 0 : i32} : !nv_tileaa.memref<?x8xf32, 1> -> index
  nv_tileaa.return
}

nv_tileaa.func @pointers(%p: !nv_tileaa.ptr<f16, 1>, %lanes: tile<128xindex>, %i: i64, %h: tile<16xf16>, %f: tile<16xf32>, %u: tile<16xi32>) attributes {compute_capability = #nv_tileaa.compute_capability<100>} {
  %pp = nv_tileaa.addptr %p, %lanes : !nv_tileaa.ptr<f16, 1>, tile<128xindex> -> tile<128x!nv_tileaa.ptr<f16, 1>>
  %q = nv_tileaa.int_to_ptr %i : i64 -> !nv_tileaa.ptr<f16, 1>
  %n = nv_tileaa.ptr_to_int %q : !nv_tileaa.ptr<f16, 1> -> i64
  %mr = nv_tileaa.make_memref %p, %i, %i {alias_scope = 7 : i32, operandSegmentSizes = array<i32: 1, 0, 1, 1>} : (!nv_tileaa.ptr<f16, 1>, i64, i64) -> !nv_tileaa.memref<?x64xf16, 1, strides = [?, 1], alias_scope = 7>
  %b = nv_tileaa.bitcast %f : tile<16xf32> -> tile<16xi32>
  %c = nv_tileaa.fp_to_fp %f {rounding_mode = #nv_tileaa.rounding_mode<rn>} : tile<16xf32> -> tile<16xf16>
  %c4 = nv_tileaa.fp_to_fp %h : tile<16xf16> -> tile<16xf4E2M1FN>
  %e = nv_tileaa.extern_elementwise %f, %f {libname = "libdevice", libpath = "/lib/libdevice.bc", pure = true, symbol = "__nv_powf"} : tile<16xf32>, tile<16xf32> -> tile<16xf32>
  %a:2 = nv_tileaa.elementwise_inline_asm %u {asm_string = "mov.b32 $0, $2; mov.b32 $1, $2;", constraints = "=r,=r,r", packed_element = 1 : i32, pure = true} : tile<16xi32> -> tile<16xi32>, tile<16xi32>
  %g = nv_tileaa.call_elementwise_intrinsic %f {intrinsic = "llvm.nvvm.ex2.approx.f"} : tile<16xf32> -> tile<16xf32>
  nv_tileaa.return
}
