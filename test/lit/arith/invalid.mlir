// arith verifier and parser diagnostics: ODS type constraints, traits, cast
// compatibility, properties.
// RUN: ctile-opt -allow-unregistered-dialect %s -verify-diagnostics -split-input-file
// Every message is mlir-opt 22's for the same input.

%x = "t.f"() : () -> f32
// expected-error @+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
%0 = "arith.addi"(%x, %x) : (f32, f32) -> f32
// -----
%a = "t.f"() : () -> i32
%b = "t.f"() : () -> i64
// expected-error @+1 {{'arith.addi' op requires the same type for all operands and results}}
%0 = "arith.addi"(%a, %b) : (i32, i64) -> i32
// -----
%a = "t.f"() : () -> i32
// expected-error @+1 {{'arith.addf' op operand #0 must be floating-point-like, but got 'i32'}}
%0 = "arith.addf"(%a, %a) : (i32, i32) -> i32
// -----
%a = "t.f"() : () -> i32
// expected-error @+1 {{'arith.negf' op operand #0 must be floating-point-like, but got 'i32'}}
%0 = "arith.negf"(%a) : (i32) -> i32
// -----
%a = "t.f"() : () -> i32
// expected-error @+1 {{'arith.cmpi' op result #0 must be bool-like, but got 'i32'}}
%0 = "arith.cmpi"(%a, %a) <{predicate = 2 : i64}> : (i32, i32) -> i32
// -----
%a = "t.f"() : () -> f32
// expected-error @+1 {{'arith.cmpi' op operand #0 must be signless-integer-like, but got 'f32'}}
%0 = "arith.cmpi"(%a, %a) <{predicate = 2 : i64}> : (f32, f32) -> i1
// -----
%a = "t.f"() : () -> i32
// expected-error @+1 {{invalid properties {predicate = 12 : i64} for op arith.cmpi: Invalid attribute `predicate` in property conversion: 12 : i64}}
%0 = "arith.cmpi"(%a, %a) <{predicate = 12 : i64}> : (i32, i32) -> i1
// -----
%a = "t.f"() : () -> i32
// expected-error @+1 {{'arith.cmpi' op requires attribute 'predicate'}}
%0 = "arith.cmpi"(%a, %a) : (i32, i32) -> i1
// -----
%a = "t.f"() : () -> f32
// expected-error @+1 {{invalid properties {predicate = 17 : i64} for op arith.cmpf: Invalid attribute `predicate` in property conversion: 17 : i64}}
%0 = "arith.cmpf"(%a, %a) <{predicate = 17 : i64}> : (f32, f32) -> i1
// -----
%a = "t.f"() : () -> i32
%c = "t.f"() : () -> i32
// expected-error @+1 {{'arith.select' op operand #0 must be bool-like, but got 'i32'}}
%0 = "arith.select"(%c, %a, %a) : (i32, i32, i32) -> i32
// -----
%a = "t.f"() : () -> vector<4xi32>
%c = "t.f"() : () -> vector<3xi1>
// expected-error @+1 {{'arith.select' op failed to verify that condition is signless i1 or has matching shape}}
%0 = "arith.select"(%c, %a, %a) : (vector<3xi1>, vector<4xi32>, vector<4xi32>) -> vector<4xi32>
// -----
%a = "t.f"() : () -> i32
// expected-error @+1 {{'arith.extsi' op operand type 'i32' and result type 'i16' are cast incompatible}}
%0 = "arith.extsi"(%a) : (i32) -> i16
// -----
%a = "t.f"() : () -> i32
// expected-error @+1 {{'arith.trunci' op operand type 'i32' and result type 'i64' are cast incompatible}}
%0 = "arith.trunci"(%a) : (i32) -> i64
// -----
%a = "t.f"() : () -> f32
// expected-error @+1 {{'arith.extf' op operand type 'f32' and result type 'f16' are cast incompatible}}
%0 = "arith.extf"(%a) : (f32) -> f16
// -----
%a = "t.f"() : () -> f32
// expected-error @+1 {{'arith.truncf' op operand type 'f32' and result type 'f64' are cast incompatible}}
%0 = "arith.truncf"(%a) : (f32) -> f64
// -----
%a = "t.f"() : () -> f32
// expected-error @+1 {{'arith.sitofp' op operand #0 must be signless-fixed-width-integer-like, but got 'f32'}}
%0 = "arith.sitofp"(%a) : (f32) -> f32
// -----
%a = "t.f"() : () -> i32
// expected-error @+1 {{'arith.bitcast' op operand type 'i32' and result type 'f16' are cast incompatible}}
%0 = "arith.bitcast"(%a) : (i32) -> f16
// -----
%a = "t.f"() : () -> i32
// expected-error @+1 {{'arith.index_cast' op operand type 'i32' and result type 'i64' are cast incompatible}}
%0 = "arith.index_cast"(%a) : (i32) -> i64
// -----
%a = "t.f"() : () -> tensor<4xi32>
// expected-error @+1 {{'arith.extsi' op failed to verify that input and output have the same tensor dimensions}}
%0 = "arith.extsi"(%a) : (tensor<4xi32>) -> tensor<5xi64>
// -----
// expected-error @+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
%0 = "arith.constant"() <{value = 42 : i32}> : () -> i64
// -----
// expected-error @+1 {{'arith.constant' op requires attribute 'value'}}
%0 = "arith.constant"() : () -> i64
// -----
// expected-error @+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
%0 = "arith.constant"() <{value = "s"}> : () -> i64
// -----
%a = "t.f"() : () -> i32
// expected-error @+1 {{'arith.addi' op requires the same type for all operands and results}}
%0 = "arith.addi"(%a, %a) : (i32, i32) -> i64
// -----
%a = "t.f"() : () -> i32
// expected-error @+1 {{'arith.mulsi_extended' op failed to verify that all of {lhs, rhs, low, high} have same type}}
%0:2 = "arith.mulsi_extended"(%a, %a) : (i32, i32) -> (i32, i64)
// -----
%a = "t.f"() : () -> i32
// expected-error @+1 {{'arith.extsi' op failed to verify that input and output have the same tensor dimensions}}
%0 = "arith.extsi"(%a) : (i32) -> tensor<4xi64>
// -----
%a = "t.f"() : () -> i32
// expected-error @+1 {{invalid properties {overflowFlags = 3 : i32} for op arith.addi: Invalid attribute `overflowFlags` in property conversion: 3 : i32}}
%0 = "arith.addi"(%a, %a) <{overflowFlags = 3 : i32}> : (i32, i32) -> i32
// -----
%a = "t.f"() : () -> f32
// expected-error @+1 {{invalid properties {fastmath = 3 : i32} for op arith.addf: Invalid attribute `fastmath` in property conversion: 3 : i32}}
%0 = "arith.addf"(%a, %a) <{fastmath = 3 : i32}> : (f32, f32) -> f32
// -----
%a = "t.f"() : () -> f32
// expected-error @+1 {{invalid properties {roundingmode = 9 : i32} for op arith.truncf: Invalid attribute `roundingmode` in property conversion: 9 : i32}}
%0 = "arith.truncf"(%a) <{roundingmode = 9 : i32}> : (f32) -> f16
// -----
%a = "t.f"() : () -> i1
// expected-error @+1 {{'arith.extsi' op operand type 'i1' and result type 'i1' are cast incompatible}}
%0 = "arith.extsi"(%a) : (i1) -> i1
// -----
%a = "t.f"() : () -> f32
// expected-error @+1 {{'arith.remf' op requires the same type for all operands and results}}
%0 = "arith.remf"(%a, %a) : (f32, f32) -> f16
// -----
%a = "t.f"() : () -> f32
// expected-error @+1 {{'arith.index_cast' op operand #0 must be signless-integer-like or memref of signless-integer, but got 'f32'}}
%0 = "arith.index_cast"(%a) : (f32) -> index
// -----
%a = "t.f"() : () -> tensor<4xi32>
// expected-error @+1 {{'arith.bitcast' op result #0 must be signless-integer-or-float-like or memref of signless-integer or float, but got 'index'}}
%0 = "arith.bitcast"(%a) : (tensor<4xi32>) -> index
// -----
%a = "t.f"() : () -> f32
// expected-error @+1 {{'arith.fptosi' op result #0 must be signless-fixed-width-integer-like, but got 'index'}}
%0 = "arith.fptosi"(%a) : (f32) -> index
// -----
%a = "t.f"() : () -> i32
// expected-error @+1 {{'arith.sitofp' op result #0 must be floating-point-like, but got 'i32'}}
%0 = "arith.sitofp"(%a) : (i32) -> i32
// -----
%a = "t.f"() : () -> f32
// expected-error @+1 {{'arith.extui' op operand #0 must be signless-fixed-width-integer-like, but got 'f32'}}
%0 = "arith.extui"(%a) : (f32) -> i64
// -----
%a = "t.f"() : () -> i32
// expected-error @+1 {{'arith.extf' op operand #0 must be floating-point-like, but got 'i32'}}
%0 = "arith.extf"(%a) : (i32) -> f64
// -----
%a = "t.f"() : () -> i32
%c = "t.f"() : () -> i1
%b = "t.f"() : () -> i64
// expected-error @+1 {{'arith.select' op failed to verify that all of {true_value, false_value, result} have same type}}
%0 = "arith.select"(%c, %a, %b) : (i1, i32, i64) -> i32
// -----
%a = "t.f"() : () -> i32
// expected-error @+1 {{'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands}}
%0 = "arith.cmpi"(%a, %a) <{predicate = 2 : i64}> : (i32, i32) -> vector<4xi1>
// -----
%a = "t.f"() : () -> i32
%b = "t.f"() : () -> i64
// expected-error @+1 {{'arith.cmpi' op requires all operands to have the same type}}
%0 = "arith.cmpi"(%a, %b) <{predicate = 2 : i64}> : (i32, i64) -> i1
// -----
%a = "t.f"() : () -> memref<4xi32>
// expected-error @+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'memref<4xi32>'}}
%0 = "arith.addi"(%a, %a) : (memref<4xi32>, memref<4xi32>) -> memref<4xi32>
// -----
%a = "t.f"() : () -> i32
// expected-error @+1 {{'arith.addi' op requires the same type for all operands and results}}
%0 = "arith.addi"(%a, %a) : (i32, i32) -> vector<4xi32>
// -----
%a = "t.f"() : () -> i32
// expected-error @+1 {{'arith.uitofp' op failed to verify that input and output have the same tensor dimensions}}
%0 = "arith.uitofp"(%a) : (i32) -> tensor<4xf32>
// -----
%a = "t.f"() : () -> f32
// expected-error @+1 {{'arith.cmpf' op requires attribute 'predicate'}}
%0 = "arith.cmpf"(%a, %a) : (f32, f32) -> i1
// -----
%a = "t.f"() : () -> i32
%0 = "arith.addi"(%a, %a) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
// expected-error @+2 {{custom op 'arith.addi' expected ::mlir::arith::IntegerOverflowFlags to be one of: none, nsw, nuw}}
// expected-error @+1 {{custom op 'arith.addi' failed to parse Arith_IntegerOverflowAttr parameter 'value' which is to be a `::mlir::arith::IntegerOverflowFlags`}}
%1 = arith.addi %a, %a overflow<foo> : i32
// -----
%a = "t.f"() : () -> i32
// expected-error @+1 {{custom op 'arith.cmpi' expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]}}
%1 = arith.cmpi foo, %a, %a : i32
// -----
%a = "t.f"() : () -> i32
// expected-error @+1 {{expected ','}}
%1 = arith.addi %a : i32
// -----
%a = "t.f"() : () -> index
// expected-error @+1 {{'arith.bitcast' op operand #0 must be signless-integer-or-float-like or memref of signless-integer or float, but got 'index'}}
%0 = "arith.bitcast"(%a) : (index) -> i64
// -----
%a = "t.f"() : () -> vector<4xi1>
%b = "t.f"() : () -> vector<4xf32>
%0 = "arith.select"(%a, %b, %b) : (vector<4xi1>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
// expected-error @+1 {{'arith.constant' op integer return type must be signless}}
%1 = "arith.constant"() <{value = 1 : ui32}> : () -> ui32
