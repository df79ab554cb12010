// A reduce/scan body accepts cuda_tile ops (a row of the dialect's table,
// taken without comparing its name) and of the terminators only yield; an
// op of another dialect (a pure arith op) is refused by name.
// RUN: ctile-opt %s -verify-diagnostics -split-input-file --allow-unregistered-dialect

cuda_tile.module @m {
  testing$func @f(%x: !cuda_tile.tile<8xf32>) {
    %0 = "cuda_tile.reduce"(%x) <{dim = 0 : i32, identities = [0.0 : f32]}> ({
    ^bb0(%a: !cuda_tile.tile<f32>, %b: !cuda_tile.tile<f32>):
      %s = "cuda_tile.addf"(%a, %b) <{rounding_mode = #cuda_tile.rounding<nearest_even>}> : (!cuda_tile.tile<f32>, !cuda_tile.tile<f32>) -> !cuda_tile.tile<f32>
      "cuda_tile.yield"(%s) : (!cuda_tile.tile<f32>) -> ()
    }) : (!cuda_tile.tile<8xf32>) -> !cuda_tile.tile<f32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%x: !cuda_tile.tile<8xf32>) {
    // expected-error @below{{'cuda_tile.reduce' op invalid op: arith.constant}}
    %0 = "cuda_tile.reduce"(%x) <{dim = 0 : i32, identities = [0.0 : f32]}> ({
    ^bb0(%a: !cuda_tile.tile<f32>, %b: !cuda_tile.tile<f32>):
      %c = arith.constant 1.0 : f32
      "cuda_tile.yield"(%a) : (!cuda_tile.tile<f32>) -> ()
    }) : (!cuda_tile.tile<8xf32>) -> !cuda_tile.tile<f32>
  }
}
