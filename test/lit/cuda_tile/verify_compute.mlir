// Seed 003 verifier diagnostics of the cuda_tile compute families: float
// arithmetic, conversions, reshape and mma.  Every message is asserted in full,
// with the op's name and at the op's location (docs/diagnostics.md).
// RUN: ctile-opt %s -verify-diagnostics -split-input-file

// == verify_float_arith ==

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4xf32>) {
    // expected-error @below{{'cuda_tile.addf' op expected matching operand and result element types}}
    %0 = "cuda_tile.addf"(%a, %a) <{rounding_mode = #cuda_tile.rounding<nearest_even>}> : (!cuda_tile.tile<4xf32>, !cuda_tile.tile<4xf32>) -> !cuda_tile.tile<4xf16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4xf32>, %b: !cuda_tile.tile<4xf64>, %c: !cuda_tile.tile<4xf32>) {
    // expected-error @below{{'cuda_tile.fma' op expected matching operand and result element types}}
    %0 = "cuda_tile.fma"(%a, %b, %c) <{rounding_mode = #cuda_tile.rounding<nearest_even>}> : (!cuda_tile.tile<4xf32>, !cuda_tile.tile<4xf64>, !cuda_tile.tile<4xf32>) -> !cuda_tile.tile<4xf32>
  }
}

// -----

// A shape-only mismatch is not the seed's condition: NVIDIA's trait text.
cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4xf32>, %b: !cuda_tile.tile<8xf32>) {
    // expected-error @below{{'cuda_tile.subf' op failed to verify that all of {lhs, rhs, result} have same type}}
    %0 = "cuda_tile.subf"(%a, %b) <{rounding_mode = #cuda_tile.rounding<nearest_even>}> : (!cuda_tile.tile<4xf32>, !cuda_tile.tile<8xf32>) -> !cuda_tile.tile<4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4xf16>) {
    // expected-error @below{{'cuda_tile.addf' op flush-to-zero is only legal for f32 element type}}
    %0 = addf %a, %a flush_to_zero : tile<4xf16>
  }
}

// -----

