// arith: every op of the subset in MLIR's custom form, round-tripped, and its
// generic form (properties with their defaults).
// RUN: ctile-opt -allow-unregistered-dialect %s | FileCheck %s --strict-whitespace --match-full-lines
// RUN: ctile-opt -allow-unregistered-dialect %s | ctile-opt -allow-unregistered-dialect | FileCheck %s --strict-whitespace --match-full-lines
// RUN: ctile-opt -allow-unregistered-dialect -mlir-print-op-generic %s | FileCheck %s --strict-whitespace --match-full-lines --check-prefix=GEN
// RUN: ctile-opt -allow-unregistered-dialect -mlir-print-op-generic %s | ctile-opt -allow-unregistered-dialect | FileCheck %s --strict-whitespace --match-full-lines
// The CHECK lines are mlir-opt 22's output for this file (custom, then generic form).

%a, %b = "test.i32"() : () -> (i32, i32)
%x, %y = "test.f32"() : () -> (f32, f32)
%i = "test.index"() : () -> index
%t = "test.tensor"() : () -> tensor<4x8xf32>
%v = "test.vector"() : () -> vector<4xi32>
%c42 = arith.constant 42 : i32
%cm1 = arith.constant -1 : i64
%c3 = arith.constant 3 : index
%true = arith.constant true
%false = arith.constant false
%cst = arith.constant 1.5 : f32
%dense = arith.constant dense<1.0> : tensor<4x8xf32>
%dense2 = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
%c42b = arith.constant {tag} 42 : i32
%0 = arith.addi %a, %b : i32
%1 = arith.addi %a, %b overflow<nsw, nuw> : i32
%2 = arith.subi %a, %b overflow<nsw> : i32
%3 = arith.muli %a, %b overflow<nuw> : i32
%4 = arith.divsi %a, %b : i32
%5 = arith.divui %a, %b exact : i32
%6 = arith.ceildivsi %a, %b : i32
%7 = arith.ceildivui %a, %b : i32
%8 = arith.floordivsi %a, %b : i32
%9 = arith.remsi %a, %b : i32
%10 = arith.remui %a, %b : i32
%11 = arith.andi %a, %b : i32
%12 = arith.ori %a, %b : i32
%13 = arith.xori %a, %b : i32
%14 = arith.shli %a, %b overflow<nsw> : i32
%15 = arith.shrsi %a, %b exact : i32
%16 = arith.shrui %a, %b : i32
%17 = arith.maxsi %a, %b : i32
%18 = arith.maxui %a, %b : i32
%19 = arith.minsi %a, %b : i32
%20 = arith.minui %a, %b : i32
%21:2 = arith.mulsi_extended %a, %b : i32
%22:2 = arith.mului_extended %a, %b : i32
%23 = arith.addi %i, %c3 : index
%24 = arith.addi %v, %v : vector<4xi32>
%25 = arith.addf %x, %y : f32
%26 = arith.subf %x, %y fastmath<fast> : f32
%27 = arith.mulf %x, %y fastmath<nnan,ninf> : f32
%28 = arith.divf %x, %y fastmath<reassoc,contract> : f32
%29 = arith.remf %x, %y : f32
%30 = arith.negf %x fastmath<nsz> : f32
%31 = arith.maximumf %x, %y : f32
%32 = arith.minimumf %x, %y : f32
%33 = arith.maxnumf %x, %y fastmath<afn> : f32
%34 = arith.minnumf %x, %y : f32
%35 = arith.addf %t, %t {tag = 1 : i32} : tensor<4x8xf32>
%36 = arith.cmpi slt, %a, %b : i32
%37 = arith.cmpi uge, %v, %v : vector<4xi32>
%38 = arith.cmpf olt, %x, %y : f32
%39 = arith.cmpf une, %t, %t fastmath<nnan> : tensor<4x8xf32>
%40 = arith.select %36, %a, %b : i32
%41 = arith.select %37, %v, %v : vector<4xi1>, vector<4xi32>
%42 = arith.select %36, %t, %t : tensor<4x8xf32>
%43 = arith.extsi %a : i32 to i64
%44 = arith.extui %a : i32 to i64
%45 = arith.trunci %a overflow<nsw, nuw> : i32 to i8
%46 = arith.extf %x : f32 to f64
%47 = arith.extf %x fastmath<fast> : f32 to f64
%48 = arith.truncf %x : f32 to f16
%49 = arith.truncf %x toward_zero fastmath<nnan> : f32 to bf16
%50 = arith.sitofp %a : i32 to f32
%51 = arith.uitofp %a : i32 to f64
%52 = arith.fptosi %x : f32 to i32
%53 = arith.fptoui %x : f32 to i16
%54 = arith.bitcast %a : i32 to f32
%55 = arith.index_cast %a : i32 to index
%56 = arith.index_castui %i : index to i64
%57 = arith.sitofp %v : vector<4xi32> to vector<4xf32>
%px = "t.f"() : () -> f32
%pi = "t.f"() : () -> i32
%p0 = arith.cmpf true, %px, %px : f32
%p1 = arith.cmpf false, %px, %px : f32
%p2 = arith.cmpi "sle", %pi, %pi : i32
%p3 = arith.cmpf "uno", %px, %px : f32

