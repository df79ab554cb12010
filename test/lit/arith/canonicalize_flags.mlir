// SubIRHSAddConstant drops the overflow flags (MLIR's TODO); subi(subi(x, c), x)
// and addi(x, muli(y, -1)) as mlir-opt.
// RUN: ctile-opt -allow-unregistered-dialect %s --canonicalize | FileCheck %s --strict-whitespace --match-full-lines
// The CHECK lines are mlir-opt 22's output for the same command.

%x = "t.x"() : () -> i32
%c3 = arith.constant 3 : i32
%c5 = arith.constant 5 : i32
%0 = arith.addi %x, %c3 overflow<nsw> : i32
%1 = arith.subi %0, %c5 overflow<nsw> : i32
%2 = arith.subi %x, %c3 overflow<nsw> : i32
%3 = arith.subi %2, %x overflow<nsw> : i32
%y = "t.x"() : () -> i32
%m = arith.constant -1 : i32
%4 = arith.muli %y, %m : i32
%5 = arith.addi %x, %4 : i32
"t.u"(%1, %3, %5) : (i32, i32, i32) -> ()

// CHECK:module {
// CHECK-NEXT:  %c-3_i32 = arith.constant -3 : i32
// CHECK-NEXT:  %c-2_i32 = arith.constant -2 : i32
// CHECK-NEXT:  %0 = "t.x"() : () -> i32
// CHECK-NEXT:  %1 = arith.addi %0, %c-2_i32 : i32
// CHECK-NEXT:  %2 = "t.x"() : () -> i32
// CHECK-NEXT:  %3 = arith.subi %0, %2 : i32
// CHECK-NEXT:  "t.u"(%1, %c-3_i32, %3) : (i32, i32, i32) -> ()
// CHECK-NEXT:}
