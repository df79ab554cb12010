// Memory, atomics, pointer and view ops of cuda_tile: exact printed text
// (`token=%t` in the declarative formats vs `token = %t` in the view ops,
// splat index types), ODS result names (%result/%result_token, %tile) and
// view names (%tview, %pview), and the generic round trip.
// RUN: ctile-opt %s | FileCheck %s --strict-whitespace --match-full-lines
// RUN: ctile-opt %s | ctile-opt | FileCheck %s --strict-whitespace --match-full-lines
// RUN: ctile-opt -mlir-print-op-generic %s | ctile-opt | FileCheck %s --strict-whitespace --match-full-lines

cuda_tile.module @mem {
  testing$func @ptrs(%ptr: tile<16xptr<f32>>, %mask: tile<16xi1>, %pad: tile<16xf32>, %v: tile<16xf32>, %i: tile<16xi32>, %ip: tile<16xptr<i32>>, %ii: tile<16xi32>, %i64: tile<16xi64>) {
    %t = make_token : token
    %a, %at = load_ptr_tko weak %ptr : tile<16xptr<f32>> -> tile<16xf32>, token
    %b, %bt = load_ptr_tko acquire device %ptr, %mask, %pad token=%t optimization_hints = <sm_100 = {latency = 3}> : tile<16xptr<f32>>, tile<16xi1>, tile<16xf32> -> tile<16xf32>, token
    %s0 = store_ptr_tko weak %ptr, %v : tile<16xptr<f32>>, tile<16xf32> -> token
    %s1 = store_ptr_tko release sys %ptr, %v, %mask token=%bt {tag} : tile<16xptr<f32>>, tile<16xf32>, tile<16xi1> -> token
    %c, %ct = atomic_cas_tko relaxed device %ip, %ii, %ii : tile<16xptr<i32>>, tile<16xi32> -> tile<16xi32>, token
    %d, %dt = atomic_rmw_tko acq_rel tl_blk %ip, add, %ii, %mask token=%ct : tile<16xptr<i32>>, tile<16xi32>, tile<16xi1> -> tile<16xi32>, token
    %o = offset %ptr, %i : tile<16xptr<f32>>, tile<16xi32> -> tile<16xptr<f32>>
    %pi = ptr_to_int %ptr : tile<16xptr<f32>> -> tile<16xi64>
    %ip2 = int_to_ptr %i64 : tile<16xi64> -> tile<16xptr<i16>>
    %pp = ptr_to_ptr %ptr : tile<16xptr<f32>> -> tile<16xptr<i8>>
    return
  }
  testing$func @views(%base: tile<ptr<f32>>, %n: tile<i64>, %t8: tile<8x8xf32>, %ti: tile<8xi32>) -> token {
    %tv = make_tensor_view %base, shape = [%n, 64], strides = [64, 1] : tile<i64> -> tensor_view<?x64xf32, strides=[64,1]>
    %tv2 = make_tensor_view %base, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %pv = make_partition_view %tv2 : partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>>
    %sh:2 = get_tensor_shape %tv : tensor_view<?x64xf32, strides=[64,1]> -> tile<i32>
    %is:2 = get_index_space_shape %pv : partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>> -> tile<i64>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %xt = load_view_tko weak %pv[%c0, %c0] : partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> tile<8x8xf32>, token
    %st = store_view_tko relaxed device %x, %pv[%c0, %c0] token = %xt : tile<8x8xf32>, partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    %rt = atomic_red_view_tko relaxed device %pv[%c0, %c0], addf, %x token = %st : tile<8x8xf32>, partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return %rt : token
  }
  testing$func @views2(%tv: !cuda_tile.tensor_view<4096x4096xf32, strides=[4096,1]>, %i: !cuda_tile.tile<i32>, %rows: !cuda_tile.tile<8xi32>) {
    %sv = make_strided_view %tv : strided_view<tile=(1024x1024), traversal_strides=[1024,1], tensor_view<4096x4096xf32, strides=[4096,1]>>
    %gv = make_gather_scatter_view %tv : gather_scatter_view<tile=(8x16), tensor_view<4096x4096xf32, strides=[4096,1]>, sparse_dim=0>
    %n:2 = get_index_space_shape %sv : strided_view<tile=(1024x1024), traversal_strides=[1024,1], tensor_view<4096x4096xf32, strides=[4096,1]>> -> tile<i32>
    %t2, %tok = load_view_tko weak %sv[%i, %i] : strided_view<tile=(1024x1024), traversal_strides=[1024,1], tensor_view<4096x4096xf32, strides=[4096,1]>>, tile<i32> -> tile<1024x1024xf32>, token
    %g2, %gtok = load_view_tko weak %gv[%rows, %i] token = %tok : gather_scatter_view<tile=(8x16), tensor_view<4096x4096xf32, strides=[4096,1]>, sparse_dim=0>, tile<8xi32>, tile<i32> -> tile<8x16xf32>, token
  }
}

