// Memory effects, tokens, assumptions and hints of nv_tileaa.
// RUN: ctile-opt %s | FileCheck %s
// RUN: ctile-opt %s | ctile-opt | FileCheck %s
// RUN: ctile-opt -mlir-print-op-generic %s | ctile-opt | FileCheck %s
// RUN: ctile-opt -mlir-print-op-generic %s > %t.generic.mlir
// RUN: ctile-opt -mlir-print-op-generic %t.generic.mlir | diff %t.generic.mlir -
//
// CHECK-LABEL: nv_tileaa.global @gbl {alignment = 16 : i64} : tile<64xf32>
// CHECK-LABEL: nv_tileaa.func @memory(%arg0: !nv_tileaa.ptr<f32, 1>, %arg1: tile<16x!nv_tileaa.ptr<f32, 1>>, %arg2: !nv_tileaa.memref<?x?xf32, 1>, %arg3: index, %arg4: index, %arg5: tile<16xf32>, %arg6: tile<16xi1>, %arg7: f32, %arg8: tile<16x16xf32>) {
// CHECK-NEXT: %0 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
// CHECK-NEXT: %1 = nv_tileaa.get_global @gbl : !nv_tileaa.ptr<f32, 1>
// CHECK-NEXT: %2:2 = nv_tileaa.load %arg0[], %0 {cache_modifier = #nv_tileaa.cache_modifier<cg>, eviction_policy = #nv_tileaa.eviction_policy<first>, mem_scope = #nv_tileaa.mem_scope<gpu>, mem_semantic = #nv_tileaa.mem_semantic<acquire>, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : !nv_tileaa.ptr<f32, 1>, !nv_tileaa.mem_token -> f32, !nv_tileaa.mem_token
// CHECK-NEXT: %3 = nv_tileaa.load %arg1[], %arg6, %arg5 {operandSegmentSizes = array<i32: 1, 0, 1, 1>} : tile<16x!nv_tileaa.ptr<f32, 1>>, tile<16xi1>, tile<16xf32> -> tile<16xf32>
// CHECK-NEXT: %4 = nv_tileaa.store %arg1[], %3, %arg6, %2#1 {mem_scope = #nv_tileaa.mem_scope<sys>, mem_semantic = #nv_tileaa.mem_semantic<release>, operandSegmentSizes = array<i32: 1, 1, 0, 1>} : tile<16x!nv_tileaa.ptr<f32, 1>>, tile<16xf32>, tile<16xi1>, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
// CHECK-NEXT: %5:2 = nv_tileaa.tiled_load %arg2[%arg3, %arg4], %4 {in_bounds = array<i1: true, false>, operandSegmentSizes = array<i32: 1, 2, 0, 0>} : !nv_tileaa.memref<?x?xf32, 1>, index, index, !nv_tileaa.mem_token -> tile<16x16xf32>, !nv_tileaa.mem_token
// CHECK-NEXT: %6 = nv_tileaa.tiled_store %arg2[%arg3, %arg4], %5#0, %5#1 {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : !nv_tileaa.memref<?x?xf32, 1>, tile<16x16xf32>, index, index, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
// CHECK-NEXT: %7:2 = nv_tileaa.gather_load %arg1, %arg6, %6 {operandSegmentSizes = array<i32: 1, 1, 0>} : tile<16x!nv_tileaa.ptr<f32, 1>>, tile<16xi1>, !nv_tileaa.mem_token -> tile<16xf32>, !nv_tileaa.mem_token
// CHECK-NEXT: %8 = nv_tileaa.scatter_store %arg1, %7#0, %7#1 {operandSegmentSizes = array<i32: 1, 1, 0>} : tile<16x!nv_tileaa.ptr<f32, 1>>, tile<16xf32>, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
// CHECK-NEXT: %9:2 = nv_tileaa.atomic_cas %arg0[], %arg7, %arg7, %8 {mem_scope = #nv_tileaa.mem_scope<gpu>, mem_semantic = #nv_tileaa.mem_semantic<acq_rel>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : !nv_tileaa.ptr<f32, 1>, f32, f32, !nv_tileaa.mem_token -> f32, !nv_tileaa.mem_token
// CHECK-NEXT: %10:2 = nv_tileaa.atomic_rmw %arg1[], %arg5, %arg6, %9#1 {operandSegmentSizes = array<i32: 1, 1, 0, 1>, rmw_mode = #nv_tileaa.rmw_mode<addf>} : tile<16x!nv_tileaa.ptr<f32, 1>>, tile<16xf32>, tile<16xi1>, !nv_tileaa.mem_token -> tile<16xf32>, !nv_tileaa.mem_token
// CHECK-NEXT: %11:2 = nv_tileaa.tiled_atomic_rmw %arg2[%arg3, %arg4], %arg8, %10#1 {operandSegmentSizes = array<i32: 1, 1, 2, 0>, rmw_mode = #nv_tileaa.rmw_mode<max>} : !nv_tileaa.memref<?x?xf32, 1>, tile<16x16xf32>, index, index, !nv_tileaa.mem_token -> tile<16x16xf32>, !nv_tileaa.mem_token
// CHECK-NEXT: %12 = nv_tileaa.atomic_rmw %arg0[], %arg7 {operandSegmentSizes = array<i32: 1, 1, 0, 0>, rmw_mode = #nv_tileaa.rmw_mode<xchg>} : !nv_tileaa.ptr<f32, 1>, f32 -> f32
// CHECK-NEXT: nv_tileaa.return
// CHECK-NEXT: }
// CHECK-LABEL: nv_tileaa.func @tokens(%arg0: !nv_tileaa.mem_token, %arg1: !nv_tileaa.mem_token, %arg2: tile<16xi32>, %arg3: !nv_tileaa.ptr<f16, 1>, %arg4: i1, %arg5: !nv_tileaa.memref<?x64xf16, 1>) {
// CHECK-NEXT: %0 = nv_tileaa.join_mem_token %arg0, %arg1 : !nv_tileaa.mem_token, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
// CHECK-NEXT: nv_tileaa.mark_for_reuse %arg2 : tile<16xi32>
// CHECK-NEXT: nv_tileaa.assert %arg4 {message = "cond must hold"} : i1
// CHECK-NEXT: %1 = nv_tileaa.assume %arg2 {predicates = [#nv_tileaa.div_by<16>, #nv_tileaa.bounded<0, 1024>, #nv_tileaa.same_elements<[4]>]} : tile<16xi32> -> tile<16xi32>
// CHECK-NEXT: %2 = nv_tileaa.assume %arg3 {predicates = [#nv_tileaa.div_by<16>]} : !nv_tileaa.ptr<f16, 1> -> !nv_tileaa.ptr<f16, 1>
// CHECK-NEXT: %3 = nv_tileaa.assume %arg5 {predicates = [#nv_tileaa.div_by<8, every 2 along 1>, #nv_tileaa.same_elements<[1, 64]>]} : !nv_tileaa.memref<?x64xf16, 1> -> !nv_tileaa.memref<?x64xf16, 1>
// CHECK-NEXT: %4 = nv_tileaa.assume %arg2 {predicates = [#nv_tileaa.bounded<?, 7>]} : tile<16xi32> -> tile<16xi32>
// CHECK-NEXT: %5:2 = nv_tileaa.optimization_barrier %1, %arg4 : tile<16xi32>, i1 -> tile<16xi32>, i1
// CHECK-NEXT: nv_tileaa.pragma attributes {name = "unroll", value = 4 : i32} {
// CHECK-NEXT: nv_tileaa.yield
// CHECK-NEXT: }
// CHECK-NEXT: nv_tileaa.message {text = "compile-time note"}
// CHECK-NEXT: nv_tileaa.print %1, %arg4 {prefix = "values: "} : tile<16xi32>, i1
// CHECK-NEXT: nv_tileaa.return
// CHECK-NEXT: }
nv_tileaa.global @gbl {alignment = 16 : i64} : tile<64xf32>

