// scf structural diagnostics: SingleBlock, the implicit scf.yield terminator,
// NoRegionArguments, region sizes, while/index_switch terminators.
// RUN: ctile-opt -allow-unregistered-dialect %s -verify-diagnostics -split-input-file
// Every message is mlir-opt 22's for the same input.

%i = "t.i"() : () -> index
// expected-error @+1 {{'scf.for' op expects region #0 to have 0 or 1 blocks}}
"scf.for"(%i, %i, %i) ({
^bb0(%iv: index):
  "t.br"()[^bb1] : () -> ()
^bb1:
  "scf.yield"() : () -> ()
}) : (index, index, index) -> ()
// -----
%c = "t.i"() : () -> i1
// expected-error @+2 {{'scf.if' op expects regions to end with 'scf.yield', found 't.x'}}
// expected-note @+1 {{in custom textual format, the absence of terminator implies 'scf.yield'}}
"scf.if"(%c) ({
  "t.x"() : () -> ()
}, {}) : (i1) -> ()
// -----
%c = "t.i"() : () -> i1
// expected-error @+1 {{'scf.if' op region #0 should have no arguments}}
"scf.if"(%c) ({
^bb0(%x: i32):
  "scf.yield"() : () -> ()
}, {}) : (i1) -> ()
// -----
%c = "t.i"() : () -> i1
// expected-error @+1 {{'scf.while' op expects the 'before' region to terminate with 'scf.condition'}}
%r = "scf.while"(%c) ({
^bb0(%x: i1):
  // expected-note @+1 {{terminator here}}
  "scf.yield"(%x) : (i1) -> ()
}, {
^bb0(%x: i1):
  "scf.yield"(%x) : (i1) -> ()
}) : (i1) -> i1
// -----
// expected-error @+1 {{'scf.execute_region' op region cannot have any arguments}}
%r = "scf.execute_region"() ({
^bb0(%x: i1):
  "scf.yield"(%x) : (i1) -> ()
}) : () -> i1
// -----
%i = "t.i"() : () -> index
// expected-error @+1 {{'scf.for' op region #0 ('region') failed to verify constraint: region with 1 blocks}}
"scf.for"(%i, %i, %i) ({
}) : (index, index, index) -> ()
// -----
%c = "t.i"() : () -> i1
%i = "t.i"() : () -> index
// expected-error @+1 {{'scf.index_switch' op expected region to end with scf.yield, but got t.x}}
"scf.index_switch"(%i) <{cases = array<i64>}> ({
  "t.x"() : () -> ()
}) : (index) -> ()
// -----
"scf.execute_region"() ({
^bb0:
  "t.x"()[^bb1] : () -> ()
^bb1:
  "scf.yield"() : () -> ()
}) : () -> ()
// -----
%c = "t.i"() : () -> i1
// expected-error @+1 {{'scf.if' op expects region #0 to have 0 or 1 blocks}}
"scf.if"(%c) ({
^bb0:
  "t.x"()[^bb1] : () -> ()
^bb1:
  "scf.yield"() : () -> ()
}, {}) : (i1) -> ()
