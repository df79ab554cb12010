// Seed 004 diagnostics: the tile element-type predicate and the div_by
// assumption predicate (the leading "'" closes the attribute name).  The
// fourth div_by text ("'every'/'along' must be used in combination") cannot
// be written in the textual syntax (the parser takes `every` and `along`
// together); test/unit/test_verify_seed.c builds it through the API.
// RUN: ctile-opt %s -verify-diagnostics -split-input-file

cuda_tile.module @m {
  // expected-error @below{{failed to verify 'elementType': f16 or bf16 or f32 or tf32 or f64 or f8E4M3FN or f8E5M2 or i1 or i8 or i16 or i32 or i64 or Pointer type}}
  testing$func @f(%x: !cuda_tile.tile<8x4xi28>) {
  }
}

// -----

// A signed integer element is outside the palette too.
cuda_tile.module @m {
  testing$func @f() {
    // expected-error @below{{failed to verify 'elementType': f16 or bf16 or f32 or tf32 or f64 or f8E4M3FN or f8E5M2 or i1 or i8 or i16 or i32 or i64 or Pointer type}}
    %0 = "cuda_tile.get_global"() <{name = @g}> : () -> !cuda_tile.tile<4xsi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%x: !cuda_tile.tile<16xi32>) {
    // expected-error @below{{'cuda_tile.assume' op 'cuda_tile.div_by' divisor must be a power of 2}}
    %0 = assume div_by<12>, %x : tile<16xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%x: !cuda_tile.tile<i32>) {
    // expected-error @below{{'cuda_tile.assume' op 'cuda_tile.div_by' 'every'/'along' cannot be used if the constrained value is a 0D tile}}
    %0 = assume div_by<4, every 2 along 0>, %x : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%v: !cuda_tile.tensor_view<64xf16, strides=[1]>) {
    // expected-error @below{{'cuda_tile.assume' op 'cuda_tile.div_by' 'every'/'along' cannot be used if the constrained value is a tensor_view}}
    %0 = assume div_by<16, every 8 along 0>, %v : tensor_view<64xf16, strides=[1]>
  }
}
