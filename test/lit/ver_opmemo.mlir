// The verifier's whole-op memo (lib/ir/verify.c) remembers signatures that
// passed a pure verify hook (IR_TRAIT_VERIFY_PURE) and skips the hook for a
// later op with the same one.  What depends on where the op is must still be
// checked on that later op, and give the diagnostic a cold verifier gives:
//  - an operand that does not dominate its use;
//  - a parent op the op may not have (yield under loop after yield under if);
//  - a terminator that is not last in its block.
// Each case puts a valid op of the same signature first.
// RUN: ctile-opt %s -verify-diagnostics -split-input-file

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4xf32>) {
    %0 = "cuda_tile.addf"(%a, %a) <{rounding_mode = #cuda_tile.rounding<nearest_even>}> : (!cuda_tile.tile<4xf32>, !cuda_tile.tile<4xf32>) -> !cuda_tile.tile<4xf32>
    // expected-error @below {{operand #1 does not dominate this use}}
    %1 = "cuda_tile.addf"(%a, %2) <{rounding_mode = #cuda_tile.rounding<nearest_even>}> : (!cuda_tile.tile<4xf32>, !cuda_tile.tile<4xf32>) -> !cuda_tile.tile<4xf32>
    // expected-note @below {{operand defined here (op in the same block)}}
    %2 = "cuda_tile.addf"(%a, %a) <{rounding_mode = #cuda_tile.rounding<nearest_even>}> : (!cuda_tile.tile<4xf32>, !cuda_tile.tile<4xf32>) -> !cuda_tile.tile<4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: !cuda_tile.tile<i1>) {
    cuda_tile.if %c {
      cuda_tile.yield
    }
    cuda_tile.loop {
      // expected-error @below {{'cuda_tile.yield' op expects parent op to be one of 'cuda_tile.if, cuda_tile.reduce, cuda_tile.scan'}}
      cuda_tile.yield
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: !cuda_tile.tile<i1>) {
    cuda_tile.if %c {
      cuda_tile.yield
    }
    cuda_tile.if %c {
      // expected-error @below {{'cuda_tile.yield' op must be the last operation in the parent block}}
      "cuda_tile.yield"() : () -> ()
      %t = cuda_tile.make_token : token
      cuda_tile.yield
    }
  }
}

// -----

// The same signature in two functions: the second function's op uses a
// value of the first (isolation), after the first's op passed.
cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4xf32>) {
    %0 = "cuda_tile.negf"(%a) : (!cuda_tile.tile<4xf32>) -> !cuda_tile.tile<4xf32>
    // expected-note @below {{required by region isolation constraints}}
    "cuda_tile.testing$func"() <{function_type = (!cuda_tile.tile<4xf32>) -> (), sym_name = "g"}> ({
    ^bb0(%b: !cuda_tile.tile<4xf32>):
      // expected-error @below {{'cuda_tile.negf' op using value defined outside the region}}
      %1 = "cuda_tile.negf"(%0) : (!cuda_tile.tile<4xf32>) -> !cuda_tile.tile<4xf32>
      "cuda_tile.return"() : () -> ()
    }) : () -> ()
  }
}

// -----

// reduce and scan: the checks of their signature are remembered, those of
// their body are not.  The second reduce has the first one's signature and
// an effectful op in its body; the second scan has the first one's
// signature and two blocks.
cuda_tile.module @m {
  testing$func @f(%x: !cuda_tile.tile<8xf32>) {
    %0 = reduce %x dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
    (%p: tile<f32>, %q: tile<f32>) {
      yield %p : tile<f32>
    }
    // expected-error @below{{'cuda_tile.reduce' op only pure operations allowed}}
    %1 = reduce %x dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
    (%p: tile<f32>, %q: tile<f32>) {
      %t = print_tko "step" -> token
      yield %p : tile<f32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%x: !cuda_tile.tile<8xf32>) {
    %0 = "cuda_tile.scan"(%x) <{dim = 0 : i32, identities = [0.0 : f32], reverse = false}> ({
    ^bb0(%p: !cuda_tile.tile<f32>, %q: !cuda_tile.tile<f32>):
      "cuda_tile.yield"(%p) : (!cuda_tile.tile<f32>) -> ()
    }) : (!cuda_tile.tile<8xf32>) -> !cuda_tile.tile<8xf32>
    // expected-error @below{{'cuda_tile.scan' op region #0 ('body') failed to verify constraint: region with 1 blocks}}
    %1 = "cuda_tile.scan"(%x) <{dim = 0 : i32, identities = [0.0 : f32], reverse = false}> ({
    ^bb0(%p: !cuda_tile.tile<f32>, %q: !cuda_tile.tile<f32>):
      "cuda_tile.yield"(%p) : (!cuda_tile.tile<f32>) -> ()
    ^bb1:
      "cuda_tile.yield"(%p) : (!cuda_tile.tile<f32>) -> ()
    }) : (!cuda_tile.tile<8xf32>) -> !cuda_tile.tile<8xf32>
  }
}

// -----

// Symbol ops: the attribute checks an entry passed are remembered for an
// entry whose properties differ only in sym_name.  A second entry whose
// sym_name is not a string, or whose function_type is broken, is checked in
// full.
cuda_tile.module @m {
  "cuda_tile.entry"() <{function_type = () -> (), sym_name = "a"}> ({
    "cuda_tile.return"() : () -> ()
  }) : () -> ()
  // expected-error @below {{'cuda_tile.entry' op attribute 'sym_name' failed to satisfy constraint: string attribute}}
  "cuda_tile.entry"() <{function_type = () -> (), sym_name = 7 : i32}> ({
    "cuda_tile.return"() : () -> ()
  }) : () -> ()
}

// -----

cuda_tile.module @m {
  "cuda_tile.entry"() <{function_type = () -> (), sym_name = "a"}> ({
    "cuda_tile.return"() : () -> ()
  }) : () -> ()
  // expected-error @below {{'cuda_tile.entry' op attribute 'function_type' failed to satisfy constraint: type attribute of function type}}
  "cuda_tile.entry"() <{function_type = i32, sym_name = "b"}> ({
    "cuda_tile.return"() : () -> ()
  }) : () -> ()
}
