// The nv_tileaa canonicalization patterns of seed 001, each where it fires
// and where each of its safety conditions blocks it.  (Execution proof:
// canonicalize_exec.mlir and test/canon/run.sh.)
// RUN: ctile-opt --canonicalize %s | FileCheck %s
// RUN: ctile-opt --canonicalize %s | ctile-opt --verify-diagnostics > /dev/null
//
// ---- fold_constant_dot
// CHECK-LABEL: nv_tileaa.func @dot_zero(
// signed x unsigned i8 in the i32 accumulator: B's -1 is 255
// CHECK-DAG: %[[SU:.*]] = arith.constant dense<{{\[\[}}-243, 21], [791, 39]]> : !nv_tileaa.tile<2x2xi32>
// CHECK-DAG: %[[SS:.*]] = arith.constant dense<{{\[\[}}13, 21], [23, 39]]> : !nv_tileaa.tile<2x2xi32>
// non-constant operands: no fold
// CHECK: %[[D1:.*]] = nv_tileaa.dot %arg0, %arg0, %arg1
// f16 inputs are not folded (only f32/f64 storage is read exactly)
// CHECK: %[[D4:.*]] = nv_tileaa.dot %cst{{.*}}, %cst{{.*}}, %arg1
// a zero A folds to C
// CHECK: nv_tileaa.return %arg1, %[[D1]], %[[SU]], %[[SS]], %[[D4]]
//
// ---- push_assume_through_splat
// CHECK-LABEL: nv_tileaa.func @assume(
// CHECK: %[[S:.*]] = nv_tileaa.splat %arg0 : i32 -> tile<4xi32>
// CHECK-NEXT: %[[A:.*]] = nv_tileaa.assume %arg0 {predicates = [#nv_tileaa.div_by<16>, #nv_tileaa.bounded<0, 1024>]} : i32 -> i32
// CHECK-NEXT: %[[AS:.*]] = nv_tileaa.splat %[[A]] : i32 -> tile<4xi32>
// same_elements and div_by ... every/along depend on lane structure: blocked
// CHECK-NEXT: %[[B:.*]] = nv_tileaa.assume %[[S]] {predicates = [#nv_tileaa.same_elements<[4]>]}
// CHECK-NEXT: %[[C:.*]] = nv_tileaa.assume %[[S]] {predicates = [#nv_tileaa.div_by<8, every 2 along 0>]}
// CHECK-NEXT: nv_tileaa.return %[[AS]], %[[B]], %[[C]]
//
// ---- prune_queue_get_results: survivors keep their order
// CHECK-LABEL: nv_tileaa.func @queue(
// CHECK-NEXT: %[[Q:.*]] = nv_tileaa.create_queue {depth = 2 : i32} : !nv_tileaa.queue<tile<16xf32>, i64>
// CHECK-NEXT: %[[G:.*]]:2 = nv_tileaa.queue.get %[[Q]] : !nv_tileaa.queue<tile<16xf32>, i64> -> tile<16xf32>, i64
// CHECK-NEXT: nv_tileaa.return %[[G]]#0, %[[G]]#1 : tile<16xf32>, i64
// a queue with a put: the put drops the dead position's value too (more
// cases, and where the rewrite is blocked: canonicalize_queue.mlir)
// CHECK-LABEL: nv_tileaa.func @queue_shared(
// CHECK-NEXT: %[[Q:.*]] = nv_tileaa.create_queue {depth = 2 : i32} : !nv_tileaa.queue<tile<16xf32>>
// CHECK-NEXT: nv_tileaa.queue.put %[[Q]], %arg0 : !nv_tileaa.queue<tile<16xf32>>, tile<16xf32>
// CHECK-NEXT: %[[G:.*]] = nv_tileaa.queue.get %[[Q]] : !nv_tileaa.queue<tile<16xf32>> -> tile<16xf32>
// CHECK-NEXT: nv_tileaa.return %[[G]] : tile<16xf32>
//
// ---- fuse_addptr_chain
// CHECK-LABEL: nv_tileaa.func @addptr(
// same offset type: one add
// CHECK-NEXT: %[[S0:.*]] = arith.addi %arg1, %arg2 : !nv_tileaa.tile<4xindex>
// CHECK-NEXT: %[[P0:.*]] = nv_tileaa.addptr %arg0, %[[S0]] : tile<4x!nv_tileaa.ptr<f32, 1>>, tile<4xindex> -> tile<4x!nv_tileaa.ptr<f32, 1>>
// i32 offsets are normalized to i64 before adding (no wrap-around)
// CHECK-NEXT: %[[E0:.*]] = arith.extsi %arg3 : !nv_tileaa.tile<4xi32> to !nv_tileaa.tile<4xi64>
// CHECK-NEXT: %[[E1:.*]] = arith.extsi %arg4 : !nv_tileaa.tile<4xi32> to !nv_tileaa.tile<4xi64>
// CHECK-NEXT: %[[S1:.*]] = arith.addi %[[E0]], %[[E1]] : !nv_tileaa.tile<4xi64>
// CHECK-NEXT: %[[P1:.*]] = nv_tileaa.addptr %arg0, %[[S1]] : tile<4x!nv_tileaa.ptr<f32, 1>>, tile<4xi64>
// index + i32: the i32 offset is cast to index
// CHECK-NEXT: %[[E2:.*]] = arith.index_cast %arg3 : !nv_tileaa.tile<4xi32> to !nv_tileaa.tile<4xindex>
// CHECK-NEXT: %[[S2:.*]] = arith.addi %arg1, %[[E2]] : !nv_tileaa.tile<4xindex>
// CHECK-NEXT: %[[P2:.*]] = nv_tileaa.addptr %arg0, %[[S2]]
// offsets of different shapes (scalar, then a tile): blocked
// CHECK-NEXT: %[[Q0:.*]] = nv_tileaa.addptr %arg5, %arg6 : !nv_tileaa.ptr<f16, 3>, index -> !nv_tileaa.ptr<f16, 3>
// CHECK-NEXT: %[[Q1:.*]] = nv_tileaa.addptr %[[Q0]], %arg1 : !nv_tileaa.ptr<f16, 3>, tile<4xindex> -> tile<4x!nv_tileaa.ptr<f16, 3>>
// CHECK-NEXT: nv_tileaa.return %[[P0]], %[[P1]], %[[P2]], %[[Q1]]
//
// ---- push_select_through_splat
// CHECK-LABEL: nv_tileaa.func @select(
// CHECK-NEXT: %[[SC:.*]] = nv_tileaa.splat %arg0 : i1 -> tile<2x4xi1>
// CHECK-NEXT: %[[ST:.*]] = nv_tileaa.splat %arg1 : f32 -> tile<2x4xf32>
// CHECK-NEXT: %[[SF:.*]] = nv_tileaa.splat %arg2 : f32 -> tile<2x4xf32>
// CHECK-NEXT: %[[SEL:.*]] = arith.select %[[SC]], %[[ST]], %[[SF]] : !nv_tileaa.tile<2x4xi1>, !nv_tileaa.tile<2x4xf32>
// a select of tiles is no splat operand: unchanged
// CHECK-NEXT: arith.select %arg3, %arg4, %arg5 : !nv_tileaa.tile<4xi1>, !nv_tileaa.tile<4xf32>
//
// ---- fold_expand_dims_of_splat, fold_broadcast_of_splat, fold_view_chain
// CHECK-LABEL: nv_tileaa.func @shapes(
// CHECK-NEXT: %[[X0:.*]] = nv_tileaa.splat %arg0 : f32 -> tile<1x4x8xf32>
// CHECK-NEXT: %[[X1:.*]] = nv_tileaa.splat %arg0 : f32 -> tile<4x8xf32>
// CHECK-NEXT: %[[X2:.*]] = nv_tileaa.splat %arg0 : f32 -> tile<32xf32>
// CHECK-NEXT: %[[X3:.*]] = nv_tileaa.view %arg2 : tile<4x8xf32> -> tile<8x4xf32>
// a broadcast of a non-splat stays
// CHECK-NEXT: %[[X5:.*]] = nv_tileaa.broadcast %arg1 : tile<1x8xf32> -> tile<4x8xf32>
// CHECK-NEXT: nv_tileaa.return %[[X0]], %[[X1]], %[[X2]], %[[X3]], %arg2, %[[X5]]
//
// ---- hoist_extract_through_elementwise
// CHECK-LABEL: nv_tileaa.func @extract(
// CHECK-NEXT: %[[EA:.*]] = nv_tileaa.extract %arg0, %arg2 : tile<4x8xf32>, index -> tile<8xf32>
// CHECK-NEXT: %[[EB:.*]] = nv_tileaa.extract %arg1, %arg2 : tile<4x8xf32>, index -> tile<8xf32>
// CHECK-NEXT: %[[EW:.*]] = nv_tileaa.addf %[[EA]], %[[EB]] : tile<8xf32>, tile<8xf32> -> tile<8xf32>
// the elementwise result is used elsewhere too: blocked
// CHECK-NEXT: %[[M:.*]] = nv_tileaa.mulf %arg0, %arg1
// CHECK-NEXT: %[[EM:.*]] = nv_tileaa.extract %[[M]], %arg2
// CHECK-NEXT: nv_tileaa.return %[[EW]], %[[EM]], %[[M]]
//
// ---- canonicalize_masked_load / canonicalize_masked_store
// CHECK-LABEL: nv_tileaa.func @masked(
// true mask: unmasked load
// CHECK: %[[L0:.*]]:2 = nv_tileaa.load %arg0[], %arg3 {operandSegmentSizes = array<i32: 1, 0, 0, 0>}
// false mask with `other` (a splat of false): gone, the token passes through;
// false without a fallback value: blocked
// CHECK-NEXT: %[[L2:.*]]:2 = nv_tileaa.load %arg0[], %cst, %[[L0]]#1 {operandSegmentSizes = array<i32: 1, 0, 1, 0>}
// an acquire load is an ordering effect: blocked
// CHECK-NEXT: %[[L3:.*]]:2 = nv_tileaa.load %arg0[], %cst, %arg1, %[[L2]]#1 {mem_scope = #nv_tileaa.mem_scope<gpu>, mem_semantic = #nv_tileaa.mem_semantic<acquire>
// a mixed constant mask: blocked
// CHECK-NEXT: %[[L4:.*]]:2 = nv_tileaa.load %arg0[], %cst_0, %arg1, %[[L3]]#1
// true store: unmasked; false store: erased, its token user takes the incoming token
// CHECK-NEXT: %[[T0:.*]] = nv_tileaa.store %arg0[], %[[L0]]#0, %[[L4]]#1 {operandSegmentSizes = array<i32: 1, 1, 0, 0>}
// a release store is an ordering effect: kept; a non-constant mask: kept
// CHECK-NEXT: %[[T1:.*]] = nv_tileaa.store %arg0[], %arg1, %cst, %[[T0]] {mem_scope = #nv_tileaa.mem_scope<gpu>, mem_semantic = #nv_tileaa.mem_semantic<release>
// CHECK-NEXT: %[[T2:.*]] = nv_tileaa.store %arg0[], %arg1, %arg2, %[[T1]]
// CHECK-NEXT: nv_tileaa.return %[[L0]]#0, %arg1, %[[L2]]#0, %[[L3]]#0, %[[L4]]#0, %[[T2]]
//
// ---- fold_atomic_rmw / fold_atomic_cas
// CHECK-LABEL: nv_tileaa.func @atomics(
// add 0 (acquire kept with its scope), or 0, xor 0, and -1, umin -1, max INT_MIN, addf -0.0
// CHECK: %[[R0:.*]]:2 = nv_tileaa.load %arg0[], %arg3 {mem_scope = #nv_tileaa.mem_scope<gpu>, mem_semantic = #nv_tileaa.mem_semantic<acquire>, operandSegmentSizes = array<i32: 1, 0, 0, 0>}
// CHECK-NEXT: %[[R1:.*]]:2 = nv_tileaa.load %arg0[], %[[R0]]#1
// CHECK-NEXT: %[[R2:.*]]:2 = nv_tileaa.load %arg0[], %[[R1]]#1
// CHECK-NEXT: %[[R3:.*]]:2 = nv_tileaa.load %arg0[], %[[R2]]#1
// CHECK-NEXT: %[[R4:.*]]:2 = nv_tileaa.load %arg0[], %[[R3]]#1
// CHECK-NEXT: %[[R5:.*]]:2 = nv_tileaa.load %arg0[], %[[R4]]#1
// CHECK-NEXT: %[[R6:.*]]:2 = nv_tileaa.load %arg1[], %[[R5]]#1
// blocked: xchg with a constant, add 1, addf +0.0 (-0.0 + 0.0 is +0.0), acq_rel, a mask
// CHECK-NEXT: nv_tileaa.atomic_rmw %arg0[], %c0_i32, %[[R6]]#1 {{.*}}rmw_mode<xchg>
// CHECK-NEXT: nv_tileaa.atomic_rmw %arg0[], %c1_i32, {{.*}}rmw_mode<add>
// CHECK-NEXT: nv_tileaa.atomic_rmw %arg1[], %cst, {{.*}}rmw_mode<addf>
// CHECK-NEXT: nv_tileaa.atomic_rmw %arg0[], %c0_i32, {{.*}}mem_semantic<acq_rel>
// CHECK-NEXT: %[[B4:.*]]:2 = nv_tileaa.atomic_rmw %arg0[], %c0_i32, %arg2,
// cas with equal constants: a load with the same ordering and scope
// CHECK-NEXT: %[[C0:.*]]:2 = nv_tileaa.load %arg0[], %[[B4]]#1 {mem_scope = #nv_tileaa.mem_scope<gpu>, mem_semantic = #nv_tileaa.mem_semantic<relaxed>
// blocked: different constants, release ordering
// CHECK-NEXT: nv_tileaa.atomic_cas %arg0[], %c1_i32, %c0_i32, %[[C0]]#1
// CHECK-NEXT: nv_tileaa.atomic_cas %arg0[], %c1_i32, %c1_i32, {{.*}}mem_semantic<release>

