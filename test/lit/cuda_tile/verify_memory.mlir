// Seed 003 verifier diagnostics of the token-ordered memory ops
// (verify_token_memory) and of atomic_rmw_tko's modes (verify_atomic_rmw).
// RUN: ctile-opt %s -verify-diagnostics -split-input-file

// == verify_token_memory ==

cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<16xptr<i32>>) {
    // expected-error @below{{'cuda_tile.load_ptr_tko' op pointer pointee element type must match value element type}}
    %v, %t = load_ptr_tko weak %p : tile<16xptr<i32>> -> tile<16xf32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<16xptr<f32>>) {
    // expected-error @below{{'cuda_tile.load_ptr_tko' op pointer tile shape must match value shape}}
    %v, %t = load_ptr_tko weak %p : tile<16xptr<f32>> -> tile<32xf32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<16xptr<f32>>, %v: !cuda_tile.tile<16xf16>) {
    // expected-error @below{{'cuda_tile.store_ptr_tko' op pointer pointee element type must match value element type}}
    %t = store_ptr_tko weak %p, %v : tile<16xptr<f32>>, tile<16xf16> -> token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<16xptr<f32>>, %v: !cuda_tile.tile<8xf32>) {
    // expected-error @below{{'cuda_tile.store_ptr_tko' op pointer tile shape must match value shape}}
    %t = store_ptr_tko weak %p, %v : tile<16xptr<f32>>, tile<8xf32> -> token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<16xptr<f32>>, %m: !cuda_tile.tile<8xi1>) {
    // expected-error @below{{'cuda_tile.load_ptr_tko' op mask shape must match value shape}}
    %v, %t = load_ptr_tko weak %p, %m : tile<16xptr<f32>>, tile<8xi1> -> tile<16xf32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<16xptr<f32>>, %v: !cuda_tile.tile<16xf32>, %m: !cuda_tile.tile<4xi1>) {
    // expected-error @below{{'cuda_tile.store_ptr_tko' op mask shape must match value shape}}
    %t = store_ptr_tko weak %p, %v, %m : tile<16xptr<f32>>, tile<16xf32>, tile<4xi1> -> token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<16xptr<f32>>) {
    // expected-error @below{{'cuda_tile.load_ptr_tko' op load ordering must be weak, relaxed, or acquire}}
    %v, %t = load_ptr_tko release device %p : tile<16xptr<f32>> -> tile<16xf32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<16xptr<f32>>) {
    // expected-error @below{{'cuda_tile.load_ptr_tko' op load ordering must be weak, relaxed, or acquire}}
    %v, %t = load_ptr_tko acq_rel device %p : tile<16xptr<f32>> -> tile<16xf32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<16xptr<f32>>, %v: !cuda_tile.tile<16xf32>) {
    // expected-error @below{{'cuda_tile.store_ptr_tko' op store ordering must be weak, relaxed, or release}}
    %t = store_ptr_tko acquire device %p, %v : tile<16xptr<f32>>, tile<16xf32> -> token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<16xptr<f32>>) {
    // expected-error @below{{'cuda_tile.load_ptr_tko' op weak memory ordering must not carry a scope}}
    %v, %t = load_ptr_tko weak tl_blk %p : tile<16xptr<f32>> -> tile<16xf32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<16xptr<f32>>, %v: !cuda_tile.tile<16xf32>) {
    // expected-error @below{{'cuda_tile.store_ptr_tko' op weak memory ordering must not carry a scope}}
    %t = store_ptr_tko weak sys %p, %v : tile<16xptr<f32>>, tile<16xf32> -> token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<16xptr<f32>>) {
    // expected-error @below{{'cuda_tile.load_ptr_tko' op non-weak memory ordering requires an explicit scope}}
    %v, %t = load_ptr_tko acquire %p : tile<16xptr<f32>> -> tile<16xf32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<16xptr<f32>>, %v: !cuda_tile.tile<16xf32>) {
    // expected-error @below{{'cuda_tile.store_ptr_tko' op non-weak memory ordering requires an explicit scope}}
    %t = store_ptr_tko relaxed %p, %v : tile<16xptr<f32>>, tile<16xf32> -> token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<2xptr<f32>>, %a: !cuda_tile.tile<4xf32>) {
    // expected-error @below{{'cuda_tile.atomic_rmw_tko' op pointer tile shape must match value shape}}
    %0, %t = atomic_rmw_tko relaxed device %p, addf, %a : tile<2xptr<f32>>, tile<4xf32> -> tile<4xf32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<2xptr<i32>>, %c: !cuda_tile.tile<2xf32>) {
    // expected-error @below{{'cuda_tile.atomic_cas_tko' op pointer pointee element type must match value element type}}
    %0, %t = atomic_cas_tko relaxed device %p, %c, %c : tile<2xptr<i32>>, tile<2xf32> -> tile<2xf32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<2xptr<i32>>, %a: !cuda_tile.tile<2xi32>, %m: !cuda_tile.tile<4xi1>) {
    // expected-error @below{{'cuda_tile.atomic_rmw_tko' op mask shape must match value shape}}
    %0, %t = atomic_rmw_tko relaxed device %p, and, %a, %m : tile<2xptr<i32>>, tile<2xi32>, tile<4xi1> -> tile<2xi32>, token
  }
}

// -----

// == verify_atomic_rmw ==

cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<2xptr<f32>>, %a: !cuda_tile.tile<2xf32>) {
    // expected-error @below{{'cuda_tile.atomic_rmw_tko' op integer rmw mode requires i32 or i64 element type}}
    %0, %t = atomic_rmw_tko relaxed device %p, add, %a : tile<2xptr<f32>>, tile<2xf32> -> tile<2xf32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<2xptr<i16>>, %a: !cuda_tile.tile<2xi16>) {
    // expected-error @below{{'cuda_tile.atomic_rmw_tko' op integer rmw mode requires i32 or i64 element type}}
    %0, %t = atomic_rmw_tko acq_rel device %p, umax, %a : tile<2xptr<i16>>, tile<2xi16> -> tile<2xi16>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<2xptr<i32>>, %a: !cuda_tile.tile<2xi32>) {
    // expected-error @below{{'cuda_tile.atomic_rmw_tko' op floating-add rmw requires a target-supported floating width}}
    %0, %t = atomic_rmw_tko relaxed device %p, addf, %a : tile<2xptr<i32>>, tile<2xi32> -> tile<2xi32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<2xptr<f8E4M3FN>>, %a: !cuda_tile.tile<2xf8E4M3FN>) {
    // expected-error @below{{'cuda_tile.atomic_rmw_tko' op floating-add rmw requires a target-supported floating width}}
    %0, %t = atomic_rmw_tko relaxed device %p, addf, %a : tile<2xptr<f8E4M3FN>>, tile<2xf8E4M3FN> -> tile<2xf8E4M3FN>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<2xptr<f16>>, %a: !cuda_tile.tile<2xf16>) {
    // expected-error @below{{'cuda_tile.atomic_rmw_tko' op xchg rmw requires a target-supported atomic width}}
    %0, %t = atomic_rmw_tko relaxed device %p, xchg, %a : tile<2xptr<f16>>, tile<2xf16> -> tile<2xf16>, token
  }
}
