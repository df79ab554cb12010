// mmaf writes its result over the accumulator tile when nothing else can
// see that tile afterwards (interp_shape.c, mma_acc_in_place).  Each case
// below has a tile that an over-eager in-place write would clobber: the
// loop's initial value, an iter value printed after the mmaf, an outer
// iter value read by every iteration of an inner loop, and two iter values
// that carry the same tile.  With A = [[1,2],[3,4]] and B = identity each
// mmaf adds A to its accumulator.
// RUN: ctile-run %s --entry acc --grid 1 | FileCheck %s
// RUN: ctile-run %s --entry acc --grid 2 -j 2 | FileCheck %s --check-prefix=J2

cuda_tile.module @m {
  entry @acc() {
    %a = constant <f32: [[1.0, 2.0], [3.0, 4.0]]> : tile<2x2xf32>
    %id = constant <f32: [[1.0, 0.0], [0.0, 1.0]]> : tile<2x2xf32>
    %init = constant <f32: 1.0> : tile<2x2xf32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c2 = constant <i32: 2> : tile<i32>
    %c3 = constant <i32: 3> : tile<i32>

    // 1: the k loop itself; its initial value stays 1.
    %s1 = for %k in (%c0 to %c3, step %c1) : tile<i32> iter_values(%cur = %init) -> (tile<2x2xf32>) {
      %r = mmaf %a, %id, %cur : tile<2x2xf32>, tile<2x2xf32>, tile<2x2xf32>
      continue %r : tile<2x2xf32>
    }
    // CHECK: loop: {{\[\[}}4, 7], [10, 13]] init: {{\[\[}}1, 1], [1, 1]]
    // J2-COUNT-2: loop: {{\[\[}}4, 7], [10, 13]] init: {{\[\[}}1, 1], [1, 1]]
    %p1 = print_tko "loop: %g init: %g\n", %s1, %init : tile<2x2xf32>, tile<2x2xf32> -> token

    // 2: the accumulator has a second use after the mmaf.
    %s2 = for %k in (%c0 to %c2, step %c1) : tile<i32> iter_values(%cur = %init) -> (tile<2x2xf32>) {
      %r = mmaf %a, %id, %cur : tile<2x2xf32>, tile<2x2xf32>, tile<2x2xf32>
      %p = print_tko "before: %g after: %g\n", %cur, %r : tile<2x2xf32>, tile<2x2xf32> -> token
      continue %r : tile<2x2xf32>
    }
    // CHECK-NEXT: before: {{\[\[}}1, 1], [1, 1]] after: {{\[\[}}2, 3], [4, 5]]
    // CHECK-NEXT: before: {{\[\[}}2, 3], [4, 5]] after: {{\[\[}}3, 5], [7, 9]]

    // 3: the mmaf in an inner loop reads a tile of the outer body (a fresh
    // copy of the outer iter value, used by that mmaf alone) each time, so
    // every inner loop ends at outer + A.
    %z = constant <f32: 0.0> : tile<2x2xf32>
    %s3 = for %i in (%c0 to %c2, step %c1) : tile<i32> iter_values(%o = %init) -> (tile<2x2xf32>) {
      %u = addf %o, %z rounding<nearest_even> : tile<2x2xf32>
      %in = for %j in (%c0 to %c3, step %c1) : tile<i32> iter_values(%q = %init) -> (tile<2x2xf32>) {
        %r = mmaf %a, %id, %u : tile<2x2xf32>, tile<2x2xf32>, tile<2x2xf32>
        continue %r : tile<2x2xf32>
      }
      %p = print_tko "inner: %g\n", %in : tile<2x2xf32> -> token
      continue %in : tile<2x2xf32>
    }
    // CHECK-NEXT: inner: {{\[\[}}2, 3], [4, 5]]
    // CHECK-NEXT: inner: {{\[\[}}3, 5], [7, 9]]

    // 4: two iter values carry one tile; the other one keeps its value.
    %x4, %y4 = for %k in (%c0 to %c3, step %c1) : tile<i32> iter_values(%x = %init, %y = %init) -> (tile<2x2xf32>, tile<2x2xf32>) {
      %r = mmaf %a, %id, %x : tile<2x2xf32>, tile<2x2xf32>, tile<2x2xf32>
      %p = print_tko "twin: %g\n", %y : tile<2x2xf32> -> token
      continue %r, %r : tile<2x2xf32>, tile<2x2xf32>
    }
    // CHECK-NEXT: twin: {{\[\[}}1, 1], [1, 1]]
    // CHECK-NEXT: twin: {{\[\[}}2, 3], [4, 5]]
    // CHECK-NEXT: twin: {{\[\[}}3, 5], [7, 9]]
    // CHECK-NEXT: done: {{\[\[}}4, 7], [10, 13]] {{\[\[}}4, 7], [10, 13]] {{\[\[}}3, 5], [7, 9]] {{\[\[}}1, 1], [1, 1]]
    %p4 = print_tko "done: %g %g %g %g\n", %x4, %y4, %s3, %init : tile<2x2xf32>, tile<2x2xf32>, tile<2x2xf32>, tile<2x2xf32> -> token
    return
  }
}
