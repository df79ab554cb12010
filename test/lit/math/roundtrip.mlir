// math: every op of the subset in MLIR's custom form, round-tripped, and its
// generic form (fastmath defaults).
// RUN: ctile-opt -allow-unregistered-dialect %s | FileCheck %s --strict-whitespace --match-full-lines
// RUN: ctile-opt -allow-unregistered-dialect %s | ctile-opt -allow-unregistered-dialect | FileCheck %s --strict-whitespace --match-full-lines
// RUN: ctile-opt -allow-unregistered-dialect -mlir-print-op-generic %s | FileCheck %s --strict-whitespace --match-full-lines --check-prefix=GEN
// RUN: ctile-opt -allow-unregistered-dialect -mlir-print-op-generic %s | ctile-opt -allow-unregistered-dialect | FileCheck %s --strict-whitespace --match-full-lines
// The CHECK lines are mlir-opt 22's output for this file (custom, then generic form).

%a, %b = "test.i32"() : () -> (i32, i32)
%x, %y, %z = "test.f32"() : () -> (f32, f32, f32)
%t = "test.tensor"() : () -> tensor<4x8xf32>
%v = "test.vector"() : () -> vector<4xi32>
%0 = math.absf %x : f32
%1 = math.absi %a : i32
%2 = math.ceil %x fastmath<fast> : f32
%3 = math.floor %x : f32
%4 = math.round %x : f32
%5 = math.roundeven %x : f32
%6 = math.trunc %x : f32
%7 = math.sqrt %x fastmath<afn> : f32
%8 = math.rsqrt %x : f32
%9 = math.exp %x : f32
%10 = math.exp2 %x : f32
%11 = math.expm1 %x : f32
%12 = math.log %x : f32
%13 = math.log2 %x : f32
%14 = math.log10 %x : f32
%15 = math.log1p %x : f32
%16 = math.sin %x : f32
%17 = math.cos %x : f32
%18 = math.tan %x : f32
%19 = math.asin %x : f32
%20 = math.acos %x : f32
%21 = math.atan %x : f32
%22 = math.atan2 %x, %y : f32
%23 = math.sinh %x : f32
%24 = math.cosh %x : f32
%25 = math.tanh %t : tensor<4x8xf32>
%26 = math.erf %x : f32
%27 = math.powf %x, %y fastmath<nnan,ninf> : f32
%28 = math.fpowi %x, %a : f32, i32
%29 = math.ipowi %a, %b : i32
%30 = math.fma %x, %y, %z : f32
%31 = math.fma %t, %t, %t fastmath<contract> : tensor<4x8xf32>
%32 = math.copysign %x, %y : f32
%33 = math.isnan %x : f32
%34 = math.isinf %t : tensor<4x8xf32>
%35 = math.isfinite %x {fastmath = #arith.fastmath<ninf>} : f32
%36 = math.cbrt %x : f32
%37 = math.absi %v : vector<4xi32>

// CHECK:module {
// CHECK-NEXT:  %0:2 = "test.i32"() : () -> (i32, i32)
// CHECK-NEXT:  %1:3 = "test.f32"() : () -> (f32, f32, f32)
// CHECK-NEXT:  %2 = "test.tensor"() : () -> tensor<4x8xf32>
// CHECK-NEXT:  %3 = "test.vector"() : () -> vector<4xi32>
// CHECK-NEXT:  %4 = math.absf %1#0 : f32
// CHECK-NEXT:  %5 = math.absi %0#0 : i32
// CHECK-NEXT:  %6 = math.ceil %1#0 fastmath<fast> : f32
// CHECK-NEXT:  %7 = math.floor %1#0 : f32
// CHECK-NEXT:  %8 = math.round %1#0 : f32
// CHECK-NEXT:  %9 = math.roundeven %1#0 : f32
// CHECK-NEXT:  %10 = math.trunc %1#0 : f32
// CHECK-NEXT:  %11 = math.sqrt %1#0 fastmath<afn> : f32
// CHECK-NEXT:  %12 = math.rsqrt %1#0 : f32
// CHECK-NEXT:  %13 = math.exp %1#0 : f32
// CHECK-NEXT:  %14 = math.exp2 %1#0 : f32
// CHECK-NEXT:  %15 = math.expm1 %1#0 : f32
// CHECK-NEXT:  %16 = math.log %1#0 : f32
// CHECK-NEXT:  %17 = math.log2 %1#0 : f32
// CHECK-NEXT:  %18 = math.log10 %1#0 : f32
// CHECK-NEXT:  %19 = math.log1p %1#0 : f32
// CHECK-NEXT:  %20 = math.sin %1#0 : f32
// CHECK-NEXT:  %21 = math.cos %1#0 : f32
// CHECK-NEXT:  %22 = math.tan %1#0 : f32
// CHECK-NEXT:  %23 = math.asin %1#0 : f32
// CHECK-NEXT:  %24 = math.acos %1#0 : f32
// CHECK-NEXT:  %25 = math.atan %1#0 : f32
// CHECK-NEXT:  %26 = math.atan2 %1#0, %1#1 : f32
// CHECK-NEXT:  %27 = math.sinh %1#0 : f32
// CHECK-NEXT:  %28 = math.cosh %1#0 : f32
// CHECK-NEXT:  %29 = math.tanh %2 : tensor<4x8xf32>
// CHECK-NEXT:  %30 = math.erf %1#0 : f32
// CHECK-NEXT:  %31 = math.powf %1#0, %1#1 fastmath<nnan,ninf> : f32
// CHECK-NEXT:  %32 = math.fpowi %1#0, %0#0 : f32, i32
// CHECK-NEXT:  %33 = math.ipowi %0#0, %0#1 : i32
// CHECK-NEXT:  %34 = math.fma %1#0, %1#1, %1#2 : f32
// CHECK-NEXT:  %35 = math.fma %2, %2, %2 fastmath<contract> : tensor<4x8xf32>
// CHECK-NEXT:  %36 = math.copysign %1#0, %1#1 : f32
// CHECK-NEXT:  %37 = math.isnan %1#0 : f32
// CHECK-NEXT:  %38 = math.isinf %2 : tensor<4x8xf32>
// CHECK-NEXT:  %39 = math.isfinite %1#0 {fastmath = #arith.fastmath<ninf>} : f32
// CHECK-NEXT:  %40 = math.cbrt %1#0 : f32
// CHECK-NEXT:  %41 = math.absi %3 : vector<4xi32>
// CHECK-NEXT:}

// GEN:"builtin.module"() ({
// GEN-NEXT:  %0:2 = "test.i32"() : () -> (i32, i32)
// GEN-NEXT:  %1:3 = "test.f32"() : () -> (f32, f32, f32)
// GEN-NEXT:  %2 = "test.tensor"() : () -> tensor<4x8xf32>
// GEN-NEXT:  %3 = "test.vector"() : () -> vector<4xi32>
// GEN-NEXT:  %4 = "math.absf"(%1#0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GEN-NEXT:  %5 = "math.absi"(%0#0) : (i32) -> i32
// GEN-NEXT:  %6 = "math.ceil"(%1#0) <{fastmath = #arith.fastmath<fast>}> : (f32) -> f32
// GEN-NEXT:  %7 = "math.floor"(%1#0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GEN-NEXT:  %8 = "math.round"(%1#0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GEN-NEXT:  %9 = "math.roundeven"(%1#0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GEN-NEXT:  %10 = "math.trunc"(%1#0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GEN-NEXT:  %11 = "math.sqrt"(%1#0) <{fastmath = #arith.fastmath<afn>}> : (f32) -> f32
// GEN-NEXT:  %12 = "math.rsqrt"(%1#0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GEN-NEXT:  %13 = "math.exp"(%1#0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GEN-NEXT:  %14 = "math.exp2"(%1#0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GEN-NEXT:  %15 = "math.expm1"(%1#0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GEN-NEXT:  %16 = "math.log"(%1#0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GEN-NEXT:  %17 = "math.log2"(%1#0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GEN-NEXT:  %18 = "math.log10"(%1#0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GEN-NEXT:  %19 = "math.log1p"(%1#0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GEN-NEXT:  %20 = "math.sin"(%1#0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GEN-NEXT:  %21 = "math.cos"(%1#0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GEN-NEXT:  %22 = "math.tan"(%1#0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GEN-NEXT:  %23 = "math.asin"(%1#0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GEN-NEXT:  %24 = "math.acos"(%1#0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GEN-NEXT:  %25 = "math.atan"(%1#0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GEN-NEXT:  %26 = "math.atan2"(%1#0, %1#1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GEN-NEXT:  %27 = "math.sinh"(%1#0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GEN-NEXT:  %28 = "math.cosh"(%1#0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GEN-NEXT:  %29 = "math.tanh"(%2) <{fastmath = #arith.fastmath<none>}> : (tensor<4x8xf32>) -> tensor<4x8xf32>
// GEN-NEXT:  %30 = "math.erf"(%1#0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GEN-NEXT:  %31 = "math.powf"(%1#0, %1#1) <{fastmath = #arith.fastmath<nnan,ninf>}> : (f32, f32) -> f32
// GEN-NEXT:  %32 = "math.fpowi"(%1#0, %0#0) <{fastmath = #arith.fastmath<none>}> : (f32, i32) -> f32
// GEN-NEXT:  %33 = "math.ipowi"(%0#0, %0#1) : (i32, i32) -> i32
// GEN-NEXT:  %34 = "math.fma"(%1#0, %1#1, %1#2) <{fastmath = #arith.fastmath<none>}> : (f32, f32, f32) -> f32
// GEN-NEXT:  %35 = "math.fma"(%2, %2, %2) <{fastmath = #arith.fastmath<contract>}> : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// GEN-NEXT:  %36 = "math.copysign"(%1#0, %1#1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GEN-NEXT:  %37 = "math.isnan"(%1#0) <{fastmath = #arith.fastmath<none>}> : (f32) -> i1
// GEN-NEXT:  %38 = "math.isinf"(%2) <{fastmath = #arith.fastmath<none>}> : (tensor<4x8xf32>) -> tensor<4x8xi1>
// GEN-NEXT:  %39 = "math.isfinite"(%1#0) <{fastmath = #arith.fastmath<ninf>}> : (f32) -> i1
// GEN-NEXT:  %40 = "math.cbrt"(%1#0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GEN-NEXT:  %41 = "math.absi"(%3) : (vector<4xi32>) -> vector<4xi32>
// GEN-NEXT:}) : () -> ()
