// Slots of the custom op memo that need more than a name: a name used twice
// in a template (`addi %i, %i`, the `%K` of a view's shape and strides)
// matches only where the same name repeats at the same places (else both
// operands would come from the first slot), and `%name#k` keeps its `#k`
// in the template (the value is result k; another k is another text).  The
// output is the same with the memo off, and the stats line counts the hits.
// RUN: ctile-opt %s | FileCheck %s
// RUN: env CTILE_PMEMO=0 ctile-opt %s | FileCheck %s
// RUN: env CTILE_PMEMO=stats ctile-opt %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS

cuda_tile.module @m {
  entry @f(%i: tile<i32>, %j: tile<i32>, %p: tile<ptr<f32>>, %M: tile<i32>, %K: tile<i32>, %N: tile<i32>) {
    %x = addi %i, %i : tile<i32>
    %y = addi %i, %j : tile<i32>
    %z = addi %j, %j : tile<i32>
    %w = addi %x, %z : tile<i32>
    %tv_a = make_tensor_view %p, shape = [%M, %K], strides = [%K, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %tv_b = make_tensor_view %p, shape = [%K, %N], strides = [%N, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %tv_c = make_tensor_view %p, shape = [%M, %N], strides = [%K, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %q:3 = get_tile_block_id : tile<i32>
    %s = addi %q#0, %q#1 : tile<i32>
    %r = addi %q#1, %q#0 : tile<i32>
    %t = addi %q#0, %q#1 : tile<i32>
    %u = addi %q#2, %q#2 : tile<i32>
    return
  }
}

// CHECK:      %0 = addi %arg0, %arg0 : tile<i32>
// CHECK-NEXT: %1 = addi %arg0, %arg1 : tile<i32>
// CHECK-NEXT: %2 = addi %arg1, %arg1 : tile<i32>
// CHECK-NEXT: %3 = addi %0, %2 : tile<i32>
// CHECK-NEXT: %tview = make_tensor_view %arg2, shape = [%arg3, %arg4], strides = [%arg4, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
// CHECK-NEXT: %tview_0 = make_tensor_view %arg2, shape = [%arg4, %arg5], strides = [%arg5, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
// CHECK-NEXT: %tview_1 = make_tensor_view %arg2, shape = [%arg3, %arg5], strides = [%arg4, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
// CHECK-NEXT: %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
// CHECK-NEXT: %4 = addi %blockId_x, %blockId_y : tile<i32>
// CHECK-NEXT: %5 = addi %blockId_y, %blockId_x : tile<i32>
// CHECK-NEXT: %6 = addi %blockId_x, %blockId_y : tile<i32>
// CHECK-NEXT: %7 = addi %blockId_z, %blockId_z : tile<i32>

// STATS: pmemo: 4 hits,
