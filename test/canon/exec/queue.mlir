// Execution proof of prune_queue_get_results (test/canon/canon.py): every
// block puts three values into a queue twice and gets them back twice; only
// the middle position and, from the second get, the last one are used, so
// canonicalization drops position 0 from the queue type, both puts and both
// gets.  Until ctile-run executes queue ops (lib/interp/interp_queue.c) the
// runs are reported as SKIP; the FIRES check always runs.
// CANON-RUN: --entry k --grid 3 -j 1
// CANON-FIRES: prune_queue_get_results
module attributes {nv_tileaa.compute_capability = #nv_tileaa.compute_capability<100>} {
  nv_tileaa.func @k() attributes {nv_tileaa.kernel} {
    %pid = nv_tileaa.get_program_id {axis = 0 : i32} : i32
    %c7 = arith.constant 7 : i32
    %k = arith.muli %pid, %c7 : i32
    %pf = arith.sitofp %pid : i32 to f32
    %r = nv_tileaa.make_range {end = 8 : i32, start = 0 : i32} : tile<8xi32>
    %rf = arith.sitofp %r : !nv_tileaa.tile<8xi32> to !nv_tileaa.tile<8xf32>
    %ps = nv_tileaa.splat %pf : f32 -> tile<8xf32>
    %v = nv_tileaa.addf %rf, %ps : tile<8xf32>, tile<8xf32> -> tile<8xf32>
    %w = nv_tileaa.mulf %rf, %ps : tile<8xf32>, tile<8xf32> -> tile<8xf32>
    %q = nv_tileaa.create_queue {depth = 2 : i32} : !nv_tileaa.queue<i32, tile<8xf32>, f32>
    nv_tileaa.queue.put %q, %k, %v, %pf : !nv_tileaa.queue<i32, tile<8xf32>, f32>, i32, tile<8xf32>, f32
    nv_tileaa.queue.put %q, %pid, %w, %pf : !nv_tileaa.queue<i32, tile<8xf32>, f32>, i32, tile<8xf32>, f32
    %g:3 = nv_tileaa.queue.get %q : !nv_tileaa.queue<i32, tile<8xf32>, f32> -> i32, tile<8xf32>, f32
    %h:3 = nv_tileaa.queue.get %q : !nv_tileaa.queue<i32, tile<8xf32>, f32> -> i32, tile<8xf32>, f32
    nv_tileaa.print %g#1, %h#1, %h#2 {str = "%f %f %f\n"} : tile<8xf32>, tile<8xf32>, f32
    nv_tileaa.return
  }
}
