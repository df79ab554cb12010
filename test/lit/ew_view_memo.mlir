// ctile-run's per-worker memo of view values (interp_core.c
// in_view_memo_get): a view op whose operands are the same values as last
// time gives the same view, and one whose operands changed makes a new one.
// Each loop iteration below makes views of a tensor whose extent is the
// loop index, and prints their shapes; the second entry runs two blocks per
// worker with a view of a fixed argument and one of the block id.
// RUN: ctile-run %s --entry loop --grid 1 --arg 'f32[8]=iota' | FileCheck %s --check-prefix=LOOP
// RUN: ctile-run %s --entry blocks --grid 4 -j 2 --arg 'f32[8]=iota' --arg i64:8 | FileCheck %s --check-prefix=BLOCKS

cuda_tile.module @m {
  entry @loop(%x: tile<ptr<f32>>) {
    %c1 = constant <i32: 1> : tile<i32>
    %c4 = constant <i32: 4> : tile<i32>
    for %i in (%c1 to %c4, step %c1) : tile<i32> {
      %tv = make_tensor_view %x, shape = [%i], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
      %pv = make_partition_view %tv : partition_view<tile=(2), tensor_view<?xf32, strides=[1]>>
      %d = get_tensor_shape %tv : tensor_view<?xf32, strides=[1]> -> tile<i32>
      %s = get_index_space_shape %pv : partition_view<tile=(2), tensor_view<?xf32, strides=[1]>> -> tile<i64>
      print_tko "extent %d tiles %d\n", %d, %s : tile<i32>, tile<i64> -> token
      continue
    }
    return
  }
  // LOOP: extent 1 tiles 1
  // LOOP-NEXT: extent 2 tiles 1
  // LOOP-NEXT: extent 3 tiles 2

  entry @blocks(%x: tile<ptr<f32>>, %n: tile<i64>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tv = make_tensor_view %x, shape = [%n], strides = [1] : tile<i64> -> tensor_view<?xf32, strides=[1]>
    %tb = make_tensor_view %x, shape = [%bx], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %d = get_tensor_shape %tv : tensor_view<?xf32, strides=[1]> -> tile<i64>
    %e = get_tensor_shape %tb : tensor_view<?xf32, strides=[1]> -> tile<i32>
    print_tko "block %d: %d %d\n", %bx, %d, %e : tile<i32>, tile<i64>, tile<i32> -> token
    return
  }
  // BLOCKS: block 0: 8 0
  // BLOCKS-NEXT: block 1: 8 1
  // BLOCKS-NEXT: block 2: 8 2
  // BLOCKS-NEXT: block 3: 8 3
}
