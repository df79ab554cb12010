// lower-nv-tileaa has no queue -> pipeline-region lowering yet: a queue
// producer or consumer fails loudly, at the op, rather than being left as
// unordered memory traffic.
// RUN: ctile-opt --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(lower-nv-tileaa)' %s

nv_tileaa.func @consumer(%v: tile<16xf32>, %k: i32) {
  // expected-error @below {{'nv_tileaa.create_queue' op cannot be mapped to an nv_tileas pipeline slot: queue lowering is not supported by lower-nv-tileaa}}
  %q = nv_tileaa.create_queue {depth = 2 : i32} : !nv_tileaa.queue<tile<16xf32>, i32>
  nv_tileaa.queue.put %q, %v, %k : !nv_tileaa.queue<tile<16xf32>, i32>, tile<16xf32>, i32
  %g:2 = nv_tileaa.queue.get %q : !nv_tileaa.queue<tile<16xf32>, i32> -> tile<16xf32>, i32
  nv_tileaa.return
}