// CHECK:module {
// CHECK-NEXT:  %0:2 = "test.i32"() : () -> (i32, i32)
// CHECK-NEXT:  %1:2 = "test.f32"() : () -> (f32, f32)
// CHECK-NEXT:  %2 = "test.index"() : () -> index
// CHECK-NEXT:  %3 = "test.tensor"() : () -> tensor<4x8xf32>
// CHECK-NEXT:  %4 = "test.vector"() : () -> vector<4xi32>
// CHECK-NEXT:  %c42_i32 = arith.constant 42 : i32
// CHECK-NEXT:  %c-1_i64 = arith.constant -1 : i64
// CHECK-NEXT:  %c3 = arith.constant 3 : index
// CHECK-NEXT:  %true = arith.constant true
// CHECK-NEXT:  %false = arith.constant false
// CHECK-NEXT:  %cst = arith.constant 1.500000e+00 : f32
// CHECK-NEXT:  %cst_0 = arith.constant dense<1.000000e+00> : tensor<4x8xf32>
// CHECK-NEXT:  %cst_1 = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
// CHECK-NEXT:  %c42_i32_2 = arith.constant {tag} 42 : i32
// CHECK-NEXT:  %5 = arith.addi %0#0, %0#1 : i32
// CHECK-NEXT:  %6 = arith.addi %0#0, %0#1 overflow<nsw, nuw> : i32
// CHECK-NEXT:  %7 = arith.subi %0#0, %0#1 overflow<nsw> : i32
// CHECK-NEXT:  %8 = arith.muli %0#0, %0#1 overflow<nuw> : i32
// CHECK-NEXT:  %9 = arith.divsi %0#0, %0#1 : i32
// CHECK-NEXT:  %10 = arith.divui %0#0, %0#1 exact : i32
// CHECK-NEXT:  %11 = arith.ceildivsi %0#0, %0#1 : i32
// CHECK-NEXT:  %12 = arith.ceildivui %0#0, %0#1 : i32
// CHECK-NEXT:  %13 = arith.floordivsi %0#0, %0#1 : i32
// CHECK-NEXT:  %14 = arith.remsi %0#0, %0#1 : i32
// CHECK-NEXT:  %15 = arith.remui %0#0, %0#1 : i32
// CHECK-NEXT:  %16 = arith.andi %0#0, %0#1 : i32
// CHECK-NEXT:  %17 = arith.ori %0#0, %0#1 : i32
// CHECK-NEXT:  %18 = arith.xori %0#0, %0#1 : i32
// CHECK-NEXT:  %19 = arith.shli %0#0, %0#1 overflow<nsw> : i32
// CHECK-NEXT:  %20 = arith.shrsi %0#0, %0#1 exact : i32
// CHECK-NEXT:  %21 = arith.shrui %0#0, %0#1 : i32
// CHECK-NEXT:  %22 = arith.maxsi %0#0, %0#1 : i32
// CHECK-NEXT:  %23 = arith.maxui %0#0, %0#1 : i32
// CHECK-NEXT:  %24 = arith.minsi %0#0, %0#1 : i32
// CHECK-NEXT:  %25 = arith.minui %0#0, %0#1 : i32
// CHECK-NEXT:  %low, %high = arith.mulsi_extended %0#0, %0#1 : i32
// CHECK-NEXT:  %low_3, %high_4 = arith.mului_extended %0#0, %0#1 : i32
// CHECK-NEXT:  %26 = arith.addi %2, %c3 : index
// CHECK-NEXT:  %27 = arith.addi %4, %4 : vector<4xi32>
// CHECK-NEXT:  %28 = arith.addf %1#0, %1#1 : f32
// CHECK-NEXT:  %29 = arith.subf %1#0, %1#1 fastmath<fast> : f32
// CHECK-NEXT:  %30 = arith.mulf %1#0, %1#1 fastmath<nnan,ninf> : f32
// CHECK-NEXT:  %31 = arith.divf %1#0, %1#1 fastmath<reassoc,contract> : f32
// CHECK-NEXT:  %32 = arith.remf %1#0, %1#1 : f32
// CHECK-NEXT:  %33 = arith.negf %1#0 fastmath<nsz> : f32
// CHECK-NEXT:  %34 = arith.maximumf %1#0, %1#1 : f32
// CHECK-NEXT:  %35 = arith.minimumf %1#0, %1#1 : f32
// CHECK-NEXT:  %36 = arith.maxnumf %1#0, %1#1 fastmath<afn> : f32
// CHECK-NEXT:  %37 = arith.minnumf %1#0, %1#1 : f32
// CHECK-NEXT:  %38 = arith.addf %3, %3 {tag = 1 : i32} : tensor<4x8xf32>
// CHECK-NEXT:  %39 = arith.cmpi slt, %0#0, %0#1 : i32
// CHECK-NEXT:  %40 = arith.cmpi uge, %4, %4 : vector<4xi32>
// CHECK-NEXT:  %41 = arith.cmpf olt, %1#0, %1#1 : f32
// CHECK-NEXT:  %42 = arith.cmpf une, %3, %3 fastmath<nnan> : tensor<4x8xf32>
// CHECK-NEXT:  %43 = arith.select %39, %0#0, %0#1 : i32
// CHECK-NEXT:  %44 = arith.select %40, %4, %4 : vector<4xi1>, vector<4xi32>
// CHECK-NEXT:  %45 = arith.select %39, %3, %3 : tensor<4x8xf32>
// CHECK-NEXT:  %46 = arith.extsi %0#0 : i32 to i64
// CHECK-NEXT:  %47 = arith.extui %0#0 : i32 to i64
// CHECK-NEXT:  %48 = arith.trunci %0#0 overflow<nsw, nuw> : i32 to i8
// CHECK-NEXT:  %49 = arith.extf %1#0 : f32 to f64
// CHECK-NEXT:  %50 = arith.extf %1#0 fastmath<fast> : f32 to f64
// CHECK-NEXT:  %51 = arith.truncf %1#0 : f32 to f16
// CHECK-NEXT:  %52 = arith.truncf %1#0 toward_zero fastmath<nnan> : f32 to bf16
// CHECK-NEXT:  %53 = arith.sitofp %0#0 : i32 to f32
// CHECK-NEXT:  %54 = arith.uitofp %0#0 : i32 to f64
// CHECK-NEXT:  %55 = arith.fptosi %1#0 : f32 to i32
// CHECK-NEXT:  %56 = arith.fptoui %1#0 : f32 to i16
// CHECK-NEXT:  %57 = arith.bitcast %0#0 : i32 to f32
// CHECK-NEXT:  %58 = arith.index_cast %0#0 : i32 to index
// CHECK-NEXT:  %59 = arith.index_castui %2 : index to i64
// CHECK-NEXT:  %60 = arith.sitofp %4 : vector<4xi32> to vector<4xf32>
// CHECK-NEXT:  %61 = "t.f"() : () -> f32
// CHECK-NEXT:  %62 = "t.f"() : () -> i32
// CHECK-NEXT:  %63 = arith.cmpf true, %61, %61 : f32
// CHECK-NEXT:  %64 = arith.cmpf false, %61, %61 : f32
// CHECK-NEXT:  %65 = arith.cmpi sle, %62, %62 : i32
// CHECK-NEXT:  %66 = arith.cmpf uno, %61, %61 : f32
// CHECK-NEXT:}

