// Execution proof of prune_pragma_results (test/canon/canon.py): a pragma
// region yields three values of which only the middle one is used, and an
// empty-result pragma wraps a print; canonicalization drops the two dead
// results and their yield operands, keeps the directives and the region.
// CANON-RUN: --entry k --grid 3 -j 1
// CANON-FIRES: prune_pragma_results
module attributes {nv_tileaa.compute_capability = #nv_tileaa.compute_capability<100>} {
  nv_tileaa.func @k() attributes {nv_tileaa.kernel} {
    %pid = nv_tileaa.get_program_id {axis = 0 : i32} : i32
    %pf = arith.sitofp %pid : i32 to f32
    %r = nv_tileaa.make_range {end = 8 : i32, start = 0 : i32} : tile<8xi32>
    %rf = arith.sitofp %r : !nv_tileaa.tile<8xi32> to !nv_tileaa.tile<8xf32>
    %0:3 = nv_tileaa.pragma attributes {ocgEnterDirectives = [".pragma \22set knob SchedResBusyMachineOpcode=FMMA2,4\22;"], ocgLeaveDirectives = [".pragma \22reset knob SchedResBusyMachineOpcode\22;"]} : i32, tile<8xf32>, f32 {
      %ps = nv_tileaa.splat %pf : f32 -> tile<8xf32>
      %v = nv_tileaa.mulf %rf, %ps : tile<8xf32>, tile<8xf32> -> tile<8xf32>
      %w = nv_tileaa.addf %v, %rf : tile<8xf32>, tile<8xf32> -> tile<8xf32>
      nv_tileaa.yield %pid, %w, %pf : i32, tile<8xf32>, f32
    }
    nv_tileaa.pragma attributes {ocgEnterDirectives = [".pragma \22next knob FenceCode\22;"]} {
      nv_tileaa.print %pid, %0#1 {str = "block %d: %f\n"} : i32, tile<8xf32>
      nv_tileaa.yield
    }
    nv_tileaa.return
  }
}
