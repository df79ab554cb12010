// scf.while canonicalization vs mlir-opt: loop-invariant before arguments
// (yielded init, or forwarded unchanged through the condition) and condition
// arguments defined outside the before block are removed.
// RUN: ctile-opt -allow-unregistered-dialect %s --canonicalize | FileCheck %s --strict-whitespace --match-full-lines
// The CHECK lines are mlir-opt 22's output for the same command.

%n, %a = "test.i32"() : () -> (i32, i32)
%c0 = arith.constant 0 : i32
%c1 = arith.constant 1 : i32
%r:2 = scf.while (%i = %c0, %acc = %a) : (i32, i32) -> (i32, i32) {
  %cond = arith.cmpi slt, %i, %n : i32
  scf.condition(%cond) %i, %acc : i32, i32
} do {
^bb0(%j: i32, %s: i32):
  %nj = arith.addi %j, %c1 : i32
  %ns = arith.muli %s, %j : i32
  scf.yield %nj, %ns : i32, i32
}
%r2 = scf.while (%i = %c0) : (i32) -> i32 {
  %cond = arith.cmpi slt, %i, %n : i32
  scf.condition(%cond) %i : i32
} do {
^bb0(%j: i32):
  %nj = arith.addi %j, %c1 : i32
  scf.yield %nj : i32
}
%w3:2 = scf.while (%i = %c0, %inv = %a) : (i32, i32) -> (i32, i32) {
  %cond = arith.cmpi slt, %i, %n : i32
  scf.condition(%cond) %i, %inv : i32, i32
} do {
^bb0(%j: i32, %v: i32):
  %nj = arith.addi %j, %v : i32
  scf.yield %nj, %v : i32, i32
}
"test.use"(%r#1, %r2, %w3#0) : (i32, i32, i32) -> ()

// CHECK:module {
// CHECK-NEXT:  %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:  %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:  %0:2 = "test.i32"() : () -> (i32, i32)
// CHECK-NEXT:  %1:2 = scf.while (%arg0 = %c0_i32, %arg1 = %0#1) : (i32, i32) -> (i32, i32) {
// CHECK-NEXT:    %4 = arith.cmpi slt, %arg0, %0#0 : i32
// CHECK-NEXT:    scf.condition(%4) %arg0, %arg1 : i32, i32
// CHECK-NEXT:  } do {
// CHECK-NEXT:  ^bb0(%arg0: i32, %arg1: i32):
// CHECK-NEXT:    %4 = arith.addi %arg0, %c1_i32 : i32
// CHECK-NEXT:    %5 = arith.muli %arg1, %arg0 : i32
// CHECK-NEXT:    scf.yield %4, %5 : i32, i32
// CHECK-NEXT:  }
// CHECK-NEXT:  %2 = scf.while (%arg0 = %c0_i32) : (i32) -> i32 {
// CHECK-NEXT:    %4 = arith.cmpi slt, %arg0, %0#0 : i32
// CHECK-NEXT:    scf.condition(%4) %arg0 : i32
// CHECK-NEXT:  } do {
// CHECK-NEXT:  ^bb0(%arg0: i32):
// CHECK-NEXT:    %4 = arith.addi %arg0, %c1_i32 : i32
// CHECK-NEXT:    scf.yield %4 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  %3 = scf.while (%arg0 = %c0_i32) : (i32) -> i32 {
// CHECK-NEXT:    %4 = arith.cmpi slt, %arg0, %0#0 : i32
// CHECK-NEXT:    scf.condition(%4) %arg0 : i32
// CHECK-NEXT:  } do {
// CHECK-NEXT:  ^bb0(%arg0: i32):
// CHECK-NEXT:    %4 = arith.addi %arg0, %0#1 : i32
// CHECK-NEXT:    scf.yield %4 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  "test.use"(%1#1, %2, %3) : (i32, i32, i32) -> ()
// CHECK-NEXT:}
