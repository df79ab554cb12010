// Execution proof of the nv_tileaa canonicalization patterns (seed 001):
// a cuda_tile kernel whose conversion exposes fuse_addptr_chain,
// canonicalize_masked_load/store (constant true and false masks),
// fold_view_chain, fold_broadcast_of_splat, fold_constant_dot (zero
// multiplicand and all-constant operands), push_select_through_splat,
// hoist_extract_through_elementwise, fold_atomic_rmw (add 0, and -1) and
// fold_atomic_cas (equal constants), with xchg left alone.  The program runs
// as written, converted, and converted + canonicalized: all three dumps must
// be byte-identical (test/canon/run.sh repeats this on random inputs).
// RUN: ctile-run %s --entry pats --grid 1 --arg 'f32[8]=rand:1' --arg 'f32[24]=zeros' --arg 'i32[8]=rand:2' --dump 1 --dump 2 > %t.a
// RUN: ctile-run %s --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry pats --grid 1 --arg 'f32[8]=rand:1' --arg 'f32[24]=zeros' --arg 'i32[8]=rand:2' --dump 1 --dump 2 > %t.b
// RUN: ctile-run %s --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100},canonicalize' --entry pats --grid 1 --arg 'f32[8]=rand:1' --arg 'f32[24]=zeros' --arg 'i32[8]=rand:2' --dump 1 --dump 2 > %t.c
// RUN: diff %t.a %t.c
// RUN: diff %t.b %t.c
// RUN: ctile-opt --pass-pipeline='builtin.module(convert-cuda-tile-to-nv-tileaa{compute-capability=100})' %s | FileCheck %s --check-prefix=BEFORE
// RUN: ctile-opt --pass-pipeline='builtin.module(convert-cuda-tile-to-nv-tileaa{compute-capability=100},canonicalize)' %s | FileCheck %s
//
// BEFORE-COUNT-2: nv_tileaa.dot
// BEFORE-COUNT-2: nv_tileaa.atomic_rmw {{.*}}rmw_mode<{{add|and}}>
// BEFORE: nv_tileaa.atomic_cas
//
// The folded constant dot: [[1.5,-2],[.25,3]] * [[2,.5],[-1,4]] + [[.125,1],[-3,0]]
// CHECK-DAG: %[[DOT:.*]] = arith.constant dense<{{\[\[}}5.125000e+00, -6.250000e+00], [-5.500000e+00, 1.212500e+01]]> : !nv_tileaa.tile<2x2xf32>
// CHECK-DAG: %[[PAD:.*]] = arith.constant dense<1.000000e+02> : !nv_tileaa.tile<4xf32>
// CHECK-NOT: nv_tileaa.dot
// CHECK-NOT: nv_tileaa.broadcast
// pointers: splat (not broadcast of splat), fused offsets
// CHECK: %[[IN:.*]] = nv_tileaa.splat %arg0 : !nv_tileaa.ptr<f32, 1> -> tile<4x!nv_tileaa.ptr<f32, 1>>
// CHECK: %[[SUM:.*]] = arith.addi %{{.*}}, %{{.*}} : !nv_tileaa.tile<4xindex>
// CHECK-NEXT: %[[P2:.*]] = nv_tileaa.addptr %[[IN]], %[[SUM]]
// the true-masked load is unmasked; the false-masked load is gone (its token edge goes on)
// CHECK-NEXT: %[[V:.*]]:2 = nv_tileaa.load %[[P2]][], %0 {operandSegmentSizes = array<i32: 1, 0, 0, 0>}
// CHECK-NOT: nv_tileaa.load %{{.*}}, %cst
// CHECK: %[[S0:.*]] = nv_tileaa.store %{{.*}}[], %[[V]]#0, %[[V]]#1 {operandSegmentSizes = array<i32: 1, 1, 0, 0>}
// CHECK: %[[S1:.*]] = nv_tileaa.store %{{.*}}[], %[[PAD]], %[[S0]] {operandSegmentSizes = array<i32: 1, 1, 0, 0>}
// the false-masked store is erased: the next store takes its incoming token
// CHECK-NOT: nv_tileaa.store
// view(view x) with x's type is x itself
// CHECK: nv_tileaa.store %{{.*}}[], %[[V]]#0, %[[S1]]
// CHECK: nv_tileaa.addf %{{.*}}, %[[DOT]]
// select of scalars pushed below the splats
// CHECK: %[[C:.*]] = nv_tileaa.splat %{{.*}} : i1 -> tile<1xi1>
// CHECK-NEXT: %[[T:.*]] = nv_tileaa.splat %{{.*}} : f32 -> tile<1xf32>
// CHECK-NEXT: %[[F:.*]] = nv_tileaa.splat %{{.*}} : f32 -> tile<1xf32>
// CHECK-NEXT: arith.select %[[C]], %[[T]], %[[F]] : !nv_tileaa.tile<1xi1>, !nv_tileaa.tile<1xf32>
// extract hoisted through mulf
// CHECK: %[[X0:.*]] = nv_tileaa.extract %{{.*}}, %c0 : tile<1xf32>, index -> f32
// CHECK-NEXT: %[[X1:.*]] = nv_tileaa.extract %{{.*}}, %c0 : tile<1xf32>, index -> f32
// CHECK-NEXT: nv_tileaa.mulf %[[X0]], %[[X1]] {{.*}} : f32, f32 -> f32
// atomics: add 0, and -1 and cas 7,7 are relaxed gpu loads on the token chain; xchg stays
// CHECK: %[[L0:.*]]:2 = nv_tileaa.load %[[CP:.*]][], %[[TK:.*]] {mem_scope = #nv_tileaa.mem_scope<gpu>, mem_semantic = #nv_tileaa.mem_semantic<relaxed>, operandSegmentSizes = array<i32: 1, 0, 0, 0>}
// CHECK-NEXT: %[[L1:.*]]:2 = nv_tileaa.load %[[CP]][], %[[L0]]#1 {mem_scope = #nv_tileaa.mem_scope<gpu>, mem_semantic = #nv_tileaa.mem_semantic<relaxed>
// CHECK-NEXT: %[[L2:.*]]:2 = nv_tileaa.load %[[CP]][], %[[L1]]#1 {mem_scope = #nv_tileaa.mem_scope<gpu>, mem_semantic = #nv_tileaa.mem_semantic<relaxed>
// CHECK-NEXT: nv_tileaa.atomic_rmw %[[CP]][], %{{.*}}, %[[L2]]#1 {{.*}}rmw_mode = #nv_tileaa.rmw_mode<xchg>
// CHECK-NOT: nv_tileaa.atomic_cas
cuda_tile.module @canon {
  entry @pats(%in: tile<ptr<f32>>, %out: tile<ptr<f32>>, %cnt: tile<ptr<i32>>) {
    %io = iota : tile<4xi32>
    %pin0 = reshape %in : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pin = broadcast %pin0 : tile<1xptr<f32>> -> tile<4xptr<f32>>
    %pout0 = reshape %out : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pout = broadcast %pout0 : tile<1xptr<f32>> -> tile<4xptr<f32>>
    %two = constant <i32: 2> : tile<4xi32>
    %four = constant <i32: 4> : tile<4xi32>
    %p1 = offset %pin, %io : tile<4xptr<f32>>, tile<4xi32> -> tile<4xptr<f32>>
    %p2 = offset %p1, %two : tile<4xptr<f32>>, tile<4xi32> -> tile<4xptr<f32>>
    %mt = constant <i1: true> : tile<4xi1>
    %mf = constant <i1: false> : tile<4xi1>
    %pad = constant <f32: 100.0> : tile<4xf32>
    %v, %t0 = load_ptr_tko weak %p2, %mt, %pad : tile<4xptr<f32>>, tile<4xi1>, tile<4xf32> -> tile<4xf32>, token
    %w, %t1 = load_ptr_tko weak %p1, %mf, %pad : tile<4xptr<f32>>, tile<4xi1>, tile<4xf32> -> tile<4xf32>, token
    %o1 = offset %pout, %io : tile<4xptr<f32>>, tile<4xi32> -> tile<4xptr<f32>>
    %s0 = store_ptr_tko weak %o1, %v, %mt : tile<4xptr<f32>>, tile<4xf32>, tile<4xi1> -> token
    %o2 = offset %o1, %four : tile<4xptr<f32>>, tile<4xi32> -> tile<4xptr<f32>>
    %s1 = store_ptr_tko weak %o2, %w, %mt : tile<4xptr<f32>>, tile<4xf32>, tile<4xi1> -> token
    %s2 = store_ptr_tko weak %o1, %pad, %mf : tile<4xptr<f32>>, tile<4xf32>, tile<4xi1> -> token
    // view chain and view/broadcast of splat
    %r2 = reshape %v : tile<4xf32> -> tile<2x2xf32>
    %r4 = reshape %r2 : tile<2x2xf32> -> tile<4xf32>
    %o3 = offset %o2, %four : tile<4xptr<f32>>, tile<4xi32> -> tile<4xptr<f32>>
    %s3 = store_ptr_tko weak %o3, %r4 : tile<4xptr<f32>>, tile<4xf32> -> token
    // dot with a zero multiplicand, and of constants
    %z = constant <f32: 0.0> : tile<2x2xf32>
    %b22 = reshape %v : tile<4xf32> -> tile<2x2xf32>
    %c22 = reshape %w : tile<4xf32> -> tile<2x2xf32>
    %d0 = mmaf %z, %b22, %c22 : tile<2x2xf32>, tile<2x2xf32>, tile<2x2xf32>
    %ka = constant <f32: [[1.5, -2.0], [0.25, 3.0]]> : tile<2x2xf32>
    %kb = constant <f32: [[2.0, 0.5], [-1.0, 4.0]]> : tile<2x2xf32>
    %kc = constant <f32: [[0.125, 1.0], [-3.0, 0.0]]> : tile<2x2xf32>
    %d1 = mmaf %ka, %kb, %kc : tile<2x2xf32>, tile<2x2xf32>, tile<2x2xf32>
    %d2 = addf %d0, %d1 rounding<nearest_even> : tile<2x2xf32>
    %d4 = reshape %d2 : tile<2x2xf32> -> tile<4xf32>
    %o4 = offset %o3, %four : tile<4xptr<f32>>, tile<4xi32> -> tile<4xptr<f32>>
    %s4 = store_ptr_tko weak %o4, %d4 : tile<4xptr<f32>>, tile<4xf32> -> token
    // select of scalars, splat to a tile; extract of an elementwise result
    %x0, %t5 = load_ptr_tko weak %in : tile<ptr<f32>> -> tile<f32>, token
    %zero = constant <f32: 0.0> : tile<f32>
    %neg = cmpf less_than ordered %x0, %zero : tile<f32> -> tile<i1>
    %one = constant <f32: 1.0> : tile<f32>
    %sel = select %neg, %x0, %one : tile<i1>, tile<f32>
    %sel1 = reshape %sel : tile<f32> -> tile<1xf32>
    %selb = broadcast %sel1 : tile<1xf32> -> tile<4xf32>
    %zero_i = constant <i32: 0> : tile<i32>
    %v1 = extract %v[%zero_i] : tile<4xf32> -> tile<1xf32>
    %w1 = extract %w[%zero_i] : tile<4xf32> -> tile<1xf32>
    %vw = mulf %v1, %w1 rounding<nearest_even> : tile<1xf32>
    %vws = reshape %vw : tile<1xf32> -> tile<f32>
    %o5 = offset %o4, %four : tile<4xptr<f32>>, tile<4xi32> -> tile<4xptr<f32>>
    %s5 = store_ptr_tko weak %o5, %selb : tile<4xptr<f32>>, tile<4xf32> -> token
    %twenty = constant <i32: 20> : tile<i32>
    %q = offset %out, %twenty : tile<ptr<f32>>, tile<i32> -> tile<ptr<f32>>
    %s6 = store_ptr_tko weak %q, %vws : tile<ptr<f32>>, tile<f32> -> token
    // atomics: identities fold to loads, the rest stay
    %c0 = reshape %cnt : tile<ptr<i32>> -> tile<1xptr<i32>>
    %cb = broadcast %c0 : tile<1xptr<i32>> -> tile<4xptr<i32>>
    %cp = offset %cb, %io : tile<4xptr<i32>>, tile<4xi32> -> tile<4xptr<i32>>
    %i0 = constant <i32: 0> : tile<4xi32>
    %im1 = constant <i32: -1> : tile<4xi32>
    %i7 = constant <i32: 7> : tile<4xi32>
    %a0, %t6 = atomic_rmw_tko relaxed device %cp, add, %i0 : tile<4xptr<i32>>, tile<4xi32> -> tile<4xi32>, token
    %a1, %t7 = atomic_rmw_tko relaxed device %cp, and, %im1 : tile<4xptr<i32>>, tile<4xi32> -> tile<4xi32>, token
    %a2, %t8 = atomic_cas_tko relaxed device %cp, %i7, %i7 : tile<4xptr<i32>>, tile<4xi32>, tile<4xi32> -> tile<4xi32>, token
    %a3, %t9 = atomic_rmw_tko relaxed device %cp, xchg, %i7 : tile<4xptr<i32>>, tile<4xi32> -> tile<4xi32>, token
    %a01 = addi %a0, %a1 : tile<4xi32>
    %a23 = addi %a2, %a3 : tile<4xi32>
    %aa = addi %a01, %a23 : tile<4xi32>
    %cq = offset %cp, %four : tile<4xptr<i32>>, tile<4xi32> -> tile<4xptr<i32>>
    %s7 = store_ptr_tko weak %cq, %aa : tile<4xptr<i32>>, tile<4xi32> -> token
    return
  }
}
