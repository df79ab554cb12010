// Execution proof of the expand_dims rewrites (test/canon/canon.py runs it
// as written and after --canonicalize, on every CANON-RUN line, and requires
// byte-identical output; each CANON-FIRES pattern must change the module).
// The inputs vary with the tile block id: every block computes its own
// tiles from get_program_id and make_range and prints them.
//   fold_expand_dims_of_splat: expand_dims(splat x) -> splat x : 4x1x8
//   hoist_extract_through_elementwise: extract(expand_dims(t, 1), i, 0, j)
//     -> extract(t, i, j), and extract(expand_dims(addf(a, b), 0), 0, i, j)
//     -> addf(extract(a, i, j), extract(b, i, j))
// CANON-RUN: --entry k --grid 4 -j 1
// CANON-RUN: --entry k --grid 7 -j 1
// CANON-FIRES: fold_expand_dims_of_splat
// CANON-FIRES: hoist_extract_through_elementwise
module attributes {nv_tileaa.compute_capability = #nv_tileaa.compute_capability<100>} {
  nv_tileaa.func @k() attributes {nv_tileaa.kernel} {
    %pid = nv_tileaa.get_program_id {axis = 0 : i32} : i32
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : i32
    %c4 = arith.constant 4 : i32
    %c8 = arith.constant 8 : i32
    %half = arith.constant 0.5 : f32
    %pf = arith.sitofp %pid : i32 to f32
    %x = arith.addf %pf, %half : f32
    // expand_dims of a splat
    %s = nv_tileaa.splat %x : f32 -> tile<4x8xf32>
    %es = nv_tileaa.expand_dims %s {axis = 1 : i32} : tile<4x8xf32> -> tile<4x1x8xf32>
    nv_tileaa.print %es {str = "splat %f\n"} : tile<4x1x8xf32>
    // a 4x8 tile that depends on the block id
    %r = nv_tileaa.make_range {end = 32 : i32, start = 0 : i32} : tile<32xi32>
    %rf = arith.sitofp %r : !nv_tileaa.tile<32xi32> to !nv_tileaa.tile<32xf32>
    %rv = nv_tileaa.view %rf : tile<32xf32> -> tile<4x8xf32>
    %xs = nv_tileaa.splat %x : f32 -> tile<4x8xf32>
    %t = nv_tileaa.mulf %rv, %xs : tile<4x8xf32>, tile<4x8xf32> -> tile<4x8xf32>
    %u = nv_tileaa.subf %rv, %xs : tile<4x8xf32>, tile<4x8xf32> -> tile<4x8xf32>
    // indices from the block id: i = pid mod 4, j = 3 pid mod 8
    %i32 = arith.remsi %pid, %c4 : i32
    %pj = arith.muli %pid, %c3 : i32
    %j32 = arith.remsi %pj, %c8 : i32
    %i = arith.index_cast %i32 : i32 to index
    %j = arith.index_cast %j32 : i32 to index
    // the extract indexes the inserted axis with the constant 0
    %e1 = nv_tileaa.expand_dims %t {axis = 1 : i32} : tile<4x8xf32> -> tile<4x1x8xf32>
    %v1 = nv_tileaa.extract %e1, %i, %c0, %j : tile<4x1x8xf32>, index, index, index -> f32
    // through expand_dims, then through the elementwise op
    %a = nv_tileaa.addf %t, %u : tile<4x8xf32>, tile<4x8xf32> -> tile<4x8xf32>
    %e2 = nv_tileaa.expand_dims %a {axis = 0 : i32} : tile<4x8xf32> -> tile<1x4x8xf32>
    %v2 = nv_tileaa.extract %e2, %c0, %i, %j : tile<1x4x8xf32>, index, index, index -> f32
    nv_tileaa.print %pid, %v1, %v2 {str = "block %d: %f %f\n"} : i32, f32, f32
    nv_tileaa.return
  }
}
