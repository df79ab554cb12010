// math verifier diagnostics.
// RUN: ctile-opt -allow-unregistered-dialect %s -verify-diagnostics -split-input-file
// Every message is mlir-opt 22's for the same input.

%a = "t.f"() : () -> f32
// expected-error @+1 {{'math.absi' op operand #0 must be signless-integer-like, but got 'f32'}}
%0 = "math.absi"(%a) : (f32) -> f32
// -----
%a = "t.f"() : () -> f32
// expected-error @+1 {{'math.ipowi' op operand #0 must be signless-integer-like, but got 'f32'}}
%0 = "math.ipowi"(%a, %a) : (f32, f32) -> f32
// -----
%a = "t.f"() : () -> f32
// expected-error @+1 {{'math.fpowi' op operand #1 must be signless-integer-like, but got 'f32'}}
%0 = "math.fpowi"(%a, %a) : (f32, f32) -> f32
// -----
%a = "t.f"() : () -> i32
// expected-error @+1 {{'math.isnan' op operand #0 must be floating-point-like, but got 'i32'}}
%0 = "math.isnan"(%a) : (i32) -> i1
// -----
%a = "t.f"() : () -> f32
// expected-error @+1 {{'math.isnan' op result #0 must be bool-like, but got 'i32'}}
%0 = "math.isnan"(%a) : (f32) -> i32
// -----
%a = "t.f"() : () -> vector<4xf32>
// expected-error @+1 {{'math.isnan' op failed to verify that result type has i1 element type and same shape as operands}}
%0 = "math.isnan"(%a) : (vector<4xf32>) -> i1
// -----
%a = "t.f"() : () -> f32
// expected-error @+1 {{'math.sqrt' op requires the same type for all operands and results}}
%0 = "math.sqrt"(%a) : (f32) -> f64
// -----
%a = "t.f"() : () -> i32
// expected-error @+1 {{'math.sqrt' op operand #0 must be floating-point-like, but got 'i32'}}
%0 = "math.sqrt"(%a) : (i32) -> i32
// -----
%a = "t.f"() : () -> f32
%b = "t.f"() : () -> i64
%0 = "math.fpowi"(%a, %b) : (f32, i64) -> f32
// -----
%a = "t.f"() : () -> vector<4xf32>
%b = "t.f"() : () -> i32
// expected-error @+1 {{'math.fpowi' op requires the same shape for all operands and results}}
%0 = "math.fpowi"(%a, %b) : (vector<4xf32>, i32) -> vector<4xf32>
// -----
%a = "t.f"() : () -> f32
// expected-error @+1 {{'math.fma' op requires the same type for all operands and results}}
%0 = "math.fma"(%a, %a, %a) : (f32, f32, f32) -> f64
// -----
%a = "t.f"() : () -> tensor<4xf32>
// expected-error @+1 {{'math.isinf' op failed to verify that result type has i1 element type and same shape as operands}}
%0 = "math.isinf"(%a) : (tensor<4xf32>) -> tensor<5xi1>
// -----
%a = "t.f"() : () -> i32
// expected-error @+1 {{'math.absf' op operand #0 must be floating-point-like, but got 'i32'}}
%0 = "math.absf"(%a) : (i32) -> i32
// -----
%a = "t.f"() : () -> f32
%b = "t.f"() : () -> i32
// expected-error @+1 {{'math.fpowi' op failed to verify that all of {lhs, result} have same type}}
%0 = "math.fpowi"(%a, %b) : (f32, i32) -> f64
