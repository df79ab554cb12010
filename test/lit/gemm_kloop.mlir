// A k loop whose body is one GEMM step (two load_view_tko, mmaf, continue)
// runs as one fused GEMM in ctile-run (interp_core.c, kloop_run), and a loop
// with anything else in its body runs op by op: both give C = A * B.  With
// A[i][k] = 8i + k (4x8) and B[k][j] = 4k + j (8x4), in k steps of 2,
// C[i][j] = sum over k < 8 of (8i + k)(4k + j) = 896i + 64ij + 28j + 560.
// RUN: ctile-run %s --entry fused --grid 1 --arg 'f32[4,8]=iota' --arg 'f32[8,4]=iota' --arg 'f32[4,4]=zeros' --dump 2 | FileCheck %s
// RUN: ctile-run %s --entry fused --grid 1 -j 2 --arg 'f32[4,8]=iota' --arg 'f32[8,4]=iota' --arg 'f32[4,4]=zeros' --dump 2 | FileCheck %s
// RUN: ctile-run %s --entry plain --grid 1 --arg 'f32[4,8]=iota' --arg 'f32[8,4]=iota' --arg 'f32[4,4]=zeros' --dump 2 | FileCheck %s
// RUN: ctile-run %s --entry fused_bf16 --grid 1 --arg 'bf16[4,8]=iota' --arg 'bf16[8,4]=iota' --arg 'f32[4,4]=zeros' --dump 2 | FileCheck %s
// CHECK: 560, 588, 616, 644
// CHECK-SAME: 1456, 1548, 1640, 1732
// CHECK-SAME: 2352, 2508, 2664, 2820
// CHECK-SAME: 3248, 3468, 3688, 3908
// The step budget counts the fused loop's iterations as the op-by-op run
// does: the same limit stops both.
// RUN: not ctile-run %s --entry fused --grid 1 --max-steps 12 --arg 'f32[4,8]=iota' --arg 'f32[8,4]=iota' --arg 'f32[4,4]=zeros' 2>&1 | FileCheck %s --check-prefix=STEPS
// STEPS: gemm_kloop.mlir:31:12: error: 'cuda_tile.for' op exceeded the step limit of 12 steps per tile block

