// Strided and gather/scatter views of test/lit/interp/views.mlir after the
// conversion: a strided view's tiles start at index * traversal stride (with
// its padding value); a gather/scatter view becomes a tile of element
// pointers (addptr of the base) with an in-bounds mask, loaded with the
// padding value as `other` and stored masked.  All three kernels run
// identically both ways.
// RUN: ctile-opt --convert-cuda-tile-to-nv-tileaa='compute-capability=100' %S/../interp/views.mlir | FileCheck %s
// RUN: ctile-run %S/../interp/views.mlir --entry strided --grid 4 --arg 'f32[10]=iota' --arg 'f32[4,4]=zeros' --dump 1 > %t.a
// RUN: ctile-run %S/../interp/views.mlir --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry strided --grid 4 --arg 'f32[10]=iota' --arg 'f32[4,4]=zeros' --dump 1 > %t.b
// RUN: diff %t.a %t.b
// RUN: ctile-run %S/../interp/views.mlir --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry gather --grid 1 --arg 'i32[4,4]=iota' --arg 'i32[4,4]=zeros' --dump 1 | FileCheck %s --check-prefix=GATHER
// RUN: ctile-run %S/../interp/views.mlir --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry scatter --grid 1 --arg 'i32[4,4]=iota' --arg 'i32[4,4]=zeros' --dump 1 | FileCheck %s --check-prefix=SCATTER
// GATHER: arg 1: [12, 13, 14, 15, 0, 1, 2, 3, 0, 0, 0, 0, 4, 5, 6, 7]
// SCATTER: arg 1: [4, 5, 6, 7, 12, 13, 14, 15, 0, 1, 2, 3, 0, 0, 0, 0]

// CHECK-LABEL: nv_tileaa.func @strided(
// CHECK: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[OFF:.*]] = arith.muli %{{.*}}, %[[C3]] : index
// CHECK: nv_tileaa.tiled_load %{{.*}}[%[[OFF]]], %{{.*}} {operandSegmentSizes = array<i32: 1, 1, 0, 0>, padding_value = #nv_tileaa.padding_value<pos_inf>} : !nv_tileaa.memref<10xf32, 1, strides = [1]>, index, !nv_tileaa.mem_token -> tile<4xf32>, !nv_tileaa.mem_token
// CHECK-LABEL: nv_tileaa.func @gather(
// CHECK: arith.cmpi ult, %{{.*}}, %{{.*}} : !nv_tileaa.tile<4x4xindex>
// CHECK: %[[MASK:.*]] = arith.andi %{{.*}}, %{{.*}} : !nv_tileaa.tile<4x4xi1>
// CHECK: %[[PTRS:.*]] = nv_tileaa.addptr %{{.*}}, %{{.*}} : tile<4x4x!nv_tileaa.ptr<i32, 1>>, tile<4x4xindex> -> tile<4x4x!nv_tileaa.ptr<i32, 1>>
// CHECK: nv_tileaa.load %[[PTRS]][], %[[MASK]], %{{.*}}, %{{.*}} {operandSegmentSizes = array<i32: 1, 0, 1, 1>}
// CHECK-LABEL: nv_tileaa.func @scatter(
// CHECK: nv_tileaa.store %{{.*}}[], %{{.*}}, %{{.*}}, %{{.*}} {operandSegmentSizes = array<i32: 1, 1, 0, 1>} : tile<4x4x!nv_tileaa.ptr<i32, 1>>, tile<4x4xi32>, tile<4x4xi1>, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
