// The nv_tileas async pipeline handshakes in ctile-run (interp_queue.c):
// stages go empty -> acquired -> written -> full -> held -> empty in ring
// order; a token used out of that order is a located error, a wait that can
// never complete a located deadlock.
// RUN: ctile-run %s --entry ring --grid 1 | FileCheck %s --check-prefix=RING
// RUN: not ctile-run %s --entry early_commit --grid 1 2>&1 | FileCheck %s --check-prefix=COMMIT
// RUN: not ctile-run %s --entry stale --grid 1 2>&1 | FileCheck %s --check-prefix=STALE
// RUN: not ctile-run %s --entry unwritten --grid 1 2>&1 | FileCheck %s --check-prefix=UNWRITTEN

module {
  // Two stages, three values: the third acquire reuses stage 0 after its
  // release; values come out in commit order.
  // RING: got 10 20 30
  nv_tileaa.func @ring() attributes {nv_tileaa.kernel} {
    %p = nv_tileas.async.pipeline.create_pipeline {stages = 2 : i32} : !nv_tileas.pipeline<i32>
    %a = arith.constant 10 : i32
    %b = arith.constant 20 : i32
    %c = arith.constant 30 : i32
    %t0 = nv_tileas.async.pipeline.producer_acquire %p : !nv_tileas.pipeline<i32> -> !nv_tileas.producer_token
    nv_tileas.async.pipeline.producer_write %p, %t0, %a : !nv_tileas.pipeline<i32>, !nv_tileas.producer_token, i32
    nv_tileas.async.pipeline.producer_commit %p, %t0 : !nv_tileas.pipeline<i32>, !nv_tileas.producer_token
    %t1 = nv_tileas.async.pipeline.producer_acquire %p : !nv_tileas.pipeline<i32> -> !nv_tileas.producer_token
    nv_tileas.async.pipeline.producer_write %p, %t1, %b : !nv_tileas.pipeline<i32>, !nv_tileas.producer_token, i32
    nv_tileas.async.pipeline.producer_commit %p, %t1 : !nv_tileas.pipeline<i32>, !nv_tileas.producer_token
    %c0 = nv_tileas.async.pipeline.consumer_wait %p : !nv_tileas.pipeline<i32> -> !nv_tileas.consumer_token
    %x = nv_tileas.async.pipeline.consumer_read %p, %c0 : !nv_tileas.pipeline<i32>, !nv_tileas.consumer_token -> i32
    nv_tileas.async.pipeline.consumer_release %p, %c0 : !nv_tileas.pipeline<i32>, !nv_tileas.consumer_token
    %t2 = nv_tileas.async.pipeline.producer_acquire %p : !nv_tileas.pipeline<i32> -> !nv_tileas.producer_token
    nv_tileas.async.pipeline.producer_write %p, %t2, %c : !nv_tileas.pipeline<i32>, !nv_tileas.producer_token, i32
    nv_tileas.async.pipeline.producer_commit %p, %t2 : !nv_tileas.pipeline<i32>, !nv_tileas.producer_token
    %y = nv_tileas.async.pipeline.consume_one %p : !nv_tileas.pipeline<i32> -> i32 {
      %c1 = nv_tileas.async.pipeline.consumer_wait %p : !nv_tileas.pipeline<i32> -> !nv_tileas.consumer_token
      %v = nv_tileas.async.pipeline.consumer_read %p, %c1 : !nv_tileas.pipeline<i32>, !nv_tileas.consumer_token -> i32
      nv_tileas.async.pipeline.consumer_release %p, %c1 : !nv_tileas.pipeline<i32>, !nv_tileas.consumer_token
      nv_tileas.async.pipeline.yield %v : i32
    }
    %c2 = nv_tileas.async.pipeline.consumer_wait %p : !nv_tileas.pipeline<i32> -> !nv_tileas.consumer_token
    %z = nv_tileas.async.pipeline.consumer_read %p, %c2 : !nv_tileas.pipeline<i32>, !nv_tileas.consumer_token -> i32
    nv_tileas.async.pipeline.consumer_release %p, %c2 : !nv_tileas.pipeline<i32>, !nv_tileas.consumer_token
    nv_tileaa.print %x, %y, %z {str = "got %d %d %d\n"} : i32, i32, i32
    nv_tileaa.return
  }
  nv_tileaa.func @early_commit() attributes {nv_tileaa.kernel} {
    %p = nv_tileas.async.pipeline.create_pipeline {stages = 1 : i32} : !nv_tileas.pipeline<i32>
    %t0 = nv_tileas.async.pipeline.producer_acquire %p : !nv_tileas.pipeline<i32> -> !nv_tileas.producer_token
    // COMMIT: pipeline_run.mlir:[[@LINE+1]]:5: error: 'nv_tileas.async.pipeline.producer_commit' op commits stage 0 before writing it (tile block (0, 0, 0))
    nv_tileas.async.pipeline.producer_commit %p, %t0 : !nv_tileas.pipeline<i32>, !nv_tileas.producer_token
    nv_tileaa.return
  }
  nv_tileaa.func @stale() attributes {nv_tileaa.kernel} {
    %p = nv_tileas.async.pipeline.create_pipeline {stages = 1 : i32} : !nv_tileas.pipeline<i32>
    %a = arith.constant 10 : i32
    %t0 = nv_tileas.async.pipeline.producer_acquire %p : !nv_tileas.pipeline<i32> -> !nv_tileas.producer_token
    nv_tileas.async.pipeline.producer_write %p, %t0, %a : !nv_tileas.pipeline<i32>, !nv_tileas.producer_token, i32
    nv_tileas.async.pipeline.producer_commit %p, %t0 : !nv_tileas.pipeline<i32>, !nv_tileas.producer_token
    %c0 = nv_tileas.async.pipeline.consumer_wait %p : !nv_tileas.pipeline<i32> -> !nv_tileas.consumer_token
    nv_tileas.async.pipeline.consumer_release %p, %c0 : !nv_tileas.pipeline<i32>, !nv_tileas.consumer_token
    // STALE: pipeline_run.mlir:[[@LINE+1]]:10: error: 'nv_tileas.async.pipeline.consumer_read' op token does not own a held stage (stage 0 is empty) (tile block (0, 0, 0))
    %x = nv_tileas.async.pipeline.consumer_read %p, %c0 : !nv_tileas.pipeline<i32>, !nv_tileas.consumer_token -> i32
    nv_tileaa.return
  }
  nv_tileaa.func @unwritten() attributes {nv_tileaa.kernel} {
    %p = nv_tileas.async.pipeline.create_pipeline {stages = 4 : i32} : !nv_tileas.pipeline<i32>
    %t0 = nv_tileas.async.pipeline.producer_acquire %p : !nv_tileas.pipeline<i32> -> !nv_tileas.producer_token
    // UNWRITTEN: pipeline_run.mlir:[[@LINE+1]]:11: error: 'nv_tileas.async.pipeline.consumer_wait' op deadlock: waits for stage 0 to be committed, which can never happen (stage is acquired, 0 of 4 stages full) (tile block (0, 0, 0))
    %c0 = nv_tileas.async.pipeline.consumer_wait %p : !nv_tileas.pipeline<i32> -> !nv_tileas.consumer_token
    nv_tileaa.return
  }
}
