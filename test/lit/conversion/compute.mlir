// Integer, float, compare, select and cast ops: cuda_tile -> arith (signedness
// folded into the op or predicate), nv_tileaa float ops with their rounding
// mode, iota -> make_range, reshape of a scalar -> splat, negi -> subi from
// zero; the kernel stores its results and runs identically both ways.
// RUN: ctile-opt --convert-cuda-tile-to-nv-tileaa='compute-capability=100' %s | FileCheck %s
// RUN: ctile-run %s --entry k --grid 1 --arg 'i32[8]=zeros' --arg i32:3 --arg 'f32[8]=zeros' --dump 0 --dump 2 > %t.a
// RUN: ctile-run %s --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry k --grid 1 --arg 'i32[8]=zeros' --arg i32:3 --arg 'f32[8]=zeros' --dump 0 --dump 2 > %t.b
// RUN: diff %t.a %t.b
// RUN: FileCheck %s --check-prefix=OUT < %t.b

// CHECK: nv_tileaa.func @k(%arg0: !nv_tileaa.ptr<i32, 1>, %arg1: i32, %arg2: !nv_tileaa.ptr<f32, 1>) attributes {nv_tileaa.kernel}
// CHECK: %[[X:.*]] = nv_tileaa.make_range {end = 8 : i32, start = 0 : i32} : tile<8xi32>
// CHECK: %[[S:.*]] = nv_tileaa.splat %arg1 : i32 -> tile<1xi32>
// CHECK: %[[B:.*]] = nv_tileaa.broadcast %[[S]] : tile<1xi32> -> tile<8xi32>
// CHECK: %[[Y:.*]] = arith.addi %[[X]], %[[B]] : !nv_tileaa.tile<8xi32>
// CHECK: %[[M:.*]] = arith.maxsi %[[Y]], %[[X]] : !nv_tileaa.tile<8xi32>
// CHECK: %[[U:.*]] = arith.divui %[[M]], %[[B]] : !nv_tileaa.tile<8xi32>
// CHECK: %[[C:.*]] = arith.cmpi ult, %[[U]], %[[X]] : !nv_tileaa.tile<8xi32>
// CHECK: %[[Z:.*]] = arith.select %[[C]], %[[U]], %[[X]] : !nv_tileaa.tile<8xi1>, !nv_tileaa.tile<8xi32>
// CHECK: %[[G:.*]] = arith.sitofp %[[Z]] : !nv_tileaa.tile<8xi32> to !nv_tileaa.tile<8xf32>
// CHECK: %[[H:.*]] = nv_tileaa.mulf %[[G]], %[[G]] {rounding_mode = #nv_tileaa.rounding_mode<rz>} : tile<8xf32>, tile<8xf32> -> tile<8xf32>
// CHECK: arith.cmpf ogt, %[[H]], %[[G]] : !nv_tileaa.tile<8xf32>
// CHECK: %[[W:.*]] = arith.fptosi %[[H]] : !nv_tileaa.tile<8xf32> to !nv_tileaa.tile<8xi32>
// CHECK: %[[ZERO:.*]] = arith.constant dense<0> : !nv_tileaa.tile<8xi32>
// CHECK: arith.subi %[[ZERO]], %[[W]] : !nv_tileaa.tile<8xi32>
// CHECK: arith.maxnumf
// CHECK: nv_tileaa.exp2 %{{.*}} : tile<8xf32> -> tile<8xf32>
// CHECK: nv_tileaa.sqrt %{{.*}} {rounding_mode = #nv_tileaa.rounding_mode<rn>}
// OUT: arg 0: [0, -1, -1, -4, -4, -4, -9, -9]
// OUT: arg 2: [1, 1.41421354, 1.41421354, 4, 4, 4, 22.6274166, 22.6274166]
cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %a: tile<i32>, %pf: tile<ptr<f32>>) {
    %x = iota : tile<8xi32>
    %s = reshape %a : tile<i32> -> tile<1xi32>
    %b = broadcast %s : tile<1xi32> -> tile<8xi32>
    %y = addi %x, %b : tile<8xi32>
    %m = maxi %y, %x signed : tile<8xi32>
    %u = divi %m, %b unsigned : tile<8xi32>
    %c = cmpi less_than %u, %x, unsigned : tile<8xi32> -> tile<8xi1>
    %z = select %c, %u, %x : tile<8xi1>, tile<8xi32>
    %g = itof %z signed : tile<8xi32> -> tile<8xf32>
    %h = mulf %g, %g rounding<zero> : tile<8xf32>
    %q = cmpf greater_than ordered %h, %g : tile<8xf32> -> tile<8xi1>
    %w = ftoi %h signed : tile<8xf32> -> tile<8xi32>
    %n = negi %w : tile<8xi32>
    %v = maxf %h, %g : tile<8xf32>
    %e = exp2 %v : tile<8xf32>
    %r = sqrt %e : tile<8xf32>
    %pr = reshape %p : tile<ptr<i32>> -> tile<1xptr<i32>>
    %pb = broadcast %pr : tile<1xptr<i32>> -> tile<8xptr<i32>>
    %pp = offset %pb, %x : tile<8xptr<i32>>, tile<8xi32> -> tile<8xptr<i32>>
    %t = store_ptr_tko weak %pp, %n : tile<8xptr<i32>>, tile<8xi32> -> token
    %fr = reshape %pf : tile<ptr<f32>> -> tile<1xptr<f32>>
    %fb = broadcast %fr : tile<1xptr<f32>> -> tile<8xptr<f32>>
    %fp = offset %fb, %x : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>
    %t2 = store_ptr_tko weak %fp, %r token = %t : tile<8xptr<f32>>, tile<8xf32> -> token
    return
  }
}