nv_tileaa.func @memory(%p: !nv_tileaa.ptr<f32, 1>, %pp: tile<16x!nv_tileaa.ptr<f32, 1>>, %m: !nv_tileaa.memref<?x?xf32, 1>, %i: index, %j: index, %v: tile<16xf32>, %mask: tile<16xi1>, %s: f32, %tv: tile<16x16xf32>) {
  %t0 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  %g = nv_tileaa.get_global @gbl : !nv_tileaa.ptr<f32, 1>
  %a, %t1 = nv_tileaa.load %p[], %t0 {cache_modifier = #nv_tileaa.cache_modifier<cg>, eviction_policy = #nv_tileaa.eviction_policy<first>, mem_scope = #nv_tileaa.mem_scope<gpu>, mem_semantic = #nv_tileaa.mem_semantic<acquire>, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : !nv_tileaa.ptr<f32, 1>, !nv_tileaa.mem_token -> f32, !nv_tileaa.mem_token
  %b = nv_tileaa.load %pp[], %mask, %v {operandSegmentSizes = array<i32: 1, 0, 1, 1>} : tile<16x!nv_tileaa.ptr<f32, 1>>, tile<16xi1>, tile<16xf32> -> tile<16xf32>
  %t2 = nv_tileaa.store %pp[], %b, %mask, %t1 {mem_scope = #nv_tileaa.mem_scope<sys>, mem_semantic = #nv_tileaa.mem_semantic<release>, operandSegmentSizes = array<i32: 1, 1, 0, 1>} : tile<16x!nv_tileaa.ptr<f32, 1>>, tile<16xf32>, tile<16xi1>, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  %c, %t3 = nv_tileaa.tiled_load %m[%i, %j], %t2 {in_bounds = array<i1: true, false>, operandSegmentSizes = array<i32: 1, 2, 0, 0>} : !nv_tileaa.memref<?x?xf32, 1>, index, index, !nv_tileaa.mem_token -> tile<16x16xf32>, !nv_tileaa.mem_token
  %t4 = nv_tileaa.tiled_store %m[%i, %j], %c, %t3 {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : !nv_tileaa.memref<?x?xf32, 1>, tile<16x16xf32>, index, index, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  %d, %t5 = nv_tileaa.gather_load %pp, %mask, %t4 {operandSegmentSizes = array<i32: 1, 1, 0>} : tile<16x!nv_tileaa.ptr<f32, 1>>, tile<16xi1>, !nv_tileaa.mem_token -> tile<16xf32>, !nv_tileaa.mem_token
  %t6 = nv_tileaa.scatter_store %pp, %d, %t5 {operandSegmentSizes = array<i32: 1, 1, 0>} : tile<16x!nv_tileaa.ptr<f32, 1>>, tile<16xf32>, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  %e, %t7 = nv_tileaa.atomic_cas %p[], %s, %s, %t6 {mem_scope = #nv_tileaa.mem_scope<gpu>, mem_semantic = #nv_tileaa.mem_semantic<acq_rel>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : !nv_tileaa.ptr<f32, 1>, f32, f32, !nv_tileaa.mem_token -> f32, !nv_tileaa.mem_token
  %f, %t8 = nv_tileaa.atomic_rmw %pp[], %v, %mask, %t7 {operandSegmentSizes = array<i32: 1, 1, 0, 1>, rmw_mode = #nv_tileaa.rmw_mode<addf>} : tile<16x!nv_tileaa.ptr<f32, 1>>, tile<16xf32>, tile<16xi1>, !nv_tileaa.mem_token -> tile<16xf32>, !nv_tileaa.mem_token
  %h, %t9 = nv_tileaa.tiled_atomic_rmw %m[%i, %j], %tv, %t8 {operandSegmentSizes = array<i32: 1, 1, 2, 0>, rmw_mode = #nv_tileaa.rmw_mode<max>} : !nv_tileaa.memref<?x?xf32, 1>, tile<16x16xf32>, index, index, !nv_tileaa.mem_token -> tile<16x16xf32>, !nv_tileaa.mem_token
  %k = nv_tileaa.atomic_rmw %p[], %s {operandSegmentSizes = array<i32: 1, 1, 0, 0>, rmw_mode = #nv_tileaa.rmw_mode<xchg>} : !nv_tileaa.ptr<f32, 1>, f32 -> f32
  nv_tileaa.return
}

nv_tileaa.func @tokens(%t0: !nv_tileaa.mem_token, %t1: !nv_tileaa.mem_token, %v: tile<16xi32>, %p: !nv_tileaa.ptr<f16, 1>, %cond: i1, %m: !nv_tileaa.memref<?x64xf16, 1>) {
  %t2 = nv_tileaa.join_mem_token %t0, %t1 : !nv_tileaa.mem_token, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  nv_tileaa.mark_for_reuse %v : tile<16xi32>
  nv_tileaa.assert %cond {message = "cond must hold"} : i1
  %a = nv_tileaa.assume %v {predicates = [#nv_tileaa.div_by<16>, #nv_tileaa.bounded<0, 1024>, #nv_tileaa.same_elements<[4]>]} : tile<16xi32> -> tile<16xi32>
  %b = nv_tileaa.assume %p {predicates = [#nv_tileaa.div_by<16>]} : !nv_tileaa.ptr<f16, 1> -> !nv_tileaa.ptr<f16, 1>
  %c = nv_tileaa.assume %m {predicates = [#nv_tileaa.div_by<8, every 2 along 1>, #nv_tileaa.same_elements<[1, 64]>]} : !nv_tileaa.memref<?x64xf16, 1> -> !nv_tileaa.memref<?x64xf16, 1>
  %d = nv_tileaa.assume %v {predicates = [#nv_tileaa.bounded<?, 7>]} : tile<16xi32> -> tile<16xi32>
  %e:2 = nv_tileaa.optimization_barrier %a, %cond : tile<16xi32>, i1 -> tile<16xi32>, i1
  nv_tileaa.pragma attributes {name = "unroll", value = 4 : i32} {
    nv_tileaa.yield
  }
  nv_tileaa.message {text = "compile-time note"}
  nv_tileaa.print %a, %cond {prefix = "values: "} : tile<16xi32>, i1
  nv_tileaa.return
}
