// View accesses through partition and strided views with a non-identity
// dim_map: view dimension d walks tensor dimension dim_map[d], so the tiled
// access takes its offsets in tensor order (the offset of tensor dimension
// dim_map[d] is index d * step d) and its tile in tensor order; an
// nv_tileaa.permute moves the loaded tile to the view's order (order =
// dim_map) and a stored or reduced tile back (the inverse).  in_bounds facts
// are per memref dimension.  Every kernel runs both ways identically.
// RUN: ctile-opt --convert-cuda-tile-to-nv-tileaa='compute-capability=100' %s | FileCheck %s
// RUN: ctile-run %s --entry part --grid 1 --arg 'f32[4,8]=iota' --arg 'f32[8,2]=zeros' --arg 'f32[4,8]=zeros' --dump 1 --dump 2 | tee %t.a | FileCheck %s --check-prefix=PART
// RUN: ctile-run %s --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry part --grid 1 --arg 'f32[4,8]=iota' --arg 'f32[8,2]=zeros' --arg 'f32[4,8]=zeros' --dump 1 --dump 2 | tee %t.b | FileCheck %s --check-prefix=PART
// RUN: diff %t.a %t.b
// RUN: ctile-run %s --entry strided --grid 2 --arg 'f32[8,2]=iota' --arg 'f32[2,4]=zeros' --dump 1 | tee %t.c | FileCheck %s --check-prefix=STRIDED
// RUN: ctile-run %s --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100},canonicalize' --entry strided --grid 2 --arg 'f32[8,2]=iota' --arg 'f32[2,4]=zeros' --dump 1 | tee %t.d | FileCheck %s --check-prefix=STRIDED
// RUN: diff %t.c %t.d

// CHECK-LABEL: nv_tileaa.func @part(
// the tile at view index (0, 1): tensor rows 2..3 (dimension 0 walked by view dimension 1), all 8 columns
// CHECK: %[[L:.*]]:2 = nv_tileaa.tiled_load %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} {in_bounds = array<i1: true, true>, operandSegmentSizes = array<i32: 1, 2, 0, 0>} : {{.*}} -> tile<2x8xf32>, !nv_tileaa.mem_token
// CHECK: %[[P:.*]] = nv_tileaa.permute %[[L]]#0 {order = array<i64: 1, 0>} : tile<2x8xf32> -> tile<8x2xf32>
// CHECK: nv_tileaa.tiled_store %{{.*}}[%{{.*}}, %{{.*}}], %[[P]], %{{.*}} {in_bounds = array<i1: true, true>, operandSegmentSizes = array<i32: 1, 1, 2, 0>} : !nv_tileaa.memref<8x2xf32
// CHECK: %[[Q:.*]] = nv_tileaa.permute %[[P]] {order = array<i64: 1, 0>} : tile<8x2xf32> -> tile<2x8xf32>
// CHECK: nv_tileaa.tiled_store %{{.*}}[%{{.*}}, %{{.*}}], %[[Q]]
// CHECK: nv_tileaa.tiled_atomic_rmw %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} {{.*}}rmw_mode = #nv_tileaa.rmw_mode<addf>{{.*}} tile<2x8xf32>
// CHECK-NOT: cuda_tile.

// PART: arg 1: [16, 24, 17, 25, 18, 26, 19, 27, 20, 28, 21, 29, 22, 30, 23, 31]
// PART: arg 2: [16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31]
// Block b reads column b (view dimension 0 walks tensor dimension 1) of rows 0..3
// STRIDED: arg 1: [0, 2, 4, 6, 1, 3, 5, 7]

cuda_tile.module @m {
  entry @part(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>, %z: tile<ptr<f32>>) {
    %tx = make_tensor_view %x, shape = [4, 8], strides = [8, 1] : tensor_view<4x8xf32, strides=[8,1]>
    %pv = make_partition_view %tx : partition_view<tile=(8x2), tensor_view<4x8xf32, strides=[8,1]>, dim_map=[1, 0]>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %t, %k = load_view_tko weak %pv[%c0, %c1] : partition_view<tile=(8x2), tensor_view<4x8xf32, strides=[8,1]>, dim_map=[1, 0]>, tile<i32> -> tile<8x2xf32>, token
    %ty = make_tensor_view %y, shape = [8, 2], strides = [2, 1] : tensor_view<8x2xf32, strides=[2,1]>
    %py = make_partition_view %ty : partition_view<tile=(8x2), tensor_view<8x2xf32, strides=[2,1]>>
    %k2 = store_view_tko weak %t, %py[%c0, %c0] : tile<8x2xf32>, partition_view<tile=(8x2), tensor_view<8x2xf32, strides=[2,1]>>, tile<i32> -> token
    %tz = make_tensor_view %z, shape = [4, 8], strides = [8, 1] : tensor_view<4x8xf32, strides=[8,1]>
    %pz = make_partition_view %tz : partition_view<tile=(8x2), tensor_view<4x8xf32, strides=[8,1]>, dim_map=[1, 0]>
    %k3 = store_view_tko weak %t, %pz[%c0, %c0] : tile<8x2xf32>, partition_view<tile=(8x2), tensor_view<4x8xf32, strides=[8,1]>, dim_map=[1, 0]>, tile<i32> -> token
    %k4 = atomic_red_view_tko relaxed device %pz[%c0, %c1], addf, %t : tile<8x2xf32>, partition_view<tile=(8x2), tensor_view<4x8xf32, strides=[8,1]>, dim_map=[1, 0]>, tile<i32> -> token
    return
  }
  entry @strided(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>) {
    %tx = make_tensor_view %x, shape = [8, 2], strides = [2, 1] : tensor_view<8x2xf32, strides=[2,1]>
    %sv = make_strided_view %tx : strided_view<tile=(1x4), traversal_strides=[1,4], tensor_view<8x2xf32, strides=[2,1]>, dim_map=[1, 0]>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %t, %k = load_view_tko weak %sv[%bx, %c0] : strided_view<tile=(1x4), traversal_strides=[1,4], tensor_view<8x2xf32, strides=[2,1]>, dim_map=[1, 0]>, tile<i32> -> tile<1x4xf32>, token
    %ty = make_tensor_view %y, shape = [2, 4], strides = [4, 1] : tensor_view<2x4xf32, strides=[4,1]>
    %py = make_partition_view %ty : partition_view<tile=(1x4), tensor_view<2x4xf32, strides=[4,1]>>
    %k2 = store_view_tko weak %t, %py[%bx, %c0] : tile<1x4xf32>, partition_view<tile=(1x4), tensor_view<2x4xf32, strides=[4,1]>>, tile<i32> -> token
    return
  }
}
