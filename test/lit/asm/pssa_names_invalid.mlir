// The parser's SSA name diagnostics through its name table
// (lib/asm/parser.c): undefined uses (also of a name a sibling region
// defined), redefinitions (short and long names), a forward reference whose
// definition has another type, result numbers past a group, and a name
// reused after its region ended.
// RUN: ctile-opt -allow-unregistered-dialect %s -verify-diagnostics -split-input-file

"test.f"() ({
  // expected-error @+1 {{use of undeclared SSA value name}}
  "test.use"(%nope) : (i32) -> ()
}) : () -> ()

// -----

"test.f"() ({
  "test.r"() ({
    %inner = "test.c"() : () -> i32
  }) : () -> ()
  // expected-error @+1 {{use of undeclared SSA value name}}
  "test.use"(%inner) : (i32) -> ()
}) : () -> ()

// -----

"test.f"() ({
  // expected-note @+1 {{previously defined here}}
  %v = "test.c"() : () -> i32
  // expected-error @+1 {{redefinition of SSA value '%v'}}
  %v = "test.c"() : () -> i32
}) : () -> ()

// -----

"test.f"() ({
  // expected-note @+1 {{previously defined here}}
  %a_long_name_1 = "test.c"() : () -> i32
  %a_long_name_2 = "test.c"() : () -> i32
  // expected-error @+1 {{redefinition of SSA value '%a_long_name_1'}}
  %a_long_name_1 = "test.c"() : () -> i32
}) : () -> ()

// -----

"test.f"() ({
  "test.br"()[^bb2] : () -> ()
^bb1:
  // expected-note @+1 {{previously used here with type 'i64'}}
  "test.use"(%fwd) : (i64) -> ()
  "test.ret"() : () -> ()
^bb2:
  // expected-error @+1 {{definition of SSA value '%fwd#0' has type 'i32'}}
  %fwd = "test.c"() : () -> i32
  "test.br"()[^bb1] : () -> ()
}) : () -> ()

// -----

"test.f"() ({
  %g:2 = "test.two"() : () -> (i32, i32)
  // expected-error @+1 {{reference to invalid result number}}
  "test.use"(%g#2) : (i32) -> ()
}) : () -> ()

// -----

"test.f"() ({
  %t = "test.c"() : () -> i32
  // expected-error @+2 {{use of value '%t' expects different type than prior uses: 'i64' vs 'i32'}}
  // expected-note @-2 {{prior use here}}
  "test.use"(%t) : (i64) -> ()
}) : () -> ()
