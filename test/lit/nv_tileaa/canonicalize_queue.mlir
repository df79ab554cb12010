// prune_queue_get_results (seed 001 "Queue result pruning": drop unused
// queue.get results and update the matching queue.yield; the remaining
// values keep their order, live results are never reordered), where it
// fires and where it is blocked.  Execution: test/canon/exec/queue.mlir.
// RUN: ctile-opt --canonicalize %s | FileCheck %s
// RUN: ctile-opt --canonicalize %s | ctile-opt --verify-diagnostics > /dev/null
// RUN: ctile-opt --canonicalize=disable-patterns=prune_queue_get_results %s | FileCheck %s --check-prefix=OFF
// OFF-COUNT-2: !nv_tileaa.queue<i32, tile<8xf32>, f32>
// OFF: nv_tileaa.execute {{.*}} -> tile<8xf32>, i32, f32 {
//
// A live queue result in the middle: only it survives.
// CHECK-LABEL: nv_tileaa.func @middle(
// CHECK-NEXT: %[[Q:.*]] = nv_tileaa.create_queue {depth = 2 : i32} : !nv_tileaa.queue<tile<8xf32>>
// CHECK-NEXT: nv_tileaa.queue.put %[[Q]], %arg1 : !nv_tileaa.queue<tile<8xf32>>, tile<8xf32>
// CHECK-NEXT: %[[G:.*]] = nv_tileaa.queue.get %[[Q]] : !nv_tileaa.queue<tile<8xf32>> -> tile<8xf32>
// CHECK-NEXT: nv_tileaa.return %[[G]] : tile<8xf32>
nv_tileaa.func @middle(%k: i32, %v: tile<8xf32>, %x: f32) -> tile<8xf32> {
  %q = nv_tileaa.create_queue {depth = 2 : i32} : !nv_tileaa.queue<i32, tile<8xf32>, f32>
  nv_tileaa.queue.put %q, %k, %v, %x : !nv_tileaa.queue<i32, tile<8xf32>, f32>, i32, tile<8xf32>, f32
  %g:3 = nv_tileaa.queue.get %q : !nv_tileaa.queue<i32, tile<8xf32>, f32> -> i32, tile<8xf32>, f32
  nv_tileaa.return %g#1 : tile<8xf32>
}

// Several puts and gets: a position is live if any get uses it (#0 by the
// first get, #3 by the second); the survivors keep their order (#0 before
// #3 in the type, in every put and in every get), even where a use reads
// them the other way round.
// CHECK-LABEL: nv_tileaa.func @many(
// CHECK-NEXT: %[[Q:.*]] = nv_tileaa.create_queue {depth = 4 : i32} : !nv_tileaa.queue<i32, i64>
// CHECK-NEXT: nv_tileaa.queue.put %[[Q]], %arg0, %arg3 : !nv_tileaa.queue<i32, i64>, i32, i64
// CHECK-NEXT: nv_tileaa.queue.put %[[Q]], %arg0, %arg3 : !nv_tileaa.queue<i32, i64>, i32, i64
// CHECK-NEXT: %[[G1:.*]]:2 = nv_tileaa.queue.get %[[Q]] : !nv_tileaa.queue<i32, i64> -> i32, i64
// CHECK-NEXT: %[[G2:.*]]:2 = nv_tileaa.queue.get %[[Q]] : !nv_tileaa.queue<i32, i64> -> i32, i64
// CHECK-NEXT: nv_tileaa.return %[[G2]]#1, %[[G1]]#0 : i64, i32
nv_tileaa.func @many(%k: i32, %v: tile<8xf32>, %x: f32, %y: i64) -> (i64, i32) {
  %q = nv_tileaa.create_queue {depth = 4 : i32} : !nv_tileaa.queue<i32, tile<8xf32>, f32, i64>
  nv_tileaa.queue.put %q, %k, %v, %x, %y : !nv_tileaa.queue<i32, tile<8xf32>, f32, i64>, i32, tile<8xf32>, f32, i64
  nv_tileaa.queue.put %q, %k, %v, %x, %y : !nv_tileaa.queue<i32, tile<8xf32>, f32, i64>, i32, tile<8xf32>, f32, i64
  %g:4 = nv_tileaa.queue.get %q : !nv_tileaa.queue<i32, tile<8xf32>, f32, i64> -> i32, tile<8xf32>, f32, i64
  %h:4 = nv_tileaa.queue.get %q : !nv_tileaa.queue<i32, tile<8xf32>, f32, i64> -> i32, tile<8xf32>, f32, i64
  nv_tileaa.return %h#3, %g#0 : i64, i32
}

