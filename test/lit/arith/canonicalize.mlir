// arith integer canonicalization patterns vs mlir-opt: constant reassociation of
// addi/subi/muli chains (overflow flags intersected), xori of a cmpi with true.
// RUN: ctile-opt -allow-unregistered-dialect %s --canonicalize | FileCheck %s --strict-whitespace --match-full-lines
// The CHECK lines are mlir-opt 22's output for the same command.

%x, %y = "test.i32"() : () -> (i32, i32)
%i = "test.index"() : () -> index
%c3 = arith.constant 3 : i32
%c5 = arith.constant 5 : i32
%i2 = arith.constant 2 : index
%i7 = arith.constant 7 : index
%0 = arith.addi %x, %c3 overflow<nsw, nuw> : i32
%1 = arith.addi %0, %c5 overflow<nsw> : i32
%2 = arith.subi %x, %c3 : i32
%3 = arith.addi %2, %c5 : i32
%4 = arith.subi %c3, %x : i32
%5 = arith.addi %4, %c5 : i32
%6 = arith.addi %x, %c3 : i32
%7 = arith.subi %6, %c5 : i32
%8 = arith.subi %c5, %6 : i32
%9 = arith.subi %2, %c5 : i32
%10 = arith.subi %4, %c5 : i32
%11 = arith.subi %c5, %2 : i32
%12 = arith.subi %c5, %4 : i32
%13 = arith.muli %x, %c3 : i32
%14 = arith.muli %13, %c5 : i32
%15 = arith.cmpi slt, %x, %y : i32
%t = arith.constant true
%16 = arith.xori %15, %t : i1
%17 = arith.addi %i, %i2 : index
%18 = arith.addi %17, %i7 : index
%19 = arith.addi %c3, %x : i32
%20 = arith.addi %19, %c5 : i32
"test.use"(%1, %3, %5, %7, %8, %9, %10, %11, %12, %14, %16, %18, %20) : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i1, index, i32) -> ()

// CHECK:module {
// CHECK-NEXT:  %c9 = arith.constant 9 : index
// CHECK-NEXT:  %c15_i32 = arith.constant 15 : i32
// CHECK-NEXT:  %c-2_i32 = arith.constant -2 : i32
// CHECK-NEXT:  %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:  %c8_i32 = arith.constant 8 : i32
// CHECK-NEXT:  %0:2 = "test.i32"() : () -> (i32, i32)
// CHECK-NEXT:  %1 = "test.index"() : () -> index
// CHECK-NEXT:  %2 = arith.addi %0#0, %c8_i32 overflow<nsw> : i32
// CHECK-NEXT:  %3 = arith.addi %0#0, %c2_i32 : i32
// CHECK-NEXT:  %4 = arith.subi %c8_i32, %0#0 : i32
// CHECK-NEXT:  %5 = arith.addi %0#0, %c-2_i32 : i32
// CHECK-NEXT:  %6 = arith.subi %c2_i32, %0#0 : i32
// CHECK-NEXT:  %7 = arith.subi %0#0, %c8_i32 : i32
// CHECK-NEXT:  %8 = arith.subi %c-2_i32, %0#0 : i32
// CHECK-NEXT:  %9 = arith.subi %c8_i32, %0#0 : i32
// CHECK-NEXT:  %10 = arith.addi %0#0, %c2_i32 : i32
// CHECK-NEXT:  %11 = arith.muli %0#0, %c15_i32 : i32
// CHECK-NEXT:  %12 = arith.cmpi sge, %0#0, %0#1 : i32
// CHECK-NEXT:  %13 = arith.addi %1, %c9 : index
// CHECK-NEXT:  %14 = arith.addi %0#0, %c8_i32 : i32
// CHECK-NEXT:  "test.use"(%2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14) : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i1, index, i32) -> ()
// CHECK-NEXT:}
