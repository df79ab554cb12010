// The verifier settles a use of a value of an enclosing block (up to the
// nearest isolated-from-above ancestor) on a short path (outside_dominates in
// lib/ir/verify.c) and hands everything else to the general dominance check.
// Each case must give the diagnostic the general check gives:
//  - a value defined after the user's ancestor in the enclosing block, one
//    and three levels up;
//  - an op's own result used inside its region;
//  - an isolated op's region: its own block arguments and values pass, a
//    value from outside it fails even when an argument and a value of its
//    region come first;
//  - deeper than the short path looks (ten levels): values from the top
//    pass, and one defined after the ancestor still fails.
// RUN: ctile-opt %s -verify-diagnostics -split-input-file --allow-unregistered-dialect

"test.wrap"() ({
^bb0(%a: i32):
  "test.outer"() ({
    // expected-error @below{{operand #1 does not dominate this use}}
    %1 = "test.use"(%a, %late) : (i32, i32) -> i32
    "test.end"() : () -> ()
  }) : () -> ()
  // expected-note @below{{operand defined here (op in a parent region)}}
  %late = "test.def"(%a) : (i32) -> i32
  "test.end"() : () -> ()
}) : () -> ()

// -----

"test.wrap"() ({
^bb0(%a: i32):
  "test.outer"() ({
    "test.outer"() ({
      "test.outer"() ({
        // expected-error @below{{operand #2 does not dominate this use}}
        %1 = "test.use"(%a, %a, %late) : (i32, i32, i32) -> i32
        "test.end"() : () -> ()
      }) : () -> ()
      "test.end"() : () -> ()
    }) : () -> ()
    "test.end"() : () -> ()
  }) : () -> ()
  // expected-note @below{{operand defined here (op in a parent region)}}
  %late = "test.def"(%a) : (i32) -> i32
  "test.end"() : () -> ()
}) : () -> ()

// -----

"test.wrap"() ({
  // expected-note @below{{operand defined here (op in a parent region)}}
  %0 = "test.outer"() ({
    // expected-error @below{{operand #0 does not dominate this use}}
    %1 = "test.use"(%0) : (i32) -> i32
    "test.end"() : () -> ()
  }) : () -> i32
  "test.end"() : () -> ()
}) : () -> ()

// -----

"test.wrap"() ({
^bb0(%a: i32):
  %v = "test.def"() : () -> i32
  // expected-note @below{{required by region isolation constraints}}
  "builtin.module"() ({
  ^bb1(%b: i32):
    %w = "test.def"() : () -> i32
    "test.outer"() ({
      "test.outer"() ({
        // expected-error @below{{'test.use' op using value defined outside the region}}
        "test.use"(%b, %w, %v) : (i32, i32, i32) -> ()
        "test.end"() : () -> ()
      }) : () -> ()
      "test.end"() : () -> ()
    }) : () -> ()
  }) : () -> ()
  "test.end"() : () -> ()
}) : () -> ()

// -----

"test.wrap"() ({
^bb0(%a: i32):
  %v = "test.def"() : () -> i32
  "test.a"() ({ "test.b"() ({ "test.c"() ({ "test.d"() ({ "test.e"() ({ "test.f"() ({ "test.g"() ({ "test.h"() ({ "test.i"() ({ "test.j"() ({
    "test.use"(%a, %v) : (i32, i32) -> ()
    // expected-error @below{{operand #1 does not dominate this use}}
    "test.use"(%a, %late) : (i32, i32) -> ()
  }) : () -> () }) : () -> () }) : () -> () }) : () -> () }) : () -> () }) : () -> () }) : () -> () }) : () -> () }) : () -> () }) : () -> ()
  // expected-note @below{{operand defined here (op in a parent region)}}
  %late = "test.def"() : () -> i32
  "test.end"() : () -> ()
}) : () -> ()

// -----

"test.wrap"() ({
^bb0(%a: i32):
  %v = "test.def"() : () -> i32
  "test.a"() ({ "test.b"() ({ "test.c"() ({ "test.d"() ({ "test.e"() ({ "test.f"() ({ "test.g"() ({ "test.h"() ({ "test.i"() ({ "test.j"() ({
    "test.use"(%a, %v) : (i32, i32) -> ()
  }) : () -> () }) : () -> () }) : () -> () }) : () -> () }) : () -> () }) : () -> () }) : () -> () }) : () -> () }) : () -> () }) : () -> ()
  "test.end"() : () -> ()
}) : () -> ()
