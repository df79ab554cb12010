// CSE over arith/math/scf ops vs mlir-opt --cse: pure and no-memory-effect ops
// merge only with equal properties; region ops stay.
// RUN: ctile-opt -allow-unregistered-dialect %s --cse | FileCheck %s --strict-whitespace --match-full-lines
// The CHECK lines are mlir-opt 22's output for the same command.

%a, %b = "test.i32"() : () -> (i32, i32)
%x = "test.f32"() : () -> f32
%c = "test.cond"() : () -> i1
%0 = arith.addi %a, %b : i32
%1 = arith.addi %a, %b : i32
%2 = arith.addi %a, %b overflow<nsw> : i32
%3 = arith.divsi %a, %b : i32
%4 = arith.divsi %a, %b : i32
%5 = arith.addf %x, %x fastmath<fast> : f32
%6 = arith.addf %x, %x : f32
%7 = arith.addf %x, %x : f32
%8 = math.sqrt %x : f32
%9 = math.sqrt %x : f32
%10 = scf.if %c -> (i32) {
  %i = arith.addi %a, %b : i32
  scf.yield %i : i32
} else {
  scf.yield %a : i32
}
%11 = scf.execute_region -> i32 {
  %j = arith.addi %a, %b : i32
  scf.yield %j : i32
}
"test.use"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11) : (i32, i32, i32, i32, i32, f32, f32, f32, f32, f32, i32, i32) -> ()

// CHECK:module {
// CHECK-NEXT:  %0:2 = "test.i32"() : () -> (i32, i32)
// CHECK-NEXT:  %1 = "test.f32"() : () -> f32
// CHECK-NEXT:  %2 = "test.cond"() : () -> i1
// CHECK-NEXT:  %3 = arith.addi %0#0, %0#1 : i32
// CHECK-NEXT:  %4 = arith.addi %0#0, %0#1 overflow<nsw> : i32
// CHECK-NEXT:  %5 = arith.divsi %0#0, %0#1 : i32
// CHECK-NEXT:  %6 = arith.addf %1, %1 fastmath<fast> : f32
// CHECK-NEXT:  %7 = arith.addf %1, %1 : f32
// CHECK-NEXT:  %8 = math.sqrt %1 : f32
// CHECK-NEXT:  %9 = scf.if %2 -> (i32) {
// CHECK-NEXT:    scf.yield %3 : i32
// CHECK-NEXT:  } else {
// CHECK-NEXT:    scf.yield %0#0 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  %10 = scf.execute_region -> i32 {
// CHECK-NEXT:    scf.yield %3 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  "test.use"(%3, %3, %4, %5, %5, %6, %7, %7, %8, %8, %9, %10) : (i32, i32, i32, i32, i32, f32, f32, f32, f32, f32, i32, i32) -> ()
// CHECK-NEXT:}
