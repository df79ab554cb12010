// ctile-run --check=order: accesses to the same memory in one tile block that
// no token edge or data dependence orders are reported with both ops'
// locations, the block, the address and the element index; the corrected
// kernels run clean with the expected results.
// RUN: not ctile-run %s --entry raw_missing_token --grid 1 --arg 'f32[8]=zeros' --arg 'f32[8]=zeros' --check=order 2>&1 | FileCheck %s --check-prefix=RAW
// RUN: ctile-run %s --entry raw_token --grid 1 --arg 'f32[8]=zeros' --arg 'f32[8]=zeros' --check=order --dump 1 | FileCheck %s --check-prefix=RAWOK
// RUN: not ctile-run %s --entry war_missing_token --grid 1 --arg 'f32[8]=iota' --arg 'f32[8]=zeros' --check=order 2>&1 | FileCheck %s --check-prefix=WAR
// RUN: ctile-run %s --entry war_data_dep --grid 1 --arg 'f32[8]=iota' --check=all --dump 0 | FileCheck %s --check-prefix=DEP
// RUN: not ctile-run %s --entry waw_ptr --grid 2 --arg 'i32[4]=zeros' --check=order 2>&1 | FileCheck %s --check-prefix=WAW
// RUN: ctile-run %s --entry waw_ptr_join --grid 2 --arg 'i32[4]=zeros' --check=all --dump 0 | FileCheck %s --check-prefix=WAWOK
// order-shuffle=SEED defers stores past the ops they are not ordered with
// (a coin per store): seed 1 defers the store, and the load sees the old
// contents; seed 2 does not.  The corrected kernel gives 2.5 with any seed.
// RUN: ctile-run %s --entry raw_missing_token --grid 1 --arg 'f32[8]=zeros' --arg 'f32[8]=zeros' --check=order-shuffle=1 --dump 1 | FileCheck %s --check-prefix=SHUF
// RUN: ctile-run %s --entry raw_missing_token --grid 1 --arg 'f32[8]=zeros' --arg 'f32[8]=zeros' --check=order-shuffle=2 --dump 1 | FileCheck %s --check-prefix=RAWOK
// RUN: ctile-run %s --entry raw_token --grid 1 --arg 'f32[8]=zeros' --arg 'f32[8]=zeros' --check=order-shuffle=1 --dump 1 | FileCheck %s --check-prefix=RAWOK
// SHUF: arg 1: [0, 0, 0, 0, 0, 0, 0, 0]
// Without --check the buggy kernels run (the CPU order hides the bug):
// RUN: ctile-run %s --entry raw_missing_token --grid 1 --arg 'f32[8]=zeros' --arg 'f32[8]=zeros' --dump 1 | FileCheck %s --check-prefix=RAWOK
// Converted to nv_tileaa (hop 1), the same kernels are ordered: the
// conversion threads one token chain through every memory op of a block in
// program order (a token-less load takes the previous store's token), so
// `order` has nothing to report there and every seed gives 2.5.  A missing
// token edge is a bug of the cuda_tile input, visible before the conversion.
// RUN: ctile-opt %s --pass-pipeline='builtin.module(convert-cuda-tile-to-nv-tileaa{compute-capability=100})' | FileCheck %s --check-prefix=CHAIN
// CHAIN-LABEL: nv_tileaa.func @raw_missing_token
// CHAIN: %[[ST:[0-9]+]] = nv_tileaa.tiled_store {{.*}}, %{{[0-9]+}} {
// CHAIN-NEXT: arith.muli
// CHAIN-NEXT: nv_tileaa.tiled_load {{.*}}, %[[ST]] {
// RUN: ctile-run %s --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry raw_missing_token --grid 1 --arg 'f32[8]=zeros' --arg 'f32[8]=zeros' --check=all --dump 1 | FileCheck %s --check-prefix=RAWOK
// RUN: ctile-run %s --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry raw_missing_token --grid 1 --arg 'f32[8]=zeros' --arg 'f32[8]=zeros' --check=order-shuffle=1 --dump 1 | FileCheck %s --check-prefix=RAWOK
// RUN: ctile-run %s --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry war_missing_token --grid 1 --arg 'f32[8]=iota' --arg 'f32[8]=zeros' --check=order
// RUN: ctile-run %s --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry waw_ptr --grid 2 --arg 'i32[4]=zeros' --check=order

