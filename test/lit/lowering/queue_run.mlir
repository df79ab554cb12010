// Queue semantics in ctile-run (interp_queue.c): a queue is a FIFO of
// `depth` entries owned by the tile block; values come out in the order
// they were put, each once; execute regions run in place and may end with
// queue.yield.  Put on a full queue and get on an empty one are deadlocks
// (located, with the tile block id), never hangs.
// RUN: ctile-run %s --entry fifo --grid 2 | FileCheck %s --check-prefix=FIFO
// RUN: not ctile-run %s --entry full --grid 1 2>&1 | FileCheck %s --check-prefix=FULL
// RUN: not ctile-run %s --entry empty --grid 1,2 2>&1 | FileCheck %s --check-prefix=EMPTY
// After lower-nv-tileaa (queues -> nv_tileas pipeline regions) the same
// programs give byte-identical output, and the same deadlocks are reported
// at the same source ops by the pipeline handshakes:
// RUN: ctile-run %s --entry fifo --grid 2 > %t.a
// RUN: ctile-run %s --pipeline=lower-nv-tileaa --entry fifo --grid 2 > %t.b
// RUN: diff %t.a %t.b
// RUN: ctile-opt --pass-pipeline='builtin.module(lower-nv-tileaa)' %s | ctile-opt | ctile-run - --entry fifo --grid 2 | diff %t.a -
// RUN: not ctile-run %s --pipeline=lower-nv-tileaa --entry full --grid 1 2>&1 | FileCheck %s --check-prefix=LFULL
// RUN: not ctile-run %s --pipeline=lower-nv-tileaa --entry empty --grid 1 2>&1 | FileCheck %s --check-prefix=LEMPTY

module {
  // A depth-2 queue: two puts, then two gets in FIFO order (the second, in
  // an execute region, must see the second put); a loop of put/get pairs
  // reuses the ring's stages.
  // FIFO: block 0: a=[0, 2, 4, 6] ka=1 b=[0, 1, 2, 3] kb=2 sum=[0, 3, 6, 9] loop=[3, 4, 5, 6]
  // FIFO: block 1: a=[10, 12, 14, 16] ka=1 b=[5, 6, 7, 8] kb=2 sum=[15, 18, 21, 24] loop=[8, 9, 10, 11]
  nv_tileaa.func @fifo() attributes {nv_tileaa.kernel} {
    %pid = nv_tileaa.get_program_id {axis = 0 : i32} : i32
    %r = nv_tileaa.make_range {end = 4 : i32, start = 0 : i32} : tile<4xi32>
    %c5 = arith.constant 5 : i32
    %off = arith.muli %pid, %c5 : i32
    %offs = nv_tileaa.splat %off : i32 -> tile<4xi32>
    %x = arith.addi %r, %offs : !nv_tileaa.tile<4xi32>
    %x2 = arith.addi %x, %x : !nv_tileaa.tile<4xi32>
    %one = arith.constant 1 : i32
    %two = arith.constant 2 : i32
    %q = nv_tileaa.create_queue {depth = 2 : i32} : !nv_tileaa.queue<tile<4xi32>, i32>
    nv_tileaa.queue.put %q, %x2, %one : !nv_tileaa.queue<tile<4xi32>, i32>, tile<4xi32>, i32
    nv_tileaa.queue.put %q, %x, %two : !nv_tileaa.queue<tile<4xi32>, i32>, tile<4xi32>, i32
    %a:2 = nv_tileaa.queue.get %q : !nv_tileaa.queue<tile<4xi32>, i32> -> tile<4xi32>, i32
    %e:3 = nv_tileaa.execute %a#0 : tile<4xi32> -> tile<4xi32>, tile<4xi32>, i32 {
      %b:2 = nv_tileaa.queue.get %q : !nv_tileaa.queue<tile<4xi32>, i32> -> tile<4xi32>, i32
      %s = arith.addi %a#0, %b#0 : !nv_tileaa.tile<4xi32>
      nv_tileaa.queue.yield %s, %b#0, %b#1 : tile<4xi32>, tile<4xi32>, i32
    }
    %lo = arith.constant 0 : index
    %hi = arith.constant 3 : index
    %st = arith.constant 1 : index
    %fin = scf.for %i = %lo to %hi step %st iter_args(%acc = %x) -> (!nv_tileaa.tile<4xi32>) {
      %ones = nv_tileaa.splat %one : i32 -> tile<4xi32>
      %n = arith.addi %acc, %ones : !nv_tileaa.tile<4xi32>
      nv_tileaa.queue.put %q, %n, %one : !nv_tileaa.queue<tile<4xi32>, i32>, tile<4xi32>, i32
      %g:2 = nv_tileaa.queue.get %q : !nv_tileaa.queue<tile<4xi32>, i32> -> tile<4xi32>, i32
      scf.yield %g#0 : !nv_tileaa.tile<4xi32>
    }
    nv_tileaa.print %pid, %a#0, %a#1, %e#1, %e#2, %e#0, %fin {str = "block %d: a=%d ka=%d b=%d kb=%d sum=%d loop=%d\n"} : i32, tile<4xi32>, i32, tile<4xi32>, i32, tile<4xi32>, tile<4xi32>
    nv_tileaa.return
  }
  nv_tileaa.func @full() attributes {nv_tileaa.kernel} {
    %one = arith.constant 1 : i32
    %q = nv_tileaa.create_queue {depth = 1 : i32} : !nv_tileaa.queue<i32>
    nv_tileaa.queue.put %q, %one : !nv_tileaa.queue<i32>, i32
    // FULL: queue_run.mlir:[[@LINE+2]]:5: error: 'nv_tileaa.queue.put' op deadlock: the queue is full (1 of 1 entries) and no consumer can take one (tile block (0, 0, 0))
    // LFULL: queue_run.mlir:[[@LINE+1]]:5: error: 'nv_tileas.async.pipeline.producer_acquire' op deadlock: waits for stage 0 to be released, which can never happen (1 of 1 stages in use, no consumer can release one) (tile block (0, 0, 0))
    nv_tileaa.queue.put %q, %one : !nv_tileaa.queue<i32>, i32
    nv_tileaa.return
  }
  nv_tileaa.func @empty() attributes {nv_tileaa.kernel} {
    %one = arith.constant 1 : i32
    %q = nv_tileaa.create_queue : !nv_tileaa.queue<i32>
    nv_tileaa.queue.put %q, %one : !nv_tileaa.queue<i32>, i32
    %a = nv_tileaa.queue.get %q : !nv_tileaa.queue<i32> -> i32
    // EMPTY: queue_run.mlir:[[@LINE+2]]:10: error: 'nv_tileaa.queue.get' op deadlock: the queue is empty and no producer can fill it (tile block (0, 0, 0))
    // LEMPTY: queue_run.mlir:[[@LINE+1]]:10: error: 'nv_tileas.async.pipeline.consumer_wait' op deadlock: waits for stage 0 to be committed, which can never happen (stage is empty, 0 of 1 stages full) (tile block (0, 0, 0))
    %b = nv_tileaa.queue.get %q : !nv_tileaa.queue<i32> -> i32
    nv_tileaa.return
  }
}
