// math folds under --canonicalize: isnan/isinf/isfinite (scalars only), copysign,
// rounding ties, ipowi's negative exponents and wrap-around, absi of INT_MIN,
// dense operands.
// RUN: ctile-opt -allow-unregistered-dialect %s --canonicalize | FileCheck %s --strict-whitespace --match-full-lines
// The CHECK lines are mlir-opt 22's output for the same command.

%nan = arith.constant 0x7FC00000 : f32
%inf = arith.constant 0x7F800000 : f32
%h = arith.constant 2.5 : f16
%hn = arith.constant -2.5 : f16
%v = arith.constant dense<[2.5, -3.5, 0.5]> : vector<3xf32>
%b = arith.constant -1 : i32
%z = arith.constant 0 : i32
%two = arith.constant 2 : i32
%m3 = arith.constant -3 : i32
%m4 = arith.constant -4 : i32
%imin = arith.constant -2147483648 : i32
%big = arith.constant 31 : i32
%0 = math.isnan %nan : f32
%1 = math.isinf %inf : f32
%2 = math.isfinite %inf : f32
%3 = math.copysign %h, %hn : f16
%4 = math.roundeven %v : vector<3xf32>
%5 = math.round %v : vector<3xf32>
%6 = math.ceil %h : f16
%7 = math.ipowi %b, %m3 : i32
%8 = math.ipowi %b, %m4 : i32
%9 = math.ipowi %z, %m3 : i32
%10 = math.ipowi %two, %m3 : i32
%11 = math.ipowi %two, %big : i32
%12 = math.ipowi %m3, %big : i32
%13 = math.absi %imin : i32
%14 = math.absi %m3 : i32
%15 = math.exp %v : vector<3xf32>
%16 = math.sqrt %v : vector<3xf32>
%17 = math.floor %hn : f16
%18 = math.isnan %v : vector<3xf32>
"test.use"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18) : (i1, i1, i1, f16, vector<3xf32>, vector<3xf32>, f16, i32, i32, i32, i32, i32, i32, i32, i32, vector<3xf32>, vector<3xf32>, f16, vector<3xi1>) -> ()

// CHECK:module {
// CHECK-NEXT:  %cst = arith.constant -3.000000e+00 : f16
// CHECK-NEXT:  %cst_0 = arith.constant dense<[12.1824942, 0.0301973838, 1.64872122]> : vector<3xf32>
// CHECK-NEXT:  %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT:  %c-1264544299_i32 = arith.constant -1264544299 : i32
// CHECK-NEXT:  %c-2147483648_i32 = arith.constant -2147483648 : i32
// CHECK-NEXT:  %cst_1 = arith.constant dense<[2.500000e+00, -3.500000e+00, 5.000000e-01]> : vector<3xf32>
// CHECK-NEXT:  %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:  %c-3_i32 = arith.constant -3 : i32
// CHECK-NEXT:  %true = arith.constant true
// CHECK-NEXT:  %false = arith.constant false
// CHECK-NEXT:  %cst_2 = arith.constant -2.500000e+00 : f16
// CHECK-NEXT:  %cst_3 = arith.constant dense<[2.000000e+00, -4.000000e+00, 0.000000e+00]> : vector<3xf32>
// CHECK-NEXT:  %cst_4 = arith.constant dense<[3.000000e+00, -4.000000e+00, 1.000000e+00]> : vector<3xf32>
// CHECK-NEXT:  %cst_5 = arith.constant 3.000000e+00 : f16
// CHECK-NEXT:  %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT:  %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:  %0 = math.ipowi %c0_i32, %c-3_i32 : i32
// CHECK-NEXT:  %1 = math.sqrt %cst_1 : vector<3xf32>
// CHECK-NEXT:  %2 = math.isnan %cst_1 : vector<3xf32>
// CHECK-NEXT:  "test.use"(%true, %true, %false, %cst_2, %cst_3, %cst_4, %cst_5, %c-1_i32, %c1_i32, %0, %c0_i32, %c-2147483648_i32, %c-1264544299_i32, %c-2147483648_i32, %c3_i32, %cst_0, %1, %cst, %2) : (i1, i1, i1, f16, vector<3xf32>, vector<3xf32>, f16, i32, i32, i32, i32, i32, i32, i32, i32, vector<3xf32>, vector<3xf32>, f16, vector<3xi1>) -> ()
// CHECK-NEXT:}