// The queue region: an execute ending in queue.yield drops its unused
// results and its queue.yield yields only the survivors (the middle one);
// that leaves the get's #0 and #2 unused, so the queue drops them next.
// CHECK-LABEL: nv_tileaa.func @region(
// CHECK-NEXT: %[[Q:.*]] = nv_tileaa.create_queue {depth = 2 : i32} : !nv_tileaa.queue<tile<8xf32>>
// CHECK-NEXT: nv_tileaa.queue.put %[[Q]], %arg1 : !nv_tileaa.queue<tile<8xf32>>, tile<8xf32>
// CHECK-NEXT: %[[G:.*]] = nv_tileaa.queue.get %[[Q]] : !nv_tileaa.queue<tile<8xf32>> -> tile<8xf32>
// CHECK-NEXT: %[[E:.*]] = nv_tileaa.execute %[[G]] : tile<8xf32> -> tile<8xf32> {
// CHECK-NEXT: nv_tileaa.queue.yield %[[G]] : tile<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: nv_tileaa.return %[[E]] : tile<8xf32>
nv_tileaa.func @region(%k: i32, %v: tile<8xf32>, %x: f32) -> tile<8xf32> {
  %q = nv_tileaa.create_queue {depth = 2 : i32} : !nv_tileaa.queue<i32, tile<8xf32>, f32>
  nv_tileaa.queue.put %q, %k, %v, %x : !nv_tileaa.queue<i32, tile<8xf32>, f32>, i32, tile<8xf32>, f32
  %g:3 = nv_tileaa.queue.get %q : !nv_tileaa.queue<i32, tile<8xf32>, f32> -> i32, tile<8xf32>, f32
  %e:3 = nv_tileaa.execute %g#1 : tile<8xf32> -> (tile<8xf32>, i32, f32) {
    nv_tileaa.queue.yield %g#1, %g#0, %g#2 : tile<8xf32>, i32, f32
  }
  nv_tileaa.return %e#0 : tile<8xf32>
}

// Blocked: every position is used; the queue escapes into an execute's
// operands (its type is part of another op's contract); the queue is a
// function argument (no create_queue to retype); an execute region ending
// in nv_tileaa.yield (not a queue region) keeps its results, and so does a
// queue region whose attributes describe its results one by one.
// CHECK-LABEL: nv_tileaa.func @blocked(
// CHECK: nv_tileaa.queue.get %{{.*}} : !nv_tileaa.queue<i32, f32> -> i32, f32
// CHECK: nv_tileaa.queue.get %{{.*}} : !nv_tileaa.queue<i32, tile<8xf32>, f32> -> i32, tile<8xf32>, f32
// CHECK: nv_tileaa.execute %{{.*}} : !nv_tileaa.queue<i32, tile<8xf32>, f32> -> !nv_tileaa.queue<i32, tile<8xf32>, f32> {
// CHECK: nv_tileaa.queue.get %arg0 : !nv_tileaa.queue<i64, i32> -> i64, i32
// CHECK: nv_tileaa.execute %arg1 : i32 -> i32, i32 {
// CHECK-NEXT: nv_tileaa.yield %arg1, %arg1 : i32, i32
// CHECK: nv_tileaa.execute %arg1 attributes {output_layouts = ["a", "b"]} : i32 -> i32, i32 {
// CHECK-NEXT: nv_tileaa.queue.yield %arg1, %arg1 : i32, i32
nv_tileaa.func @blocked(%p: !nv_tileaa.queue<i64, i32>, %k: i32, %x: f32) -> (i32, f32, tile<8xf32>, !nv_tileaa.queue<i32, tile<8xf32>, f32>, i32, i32, i32) {
  %q = nv_tileaa.create_queue {depth = 2 : i32} : !nv_tileaa.queue<i32, f32>
  nv_tileaa.queue.put %q, %k, %x : !nv_tileaa.queue<i32, f32>, i32, f32
  %g:2 = nv_tileaa.queue.get %q : !nv_tileaa.queue<i32, f32> -> i32, f32
  %r = nv_tileaa.create_queue {depth = 2 : i32} : !nv_tileaa.queue<i32, tile<8xf32>, f32>
  %h:3 = nv_tileaa.queue.get %r : !nv_tileaa.queue<i32, tile<8xf32>, f32> -> i32, tile<8xf32>, f32
  %e = nv_tileaa.execute %r : !nv_tileaa.queue<i32, tile<8xf32>, f32> -> !nv_tileaa.queue<i32, tile<8xf32>, f32> {
    nv_tileaa.queue.yield %r : !nv_tileaa.queue<i32, tile<8xf32>, f32>
  }
  %a:2 = nv_tileaa.queue.get %p : !nv_tileaa.queue<i64, i32> -> i64, i32
  %f:2 = nv_tileaa.execute %k : i32 -> (i32, i32) {
    nv_tileaa.yield %k, %k : i32, i32
  }
  %o:2 = nv_tileaa.execute %k attributes {output_layouts = ["a", "b"]} : i32 -> i32, i32 {
    nv_tileaa.queue.yield %k, %k : i32, i32
  }
  nv_tileaa.return %g#0, %g#1, %h#1, %e, %a#1, %f#0, %o#0 : i32, f32, tile<8xf32>, !nv_tileaa.queue<i32, tile<8xf32>, f32>, i32, i32, i32
}