cuda_tile.module @m {
  // A store and a load of the same view tile with no token between them.
  entry @raw_missing_token(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>) {
    %ta = make_tensor_view %a, shape = [8], strides = [1] : tensor_view<8xf32, strides=[1]>
    %tb = make_tensor_view %b, shape = [8], strides = [1] : tensor_view<8xf32, strides=[1]>
    %pa = make_partition_view %ta : partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>
    %pb = make_partition_view %tb : partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %v = constant <f32: 2.5> : tile<8xf32>
    %t0 = store_view_tko weak %v, %pa[%c0] : tile<8xf32>, partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>, tile<i32> -> token
    %x, %t1 = load_view_tko weak %pa[%c0] : partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>, tile<i32> -> tile<8xf32>, token
    // RAW: order.mlir:[[@LINE-1]]:15: error: 'cuda_tile.load_view_tko' op load of 4 byte(s) at address 0x{{[0-9a-f]+}} (element 0) is not ordered after the store by 'cuda_tile.store_view_tko' at {{.*}}order.mlir:[[@LINE-2]]:11 to the same memory in this tile block (no token or data dependence orders them) (tile block (0, 0, 0))
    %t2 = store_view_tko weak %x, %pb[%c0] : tile<8xf32>, partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>, tile<i32> -> token
    return
  }

  // The same kernel with the token edge: clean.
  // RAWOK: arg 1: [2.5, 2.5, 2.5, 2.5, 2.5, 2.5, 2.5, 2.5]
  entry @raw_token(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>) {
    %ta = make_tensor_view %a, shape = [8], strides = [1] : tensor_view<8xf32, strides=[1]>
    %tb = make_tensor_view %b, shape = [8], strides = [1] : tensor_view<8xf32, strides=[1]>
    %pa = make_partition_view %ta : partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>
    %pb = make_partition_view %tb : partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %v = constant <f32: 2.5> : tile<8xf32>
    %t0 = store_view_tko weak %v, %pa[%c0] : tile<8xf32>, partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>, tile<i32> -> token
    %x, %t1 = load_view_tko weak %pa[%c0] token=%t0 : partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>, tile<i32> -> tile<8xf32>, token
    %t2 = store_view_tko weak %x, %pb[%c0] : tile<8xf32>, partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>, tile<i32> -> token
    return
  }

  // A load, then a store of an unrelated value to the same memory: the store
  // may overtake the load.
  entry @war_missing_token(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>) {
    %ta = make_tensor_view %a, shape = [8], strides = [1] : tensor_view<8xf32, strides=[1]>
    %tb = make_tensor_view %b, shape = [8], strides = [1] : tensor_view<8xf32, strides=[1]>
    %pa = make_partition_view %ta : partition_view<tile=(4), tensor_view<8xf32, strides=[1]>>
    %pb = make_partition_view %tb : partition_view<tile=(4), tensor_view<8xf32, strides=[1]>>
    %c1 = constant <i32: 1> : tile<i32>
    %x, %t1 = load_view_tko weak %pa[%c1] : partition_view<tile=(4), tensor_view<8xf32, strides=[1]>>, tile<i32> -> tile<4xf32>, token
    %t2 = store_view_tko weak %x, %pb[%c1] : tile<4xf32>, partition_view<tile=(4), tensor_view<8xf32, strides=[1]>>, tile<i32> -> token
    %z = constant <f32: 0.0> : tile<4xf32>
    %t3 = store_view_tko weak %z, %pa[%c1] : tile<4xf32>, partition_view<tile=(4), tensor_view<8xf32, strides=[1]>>, tile<i32> -> token
    // WAR: order.mlir:[[@LINE-1]]:11: error: 'cuda_tile.store_view_tko' op store of 4 byte(s) at address 0x{{[0-9a-f]+}} (element 4) is not ordered after the load by 'cuda_tile.load_view_tko' at {{.*}}order.mlir:[[@LINE-4]]:15 to the same memory in this tile block
    return
  }

  // In-place update: the stored value is computed from the load (a data
  // dependence orders them), and the second load is token-ordered.
  // DEP: arg 0: [1, 2, 3, 4, 5, 6, 7, 8]
  entry @war_data_dep(%a: tile<ptr<f32>>) {
    %ta = make_tensor_view %a, shape = [8], strides = [1] : tensor_view<8xf32, strides=[1]>
    %pa = make_partition_view %ta : partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %t1 = load_view_tko weak %pa[%c0] : partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>, tile<i32> -> tile<8xf32>, token
    %one = constant <f32: 1.0> : tile<8xf32>
    %y = addf %x, %one rounding<nearest_even> : tile<8xf32>
    %t2 = store_view_tko weak %y, %pa[%c0] : tile<8xf32>, partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>, tile<i32> -> token
    return
  }

  // Two scatters to the same element of one block (element bx), unordered.
  entry @waw_ptr(%p: tile<ptr<i32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %q = offset %p, %bx : tile<ptr<i32>>, tile<i32> -> tile<ptr<i32>>
    %one = constant <i32: 1> : tile<i32>
    %two = constant <i32: 2> : tile<i32>
    %t0 = store_ptr_tko weak %q, %one : tile<ptr<i32>>, tile<i32> -> token
    %t1 = store_ptr_tko weak %q, %two : tile<ptr<i32>>, tile<i32> -> token
    // WAW: order.mlir:[[@LINE-1]]:11: error: 'cuda_tile.store_ptr_tko' op store of 4 byte(s) at address 0x{{[0-9a-f]+}} (element 0) is not ordered after the store by 'cuda_tile.store_ptr_tko' at {{.*}}order.mlir:[[@LINE-2]]:11 to the same memory in this tile block (no token or data dependence orders them) (tile block (0, 0, 0))
    return
  }

  // Ordered through join_tokens: clean.
  // WAWOK: arg 0: [2, 2, 0, 0]
  entry @waw_ptr_join(%p: tile<ptr<i32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %q = offset %p, %bx : tile<ptr<i32>>, tile<i32> -> tile<ptr<i32>>
    %one = constant <i32: 1> : tile<i32>
    %two = constant <i32: 2> : tile<i32>
    %t0 = store_ptr_tko weak %q, %one : tile<ptr<i32>>, tile<i32> -> token
    %m = make_token : token
    %j = join_tokens %m, %t0 : token
    %t1 = store_ptr_tko weak %q, %two token=%j : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}
