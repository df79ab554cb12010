// cuda_tile -> nv_tileaa on the GEMM example: entry -> nv_tileaa.func with
// converted signature, tensor views -> make_memref, partition-view loads ->
// tiled_load at element offsets with in_bounds facts (the tile sizes divide
// the view) threaded on the mem-token chain (carried
// through the loop as its last iter_arg), for -> scf.for,
// mmaf -> dot, both pass spellings, and ctile-run giving identical results.
// RUN: ctile-opt --convert-cuda-tile-to-nv-tileaa='compute-capability=100' %ctile_src/examples/gemm.mlir | FileCheck %s
// RUN: ctile-opt --pass-pipeline='builtin.module(convert-cuda-tile-to-nv-tileaa{compute-capability=100})' %ctile_src/examples/gemm.mlir | FileCheck %s
// RUN: ctile-run %ctile_src/examples/gemm.mlir --entry gemm_f32 --grid 4,4 --arg 'f32[256,256]=rand:1' --arg 'f32[256,256]=rand:2' --arg 'f32[256,256]=zeros' --dump 2 > %t.orig
// RUN: ctile-run %ctile_src/examples/gemm.mlir --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry gemm_f32 --grid 4,4 --arg 'f32[256,256]=rand:1' --arg 'f32[256,256]=rand:2' --arg 'f32[256,256]=zeros' --dump 2 > %t.conv
// RUN: diff %t.orig %t.conv
// RUN: ctile-opt --convert-cuda-tile-to-nv-tileaa='compute-capability=100' %ctile_src/examples/gemm.mlir | FileCheck %s --check-prefix=NOCT
// NOCT-NOT: cuda_tile.

// CHECK: module attributes {nv_tileaa.compute_capability = #nv_tileaa.compute_capability<100>}
// CHECK: module @gemm
// CHECK: nv_tileaa.func @gemm_f32(%arg0: !nv_tileaa.ptr<f32, 1>, %arg1: !nv_tileaa.ptr<f32, 1>, %arg2: !nv_tileaa.ptr<f32, 1>) attributes {nv_tileaa.kernel}
// CHECK-NEXT: %[[T0:.*]] = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
// CHECK-NEXT: %c32 = arith.constant 32 : index
// CHECK-NEXT: %c64 = arith.constant 64 : index
// CHECK: %[[A:.*]] = nv_tileaa.make_memref %arg0 {operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (!nv_tileaa.ptr<f32, 1>) -> !nv_tileaa.memref<256x256xf32, 1, strides = [256, 1]>
// CHECK: %[[BX:.*]] = nv_tileaa.get_program_id {axis = 0 : i32} : i32
// CHECK-NEXT: %[[BXI:.*]] = arith.index_cast %[[BX]] : i32 to index
// CHECK: %[[BY:.*]] = nv_tileaa.get_program_id {axis = 1 : i32} : i32
// CHECK: %[[FOR:.*]]:2 = scf.for %[[K:[^ ]*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:[^ ]*]] = %{{.*}}, %[[TK:[^ ]*]] = %[[T0]]) -> (!nv_tileaa.tile<64x64xf32>, !nv_tileaa.mem_token)  : i32 {
// CHECK: arith.muli %[[BXI]], %c64 : index
// CHECK: %[[LA:.*]]:2 = nv_tileaa.tiled_load %[[A]][%{{.*}}, %{{.*}}], %[[TK]] {in_bounds = array<i1: true, true>, operandSegmentSizes = array<i32: 1, 2, 0, 0>} {{.*}} -> tile<64x32xf32>, !nv_tileaa.mem_token
// CHECK: %[[LB:.*]]:2 = nv_tileaa.tiled_load %{{.*}}[%{{.*}}, %{{.*}}], %[[LA]]#1 {{.*}} -> tile<32x64xf32>, !nv_tileaa.mem_token
// CHECK: %[[D:.*]] = nv_tileaa.dot %[[LA]]#0, %[[LB]]#0, %[[ACC]] {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : tile<64x32xf32>, tile<32x64xf32>, tile<64x64xf32> -> tile<64x64xf32>
// CHECK: scf.yield %[[D]], %[[LB]]#1 : !nv_tileaa.tile<64x64xf32>, !nv_tileaa.mem_token
// CHECK: nv_tileaa.tiled_store %{{.*}}[%{{.*}}, %{{.*}}], %[[FOR]]#0, %[[FOR]]#1 {in_bounds = array<i1: true, true>, operandSegmentSizes = array<i32: 1, 1, 2, 0>}
// CHECK: nv_tileaa.return
