// scf canonicalization vs mlir-opt: static if conditions, if-to-select,
// CombineIfs, ConditionPropagation, yields of the condition, empty else,
// scf.for with no/one trip or an empty body, execute_region inlining,
// index_switch on a constant.
// RUN: ctile-opt -allow-unregistered-dialect %s --canonicalize | FileCheck %s --strict-whitespace --match-full-lines
// The CHECK lines are mlir-opt 22's output for the same command.

%a, %b = "test.i32"() : () -> (i32, i32)
%c = "test.cond"() : () -> i1
%true = arith.constant true
%false = arith.constant false
%i0 = arith.constant 0 : index
%i1 = arith.constant 1 : index
%i4 = arith.constant 4 : index
%i10 = arith.constant 10 : index
%0 = scf.if %true -> (i32) {
  %s = arith.addi %a, %b : i32
  scf.yield %s : i32
} else {
  scf.yield %b : i32
}
%1 = scf.if %false -> (i32) {
  scf.yield %a : i32
} else {
  %m = arith.muli %a, %b : i32
  scf.yield %m : i32
}
scf.if %false {
  "test.effect"() : () -> ()
}
%2 = scf.if %c -> (i32) {
  scf.yield %a : i32
} else {
  scf.yield %b : i32
}
%3:2 = scf.if %c -> (i32, i32) {
  %x = arith.addi %a, %a : i32
  "test.effect"() : () -> ()
  scf.yield %x, %a : i32, i32
} else {
  "test.effect"() : () -> ()
  scf.yield %b, %a : i32, i32
}
scf.if %c {
  "test.effect"() : () -> ()
} else {
}
%4 = scf.if %c -> (i1) {
  scf.yield %true : i1
} else {
  scf.yield %false : i1
}
%5 = scf.if %c -> (i1) {
  scf.yield %false : i1
} else {
  scf.yield %true : i1
}
scf.if %c {
  "test.use"(%c) : (i1) -> ()
} else {
  "test.use"(%c) : (i1) -> ()
}
%6 = scf.for %iv = %i0 to %i0 step %i1 iter_args(%acc = %a) -> (i32) {
  %n = arith.addi %acc, %acc : i32
  scf.yield %n : i32
}
%7 = scf.for %iv = %i4 to %i0 step %i1 iter_args(%acc = %a) -> (i32) {
  %n = arith.addi %acc, %acc : i32
  scf.yield %n : i32
}
%8 = scf.for %iv = %i0 to %i4 step %i10 iter_args(%acc = %a) -> (i32) {
  %n = arith.addi %acc, %acc : i32
  "test.use"(%iv) : (index) -> ()
  scf.yield %n : i32
}
%9 = scf.for %iv = %i0 to %i10 step %i1 iter_args(%acc = %a) -> (i32) {
  scf.yield %b : i32
}
%10 = scf.for %iv = %i0 to %i10 step %i1 iter_args(%acc = %a) -> (i32) {
  %n = arith.addi %acc, %b : i32
  scf.yield %n : i32
}
%11 = scf.execute_region -> i32 {
  %e = arith.muli %a, %a : i32
  scf.yield %e : i32
}
%12 = scf.execute_region -> i32 no_inline {
  scf.yield %a : i32
}
%13 = scf.index_switch %i4 -> i32
case 2 {
  scf.yield %a : i32
}
case 4 {
  %q = arith.subi %a, %b : i32
  scf.yield %q : i32
}
default {
  scf.yield %b : i32
}
%14 = scf.index_switch %i10 -> i32
case 2 {
  scf.yield %a : i32
}
default {
  scf.yield %b : i32
}
"test.use"(%0, %1, %2, %3#0, %3#1, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14) : (i32, i32, i32, i32, i32, i1, i1, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()

// CHECK:module {
// CHECK-NEXT:  %false = arith.constant false
// CHECK-NEXT:  %true = arith.constant true
// CHECK-NEXT:  %c10 = arith.constant 10 : index
// CHECK-NEXT:  %c1 = arith.constant 1 : index
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %0:2 = "test.i32"() : () -> (i32, i32)
// CHECK-NEXT:  %1 = "test.cond"() : () -> i1
// CHECK-NEXT:  %2 = arith.addi %0#0, %0#1 : i32
// CHECK-NEXT:  %3 = arith.muli %0#0, %0#1 : i32
// CHECK-NEXT:  %4 = arith.select %1, %0#0, %0#1 : i32
// CHECK-NEXT:  %5 = arith.xori %1, %true : i1
// CHECK-NEXT:  %6 = scf.if %1 -> (i32) {
// CHECK-NEXT:    %11 = arith.addi %0#0, %0#0 : i32
// CHECK-NEXT:    "test.effect"() : () -> ()
// CHECK-NEXT:    "test.effect"() : () -> ()
// CHECK-NEXT:    "test.use"(%true) : (i1) -> ()
// CHECK-NEXT:    scf.yield %11 : i32
// CHECK-NEXT:  } else {
// CHECK-NEXT:    "test.effect"() : () -> ()
// CHECK-NEXT:    "test.use"(%false) : (i1) -> ()
// CHECK-NEXT:    scf.yield %0#1 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  %7 = arith.addi %0#0, %0#0 : i32
// CHECK-NEXT:  "test.use"(%c0) : (index) -> ()
// CHECK-NEXT:  %8 = scf.for %arg0 = %c0 to %c10 step %c1 iter_args(%arg1 = %0#0) -> (i32) {
// CHECK-NEXT:    %11 = arith.addi %arg1, %0#1 : i32
// CHECK-NEXT:    scf.yield %11 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  %9 = arith.muli %0#0, %0#0 : i32
// CHECK-NEXT:  %10 = arith.subi %0#0, %0#1 : i32
// CHECK-NEXT:  "test.use"(%2, %3, %4, %6, %0#0, %1, %5, %0#0, %0#0, %7, %0#1, %8, %9, %0#0, %10, %0#1) : (i32, i32, i32, i32, i32, i1, i1, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
// CHECK-NEXT:}