nv_tileaa.func @dot_zero(%b: tile<2x2xf32>, %c: tile<2x2xf32>, %ia: tile<2x2xi8>) -> (tile<2x2xf32>, tile<2x2xf32>, tile<2x2xi32>, tile<2x2xi32>, tile<2x2xf32>) {
  %z = arith.constant dense<0.0> : !nv_tileaa.tile<2x2xf32>
  %0 = nv_tileaa.dot %z, %b, %c {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : tile<2x2xf32>, tile<2x2xf32>, tile<2x2xf32> -> tile<2x2xf32>
  %1 = nv_tileaa.dot %b, %b, %c {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : tile<2x2xf32>, tile<2x2xf32>, tile<2x2xf32> -> tile<2x2xf32>
  %ka = arith.constant dense<[[-1, 2], [3, -4]]> : !nv_tileaa.tile<2x2xi8>
  %kb = arith.constant dense<[[-1, 1], [1, 1]]> : !nv_tileaa.tile<2x2xi8>
  %kc = arith.constant dense<[[10, 20], [30, 40]]> : !nv_tileaa.tile<2x2xi32>
  %2 = nv_tileaa.dot %ka, %kb, %kc {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, signedness_a = #nv_tileaa.signedness<signed>, signedness_b = #nv_tileaa.signedness<unsigned>} : tile<2x2xi8>, tile<2x2xi8>, tile<2x2xi32> -> tile<2x2xi32>
  %3 = nv_tileaa.dot %ka, %kb, %kc {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, signedness_a = #nv_tileaa.signedness<signed>, signedness_b = #nv_tileaa.signedness<signed>} : tile<2x2xi8>, tile<2x2xi8>, tile<2x2xi32> -> tile<2x2xi32>
  %hz = arith.constant dense<1.0> : !nv_tileaa.tile<2x2xf16>
  %4 = nv_tileaa.dot %hz, %hz, %c {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : tile<2x2xf16>, tile<2x2xf16>, tile<2x2xf32> -> tile<2x2xf32>
  nv_tileaa.return %0, %1, %2, %3, %4 : tile<2x2xf32>, tile<2x2xf32>, tile<2x2xi32>, tile<2x2xi32>, tile<2x2xf32>
}
nv_tileaa.func @assume(%x: i32, %y: i32) -> (tile<4xi32>, tile<4xi32>, tile<4xi32>) {
  %s = nv_tileaa.splat %x : i32 -> tile<4xi32>
  %0 = nv_tileaa.assume %s {predicates = [#nv_tileaa.div_by<16>, #nv_tileaa.bounded<0, 1024>]} : tile<4xi32> -> tile<4xi32>
  %1 = nv_tileaa.assume %s {predicates = [#nv_tileaa.same_elements<[4]>]} : tile<4xi32> -> tile<4xi32>
  %2 = nv_tileaa.assume %s {predicates = [#nv_tileaa.div_by<8, every 2 along 0>]} : tile<4xi32> -> tile<4xi32>
  nv_tileaa.return %0, %1, %2 : tile<4xi32>, tile<4xi32>, tile<4xi32>
}
nv_tileaa.func @queue(%v: tile<16xf32>) -> (tile<16xf32>, i64) {
  %q = nv_tileaa.create_queue {depth = 2 : i32} : !nv_tileaa.queue<i32, tile<16xf32>, f32, i64>
  %g:4 = nv_tileaa.queue.get %q : !nv_tileaa.queue<i32, tile<16xf32>, f32, i64> -> i32, tile<16xf32>, f32, i64
  nv_tileaa.return %g#1, %g#3 : tile<16xf32>, i64
}
nv_tileaa.func @queue_shared(%v: tile<16xf32>, %k: i32) -> tile<16xf32> {
  %q = nv_tileaa.create_queue {depth = 2 : i32} : !nv_tileaa.queue<tile<16xf32>, i32>
  nv_tileaa.queue.put %q, %v, %k : !nv_tileaa.queue<tile<16xf32>, i32>, tile<16xf32>, i32
  %g:2 = nv_tileaa.queue.get %q : !nv_tileaa.queue<tile<16xf32>, i32> -> tile<16xf32>, i32
  nv_tileaa.return %g#0 : tile<16xf32>
}
nv_tileaa.func @addptr(%p: tile<4x!nv_tileaa.ptr<f32, 1>>, %a: tile<4xindex>, %b: tile<4xindex>, %c: tile<4xi32>, %d: tile<4xi32>, %s: !nv_tileaa.ptr<f16, 3>, %i: index) -> (tile<4x!nv_tileaa.ptr<f32, 1>>, tile<4x!nv_tileaa.ptr<f32, 1>>, tile<4x!nv_tileaa.ptr<f32, 1>>, tile<4x!nv_tileaa.ptr<f16, 3>>) {
  %0 = nv_tileaa.addptr %p, %a : tile<4x!nv_tileaa.ptr<f32, 1>>, tile<4xindex> -> tile<4x!nv_tileaa.ptr<f32, 1>>
  %1 = nv_tileaa.addptr %0, %b : tile<4x!nv_tileaa.ptr<f32, 1>>, tile<4xindex> -> tile<4x!nv_tileaa.ptr<f32, 1>>
  %2 = nv_tileaa.addptr %p, %c : tile<4x!nv_tileaa.ptr<f32, 1>>, tile<4xi32> -> tile<4x!nv_tileaa.ptr<f32, 1>>
  %3 = nv_tileaa.addptr %2, %d : tile<4x!nv_tileaa.ptr<f32, 1>>, tile<4xi32> -> tile<4x!nv_tileaa.ptr<f32, 1>>
  %4 = nv_tileaa.addptr %p, %a : tile<4x!nv_tileaa.ptr<f32, 1>>, tile<4xindex> -> tile<4x!nv_tileaa.ptr<f32, 1>>
  %5 = nv_tileaa.addptr %4, %c : tile<4x!nv_tileaa.ptr<f32, 1>>, tile<4xi32> -> tile<4x!nv_tileaa.ptr<f32, 1>>
  %6 = nv_tileaa.addptr %s, %i : !nv_tileaa.ptr<f16, 3>, index -> !nv_tileaa.ptr<f16, 3>
  %7 = nv_tileaa.addptr %6, %a : !nv_tileaa.ptr<f16, 3>, tile<4xindex> -> tile<4x!nv_tileaa.ptr<f16, 3>>
  nv_tileaa.return %1, %3, %5, %7 : tile<4x!nv_tileaa.ptr<f32, 1>>, tile<4x!nv_tileaa.ptr<f32, 1>>, tile<4x!nv_tileaa.ptr<f32, 1>>, tile<4x!nv_tileaa.ptr<f16, 3>>
}
nv_tileaa.func @select(%c: i1, %t: f32, %f: f32, %cv: tile<4xi1>, %tv: tile<4xf32>, %fv: tile<4xf32>) -> (tile<2x4xf32>, tile<4xf32>) {
  %s = arith.select %c, %t, %f : f32
  %0 = nv_tileaa.splat %s : f32 -> tile<2x4xf32>
  %sv = arith.select %cv, %tv, %fv : !nv_tileaa.tile<4xi1>, !nv_tileaa.tile<4xf32>
  %1 = nv_tileaa.view %sv : tile<4xf32> -> tile<4xf32>
  nv_tileaa.return %0, %1 : tile<2x4xf32>, tile<4xf32>
}
nv_tileaa.func @shapes(%x: f32, %t: tile<1x8xf32>, %u: tile<4x8xf32>) -> (tile<1x4x8xf32>, tile<4x8xf32>, tile<32xf32>, tile<8x4xf32>, tile<4x8xf32>, tile<4x8xf32>) {
  %s = nv_tileaa.splat %x : f32 -> tile<4x8xf32>
  %0 = nv_tileaa.expand_dims %s {axis = 0 : i32} : tile<4x8xf32> -> tile<1x4x8xf32>
  %s1 = nv_tileaa.splat %x : f32 -> tile<1x8xf32>
  %1 = nv_tileaa.broadcast %s1 : tile<1x8xf32> -> tile<4x8xf32>
  %2 = nv_tileaa.view %s : tile<4x8xf32> -> tile<32xf32>
  %v1 = nv_tileaa.view %u : tile<4x8xf32> -> tile<32xf32>
  %3 = nv_tileaa.view %v1 : tile<32xf32> -> tile<8x4xf32>
  %v2 = nv_tileaa.view %u : tile<4x8xf32> -> tile<32xf32>
  %4 = nv_tileaa.view %v2 : tile<32xf32> -> tile<4x8xf32>
  %5 = nv_tileaa.broadcast %t : tile<1x8xf32> -> tile<4x8xf32>
  nv_tileaa.return %0, %1, %2, %3, %4, %5 : tile<1x4x8xf32>, tile<4x8xf32>, tile<32xf32>, tile<8x4xf32>, tile<4x8xf32>, tile<4x8xf32>
}
nv_tileaa.func @extract(%a: tile<4x8xf32>, %b: tile<4x8xf32>, %i: index) -> (tile<8xf32>, tile<8xf32>, tile<4x8xf32>) {
  %0 = nv_tileaa.addf %a, %b : tile<4x8xf32>, tile<4x8xf32> -> tile<4x8xf32>
  %1 = nv_tileaa.extract %0, %i : tile<4x8xf32>, index -> tile<8xf32>
  %2 = nv_tileaa.mulf %a, %b : tile<4x8xf32>, tile<4x8xf32> -> tile<4x8xf32>
  %3 = nv_tileaa.extract %2, %i : tile<4x8xf32>, index -> tile<8xf32>
  nv_tileaa.return %1, %3, %2 : tile<8xf32>, tile<8xf32>, tile<4x8xf32>
}
nv_tileaa.func @masked(%p: tile<4x!nv_tileaa.ptr<f32, 1>>, %v: tile<4xf32>, %m: tile<4xi1>, %t0: !nv_tileaa.mem_token) -> (tile<4xf32>, tile<4xf32>, tile<4xf32>, tile<4xf32>, tile<4xf32>, !nv_tileaa.mem_token) {
  %true = arith.constant dense<true> : !nv_tileaa.tile<4xi1>
  %false = arith.constant dense<false> : !nv_tileaa.tile<4xi1>
  %mixed = arith.constant dense<[true, false, true, false]> : !nv_tileaa.tile<4xi1>
  %fs = arith.constant false
  %false2 = nv_tileaa.splat %fs : i1 -> tile<4xi1>
  %a, %t1 = nv_tileaa.load %p[], %true, %v, %t0 {operandSegmentSizes = array<i32: 1, 0, 1, 1>} : tile<4x!nv_tileaa.ptr<f32, 1>>, tile<4xi1>, tile<4xf32>, !nv_tileaa.mem_token -> tile<4xf32>, !nv_tileaa.mem_token
  %b, %t2 = nv_tileaa.load %p[], %false2, %v, %t1 {operandSegmentSizes = array<i32: 1, 0, 1, 1>} : tile<4x!nv_tileaa.ptr<f32, 1>>, tile<4xi1>, tile<4xf32>, !nv_tileaa.mem_token -> tile<4xf32>, !nv_tileaa.mem_token
  %c, %t3 = nv_tileaa.load %p[], %false, %t2 {operandSegmentSizes = array<i32: 1, 0, 1, 0>} : tile<4x!nv_tileaa.ptr<f32, 1>>, tile<4xi1>, !nv_tileaa.mem_token -> tile<4xf32>, !nv_tileaa.mem_token
  %d, %t4 = nv_tileaa.load %p[], %false, %v, %t3 {mem_scope = #nv_tileaa.mem_scope<gpu>, mem_semantic = #nv_tileaa.mem_semantic<acquire>, operandSegmentSizes = array<i32: 1, 0, 1, 1>} : tile<4x!nv_tileaa.ptr<f32, 1>>, tile<4xi1>, tile<4xf32>, !nv_tileaa.mem_token -> tile<4xf32>, !nv_tileaa.mem_token
  %e, %t5 = nv_tileaa.load %p[], %mixed, %v, %t4 {operandSegmentSizes = array<i32: 1, 0, 1, 1>} : tile<4x!nv_tileaa.ptr<f32, 1>>, tile<4xi1>, tile<4xf32>, !nv_tileaa.mem_token -> tile<4xf32>, !nv_tileaa.mem_token
  %t6 = nv_tileaa.store %p[], %a, %true, %t5 {operandSegmentSizes = array<i32: 1, 1, 0, 1>} : tile<4x!nv_tileaa.ptr<f32, 1>>, tile<4xf32>, tile<4xi1>, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  %t7 = nv_tileaa.store %p[], %b, %false, %t6 {operandSegmentSizes = array<i32: 1, 1, 0, 1>} : tile<4x!nv_tileaa.ptr<f32, 1>>, tile<4xf32>, tile<4xi1>, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  %t8 = nv_tileaa.store %p[], %b, %false, %t7 {mem_scope = #nv_tileaa.mem_scope<gpu>, mem_semantic = #nv_tileaa.mem_semantic<release>, operandSegmentSizes = array<i32: 1, 1, 0, 1>} : tile<4x!nv_tileaa.ptr<f32, 1>>, tile<4xf32>, tile<4xi1>, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  %t9 = nv_tileaa.store %p[], %b, %m, %t8 {operandSegmentSizes = array<i32: 1, 1, 0, 1>} : tile<4x!nv_tileaa.ptr<f32, 1>>, tile<4xf32>, tile<4xi1>, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  nv_tileaa.return %a, %b, %c, %d, %e, %t9 : tile<4xf32>, tile<4xf32>, tile<4xf32>, tile<4xf32>, tile<4xf32>, !nv_tileaa.mem_token
}
nv_tileaa.func @atomics(%p: !nv_tileaa.ptr<i32, 1>, %f: !nv_tileaa.ptr<f32, 1>, %m: i1, %t0: !nv_tileaa.mem_token) -> (i32, i32, i32, i32, i32, i32, f32, i32, i32, f32, i32, i32, i32, i32, i32, !nv_tileaa.mem_token) {
  %z = arith.constant 0 : i32
  %ones = arith.constant -1 : i32
  %one = arith.constant 1 : i32
  %imin = arith.constant -2147483648 : i32
  %nz = arith.constant -0.0 : f32
  %pz = arith.constant 0.0 : f32
  %r0, %t1 = nv_tileaa.atomic_rmw %p[], %z, %t0 {mem_scope = #nv_tileaa.mem_scope<gpu>, mem_semantic = #nv_tileaa.mem_semantic<acquire>, operandSegmentSizes = array<i32: 1, 1, 0, 0>, rmw_mode = #nv_tileaa.rmw_mode<add>} : !nv_tileaa.ptr<i32, 1>, i32, !nv_tileaa.mem_token -> i32, !nv_tileaa.mem_token
  %r1, %t2 = nv_tileaa.atomic_rmw %p[], %z, %t1 {operandSegmentSizes = array<i32: 1, 1, 0, 0>, rmw_mode = #nv_tileaa.rmw_mode<or>} : !nv_tileaa.ptr<i32, 1>, i32, !nv_tileaa.mem_token -> i32, !nv_tileaa.mem_token
  %r2, %t3 = nv_tileaa.atomic_rmw %p[], %z, %t2 {operandSegmentSizes = array<i32: 1, 1, 0, 0>, rmw_mode = #nv_tileaa.rmw_mode<xor>} : !nv_tileaa.ptr<i32, 1>, i32, !nv_tileaa.mem_token -> i32, !nv_tileaa.mem_token
  %r3, %t4 = nv_tileaa.atomic_rmw %p[], %ones, %t3 {operandSegmentSizes = array<i32: 1, 1, 0, 0>, rmw_mode = #nv_tileaa.rmw_mode<and>} : !nv_tileaa.ptr<i32, 1>, i32, !nv_tileaa.mem_token -> i32, !nv_tileaa.mem_token
  %r4, %t5 = nv_tileaa.atomic_rmw %p[], %ones, %t4 {operandSegmentSizes = array<i32: 1, 1, 0, 0>, rmw_mode = #nv_tileaa.rmw_mode<umin>} : !nv_tileaa.ptr<i32, 1>, i32, !nv_tileaa.mem_token -> i32, !nv_tileaa.mem_token
  %r5, %t6 = nv_tileaa.atomic_rmw %p[], %imin, %t5 {operandSegmentSizes = array<i32: 1, 1, 0, 0>, rmw_mode = #nv_tileaa.rmw_mode<max>} : !nv_tileaa.ptr<i32, 1>, i32, !nv_tileaa.mem_token -> i32, !nv_tileaa.mem_token
  %r6, %t7 = nv_tileaa.atomic_rmw %f[], %nz, %t6 {operandSegmentSizes = array<i32: 1, 1, 0, 0>, rmw_mode = #nv_tileaa.rmw_mode<addf>} : !nv_tileaa.ptr<f32, 1>, f32, !nv_tileaa.mem_token -> f32, !nv_tileaa.mem_token
  %b0, %t8 = nv_tileaa.atomic_rmw %p[], %z, %t7 {operandSegmentSizes = array<i32: 1, 1, 0, 0>, rmw_mode = #nv_tileaa.rmw_mode<xchg>} : !nv_tileaa.ptr<i32, 1>, i32, !nv_tileaa.mem_token -> i32, !nv_tileaa.mem_token
  %b1, %t9 = nv_tileaa.atomic_rmw %p[], %one, %t8 {operandSegmentSizes = array<i32: 1, 1, 0, 0>, rmw_mode = #nv_tileaa.rmw_mode<add>} : !nv_tileaa.ptr<i32, 1>, i32, !nv_tileaa.mem_token -> i32, !nv_tileaa.mem_token
  %b2, %t10 = nv_tileaa.atomic_rmw %f[], %pz, %t9 {operandSegmentSizes = array<i32: 1, 1, 0, 0>, rmw_mode = #nv_tileaa.rmw_mode<addf>} : !nv_tileaa.ptr<f32, 1>, f32, !nv_tileaa.mem_token -> f32, !nv_tileaa.mem_token
  %b3, %t11 = nv_tileaa.atomic_rmw %p[], %z, %t10 {mem_scope = #nv_tileaa.mem_scope<gpu>, mem_semantic = #nv_tileaa.mem_semantic<acq_rel>, operandSegmentSizes = array<i32: 1, 1, 0, 0>, rmw_mode = #nv_tileaa.rmw_mode<add>} : !nv_tileaa.ptr<i32, 1>, i32, !nv_tileaa.mem_token -> i32, !nv_tileaa.mem_token
  %b4, %t12 = nv_tileaa.atomic_rmw %p[], %z, %m, %t11 {operandSegmentSizes = array<i32: 1, 1, 0, 1>, rmw_mode = #nv_tileaa.rmw_mode<add>} : !nv_tileaa.ptr<i32, 1>, i32, i1, !nv_tileaa.mem_token -> i32, !nv_tileaa.mem_token
  %c0, %t13 = nv_tileaa.atomic_cas %p[], %one, %one, %t12 {mem_scope = #nv_tileaa.mem_scope<gpu>, mem_semantic = #nv_tileaa.mem_semantic<relaxed>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : !nv_tileaa.ptr<i32, 1>, i32, i32, !nv_tileaa.mem_token -> i32, !nv_tileaa.mem_token
  %c1, %t14 = nv_tileaa.atomic_cas %p[], %one, %z, %t13 {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : !nv_tileaa.ptr<i32, 1>, i32, i32, !nv_tileaa.mem_token -> i32, !nv_tileaa.mem_token
  %c2, %t15 = nv_tileaa.atomic_cas %p[], %one, %one, %t14 {mem_scope = #nv_tileaa.mem_scope<gpu>, mem_semantic = #nv_tileaa.mem_semantic<release>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : !nv_tileaa.ptr<i32, 1>, i32, i32, !nv_tileaa.mem_token -> i32, !nv_tileaa.mem_token
  nv_tileaa.return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %b0, %b1, %b2, %b3, %b4, %c0, %c1, %c2, %t15 : i32, i32, i32, i32, i32, i32, f32, i32, i32, f32, i32, i32, i32, i32, i32, !nv_tileaa.mem_token
}
