// A gather/scatter view over a tensor view that is a function argument: the
// memref has no make_memref to take a base pointer from, so each coordinate j
// of the sparse dimension is one tiled access of the tile's slice at j
// (size one along the sparse dimension), at offsets (coords[j], index * tile
// size); loads concatenate the slices (viewed with the sparse dimension in
// front, pairwise cat, a permute back), stores write extract_slice j of the
// value, all on the token chain in order.
// RUN: ctile-opt --convert-cuda-tile-to-nv-tileaa='compute-capability=100' %s | FileCheck %s
// RUN: ctile-opt --convert-cuda-tile-to-nv-tileaa='compute-capability=100' %S/../cuda_tile/ops_core_memory.mlir | FileCheck %s --check-prefix=CORE
// f4E2M1FN elements are packed (no element has a byte address), so a gather
// over a make_tensor_view of them takes the same form; it runs both ways:
// RUN: ctile-run %s --entry g4 --grid 1 --arg 'f4E2M1FN[4,4]=iota' --arg 'f4E2M1FN[4,4]=zeros' --dump 1 | tee %t.a | FileCheck %s --check-prefix=G4
// RUN: ctile-run %s --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry g4 --grid 1 --arg 'f4E2M1FN[4,4]=iota' --arg 'f4E2M1FN[4,4]=zeros' --dump 1 | tee %t.b | FileCheck %s --check-prefix=G4
// RUN: diff %t.a %t.b

// CHECK-LABEL: nv_tileaa.func @g(
// CHECK-SAME: %[[M:.*]]: !nv_tileaa.memref<8x6xf32, 1, strides = [6, 1]>, %[[I:.*]]: i32, %[[C:.*]]: tile<2xi32>)
// CHECK: %[[T0:.*]] = nv_tileaa.create_mem_token
// CHECK: %[[X0:.*]] = nv_tileaa.extract %[[C]], %c0 : tile<2xi32>, index -> i32
// CHECK: %[[O0:.*]] = arith.index_cast %[[X0]] : i32 to index
// CHECK: %[[L0:.*]]:2 = nv_tileaa.tiled_load %[[M]][%{{.*}}, %[[O0]]], %[[T0]] {operandSegmentSizes = array<i32: 1, 2, 0, 0>, padding_value = #nv_tileaa.padding_value<nan>} : {{.*}} -> tile<4x1xf32>, !nv_tileaa.mem_token
// CHECK: %[[V0:.*]] = nv_tileaa.view %[[L0]]#0 : tile<4x1xf32> -> tile<1x4xf32>
// CHECK: %[[X1:.*]] = nv_tileaa.extract %[[C]], %c1
// CHECK: %[[L1:.*]]:2 = nv_tileaa.tiled_load %[[M]][%{{.*}}, %{{.*}}], %[[L0]]#1
// CHECK: %[[V1:.*]] = nv_tileaa.view %[[L1]]#0 : tile<4x1xf32> -> tile<1x4xf32>
// CHECK: %[[CAT:.*]] = nv_tileaa.cat %[[V0]], %[[V1]] : tile<1x4xf32>, tile<1x4xf32> -> tile<2x4xf32>
// CHECK: %[[G:.*]] = nv_tileaa.permute %[[CAT]] {order = array<i64: 1, 0>} : tile<2x4xf32> -> tile<4x2xf32>
// CHECK: %[[S0:.*]] = nv_tileaa.extract_slice %[[G]], %c0, %c0 : tile<4x2xf32>, index, index -> tile<4x1xf32>
// CHECK: %[[W0:.*]] = nv_tileaa.tiled_store %[[M]][%{{.*}}, %{{.*}}], %[[S0]], %[[L1]]#1
// CHECK: %[[S1:.*]] = nv_tileaa.extract_slice %[[G]], %c0, %c1 : tile<4x2xf32>, index, index -> tile<4x1xf32>
// CHECK: nv_tileaa.tiled_store %[[M]][%{{.*}}, %{{.*}}], %[[S1]], %[[W0]]
// CHECK-NOT: cuda_tile.

// G4: arg 1: [0, 1, 2, 3, 4, 4, 6, 6, 6, 6, 6, 6, 0, 0, 0, 0]

// CORE-LABEL: nv_tileaa.func @views2(
// CORE-COUNT-8: nv_tileaa.tiled_load %arg0[%{{.*}}, %{{.*}}], %{{.*}} {{.*}} -> tile<1x16xf32>, !nv_tileaa.mem_token
// CORE-NOT: cuda_tile.

cuda_tile.module @m {
  testing$func @g(%tv: !cuda_tile.tensor_view<8x6xf32, strides=[6,1]>, %i: !cuda_tile.tile<i32>, %cols: !cuda_tile.tile<2xi32>) {
    %gv = make_gather_scatter_view %tv : gather_scatter_view<tile=(4x2), padding_value = nan, tensor_view<8x6xf32, strides=[6,1]>, sparse_dim=1>
    %t, %k = load_view_tko weak %gv[%i, %cols] : gather_scatter_view<tile=(4x2), padding_value = nan, tensor_view<8x6xf32, strides=[6,1]>, sparse_dim=1>, tile<i32>, tile<2xi32> -> tile<4x2xf32>, token
    %k2 = store_view_tko weak %t, %gv[%i, %cols] token = %k : tile<4x2xf32>, gather_scatter_view<tile=(4x2), padding_value = nan, tensor_view<8x6xf32, strides=[6,1]>, sparse_dim=1>, tile<i32>, tile<2xi32> -> token
    return
  }
  entry @g4(%x: tile<ptr<f4E2M1FN>>, %y: tile<ptr<f4E2M1FN>>) {
    %tx = make_tensor_view %x, shape = [4, 4], strides = [4, 1] : tensor_view<4x4xf4E2M1FN, strides=[4,1]>
    %gv = make_gather_scatter_view %tx : gather_scatter_view<tile=(4x4), tensor_view<4x4xf4E2M1FN, strides=[4,1]>, sparse_dim=0>
    %rows = constant <i32: [3, 0, 7, 1]> : tile<4xi32>
    %c0 = constant <i32: 0> : tile<i32>
    %t, %k = load_view_tko weak %gv[%rows, %c0] : gather_scatter_view<tile=(4x4), tensor_view<4x4xf4E2M1FN, strides=[4,1]>, sparse_dim=0>, tile<4xi32>, tile<i32> -> tile<4x4xf4E2M1FN>, token
    %ty = make_tensor_view %y, shape = [4, 4], strides = [4, 1] : tensor_view<4x4xf4E2M1FN, strides=[4,1]>
    %sv = make_gather_scatter_view %ty : gather_scatter_view<tile=(4x4), tensor_view<4x4xf4E2M1FN, strides=[4,1]>, sparse_dim=0>
    %r2 = constant <i32: [2, 0, 5, 1]> : tile<4xi32>
    %k2 = store_view_tko weak %t, %sv[%r2, %c0] : tile<4x4xf4E2M1FN>, gather_scatter_view<tile=(4x4), tensor_view<4x4xf4E2M1FN, strides=[4,1]>, sparse_dim=0>, tile<4xi32>, tile<i32> -> token
    return
  }
}
