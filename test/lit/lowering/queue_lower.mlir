// lower-nv-tileaa turns queues into nv_tileas async pipeline regions:
// create_queue -> create_pipeline (depth -> stages), queue.put -> a
// produce_one region (acquire, write, commit), queue.get -> a consume_one
// region (wait, read, release) yielding the payload, queue.yield -> the
// region's nv_tileaa.yield (and the execute an nv_tileas.agent, agents.mlir).
// The form round-trips (custom and generic).
// RUN: ctile-opt --pass-pipeline='builtin.module(lower-nv-tileaa)' %s | FileCheck %s
// RUN: ctile-opt --pass-pipeline='builtin.module(convert-nv-tileaa-queues)' %s | FileCheck %s --check-prefix=QONLY
// RUN: ctile-opt --pass-pipeline='builtin.module(lower-nv-tileaa)' %s | ctile-opt | FileCheck %s
// RUN: ctile-opt --pass-pipeline='builtin.module(lower-nv-tileaa)' -mlir-print-op-generic %s | ctile-opt | FileCheck %s

// CHECK-LABEL: nv_tileaa.func @k(
// CHECK-NEXT: %[[P:.*]] = nv_tileas.async.pipeline.create_pipeline {mbarrier_base = 0 : i32, stages = 3 : i32} : pipeline<!nv_tileaa.tile<16xf32>, i32>
// CHECK-NEXT: nv_tileas.async.pipeline.produce_one %[[P]] : pipeline<!nv_tileaa.tile<16xf32>, i32> {
// CHECK-NEXT: %[[T:.*]] = nv_tileas.async.pipeline.producer_acquire %[[P]] : pipeline<!nv_tileaa.tile<16xf32>, i32> -> producer_token
// CHECK-NEXT: nv_tileas.async.pipeline.producer_write %[[P]], %[[T]], %arg0, %arg1 : pipeline<!nv_tileaa.tile<16xf32>, i32>, producer_token, !nv_tileaa.tile<16xf32>, i32
// CHECK-NEXT: nv_tileas.async.pipeline.producer_commit %[[P]], %[[T]] : pipeline<!nv_tileaa.tile<16xf32>, i32>, producer_token
// CHECK-NEXT: nv_tileas.async.pipeline.yield
// CHECK-NEXT: }
// CHECK-NEXT: %[[G:.*]]:2 = nv_tileas.async.pipeline.consume_one %[[P]] : pipeline<!nv_tileaa.tile<16xf32>, i32> -> !nv_tileaa.tile<16xf32>, i32 {
// CHECK-NEXT: %[[C:.*]] = nv_tileas.async.pipeline.consumer_wait %[[P]] : pipeline<!nv_tileaa.tile<16xf32>, i32> -> consumer_token
// CHECK-NEXT: %[[V:.*]]:2 = nv_tileas.async.pipeline.consumer_read %[[P]], %[[C]] : pipeline<!nv_tileaa.tile<16xf32>, i32>, consumer_token -> !nv_tileaa.tile<16xf32>, i32
// CHECK-NEXT: nv_tileas.async.pipeline.consumer_release %[[P]], %[[C]] : pipeline<!nv_tileaa.tile<16xf32>, i32>, consumer_token
// CHECK-NEXT: nv_tileas.async.pipeline.yield %[[V]]#0, %[[V]]#1 : !nv_tileaa.tile<16xf32>, i32
// CHECK-NEXT: }
// CHECK-NEXT: %[[E:.*]] = nv_tileas.agent %[[G]]#0 {input_layouts = [!nv_tileaa.tile<16xf32>], output_layouts = [!nv_tileaa.tile<16xf32>]} : (!nv_tileaa.tile<16xf32>) -> (!nv_tileaa.tile<16xf32>) {
// CHECK-NEXT: ^bb0(%[[A:.*]]: !nv_tileaa.tile<16xf32>):
// CHECK-NEXT: %[[S:.*]] = nv_tileaa.addf %[[A]], %[[A]]
// CHECK-NEXT: nv_tileas.async.pipeline.yield %[[S]] : !nv_tileaa.tile<16xf32>
// CHECK-NEXT: }
// CHECK-NEXT: nv_tileaa.return %[[E]], %[[G]]#1
// CHECK-NOT: queue
// QONLY: nv_tileas.async.pipeline.consume_one
// QONLY: nv_tileaa.execute
// QONLY-NEXT: nv_tileaa.addf
// QONLY-NEXT: nv_tileaa.yield
// QONLY-NOT: queue
nv_tileaa.func @k(%v: tile<16xf32>, %k: i32) -> (tile<16xf32>, i32) {
  %q = nv_tileaa.create_queue {depth = 3 : i32} : !nv_tileaa.queue<tile<16xf32>, i32>
  nv_tileaa.queue.put %q, %v, %k : !nv_tileaa.queue<tile<16xf32>, i32>, tile<16xf32>, i32
  %g:2 = nv_tileaa.queue.get %q : !nv_tileaa.queue<tile<16xf32>, i32> -> tile<16xf32>, i32
  %e = nv_tileaa.execute %g#0 : tile<16xf32> -> tile<16xf32> {
    %s = nv_tileaa.addf %g#0, %g#0 : tile<16xf32>, tile<16xf32> -> tile<16xf32>
    nv_tileaa.queue.yield %s : tile<16xf32>
  }
  nv_tileaa.return %e, %g#1 : tile<16xf32>, i32
}
