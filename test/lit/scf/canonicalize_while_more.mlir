// scf.while canonicalization vs mlir-opt: an outer value forwarded by the
// condition replaces its after argument and result; a yielded init value.
// RUN: ctile-opt -allow-unregistered-dialect %s --canonicalize | FileCheck %s --strict-whitespace --match-full-lines
// The CHECK lines are mlir-opt 22's output for the same command.

%n, %a = "test.i32"() : () -> (i32, i32)
%c0 = arith.constant 0 : i32
%c1 = arith.constant 1 : i32
%r:3 = scf.while (%i = %c0, %k = %a) : (i32, i32) -> (i32, i32, i32) {
  %cond = arith.cmpi slt, %i, %n : i32
  scf.condition(%cond) %i, %n, %k : i32, i32, i32
} do {
^bb0(%j: i32, %m: i32, %kk: i32):
  %nj = arith.addi %j, %m : i32
  scf.yield %nj, %kk : i32, i32
}
%s:2 = scf.while (%i = %c0, %k = %a) : (i32, i32) -> (i32, i32) {
  %cond = arith.cmpi slt, %i, %n : i32
  scf.condition(%cond) %k, %i : i32, i32
} do {
^bb0(%kk: i32, %j: i32):
  %nj = arith.addi %j, %c1 : i32
  scf.yield %nj, %a : i32, i32
}
"test.use"(%r#0, %r#1, %r#2, %s#0, %s#1) : (i32, i32, i32, i32, i32) -> ()

// CHECK:module {
// CHECK-NEXT:  %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:  %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:  %0:2 = "test.i32"() : () -> (i32, i32)
// CHECK-NEXT:  %1 = scf.while (%arg0 = %c0_i32) : (i32) -> i32 {
// CHECK-NEXT:    %3 = arith.cmpi slt, %arg0, %0#0 : i32
// CHECK-NEXT:    scf.condition(%3) %arg0 : i32
// CHECK-NEXT:  } do {
// CHECK-NEXT:  ^bb0(%arg0: i32):
// CHECK-NEXT:    %3 = arith.addi %arg0, %0#0 : i32
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
// CHECK-NEXT:  "test.use"(%1, %0#0, %0#1, %0#1, %2) : (i32, i32, i32, i32, i32) -> ()
// CHECK-NEXT:}
