// cuda_tile types: long and short syntax, canonical printing (short form for
// nested cuda_tile types, `?` for dynamic sizes, identity dim_map elided),
// round trip through the generic form.
// RUN: ctile-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: ctile-opt %s --allow-unregistered-dialect | ctile-opt --allow-unregistered-dialect | FileCheck %s
// RUN: ctile-opt %s --allow-unregistered-dialect -mlir-print-op-generic | ctile-opt --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: "test.tiles"
// CHECK-SAME: !cuda_tile.tile<f32>, !cuda_tile.tile<2xf32>, !cuda_tile.tile<2x4x8xbf16>
// CHECK-SAME: !cuda_tile.tile<2xf4E2M1FN>, !cuda_tile.tile<4xf8E8M0FNU>, !cuda_tile.tile<4xf8E4M3FN>
// CHECK-SAME: !cuda_tile.tile<4xf8E5M2>, !cuda_tile.tile<4xtf32>, !cuda_tile.tile<8xi4>, !cuda_tile.tile<16xi1>
// CHECK-SAME: !cuda_tile.tile<4xptr<i8>>, !cuda_tile.tile<4xptr<i8>>, !cuda_tile.tile<ptr<f64>>
"test.tiles"() : () -> (!cuda_tile.tile<f32>, !cuda_tile.tile<2xf32>, !cuda_tile.tile<2x4x8xbf16>,
  !cuda_tile.tile<2xf4E2M1FN>, !cuda_tile.tile<4xf8E8M0FNU>, !cuda_tile.tile<4xf8E4M3FN>,
  !cuda_tile.tile<4xf8E5M2>, !cuda_tile.tile<4xtf32>, !cuda_tile.tile<8xi4>, !cuda_tile.tile<16 x i1>,
  !cuda_tile.tile<4x!cuda_tile.ptr<i8>>, !cuda_tile.tile<4xptr<i8>>, !cuda_tile.tile<ptr<f64>>)

// CHECK-LABEL: "test.scalars"
// CHECK-SAME: !cuda_tile.ptr<i1>, !cuda_tile.ptr<f16>, !cuda_tile.token, !cuda_tile.string
"test.scalars"() : () -> (!cuda_tile.ptr<i1>, !cuda_tile.ptr<f16>, !cuda_tile.token, !cuda_tile.string)

// CHECK-LABEL: "test.tensor_views"
// CHECK-SAME: !cuda_tile.tensor_view<f32>, !cuda_tile.tensor_view<2xf32, strides=[1]>
// CHECK-SAME: !cuda_tile.tensor_view<?x2xf32, strides=[1,?]>, !cuda_tile.tensor_view<?x?xf16, strides=[?,?]>
// CHECK-SAME: !cuda_tile.tensor_view<32x16x32xf16, strides=[512,1,16]>
"test.tensor_views"() : () -> (!cuda_tile.tensor_view<f32>, !cuda_tile.tensor_view<2xf32, strides=[1]>,
  !cuda_tile.tensor_view<?x2xf32, strides=[1, ?]>, !cuda_tile.tensor_view<?x?xf16, strides=[?,?]>,
  !cuda_tile.tensor_view<32x16x32xf16, strides=[512, 1, 16]>)

// CHECK-LABEL: "test.partition_views"
// CHECK-SAME: !cuda_tile.partition_view<tile=(2), tensor_view<16xf32, strides=[1]>>
// CHECK-SAME: !cuda_tile.partition_view<tile=(2), padding_value = neg_zero, tensor_view<16xf32, strides=[1]>>
// CHECK-SAME: !cuda_tile.partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>>
// CHECK-SAME: !cuda_tile.partition_view<tile=(4x2), padding_value = nan, tensor_view<64x16xf32, strides=[16,1]>, dim_map=[1, 0]>
"test.partition_views"() : () -> (!cuda_tile.partition_view<tile=(2), tensor_view<16xf32, strides=[1]>>,
  !cuda_tile.partition_view<tile=(2), padding_value=neg_zero, !cuda_tile.tensor_view<16xf32, strides=[1]>>,
  !cuda_tile.partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>, dim_map=[0, 1]>,
  !cuda_tile.partition_view<tile=(4x2), padding_value = nan, tensor_view<64x16xf32, strides=[16,1]>, dim_map=[1, 0]>)

// CHECK-LABEL: "test.other_views"
// CHECK-SAME: !cuda_tile.strided_view<tile=(4x2), traversal_strides=[4,3], tensor_view<64x16xf32, strides=[16,1]>>
// CHECK-SAME: !cuda_tile.strided_view<tile=(1x4), traversal_strides=[1,4], padding_value = nan, tensor_view<8x2xf32, strides=[2,1]>, dim_map=[1, 0]>
// CHECK-SAME: !cuda_tile.gather_scatter_view<tile=(8x16), tensor_view<64x16xf32, strides=[16,1]>, sparse_dim=1>
// CHECK-SAME: !cuda_tile.gather_scatter_view<tile=(8x16), padding_value = zero, tensor_view<64x16xf32, strides=[16,1]>, sparse_dim=0>
"test.other_views"() : () -> (
  !cuda_tile.strided_view<tile=(4x2), traversal_strides=[4, 3], tensor_view<64x16xf32, strides=[16,1]>>,
  !cuda_tile.strided_view<tile=(1x4), traversal_strides=[1,4], padding_value = nan, tensor_view<8x2xf32, strides=[2,1]>, dim_map=[1, 0]>,
  !cuda_tile.gather_scatter_view<tile=(8x16), tensor_view<64x16xf32, strides=[16,1]>, sparse_dim=1>,
  !cuda_tile.gather_scatter_view<tile=(8x16), padding_value=zero, tensor_view<64x16xf32, strides=[16,1]>, sparse_dim=0>)

// Short forms inside cuda_tile ops.
// CHECK-LABEL: testing$func @short
// CHECK-SAME: (%arg0: tile<4xptr<f32>>, %arg1: tensor_view<?xf32, strides=[1]>, %arg2: partition_view<tile=(2), tensor_view<16xf32, strides=[1]>>, %arg3: token)
cuda_tile.module @m {
  testing$func @short(%a: tile<4xptr<f32>>, %b: !cuda_tile.tensor_view<?xf32, strides=[1]>,
                      %c: partition_view<tile=(2), tensor_view<16xf32, strides=[1]>>, %d: token) {
  }
}
