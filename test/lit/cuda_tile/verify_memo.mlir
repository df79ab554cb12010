// The verifier remembers, per op kind and for one walk, the attribute
// dictionaries it accepted, and skips their checks for a later op with the
// same ones.  What such an op still gets checked:
//  - its operand and result types (the memo covers dictionaries only);
//  - its operand count against the remembered operandSegmentSizes;
//  - a different dictionary of the same kind, in full;
//  - the same dictionary on another kind, in full (the memo is per kind).
// RUN: ctile-opt %s -verify-diagnostics -split-input-file

cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<16xptr<f32>>, %q: !cuda_tile.tile<16xi32>) {
    %a, %t = "cuda_tile.load_ptr_tko"(%p) <{memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 0, 0, 0>}> : (!cuda_tile.tile<16xptr<f32>>) -> (!cuda_tile.tile<16xf32>, !cuda_tile.token)
    // expected-error @below {{'cuda_tile.load_ptr_tko' op operand #0 must be tile of Pointer type values, but got '!cuda_tile.tile<16xi32>'}}
    %b, %u = "cuda_tile.load_ptr_tko"(%q) <{memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 0, 0, 0>}> : (!cuda_tile.tile<16xi32>) -> (!cuda_tile.tile<16xf32>, !cuda_tile.token)
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<16xptr<f32>>) {
    %a, %t = "cuda_tile.load_ptr_tko"(%p) <{memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 0, 0, 0>}> : (!cuda_tile.tile<16xptr<f32>>) -> (!cuda_tile.tile<16xf32>, !cuda_tile.token)
    // expected-error @below {{'cuda_tile.load_ptr_tko' op operand count (2) does not match with the total size (1) specified in attribute 'operandSegmentSizes'}}
    %b, %u = "cuda_tile.load_ptr_tko"(%p, %p) <{memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 0, 0, 0>}> : (!cuda_tile.tile<16xptr<f32>>, !cuda_tile.tile<16xptr<f32>>) -> (!cuda_tile.tile<16xf32>, !cuda_tile.token)
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<16xptr<f32>>) {
    %a, %t = "cuda_tile.load_ptr_tko"(%p) <{memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 0, 0, 0>}> : (!cuda_tile.tile<16xptr<f32>>) -> (!cuda_tile.tile<16xf32>, !cuda_tile.token)
    // expected-error @below {{'cuda_tile.load_ptr_tko' op requires attribute 'memory_ordering_semantics'}}
    %b, %u = "cuda_tile.load_ptr_tko"(%p) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>}> : (!cuda_tile.tile<16xptr<f32>>) -> (!cuda_tile.tile<16xf32>, !cuda_tile.token)
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4xi32>, %x: !cuda_tile.tile<4xf32>) {
    %0 = "cuda_tile.addi"(%a, %a) <{overflow = #cuda_tile.overflow<none>}> : (!cuda_tile.tile<4xi32>, !cuda_tile.tile<4xi32>) -> !cuda_tile.tile<4xi32>
    // expected-error @below {{'cuda_tile.addi' op operand #0 must be tile of i1 or i8 or i16 or i32 or i64 values, but got '!cuda_tile.tile<4xf32>'}}
    %1 = "cuda_tile.addi"(%x, %x) <{overflow = #cuda_tile.overflow<none>}> : (!cuda_tile.tile<4xf32>, !cuda_tile.tile<4xf32>) -> !cuda_tile.tile<4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4xi32>) {
    %0 = "cuda_tile.addi"(%a, %a) <{overflow = #cuda_tile.overflow<none>}> : (!cuda_tile.tile<4xi32>, !cuda_tile.tile<4xi32>) -> !cuda_tile.tile<4xi32>
    // expected-error @below {{'cuda_tile.addi' op attribute 'overflow' failed to satisfy constraint}}
    %1 = "cuda_tile.addi"(%a, %a) <{overflow = 7 : i32}> : (!cuda_tile.tile<4xi32>, !cuda_tile.tile<4xi32>) -> !cuda_tile.tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4xi32>) {
    %0 = "cuda_tile.addi"(%a, %a) <{overflow = #cuda_tile.overflow<none>}> : (!cuda_tile.tile<4xi32>, !cuda_tile.tile<4xi32>) -> !cuda_tile.tile<4xi32>
    // expected-error @below {{'cuda_tile.maxi' op requires attribute 'signedness'}}
    %1 = "cuda_tile.maxi"(%a, %a) <{overflow = #cuda_tile.overflow<none>}> : (!cuda_tile.tile<4xi32>, !cuda_tile.tile<4xi32>) -> !cuda_tile.tile<4xi32>
  }
}
