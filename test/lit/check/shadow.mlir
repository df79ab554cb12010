// The shadow memory of --check keeps a page as runs of equal cells until it
// is fragmented into more than 64 runs, then as one cell per element.  Both
// forms report the exact element: a race in the middle of a stored row that
// spans two pages, and an unordered store or an uninitialised read on a page
// fragmented by a strided gather or scatter.  Neighbouring elements that the
// strided access did not touch stay clean.  Reads of a buffer nothing has
// written yet are only logged (a row run per record) until the first write
// to it; the write still sees every logged read, also when a scattered
// gather overflowed the log.
// RUN: not ctile-run %s --entry row_race --grid 2 --arg 'i32[2048]=zeros' --arg i32:1500 --check=races 2>&1 | FileCheck %s --check-prefix=ROW
// RUN: ctile-run %s --entry row_race --grid 1 --arg 'i32[2048]=zeros' --arg i32:1500 --check=all --dump 0 | FileCheck %s --check-prefix=ROWOK
// RUN: not ctile-run %s --entry strided_war --grid 1 --arg 'i32[1024]=iota' --arg i32:300 --check=order 2>&1 | FileCheck %s --check-prefix=WAR
// RUN: ctile-run %s --entry strided_war --grid 1 --arg 'i32[1024]=iota' --arg i32:301 --check=order --dump 0 | FileCheck %s --check-prefix=WAROK
// RUN: not ctile-run %s --entry read_then_write --grid 2 --arg 'i32[64,64]=iota' --arg i32:2565 --check=races 2>&1 | FileCheck %s --check-prefix=RTW
// RUN: ctile-run %s --entry read_then_write --grid 2 --arg 'i32[64,64]=iota' --arg i32:4096 --check=races
// RUN: not ctile-run %s --entry scattered_read --grid 2 --arg 'i32[1024]=iota' --arg i32:1000 --arg i32:1 --check=races 2>&1 | FileCheck %s --check-prefix=SCAT
// RUN: not ctile-run %s --entry scattered_read --grid 1 --arg 'i32[1024]=iota' --arg i32:1000 --arg i32:0 --check=order 2>&1 | FileCheck %s --check-prefix=SCATWAR
// The same on the kernels converted to nv_tileaa:
// RUN: not ctile-run %s --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry row_race --grid 2 --arg 'i32[2048]=zeros' --arg i32:1500 --check=races 2>&1 | FileCheck %s --check-prefix=AAROW
// RUN: not ctile-run %s --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry read_then_write --grid 2 --arg 'i32[64,64]=iota' --arg i32:2565 --check=races 2>&1 | FileCheck %s --check-prefix=AARTW
// RUN: not ctile-run %s --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry scattered_read --grid 2 --arg 'i32[1024]=iota' --arg i32:1000 --arg i32:1 --check=races 2>&1 | FileCheck %s --check-prefix=AASCAT

