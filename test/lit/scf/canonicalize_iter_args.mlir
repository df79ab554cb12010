// scf.for ForOpIterArgsFolder vs mlir-opt: iter args yielded unchanged, whose init
// is yielded, or unused along with their result are dropped (attributes and
// unsigned kept).
// RUN: ctile-opt -allow-unregistered-dialect %s --canonicalize | FileCheck %s --strict-whitespace --match-full-lines
// The CHECK lines are mlir-opt 22's output for the same command.

%a, %b = "test.i32"() : () -> (i32, i32)
%lb, %ub, %st = "test.index"() : () -> (index, index, index)
%0:3 = scf.for %iv = %lb to %ub step %st iter_args(%p = %a, %q = %b, %r = %a) -> (i32, i32, i32) {
  %n = arith.addi %q, %r : i32
  "test.effect"(%n) : (i32) -> ()
  scf.yield %p, %n, %a : i32, i32, i32
} {tag}
%1:2 = scf.for %iv = %lb to %ub step %st iter_args(%p = %a, %q = %b) -> (i32, i32) {
  %n = arith.addi %q, %q : i32
  %m = arith.muli %p, %p : i32
  scf.yield %m, %n : i32, i32
}
%2 = scf.for unsigned %iv = %lb to %ub step %st iter_args(%p = %a) -> (i32) {
  "test.effect"(%iv) : (index) -> ()
  scf.yield %p : i32
}
"test.use"(%0#0, %0#1, %0#2, %1#0, %2) : (i32, i32, i32, i32, i32) -> ()

// CHECK:module {
// CHECK-NEXT:  %0:2 = "test.i32"() : () -> (i32, i32)
// CHECK-NEXT:  %1:3 = "test.index"() : () -> (index, index, index)
// CHECK-NEXT:  %2 = scf.for %arg0 = %1#0 to %1#1 step %1#2 iter_args(%arg1 = %0#1) -> (i32) {
// CHECK-NEXT:    %4 = arith.addi %arg1, %0#0 : i32
// CHECK-NEXT:    "test.effect"(%4) : (i32) -> ()
// CHECK-NEXT:    scf.yield %4 : i32
// CHECK-NEXT:  } {tag}
// CHECK-NEXT:  %3:2 = scf.for %arg0 = %1#0 to %1#1 step %1#2 iter_args(%arg1 = %0#0, %arg2 = %0#1) -> (i32, i32) {
// CHECK-NEXT:    %4 = arith.addi %arg2, %arg2 : i32
// CHECK-NEXT:    %5 = arith.muli %arg1, %arg1 : i32
// CHECK-NEXT:    scf.yield %5, %4 : i32, i32
// CHECK-NEXT:  }
// CHECK-NEXT:  scf.for unsigned %arg0 = %1#0 to %1#1 step %1#2 {
// CHECK-NEXT:    "test.effect"(%arg0) : (index) -> ()
// CHECK-NEXT:  }
// CHECK-NEXT:  "test.use"(%0#0, %2, %0#0, %3#0, %0#0) : (i32, i32, i32, i32, i32) -> ()
// CHECK-NEXT:}
