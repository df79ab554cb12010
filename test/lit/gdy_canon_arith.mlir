// The greedy driver with a dialect-level fold hook that declares no kinds
// (arith): every op is offered to it, and an op whose operands become
// constant through earlier folds is folded in turn: (2 + 3) * 4 -> 20 one
// fold at a time, x + (5 - 5) -> x once 5 - 5 has folded to 0.
// RUN: ctile-opt -allow-unregistered-dialect %s --canonicalize | FileCheck %s

// CHECK:      %[[C20:.*]] = arith.constant 20 : i32
// CHECK-NEXT: %[[X:.*]] = "test.i32"() : () -> i32
// CHECK-NEXT: "test.use"(%[[C20]], %[[X]]) : (i32, i32) -> ()
// CHECK-NOT:  arith.
%x = "test.i32"() : () -> i32
%c2 = arith.constant 2 : i32
%c3 = arith.constant 3 : i32
%c4 = arith.constant 4 : i32
%c5 = arith.constant 5 : i32
%s = arith.addi %c2, %c3 : i32
%m = arith.muli %s, %c4 : i32
%z = arith.subi %c5, %c5 : i32
%r = arith.addi %x, %z : i32
"test.use"(%m, %r) : (i32, i32) -> ()
