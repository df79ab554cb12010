// ODS-level and control-flow verifier diagnostics of the core cuda_tile ops.
// RUN: ctile-opt %s -split-input-file -verify-diagnostics

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<i32>) {
    // expected-error @below {{'cuda_tile.if' op operand #0 must be 0D tile of i1 values, but got '!cuda_tile.tile<i32>'}}
    "cuda_tile.if"(%a) ({
      "cuda_tile.yield"() : () -> ()
    }, {
    }) : (!cuda_tile.tile<i32>) -> ()
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    // expected-error @below {{'cuda_tile.yield' op expects parent op to be one of 'cuda_tile.if, cuda_tile.reduce, cuda_tile.scan'}}
    yield
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<i32>) {
    loop {
      // expected-error @below {{'cuda_tile.break' op early-exit operand types must match the enclosing region contract}}
      break %a : tile<i32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<i32>) {
    %t = constant <i1: true> : tile<i1>
    %r = loop : tile<i32> {
      // expected-error @below {{'cuda_tile.continue' op early-exit operand types must match the enclosing region contract}}
      continue %a : tile<i32>
    }
  }
}

// -----

cuda_tile.module @m {
  entry @f() {
    %c = constant <i32: 1> : tile<i32>
    // expected-error @below {{'cuda_tile.return' op has 1 operands, but enclosing function (@f) returns 0}}
    return %c : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  // expected-error @below {{'cuda_tile.entry' op entry op must have scalar types (rank 0 !cuda_tile.tile)}}
  entry @f(%a: tile<4xi32>) {
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    %t = make_token : token
    // expected-error @below {{'cuda_tile.join_tokens' op expect two or more tokens}}
    %j = join_tokens %t : token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<16xf32>) {
    // expected-error @below {{'cuda_tile.load_ptr_tko' op operand #0 must be tile of Pointer type values, but got '!cuda_tile.tile<16xf32>'}}
    %a, %t = load_ptr_tko weak %p : tile<16xf32> -> tile<16xf32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<16xptr<f32>>) {
    // expected-error @below {{'cuda_tile.load_ptr_tko' op weak memory ordering must not carry a scope}}
    %a, %t = "cuda_tile.load_ptr_tko"(%p) <{memory_ordering_semantics = 0 : i32, memory_scope = 1 : i32, operandSegmentSizes = array<i32: 1, 0, 0, 0>}> : (!cuda_tile.tile<16xptr<f32>>) -> (!cuda_tile.tile<16xf32>, !cuda_tile.token)
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<16xptr<f32>>) {
    // expected-error @below {{'cuda_tile.load_ptr_tko' op operand count (1) does not match with the total size (2) specified in attribute 'operandSegmentSizes'}}
    %a, %t = "cuda_tile.load_ptr_tko"(%p) <{memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (!cuda_tile.tile<16xptr<f32>>) -> (!cuda_tile.tile<16xf32>, !cuda_tile.token)
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    // expected-error @below {{'cuda_tile.make_token' op result #0 must be cuda tile token type, but got 'i32'}}
    %t = "cuda_tile.make_token"() : () -> i32
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    // expected-error @below {{'cuda_tile.get_tile_block_id' op result #0 must be 0D tile of i32 values, but got '!cuda_tile.tile<i64>'}}
    %x, %y, %z = get_tile_block_id : tile<i64>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    // expected-error @below {{'cuda_tile.alloca' op 'alignment' must be power of two}}
    %a = alloca num_elem = 4, alignment = 3 : tile<ptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<f32>) {
    // expected-error @below {{'cuda_tile.for' op operand #0 must be 0D tile of i1 or i8 or i16 or i32 or i64 values, but got '!cuda_tile.tile<f32>'}}
    for %i in (%a to %a, step %a) : tile<f32> {
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4xptr<f32>>) {
    // expected-error @below {{'cuda_tile.get_global' op result #0 must be 0D tile of Pointer type values, but got '!cuda_tile.tile<4xptr<f32>>'}}
    %g = "cuda_tile.get_global"() <{name = @g}> : () -> !cuda_tile.tile<4xptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<8xptr<f32>>, %o: !cuda_tile.tile<8xi32>) {
    // expected-error @below {{'cuda_tile.offset' op failed to verify that all of {result, ptr} have same type}}
    %0 = offset %p, %o : tile<8xptr<f32>>, tile<8xi32> -> tile<16xptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<2xptr<f32>>, %a: !cuda_tile.tile<2xi32>) {
    // expected-error @below {{'cuda_tile.atomic_rmw_tko' op pointer pointee element type must match value element type}}
    %0, %t = atomic_rmw_tko relaxed device %p, add, %a : tile<2xptr<f32>>, tile<2xi32> -> tile<2xi32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: !cuda_tile.tile<i32>) {
    // expected-error @below {{'cuda_tile.print_tko' op incorrect number of operands: expected 2, found 1}}
    %t = print_tko "%d %%, %d", %c : tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    // expected-error @below {{'cuda_tile.get_global' op 'nope' does not reference a valid global}}
    %g = get_global @nope : tile<ptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  global @g <f16: [1.0]> : tile<1xf16>
  testing$func @f() {
    // expected-error @below {{'cuda_tile.get_global' op pointee type of result type '!cuda_tile.ptr<f32>' does not match type 'f16' of the global @g}}
    %g = get_global @g : tile<ptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: !cuda_tile.tile<i32>) {
    %r = for %i in (%c to %c, step %c) : tile<i32> iter_values(%a = %c) -> (tile<i32>) {
      // expected-error @below {{'cuda_tile.continue' op early-exit operand types must match the enclosing region contract}}
      continue
    }
  }
}

// -----

cuda_tile.module @m {
  // expected-note @below {{see unexpected ancestor operation}}
  testing$func @f(%c: !cuda_tile.tile<i1>) {
    if %c {
      // expected-error @below {{'cuda_tile.break' op early-exit must be enclosed by a compatible loop or for}}
      break
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: !cuda_tile.tile<i1>, %v: !cuda_tile.tile<i32>) {
    // expected-error @below {{'cuda_tile.if' op if with results requires an else-region}}
    %r = if %c -> (tile<i32>) {
      yield %v : tile<i32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%v: !cuda_tile.tile<i32>) -> !cuda_tile.tile<f32> {
    // expected-error @below {{type of return operand 0 ('!cuda_tile.tile<i32>') doesn't match function result type ('!cuda_tile.tile<f32>') in function @f}}
    return %v : tile<i32>
  }
}
