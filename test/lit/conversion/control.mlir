// Control flow: for -> scf.for, if -> scf.if, and early exits — a `return`
// inside an if and `break`/`continue` inside the ifs of a loop — restructured
// into exit records (tag, values) so the loop becomes scf.while ending in
// scf.condition(tag == 2) and the function has one return; the token chain
// runs through the while, the for and the ifs; runs both ways.
// RUN: ctile-opt --convert-cuda-tile-to-nv-tileaa='compute-capability=100' %s | FileCheck %s
// RUN: ctile-run %s --entry k --grid 1 --arg 'i32[2]=zeros' --arg i32:5 --dump 0 > %t.a
// RUN: ctile-run %s --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry k --grid 1 --arg 'i32[2]=zeros' --arg i32:5 --dump 0 > %t.b
// RUN: diff %t.a %t.b
// RUN: FileCheck %s --check-prefix=OUT < %t.b
// RUN: ctile-run %s --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry k --grid 1 --arg 'i32[2]=zeros' --arg i32:-1 --dump 0 | FileCheck %s --check-prefix=NEG

// CHECK-LABEL: nv_tileaa.func @k(
// CHECK: scf.if %{{.*}} -> (i32, !nv_tileaa.mem_token) {
// CHECK: %[[W:.*]]:5 = scf.while (%{{.*}}) : (i32, i32, !nv_tileaa.mem_token) -> (i32, i32, i32, i32, !nv_tileaa.mem_token) {
// CHECK: %[[GO:[0-9]+]] = arith.cmpi eq, %{{[0-9]+}}#0, %c2_i32{{[_0-9]*}} : i32
// CHECK-NEXT: scf.condition(%[[GO]]) %{{.*}} : i32, i32, i32, i32, !nv_tileaa.mem_token
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%{{.*}}: i32, %{{.*}}: i32, %[[NI:[^:]*]]: i32, %[[NS:[^:]*]]: i32, %[[NT:[^:]*]]: !nv_tileaa.mem_token):
// CHECK-NEXT: scf.yield %[[NI]], %[[NS]], %[[NT]] : i32, i32, !nv_tileaa.mem_token
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[W]]#0 step %{{.*}} iter_args(%{{.*}} = %[[W]]#1, %{{.*}} = %[[W]]#4) -> (i32, !nv_tileaa.mem_token)
// CHECK: nv_tileaa.return
// CHECK-NOT: nv_tileaa.return
// OUT: arg 0: [4, 10]
// NEG: arg 0: [-1, 0]
cuda_tile.module @m {
  entry @k(%out: tile<ptr<i32>>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %neg = cmpi less_than %n, %c0, signed : tile<i32> -> tile<i1>
    %o0 = offset %out, %c0 : tile<ptr<i32>>, tile<i32> -> tile<ptr<i32>>
    if %neg {
      %t = store_ptr_tko weak %o0, %n : tile<ptr<i32>>, tile<i32> -> token
      return
    }
    // sum of i over 0..3 skipping 2 (continue), leaving at i == 4 (break)
    %r:2 = loop iter_values(%i = %c0, %s = %c0) : tile<i32>, tile<i32> -> tile<i32>, tile<i32> {
      %i1 = addi %i, %c1 : tile<i32>
      %c2 = constant <i32: 2> : tile<i32>
      %c4 = constant <i32: 4> : tile<i32>
      %skip = cmpi equal %i, %c2, signed : tile<i32> -> tile<i1>
      if %skip {
        continue %i1, %s : tile<i32>, tile<i32>
      }
      %stop = cmpi equal %i, %c4, signed : tile<i32> -> tile<i1>
      if %stop {
        break %i, %s : tile<i32>, tile<i32>
      }
      %s1 = addi %s, %i : tile<i32>
      continue %i1, %s1 : tile<i32>, tile<i32>
    }
    %f = for %j in (%c0 to %r#0, step %c1) : tile<i32> iter_values(%acc = %r#1) -> (tile<i32>) {
      %a = addi %acc, %j : tile<i32>
      continue %a : tile<i32>
    }
    %t1 = store_ptr_tko weak %o0, %r#1 : tile<ptr<i32>>, tile<i32> -> token
    %o1 = offset %out, %c1 : tile<ptr<i32>>, tile<i32> -> tile<ptr<i32>>
    %t2 = store_ptr_tko weak %o1, %f token = %t1 : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}
