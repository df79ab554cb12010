// A forward reference in an scf op's operands that a nested region
// "defines" is a use of an undeclared name (region scoping), never a
// dangling value: scf parsers resolve their operands after their regions.
// mlir-opt 22 gives this message for scf.for and scf.index_switch, and
// "operation's operand is unlinked" for scf.if and scf.while (whose parsers
// resolve the operands first); ctile gives the first message for all four.
// RUN: ctile-opt -allow-unregistered-dialect %s -verify-diagnostics -split-input-file

%a = "test.i32"() : () -> i32
// expected-error @+1 {{use of undeclared SSA value name}}
%0 = scf.for %iv = %lb to %lb step %lb iter_args(%p = %a) -> (i32) {
  %lb = "test.index"() : () -> index
  scf.yield %p : i32
}

// -----

// expected-error @+1 {{use of undeclared SSA value name}}
%r = scf.if %c -> (i32) {
  %c = "test.cond"() : () -> i1
  %x = "test.x"() : () -> i32
  scf.yield %x : i32
} else {
  %y = "test.x"() : () -> i32
  scf.yield %y : i32
}

// -----

// expected-error @+1 {{use of undeclared SSA value name}}
%w = scf.while (%x = %i) : (i32) -> i32 {
  %i = "test.i32"() : () -> i32
  %b = "test.cond"() : () -> i1
  scf.condition(%b) %x : i32
} do {
^bb0(%y: i32):
  scf.yield %y : i32
}

// -----

// expected-error @+1 {{use of undeclared SSA value name}}
scf.index_switch %k
case 1 {
  %k = "test.index"() : () -> index
  scf.yield
}
default {
}
