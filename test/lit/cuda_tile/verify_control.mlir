// Seed 003 verifier diagnostics of structured control flow: verify_if,
// verify_for and verify_early_exit (break / continue walk out through ifs).
// RUN: ctile-opt %s -verify-diagnostics -split-input-file

// == verify_if ==

cuda_tile.module @m {
  testing$func @f(%c: !cuda_tile.tile<i1>) {
    // expected-error @below{{'cuda_tile.if' op if requires a then-region}}
    "cuda_tile.if"(%c) ({}, {}) : (!cuda_tile.tile<i1>) -> ()
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: !cuda_tile.tile<i1>, %v: !cuda_tile.tile<i32>) {
    // expected-error @below{{'cuda_tile.if' op if with results requires an else-region}}
    %r = if %c -> (tile<i32>) {
      yield %v : tile<i32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: !cuda_tile.tile<i1>, %v: !cuda_tile.tensor_view<4xf32, strides=[1]>) {
    // expected-error @below{{'cuda_tile.if' op view-typed if results are not permitted}}
    %r = if %c -> (tensor_view<4xf32, strides=[1]>) {
      yield %v : tensor_view<4xf32, strides=[1]>
    } else {
      yield %v : tensor_view<4xf32, strides=[1]>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: !cuda_tile.tile<i1>, %v: !cuda_tile.partition_view<tile=(2), tensor_view<4xf32, strides=[1]>>) {
    // expected-error @below{{'cuda_tile.if' op view-typed if results are not permitted}}
    %r = if %c -> (partition_view<tile=(2), tensor_view<4xf32, strides=[1]>>) {
      yield %v : partition_view<tile=(2), tensor_view<4xf32, strides=[1]>>
    } else {
      yield %v : partition_view<tile=(2), tensor_view<4xf32, strides=[1]>>
    }
  }
}

// -----

// == verify_for ==

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<i32>, %b: !cuda_tile.tile<i64>) {
    // expected-error @below{{'cuda_tile.for' op for induction, lower, upper, and step must share an integer type}}
    "cuda_tile.for"(%a, %b, %a) ({
    ^bb0(%i: !cuda_tile.tile<i32>):
      cuda_tile.continue
    }) : (!cuda_tile.tile<i32>, !cuda_tile.tile<i64>, !cuda_tile.tile<i32>) -> ()
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<i32>) {
    // expected-error @below{{'cuda_tile.for' op for induction, lower, upper, and step must share an integer type}}
    "cuda_tile.for"(%a, %a, %a) ({
    ^bb0(%i: !cuda_tile.tile<i64>):
      cuda_tile.continue
    }) : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> ()
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<i32>, %x: !cuda_tile.tile<f32>) {
    // expected-error @below{{'cuda_tile.for' op for init values must match region iter-arg types}}
    %r = "cuda_tile.for"(%a, %a, %a, %x) ({
    ^bb0(%i: !cuda_tile.tile<i32>, %y: !cuda_tile.tile<f64>):
      cuda_tile.continue %x : !cuda_tile.tile<f32>
    }) : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<f32>) -> !cuda_tile.tile<f32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<i32>, %x: !cuda_tile.tile<f32>, %h: !cuda_tile.tile<f16>) {
    // expected-error @below{{'cuda_tile.for' op for result types must match region iter-arg types}}
    %r = "cuda_tile.for"(%a, %a, %a, %x) ({
    ^bb0(%i: !cuda_tile.tile<i32>, %y: !cuda_tile.tile<f32>):
      cuda_tile.continue %h : !cuda_tile.tile<f16>
    }) : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<f32>) -> !cuda_tile.tile<f16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<i32>, %v: !cuda_tile.tensor_view<4xf32, strides=[1]>) {
    // expected-error @below{{'cuda_tile.for' op view-typed for results are not permitted}}
    %r = for %i in (%a to %a, step %a) : tile<i32> iter_values(%x = %v) -> (tensor_view<4xf32, strides=[1]>) {
      continue %x : tensor_view<4xf32, strides=[1]>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<i32>, %v: !cuda_tile.partition_view<tile=(2), tensor_view<4xf32, strides=[1]>>) {
    // expected-error @below{{'cuda_tile.for' op view-typed for results are not permitted}}
    %r = for %i in (%a to %a, step %a) : tile<i32> iter_values(%x = %v) -> (partition_view<tile=(2), tensor_view<4xf32, strides=[1]>>) {
      continue %x : partition_view<tile=(2), tensor_view<4xf32, strides=[1]>>
    }
  }
}

// -----

// == verify_early_exit ==

// break walks out through the if and finds a `for`, which break may not leave.
cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<i32>, %c: !cuda_tile.tile<i1>) {
    // expected-note @below{{see unexpected ancestor operation}}
    for %i in (%a to %a, step %a) : tile<i32> {
      if %c {
        // expected-error @below{{'cuda_tile.break' op early-exit must be enclosed by a compatible loop or for}}
        break
      }
    }
  }
}

// -----

// continue through two nested ifs up to the function body.
cuda_tile.module @m {
  // expected-note @below{{see unexpected ancestor operation}}
  testing$func @f(%c: !cuda_tile.tile<i1>) {
    if %c {
      if %c {
        // expected-error @below{{'cuda_tile.continue' op early-exit must be enclosed by a compatible loop or for}}
        continue
      }
    }
  }
}

// -----

// break through an if to the loop: allowed, but it must carry the loop's results.
cuda_tile.module @m {
  testing$func @f(%c: !cuda_tile.tile<i1>, %v: !cuda_tile.tile<i32>) {
    %r = loop : tile<i32> {
      if %c {
        // expected-error @below{{'cuda_tile.break' op early-exit operand types must match the enclosing region contract}}
        break
      }
      break %v : tile<i32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%v: !cuda_tile.tile<i32>) {
    loop iter_values(%x = %v) : tile<i32> {
      %f = constant <f32: 1.0> : tile<f32>
      // expected-error @below{{'cuda_tile.continue' op early-exit operand types must match the enclosing region contract}}
      continue %f : tile<f32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<i32>, %c: !cuda_tile.tile<i1>) {
    %r = for %i in (%a to %a, step %a) : tile<i32> iter_values(%x = %a) -> (tile<i32>) {
      if %c {
        // expected-error @below{{'cuda_tile.continue' op early-exit operand types must match the enclosing region contract}}
        continue %c : tile<i1>
      }
      continue %x : tile<i32>
    }
  }
}
