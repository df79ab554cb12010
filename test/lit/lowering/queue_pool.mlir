// Pipeline stages take their barriers from the CTA's 32-mbarrier pool (a
// full and an empty mbarrier per stage, 2 * depth consecutive slots, in
// program order, recorded as mbarrier_base), before the memory tokens; the
// tokens take the slots left.  A pipeline that does not fit is a producer /
// consumer that cannot map to a pipeline slot; a token that does not fit is
// the pool-exhaustion error, naming the slots pipelines hold.
// RUN: ctile-opt --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(lower-nv-tileaa)' %s | FileCheck %s

// CHECK-LABEL: nv_tileaa.func @share(
// CHECK: create_pipeline {mbarrier_base = 0 : i32, stages = 2 : i32}
// CHECK: create_pipeline {mbarrier_base = 4 : i32, stages = 13 : i32}
// the tokens take slots 30 and 31
// CHECK: nv_tileas.alloc_mbarrier {slot = 30 : i32}
// CHECK: nv_tileas.alloc_mbarrier {slot = 31 : i32}
// a second function (CTA) starts with an empty pool
// CHECK-LABEL: nv_tileaa.func @other(
// CHECK: create_pipeline {mbarrier_base = 0 : i32, stages = 16 : i32}
nv_tileaa.func @share(%v: i32) {
  %a = nv_tileaa.create_queue {depth = 2 : i32} : !nv_tileaa.queue<i32>
  %b = nv_tileaa.create_queue {depth = 13 : i32} : !nv_tileaa.queue<i32>
  %t0 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  %t1 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  nv_tileaa.queue.put %a, %v : !nv_tileaa.queue<i32>, i32
  nv_tileaa.queue.put %b, %v : !nv_tileaa.queue<i32>, i32
  nv_tileaa.return
}
nv_tileaa.func @other(%v: i32) {
  %a = nv_tileaa.create_queue {depth = 16 : i32} : !nv_tileaa.queue<i32>
  nv_tileaa.queue.put %a, %v : !nv_tileaa.queue<i32>, i32
  nv_tileaa.return
}

// -----

// 17 stages need 34 mbarriers: more than the pool holds.
nv_tileaa.func @too_many_stages(%v: i32) {
  // expected-error @below {{'nv_tileaa.create_queue' op cannot be mapped to an nv_tileas pipeline slot: its 17 stages need 34 mbarriers (a full and an empty one per stage), but only 32 of the per-CTA pool of 32 are free}}
  %a = nv_tileaa.create_queue {depth = 17 : i32} : !nv_tileaa.queue<i32>
  nv_tileaa.queue.put %a, %v : !nv_tileaa.queue<i32>, i32
  nv_tileaa.return
}

// -----

// Two pipelines fill the pool; the next pipeline does not fit.
nv_tileaa.func @pool_full(%v: i32) {
  %a = nv_tileaa.create_queue {depth = 8 : i32} : !nv_tileaa.queue<i32>
  %b = nv_tileaa.create_queue {depth = 8 : i32} : !nv_tileaa.queue<i32>
  // expected-error @below {{'nv_tileaa.create_queue' op cannot be mapped to an nv_tileas pipeline slot: its 1 stages need 2 mbarriers (a full and an empty one per stage), but only 0 of the per-CTA pool of 32 are free}}
  %c = nv_tileaa.create_queue : !nv_tileaa.queue<i32>
  nv_tileaa.queue.put %a, %v : !nv_tileaa.queue<i32>, i32
  nv_tileaa.queue.put %b, %v : !nv_tileaa.queue<i32>, i32
  nv_tileaa.queue.put %c, %v : !nv_tileaa.queue<i32>, i32
  nv_tileaa.return
}

// -----

// Pipelines hold 30 slots: the third memory token has none left.
nv_tileaa.func @tokens_after_pipelines(%v: i32) {
  %a = nv_tileaa.create_queue {depth = 15 : i32} : !nv_tileaa.queue<i32>
  nv_tileaa.queue.put %a, %v : !nv_tileaa.queue<i32>, i32
  %t0 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  %t1 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  // expected-error @below {{more than 32 memory tokens live in one CTA: token #3 of function 'tokens_after_pipelines' has no free slot in the per-CTA pool of 32 mbarriers (30 held by pipeline stages)}}
  %t2 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  nv_tileaa.return
}