// GEN:"builtin.module"() ({
// GEN-NEXT:  %0:2 = "test.i32"() : () -> (i32, i32)
// GEN-NEXT:  %1:2 = "test.f32"() : () -> (f32, f32)
// GEN-NEXT:  %2 = "test.index"() : () -> index
// GEN-NEXT:  %3 = "test.tensor"() : () -> tensor<4x8xf32>
// GEN-NEXT:  %4 = "test.vector"() : () -> vector<4xi32>
// GEN-NEXT:  %5 = "arith.constant"() <{value = 42 : i32}> : () -> i32
// GEN-NEXT:  %6 = "arith.constant"() <{value = -1 : i64}> : () -> i64
// GEN-NEXT:  %7 = "arith.constant"() <{value = 3 : index}> : () -> index
// GEN-NEXT:  %8 = "arith.constant"() <{value = true}> : () -> i1
// GEN-NEXT:  %9 = "arith.constant"() <{value = false}> : () -> i1
// GEN-NEXT:  %10 = "arith.constant"() <{value = 1.500000e+00 : f32}> : () -> f32
// GEN-NEXT:  %11 = "arith.constant"() <{value = dense<1.000000e+00> : tensor<4x8xf32>}> : () -> tensor<4x8xf32>
// GEN-NEXT:  %12 = "arith.constant"() <{value = dense<[1, 2, 3, 4]> : vector<4xi32>}> : () -> vector<4xi32>
// GEN-NEXT:  %13 = "arith.constant"() <{value = 42 : i32}> {tag} : () -> i32
// GEN-NEXT:  %14 = "arith.addi"(%0#0, %0#1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// GEN-NEXT:  %15 = "arith.addi"(%0#0, %0#1) <{overflowFlags = #arith.overflow<nsw, nuw>}> : (i32, i32) -> i32
// GEN-NEXT:  %16 = "arith.subi"(%0#0, %0#1) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
// GEN-NEXT:  %17 = "arith.muli"(%0#0, %0#1) <{overflowFlags = #arith.overflow<nuw>}> : (i32, i32) -> i32
// GEN-NEXT:  %18 = "arith.divsi"(%0#0, %0#1) : (i32, i32) -> i32
// GEN-NEXT:  %19 = "arith.divui"(%0#0, %0#1) <{isExact}> : (i32, i32) -> i32
// GEN-NEXT:  %20 = "arith.ceildivsi"(%0#0, %0#1) : (i32, i32) -> i32
// GEN-NEXT:  %21 = "arith.ceildivui"(%0#0, %0#1) : (i32, i32) -> i32
// GEN-NEXT:  %22 = "arith.floordivsi"(%0#0, %0#1) : (i32, i32) -> i32
// GEN-NEXT:  %23 = "arith.remsi"(%0#0, %0#1) : (i32, i32) -> i32
// GEN-NEXT:  %24 = "arith.remui"(%0#0, %0#1) : (i32, i32) -> i32
// GEN-NEXT:  %25 = "arith.andi"(%0#0, %0#1) : (i32, i32) -> i32
// GEN-NEXT:  %26 = "arith.ori"(%0#0, %0#1) : (i32, i32) -> i32
// GEN-NEXT:  %27 = "arith.xori"(%0#0, %0#1) : (i32, i32) -> i32
// GEN-NEXT:  %28 = "arith.shli"(%0#0, %0#1) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
// GEN-NEXT:  %29 = "arith.shrsi"(%0#0, %0#1) <{isExact}> : (i32, i32) -> i32
// GEN-NEXT:  %30 = "arith.shrui"(%0#0, %0#1) : (i32, i32) -> i32
// GEN-NEXT:  %31 = "arith.maxsi"(%0#0, %0#1) : (i32, i32) -> i32
// GEN-NEXT:  %32 = "arith.maxui"(%0#0, %0#1) : (i32, i32) -> i32
// GEN-NEXT:  %33 = "arith.minsi"(%0#0, %0#1) : (i32, i32) -> i32
// GEN-NEXT:  %34 = "arith.minui"(%0#0, %0#1) : (i32, i32) -> i32
// GEN-NEXT:  %35:2 = "arith.mulsi_extended"(%0#0, %0#1) : (i32, i32) -> (i32, i32)
// GEN-NEXT:  %36:2 = "arith.mului_extended"(%0#0, %0#1) : (i32, i32) -> (i32, i32)
// GEN-NEXT:  %37 = "arith.addi"(%2, %7) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
// GEN-NEXT:  %38 = "arith.addi"(%4, %4) <{overflowFlags = #arith.overflow<none>}> : (vector<4xi32>, vector<4xi32>) -> vector<4xi32>
// GEN-NEXT:  %39 = "arith.addf"(%1#0, %1#1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GEN-NEXT:  %40 = "arith.subf"(%1#0, %1#1) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32
// GEN-NEXT:  %41 = "arith.mulf"(%1#0, %1#1) <{fastmath = #arith.fastmath<nnan,ninf>}> : (f32, f32) -> f32
// GEN-NEXT:  %42 = "arith.divf"(%1#0, %1#1) <{fastmath = #arith.fastmath<reassoc,contract>}> : (f32, f32) -> f32
// GEN-NEXT:  %43 = "arith.remf"(%1#0, %1#1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GEN-NEXT:  %44 = "arith.negf"(%1#0) <{fastmath = #arith.fastmath<nsz>}> : (f32) -> f32
// GEN-NEXT:  %45 = "arith.maximumf"(%1#0, %1#1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GEN-NEXT:  %46 = "arith.minimumf"(%1#0, %1#1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GEN-NEXT:  %47 = "arith.maxnumf"(%1#0, %1#1) <{fastmath = #arith.fastmath<afn>}> : (f32, f32) -> f32
// GEN-NEXT:  %48 = "arith.minnumf"(%1#0, %1#1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GEN-NEXT:  %49 = "arith.addf"(%3, %3) <{fastmath = #arith.fastmath<none>}> {tag = 1 : i32} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// GEN-NEXT:  %50 = "arith.cmpi"(%0#0, %0#1) <{predicate = 2 : i64}> : (i32, i32) -> i1
// GEN-NEXT:  %51 = "arith.cmpi"(%4, %4) <{predicate = 9 : i64}> : (vector<4xi32>, vector<4xi32>) -> vector<4xi1>
// GEN-NEXT:  %52 = "arith.cmpf"(%1#0, %1#1) <{fastmath = #arith.fastmath<none>, predicate = 4 : i64}> : (f32, f32) -> i1
// GEN-NEXT:  %53 = "arith.cmpf"(%3, %3) <{fastmath = #arith.fastmath<nnan>, predicate = 13 : i64}> : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xi1>
// GEN-NEXT:  %54 = "arith.select"(%50, %0#0, %0#1) : (i1, i32, i32) -> i32
// GEN-NEXT:  %55 = "arith.select"(%51, %4, %4) : (vector<4xi1>, vector<4xi32>, vector<4xi32>) -> vector<4xi32>
// GEN-NEXT:  %56 = "arith.select"(%50, %3, %3) : (i1, tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// GEN-NEXT:  %57 = "arith.extsi"(%0#0) : (i32) -> i64
// GEN-NEXT:  %58 = "arith.extui"(%0#0) : (i32) -> i64
// GEN-NEXT:  %59 = "arith.trunci"(%0#0) <{overflowFlags = #arith.overflow<nsw, nuw>}> : (i32) -> i8
// GEN-NEXT:  %60 = "arith.extf"(%1#0) : (f32) -> f64
// GEN-NEXT:  %61 = "arith.extf"(%1#0) <{fastmath = #arith.fastmath<fast>}> : (f32) -> f64
// GEN-NEXT:  %62 = "arith.truncf"(%1#0) : (f32) -> f16
// GEN-NEXT:  %63 = "arith.truncf"(%1#0) <{fastmath = #arith.fastmath<nnan>, roundingmode = 3 : i32}> : (f32) -> bf16
// GEN-NEXT:  %64 = "arith.sitofp"(%0#0) : (i32) -> f32
// GEN-NEXT:  %65 = "arith.uitofp"(%0#0) : (i32) -> f64
// GEN-NEXT:  %66 = "arith.fptosi"(%1#0) : (f32) -> i32
// GEN-NEXT:  %67 = "arith.fptoui"(%1#0) : (f32) -> i16
// GEN-NEXT:  %68 = "arith.bitcast"(%0#0) : (i32) -> f32
// GEN-NEXT:  %69 = "arith.index_cast"(%0#0) : (i32) -> index
// GEN-NEXT:  %70 = "arith.index_castui"(%2) : (index) -> i64
// GEN-NEXT:  %71 = "arith.sitofp"(%4) : (vector<4xi32>) -> vector<4xf32>
// GEN-NEXT:  %72 = "t.f"() : () -> f32
// GEN-NEXT:  %73 = "t.f"() : () -> i32
// GEN-NEXT:  %74 = "arith.cmpf"(%72, %72) <{fastmath = #arith.fastmath<none>, predicate = 15 : i64}> : (f32, f32) -> i1
// GEN-NEXT:  %75 = "arith.cmpf"(%72, %72) <{fastmath = #arith.fastmath<none>, predicate = 0 : i64}> : (f32, f32) -> i1
// GEN-NEXT:  %76 = "arith.cmpi"(%73, %73) <{predicate = 3 : i64}> : (i32, i32) -> i1
// GEN-NEXT:  %77 = "arith.cmpf"(%72, %72) <{fastmath = #arith.fastmath<none>, predicate = 14 : i64}> : (f32, f32) -> i1
// GEN-NEXT:}) : () -> ()
