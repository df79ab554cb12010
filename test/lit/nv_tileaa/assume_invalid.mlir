// Seed 000 assumption predicates through nv_tileaa.assume: div_by, bounded,
// same_elements, each diagnostic verbatim; the first failing predicate wins.
// RUN: ctile-opt %s -verify-diagnostics -split-input-file

nv_tileaa.func @div_by_type(%v: tile<16xf32>) {
  // expected-error @below{{'nv_tileaa.assume' op div_by requires an integer-, pointer-, or memref-like value}}
  %0 = nv_tileaa.assume %v {predicates = [#nv_tileaa.div_by<16>]} : tile<16xf32> -> tile<16xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @div_by_pow2(%v: tile<16xi32>) {
  // expected-error @below{{'nv_tileaa.assume' op div_by divisor must be a positive power of two}}
  %0 = nv_tileaa.assume %v {predicates = [#nv_tileaa.div_by<12>]} : tile<16xi32> -> tile<16xi32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @div_by_nonpos(%v: i64) {
  // expected-error @below{{'nv_tileaa.assume' op div_by divisor must be a positive power of two}}
  %0 = nv_tileaa.assume %v {predicates = [#nv_tileaa.div_by<0>]} : i64 -> i64
  nv_tileaa.return
}

// -----

nv_tileaa.func @div_by_pair(%v: tile<16xi32>) {
  // expected-error @below{{'nv_tileaa.assume' op div_by every and along must appear together}}
  %0 = nv_tileaa.assume %v {predicates = [#nv_tileaa.div_by<16, every 4>]} : tile<16xi32> -> tile<16xi32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @div_by_pair_along(%v: !nv_tileaa.ptr<f16, 1>) {
  // expected-error @below{{'nv_tileaa.assume' op div_by every and along must appear together}}
  %0 = nv_tileaa.assume %v {predicates = [#nv_tileaa.div_by<16, along 0>]} : !nv_tileaa.ptr<f16, 1> -> !nv_tileaa.ptr<f16, 1>
  nv_tileaa.return
}

// -----

nv_tileaa.func @div_by_every(%v: tile<16xi32>) {
  // expected-error @below{{'nv_tileaa.assume' op div_by every must be positive}}
  %0 = nv_tileaa.assume %v {predicates = [#nv_tileaa.div_by<16, every 0 along 0>]} : tile<16xi32> -> tile<16xi32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @div_by_along(%v: tile<16xi32>) {
  // expected-error @below{{'nv_tileaa.assume' op div_by along must reference a valid axis}}
  %0 = nv_tileaa.assume %v {predicates = [#nv_tileaa.div_by<16, every 2 along 1>]} : tile<16xi32> -> tile<16xi32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @bounded_type(%v: tile<16xf16>) {
  // expected-error @below{{'nv_tileaa.assume' op bounded requires an integer-like element type}}
  %0 = nv_tileaa.assume %v {predicates = [#nv_tileaa.bounded<0, 4>]} : tile<16xf16> -> tile<16xf16>
  nv_tileaa.return
}

// -----

nv_tileaa.func @bounded_lower(%v: tile<16xi8>) {
  // expected-error @below{{'nv_tileaa.assume' op bounded lower exceeds the element's representable range}}
  %0 = nv_tileaa.assume %v {predicates = [#nv_tileaa.bounded<-129, 4>]} : tile<16xi8> -> tile<16xi8>
  nv_tileaa.return
}

// -----

nv_tileaa.func @bounded_upper(%v: tile<16xi8>) {
  // expected-error @below{{'nv_tileaa.assume' op bounded upper exceeds the element's representable range}}
  %0 = nv_tileaa.assume %v {predicates = [#nv_tileaa.bounded<?, 128>]} : tile<16xi8> -> tile<16xi8>
  nv_tileaa.return
}

// -----

nv_tileaa.func @bounded_order(%v: i32) {
  // expected-error @below{{'nv_tileaa.assume' op bounded lower must not exceed upper}}
  %0 = nv_tileaa.assume %v {predicates = [#nv_tileaa.bounded<5, 4>]} : i32 -> i32
  nv_tileaa.return
}

// -----

nv_tileaa.func @same_elements_len(%v: tile<4x8xi32>) {
  // expected-error @below{{'nv_tileaa.assume' op same_elements length must match the constrained value's rank}}
  %0 = nv_tileaa.assume %v {predicates = [#nv_tileaa.same_elements<[4]>]} : tile<4x8xi32> -> tile<4x8xi32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @same_elements_range(%v: tile<4x8xi32>) {
  // expected-error @below{{'nv_tileaa.assume' op same_elements axis bound is out of range}}
  %0 = nv_tileaa.assume %v {predicates = [#nv_tileaa.same_elements<[4, 9]>]} : tile<4x8xi32> -> tile<4x8xi32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @same_elements_neg(%v: tile<4x8xi32>) {
  // expected-error @below{{'nv_tileaa.assume' op same_elements axis bound is out of range}}
  %0 = nv_tileaa.assume %v {predicates = [#nv_tileaa.same_elements<[-1, 1]>]} : tile<4x8xi32> -> tile<4x8xi32>
  nv_tileaa.return
}

// -----

// The first failing predicate reports; later ones never run.
nv_tileaa.func @first_wins(%v: tile<16xi32>) {
  // expected-error @below{{'nv_tileaa.assume' op bounded lower must not exceed upper}}
  %0 = nv_tileaa.assume %v {predicates = [#nv_tileaa.div_by<16>, #nv_tileaa.bounded<9, 1>, #nv_tileaa.div_by<3>]} : tile<16xi32> -> tile<16xi32>
  nv_tileaa.return
}
