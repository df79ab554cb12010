// cuda_tile.alloca after the conversion: an uninitialized nv_tileaa.global
// marked nv_tileaa.alloca (nv_tileaa.alloca_global for `global`) before the
// function, read through nv_tileaa.get_global.  ctile-run gives every
// execution of that get_global a fresh zeroed buffer private to the tile
// block, as cuda_tile's alloca: block 1 does not see block 0's write, and an
// alloca in a loop is fresh in every iteration.  --check=uninit still reports
// a read of never-written alloca memory, at the alloca's location.
// RUN: ctile-opt --convert-cuda-tile-to-nv-tileaa='compute-capability=100' %s | FileCheck %s
// RUN: ctile-run %s --entry priv --grid 2 --arg 'i32[2]=const:-1' --arg 'i32[3]=const:-1' --dump 0 --dump 1 | tee %t.a | FileCheck %s --check-prefix=OUT
// RUN: ctile-run %s --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry priv --grid 2 --arg 'i32[2]=const:-1' --arg 'i32[3]=const:-1' --dump 0 --dump 1 | tee %t.b | FileCheck %s --check-prefix=OUT
// RUN: diff %t.a %t.b
// RUN: not ctile-run %S/../check/uninit.mlir --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry partial --grid 1 --arg 'f32[4]=zeros' --check=uninit 2>&1 | FileCheck %s --check-prefix=UNINIT

// CHECK: nv_tileaa.global @alloca_0 {alignment = 16 : i64, nv_tileaa.alloca} : tile<2xi32>
// CHECK: nv_tileaa.global @alloca_1 {alignment = 8 : i64, nv_tileaa.alloca_global} : tile<1xi32>
// CHECK-LABEL: nv_tileaa.func @priv(
// CHECK: %[[A:.*]] = nv_tileaa.get_global @alloca_0 : !nv_tileaa.ptr<i32, 1>
// CHECK: scf.for
// CHECK: nv_tileaa.get_global @alloca_1 : !nv_tileaa.ptr<i32, 1>
// CHECK-NOT: cuda_tile.

// Block 0 writes 5 into its buffer; block 1 reads its own (zero) one.
// OUT: arg 0: [0, 0]
// Each iteration's alloca starts fresh (zero) before its write of i + 1.
// OUT: arg 1: [0, 0, 0]
// UNINIT: uninit.mlir:27:15: error: 'nv_tileaa.load' op reads uninitialized memory: load of 4 byte(s) at address 0x{{[0-9a-f]+}} (element 2) of the alloca at {{.*}}uninit.mlir:17:11, never written before (tile block (0, 0, 0))

cuda_tile.module @m {
  entry @priv(%out: tile<ptr<i32>>, %loop: tile<ptr<i32>>) {
    %sc = alloca num_elem = 2, alignment = 16 : tile<ptr<i32>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c3 = constant <i32: 3> : tile<i32>
    %c5 = constant <i32: 5> : tile<i32>
    %first = cmpi equal %bx, %c0, signed : tile<i32> -> tile<i1>
    %old, %t0 = load_ptr_tko weak %sc : tile<ptr<i32>> -> tile<i32>, token
    if %first {
      %t1 = store_ptr_tko weak %sc, %c5 token=%t0 : tile<ptr<i32>>, tile<i32> -> token
    }
    %po = offset %out, %bx : tile<ptr<i32>>, tile<i32> -> tile<ptr<i32>>
    %t2 = store_ptr_tko weak %po, %old : tile<ptr<i32>>, tile<i32> -> token
    for %i in (%c0 to %c3, step %c1) : tile<i32> {
      %g = alloca num_elem = 1, alignment = 8 global : tile<ptr<i32>>
      %v, %t3 = load_ptr_tko weak %g : tile<ptr<i32>> -> tile<i32>, token
      %n = addi %i, %c1 : tile<i32>
      %t4 = store_ptr_tko weak %g, %n token=%t3 : tile<ptr<i32>>, tile<i32> -> token
      %pl = offset %loop, %i : tile<ptr<i32>>, tile<i32> -> tile<ptr<i32>>
      %t5 = store_ptr_tko weak %pl, %v : tile<ptr<i32>>, tile<i32> -> token
    }
    return
  }
}
