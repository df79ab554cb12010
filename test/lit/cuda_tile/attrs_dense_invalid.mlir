// Dense constant parse errors (NVIDIA's custom<DenseTypedElementsAttr>).
// RUN: ctile-opt %s -verify-diagnostics -split-input-file

cuda_tile.module @m {
  entry @k() {
    // expected-error @below{{inferred shape of elements literal ([2, 2]) does not match type ([4, 2])}}
    %0 = constant <i1: [[true, true], [true, true]]> : !cuda_tile.tile<4x2xi1>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @below{{inferred shape of elements literal ([1]) does not match type ([])}}
    %0 = constant <i32: [1]> : !cuda_tile.tile<i32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @below{{tensor literal is invalid; ranks are not consistent between elements}}
    %0 = constant <i32: [[[1, 2]], [[3, 4], [5, 6]]]> : !cuda_tile.tile<2x2x2xi32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // A scalar mixed with brackets: right shape, wrong number of values.
    // expected-error @below{{tensor literal is invalid; ranks are not consistent between elements}}
    %0 = constant <i32: [1, [2, 3]]> : !cuda_tile.tile<2x2xi32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @below{{integer constant out of range for type}}
    %0 = constant <i32: 4294967296> : !cuda_tile.tile<i32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @below{{integer constant out of range for type}}
    %0 = constant <i1: 2> : !cuda_tile.tile<i1>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @below{{expected integer value}}
    %0 = constant <i16: true> : !cuda_tile.tile<i16>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @below{{unexpected decimal integer literal for a floating point value}}
    // expected-note @below{{add a trailing dot to make the literal a float}}
    %0 = constant <f32: [1.0, 2]> : !cuda_tile.tile<2xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @below{{hexadecimal float literal should not have a leading minus}}
    %0 = constant <f32: -0x3F800000> : !cuda_tile.tile<f32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @below{{mismatch between the element type: 'f16' and the tile element type 'f32'}}
    %0 = constant <f16: 42.0> : !cuda_tile.tile<f32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @below{{expect element type to be one of i1 or i8 or i16 or i32 or i64 or f16 or bf16 or f32 or f64 or tf32 or f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN values, but got 'i4'}}
    %0 = constant <i4: 1> : !cuda_tile.tile<2xi4>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @below{{result #0 must be tile of i1 or i8 or i16 or i32 or i64 or f16 or bf16 or f32 or f64 or tf32 or f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN values, but got 'tensor<4xf32>'}}
    %0 = constant <f32: 1.0> : tensor<4xf32>
    return
  }
}