// CHECK:module {
// CHECK-NEXT:  cuda_tile.module @mem {
// CHECK-NEXT:    testing$func @ptrs(%arg0: tile<16xptr<f32>>, %arg1: tile<16xi1>, %arg2: tile<16xf32>, %arg3: tile<16xf32>, %arg4: tile<16xi32>, %arg5: tile<16xptr<i32>>, %arg6: tile<16xi32>, %arg7: tile<16xi64>) {
// CHECK-NEXT:      %0 = make_token : token
// CHECK-NEXT:      %result, %result_token = load_ptr_tko weak %arg0 : tile<16xptr<f32>> -> tile<16xf32>, token
// CHECK-NEXT:      %result_0, %result_token_1 = load_ptr_tko acquire device %arg0, %arg1, %arg2 token=%0 optimization_hints = <sm_100 = {latency = 3}> : tile<16xptr<f32>>, tile<16xi1>, tile<16xf32> -> tile<16xf32>, token
// CHECK-NEXT:      %1 = store_ptr_tko weak %arg0, %arg3 : tile<16xptr<f32>>, tile<16xf32> -> token
// CHECK-NEXT:      %2 = store_ptr_tko release sys %arg0, %arg3, %arg1 token=%result_token_1 {tag} : tile<16xptr<f32>>, tile<16xf32>, tile<16xi1> -> token
// CHECK-NEXT:      %result_2, %result_token_3 = atomic_cas_tko relaxed device %arg5, %arg6, %arg6 : tile<16xptr<i32>>, tile<16xi32> -> tile<16xi32>, token
// CHECK-NEXT:      %result_4, %result_token_5 = atomic_rmw_tko acq_rel tl_blk %arg5, add, %arg6, %arg1 token=%result_token_3 : tile<16xptr<i32>>, tile<16xi32>, tile<16xi1> -> tile<16xi32>, token
// CHECK-NEXT:      %3 = offset %arg0, %arg4 : tile<16xptr<f32>>, tile<16xi32> -> tile<16xptr<f32>>
// CHECK-NEXT:      %4 = ptr_to_int %arg0 : tile<16xptr<f32>> -> tile<16xi64>
// CHECK-NEXT:      %5 = int_to_ptr %arg7 : tile<16xi64> -> tile<16xptr<i16>>
// CHECK-NEXT:      %6 = ptr_to_ptr %arg0 : tile<16xptr<f32>> -> tile<16xptr<i8>>
// CHECK-NEXT:      return
// CHECK-NEXT:    }
// CHECK-NEXT:    testing$func @views(%arg0: tile<ptr<f32>>, %arg1: tile<i64>, %arg2: tile<8x8xf32>, %arg3: tile<8xi32>) -> token {
// CHECK-NEXT:      %tview = make_tensor_view %arg0, shape = [%arg1, 64], strides = [64, 1] : tile<i64> -> tensor_view<?x64xf32, strides=[64,1]>
// CHECK-NEXT:      %tview_0 = make_tensor_view %arg0, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
// CHECK-NEXT:      %pview = make_partition_view %tview_0 : partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>>
// CHECK-NEXT:      %0:2 = get_tensor_shape %tview : tensor_view<?x64xf32, strides=[64,1]> -> tile<i32>
// CHECK-NEXT:      %1:2 = get_index_space_shape %pview : partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>> -> tile<i64>
// CHECK-NEXT:      %cst_0_i32 = constant <i32: 0> : tile<i32>
// CHECK-NEXT:      %tile, %result_token = load_view_tko weak %pview[%cst_0_i32, %cst_0_i32] : partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> tile<8x8xf32>, token
// CHECK-NEXT:      %2 = store_view_tko relaxed device %tile, %pview[%cst_0_i32, %cst_0_i32] token = %result_token : tile<8x8xf32>, partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
// CHECK-NEXT:      %3 = atomic_red_view_tko relaxed device %pview[%cst_0_i32, %cst_0_i32], addf, %tile token = %2 : tile<8x8xf32>, partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
// CHECK-NEXT:      return %3 : token
// CHECK-NEXT:    }
// CHECK-NEXT:    testing$func @views2(%arg0: tensor_view<4096x4096xf32, strides=[4096,1]>, %arg1: tile<i32>, %arg2: tile<8xi32>) {
// CHECK-NEXT:      %sview = make_strided_view %arg0 : strided_view<tile=(1024x1024), traversal_strides=[1024,1], tensor_view<4096x4096xf32, strides=[4096,1]>>
// CHECK-NEXT:      %gsview = make_gather_scatter_view %arg0 : gather_scatter_view<tile=(8x16), tensor_view<4096x4096xf32, strides=[4096,1]>, sparse_dim=0>
// CHECK-NEXT:      %0:2 = get_index_space_shape %sview : strided_view<tile=(1024x1024), traversal_strides=[1024,1], tensor_view<4096x4096xf32, strides=[4096,1]>> -> tile<i32>
// CHECK-NEXT:      %tile, %result_token = load_view_tko weak %sview[%arg1, %arg1] : strided_view<tile=(1024x1024), traversal_strides=[1024,1], tensor_view<4096x4096xf32, strides=[4096,1]>>, tile<i32> -> tile<1024x1024xf32>, token
// CHECK-NEXT:      %tile_0, %result_token_1 = load_view_tko weak %gsview[%arg2, %arg1] token = %result_token : gather_scatter_view<tile=(8x16), tensor_view<4096x4096xf32, strides=[4096,1]>, sparse_dim=0>, tile<8xi32>, tile<i32> -> tile<8x16xf32>, token
// CHECK-NEXT:      return
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:}
