// In-place conversion (cv_build_replace): the one-for-one ops (constants,
// elementwise integer/float ops, compares, selects, broadcasts, returns,
// yields) are turned into their replacements in place, the others are
// rebuilt.  A module mixing both prints byte for byte as when every op is
// rebuilt (CTILE_CV_INPLACE=0): ops, order, value names, attributes,
// locations (--mlir-print-debuginfo), the generic form, and after the rest
// of the pipeline; the same for the conversion tests' own inputs.
// RUN: ctile-opt --mlir-print-debuginfo --pass-pipeline='builtin.module(convert-cuda-tile-to-nv-tileaa{compute-capability=100})' %s > %t.in
// RUN: env CTILE_CV_INPLACE=0 ctile-opt --mlir-print-debuginfo --pass-pipeline='builtin.module(convert-cuda-tile-to-nv-tileaa{compute-capability=100})' %s > %t.re
// RUN: diff %t.in %t.re
// RUN: FileCheck %s < %t.in
// RUN: ctile-opt --mlir-print-op-generic --pass-pipeline='builtin.module(convert-cuda-tile-to-nv-tileaa{compute-capability=100},canonicalize,lower-nv-tileaa)' %s > %t.pin
// RUN: env CTILE_CV_INPLACE=0 ctile-opt --mlir-print-op-generic --pass-pipeline='builtin.module(convert-cuda-tile-to-nv-tileaa{compute-capability=100},canonicalize,lower-nv-tileaa)' %s > %t.pre
// RUN: diff %t.pin %t.pre
// RUN: ctile-opt --mlir-print-debuginfo --convert-cuda-tile-to-nv-tileaa='compute-capability=100' %S/conversion/compute.mlir > %t.c1
// RUN: env CTILE_CV_INPLACE=0 ctile-opt --mlir-print-debuginfo --convert-cuda-tile-to-nv-tileaa='compute-capability=100' %S/conversion/compute.mlir > %t.c0
// RUN: diff %t.c1 %t.c0
// RUN: ctile-opt --mlir-print-debuginfo --convert-cuda-tile-to-nv-tileaa='compute-capability=100' %S/conversion/control.mlir > %t.k1
// RUN: env CTILE_CV_INPLACE=0 ctile-opt --mlir-print-debuginfo --convert-cuda-tile-to-nv-tileaa='compute-capability=100' %S/conversion/control.mlir > %t.k0
// RUN: diff %t.k1 %t.k0
// RUN: ctile-opt --mlir-print-debuginfo --convert-cuda-tile-to-nv-tileaa='compute-capability=100' %S/conversion/memory.mlir > %t.m1
// RUN: env CTILE_CV_INPLACE=0 ctile-opt --mlir-print-debuginfo --convert-cuda-tile-to-nv-tileaa='compute-capability=100' %S/conversion/memory.mlir > %t.m0
// RUN: diff %t.m1 %t.m0
// The kernel computes the same either way.
// RUN: ctile-run %s --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry k --grid 1 --arg 'f32[8]=zeros' --arg i32:3 --dump 0 > %t.r1
// RUN: env CTILE_CV_INPLACE=0 ctile-run %s --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry k --grid 1 --arg 'f32[8]=zeros' --arg i32:3 --dump 0 > %t.r0
// RUN: diff %t.r1 %t.r0
// RUN: FileCheck %s --check-prefix=OUT < %t.r1

// In-place ops keep their locations and get their new attributes.
// CHECK-LABEL: nv_tileaa.func @k
// CHECK: %[[C:.*]] = arith.constant 1 : i32 loc(#[[LC:loc[0-9]*]])
// CHECK: %[[T:.*]] = arith.constant dense<2.000000e+00> : !nv_tileaa.tile<8xf32> loc(#[[LT:loc[0-9]*]])
// CHECK: %[[A:.*]] = arith.addi %arg1, %[[C]] overflow<nsw> : i32 loc(#[[LA:loc[0-9]*]])
// CHECK: nv_tileaa.make_range
// CHECK: %[[M:.*]] = nv_tileaa.mulf %[[T]], %[[T]] {rounding_mode = #nv_tileaa.rounding_mode<rz>} : tile<8xf32>, tile<8xf32> -> tile<8xf32> loc(#[[LM:loc[0-9]*]])
// CHECK: scf.for
// CHECK: nv_tileaa.addf {{.*}} loc(#[[LF:loc[0-9]*]])
// CHECK: scf.yield
// CHECK: nv_tileaa.return loc(#[[LR:loc[0-9]*]])
// CHECK-DAG: #[[LC]] = loc("inplace.mlir":1:1)
// CHECK-DAG: #[[LT]] = loc("inplace.mlir":2:2)
// CHECK-DAG: #[[LA]] = loc("inplace.mlir":3:3)
// CHECK-DAG: #[[LM]] = loc("inplace.mlir":4:4)
// CHECK-DAG: #[[LF]] = loc("inplace.mlir":5:5)
// CHECK-DAG: #[[LR]] = loc("inplace.mlir":6:6)
// OUT: arg 0: [-4, -4, -4, -4, -4, -4, -4, -4]
cuda_tile.module @m {
  entry @k(%pf: tile<ptr<f32>>, %n: tile<i32>) {
    %c1 = constant <i32: 1> : tile<i32> loc("inplace.mlir":1:1)
    %two = constant <f32: 2.0> : tile<8xf32> loc("inplace.mlir":2:2)
    %a = addi %n, %c1 overflow<no_signed_wrap> : tile<i32> loc("inplace.mlir":3:3)
    %x = iota : tile<8xi32>
    %m = mulf %two, %two rounding<zero> : tile<8xf32> loc("inplace.mlir":4:4)
    %c0 = constant <i32: 0> : tile<i32>
    %f = for %j in (%c0 to %a, step %c1) : tile<i32> iter_values(%acc = %m) -> (tile<8xf32>) {
      %s = subf %acc, %two rounding<nearest_even> : tile<8xf32>
      %q = addf %s, %s rounding<nearest_even> : tile<8xf32> loc("inplace.mlir":5:5)
      %h = mulf %q, %two rounding<nearest_even> : tile<8xf32>
      %d = divf %h, %two rounding<nearest_even> : tile<8xf32>
      %e = divf %d, %two rounding<nearest_even> : tile<8xf32>
      continue %e : tile<8xf32>
    }
    %pr = reshape %pf : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %pr : tile<1xptr<f32>> -> tile<8xptr<f32>>
    %pp = offset %pb, %x : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>
    %t = store_ptr_tko weak %pp, %f : tile<8xptr<f32>>, tile<8xf32> -> token
    return loc("inplace.mlir":6:6)
  }
}
