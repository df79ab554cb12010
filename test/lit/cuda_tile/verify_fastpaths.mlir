// The verifier's fast paths against the answers of the slow ones:
//  - dominance and region isolation are checked during the structural walk
//    but reported after it: a structural error anywhere wins, and of several
//    dominance failures the first in pre-order is the one reported;
//  - uses in the user's own block (results, block arguments) take a short
//    path; uses from enclosing blocks and other regions take the general one;
//  - cuda_tile verify hooks find attributes by scanning names (length, then
//    eight bytes at a time) instead of interning them: names that differ only
//    in their last byte, in their middle, or in a short name must not match;
//  - the entry debug-info walk skips plain file locations but still checks
//    the ops that carry a di_loc;
//  - verify_parent remembers accepted (op, parent op) kinds for the walk: an
//    op kind accepted under one parent must still be checked under another.
// RUN: ctile-opt %s -verify-diagnostics -split-input-file --allow-unregistered-dialect

// == dominance: same block ==

"test.wrap"() ({
^bb0(%a: i32):
  // expected-error @below{{operand #1 does not dominate this use}}
  %0 = "test.use"(%a, %1) : (i32, i32) -> i32
  // expected-note @below{{operand defined here}}
  %1 = "test.def"(%a) : (i32) -> i32
  "test.end"() : () -> ()
}) : () -> ()

// -----

"test.wrap"() ({
  // expected-error @below{{operand #0 does not dominate this use}}
  // expected-note @below{{operand defined here}}
  %0 = "test.self"(%0) : (i32) -> i32
  "test.end"() : () -> ()
}) : () -> ()

// -----

// Only the first failure in pre-order: the outer op before its nested ops,
// a nested op before the outer op's later siblings.
"test.wrap"() ({
^bb0(%a: i32):
  // expected-error @below{{operand #0 does not dominate this use}}
  "test.outer"(%2) ({
    %x = "test.inner"(%3) : (i32) -> i32
    "test.end"() : () -> ()
  }) : (i32) -> ()
  // expected-note @below{{operand defined here}}
  %2 = "test.def"(%a) : (i32) -> i32
  %4 = "test.late"(%5) : (i32) -> i32
  %3 = "test.def"(%a) : (i32) -> i32
  %5 = "test.def"(%a) : (i32) -> i32
  "test.end"() : () -> ()
}) : () -> ()

// -----

"test.wrap"() ({
^bb0(%a: i32):
  "test.outer"() ({
    // expected-error @below{{operand #0 does not dominate this use}}
    %x = "test.inner"(%3) : (i32) -> i32
    "test.end"() : () -> ()
  }) : () -> ()
  %4 = "test.late"(%5) : (i32) -> i32
  // expected-note @below{{operand defined here}}
  %3 = "test.def"(%a) : (i32) -> i32
  %5 = "test.def"(%a) : (i32) -> i32
  "test.end"() : () -> ()
}) : () -> ()

// -----

