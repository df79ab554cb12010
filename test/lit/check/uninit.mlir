// ctile-run --check=uninit: alloca memory starts as poison (all bits set:
// NaN for floats, -1 for integers) and reading an element that was never
// written is reported with the element index and the alloca's location.
// RUN: not ctile-run %s --entry partial --grid 1 --arg 'f32[4]=zeros' --check=uninit 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: ctile-run %s --entry full --grid 2 --arg 'f32[4]=zeros' --check=all --dump 0 | FileCheck %s --check-prefix=OK
// Without --check the alloca is zeroed and the bug goes unseen:
// RUN: ctile-run %s --entry partial --grid 1 --arg 'f32[4]=zeros' --dump 0 | FileCheck %s --check-prefix=HIDDEN
// A strided scatter splits the alloca's shadow page into one cell per
// element: the element it skipped is still reported (and the shadow of block
// 0's alloca is forgotten before block 1 runs):
// RUN: not ctile-run %s --entry strided_uninit --grid 1 --arg 'i32[1]=zeros' --arg i32:301 --check=uninit 2>&1 | FileCheck %s --check-prefix=UNINIT
// RUN: ctile-run %s --entry strided_uninit --grid 2 --arg 'i32[2]=zeros' --arg i32:300 --check=all --dump 0 | FileCheck %s --check-prefix=UNINITOK

cuda_tile.module @m {
  // Writes scratch[0..1] only, then copies scratch[0..3] to out.
  entry @partial(%out: tile<ptr<f32>>) {
    %sc = alloca num_elem = 4, alignment = 16 : tile<ptr<f32>>
    %s1 = reshape %sc : tile<ptr<f32>> -> tile<1xptr<f32>>
    %sb2 = broadcast %s1 : tile<1xptr<f32>> -> tile<2xptr<f32>>
    %io2 = iota : tile<2xi32>
    %sp2 = offset %sb2, %io2 : tile<2xptr<f32>>, tile<2xi32> -> tile<2xptr<f32>>
    %v = constant <f32: [1.0, 2.0]> : tile<2xf32>
    %t0 = store_ptr_tko weak %sp2, %v : tile<2xptr<f32>>, tile<2xf32> -> token
    %sb4 = broadcast %s1 : tile<1xptr<f32>> -> tile<4xptr<f32>>
    %io4 = iota : tile<4xi32>
    %sp4 = offset %sb4, %io4 : tile<4xptr<f32>>, tile<4xi32> -> tile<4xptr<f32>>
    %x, %t1 = load_ptr_tko weak %sp4 token=%t0 : tile<4xptr<f32>> -> tile<4xf32>, token
    // BAD: uninit.mlir:[[@LINE-1]]:15: error: 'cuda_tile.load_ptr_tko' op reads uninitialized memory: load of 4 byte(s) at address 0x{{[0-9a-f]+}} (element 2) of the alloca at {{.*}}uninit.mlir:[[@LINE-11]]:11, never written before (tile block (0, 0, 0))
    %ob = reshape %out : tile<ptr<f32>> -> tile<1xptr<f32>>
    %ob4 = broadcast %ob : tile<1xptr<f32>> -> tile<4xptr<f32>>
    %op4 = offset %ob4, %io4 : tile<4xptr<f32>>, tile<4xi32> -> tile<4xptr<f32>>
    %t2 = store_ptr_tko weak %op4, %x : tile<4xptr<f32>>, tile<4xf32> -> token
    return
  }
  // HIDDEN: arg 0: [1, 2, 0, 0]

  // Writes all four elements of its own alloca before reading element 2*bx
  // (token-ordered); block bx stores it to out[bx].
  // OK: arg 0: [1, 3, 0, 0]
  entry @full(%out: tile<ptr<f32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %sc = alloca num_elem = 4, alignment = 16 : tile<ptr<f32>>
    %s1 = reshape %sc : tile<ptr<f32>> -> tile<1xptr<f32>>
    %sb4 = broadcast %s1 : tile<1xptr<f32>> -> tile<4xptr<f32>>
    %io4 = iota : tile<4xi32>
    %sp4 = offset %sb4, %io4 : tile<4xptr<f32>>, tile<4xi32> -> tile<4xptr<f32>>
    %v = constant <f32: [1.0, 2.0, 3.0, 4.0]> : tile<4xf32>
    %t0 = store_ptr_tko weak %sp4, %v : tile<4xptr<f32>>, tile<4xf32> -> token
    %two = constant <i32: 2> : tile<i32>
    %k = muli %bx, %two : tile<i32>
    %q = offset %sc, %k : tile<ptr<f32>>, tile<i32> -> tile<ptr<f32>>
    %x, %t1 = load_ptr_tko weak %q token=%t0 : tile<ptr<f32>> -> tile<f32>, token
    %o = offset %out, %bx : tile<ptr<f32>>, tile<i32> -> tile<ptr<f32>>
    %t2 = store_ptr_tko weak %o, %x : tile<ptr<f32>>, tile<f32> -> token
    return
  }

  // Writes the even elements of a 1024-element alloca with one scatter, then
  // reads element %i (token-ordered) and stores it to out[block id].
  entry @strided_uninit(%out: tile<ptr<i32>>, %i: tile<i32>) {
    %sc = alloca num_elem = 1024, alignment = 16 : tile<ptr<i32>>
    %io = iota : tile<256xi32>
    %two = constant <i32: 2> : tile<256xi32>
    %ev = muli %io, %two : tile<256xi32>
    %s1 = reshape %sc : tile<ptr<i32>> -> tile<1xptr<i32>>
    %sb = broadcast %s1 : tile<1xptr<i32>> -> tile<256xptr<i32>>
    %se = offset %sb, %ev : tile<256xptr<i32>>, tile<256xi32> -> tile<256xptr<i32>>
    %t0 = store_ptr_tko weak %se, %ev : tile<256xptr<i32>>, tile<256xi32> -> token
    %q = offset %sc, %i : tile<ptr<i32>>, tile<i32> -> tile<ptr<i32>>
    %y, %t1 = load_ptr_tko weak %q token=%t0 : tile<ptr<i32>> -> tile<i32>, token
    // UNINIT: uninit.mlir:[[@LINE-1]]:15: error: 'cuda_tile.load_ptr_tko' op reads uninitialized memory: load of 4 byte(s) at address 0x{{[0-9a-f]+}} (element 301) of the alloca at {{.*}}uninit.mlir:[[@LINE-10]]:11, never written before (tile block (0, 0, 0))
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %o = offset %out, %bx : tile<ptr<i32>>, tile<i32> -> tile<ptr<i32>>
    %t2 = store_ptr_tko weak %o, %y : tile<ptr<i32>>, tile<i32> -> token
    return
  }
  // UNINITOK: arg 0: [300, 300]
}
