// scf.while canonicalization vs mlir-opt: WhileConditionTruth (an after argument
// receiving the condition is true) and WhileUnusedResult (results unused inside
// and outside are dropped).
// RUN: ctile-opt -allow-unregistered-dialect %s --canonicalize | FileCheck %s --strict-whitespace --match-full-lines
// The CHECK lines are mlir-opt 22's output for the same command.

%n, %a = "test.i32"() : () -> (i32, i32)
%c0 = arith.constant 0 : i32
%c1 = arith.constant 1 : i32
%r:2 = scf.while (%i = %c0) : (i32) -> (i32, i1) {
  %cond = arith.cmpi slt, %i, %n : i32
  scf.condition(%cond) %i, %cond : i32, i1
} do {
^bb0(%j: i32, %f: i1):
  "test.use"(%f) : (i1) -> ()
  %nj = arith.addi %j, %c1 : i32
  scf.yield %nj : i32
}
%s:2 = scf.while (%i = %c0) : (i32) -> (i32, i32) {
  %cond = arith.cmpi slt, %i, %n : i32
  %sq = arith.muli %i, %i : i32
  scf.condition(%cond) %i, %sq : i32, i32
} do {
^bb0(%j: i32, %q: i32):
  %nj = arith.addi %j, %c1 : i32
  scf.yield %nj : i32
}
"test.use"(%r#0, %s#0) : (i32, i32) -> ()

// CHECK:module {
// CHECK-NEXT:  %true = arith.constant true
// CHECK-NEXT:  %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:  %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:  %0:2 = "test.i32"() : () -> (i32, i32)
// CHECK-NEXT:  %1 = scf.while (%arg0 = %c0_i32) : (i32) -> i32 {
// CHECK-NEXT:    %3 = arith.cmpi slt, %arg0, %0#0 : i32
// CHECK-NEXT:    scf.condition(%3) %arg0 : i32
// CHECK-NEXT:  } do {
// CHECK-NEXT:  ^bb0(%arg0: i32):
// CHECK-NEXT:    "test.use"(%true) : (i1) -> ()
// CHECK-NEXT:    %3 = arith.addi %arg0, %c1_i32 : i32
// CHECK-NEXT:    scf.yield %3 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  %2 = scf.while (%arg0 = %c0_i32) : (i32) -> i32 {
// CHECK-NEXT:    %3 = arith.cmpi slt, %arg0, %0#0 : i32
// CHECK-NEXT:    scf.condition(%3) %arg0 : i32
// CHECK-NEXT:  } do {
// CHECK-NEXT:  ^bb0(%arg0: i32):
// CHECK-NEXT:    %3 = arith.addi %arg0, %c1_i32 : i32
// CHECK-NEXT:    scf.yield %3 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  "test.use"(%1, %2) : (i32, i32) -> ()
// CHECK-NEXT:}
