// arith float identities under --canonicalize: maximumf(x, -inf), minimumf(x, +inf),
// maxnumf/minnumf(x, NaN) fold to x; the others stay.
// RUN: ctile-opt -allow-unregistered-dialect %s --canonicalize | FileCheck %s --strict-whitespace --match-full-lines
// The CHECK lines are mlir-opt 22's output for the same command.

%x = "test.f32"() : () -> f32
%nan = arith.constant 0x7FC00000 : f32
%inf = arith.constant 0x7F800000 : f32
%ninf = arith.constant 0xFF800000 : f32
%0 = arith.maxnumf %x, %nan : f32
%1 = arith.maximumf %x, %nan : f32
%2 = arith.maximumf %x, %ninf : f32
%3 = arith.minimumf %x, %inf : f32
%4 = arith.maxnumf %x, %ninf : f32
%5 = arith.minnumf %x, %inf : f32
%6 = arith.minnumf %x, %nan : f32
%7 = arith.minimumf %x, %nan : f32
%8 = arith.divf %x, %x : f32
%9 = arith.subf %x, %x : f32
%10 = arith.mulf %x, %inf : f32
"test.use"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10) : (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) -> ()

// CHECK:module {
// CHECK-NEXT:  %cst = arith.constant 0xFF800000 : f32
// CHECK-NEXT:  %cst_0 = arith.constant 0x7F800000 : f32
// CHECK-NEXT:  %cst_1 = arith.constant 0x7FC00000 : f32
// CHECK-NEXT:  %0 = "test.f32"() : () -> f32
// CHECK-NEXT:  %1 = arith.maximumf %0, %cst_1 : f32
// CHECK-NEXT:  %2 = arith.maxnumf %0, %cst : f32
// CHECK-NEXT:  %3 = arith.minnumf %0, %cst_0 : f32
// CHECK-NEXT:  %4 = arith.minimumf %0, %cst_1 : f32
// CHECK-NEXT:  %5 = arith.divf %0, %0 : f32
// CHECK-NEXT:  %6 = arith.subf %0, %0 : f32
// CHECK-NEXT:  %7 = arith.mulf %0, %cst_0 : f32
// CHECK-NEXT:  "test.use"(%0, %1, %0, %0, %2, %3, %0, %4, %5, %6, %7) : (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) -> ()
// CHECK-NEXT:}
