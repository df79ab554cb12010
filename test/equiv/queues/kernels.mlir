// Queue kernels of lower.py's hop-2 equivalence check: each runs in
// ctile-run as written (nv_tileaa queues, interp_queue.c) and after
// lower-nv-tileaa (nv_tileas pipeline regions); the printed results must be
// byte-identical.  Values depend on the tile block id so that every block
// checks its own ring.
module {
  // Depth-4 ring of (f32 tile, i64, f16 tile) triples filled and drained in
  // a loop that keeps two entries in flight (stages are reused).
  nv_tileaa.func @ring4() attributes {nv_tileaa.kernel} {
    %pid = nv_tileaa.get_program_id {axis = 0 : i32} : i32
    %r = nv_tileaa.make_range {end = 8 : i32, start = 0 : i32} : tile<8xi32>
    %ps = nv_tileaa.splat %pid : i32 -> tile<8xi32>
    %x = arith.addi %r, %ps : !nv_tileaa.tile<8xi32>
    %xf = arith.sitofp %x : !nv_tileaa.tile<8xi32> to !nv_tileaa.tile<8xf32>
    %xh = arith.sitofp %x : !nv_tileaa.tile<8xi32> to !nv_tileaa.tile<8xf16>
    %k0 = arith.extsi %pid : i32 to i64
    %q = nv_tileaa.create_queue {depth = 4 : i32} : !nv_tileaa.queue<tile<8xf32>, i64, tile<8xf16>>
    nv_tileaa.queue.put %q, %xf, %k0, %xh : !nv_tileaa.queue<tile<8xf32>, i64, tile<8xf16>>, tile<8xf32>, i64, tile<8xf16>
    nv_tileaa.queue.put %q, %xf, %k0, %xh : !nv_tileaa.queue<tile<8xf32>, i64, tile<8xf16>>, tile<8xf32>, i64, tile<8xf16>
    %lo = arith.constant 0 : index
    %hi = arith.constant 9 : index
    %st = arith.constant 1 : index
    %res:3 = scf.for %i = %lo to %hi step %st iter_args(%af = %xf, %ak = %k0, %ah = %xh) -> (!nv_tileaa.tile<8xf32>, i64, !nv_tileaa.tile<8xf16>) {
      %g:3 = nv_tileaa.queue.get %q : !nv_tileaa.queue<tile<8xf32>, i64, tile<8xf16>> -> tile<8xf32>, i64, tile<8xf16>
      %nf = arith.addf %g#0, %af : !nv_tileaa.tile<8xf32>
      %c3 = arith.constant 3 : i64
      %nk = arith.muli %g#1, %c3 : i64
      %nk2 = arith.addi %nk, %ak : i64
      %nh = arith.addf %g#2, %ah : !nv_tileaa.tile<8xf16>
      nv_tileaa.queue.put %q, %nf, %nk2, %nh : !nv_tileaa.queue<tile<8xf32>, i64, tile<8xf16>>, tile<8xf32>, i64, tile<8xf16>
      scf.yield %nf, %nk2, %nh : !nv_tileaa.tile<8xf32>, i64, !nv_tileaa.tile<8xf16>
    }
    %t:3 = nv_tileaa.queue.get %q : !nv_tileaa.queue<tile<8xf32>, i64, tile<8xf16>> -> tile<8xf32>, i64, tile<8xf16>
    nv_tileaa.print %pid, %res#0, %res#1, %res#2, %t#0, %t#1 {str = "block %d: f=%.9g k=%d h=%g last=%.9g %d\n"} : i32, tile<8xf32>, i64, tile<8xf16>, tile<8xf32>, i64
    nv_tileaa.return
  }
  // Two queues crossing inside execute regions and an scf.if: the consumer
  // side picks from one queue or the other per block.
  nv_tileaa.func @two_queues() attributes {nv_tileaa.kernel} {
    %pid = nv_tileaa.get_program_id {axis = 0 : i32} : i32
    %r = nv_tileaa.make_range {end = 4 : i32, start = 0 : i32} : tile<4xi32>
    %ps = nv_tileaa.splat %pid : i32 -> tile<4xi32>
    %x = arith.muli %r, %ps : !nv_tileaa.tile<4xi32>
    %qa = nv_tileaa.create_queue : !nv_tileaa.queue<tile<4xi32>>
    %qb = nv_tileaa.create_queue {depth = 2 : i32} : !nv_tileaa.queue<tile<4xi32>, i32>
    %e = nv_tileaa.execute %x : tile<4xi32> -> tile<4xi32> {
      nv_tileaa.queue.put %qa, %x : !nv_tileaa.queue<tile<4xi32>>, tile<4xi32>
      nv_tileaa.queue.put %qb, %x, %pid : !nv_tileaa.queue<tile<4xi32>, i32>, tile<4xi32>, i32
      %y = arith.addi %x, %x : !nv_tileaa.tile<4xi32>
      nv_tileaa.queue.put %qb, %y, %pid : !nv_tileaa.queue<tile<4xi32>, i32>, tile<4xi32>, i32
      nv_tileaa.queue.yield %y : tile<4xi32>
    }
    %two = arith.constant 2 : i32
    %rem = arith.remsi %pid, %two : i32
    %zero = arith.constant 0 : i32
    %even = arith.cmpi eq, %rem, %zero : i32
    %s = scf.if %even -> (!nv_tileaa.tile<4xi32>) {
      %a = nv_tileaa.queue.get %qa : !nv_tileaa.queue<tile<4xi32>> -> tile<4xi32>
      scf.yield %a : !nv_tileaa.tile<4xi32>
    } else {
      %b:2 = nv_tileaa.queue.get %qb : !nv_tileaa.queue<tile<4xi32>, i32> -> tile<4xi32>, i32
      %c:2 = nv_tileaa.queue.get %qb : !nv_tileaa.queue<tile<4xi32>, i32> -> tile<4xi32>, i32
      %d = arith.subi %c#0, %b#0 : !nv_tileaa.tile<4xi32>
      scf.yield %d : !nv_tileaa.tile<4xi32>
    }
    nv_tileaa.print %pid, %e, %s {str = "block %d: e=%d s=%d\n"} : i32, tile<4xi32>, tile<4xi32>
    nv_tileaa.return
  }
}
