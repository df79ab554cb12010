// Result names of cuda_tile.constant (ConstantOp::getAsmResultNames, formed
// in a stack buffer by ct_names_constant): NaN, negative zero, a float not
// exactly an integer, infinity, f8 and i1 splats and non-splats, INT64_MIN,
// a float past the u64 range (no value in the name) and one past the i64
// range but within u64 (its value).  Expected text from the printer before
// ct_names_constant stopped using a heap string.
// RUN: ctile-opt %s | FileCheck %s --strict-whitespace --match-full-lines
// RUN: ctile-opt -mlir-print-op-generic %s | ctile-opt | FileCheck %s --strict-whitespace --match-full-lines

cuda_tile.module @names {
  testing$func @n() {
    %a = constant <f32: 0x7FC00000> : tile<f32>
    %b = constant <f32: -0.0> : tile<f32>
    %c = constant <f32: 2.5> : tile<4xf32>
    %d = constant <f64: 0x7FF0000000000000> : tile<f64>
    %e = constant <f8E4M3FN: 1.0> : tile<f8E4M3FN>
    %f = constant <i1: true> : tile<2xi1>
    %g = constant <i1: [true, false]> : tile<2xi1>
    %h = constant <f32: [1.0, 2.0]> : tile<2xf32>
    %i = constant <i64: -9223372036854775808> : tile<i64>
    %j = constant <f32: 3.0e+19> : tile<f32>
    %k = constant <f32: 1.0e+19> : tile<f32>
    return
  }
}

// CHECK:module {
// CHECK-NEXT:  cuda_tile.module @names {
// CHECK-NEXT:    testing$func @n() {
// CHECK-NEXT:      %cst_NaN_f32 = constant <f32: 0x7FC00000> : tile<f32>
// CHECK-NEXT:      %cst_f32 = constant <f32: -0.000000e+00> : tile<f32>
// CHECK-NEXT:      %cst_f32_0 = constant <f32: 2.500000e+00> : tile<4xf32>
// CHECK-NEXT:      %cst_f64 = constant <f64: 0x7FF0000000000000> : tile<f64>
// CHECK-NEXT:      %cst_1_f8E4M3FN = constant <f8E4M3FN: 1.000000e+00> : tile<f8E4M3FN>
// CHECK-NEXT:      %true = constant <i1: true> : tile<2xi1>
// CHECK-NEXT:      %cst_i1 = constant <i1: [true, false]> : tile<2xi1>
// CHECK-NEXT:      %cst_f32_1 = constant <f32: [1.000000e+00, 2.000000e+00]> : tile<2xf32>
// CHECK-NEXT:      %cst_-9223372036854775808_i64 = constant <i64: -9223372036854775808> : tile<i64>
// CHECK-NEXT:      %cst_f32_2 = constant <f32: 3.000000e+19> : tile<f32>
// CHECK-NEXT:      %cst_9999999980506447872_f32 = constant <f32: 9.99999998E+18> : tile<f32>
// CHECK-NEXT:      return
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:}
