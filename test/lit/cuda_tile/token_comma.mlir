// NVIDIA's documented atomic_rmw_tko example writes the optional token group
// after a comma (`%vals, token = %token`).  Every op whose optional token
// follows an optional `, operand` group reads that comma as the token group's,
// and prints the canonical comma-less form.
// RUN: ctile-opt -split-input-file %s | FileCheck %s
// RUN: ctile-opt -split-input-file %s | ctile-opt -split-input-file | FileCheck %s

cuda_tile.module @m {
  testing$func @f(%ptrs: !cuda_tile.tile<8xptr<f32>>, %vals: !cuda_tile.tile<8xf32>,
                  %iptrs: !cuda_tile.tile<8xptr<i32>>, %ivals: !cuda_tile.tile<8xi32>,
                  %mask: !cuda_tile.tile<8xi1>, %p: !cuda_tile.tile<ptr<f32>>,
                  %m1: !cuda_tile.tile<i1>, %pad: !cuda_tile.tile<f32>) {
    %token = make_token : token
    // CHECK: atomic_rmw_tko relaxed device %arg0, addf, %arg1 token=%0 : tile<8xptr<f32>>, tile<8xf32> -> tile<8xf32>, token
    %1, %t1 = atomic_rmw_tko relaxed device %ptrs, addf, %vals, token = %token :
        tile<8xptr<f32>>, tile<8xf32> -> tile<8xf32>, token
    // CHECK: atomic_rmw_tko relaxed device %arg0, addf, %arg1, %arg4 token=%0 : tile<8xptr<f32>>, tile<8xf32>, tile<8xi1> -> tile<8xf32>, token
    %2, %t2 = atomic_rmw_tko relaxed device %ptrs, addf, %vals, %mask, token = %token :
        tile<8xptr<f32>>, tile<8xf32>, tile<8xi1> -> tile<8xf32>, token
    // CHECK: atomic_cas_tko relaxed device %arg2, %arg3, %arg3 token=%0 : tile<8xptr<i32>>, tile<8xi32> -> tile<8xi32>, token
    %3, %t3 = atomic_cas_tko relaxed device %iptrs, %ivals, %ivals, token = %token :
        tile<8xptr<i32>>, tile<8xi32> -> tile<8xi32>, token
    // CHECK: load_ptr_tko weak %arg5 token=%0 : tile<ptr<f32>> -> tile<f32>, token
    %4, %t4 = load_ptr_tko weak %p, token = %token : tile<ptr<f32>> -> tile<f32>, token
    // CHECK: load_ptr_tko weak %arg5, %arg6, %arg7 token=%0 : tile<ptr<f32>>, tile<i1>, tile<f32> -> tile<f32>, token
    %5, %t5 = load_ptr_tko weak %p, %m1, %pad, token = %token
        : tile<ptr<f32>>, tile<i1>, tile<f32> -> tile<f32>, token
    // CHECK: store_ptr_tko weak %arg5, %{{.*}} token=%0 : tile<ptr<f32>>, tile<f32> -> token
    %6 = store_ptr_tko weak %p, %4, token = %token : tile<ptr<f32>>, tile<f32> -> token
    // CHECK: print_tko "x" token=%0 -> token
    %7 = print_tko "x", token = %token -> token
    // CHECK: print_tko "%f", %{{.*}} token=%0 : tile<f32> -> token
    %8 = print_tko "%f", %4, token = %token : tile<f32> -> token
  }
}

// -----

// The view ops (load_view_tko, store_view_tko) read `], token = %t` too.
cuda_tile.module @m {
  testing$func @g(%x: !cuda_tile.tile<ptr<f32>>, %i: !cuda_tile.tile<i32>) {
    %tv = make_tensor_view %x, shape=[8,8], strides=[8,1] : tensor_view<8x8xf32, strides=[8,1]>
    %pv = make_partition_view %tv : partition_view<tile=(4x4), tensor_view<8x8xf32, strides=[8,1]>>
    %tok = make_token : token
    // CHECK: load_view_tko weak %pview[%arg1, %arg1] token = %0 :
    %t, %k = load_view_tko weak %pv[%i, %i], token = %tok : partition_view<tile=(4x4), tensor_view<8x8xf32, strides=[8,1]>>, tile<i32> -> tile<4x4xf32>, token
    // CHECK: store_view_tko weak %tile, %pview[%arg1, %arg1] token = %0 :
    %k2 = store_view_tko weak %t, %pv[%i, %i], token = %tok : tile<4x4xf32>, partition_view<tile=(4x4), tensor_view<8x8xf32, strides=[8,1]>>, tile<i32> -> token
    return
  }
}