cuda_tile.module @m {
  // Block 0 stores the whole buffer as one row (two 4 KiB pages); every
  // other block then loads element %i of it.
  entry @row_race(%p: tile<ptr<i32>>, %i: tile<i32>) {
    %t = make_tensor_view %p, shape = [2048], strides = [1] : tensor_view<2048xi32, strides=[1]>
    %v = make_partition_view %t : partition_view<tile=(2048), tensor_view<2048xi32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %first = cmpi equal %bx, %c0, signed : tile<i32> -> tile<i1>
    if %first {
      %x = constant <i32: 7> : tile<2048xi32>
      %t0 = store_view_tko weak %x, %v[%c0] : tile<2048xi32>, partition_view<tile=(2048), tensor_view<2048xi32, strides=[1]>>, tile<i32> -> token
    } else {
      %q = offset %p, %i : tile<ptr<i32>>, tile<i32> -> tile<ptr<i32>>
      %y, %t1 = load_ptr_tko weak %q : tile<ptr<i32>> -> tile<i32>, token
      // AAROW: shadow.mlir:[[@LINE-1]]:17: error: 'nv_tileaa.load' op data race: load of 4 byte(s) at address 0x{{[0-9a-f]+}} (element 1500) conflicts with the store by 'nv_tileaa.tiled_store' at {{.*}}shadow.mlir:[[@LINE-4]]:13 in tile block (0, 0, 0)
      // ROW: shadow.mlir:[[@LINE-2]]:17: error: 'cuda_tile.load_ptr_tko' op data race: load of 4 byte(s) at address 0x{{[0-9a-f]+}} (element 1500) conflicts with the store by 'cuda_tile.store_view_tko' at {{.*}}shadow.mlir:[[@LINE-5]]:13 in tile block (0, 0, 0) (tile blocks are unordered; use atomics or separate outputs) (tile block (1, 0, 0))
    }
    return
  }
  // ROWOK: arg 0: [7, 7, 7,

  // Loads the even elements 0, 2, ..., 510 with one gather (256 runs on the
  // page), then stores -1 to element %i with no token after the load.
  entry @strided_war(%p: tile<ptr<i32>>, %i: tile<i32>) {
    %io = iota : tile<256xi32>
    %two = constant <i32: 2> : tile<256xi32>
    %ev = muli %io, %two : tile<256xi32>
    %p1 = reshape %p : tile<ptr<i32>> -> tile<1xptr<i32>>
    %pb = broadcast %p1 : tile<1xptr<i32>> -> tile<256xptr<i32>>
    %pe = offset %pb, %ev : tile<256xptr<i32>>, tile<256xi32> -> tile<256xptr<i32>>
    %x, %t0 = load_ptr_tko weak %pe : tile<256xptr<i32>> -> tile<256xi32>, token
    %q = offset %p, %i : tile<ptr<i32>>, tile<i32> -> tile<ptr<i32>>
    %m1 = constant <i32: -1> : tile<i32>
    %t1 = store_ptr_tko weak %q, %m1 : tile<ptr<i32>>, tile<i32> -> token
    // WAR: shadow.mlir:[[@LINE-1]]:11: error: 'cuda_tile.store_ptr_tko' op store of 4 byte(s) at address 0x{{[0-9a-f]+}} (element 300) is not ordered after the load by 'cuda_tile.load_ptr_tko' at {{.*}}shadow.mlir:[[@LINE-4]]:15 to the same memory in this tile block (no token or data dependence orders them) (tile block (0, 0, 0))
    return
  }
  // WAROK: arg 0: [0, 1, 2,{{.*}}, 299, 300, -1, 302,

  // Block 0 loads the whole 64x64 matrix (64 rows in one log record);
  // block 1 stores -1 to element %i of it (out of bounds past 4095: no
  // store, clean).
  entry @read_then_write(%p: tile<ptr<i32>>, %i: tile<i32>) {
    %t = make_tensor_view %p, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xi32, strides=[64,1]>
    %v = make_partition_view %t : partition_view<tile=(64x64), tensor_view<64x64xi32, strides=[64,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %first = cmpi equal %bx, %c0, signed : tile<i32> -> tile<i1>
    if %first {
      %x, %t0 = load_view_tko weak %v[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xi32, strides=[64,1]>>, tile<i32> -> tile<64x64xi32>, token
    } else {
      %n = constant <i32: 4096> : tile<i32>
      %in = cmpi less_than %i, %n, signed : tile<i32> -> tile<i1>
      if %in {
        %q = offset %p, %i : tile<ptr<i32>>, tile<i32> -> tile<ptr<i32>>
        %m1 = constant <i32: -1> : tile<i32>
        %t1 = store_ptr_tko weak %q, %m1 : tile<ptr<i32>>, tile<i32> -> token
        // AARTW: shadow.mlir:[[@LINE-1]]:15: error: 'nv_tileaa.store' op data race: store of 4 byte(s) at address 0x{{[0-9a-f]+}} (element 2565) conflicts with the load by 'nv_tileaa.tiled_load' at {{.*}}shadow.mlir:[[@LINE-8]]:17 in tile block (0, 0, 0)
        // RTW: shadow.mlir:[[@LINE-2]]:15: error: 'cuda_tile.store_ptr_tko' op data race: store of 4 byte(s) at address 0x{{[0-9a-f]+}} (element 2565) conflicts with the load by 'cuda_tile.load_view_tko' at {{.*}}shadow.mlir:[[@LINE-9]]:17 in tile block (0, 0, 0) (tile blocks are unordered; use atomics or separate outputs) (tile block (1, 0, 0))
      }
    }
    return
  }

  // Every block gathers the 1024 elements twice in the order 0 ^ 5, 1 ^ 5,
  // ... (no constant stride: a log record per two elements, more than the
  // log holds); then block %w stores -1 to element %i with no token after
  // its gather.
  entry @scattered_read(%p: tile<ptr<i32>>, %i: tile<i32>, %w: tile<i32>) {
    %io = iota : tile<2048xi32>
    %five = constant <i32: 5> : tile<2048xi32>
    %mask = constant <i32: 1023> : tile<2048xi32>
    %io5 = xori %io, %five : tile<2048xi32>
    %ix = andi %io5, %mask : tile<2048xi32>
    %p1 = reshape %p : tile<ptr<i32>> -> tile<1xptr<i32>>
    %pb = broadcast %p1 : tile<1xptr<i32>> -> tile<2048xptr<i32>>
    %pe = offset %pb, %ix : tile<2048xptr<i32>>, tile<2048xi32> -> tile<2048xptr<i32>>
    %x, %t0 = load_ptr_tko weak %pe : tile<2048xptr<i32>> -> tile<2048xi32>, token
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %me = cmpi equal %bx, %w, signed : tile<i32> -> tile<i1>
    if %me {
      %q = offset %p, %i : tile<ptr<i32>>, tile<i32> -> tile<ptr<i32>>
      %m1 = constant <i32: -1> : tile<i32>
      %t1 = store_ptr_tko weak %q, %m1 : tile<ptr<i32>>, tile<i32> -> token
      // SCAT: shadow.mlir:[[@LINE-1]]:13: error: 'cuda_tile.store_ptr_tko' op data race: store of 4 byte(s) at address 0x{{[0-9a-f]+}} (element 1000) conflicts with the load by 'cuda_tile.load_ptr_tko' at {{.*}}shadow.mlir:[[@LINE-7]]:15 in tile block (0, 0, 0) (tile blocks are unordered; use atomics or separate outputs) (tile block (1, 0, 0))
      // SCATWAR: shadow.mlir:[[@LINE-2]]:13: error: 'cuda_tile.store_ptr_tko' op store of 4 byte(s) at address 0x{{[0-9a-f]+}} (element 1000) is not ordered after the load by 'cuda_tile.load_ptr_tko' at {{.*}}shadow.mlir:[[@LINE-8]]:15 to the same memory in this tile block (no token or data dependence orders them) (tile block (0, 0, 0))
      // AASCAT: shadow.mlir:[[@LINE-3]]:13: error: 'nv_tileaa.store' op data race: store of 4 byte(s) at address 0x{{[0-9a-f]+}} (element 1000) conflicts with the load by 'nv_tileaa.load' at {{.*}}shadow.mlir:[[@LINE-9]]:15 in tile block (0, 0, 0)
    }
    return
  }
}
