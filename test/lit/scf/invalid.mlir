// scf verifier diagnostics: ODS constraints, for/if/while/index_switch verifiers and
// the region-branch edge checks.
// RUN: ctile-opt -allow-unregistered-dialect %s -verify-diagnostics -split-input-file
// Every message is mlir-opt 22's for the same input.

%i = "t.i"() : () -> index
%f = "t.i"() : () -> f32
// expected-error @+1 {{'scf.for' op operand #0 must be signless integer or index, but got 'f32'}}
"scf.for"(%f, %f, %f) ({
^bb0(%iv: f32):
  "scf.yield"() : () -> ()
}) : (f32, f32, f32) -> ()
// -----
%i = "t.i"() : () -> index
%j = "t.i"() : () -> i32
// expected-error @+1 {{'scf.for' op failed to verify that all of {lowerBound, upperBound, step} have same type}}
"scf.for"(%i, %j, %i) ({
^bb0(%iv: index):
  "scf.yield"() : () -> ()
}) : (index, i32, index) -> ()
// -----
%i = "t.i"() : () -> index
// expected-error @+1 {{'scf.for' op expected induction variable to be same type as bounds and step}}
"scf.for"(%i, %i, %i) ({
^bb0(%iv: i32):
  "scf.yield"() : () -> ()
}) : (index, index, index) -> ()
// -----
%i = "t.i"() : () -> index
%f = "t.i"() : () -> f32
// expected-error @+1 {{'scf.for' op different number of inits and region iter_args: 1 != 0}}
%r = "scf.for"(%i, %i, %i, %f) ({
^bb0(%iv: index):
  "scf.yield"(%f) : (f32) -> ()
}) : (index, index, index, f32) -> f32
// -----
%i = "t.i"() : () -> index
%f = "t.i"() : () -> f32
// expected-error @+1 {{'scf.for' op 0-th init and 0-th region iter_arg have different type: 'f32' != 'i32'}}
%r = "scf.for"(%i, %i, %i, %f) ({
^bb0(%iv: index, %a: i32):
  "scf.yield"(%f) : (f32) -> ()
}) : (index, index, index, f32) -> f32
// -----
%i = "t.i"() : () -> index
%f = "t.i"() : () -> f32
// expected-error @+1 {{'scf.for' op 0-th region iter_arg and 0-th loop result have different type: 'f32' != 'i32'}}
%r = "scf.for"(%i, %i, %i, %f) ({
^bb0(%iv: index, %a: f32):
  "scf.yield"(%f) : (f32) -> ()
}) : (index, index, index, f32) -> i32
// -----
%i = "t.i"() : () -> index
%f = "t.i"() : () -> f32
// expected-error @+1 {{'scf.for' op along control flow edge from Operation scf.yield to Region #0: region branch point has 0 operands, but region successor needs 1 inputs}}
%r = "scf.for"(%i, %i, %i, %f) ({
^bb0(%iv: index, %a: f32):
  // expected-note @+1 {{region branch point}}
  "scf.yield"() : () -> ()
}) : (index, index, index, f32) -> f32
// -----
%i = "t.i"() : () -> index
%f = "t.i"() : () -> f32
// expected-error @+1 {{'scf.for' op 0-th region iter_arg and 0-th yielded value have different type: 'f32' != 'index'}}
%r = "scf.for"(%i, %i, %i, %f) ({
^bb0(%iv: index, %a: f32):
  "scf.yield"(%i) : (index) -> ()
}) : (index, index, index, f32) -> f32
// -----
%i = "t.i"() : () -> index
%c = arith.constant 0 : index
"scf.for"(%i, %i, %c) ({
^bb0(%iv: index):
  "scf.yield"() : () -> ()
}) : (index, index, index) -> ()
// -----
%c = "t.i"() : () -> i32
// expected-error @+1 {{'scf.if' op operand #0 must be 1-bit signless integer, but got 'i32'}}
"scf.if"(%c) ({
  "scf.yield"() : () -> ()
}, {}) : (i32) -> ()
// -----
%c = "t.i"() : () -> i1
%f = "t.i"() : () -> f32
// expected-error @+1 {{'scf.if' op must have an else block if defining values}}
%r = "scf.if"(%c) ({
  "scf.yield"(%f) : (f32) -> ()
}, {}) : (i1) -> f32
// -----
%c = "t.i"() : () -> i1
%f = "t.i"() : () -> f32
// expected-error @+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'i1' should match successor input type #0 'f32'}}
%r = "scf.if"(%c) ({
  "scf.yield"(%f) : (f32) -> ()
}, {
  // expected-note @+1 {{region branch point}}
  "scf.yield"(%c) : (i1) -> ()
}) : (i1) -> f32
// -----
%c = "t.i"() : () -> i1
%f = "t.i"() : () -> f32
// expected-error @+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: region branch point has 0 operands, but region successor needs 1 inputs}}
%r = "scf.if"(%c) ({
  // expected-note @+1 {{region branch point}}
  "scf.yield"() : () -> ()
}, {
  "scf.yield"(%f) : (f32) -> ()
}) : (i1) -> f32
// -----
%f = "t.i"() : () -> f32
// expected-error @+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'}}
"scf.yield"(%f) : (f32) -> ()
// -----
%c = "t.i"() : () -> i1
// expected-error @+1 {{'scf.condition' op expects parent op 'scf.while'}}
"scf.condition"(%c) : (i1) -> ()
// -----
%c = "t.i"() : () -> i32
%r = "scf.while"(%c) ({
^bb0(%a: i32):
  // expected-error @+1 {{'scf.condition' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "scf.condition"(%a, %a) : (i32, i32) -> ()
}, {
^bb0(%a: i32):
  "scf.yield"(%a) : (i32) -> ()
}) : (i32) -> i32
// -----
%c = "t.i"() : () -> i32
%b = "t.i"() : () -> i1
// expected-error @+1 {{'scf.while' op along control flow edge from Operation scf.condition to parent: successor operand type #0 'i1' should match successor input type #0 'i32'}}
%r = "scf.while"(%c) ({
^bb0(%a: i32):
  // expected-note @+1 {{region branch point}}
  "scf.condition"(%b, %b) : (i1, i1) -> ()
}, {
^bb0(%a: i32):
  "scf.yield"(%a) : (i32) -> ()
}) : (i32) -> i32
// -----
%c = "t.i"() : () -> i32
%b = "t.i"() : () -> i1
// expected-error @+2 {{'scf.while' op along control flow edge from parent to Region #0: successor operand type #0 'i32' should match successor input type #0 'i64'}}
// expected-note @+1 {{region branch point}}
%r = "scf.while"(%c) ({
^bb0(%a: i64):
  "scf.condition"(%b, %a) : (i1, i64) -> ()
}, {
^bb0(%a: i64):
  "scf.yield"(%c) : (i32) -> ()
}) : (i32) -> i64
// -----
%c = "t.i"() : () -> i32
%b = "t.i"() : () -> i1
// expected-error @+1 {{'scf.while' op along control flow edge from Operation scf.yield to Region #0: successor operand type #0 'i1' should match successor input type #0 'i32'}}
%r = "scf.while"(%c) ({
^bb0(%a: i32):
  "scf.condition"(%b, %a) : (i1, i32) -> ()
}, {
^bb0(%a: i32):
  // expected-note @+1 {{region branch point}}
  "scf.yield"(%b) : (i1) -> ()
}) : (i32) -> i32
// -----
%c = "t.i"() : () -> i32
// expected-error @+1 {{'scf.execute_region' op along control flow edge from Operation scf.yield to parent: region branch point has 0 operands, but region successor needs 1 inputs}}
%r = "scf.execute_region"() ({
  // expected-note @+1 {{region branch point}}
  "scf.yield"() : () -> ()
}) : () -> i32
// -----
// expected-error @+1 {{cannot name an operation with no results}}
%r = "scf.execute_region"() ({
^bb0(%a: i32):
  "scf.yield"() : () -> ()
}) : () -> ()
// -----
%i = "t.i"() : () -> index
// expected-error @+1 {{'scf.index_switch' op has duplicate case value: 1}}
"scf.index_switch"(%i) <{cases = array<i64: 1, 1>}> ({
  "scf.yield"() : () -> ()
}, {
  "scf.yield"() : () -> ()
}, {
  "scf.yield"() : () -> ()
}) : (index) -> ()
// -----
%i = "t.i"() : () -> index
// expected-error @+1 {{'scf.index_switch' op has 2 case regions but 1 case values}}
"scf.index_switch"(%i) <{cases = array<i64: 1>}> ({
  "scf.yield"() : () -> ()
}, {
  "scf.yield"() : () -> ()
}, {
  "scf.yield"() : () -> ()
}) : (index) -> ()
// -----
%i = "t.i"() : () -> index
// expected-error @+1 {{'scf.index_switch' op expected each region to return 1 values, but default region returns 0}}
%r = "scf.index_switch"(%i) <{cases = array<i64: 1>}> ({
  // expected-note @+1 {{see yield operation here}}
  "scf.yield"() : () -> ()
}, {
  "scf.yield"(%i) : (index) -> ()
}) : (index) -> index
// -----
%i = "t.i"() : () -> index
// expected-error @+1 {{'scf.index_switch' op expected result #0 of each region to be 'i32'}}
%r = "scf.index_switch"(%i) <{cases = array<i64: 1>}> ({
  // expected-note @+1 {{default region returns 'index' here}}
  "scf.yield"(%i) : (index) -> ()
}, {
  "scf.yield"(%i) : (index) -> ()
}) : (index) -> i32
