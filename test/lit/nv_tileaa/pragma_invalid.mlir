// nv_tileaa.pragma's contract: one region ending in nv_tileaa.yield, which
// yields one value per result, of the result's type.
// RUN: ctile-opt %s -verify-diagnostics -split-input-file

nv_tileaa.func @term(%k: i32) {
  // expected-error @below{{'nv_tileaa.pragma' op expects regions to end with 'nv_tileaa.yield'}}
  nv_tileaa.pragma {
    nv_tileaa.return
  }
  nv_tileaa.return
}

// -----

nv_tileaa.func @types(%a: tile<4xf32>, %k: i32) -> tile<4xf32> {
  %0 = nv_tileaa.pragma : tile<4xf32> {
    // expected-error @below{{'nv_tileaa.yield' op type of operand #0 (i32) doesn't match the parent result type (!nv_tileaa.tile<4xf32>)}}
    nv_tileaa.yield %k : i32
  }
  nv_tileaa.return %0 : tile<4xf32>
}

// -----

nv_tileaa.func @arity(%a: tile<4xf32>, %k: i32) -> tile<4xf32> {
  %0 = nv_tileaa.pragma : tile<4xf32> {
    // expected-error @below{{'nv_tileaa.yield' op}}
    nv_tileaa.yield %a, %k : tile<4xf32>, i32
  }
  nv_tileaa.return %0 : tile<4xf32>
}
