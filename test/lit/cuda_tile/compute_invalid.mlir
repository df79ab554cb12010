// Verifier and custom-parser diagnostics of the cuda_tile compute ops
// (ODS constraint wording, trait checks, NVIDIA's op verifiers).
// RUN: ctile-opt %s -verify-diagnostics -split-input-file

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4xf32>) {
    // expected-error @below{{'cuda_tile.addi' op operand #0 must be tile of i1 or i8 or i16 or i32 or i64 values, but got '!cuda_tile.tile<4xf32>'}}
    %0 = addi %a, %a : tile<4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4xi32>, %b: !cuda_tile.tile<4xi64>) {
    // expected-error @below{{'cuda_tile.addi' op failed to verify that all of {lhs, rhs, result} have same type}}
    %0 = "cuda_tile.addi"(%a, %b) : (!cuda_tile.tile<4xi32>, !cuda_tile.tile<4xi64>) -> !cuda_tile.tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4xi32>) {
    // expected-error @below{{expected valid keyword}}
    // expected-error @below{{expected signedness to be one of: {'signed', 'unsigned'}}}
    %0 = divi %a, %a : tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4xi32>) {
    // expected-error @below{{rounding mode 'negative_inf' is not allowed with 'unsigned' flag}}
    %0 = divi %a, %a unsigned rounding<negative_inf> : tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4xf32>) {
    // expected-error @below{{custom op 'cuda_tile.addf' expected rounding mode to be one of: 'nearest_even', 'zero', 'negative_inf', 'positive_inf', got: 'approx'}}
    %0 = addf %a, %a rounding<approx> : tile<4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4xf16>) {
    // expected-error @below{{'cuda_tile.mulf' op flush-to-zero is only legal for f32 element type}}
    %0 = mulf %a, %a flush_to_zero : tile<4xf16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4xf16>) {
    // expected-error @below{{'cuda_tile.divf' op approx and full rounding modes require f32}}
    %0 = divf %a, %a rounding<approx> : tile<4xf16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4xi16>) {
    // expected-error @below{{'cuda_tile.sqrt' op operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<4xi16>'}}
    %0 = sqrt %a : tile<4xi16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4xf32>) {
    // expected-error @below{{'cuda_tile.cmpf' op failed to verify that Result type has i1 element type and same shape as operands}}
    %0 = cmpf equal ordered %a, %a : tile<4xf32> -> tile<2xi1>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4xi32>) {
    // expected-error @below{{custom op 'cuda_tile.cmpi' expected 'comparison_predicate' to be one of: {'equal', 'not_equal', 'less_than', 'less_than_or_equal', 'greater_than', 'greater_than_or_equal'}}}
    %0 = cmpi bogus %a, %a, signed : tile<4xi32> -> tile<4xi1>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4xi32>) {
    // expected-error @below{{'cuda_tile.exti' op exti requires the result width to be strictly greater than the input width}}
    %0 = exti %a signed : tile<4xi32> -> tile<4xi16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4xi32>) {
    // expected-error @below{{'cuda_tile.trunci' op failed to verify that all of {from, to} have same shape}}
    %0 = trunci %a : tile<4xi32> -> tile<2xi16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4xi32>) {
    // expected-error @below{{'cuda_tile.bitcast' op bitcast requires equal-width source and destination element types}}
    %0 = bitcast %a : tile<4xi32> -> tile<4xf16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4x4xf32>) {
    // expected-error @below{{'cuda_tile.broadcast' op expects the shape of source tile to be compatible with that of the result tile, but got: 4, 4 and 2, 4}}
    %0 = broadcast %a : tile<4x4xf32> -> tile<2x4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4x4xf32>) {
    // expected-error @below{{'cuda_tile.reshape' op reshape element-count mismatch: source has 16 elements, result has 8}}
    %0 = reshape %a : tile<4x4xf32> -> tile<8xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<2x4xf32>) {
    // expected-error @below{{'cuda_tile.permute' op permutation element at index 1 (100) is out of bound [0, 2)}}
    %0 = permute %a [0, 100] : tile<2x4xf32> -> tile<2x4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<2x4xf32>) {
    // expected-error @below{{'cuda_tile.cat' op invalid concat at position 1, expected: 8 but got: 16}}
    %0 = cat %a, %a dim = 1 : tile<2x4xf32>, tile<2x4xf32> -> tile<2x16xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    // expected-error @below{{'cuda_tile.iota' op the number of elements 512 exceeds the maximum value of element type 'i8'}}
    %0 = iota : tile<512xi8>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%l: !cuda_tile.tile<4x8xf16>, %r: !cuda_tile.tile<8x2xf16>, %acc: !cuda_tile.tile<4x2xbf16>) {
    // expected-error @below{{'cuda_tile.mmaf' op operand #2 must be mmaf acc/result tile type of f16 or f32 or f64 values, but got '!cuda_tile.tile<4x2xbf16>'}}
    %0 = mmaf %l, %r, %acc : tile<4x8xf16>, tile<8x2xf16>, tile<4x2xbf16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%l: !cuda_tile.tile<4x8xf16>, %r: !cuda_tile.tile<8x2xf16>, %acc: !cuda_tile.tile<4x2xf64>) {
    // expected-error @below{{'cuda_tile.mmaf' op floating mma input/accumulator pair is not supported on the target}}
    %0 = mmaf %l, %r, %acc : tile<4x8xf16>, tile<8x2xf16>, tile<4x2xf64>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%x: !cuda_tile.tile<8xf32>) {
    // expected-error @below{{'cuda_tile.reduce' op reduction dimension is out of range}}
    %0 = reduce %x dim=10 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
    (%p: tile<f32>, %q: tile<f32>) {
      yield %p : tile<f32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%x: !cuda_tile.tile<8xf32>) {
    // expected-error @below{{'cuda_tile.reduce' op expect same element type for block argument at index: 0 and 1 but got: 'f32' and 'i32'}}
    %0 = reduce %x dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
    (%p: tile<f32>, %q: tile<i32>) {
      yield %p : tile<f32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%x: !cuda_tile.tile<8xf32>) {
    // expected-error @below{{'cuda_tile.scan' op expect same type for operand at index: 0 and result at index: 0}}
    %0 = scan %x dim=0 reverse=false identities=[0.0 : f32] : tile<8xf32> -> tile<4xf32>
    (%p: tile<f32>, %q: tile<f32>) {
      yield %p : tile<f32>
    }
  }
}
