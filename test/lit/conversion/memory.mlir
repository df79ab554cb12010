// Pointer and view memory ops of test/lit/interp/memory.mlir after the
// conversion: globals, addptr with index offsets, masked loads with `other`,
// masked stores, atomics with rmw_mode and the memory semantic/scope pair,
// tiled loads with the view's padding value and in_bounds facts, all on one token chain per
// function; and every kernel of the file runs identically both ways.
// RUN: ctile-opt --convert-cuda-tile-to-nv-tileaa='compute-capability=100' %S/../interp/memory.mlir | FileCheck %s
// RUN: ctile-run %S/../interp/memory.mlir --entry ptrs --grid 2 --arg 'f32[8]=iota' --arg 'f32[8]=zeros' --arg 'i32[8]=zeros' --dump 1 --dump 2 > %t.a
// RUN: ctile-run %S/../interp/memory.mlir --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry ptrs --grid 2 --arg 'f32[8]=iota' --arg 'f32[8]=zeros' --arg 'i32[8]=zeros' --dump 1 --dump 2 > %t.b
// RUN: diff %t.a %t.b
// RUN: ctile-run %S/../interp/memory.mlir --entry views --grid 2,2 --arg 'f32[3,5]=iota' --arg 'f32[4,8]=const:-1' --dump 1 > %t.c
// RUN: ctile-run %S/../interp/memory.mlir --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry views --grid 2,2 --arg 'f32[3,5]=iota' --arg 'f32[4,8]=const:-1' --dump 1 > %t.d
// RUN: diff %t.c %t.d

// CHECK: nv_tileaa.global @g {alignment = 0 : i64, value = dense<[10, 20, 30, 40]> : !nv_tileaa.tile<4xi32>} : tile<4xi32>
// CHECK-LABEL: nv_tileaa.func @ptrs(
// CHECK: %[[T0:.*]] = nv_tileaa.create_mem_token
// CHECK: %[[IX:.*]] = arith.index_cast %{{.*}} : !nv_tileaa.tile<4xi32> to !nv_tileaa.tile<4xindex>
// CHECK: %[[SRC:.*]] = nv_tileaa.addptr %{{.*}}, %[[IX]] : tile<4x!nv_tileaa.ptr<f32, 1>>, tile<4xindex> -> tile<4x!nv_tileaa.ptr<f32, 1>>
// CHECK: %[[L:.*]]:2 = nv_tileaa.load %[[SRC]][], %{{.*}}, %{{.*}}, %[[T0]] {operandSegmentSizes = array<i32: 1, 0, 1, 1>} : tile<4x!nv_tileaa.ptr<f32, 1>>, tile<4xi1>, tile<4xf32>, !nv_tileaa.mem_token -> tile<4xf32>, !nv_tileaa.mem_token
// CHECK: %[[S:.*]] = nv_tileaa.store %{{.*}}[], %[[L]]#0, %{{.*}}, %[[L]]#1 {operandSegmentSizes = array<i32: 1, 1, 0, 1>}
// CHECK: nv_tileaa.get_global @g : !nv_tileaa.ptr<i32, 1>
// CHECK: %[[G:.*]]:2 = nv_tileaa.load %{{.*}}[], %[[S]] {operandSegmentSizes = array<i32: 1, 0, 0, 0>}
// CHECK: %[[A:.*]]:2 = nv_tileaa.atomic_rmw %{{.*}}[], %{{.*}}, %[[G]]#1 {mem_scope = #nv_tileaa.mem_scope<gpu>, mem_semantic = #nv_tileaa.mem_semantic<relaxed>, operandSegmentSizes = array<i32: 1, 1, 0, 0>, rmw_mode = #nv_tileaa.rmw_mode<add>}
// CHECK: %[[C:.*]]:2 = nv_tileaa.atomic_cas %{{.*}}[], %{{.*}}, %{{.*}}, %{{.*}}, %[[A]]#1 {{.*}}operandSegmentSizes = array<i32: 1, 1, 1, 0, 1>}
// CHECK: nv_tileaa.atomic_rmw {{.*}}rmw_mode = #nv_tileaa.rmw_mode<max>}
// CHECK-LABEL: nv_tileaa.func @views(
// CHECK: nv_tileaa.tiled_load %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} {in_bounds = array<i1: false, false>, operandSegmentSizes = array<i32: 1, 2, 0, 0>, padding_value = #nv_tileaa.padding_value<neg_inf>} : !nv_tileaa.memref<3x5xf32, 1, strides = [5, 1]>
// CHECK: nv_tileaa.tiled_store %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}, %{{.*}} {in_bounds = array<i1: true, true>, operandSegmentSizes = array<i32: 1, 1, 2, 0>} : !nv_tileaa.memref<4x8xf32, 1, strides = [8, 1]>
