// Verifier messages of the assumption predicates (the div_by ones are also
// seed diagnostics).
// RUN: ctile-opt %s -verify-diagnostics -split-input-file

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<16xi32>) {
    // expected-error @below{{'cuda_tile.div_by' divisor must be a power of 2}}
    %0 = assume div_by<12>, %a : tile<16xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<16xi32>) {
    // expected-error @below{{'cuda_tile.div_by' divisor is too large}}
    %0 = assume div_by<9223372036854775808>, %a : tile<16xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<ptr<f16>>) {
    // expected-error @below{{'cuda_tile.div_by' 'every'/'along' cannot be used if the constrained value is a 0D tile}}
    %0 = assume div_by<2, every 2 along 0>, %a : tile<ptr<f16>>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tensor_view<64xf16, strides=[1]>) {
    // expected-error @below{{'cuda_tile.div_by' 'every'/'along' cannot be used if the constrained value is a tensor_view}}
    %0 = assume div_by<2, every 2 along 0>, %a : tensor_view<64xf16, strides=[1]>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<16xf32>) {
    // expected-error @below{{'cuda_tile.div_by' is valid only for tile of integer/pointer or tensor_view values}}
    %0 = assume div_by<2>, %a : tile<16xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<16xi32>) {
    // expected-error @below{{'cuda_tile.div_by' every_dim (-1) must be >= 0 and < tile rank (1)}}
    %0 = assume div_by<2, every 2 along -1>, %a : tile<16xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4x8xi32>) {
    // expected-error @below{{expected 'cuda_tile.div_by' every_dim to be within 0 and the size of the respective dimension (8)}}
    %0 = assume div_by<2, every 16 along 1>, %a : tile<4x8xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4x8xi32>) {
    // expected-error @below{{expected number of values in 'cuda_tile.same_elements' (1) to match rank of constrained tile (2)}}
    %0 = assume same_elements<[2]>, %a : tile<4x8xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4x8xi32>) {
    // expected-error @below{{expected 'cuda_tile.same_elements' value 1 to be within 0 and the size of the respective dimension (8)}}
    %0 = assume same_elements<[2, 9]>, %a : tile<4x8xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4xf16>) {
    // expected-error @below{{'cuda_tile.same_elements' is valid only for tile of integer/pointer values}}
    %0 = assume same_elements<[2]>, %a : tile<4xf16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4xptr<f16>>) {
    // expected-error @below{{'cuda_tile.bounded' is valid only for tile of integer values}}
    %0 = assume bounded<0, ?>, %a : tile<4xptr<f16>>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4xi16>) {
    // expected-error @below{{'cuda_tile.bounded' expects lower bound to be within [-32768, 32767]}}
    %0 = assume bounded<-32769, ?>, %a : tile<4xi16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4xi16>) {
    // expected-error @below{{'cuda_tile.bounded' expects lower bound to be less than or equal to upper bound}}
    %0 = assume bounded<5, 4>, %a : tile<4xi16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4xi16>) {
    // expected-error @below{{unknown assume predicate attribute: multiple_of (expected 'div_by', 'same_elements', or 'bounded')}}
    %0 = assume multiple_of<4>, %a : tile<4xi16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4xi16>) {
    // expected-error @below{{expected assume predicate attribute}}
    %0 = assume #cuda_tile.signedness<signed>, %a : tile<4xi16>
  }
}
