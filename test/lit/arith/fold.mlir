// arith folds under --canonicalize: constant folding of every binary, compare,
// cast and extended-multiply op (scalars, splats and dense), MLIR's refusals
// (division by zero, signed overflow, out-of-range shifts, inexact truncf) and
// the identities (x+0, x*1, x-x, select, cmpi operand order, ...).
// RUN: ctile-opt -allow-unregistered-dialect %s --canonicalize | FileCheck %s --strict-whitespace --match-full-lines
// The CHECK lines are mlir-opt 22's output for the same command.

%a, %b = "test.i32"() : () -> (i32, i32)
%x, %y = "test.f32"() : () -> (f32, f32)
%c0 = arith.constant 0 : i32
%c1 = arith.constant 1 : i32
%c7 = arith.constant 7 : i32
%cm7 = arith.constant -7 : i32
%c2 = arith.constant 2 : i32
%cmax = arith.constant 2147483647 : i32
%cmin = arith.constant -2147483648 : i32
%cm1 = arith.constant -1 : i32
%f0 = arith.constant 0.0 : f32
%fm0 = arith.constant -0.0 : f32
%f1 = arith.constant 1.0 : f32
%f3 = arith.constant 3.5 : f32
%fnan = arith.constant 0x7FC00000 : f32
%0 = arith.addi %c7, %c2 : i32
%1 = arith.subi %c2, %c7 : i32
%2 = arith.muli %cmax, %c2 : i32
%3 = arith.divsi %cm7, %c2 : i32
%4 = arith.divui %cm7, %c2 : i32
%5 = arith.ceildivsi %cm7, %c2 : i32
%6 = arith.ceildivui %c7, %c2 : i32
%7 = arith.floordivsi %cm7, %c2 : i32
%8 = arith.remsi %cm7, %c2 : i32
%9 = arith.remui %cm7, %c2 : i32
%10 = arith.divsi %cmin, %cm1 : i32
%11 = arith.divsi %c7, %c0 : i32
%12 = arith.andi %c7, %c2 : i32
%13 = arith.ori %c7, %cm7 : i32
%14 = arith.xori %c7, %cm1 : i32
%15 = arith.shli %c7, %c2 : i32
%16 = arith.shrsi %cm7, %c1 : i32
%17 = arith.shrui %cm7, %c1 : i32
%18 = arith.maxsi %c7, %cm7 : i32
%19 = arith.maxui %c7, %cm7 : i32
%20 = arith.minsi %c7, %cm7 : i32
%21 = arith.minui %c7, %cm7 : i32
%22 = arith.addi %a, %c0 : i32
%23 = arith.muli %a, %c1 : i32
%24 = arith.muli %a, %c0 : i32
%25 = arith.subi %a, %a : i32
%26 = arith.xori %a, %a : i32
%27 = arith.andi %a, %cm1 : i32
%28 = arith.ori %a, %cm1 : i32
%29 = arith.addi %c7, %a : i32
%30 = arith.cmpi slt, %c7, %a : i32
%31 = arith.cmpi slt, %cm7, %c7 : i32
%32 = arith.cmpi ult, %cm7, %c7 : i32
%33 = arith.cmpi sle, %a, %a : i32
%34 = arith.addf %f3, %f1 : f32
%35 = arith.subf %f3, %f1 : f32
%36 = arith.mulf %f3, %f3 : f32
%37 = arith.divf %f1, %f3 : f32
%38 = arith.remf %f3, %f1 : f32
%39 = arith.negf %f3 : f32
%40 = arith.maximumf %f3, %fnan : f32
%41 = arith.maxnumf %f3, %fnan : f32
%42 = arith.minimumf %f0, %fm0 : f32
%43 = arith.addf %x, %fm0 : f32
%44 = arith.addf %x, %f0 : f32
%45 = arith.mulf %x, %f1 : f32
%46 = arith.cmpf olt, %f1, %f3 : f32
%47 = arith.cmpf uno, %fnan, %f3 : f32
%48 = arith.select %31, %a, %b : i32
%49 = arith.select %32, %a, %b : i32
%50 = arith.select %30, %a, %a : i32
%51 = arith.extsi %cm7 : i32 to i64
%52 = arith.extui %cm7 : i32 to i64
%53 = arith.trunci %cmax : i32 to i8
%54 = arith.sitofp %cm7 : i32 to f32
%55 = arith.uitofp %cm7 : i32 to f32
%56 = arith.fptosi %f3 : f32 to i32
%57 = arith.fptoui %f3 : f32 to i8
%58 = arith.extf %f3 : f32 to f64
%59 = arith.truncf %f3 : f32 to f16
%60 = arith.bitcast %f1 : f32 to i32
%61 = arith.bitcast %c7 : i32 to f32
%62 = arith.index_cast %cm7 : i32 to index
%63 = arith.index_castui %cm7 : i32 to index
%64:2 = arith.mulsi_extended %cmin, %cmax : i32
%65:2 = arith.mului_extended %cm1, %cm1 : i32
%66 = arith.negf %x : f32
%67 = arith.negf %66 : f32
%68 = arith.divf %f1, %f0 : f32
%69 = arith.truncf %x : f32 to f16
%d1 = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
%d2 = arith.constant dense<2> : tensor<4xi32>
%70 = arith.muli %d1, %d2 : tensor<4xi32>
%71 = arith.cmpi sgt, %d1, %d2 : tensor<4xi32>
%df = arith.constant dense<[1.5, -2.0]> : vector<2xf32>
%72 = arith.addf %df, %df : vector<2xf32>
%73 = arith.fptosi %df : vector<2xf32> to vector<2xi16>
%c64 = arith.constant 123456789012 : i64
%c64b = arith.constant -98765432109 : i64
%74:2 = arith.mulsi_extended %c64, %c64b : i64
%75:2 = arith.mului_extended %c64, %c64b : i64
%c40 = arith.constant 40 : i32
%76 = arith.shli %c7, %c40 : i32
"test.use"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33) : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i1, i1, i1, i1) -> ()
"test.use"(%34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50) : (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, i1, i1, i32, i32, i32) -> ()
"test.use"(%51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64#0, %64#1, %65#0, %65#1, %67, %68, %69) : (i64, i64, i8, f32, f32, i32, i8, f64, f16, i32, f32, index, index, i32, i32, i32, i32, f32, f32, f16) -> ()
"test.use"(%70, %71, %72, %73, %74#0, %74#1, %75#0, %75#1, %76) : (tensor<4xi32>, tensor<4xi1>, vector<2xf32>, vector<2xi16>, i64, i64, i64, i64, i32) -> ()

// CHECK:module {
// CHECK-NEXT:  %c123456788351_i64 = arith.constant 123456788351 : i64
// CHECK-NEXT:  %c-661_i64 = arith.constant -661 : i64
// CHECK-NEXT:  %c34719162190431868_i64 = arith.constant 34719162190431868 : i64
// CHECK-NEXT:  %cst = arith.constant dense<[1, -2]> : vector<2xi16>
// CHECK-NEXT:  %cst_0 = arith.constant dense<[3.000000e+00, -4.000000e+00]> : vector<2xf32>
// CHECK-NEXT:  %cst_1 = arith.constant dense<[false, false, true, true]> : tensor<4xi1>
// CHECK-NEXT:  %cst_2 = arith.constant dense<[2, 4, 6, 8]> : tensor<4xi32>
// CHECK-NEXT:  %cst_3 = arith.constant 0x7F800000 : f32
// CHECK-NEXT:  %c-1073741824_i32 = arith.constant -1073741824 : i32
// CHECK-NEXT:  %c4294967289 = arith.constant 4294967289 : index
// CHECK-NEXT:  %c-7 = arith.constant -7 : index
// CHECK-NEXT:  %cst_4 = arith.constant 9.809080e-45 : f32
// CHECK-NEXT:  %c1065353216_i32 = arith.constant 1065353216 : i32
// CHECK-NEXT:  %cst_5 = arith.constant 3.500000e+00 : f16
// CHECK-NEXT:  %cst_6 = arith.constant 3.500000e+00 : f64
// CHECK-NEXT:  %c3_i8 = arith.constant 3 : i8
// CHECK-NEXT:  %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT:  %cst_7 = arith.constant 4.2949673E+9 : f32
// CHECK-NEXT:  %cst_8 = arith.constant -7.000000e+00 : f32
// CHECK-NEXT:  %c-1_i8 = arith.constant -1 : i8
// CHECK-NEXT:  %c4294967289_i64 = arith.constant 4294967289 : i64
// CHECK-NEXT:  %c-7_i64 = arith.constant -7 : i64
// CHECK-NEXT:  %cst_9 = arith.constant -0.000000e+00 : f32
// CHECK-NEXT:  %cst_10 = arith.constant 0x7FC00000 : f32
// CHECK-NEXT:  %cst_11 = arith.constant -3.500000e+00 : f32
// CHECK-NEXT:  %cst_12 = arith.constant 5.000000e-01 : f32
// CHECK-NEXT:  %cst_13 = arith.constant 0.285714298 : f32
// CHECK-NEXT:  %cst_14 = arith.constant 1.225000e+01 : f32
// CHECK-NEXT:  %cst_15 = arith.constant 2.500000e+00 : f32
// CHECK-NEXT:  %cst_16 = arith.constant 4.500000e+00 : f32
// CHECK-NEXT:  %false = arith.constant false
// CHECK-NEXT:  %true = arith.constant true
// CHECK-NEXT:  %c-7_i32 = arith.constant -7 : i32
// CHECK-NEXT:  %c28_i32 = arith.constant 28 : i32
// CHECK-NEXT:  %c-8_i32 = arith.constant -8 : i32
// CHECK-NEXT:  %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:  %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:  %c-4_i32 = arith.constant -4 : i32
// CHECK-NEXT:  %c4_i32 = arith.constant 4 : i32
// CHECK-NEXT:  %c2147483644_i32 = arith.constant 2147483644 : i32
// CHECK-NEXT:  %c-3_i32 = arith.constant -3 : i32
// CHECK-NEXT:  %c-2_i32 = arith.constant -2 : i32
// CHECK-NEXT:  %c-5_i32 = arith.constant -5 : i32
// CHECK-NEXT:  %c9_i32 = arith.constant 9 : i32
// CHECK-NEXT:  %c40_i32 = arith.constant 40 : i32
// CHECK-NEXT:  %cst_17 = arith.constant 3.500000e+00 : f32
// CHECK-NEXT:  %cst_18 = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:  %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT:  %c-2147483648_i32 = arith.constant -2147483648 : i32
// CHECK-NEXT:  %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT:  %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:  %0:2 = "test.i32"() : () -> (i32, i32)
// CHECK-NEXT:  %1:2 = "test.f32"() : () -> (f32, f32)
// CHECK-NEXT:  %2 = arith.divsi %c-2147483648_i32, %c-1_i32 : i32
// CHECK-NEXT:  %3 = arith.divsi %c7_i32, %c0_i32 : i32
// CHECK-NEXT:  %4 = arith.addi %0#0, %c7_i32 : i32
// CHECK-NEXT:  %5 = arith.cmpi sgt, %0#0, %c7_i32 : i32
// CHECK-NEXT:  %6 = arith.addf %1#0, %cst_18 : f32
// CHECK-NEXT:  %7 = arith.truncf %1#0 : f32 to f16
// CHECK-NEXT:  %8 = arith.shli %c7_i32, %c40_i32 : i32
// CHECK-NEXT:  "test.use"(%c9_i32, %c-5_i32, %c-2_i32, %c-3_i32, %c2147483644_i32, %c-3_i32, %c4_i32, %c-4_i32, %c-1_i32, %c1_i32, %2, %3, %c2_i32, %c-1_i32, %c-8_i32, %c28_i32, %c-4_i32, %c2147483644_i32, %c7_i32, %c-7_i32, %c-7_i32, %c7_i32, %0#0, %0#0, %c0_i32, %c0_i32, %c0_i32, %0#0, %c-1_i32, %4, %5, %true, %false, %true) : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i1, i1, i1, i1) -> ()
// CHECK-NEXT:  "test.use"(%cst_16, %cst_15, %cst_14, %cst_13, %cst_12, %cst_11, %cst_10, %cst_17, %cst_9, %1#0, %6, %1#0, %true, %true, %0#0, %0#1, %0#0) : (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, i1, i1, i32, i32, i32) -> ()
// CHECK-NEXT:  "test.use"(%c-7_i64, %c4294967289_i64, %c-1_i8, %cst_8, %cst_7, %c3_i32, %c3_i8, %cst_6, %cst_5, %c1065353216_i32, %cst_4, %c-7, %c4294967289, %c-2147483648_i32, %c-1073741824_i32, %c1_i32, %c-2_i32, %1#0, %cst_3, %7) : (i64, i64, i8, f32, f32, i32, i8, f64, f16, i32, f32, index, index, i32, i32, i32, i32, f32, f32, f16) -> ()
// CHECK-NEXT:  "test.use"(%cst_2, %cst_1, %cst_0, %cst, %c34719162190431868_i64, %c-661_i64, %c34719162190431868_i64, %c123456788351_i64, %8) : (tensor<4xi32>, tensor<4xi1>, vector<2xf32>, vector<2xi16>, i64, i64, i64, i64, i32) -> ()
// CHECK-NEXT:}
