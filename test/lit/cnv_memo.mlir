// cnv: the conversion's memos give every op its own attributes.  Constants
// of one value in two types and of one type with two values, repeated (the
// converted value is memoized by source value and type), and the zero
// placeholders of two types in an early-exit record (their dictionaries are
// made once per run): each op keeps its own value and type, and the kernel
// runs identically both ways.
// RUN: ctile-opt --convert-cuda-tile-to-nv-tileaa='compute-capability=100' %s | FileCheck %s
// RUN: ctile-run %s --entry k --grid 1 --arg 'i32[1]=zeros' --arg 'f32[1]=zeros' --arg i32:5 --dump 0 --dump 1 > %t.a
// RUN: ctile-run %s --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry k --grid 1 --arg 'i32[1]=zeros' --arg 'f32[1]=zeros' --arg i32:5 --dump 0 --dump 1 > %t.b
// RUN: diff %t.a %t.b
// RUN: FileCheck %s --check-prefix=OUT < %t.b

// CHECK: %[[C0:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[A1:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[B1:.*]] = arith.constant 1 : i64
// CHECK-NEXT: %[[A2:.*]] = arith.constant 2 : i32
// CHECK-NEXT: %[[A3:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[F1:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[F0:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: scf.while (%{{.*}} = %[[C0]], %{{.*}} = %[[F0]], %{{.*}}) : (i32, f32, !nv_tileaa.mem_token)
// CHECK: scf.if %{{.*}} -> (i32, i32, f32, i32, f32, !nv_tileaa.mem_token) {
// CHECK-NEXT: %[[T1:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[Z0:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[ZF:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: scf.yield %[[T1]], %{{.*}}, %{{.*}}, %[[Z0]], %[[ZF]], %{{.*}} : i32, i32, f32, i32, f32, !nv_tileaa.mem_token
// CHECK: nv_tileaa.addf %{{.*}}, %[[F1]] {rounding_mode = #nv_tileaa.rounding_mode<rn>} : f32, f32 -> f32
// CHECK-NEXT: arith.constant 2 : i32
// CHECK-NEXT: arith.constant 0 : i32
// CHECK-NEXT: arith.constant 0.000000e+00 : f32
// CHECK: arith.extsi %{{.*}} : i32 to i64
// CHECK-NEXT: arith.addi %{{.*}}, %[[B1]] : i64
// CHECK-NEXT: arith.trunci %{{.*}} : i64 to i32
// CHECK-NEXT: arith.muli %{{.*}}, %[[A2]] : i32
// CHECK-NEXT: arith.addi %{{.*}}, %[[A3]] : i32
// OUT: arg 0: [13]
// OUT: arg 1: [5]
cuda_tile.module @m {
  entry @k(%out: tile<ptr<i32>>, %outf: tile<ptr<f32>>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %a1 = constant <i32: 1> : tile<i32>
    %b1 = constant <i64: 1> : tile<i64>
    %a2 = constant <i32: 2> : tile<i32>
    %a3 = constant <i32: 1> : tile<i32>
    %f1 = constant <f32: 1.0> : tile<f32>
    %f0 = constant <f32: 0.0> : tile<f32>
    %r:2 = loop iter_values(%i = %c0, %s = %f0) : tile<i32>, tile<f32> -> tile<i32>, tile<f32> {
      %i1 = addi %i, %a1 : tile<i32>
      %stop = cmpi equal %i, %n, signed : tile<i32> -> tile<i1>
      if %stop {
        break %i, %s : tile<i32>, tile<f32>
      }
      %s1 = addf %s, %f1 : tile<f32>
      continue %i1, %s1 : tile<i32>, tile<f32>
    }
    %w = exti %r#0 signed : tile<i32> -> tile<i64>
    %x = addi %w, %b1 : tile<i64>
    %y = trunci %x : tile<i64> -> tile<i32>
    %z = muli %y, %a2 : tile<i32>
    %z2 = addi %z, %a3 : tile<i32>
    %t1 = store_ptr_tko weak %out, %z2 : tile<ptr<i32>>, tile<i32> -> token
    %t2 = store_ptr_tko weak %outf, %r#1 token = %t1 : tile<ptr<f32>>, tile<f32> -> token
    return
  }
}
