// Input of attrs_dense_hex.mlir: malformed hex constants.
cuda_tile.module @m {
  testing$func @g() {
    // CHECK: dense_hex_invalid.mlir:[[@LINE+1]]:25: error: custom op 'cuda_tile.constant' elements hex data size is invalid for provided type: '!cuda_tile.tile<4xi16>'
    %f = constant <i16: "0x010002000300"> : tile<4xi16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @g() {
    // CHECK: dense_hex_invalid.mlir:[[@LINE+1]]:24: error: custom op 'cuda_tile.constant' expected string containing hex digits starting with `0x`
    %f = constant <i8: "0xZZ"> : tile<4xi8>
  }
}

// -----

cuda_tile.module @m {
  testing$func @g() {
    // CHECK: dense_hex_invalid.mlir:[[@LINE+1]]:24: error: custom op 'cuda_tile.constant' elements hex data size is invalid for provided type: '!cuda_tile.tile<16xi1>'
    %f = constant <i1: "0x0F"> : tile<16xi1>
  }
}
