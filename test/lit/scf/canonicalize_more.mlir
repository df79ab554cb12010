// scf and arith.select canonicalization vs mlir-opt: unused if results, integer
// and unsigned scf.for bounds, no_inline execute_region forwarding, select
// patterns (i1 not, extui, negated condition, redundant nested selects).
// RUN: ctile-opt -allow-unregistered-dialect %s --canonicalize | FileCheck %s --strict-whitespace --match-full-lines
// The CHECK lines are mlir-opt 22's output for the same command.

%a, %b = "test.i32"() : () -> (i32, i32)
%c, %d = "test.cond"() : () -> (i1, i1)
%true = arith.constant true
%false = arith.constant false
%z = arith.constant 0 : i32
%o = arith.constant 1 : i32
%c3 = arith.constant 3 : i32
%c9 = arith.constant 9 : i32
%cm1 = arith.constant -1 : i32
%0 = arith.select %c, %false, %true : i1
%1 = arith.select %c, %o, %z : i32
%2 = arith.select %c, %z, %o : i32
%n = arith.xori %c, %true : i1
%3 = arith.select %n, %a, %b : i32
%s = arith.select %c, %a, %b : i32
%4 = arith.select %c, %s, %b : i32
%5 = arith.select %c, %a, %s : i32
%6:2 = scf.if %d -> (i32, i32) {
  %x = arith.addi %a, %b : i32
  %y = arith.muli %a, %b : i32
  scf.yield %x, %y : i32, i32
} else {
  %y = arith.subi %a, %b : i32
  scf.yield %y, %y : i32, i32
}
%7 = scf.for %iv = %z to %c9 step %c3 iter_args(%acc = %a) -> (i32) : i32 {
  %m = arith.muli %acc, %iv : i32
  scf.yield %m : i32
}
%8 = scf.for unsigned %iv = %cm1 to %c3 step %o iter_args(%acc = %a) -> (i32) : i32 {
  %m = arith.muli %acc, %iv : i32
  scf.yield %m : i32
}
%9 = scf.for %iv = %cm1 to %c3 step %o iter_args(%acc = %a) -> (i32) : i32 {
  %m = arith.muli %acc, %iv : i32
  scf.yield %m : i32
}
%10 = scf.for %iv = %z to %o step %c9 iter_args(%acc = %a) -> (i32) : i32 {
  %m = arith.addi %acc, %iv : i32
  scf.yield %m : i32
}
%11 = scf.execute_region -> i32 no_inline {
  "test.effect"() : () -> ()
  scf.yield %a : i32
}
%12 = scf.if %c -> (i32) {
  %k = arith.addi %a, %a : i32
  scf.yield %k : i32
} else {
  scf.yield %a : i32
}
%13 = scf.if %d -> (i32) {
  scf.yield %a : i32
} else {
  scf.yield %a : i32
}
scf.for %iv = %z to %c9 step %o : i32 {
  "test.effect"(%iv) : (i32) -> ()
}
"test.use"(%0, %1, %2, %3, %4, %5, %6#0, %7, %8, %9, %10, %11, %12, %13) : (i1, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()

// CHECK:module {
// CHECK-NEXT:  %true = arith.constant true
// CHECK-NEXT:  %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT:  %c9_i32 = arith.constant 9 : i32
// CHECK-NEXT:  %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT:  %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:  %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:  %0:2 = "test.i32"() : () -> (i32, i32)
// CHECK-NEXT:  %1:2 = "test.cond"() : () -> (i1, i1)
// CHECK-NEXT:  %2 = arith.xori %1#0, %true : i1
// CHECK-NEXT:  %3 = arith.extui %1#0 : i1 to i32
// CHECK-NEXT:  %4 = arith.xori %1#0, %true : i1
// CHECK-NEXT:  %5 = arith.extui %4 : i1 to i32
// CHECK-NEXT:  %6 = arith.select %1#0, %0#1, %0#0 : i32
// CHECK-NEXT:  %7 = arith.select %1#0, %0#0, %0#1 : i32
// CHECK-NEXT:  %8 = arith.select %1#0, %0#0, %0#1 : i32
// CHECK-NEXT:  %9 = scf.if %1#1 -> (i32) {
// CHECK-NEXT:    %13 = arith.addi %0#0, %0#1 : i32
// CHECK-NEXT:    scf.yield %13 : i32
// CHECK-NEXT:  } else {
// CHECK-NEXT:    %13 = arith.subi %0#0, %0#1 : i32
// CHECK-NEXT:    scf.yield %13 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  %10 = scf.for %arg0 = %c0_i32 to %c9_i32 step %c3_i32 iter_args(%arg1 = %0#0) -> (i32)  : i32 {
// CHECK-NEXT:    %13 = arith.muli %arg1, %arg0 : i32
// CHECK-NEXT:    scf.yield %13 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  %11 = scf.for %arg0 = %c-1_i32 to %c3_i32 step %c1_i32 iter_args(%arg1 = %0#0) -> (i32)  : i32 {
// CHECK-NEXT:    %13 = arith.muli %arg1, %arg0 : i32
// CHECK-NEXT:    scf.yield %13 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  scf.execute_region no_inline {
// CHECK-NEXT:    "test.effect"() : () -> ()
// CHECK-NEXT:    scf.yield
// CHECK-NEXT:  }
// CHECK-NEXT:  %12 = scf.if %1#0 -> (i32) {
// CHECK-NEXT:    %13 = arith.addi %0#0, %0#0 : i32
// CHECK-NEXT:    scf.yield %13 : i32
// CHECK-NEXT:  } else {
// CHECK-NEXT:    scf.yield %0#0 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  scf.for %arg0 = %c0_i32 to %c9_i32 step %c1_i32  : i32 {
// CHECK-NEXT:    "test.effect"(%arg0) : (i32) -> ()
// CHECK-NEXT:  }
// CHECK-NEXT:  "test.use"(%2, %3, %5, %6, %7, %8, %9, %10, %0#0, %11, %0#0, %0#0, %12, %0#0) : (i1, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
// CHECK-NEXT:}
