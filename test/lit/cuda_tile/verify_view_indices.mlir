// View index checks (verifyIndices of each view type) are reported as NVIDIA's
// verifyViewLoadStoreCommon does: op->emitOpError(), so with the op-name
// prefix and the current-operation note.
// RUN: not ctile-opt -split-input-file %s 2>&1 | FileCheck %s

cuda_tile.module @m {
  entry @gather(%x: tile<ptr<i32>>) {
    %tx = make_tensor_view %x, shape=[4,4], strides=[4,1] : tensor_view<4x4xi32, strides=[4,1]>
    %gv = make_gather_scatter_view %tx : gather_scatter_view<tile=(4x4), padding_value = zero, tensor_view<4x4xi32, strides=[4,1]>, sparse_dim=0>
    %rows = constant <i32: [0, 1]> : tile<2xi32>
    %c0 = constant <i32: 0> : tile<i32>
    // CHECK: verify_view_indices.mlir:[[@LINE+2]]:14: error: 'cuda_tile.load_view_tko' op expected gather/scatter index size (2) to match tile shape at gather/scatter dimension 0 (4)
    // CHECK: verify_view_indices.mlir:[[@LINE+1]]:14: note: see current operation: %4:2 = "cuda_tile.load_view_tko"(%1, %2, %3)
    %t, %k = load_view_tko weak %gv[%rows, %c0] : gather_scatter_view<tile=(4x4), padding_value = zero, tensor_view<4x4xi32, strides=[4,1]>, sparse_dim=0>, tile<2xi32>, tile<i32> -> tile<4x4xi32>, token
    return
  }
}

// -----

cuda_tile.module @m {
  entry @mixed(%x: tile<ptr<f32>>, %i: tile<i32>, %j: tile<i64>) {
    %tv = make_tensor_view %x, shape=[8,8], strides=[8,1] : tensor_view<8x8xf32, strides=[8,1]>
    %pv = make_partition_view %tv : partition_view<tile=(4x4), tensor_view<8x8xf32, strides=[8,1]>>
    // CHECK: verify_view_indices.mlir:[[@LINE+2]]:14: error: 'cuda_tile.load_view_tko' op expected index type 1 to be the same as other index types ('!cuda_tile.tile<i32>'), got '!cuda_tile.tile<i64>'
    // CHECK: note: see current operation:
    %t, %k = load_view_tko weak %pv[%i, %j] : partition_view<tile=(4x4), tensor_view<8x8xf32, strides=[8,1]>>, tile<i32>, tile<i64> -> tile<4x4xf32>, token
    return
  }
}
