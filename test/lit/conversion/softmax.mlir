// cuda_tile -> nv_tileaa on the softmax example: reduce with its combiner
// region (maxf -> arith.maxnumf, addf -> nv_tileaa.addf on scalars, yield ->
// nv_tileaa.yield), reshape -> view, broadcast, exp -> math.exp, the store
// taking the load's token; ctile-run gives identical results both ways.
// RUN: ctile-opt --convert-cuda-tile-to-nv-tileaa='compute-capability=100' %ctile_src/examples/softmax.mlir | FileCheck %s
// RUN: ctile-run %ctile_src/examples/softmax.mlir --entry softmax_rows --grid 128 --arg 'f32[1024,128]=rand:3' --arg 'f32[1024,128]=zeros' --dump 1 > %t.orig
// RUN: ctile-run %ctile_src/examples/softmax.mlir --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry softmax_rows --grid 128 -j 2 --arg 'f32[1024,128]=rand:3' --arg 'f32[1024,128]=zeros' --dump 1 > %t.conv
// RUN: diff %t.orig %t.conv

// CHECK: %[[L:.*]]:2 = nv_tileaa.tiled_load
// CHECK: nv_tileaa.reduce %[[L]]#0 attributes {axis = 1 : i32, identities = [0xFF800000 : f32]} : tile<8x128xf32> -> tile<8xf32> {
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32):
// CHECK-NEXT: %[[M:.*]] = arith.maxnumf %[[X]], %[[Y]] : f32
// CHECK-NEXT: nv_tileaa.yield %[[M]] : f32
// CHECK: nv_tileaa.view %{{.*}} : tile<8xf32> -> tile<8x1xf32>
// CHECK: nv_tileaa.broadcast %{{.*}} : tile<8x1xf32> -> tile<8x128xf32>
// CHECK: nv_tileaa.subf %[[L]]#0, %{{.*}} {rounding_mode = #nv_tileaa.rounding_mode<rn>}
// CHECK: math.exp %{{.*}} : !nv_tileaa.tile<8x128xf32>
// CHECK: nv_tileaa.addf %{{.*}}, %{{.*}} {rounding_mode = #nv_tileaa.rounding_mode<rn>} : f32, f32 -> f32
// CHECK: nv_tileaa.divf
// CHECK: nv_tileaa.tiled_store %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}, %[[L]]#1
