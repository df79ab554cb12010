// ctile-run --check=races: two tile blocks accessing the same memory, at least
// one with a non-atomic write, are reported with both blocks, both ops and
// the address; atomics are exempt.  The corrected kernels run clean.
// RUN: not ctile-run %s --entry same_row --grid 2 --arg 'f32[4,8]=zeros' --check=races 2>&1 | FileCheck %s --check-prefix=ROW
// RUN: ctile-run %s --entry own_row --grid 2 --arg 'f32[4,8]=zeros' --check=all --dump 0 | FileCheck %s --check-prefix=ROWOK
// RUN: not ctile-run %s --entry plain_reduction --grid 4 --arg 'i32[4]=iota' --arg 'i32[1]=zeros' --check=races 2>&1 | FileCheck %s --check-prefix=RED
// RUN: ctile-run %s --entry atomic_reduction --grid 4 --arg 'i32[4]=iota' --arg 'i32[1]=zeros' --check=all --dump 1 | FileCheck %s --check-prefix=REDOK
// A read of another block's plain store is a race too:
// RUN: not ctile-run %s --entry read_other --grid 2 --arg 'i32[2]=zeros' --check=races 2>&1 | FileCheck %s --check-prefix=READ
// Atomics never race, but a result that depends on the block order is
// caught by --check=all's two runs (block orders from seeds 1 and 2), and
// order-shuffle=SEED alone shows other results than the in-order run:
// RUN: not ctile-run %s --entry last_writer --grid 8 --arg 'i32[1]=const:-1' --check=all 2>&1 | FileCheck %s --check-prefix=ALL
// RUN: ctile-run %s --entry last_writer --grid 8 --arg 'i32[1]=const:-1' --check=races --dump 0 | FileCheck %s --check-prefix=LAST7
// RUN: ctile-run %s --entry last_writer --grid 8 --arg 'i32[1]=const:-1' --check=order-shuffle=1 --dump 0 > %t.1
// RUN: ctile-run %s --entry last_writer --grid 8 --arg 'i32[1]=const:-1' --check=order-shuffle=2 --dump 0 > %t.2
// RUN: ctile-run %s --entry last_writer --grid 8 --arg 'i32[1]=const:-1' --check=order-shuffle=2 --dump 0 > %t.2b
// RUN: not cmp -s %t.1 %t.2
// RUN: cmp %t.2 %t.2b
// The same kernels converted to nv_tileaa (hop 1) are reported on the
// nv_tileaa ops, at the cuda_tile source locations; atomic_rmw is atomic there
// too:
// RUN: not ctile-run %s --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry same_row --grid 2 --arg 'f32[4,8]=zeros' --check=races 2>&1 | FileCheck %s --check-prefix=AAROW
// RUN: ctile-run %s --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry own_row --grid 2 --arg 'f32[4,8]=zeros' --check=all --dump 0 | FileCheck %s --check-prefix=ROWOK
// RUN: not ctile-run %s --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry plain_reduction --grid 4 --arg 'i32[4]=iota' --arg 'i32[1]=zeros' --check=races 2>&1 | FileCheck %s --check-prefix=AARED
// RUN: ctile-run %s --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry atomic_reduction --grid 4 --arg 'i32[4]=iota' --arg 'i32[1]=zeros' --check=all --dump 1 | FileCheck %s --check-prefix=REDOK
// RUN: not ctile-run %s --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry read_other --grid 2 --arg 'i32[2]=zeros' --check=races 2>&1 | FileCheck %s --check-prefix=AAREAD
// RUN: not ctile-run %s --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry last_writer --grid 8 --arg 'i32[1]=const:-1' --check=all 2>&1 | FileCheck %s --check-prefix=AAALL
// Without --check the plain reduction happens to give the sum on the CPU:
// RUN: ctile-run %s --entry plain_reduction --grid 4 --arg 'i32[4]=iota' --arg 'i32[1]=zeros' --dump 1 | FileCheck %s --check-prefix=REDOK

