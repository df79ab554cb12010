// The greedy driver's shortcuts under --canonicalize (lib/rewrite/greedy.c):
// cuda_tile declares which kinds its fold hook folds (rw_register_fold_kinds),
// so the driver skips the others; a select whose condition only becomes a
// constant through an earlier fold is still folded; constants are uniqued
// and hoisted in MLIR's order (gdy_canon_arith.mlir: arith, whose
// dialect-level fold hook declares no kinds).
// RUN: ctile-opt %s --canonicalize --split-input-file | FileCheck %s

// s1 folds to the true constant, which makes s2's condition constant: s2
// folds to %a.  addi/muli/cmpi have no fold (NVIDIA folds none) and stay.
// CHECK-LABEL: testing$func @fold_chain(
// CHECK-NEXT:    %[[C1:.*]] = constant <i32: 1> : tile<i32>
// CHECK-NEXT:    %[[ADD:.*]] = addi %arg0, %[[C1]] : tile<i32>
// CHECK-NEXT:    %[[MUL:.*]] = muli %[[ADD]], %[[C1]] : tile<i32>
// CHECK-NEXT:    return %arg0, %[[MUL]] :
cuda_tile.module @m {
  testing$func @fold_chain(%a: tile<i32>, %b: tile<i32>) -> (tile<i32>, tile<i32>) {
    %t = constant <i1: true> : tile<i1>
    %f = constant <i1: false> : tile<i1>
    %s1 = select %t, %t, %f : tile<i1>, tile<i1>
    %s2 = select %s1, %a, %b : tile<i1>, tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %add = addi %a, %one : tile<i32>
    %one2 = constant <i32: 1> : tile<i32>
    %mul = muli %add, %one2 : tile<i32>
    return %s2, %mul : tile<i32>, tile<i32>
  }
}

// -----

// Constant order: the first constant of the block stays, one right after a
// uniqued constant stays, one after another op moves to the front, one
// nested in a loop body is hoisted to the front of the function's block, and
// duplicates fold into the first.
// CHECK-LABEL: testing$func @const_order(
// CHECK-NEXT:    %[[C5:.*]] = constant <i32: 5> : tile<i32>
// CHECK-NEXT:    %[[C3:.*]] = constant <i32: 3> : tile<i32>
// CHECK-NEXT:    %[[C1:.*]] = constant <i32: 1> : tile<i32>
// CHECK-NEXT:    %[[C2:.*]] = constant <i32: 2> : tile<i32>
// CHECK-NEXT:    %[[X:.*]] = addi %arg0, %[[C1]] : tile<i32>
// CHECK-NEXT:    %[[Y:.*]] = addi %[[X]], %[[C3]] : tile<i32>
// CHECK-NEXT:    %[[L:.*]] = for %{{.*}} in (%[[C1]] to %[[C5]], step %[[C1]]) : tile<i32> iter_values(%[[ACC:.*]] = %[[Y]]) -> (tile<i32>) {
// CHECK-NEXT:      %[[Z:.*]] = addi %[[ACC]], %[[C5]] : tile<i32>
// CHECK-NEXT:      %[[W:.*]] = addi %[[Z]], %[[C2]] : tile<i32>
// CHECK-NEXT:      continue %[[W]] : tile<i32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[L]] :
cuda_tile.module @m {
  testing$func @const_order(%a: tile<i32>) -> tile<i32> {
    %c1 = constant <i32: 1> : tile<i32>
    %c2 = constant <i32: 2> : tile<i32>
    %x = addi %a, %c1 : tile<i32>
    %c3 = constant <i32: 3> : tile<i32>
    %y = addi %x, %c3 : tile<i32>
    %c5 = constant <i32: 5> : tile<i32>
    %l = for %i in (%c1 to %c5, step %c1) : tile<i32> iter_values(%acc = %y) -> (tile<i32>) {
      %c5b = constant <i32: 5> : tile<i32>
      %z = addi %acc, %c5b : tile<i32>
      %c2b = constant <i32: 2> : tile<i32>
      %w = addi %z, %c2b : tile<i32>
      continue %w : tile<i32>
    }
    return %l : tile<i32>
  }
}
