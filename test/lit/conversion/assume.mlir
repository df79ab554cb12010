// assume: cuda_tile's predicates become nv_tileaa's (div_by, bounded,
// same_elements) on nv_tileaa.assume, and ctile-run checks them on the
// converted program as on the original.
// RUN: ctile-opt --convert-cuda-tile-to-nv-tileaa='compute-capability=100' %s | FileCheck %s
// RUN: not ctile-run %s --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry k --grid 1 --arg i32:6 --arg 'i32[4]=zeros' 2>&1 | FileCheck %s --check-prefix=DIV
// RUN: not ctile-run %s --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry k --grid 1 --arg i32:200 --arg 'i32[4]=zeros' 2>&1 | FileCheck %s --check-prefix=BOUND
// RUN: ctile-run %s --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry k --grid 1 --arg i32:8 --arg 'i32[4]=zeros' --dump 1 | FileCheck %s --check-prefix=OK

// CHECK: nv_tileaa.assume %arg0 {predicates = [#nv_tileaa.div_by<4>]} : i32 -> i32
// CHECK: nv_tileaa.assume %{{.*}} {predicates = [#nv_tileaa.bounded<0, 100>]} : i32 -> i32
// CHECK: nv_tileaa.assume %arg1 {predicates = [#nv_tileaa.div_by<16>]} : !nv_tileaa.ptr<i32, 1> -> !nv_tileaa.ptr<i32, 1>
// DIV: error: 'nv_tileaa.assume' op violated assumption div_by<4>: element 0 is 6 (tile block (0, 0, 0))
// BOUND: error: 'nv_tileaa.assume' op violated assumption bounded: element 0 is 200 (tile block (0, 0, 0))
// OK: arg 1: [8, 0, 0, 0]
cuda_tile.module @m {
  entry @k(%n: tile<i32>, %p: tile<ptr<i32>>) {
    %a = assume div_by<4>, %n : tile<i32>
    %b = assume bounded<0, 100>, %a : tile<i32>
    %q = assume div_by<16>, %p : tile<ptr<i32>>
    %t = store_ptr_tko weak %q, %b : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}