// Seed order: flush-to-zero is checked before the rounding mode.
cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4xbf16>) {
    // expected-error @below{{'cuda_tile.mulf' op flush-to-zero is only legal for f32 element type}}
    %0 = "cuda_tile.mulf"(%a, %a) <{rounding_mode = #cuda_tile.rounding<approx>, flush_to_zero}> : (!cuda_tile.tile<4xbf16>, !cuda_tile.tile<4xbf16>) -> !cuda_tile.tile<4xbf16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4xf32>) {
    // expected-error @below{{'cuda_tile.divf' op invalid rounding mode for divf}}
    %0 = "cuda_tile.divf"(%a, %a) <{rounding_mode = #cuda_tile.rounding<nearest_int_to_zero>}> : (!cuda_tile.tile<4xf32>, !cuda_tile.tile<4xf32>) -> !cuda_tile.tile<4xf32>
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
  testing$func @f(%a: !cuda_tile.tile<4xf64>) {
    // expected-error @below{{'cuda_tile.divf' op approx and full rounding modes require f32}}
    %0 = divf %a, %a rounding<full> : tile<4xf64>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4xf32>) {
    // expected-error @below{{'cuda_tile.addf' op rounding mode not allowed outside divf}}
    %0 = "cuda_tile.addf"(%a, %a) <{rounding_mode = #cuda_tile.rounding<approx>}> : (!cuda_tile.tile<4xf32>, !cuda_tile.tile<4xf32>) -> !cuda_tile.tile<4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4xf32>) {
    // expected-error @below{{'cuda_tile.fma' op rounding mode not allowed outside divf}}
    %0 = "cuda_tile.fma"(%a, %a, %a) <{rounding_mode = #cuda_tile.rounding<full>}> : (!cuda_tile.tile<4xf32>, !cuda_tile.tile<4xf32>, !cuda_tile.tile<4xf32>) -> !cuda_tile.tile<4xf32>
  }
}

// -----

// == verify_conversion ==

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4xi32>) {
    // expected-error @below{{'cuda_tile.exti' op exti requires the result width to be strictly greater than the input width}}
    %0 = exti %a signed : tile<4xi32> -> tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4xi32>) {
    // expected-error @below{{'cuda_tile.exti' op exti requires the result width to be strictly greater than the input width}}
    %0 = exti %a unsigned : tile<4xi32> -> tile<4xi16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4xi16>) {
    // expected-error @below{{'cuda_tile.trunci' op trunci requires the result width to be strictly less than the input width}}
    %0 = trunci %a : tile<4xi16> -> tile<4xi16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4xi8>) {
    // expected-error @below{{'cuda_tile.trunci' op trunci requires the result width to be strictly less than the input width}}
    %0 = trunci %a : tile<4xi8> -> tile<4xi64>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4xf32>) {
    // expected-error @below{{'cuda_tile.ftof' op ftof rejects identity conversions}}
    %0 = ftof %a : tile<4xf32> -> tile<4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4xf32>) {
    // expected-error @below{{'cuda_tile.ftof' op ftof requires nearest-even rounding}}
    %0 = ftof %a rounding<zero> : tile<4xf32> -> tile<4xf16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4xi32>) {
    // expected-error @below{{'cuda_tile.itof' op itof requires nearest-even rounding}}
    %0 = "cuda_tile.itof"(%a) <{signedness = #cuda_tile.signedness<signed>, rounding_mode = #cuda_tile.rounding<positive_inf>}> : (!cuda_tile.tile<4xi32>) -> !cuda_tile.tile<4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4xf32>) {
    // expected-error @below{{'cuda_tile.ftoi' op ftoi requires truncation toward zero}}
    %0 = "cuda_tile.ftoi"(%a) <{signedness = #cuda_tile.signedness<signed>, rounding_mode = #cuda_tile.rounding<nearest_even>}> : (!cuda_tile.tile<4xf32>) -> !cuda_tile.tile<4xi32>
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

// == verify_reshape ==

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<8x8xf32>) {
    // expected-error @below{{'cuda_tile.reshape' op reshape requires matching element types}}
    %0 = reshape %a : tile<8x8xf32> -> tile<64xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<8x8xf32>) {
    // expected-error @below{{'cuda_tile.reshape' op reshape element-count mismatch: source has 64 elements, result has 32}}
    %0 = reshape %a : tile<8x8xf32> -> tile<4x8xf32>
  }
}

// -----

// == verify_mma ==

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<2x2x2x2xf16>, %c: !cuda_tile.tile<2x2x2x2xf32>) {
    // expected-error @below{{'cuda_tile.mmaf' op mma operand A must be rank-2 or rank-3}}
    %0 = mmaf %a, %a, %c : tile<2x2x2x2xf16>, tile<2x2x2x2xf16>, tile<2x2x2x2xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4x8xf16>, %b: !cuda_tile.tile<2x8x16xf16>, %c: !cuda_tile.tile<4x16xf32>) {
    // expected-error @below{{'cuda_tile.mmaf' op mma operands must share rank}}
    %0 = mmaf %a, %b, %c : tile<4x8xf16>, tile<2x8x16xf16>, tile<4x16xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4x8xf16>, %b: !cuda_tile.tile<8x16xf16>, %c: !cuda_tile.tile<4x16xf32>) {
    // expected-error @below{{'cuda_tile.mmaf' op mma operands must share rank}}
    %0 = "cuda_tile.mmaf"(%a, %b, %c) : (!cuda_tile.tile<4x8xf16>, !cuda_tile.tile<8x16xf16>, !cuda_tile.tile<4x16xf32>) -> !cuda_tile.tile<2x4x16xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4x8xf16>, %b: !cuda_tile.tile<16x16xf16>, %c: !cuda_tile.tile<4x16xf32>) {
    // expected-error @below{{'cuda_tile.mmaf' op mma contracting dimension mismatch}}
    %0 = mmaf %a, %b, %c : tile<4x8xf16>, tile<16x16xf16>, tile<4x16xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4x8xi8>, %b: !cuda_tile.tile<8x16xi8>, %c: !cuda_tile.tile<8x16xi32>) {
    // expected-error @below{{'cuda_tile.mmai' op mma accumulator must agree with A and B on M and N}}
    %0 = mmai %a, %b, %c signed signed : tile<4x8xi8>, tile<8x16xi8>, tile<8x16xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4x8xf16>, %b: !cuda_tile.tile<8x16xf16>, %c: !cuda_tile.tile<4x32xf32>) {
    // expected-error @below{{'cuda_tile.mmaf' op mma accumulator must agree with A and B on M and N}}
    %0 = mmaf %a, %b, %c : tile<4x8xf16>, tile<8x16xf16>, tile<4x32xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4x8xf16>, %b: !cuda_tile.tile<8x16xf16>, %c: !cuda_tile.tile<4x16xf32>) {
    // expected-error @below{{'cuda_tile.mmaf' op mma accumulator and result shapes must match}}
    %0 = "cuda_tile.mmaf"(%a, %b, %c) : (!cuda_tile.tile<4x8xf16>, !cuda_tile.tile<8x16xf16>, !cuda_tile.tile<4x16xf32>) -> !cuda_tile.tile<4x8xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4x8xi8>, %b: !cuda_tile.tile<8x16xi8>, %c: !cuda_tile.tile<4x16xi32>) {
    // expected-error @below{{'cuda_tile.mmai' op expect signedness attribute for operand A}}
    %0 = "cuda_tile.mmai"(%a, %b, %c) <{signedness_lhs = #cuda_tile.signedness<signed>}> : (!cuda_tile.tile<4x8xi8>, !cuda_tile.tile<8x16xi8>, !cuda_tile.tile<4x16xi32>) -> !cuda_tile.tile<4x16xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4x8xi8>, %b: !cuda_tile.tile<8x16xi8>, %c: !cuda_tile.tile<4x16xi16>) {
    // expected-error @below{{'cuda_tile.mmai' op integer mma accumulator and result must be i32}}
    %0 = mmai %a, %b, %c signed unsigned : tile<4x8xi8>, tile<8x16xi8>, tile<4x16xi16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4x8xi16>, %b: !cuda_tile.tile<8x16xi16>, %c: !cuda_tile.tile<4x16xi32>) {
    // expected-error @below{{'cuda_tile.mmai' op integer mma inputs must share a legal integer element type}}
    %0 = mmai %a, %b, %c signed signed : tile<4x8xi16>, tile<8x16xi16>, tile<4x16xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4x8xf16>, %b: !cuda_tile.tile<8x16xf16>, %c: !cuda_tile.tile<4x16xf64>) {
    // expected-error @below{{'cuda_tile.mmaf' op floating mma input/accumulator pair is not supported on the target}}
    %0 = mmaf %a, %b, %c : tile<4x8xf16>, tile<8x16xf16>, tile<4x16xf64>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4x8xf16>, %b: !cuda_tile.tile<8x16xf16>, %c: !cuda_tile.tile<4x16xf32>) {
    // expected-error @below{{'cuda_tile.mmaf' op floating mma accumulator and result must share type}}
    %0 = "cuda_tile.mmaf"(%a, %b, %c) : (!cuda_tile.tile<4x8xf16>, !cuda_tile.tile<8x16xf16>, !cuda_tile.tile<4x16xf32>) -> !cuda_tile.tile<4x16xf16>
  }
}
