// ctile-run --check=races and synchronisation between tile blocks: each block
// stores a partial result and bumps a counter; the block that sees the last
// count reads every partial.  With an acq_rel counter the release/acquire
// pair orders the partial stores before the reads (no report, under every
// block order); with a relaxed counter nothing does, and the read is a race.
// Accesses with a memory ordering other than weak are atomic: a release
// store and an acquire load of one flag from two blocks do not race.
// RUN: ctile-run %s --entry last_block --grid 4 --arg 'i32[4]=zeros' --arg 'i32[1]=zeros' --arg 'i32[4]=zeros' --check=all --dump 2 | FileCheck %s --check-prefix=OK
// RUN: ctile-run %s --entry last_block --grid 4 --arg 'i32[4]=zeros' --arg 'i32[1]=zeros' --arg 'i32[4]=zeros' --check=races,order-shuffle=9 --dump 2 | FileCheck %s --check-prefix=OK
// RUN: not ctile-run %s --entry last_block_relaxed --grid 4 --arg 'i32[4]=zeros' --arg 'i32[1]=zeros' --arg 'i32[4]=zeros' --check=races 2>&1 | FileCheck %s --check-prefix=RELAXED
// RUN: ctile-run %s --entry flag --grid 2 --arg 'i32[1]=zeros' --arg 'i32[2]=zeros' --check=all --dump 1 | FileCheck %s --check-prefix=FLAG
// The same on the kernels converted to nv_tileaa, whose mem_semantic gives
// the orderings:
// RUN: ctile-run %s --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry last_block --grid 4 --arg 'i32[4]=zeros' --arg 'i32[1]=zeros' --arg 'i32[4]=zeros' --check=all --dump 2 | FileCheck %s --check-prefix=OK
// RUN: not ctile-run %s --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry last_block_relaxed --grid 4 --arg 'i32[4]=zeros' --arg 'i32[1]=zeros' --arg 'i32[4]=zeros' --check=races 2>&1 | FileCheck %s --check-prefix=AARELAXED
// RUN: ctile-run %s --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry flag --grid 2 --arg 'i32[1]=zeros' --arg 'i32[2]=zeros' --check=all --dump 1 | FileCheck %s --check-prefix=FLAG
// OK: arg 2: [1, 2, 3, 4]
// FLAG: arg 1: [0, 1]

cuda_tile.module @m {
  entry @last_block(%part: tile<ptr<i32>>, %cnt: tile<ptr<i32>>, %out: tile<ptr<i32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %three = constant <i32: 3> : tile<i32>
    %q = offset %part, %bx : tile<ptr<i32>>, tile<i32> -> tile<ptr<i32>>
    %v = addi %bx, %one : tile<i32>
    %t0 = store_ptr_tko weak %q, %v : tile<ptr<i32>>, tile<i32> -> token
    %old, %t1 = atomic_rmw_tko acq_rel device %cnt, add, %one token = %t0 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %last = cmpi equal %old, %three, signed : tile<i32> -> tile<i1>
    if %last {
      %io = iota : tile<4xi32>
      %p1 = reshape %part : tile<ptr<i32>> -> tile<1xptr<i32>>
      %pb = broadcast %p1 : tile<1xptr<i32>> -> tile<4xptr<i32>>
      %pp = offset %pb, %io : tile<4xptr<i32>>, tile<4xi32> -> tile<4xptr<i32>>
      %all, %t2 = load_ptr_tko weak %pp token = %t1 : tile<4xptr<i32>> -> tile<4xi32>, token
      %o1 = reshape %out : tile<ptr<i32>> -> tile<1xptr<i32>>
      %ob = broadcast %o1 : tile<1xptr<i32>> -> tile<4xptr<i32>>
      %op = offset %ob, %io : tile<4xptr<i32>>, tile<4xi32> -> tile<4xptr<i32>>
      %t3 = store_ptr_tko weak %op, %all : tile<4xptr<i32>>, tile<4xi32> -> token
    }
    return
  }

  entry @last_block_relaxed(%part: tile<ptr<i32>>, %cnt: tile<ptr<i32>>, %out: tile<ptr<i32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %three = constant <i32: 3> : tile<i32>
    %q = offset %part, %bx : tile<ptr<i32>>, tile<i32> -> tile<ptr<i32>>
    %v = addi %bx, %one : tile<i32>
    %t0 = store_ptr_tko weak %q, %v : tile<ptr<i32>>, tile<i32> -> token
    %old, %t1 = atomic_rmw_tko relaxed device %cnt, add, %one token = %t0 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %last = cmpi equal %old, %three, signed : tile<i32> -> tile<i1>
    if %last {
      %io = iota : tile<4xi32>
      %p1 = reshape %part : tile<ptr<i32>> -> tile<1xptr<i32>>
      %pb = broadcast %p1 : tile<1xptr<i32>> -> tile<4xptr<i32>>
      %pp = offset %pb, %io : tile<4xptr<i32>>, tile<4xi32> -> tile<4xptr<i32>>
      %all, %t2 = load_ptr_tko weak %pp token = %t1 : tile<4xptr<i32>> -> tile<4xi32>, token
      // RELAXED: sync.mlir:[[@LINE-1]]:19: error: 'cuda_tile.load_ptr_tko' op data race: load of 4 byte(s) at address 0x{{[0-9a-f]+}} (element 0) conflicts with the store by 'cuda_tile.store_ptr_tko' at {{.*}}sync.mlir:[[@LINE-9]]:11 in tile block (0, 0, 0)
      // AARELAXED: sync.mlir:[[@LINE-2]]:19: error: 'nv_tileaa.load' op data race: load of 4 byte(s) at address 0x{{[0-9a-f]+}} (element 0) conflicts with the store by 'nv_tileaa.store' at {{.*}}sync.mlir:[[@LINE-10]]:11 in tile block (0, 0, 0)
    }
    return
  }

  // Block 0 publishes with a release store, block 1 reads with an acquire load.
  entry @flag(%f: tile<ptr<i32>>, %seen: tile<ptr<i32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %zero = constant <i32: 0> : tile<i32>
    %first = cmpi equal %bx, %zero, signed : tile<i32> -> tile<i1>
    if %first {
      %t0 = store_ptr_tko release device %f, %zero : tile<ptr<i32>>, tile<i32> -> token
    } else {
      %x, %t1 = load_ptr_tko acquire device %f : tile<ptr<i32>> -> tile<i32>, token
      %s = offset %seen, %bx : tile<ptr<i32>>, tile<i32> -> tile<ptr<i32>>
      %y = addi %x, %bx : tile<i32>
      %t2 = store_ptr_tko weak %s, %y : tile<ptr<i32>>, tile<i32> -> token
    }
    return
  }
}