// A structural (op verifier) error later in the walk is reported instead of
// an earlier dominance failure.
cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4xf32>) {
    %0 = "cuda_tile.addf"(%a, %1) <{rounding_mode = #cuda_tile.rounding<nearest_even>}> : (!cuda_tile.tile<4xf32>, !cuda_tile.tile<4xf32>) -> !cuda_tile.tile<4xf32>
    %1 = "cuda_tile.addf"(%a, %a) <{rounding_mode = #cuda_tile.rounding<nearest_even>}> : (!cuda_tile.tile<4xf32>, !cuda_tile.tile<4xf32>) -> !cuda_tile.tile<4xf32>
    // expected-error @below{{'cuda_tile.cmpf' op requires attribute 'comparison_predicate'}}
    %2 = "cuda_tile.cmpf"(%a, %a) <{comparison_ordering = #cuda_tile.comparison_ordering<ordered>}> : (!cuda_tile.tile<4xf32>, !cuda_tile.tile<4xf32>) -> !cuda_tile.tile<4xi1>
  }
}

// -----

// Uses that pass: own block arguments, enclosing block's values and
// arguments, values of earlier blocks of a multi-block region.
"test.wrap"() ({
^bb0(%a: i32):
  %0 = "test.def"(%a) : (i32) -> i32
  "test.outer"(%0) ({
  ^bb1(%b: i32):
    %1 = "test.use"(%a, %b, %0) : (i32, i32, i32) -> i32
    "test.outer"() ({
      %2 = "test.use"(%1, %b, %a, %0) : (i32, i32, i32, i32) -> i32
      "test.end"() : () -> ()
    }) : () -> ()
    "test.end"() : () -> ()
  }) : (i32) -> ()
  "test.br"() [^bb2] : () -> ()
^bb2:
  %3 = "test.use"(%0, %a) : (i32, i32) -> i32
  "test.end"() : () -> ()
}) : () -> ()

// -----

// == region isolation ==

"test.wrap"() ({
  %v = "test.def"() : () -> i32
  // expected-note @below{{required by region isolation constraints}}
  "builtin.module"() ({
    "test.outer"() ({
      // expected-error @below{{'test.use' op using value defined outside the region}}
      "test.use"(%v) : (i32) -> ()
      "test.end"() : () -> ()
    }) : () -> ()
  }) : () -> ()
  "test.end"() : () -> ()
}) : () -> ()

// -----

"test.wrap"() ({
^bb0(%a: i32):
  // expected-note @below{{required by region isolation constraints}}
  "builtin.module"() ({
    // expected-error @below{{'test.use' op using value defined outside the region}}
    "test.use"(%a) : (i32) -> ()
  }) : () -> ()
  "test.end"() : () -> ()
}) : () -> ()

// -----

// == attribute names: same length, one differing byte ==

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4xf32>) {
    // expected-error @below{{'cuda_tile.cmpf' op requires attribute 'comparison_predicate'}}
    %0 = "cuda_tile.cmpf"(%a, %a) <{comparison_ordering = #cuda_tile.comparison_ordering<ordered>}> {comparison_predicatX = #cuda_tile.comparison_predicate<equal>} : (!cuda_tile.tile<4xf32>, !cuda_tile.tile<4xf32>) -> !cuda_tile.tile<4xi1>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4xf32>) {
    // expected-error @below{{'cuda_tile.cmpf' op requires attribute 'comparison_ordering'}}
    %0 = "cuda_tile.cmpf"(%a, %a) <{comparison_predicate = #cuda_tile.comparison_predicate<equal>, comparisoX_ordering = #cuda_tile.comparison_ordering<ordered>}> : (!cuda_tile.tile<4xf32>, !cuda_tile.tile<4xf32>) -> !cuda_tile.tile<4xi1>
  }
}

// -----

// A discardable attribute is found like a property.
cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4xf32>) {
    %0 = "cuda_tile.cmpf"(%a, %a) <{comparison_predicate = #cuda_tile.comparison_predicate<equal>}> {comparison_ordering = #cuda_tile.comparison_ordering<ordered>} : (!cuda_tile.tile<4xf32>, !cuda_tile.tile<4xf32>) -> !cuda_tile.tile<4xi1>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4x8xf32>) {
    // expected-error @below{{'cuda_tile.cat' op requires attribute 'dim'}}
    %0 = "cuda_tile.cat"(%a, %a) <{dix = 0 : i64}> : (!cuda_tile.tile<4x8xf32>, !cuda_tile.tile<4x8xf32>) -> !cuda_tile.tile<8x8xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4x8xf32>) {
    // expected-error @below{{'cuda_tile.cat' op attribute 'dim' failed to satisfy constraint: 64-bit signless integer attribute}}
    %0 = "cuda_tile.cat"(%a, %a) <{di = 0 : i64, dim = 0 : i32, dimx = 0 : i64}> : (!cuda_tile.tile<4x8xf32>, !cuda_tile.tile<4x8xf32>) -> !cuda_tile.tile<8x8xf32>
  }
}

// -----

// == entry debug-info walk ==

#file = #cuda_tile.di_file<"k.py" in "/src">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 1, name = "k", linkageName = "k", compileUnit = #cu, scopeLine = 1>
cuda_tile.module @m {
  entry @k() {
    %c = constant <i32: 1> : tile<i32>
    // expected-error @unknown{{invalid operation debug info scope}}
    %d = constant <i32: 2> : tile<i32> loc(#cuda_tile.di_loc<loc("k.py":3:1) in #sp>)
    return
  }
}

// -----

// == parent-op memo ==

cuda_tile.module @m {
  testing$func @f(%c: !cuda_tile.tile<i1>) {
    if %c {
      yield
    }
    if %c {
      yield
    }
    "test.wrap"() ({
      // expected-error @below {{'cuda_tile.yield' op expects parent op to be one of 'cuda_tile.if, cuda_tile.reduce, cuda_tile.scan'}}
      "cuda_tile.yield"() : () -> ()
    }) : () -> ()
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    return
  }
  // expected-error @below {{'cuda_tile.yield' op expects parent op to be one of 'cuda_tile.if, cuda_tile.reduce, cuda_tile.scan'}}
  "cuda_tile.yield"() : () -> ()
}
