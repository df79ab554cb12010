// scf.while WhileCmpCond vs mlir-opt: in the after block, a cmpi repeating the
// condition's comparison on the forwarded operand is true, its inverse false, any
// other stays.  (The two new constants are matched in either order: their
// placement is the greedy driver's constant hoisting, not this pattern's.)
// RUN: ctile-opt -allow-unregistered-dialect %s --canonicalize | FileCheck %s --strict-whitespace --match-full-lines
// The CHECK lines are mlir-opt 22's output for the same command.

%n, %a = "test.i32"() : () -> (i32, i32)
%c0 = arith.constant 0 : i32
%c1 = arith.constant 1 : i32
%r = scf.while (%i = %c0) : (i32) -> i32 {
  %cond = arith.cmpi slt, %i, %n : i32
  scf.condition(%cond) %i : i32
} do {
^bb0(%j: i32):
  %same = arith.cmpi slt, %j, %n : i32
  %inv = arith.cmpi sge, %j, %n : i32
  %other = arith.cmpi sgt, %j, %n : i32
  "test.use"(%same, %inv, %other) : (i1, i1, i1) -> ()
  %nj = arith.addi %j, %c1 : i32
  scf.yield %nj : i32
}
"test.use"(%r) : (i32) -> ()

// CHECK:module {
// CHECK-DAG:  %true = arith.constant true
// CHECK-DAG:  %false = arith.constant false
// CHECK:  %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:  %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:  %0:2 = "test.i32"() : () -> (i32, i32)
// CHECK-NEXT:  %1 = scf.while (%arg0 = %c0_i32) : (i32) -> i32 {
// CHECK-NEXT:    %2 = arith.cmpi slt, %arg0, %0#0 : i32
// CHECK-NEXT:    scf.condition(%2) %arg0 : i32
// CHECK-NEXT:  } do {
// CHECK-NEXT:  ^bb0(%arg0: i32):
// CHECK-NEXT:    %2 = arith.cmpi sgt, %arg0, %0#0 : i32
// CHECK-NEXT:    "test.use"(%true, %false, %2) : (i1, i1, i1) -> ()
// CHECK-NEXT:    %3 = arith.addi %arg0, %c1_i32 : i32
// CHECK-NEXT:    scf.yield %3 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  "test.use"(%1) : (i32) -> ()
// CHECK-NEXT:}
