// A comma not followed by the `token` keyword still starts an optional
// operand group (`tokens` is not `token`), and a stray comma after the last
// group keeps NVIDIA's "expected ':'".
// RUN: not ctile-opt -split-input-file %s 2>&1 | FileCheck %s

cuda_tile.module @m {
  testing$func @g(%ptrs: !cuda_tile.tile<8xptr<f32>>, %vals: !cuda_tile.tile<8xf32>) {
    // CHECK: token_comma_invalid.mlir:[[@LINE+1]]:64: error: expected SSA operand
    %1, %t1 = atomic_rmw_tko relaxed device %ptrs, addf, %vals, tokens = %vals :
        tile<8xptr<f32>>, tile<8xf32> -> tile<8xf32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @g(%p: !cuda_tile.tile<ptr<f32>>, %m: !cuda_tile.tile<i1>, %x: !cuda_tile.tile<f32>) {
    // CHECK: token_comma_invalid.mlir:[[@LINE+1]]:43: error: expected ':'
    %1, %t1 = load_ptr_tko weak %p, %m, %x, %x : tile<ptr<f32>>, tile<i1>, tile<f32> -> tile<f32>, token
  }
}
