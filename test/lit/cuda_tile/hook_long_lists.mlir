// Op hooks past their inline list capacity (lib/dialect/cuda_tile/ct_svec.h
// keeps up to 8 operands/types/arguments, 16 signature inputs, 8 constant
// elements and 64 constant bytes on the stack, then moves to the heap): a
// signature of 18 inputs, 16 non-splat i64 constant elements (128 bytes),
// for/loop/terminators of 9-10 values, a rank-9 make_tensor_view and
// view accesses with 9 indices (splat and per-index types).  Exact text,
// and the custom and generic round trips.  (The rank-9 view accesses do not
// lower to nv_tileaa: test/equiv/not_converted.txt lists this file.)
// RUN: ctile-opt %s | FileCheck %s --strict-whitespace --match-full-lines
// RUN: ctile-opt %s | ctile-opt | FileCheck %s --strict-whitespace --match-full-lines
// RUN: ctile-opt -mlir-print-op-generic %s | ctile-opt | FileCheck %s --strict-whitespace --match-full-lines

cuda_tile.module @long {
  testing$func @many(%a0: tile<i32>, %a1: tile<i32>, %a2: tile<i32>, %a3: tile<i32>, %a4: tile<i32>, %a5: tile<i32>, %a6: tile<i32>, %a7: tile<i32>, %a8: tile<i32>, %a9: tile<i32>, %a10: tile<i32>, %a11: tile<i32>, %a12: tile<i32>, %a13: tile<i32>, %a14: tile<i32>, %a15: tile<i32>, %a16: tile<i32>, %base: tile<ptr<f32>>) {
    %k = constant <i64: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]> : tile<16xi64>
    %h = constant <i16: [[1, 2], [3, 4]]> : tile<2x2xi16>
    %r:10 = for %i in (%a0 to %a1, step %a2) : tile<i32> iter_values(%b0 = %a0, %b1 = %a1, %b2 = %a2, %b3 = %a3, %b4 = %a4, %b5 = %a5, %b6 = %a6, %b7 = %a7, %b8 = %a8, %b9 = %a9) -> (tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>) {
      continue %b9, %b8, %b7, %b6, %b5, %b4, %b3, %b2, %b1, %b0 : tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>
    }
    %l:9 = loop iter_values(%c0 = %a0, %c1 = %a1, %c2 = %a2, %c3 = %a3, %c4 = %a4, %c5 = %a5, %c6 = %a6, %c7 = %a7, %c8 = %a8) : tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32> -> tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32> {
      break %c8, %c7, %c6, %c5, %c4, %c3, %c2, %c1, %c0 : tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>
    }
    %tv = make_tensor_view %base, shape = [2, 2, 2, 2, 2, 2, 2, 2, 2], strides = [256, 128, 64, 32, 16, 8, 4, 2, 1] : tensor_view<2x2x2x2x2x2x2x2x2xf32, strides=[256,128,64,32,16,8,4,2,1]>
    %pv = make_partition_view %tv : partition_view<tile=(2x2x2x2x2x2x2x2x2), tensor_view<2x2x2x2x2x2x2x2x2xf32, strides=[256,128,64,32,16,8,4,2,1]>>
    %x, %xt = load_view_tko weak %pv[%a0, %a0, %a0, %a0, %a0, %a0, %a0, %a0, %a0] : partition_view<tile=(2x2x2x2x2x2x2x2x2), tensor_view<2x2x2x2x2x2x2x2x2xf32, strides=[256,128,64,32,16,8,4,2,1]>>, tile<i32> -> tile<2x2x2x2x2x2x2x2x2xf32>, token
    %st = store_view_tko weak %x, %pv[%a0, %a0, %a0, %a0, %a0, %a0, %a0, %a0, %a0] token = %xt : tile<2x2x2x2x2x2x2x2x2xf32>, partition_view<tile=(2x2x2x2x2x2x2x2x2), tensor_view<2x2x2x2x2x2x2x2x2xf32, strides=[256,128,64,32,16,8,4,2,1]>>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32> -> token
    return
  }
}

// CHECK:module {
// CHECK-NEXT:  cuda_tile.module @long {
// CHECK-NEXT:    testing$func @many(%arg0: tile<i32>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<i32>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<i32>, %arg14: tile<i32>, %arg15: tile<i32>, %arg16: tile<i32>, %arg17: tile<ptr<f32>>) {
// CHECK-NEXT:      %cst_i64 = constant <i64: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]> : tile<16xi64>
// CHECK-NEXT:      %cst_i16 = constant <i16: {{\[\[}}1, 2], [3, 4]]> : tile<2x2xi16>
// CHECK-NEXT:      %for:10 = for %loopIdx in (%arg0 to %arg1, step %arg2) : tile<i32> iter_values(%iterArg0 = %arg0, %iterArg1 = %arg1, %iterArg2 = %arg2, %iterArg3 = %arg3, %iterArg4 = %arg4, %iterArg5 = %arg5, %iterArg6 = %arg6, %iterArg7 = %arg7, %iterArg8 = %arg8, %iterArg9 = %arg9) -> (tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>) {
// CHECK-NEXT:        continue %iterArg9, %iterArg8, %iterArg7, %iterArg6, %iterArg5, %iterArg4, %iterArg3, %iterArg2, %iterArg1, %iterArg0 : tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>
// CHECK-NEXT:      }
// CHECK-NEXT:      %0:9 = loop iter_values(%arg18 = %arg0, %arg19 = %arg1, %arg20 = %arg2, %arg21 = %arg3, %arg22 = %arg4, %arg23 = %arg5, %arg24 = %arg6, %arg25 = %arg7, %arg26 = %arg8) : tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32> -> tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32> {
// CHECK-NEXT:        break %arg26, %arg25, %arg24, %arg23, %arg22, %arg21, %arg20, %arg19, %arg18 : tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>
// CHECK-NEXT:      }
// CHECK-NEXT:      %tview = make_tensor_view %arg17, shape = [2, 2, 2, 2, 2, 2, 2, 2, 2], strides = [256, 128, 64, 32, 16, 8, 4, 2, 1] : tensor_view<2x2x2x2x2x2x2x2x2xf32, strides=[256,128,64,32,16,8,4,2,1]>
// CHECK-NEXT:      %pview = make_partition_view %tview : partition_view<tile=(2x2x2x2x2x2x2x2x2), tensor_view<2x2x2x2x2x2x2x2x2xf32, strides=[256,128,64,32,16,8,4,2,1]>>
// CHECK-NEXT:      %tile, %result_token = load_view_tko weak %pview[%arg0, %arg0, %arg0, %arg0, %arg0, %arg0, %arg0, %arg0, %arg0] : partition_view<tile=(2x2x2x2x2x2x2x2x2), tensor_view<2x2x2x2x2x2x2x2x2xf32, strides=[256,128,64,32,16,8,4,2,1]>>, tile<i32> -> tile<2x2x2x2x2x2x2x2x2xf32>, token
// CHECK-NEXT:      %1 = store_view_tko weak %tile, %pview[%arg0, %arg0, %arg0, %arg0, %arg0, %arg0, %arg0, %arg0, %arg0] token = %result_token : tile<2x2x2x2x2x2x2x2x2xf32>, partition_view<tile=(2x2x2x2x2x2x2x2x2), tensor_view<2x2x2x2x2x2x2x2x2xf32, strides=[256,128,64,32,16,8,4,2,1]>>, tile<i32> -> token
// CHECK-NEXT:      return
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:}
