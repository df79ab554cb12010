// The type and constant memos (asm_parse_type_memo_here,
// asm_parse_attr_memo_here) in front of a malformed repeat: each text below
// first parses cleanly (and is remembered), then a second text that shares
// its beginning must still report NVIDIA's error at the same place as an
// uncached parse.
// RUN: ctile-opt %s -verify-diagnostics -split-input-file --allow-unregistered-dialect

cuda_tile.module @m {
  entry @k(%a: tile<8xf32>) {
    %0 = absf %a : tile<8xf32>
    %1 = absf %a : tile<8xf32>
    // expected-error @+1 {{expected '>'}}
    %2 = absf %a : tile<8xf32
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<8xf32>) {
    %0 = absf %a : tile<8xf32>
    // expected-error @+1 {{unknown type: f33}}
    %1 = absf %a : tile<8xf33>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %0 = constant <i32: 0> : tile<i32>
    %1 = constant <i32: 0> : tile<i32>
    // expected-error @+1 {{mismatch between the element type: 'i32' and the tile element type 'f32'}}
    %2 = constant <i32: 0> : tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %0 = constant <i1: 1> : tile<i1>
    // expected-error @+1 {{integer constant out of range for type}}
    %1 = constant <i1: 2> : tile<i1>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %0 = constant <i32: 0> : tile<i32>
    // expected-error @+1 {{expected operation name in quotes}}
    %1 = constant <i32: 0> : tile<i32>>
  }
}

// -----

// `token` is remembered as a word alone: it must not stand for `token<...>`.
cuda_tile.module @m {
  entry @k() {
    %t = make_token : token
    %u = make_token : token
    // expected-error @+1 {{expected operation name in quotes}}
    %w = make_token : token<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<ptr<f32>>, %n: tile<i32>) {
    // expected-note @+1 {{prior use here}}
    %v = make_tensor_view %a, shape = [%n, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %p = make_partition_view %v : partition_view<tile=(2x4), tensor_view<?x?xf32, strides=[?,1]>>
    // expected-error @+1 {{use of value '%v' expects different type than prior uses: '!cuda_tile.tensor_view<?x?xf32, strides=[?,2]>' vs '!cuda_tile.tensor_view<?x?xf32, strides=[?,1]>'}}
    %q = make_partition_view %v : partition_view<tile=(2x4), tensor_view<?x?xf32, strides=[?,2]>>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %0 = constant <f32: [1.0, 2.0]> : tile<2xf32>
    // expected-error @+1 {{inferred shape of elements literal ([2]) does not match type ([4])}}
    %1 = constant <f32: [1.0, 2.0]> : tile<4xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %0 = constant <i8: "0x0102"> : tile<2xi8>
    %1 = constant <i8: "0x0102"> : tile<2xi8>
    // expected-error @+1 {{elements hex data size is invalid for provided type: '!cuda_tile.tile<4xi8>'}}
    %2 = constant <i8: "0x0102"> : tile<4xi8>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %0 = constant <i32: 0> : tile<i32>
    // expected-error @+1 {{expected '<'}}
    %1 = constant <i32: 0> : tile
  }
}

// -----

// A repeated generic-form type (`!cuda_tile.m<...>`: the memo behind the
// mnemonic) and a malformed repeat of it.
"u"() : () -> !cuda_tile.tile<4x8xf32>
"u"() : () -> !cuda_tile.tile<4x8xf32>
// expected-error @+1 {{all dimensions must be powers of two, got 4, 7}}
"u"() : () -> !cuda_tile.tile<4x7xf32>

// -----

"u"() {a = [1, 2], b = [1, 2]} : () -> ()
// expected-error @+1 {{expected ',' or ']'}}
"u"() {a = [1, 2 3]} : () -> ()

// -----

"u"() {a = [1 : i8, 2]} : () -> ()
// expected-error @+1 {{integer constant out of range for attribute}}
"u"() {a = [1 : i8, 2], b = [1 : i8, 2], c = [300 : i8, 2]} : () -> ()
