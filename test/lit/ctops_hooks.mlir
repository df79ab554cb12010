// Edge cases of the cuda_tile op hooks that ops_cache.c (memoized segment
// sizes, i32 enum attributes, pointer tiles, the token type) and
// ct_attrdict.h (attr-dict skipped when only elided properties are left)
// touch: make_tensor_view with no, some and all dims dynamic, view loads and
// stores with four memory orderings and three scopes, with and without
// tokens, discardable attributes next to elided properties (custom `{...}`
// and `attributes {...}`), `for` without iter_values, nested `for`s whose
// induction variables share a name (printed %loopIdx, %loopIdx_0, ...),
// `unsigned`, an attr-dict after a `for` body, and an empty `loop`.  Custom
// print, its round trips, and the generic form's properties.
// RUN: ctile-opt %s | FileCheck %s --strict-whitespace --match-full-lines
// RUN: ctile-opt %s | ctile-opt | FileCheck %s --strict-whitespace --match-full-lines
// RUN: ctile-opt -mlir-print-op-generic %s | ctile-opt | FileCheck %s --strict-whitespace --match-full-lines
// RUN: ctile-opt -mlir-print-op-generic %s | FileCheck %s --check-prefix=GEN

cuda_tile.module @hooks {
  entry @views(%p: tile<ptr<f32>>, %n: tile<i64>, %m: tile<i64>) {
    %t0 = make_tensor_view %p, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf32, strides=[32,1]>
    %t1 = make_tensor_view %p, shape = [%n, 32], strides = [32, 1] : tile<i64> -> tensor_view<?x32xf32, strides=[32,1]>
    %t2 = make_tensor_view %p, shape = [%n, %m], strides = [%m, 1] : tile<i64> -> tensor_view<?x?xf32, strides=[?,1]>
    %t3 = make_tensor_view %p, shape = [16], strides = [%m] {tag = "dyn"} : tile<i64> -> tensor_view<16xf32, strides=[?]>
    %pv = make_partition_view %t0 : partition_view<tile=(8x8), tensor_view<64x32xf32, strides=[32,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %xt = load_view_tko weak %pv[%c0, %c0] : partition_view<tile=(8x8), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> tile<8x8xf32>, token
    %y, %yt = load_view_tko acquire device %pv[%c0, %c0] token = %xt : partition_view<tile=(8x8), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> tile<8x8xf32>, token
    %s1 = store_view_tko relaxed tl_blk %x, %pv[%c0, %c0] token = %yt : tile<8x8xf32>, partition_view<tile=(8x8), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> token
    %s2 = store_view_tko release sys %y, %pv[%c0, %c0] attributes {note = 1 : i32} : tile<8x8xf32>, partition_view<tile=(8x8), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> token
    return
  }
  entry @loops(%a: tile<i32>, %b: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    for %i in (%c0 to %a, step %c1) : tile<i32> {
      for %i2 in (%c0 to %b, step %c1) : tile<i32> {
      }
    }
    %r = for unsigned %i in (%c0 to %b, step %c1) : tile<i32> iter_values(%acc = %c0) -> (tile<i32>) {
      %r2 = for %j in (%c0 to %b, step %c1) : tile<i32> iter_values(%acc2 = %acc) -> (tile<i32>) {
        %s = addi %acc2, %j : tile<i32>
        continue %s : tile<i32>
      } {inner}
      continue %r2 : tile<i32>
    }
    loop {
      break
    }
    return
  }
}

// CHECK:module {
// CHECK-NEXT:  cuda_tile.module @hooks {
// CHECK-NEXT:    entry @views(%arg0: tile<ptr<f32>>, %arg1: tile<i64>, %arg2: tile<i64>) {
// CHECK-NEXT:      %tview = make_tensor_view %arg0, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf32, strides=[32,1]>
// CHECK-NEXT:      %tview_0 = make_tensor_view %arg0, shape = [%arg1, 32], strides = [32, 1] : tile<i64> -> tensor_view<?x32xf32, strides=[32,1]>
// CHECK-NEXT:      %tview_1 = make_tensor_view %arg0, shape = [%arg1, %arg2], strides = [%arg2, 1] : tile<i64> -> tensor_view<?x?xf32, strides=[?,1]>
// CHECK-NEXT:      %tview_2 = make_tensor_view %arg0, shape = [16], strides = [%arg2] {tag = "dyn"} : tile<i64> -> tensor_view<16xf32, strides=[?]>
// CHECK-NEXT:      %pview = make_partition_view %tview : partition_view<tile=(8x8), tensor_view<64x32xf32, strides=[32,1]>>
// CHECK-NEXT:      %cst_0_i32 = constant <i32: 0> : tile<i32>
// CHECK-NEXT:      %tile, %result_token = load_view_tko weak %pview[%cst_0_i32, %cst_0_i32] : partition_view<tile=(8x8), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> tile<8x8xf32>, token
// CHECK-NEXT:      %tile_3, %result_token_4 = load_view_tko acquire device %pview[%cst_0_i32, %cst_0_i32] token = %result_token : partition_view<tile=(8x8), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> tile<8x8xf32>, token
// CHECK-NEXT:      %0 = store_view_tko relaxed tl_blk %tile, %pview[%cst_0_i32, %cst_0_i32] token = %result_token_4 : tile<8x8xf32>, partition_view<tile=(8x8), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> token
// CHECK-NEXT:      %1 = store_view_tko release sys %tile_3, %pview[%cst_0_i32, %cst_0_i32] attributes {note = 1 : i32} : tile<8x8xf32>, partition_view<tile=(8x8), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> token
// CHECK-NEXT:      return
// CHECK-NEXT:    }
// CHECK-NEXT:    entry @loops(%arg0: tile<i32>, %arg1: tile<i32>) {
// CHECK-NEXT:      %cst_0_i32 = constant <i32: 0> : tile<i32>
// CHECK-NEXT:      %cst_1_i32 = constant <i32: 1> : tile<i32>
// CHECK-NEXT:      for %loopIdx in (%cst_0_i32 to %arg0, step %cst_1_i32) : tile<i32> {
// CHECK-NEXT:        for %loopIdx_0 in (%cst_0_i32 to %arg1, step %cst_1_i32) : tile<i32> {
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:      %for = for unsigned %loopIdx in (%cst_0_i32 to %arg1, step %cst_1_i32) : tile<i32> iter_values(%iterArg0 = %cst_0_i32) -> (tile<i32>) {
// CHECK-NEXT:        %for_0 = for %loopIdx_1 in (%cst_0_i32 to %arg1, step %cst_1_i32) : tile<i32> iter_values(%iterArg0_2 = %iterArg0) -> (tile<i32>) {
// CHECK-NEXT:          %0 = addi %iterArg0_2, %loopIdx_1 : tile<i32>
// CHECK-NEXT:          continue %0 : tile<i32>
// CHECK-NEXT:        } {inner}
// CHECK-NEXT:        continue %for_0 : tile<i32>
// CHECK-NEXT:      }
// CHECK-NEXT:      loop {
// CHECK-NEXT:        break
// CHECK-NEXT:      }
// CHECK-NEXT:      return
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:}

// GEN: {{.*}} = "cuda_tile.make_tensor_view"({{.*}}) <{operandSegmentSizes = array<i32: 1, 0, 0>}>
// GEN: {{.*}} = "cuda_tile.make_tensor_view"({{.*}}) <{operandSegmentSizes = array<i32: 1, 1, 0>}>
// GEN: {{.*}} = "cuda_tile.make_tensor_view"({{.*}}) <{operandSegmentSizes = array<i32: 1, 2, 1>}>
// GEN: {{.*}} = "cuda_tile.make_tensor_view"({{.*}}) <{operandSegmentSizes = array<i32: 1, 0, 1>}> {tag = "dyn"}
// GEN: {{.*}} = "cuda_tile.load_view_tko"({{.*}}) <{memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 2, 0>}>
// GEN: {{.*}} = "cuda_tile.load_view_tko"({{.*}}) <{memory_ordering_semantics = 2 : i32, memory_scope = 1 : i32, operandSegmentSizes = array<i32: 1, 2, 1>}>
// GEN: {{.*}} = "cuda_tile.store_view_tko"({{.*}}) <{memory_ordering_semantics = 1 : i32, memory_scope = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 2, 1>}>
// GEN: {{.*}} = "cuda_tile.store_view_tko"({{.*}}) <{memory_ordering_semantics = 3 : i32, memory_scope = 2 : i32, operandSegmentSizes = array<i32: 1, 1, 2, 0>}> {note = 1 : i32}
// GEN: {{.*}} = "cuda_tile.for"({{.*}}) <{unsignedCmp}> ({