cuda_tile.module @m {
  // Every block stores its tile to row 0 (the bug: the row index ignores
  // the block id).
  entry @same_row(%p: tile<ptr<f32>>) {
    %t = make_tensor_view %p, shape = [4, 8], strides = [8, 1] : tensor_view<4x8xf32, strides=[8,1]>
    %v = make_partition_view %t : partition_view<tile=(1x8), tensor_view<4x8xf32, strides=[8,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %x = itof %bx signed : tile<i32> -> tile<f32>
    %x1 = reshape %x : tile<f32> -> tile<1x1xf32>
    %xv = broadcast %x1 : tile<1x1xf32> -> tile<1x8xf32>
    %t0 = store_view_tko weak %xv, %v[%c0, %c0] : tile<1x8xf32>, partition_view<tile=(1x8), tensor_view<4x8xf32, strides=[8,1]>>, tile<i32> -> token
    // AAROW: races.mlir:[[@LINE-1]]:11: error: 'nv_tileaa.tiled_store' op data race: store of 4 byte(s) at address 0x{{[0-9a-f]+}} (element 0) conflicts with the store by 'nv_tileaa.tiled_store' at {{.*}}races.mlir:[[@LINE-1]]:11 in tile block (0, 0, 0) (tile blocks are unordered; use atomics or separate outputs) (tile block (1, 0, 0))
    // ROW: races.mlir:[[@LINE-2]]:11: error: 'cuda_tile.store_view_tko' op data race: store of 4 byte(s) at address 0x{{[0-9a-f]+}} (element 0) conflicts with the store by 'cuda_tile.store_view_tko' at {{.*}}races.mlir:[[@LINE-2]]:11 in tile block (0, 0, 0) (tile blocks are unordered; use atomics or separate outputs) (tile block (1, 0, 0))
    return
  }

  // ROWOK: arg 0: [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
  entry @own_row(%p: tile<ptr<f32>>) {
    %t = make_tensor_view %p, shape = [4, 8], strides = [8, 1] : tensor_view<4x8xf32, strides=[8,1]>
    %v = make_partition_view %t : partition_view<tile=(1x8), tensor_view<4x8xf32, strides=[8,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %x = itof %bx signed : tile<i32> -> tile<f32>
    %x1 = reshape %x : tile<f32> -> tile<1x1xf32>
    %xv = broadcast %x1 : tile<1x1xf32> -> tile<1x8xf32>
    %t0 = store_view_tko weak %xv, %v[%bx, %c0] : tile<1x8xf32>, partition_view<tile=(1x8), tensor_view<4x8xf32, strides=[8,1]>>, tile<i32> -> token
    return
  }

  // sum += in[bx] with a plain load and store (the bug: not atomic).
  entry @plain_reduction(%in: tile<ptr<i32>>, %sum: tile<ptr<i32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %q = offset %in, %bx : tile<ptr<i32>>, tile<i32> -> tile<ptr<i32>>
    %x, %t0 = load_ptr_tko weak %q : tile<ptr<i32>> -> tile<i32>, token
    %s, %t1 = load_ptr_tko weak %sum : tile<ptr<i32>> -> tile<i32>, token
    // RED: races.mlir:[[@LINE-1]]:15: error: 'cuda_tile.load_ptr_tko' op data race: load of 4 byte(s) at address 0x{{[0-9a-f]+}} (element 0) conflicts with the store by 'cuda_tile.store_ptr_tko' at {{.*}}races.mlir:[[@LINE+2]]:11 in tile block (0, 0, 0) (tile blocks are unordered; use atomics or separate outputs) (tile block (1, 0, 0))
    %n = addi %s, %x : tile<i32>
    %t2 = store_ptr_tko weak %sum, %n token=%t1 : tile<ptr<i32>>, tile<i32> -> token
    // AARED: races.mlir:[[@LINE-4]]:15: error: 'nv_tileaa.load' op data race: load of 4 byte(s) at address 0x{{[0-9a-f]+}} (element 0) conflicts with the store by 'nv_tileaa.store' at {{.*}}races.mlir:[[@LINE-1]]:11 in tile block (0, 0, 0) (tile blocks are unordered; use atomics or separate outputs) (tile block (1, 0, 0))
    return
  }

  // The same reduction with atomic_rmw_tko add: clean; 0+1+2+3 = 6.
  // REDOK: arg 1: [6]
  entry @atomic_reduction(%in: tile<ptr<i32>>, %sum: tile<ptr<i32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %q = offset %in, %bx : tile<ptr<i32>>, tile<i32> -> tile<ptr<i32>>
    %x, %t0 = load_ptr_tko weak %q : tile<ptr<i32>> -> tile<i32>, token
    %old, %t1 = atomic_rmw_tko relaxed device %sum, add, %x : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    return
  }

  // Block 1 reads the element block 0 stores.
  entry @read_other(%p: tile<ptr<i32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %zero = constant <i32: 0> : tile<i32>
    %first = cmpi equal %bx, %zero, signed : tile<i32> -> tile<i1>
    if %first {
      %t0 = store_ptr_tko weak %p, %bx : tile<ptr<i32>>, tile<i32> -> token
    } else {
      %x, %t1 = load_ptr_tko weak %p : tile<ptr<i32>> -> tile<i32>, token
      // AAREAD: races.mlir:[[@LINE-1]]:17: error: 'nv_tileaa.load' op data race: load of 4 byte(s) at address 0x{{[0-9a-f]+}} (element 0) conflicts with the store by 'nv_tileaa.store' at {{.*}}races.mlir:[[@LINE-3]]:13 in tile block (0, 0, 0) (tile blocks are unordered; use atomics or separate outputs) (tile block (1, 0, 0))
      // READ: races.mlir:[[@LINE-2]]:17: error: 'cuda_tile.load_ptr_tko' op data race: load of 4 byte(s) at address 0x{{[0-9a-f]+}} (element 0) conflicts with the store by 'cuda_tile.store_ptr_tko' at {{.*}}races.mlir:[[@LINE-4]]:13 in tile block (0, 0, 0) (tile blocks are unordered; use atomics or separate outputs) (tile block (1, 0, 0))
    }
    return
  }
}

// ALL: races.mlir:[[@LINE+4]]:3: error: 'cuda_tile.entry' op output differs between two tile block orders (--check seeds 1 and 2): argument 0, element 0 is {{[0-7]}} and {{[0-7]}} (the result depends on the order of the tile blocks)
// LAST7: arg 0: [7]
// AAALL: races.mlir:[[@LINE+2]]:3: error: 'nv_tileaa.func' op output differs between two tile block orders (--check seeds 1 and 2): argument 0, element 0 is {{[0-7]}} and {{[0-7]}} (the result depends on the order of the tile blocks)
cuda_tile.module @m2 {
  entry @last_writer(%p: tile<ptr<i32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %old, %t = atomic_rmw_tko relaxed device %p, xchg, %bx : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    return
  }
}
