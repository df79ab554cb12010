// Seed 003 verifier diagnostics of reduce / scan (verify_aggregate) and of
// their body region (verify_region_structure).  The body walk runs as the
// reduce/scan's own verifier, so body errors name and locate the reduce/scan.
// RUN: ctile-opt %s -verify-diagnostics -split-input-file

cuda_tile.module @m {
  testing$func @f() {
    // expected-error @below{{'cuda_tile.reduce' op reduce/scan requires at least one input}}
    "cuda_tile.reduce"() <{dim = 0 : i32, identities = []}> ({
    ^bb0:
      cuda_tile.yield
    }) : () -> ()
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%x: !cuda_tile.tile<8xf32>) {
    // expected-error @below{{'cuda_tile.scan' op reduce/scan must produce one result per input}}
    %0:2 = "cuda_tile.scan"(%x) <{dim = 0 : i32, reverse = false, identities = [0.0 : f32]}> ({
    ^bb0(%a: !cuda_tile.tile<f32>, %b: !cuda_tile.tile<f32>):
      cuda_tile.yield %a : !cuda_tile.tile<f32>
    }) : (!cuda_tile.tile<8xf32>) -> (!cuda_tile.tile<8xf32>, !cuda_tile.tile<8xf32>)
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%x: !cuda_tile.tile<8xf32>) {
    // expected-error @below{{'cuda_tile.scan' op reduction dimension is out of range}}
    %0 = scan %x dim=1 reverse=false identities=[0.0 : f32] : tile<8xf32> -> tile<8xf32>
    (%p: tile<f32>, %q: tile<f32>) {
      yield %p : tile<f32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%x: !cuda_tile.tile<8xf32>) {
    // expected-error @below{{'cuda_tile.reduce' op identity element type must match input element type}}
    %0 = reduce %x dim=0 identities=[0 : i32] : tile<8xf32> -> tile<f32>
    (%p: tile<f32>, %q: tile<f32>) {
      yield %p : tile<f32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%x: !cuda_tile.tile<8xf32>) {
    // expected-error @below{{'cuda_tile.reduce' op expect non-empty block}}
    %0 = "cuda_tile.reduce"(%x) <{dim = 0 : i32, identities = [0.0 : f32]}> ({
    ^bb0(%a: !cuda_tile.tile<f32>, %b: !cuda_tile.tile<f32>):
    }) : (!cuda_tile.tile<8xf32>) -> !cuda_tile.tile<f32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%x: !cuda_tile.tile<8xf32>) {
    // expected-error @below{{'cuda_tile.reduce' op reduce/scan body must take two rank-zero arguments per input}}
    %0 = reduce %x dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
    (%p: tile<f32>) {
      yield %p : tile<f32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%x: !cuda_tile.tile<8xf32>) {
    // expected-error @below{{'cuda_tile.reduce' op expected TileType for block arguments but got types: !cuda_tile.tile<f32>, f32}}
    %0 = "cuda_tile.reduce"(%x) <{dim = 0 : i32, identities = [0.0 : f32]}> ({
    ^bb0(%a: !cuda_tile.tile<f32>, %b: f32):
      cuda_tile.yield %a : !cuda_tile.tile<f32>
    }) : (!cuda_tile.tile<8xf32>) -> !cuda_tile.tile<f32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%x: !cuda_tile.tile<8xf32>) {
    // expected-error @below{{'cuda_tile.scan' op expect 0-rank tile type at index: 1}}
    %0 = scan %x dim=0 reverse=false identities=[0.0 : f32] : tile<8xf32> -> tile<8xf32>
    (%p: tile<f32>, %q: tile<1xf32>) {
      yield %p : tile<f32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%x: !cuda_tile.tile<8xf32>) {
    // expected-error @below{{'cuda_tile.reduce' op only pure operations allowed}}
    %0 = reduce %x dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
    (%p: tile<f32>, %q: tile<f32>) {
      %t = print_tko "step" -> token
      yield %p : tile<f32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%x: !cuda_tile.tile<8xf32>) {
    // expected-error @below{{'cuda_tile.reduce' op invalid op: cuda_tile.return}}
    %0 = "cuda_tile.reduce"(%x) <{dim = 0 : i32, identities = [0.0 : f32]}> ({
    ^bb0(%a: !cuda_tile.tile<f32>, %b: !cuda_tile.tile<f32>):
      cuda_tile.return
    }) : (!cuda_tile.tile<8xf32>) -> !cuda_tile.tile<f32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%x: !cuda_tile.tile<8xf32>) {
    // expected-error @below{{'cuda_tile.scan' op expect number of terminators operands (2) to match expected (1)}}
    %0 = scan %x dim=0 reverse=false identities=[0.0 : f32] : tile<8xf32> -> tile<8xf32>
    (%p: tile<f32>, %q: tile<f32>) {
      yield %p, %q : tile<f32>, tile<f32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%x: !cuda_tile.tile<8xf32>, %y: !cuda_tile.tile<8xi32>) {
    // expected-error @below{{'cuda_tile.reduce' op expected TileType for operand and terminator types but got: !cuda_tile.tile<i32> vs !cuda_tile.tile<f32>}}
    %0:2 = reduce %x, %y dim=0 identities=[0.0 : f32, 0 : i32] : tile<8xf32>, tile<8xi32> -> tile<f32>, tile<i32>
    (%a: tile<f32>, %b: tile<f32>, %c: tile<i32>, %d: tile<i32>) {
      yield %c, %a : tile<i32>, tile<f32>
    }
  }
}