cuda_tile.module @m {
  entry @fused(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>) {
    %ta = make_tensor_view %a, shape = [4, 8], strides = [8, 1] : tensor_view<4x8xf32, strides=[8,1]>
    %tb = make_tensor_view %b, shape = [8, 4], strides = [4, 1] : tensor_view<8x4xf32, strides=[4,1]>
    %tc = make_tensor_view %c, shape = [4, 4], strides = [4, 1] : tensor_view<4x4xf32, strides=[4,1]>
    %pa = make_partition_view %ta : partition_view<tile=(4x2), tensor_view<4x8xf32, strides=[8,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(2x4), tensor_view<8x4xf32, strides=[4,1]>>
    %pc = make_partition_view %tc : partition_view<tile=(4x4), tensor_view<4x4xf32, strides=[4,1]>>
    %zero = constant <f32: 0.0> : tile<4x4xf32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c4 = constant <i32: 4> : tile<i32>
    %acc = for %k in (%c0 to %c4, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<4x4xf32>) {
      %at, %t0 = load_view_tko weak %pa[%c0, %k] : partition_view<tile=(4x2), tensor_view<4x8xf32, strides=[8,1]>>, tile<i32> -> tile<4x2xf32>, token
      %bt, %t1 = load_view_tko weak %pb[%k, %c0] : partition_view<tile=(2x4), tensor_view<8x4xf32, strides=[4,1]>>, tile<i32> -> tile<2x4xf32>, token
      %next = mmaf %at, %bt, %sum : tile<4x2xf32>, tile<2x4xf32>, tile<4x4xf32>
      continue %next : tile<4x4xf32>
    }
    %done = store_view_tko weak %acc, %pc[%c0, %c0] : tile<4x4xf32>, partition_view<tile=(4x4), tensor_view<4x4xf32, strides=[4,1]>>, tile<i32> -> token
    return
  }

  entry @plain(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>) {
    %ta = make_tensor_view %a, shape = [4, 8], strides = [8, 1] : tensor_view<4x8xf32, strides=[8,1]>
    %tb = make_tensor_view %b, shape = [8, 4], strides = [4, 1] : tensor_view<8x4xf32, strides=[4,1]>
    %tc = make_tensor_view %c, shape = [4, 4], strides = [4, 1] : tensor_view<4x4xf32, strides=[4,1]>
    %pa = make_partition_view %ta : partition_view<tile=(4x2), tensor_view<4x8xf32, strides=[8,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(2x4), tensor_view<8x4xf32, strides=[4,1]>>
    %pc = make_partition_view %tc : partition_view<tile=(4x4), tensor_view<4x4xf32, strides=[4,1]>>
    %zero = constant <f32: 0.0> : tile<4x4xf32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c4 = constant <i32: 4> : tile<i32>
    %acc = for %k in (%c0 to %c4, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<4x4xf32>) {
      %kk = addi %k, %c0 : tile<i32>
      %at, %t0 = load_view_tko weak %pa[%c0, %kk] : partition_view<tile=(4x2), tensor_view<4x8xf32, strides=[8,1]>>, tile<i32> -> tile<4x2xf32>, token
      %bt, %t1 = load_view_tko weak %pb[%kk, %c0] : partition_view<tile=(2x4), tensor_view<8x4xf32, strides=[4,1]>>, tile<i32> -> tile<2x4xf32>, token
      %next = mmaf %at, %bt, %sum : tile<4x2xf32>, tile<2x4xf32>, tile<4x4xf32>
      continue %next : tile<4x4xf32>
    }
    %done = store_view_tko weak %acc, %pc[%c0, %c0] : tile<4x4xf32>, partition_view<tile=(4x4), tensor_view<4x4xf32, strides=[4,1]>>, tile<i32> -> token
    return
  }

  entry @fused_bf16(%a: tile<ptr<bf16>>, %b: tile<ptr<bf16>>, %c: tile<ptr<f32>>) {
    %ta = make_tensor_view %a, shape = [4, 8], strides = [8, 1] : tensor_view<4x8xbf16, strides=[8,1]>
    %tb = make_tensor_view %b, shape = [8, 4], strides = [4, 1] : tensor_view<8x4xbf16, strides=[4,1]>
    %tc = make_tensor_view %c, shape = [4, 4], strides = [4, 1] : tensor_view<4x4xf32, strides=[4,1]>
    %pa = make_partition_view %ta : partition_view<tile=(4x2), tensor_view<4x8xbf16, strides=[8,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(2x4), tensor_view<8x4xbf16, strides=[4,1]>>
    %pc = make_partition_view %tc : partition_view<tile=(4x4), tensor_view<4x4xf32, strides=[4,1]>>
    %zero = constant <f32: 0.0> : tile<4x4xf32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c4 = constant <i32: 4> : tile<i32>
    %acc = for %k in (%c0 to %c4, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<4x4xf32>) {
      %bt, %t1 = load_view_tko weak %pb[%k, %c0] : partition_view<tile=(2x4), tensor_view<8x4xbf16, strides=[4,1]>>, tile<i32> -> tile<2x4xbf16>, token
      %at, %t0 = load_view_tko weak %pa[%c0, %k] : partition_view<tile=(4x2), tensor_view<4x8xbf16, strides=[8,1]>>, tile<i32> -> tile<4x2xbf16>, token
      %next = mmaf %at, %bt, %sum : tile<4x2xbf16>, tile<2x4xbf16>, tile<4x4xf32>
      continue %next : tile<4x4xf32>
    }
    %done = store_view_tko weak %acc, %pc[%c0, %c0] : tile<4x4xf32>, partition_view<tile=(4x4), tensor_view<4x4xf32, strides=[4,1]>>, tile<i32> -> token
    return
  }
}
