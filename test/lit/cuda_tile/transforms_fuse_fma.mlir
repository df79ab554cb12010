// fuse-fma: a single-use mulf on the left of addf/subf becomes an fma (subf
// through negf) when rounding mode and flush_to_zero agree; addf's
// canonicalization first moves a mulf operand to the left.
// RUN: ctile-opt %s --pass-pipeline='builtin.module(cuda_tile.module(cuda_tile.testing$func(fuse-fma)))' | FileCheck %s
// RUN: not ctile-opt %s --pass-pipeline='builtin.module(cuda_tile.module(fuse-fma))' 2>&1 | FileCheck %s --check-prefix=ANCHOR

// CHECK-LABEL: testing$func @fma(
// CHECK-NEXT:    %[[N:.*]] = negf %arg2 : tile<f32>
// CHECK-NEXT:    %[[F1:.*]] = fma %arg0, %arg1, %[[N]] rounding<zero> flush_to_zero : tile<f32>
// CHECK-NEXT:    %[[F2:.*]] = fma %arg0, %arg2, %arg2  : tile<f32>
// CHECK-NEXT:    %[[M3:.*]] = mulf %arg1, %arg2 rounding<zero> : tile<f32>
// CHECK-NEXT:    %[[A3:.*]] = addf %[[M3]], %arg0  : tile<f32>
// CHECK-NEXT:    %[[M4:.*]] = mulf %arg0, %arg0  : tile<f32>
// CHECK-NEXT:    %[[A4:.*]] = addf %[[M4]], %[[M4]]  : tile<f32>
// CHECK-NEXT:    return %[[F1]], %[[F2]], %[[A3]], %[[A4]] :
// ANCHOR: error: 'cuda_tile.module' op trying to schedule a pass on an unsupported operation
cuda_tile.module @m {
  testing$func @fma(%a: tile<f32>, %b: tile<f32>, %c: tile<f32>) -> (tile<f32>, tile<f32>, tile<f32>, tile<f32>) {
    %0 = mulf %a, %b rounding<zero> flush_to_zero : tile<f32>
    %1 = subf %0, %c rounding<zero> flush_to_zero : tile<f32>
    %2 = mulf %a, %c : tile<f32>
    %3 = addf %c, %2 : tile<f32>
    %4 = mulf %b, %c rounding<zero> : tile<f32>
    %5 = addf %4, %a : tile<f32>
    %6 = mulf %a, %a : tile<f32>
    %7 = addf %6, %6 : tile<f32>
    return %1, %3, %5, %7 : tile<f32>, tile<f32>, tile<f32>, tile<f32>
  }
}
