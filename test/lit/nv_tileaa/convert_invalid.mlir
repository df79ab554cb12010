// Seed 000 verify_float_conversion (fp_to_fp, target-gated block-scaled
// formats) and the roster's elementwise / shape / pointer invariants.
// RUN: ctile-opt %s -verify-diagnostics -split-input-file

nv_tileaa.func @src(%v: tile<16xi32>) {
  // expected-error @below{{'nv_tileaa.fp_to_fp' op fp_to_fp source element type is not supported}}
  %0 = nv_tileaa.fp_to_fp %v : tile<16xi32> -> tile<16xf16>
  nv_tileaa.return
}

// -----

nv_tileaa.func @src_fnuz(%v: f8E4M3FNUZ) {
  // expected-error @below{{'nv_tileaa.fp_to_fp' op fp_to_fp source element type is not supported}}
  %0 = nv_tileaa.fp_to_fp %v : f8E4M3FNUZ -> f16
  nv_tileaa.return
}

// -----

nv_tileaa.func @dst(%s: f32) {
  // expected-error @below{{'nv_tileaa.fp_to_fp' op fp_to_fp result element type is not supported}}
  %0 = nv_tileaa.fp_to_fp %s : f32 -> f8E5M2FNUZ
  nv_tileaa.return
}

// -----

nv_tileaa.func @fp4_no_target(%v: tile<16xf16>) {
  // expected-error @below{{'nv_tileaa.fp_to_fp' op fp_to_fp block-scaled format requires a target that supports block-scaled MMA}}
  %0 = nv_tileaa.fp_to_fp %v : tile<16xf16> -> tile<16xf4E2M1FN>
  nv_tileaa.return
}

// -----

nv_tileaa.func @fp4_old_target(%v: tile<16xf4E2M1FN>) attributes {compute_capability = #nv_tileaa.compute_capability<90>} {
  // expected-error @below{{'nv_tileaa.fp_to_fp' op fp_to_fp block-scaled format requires a target that supports block-scaled MMA}}
  %0 = nv_tileaa.fp_to_fp %v : tile<16xf4E2M1FN> -> tile<16xf16>
  nv_tileaa.return
}

// -----

nv_tileaa.func @elementwise(%a: tile<16xf32>, %b: tile<8xf32>) {
  // expected-error @below{{'nv_tileaa.addf' op requires the same type for all operands and results}}
  %0 = nv_tileaa.addf %a, %b : tile<16xf32>, tile<8xf32> -> tile<16xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @mulhiui(%a: tile<16xsi32>) {
  // expected-error @below{{'nv_tileaa.mulhiui' op operand #0 must be a signless or unsigned integer or a tile of them, but got '!nv_tileaa.tile<16xsi32>'}}
  %0 = nv_tileaa.mulhiui %a, %a : tile<16xsi32>, tile<16xsi32> -> tile<16xsi32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @view_count(%a: tile<16xf32>) {
  // expected-error @below{{'nv_tileaa.view' op view requires the same element count: source has 16, result has 32}}
  %0 = nv_tileaa.view %a : tile<16xf32> -> tile<4x8xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @addptr_space(%p: !nv_tileaa.ptr<f32, 1>, %i: index) {
  // expected-error @below{{'nv_tileaa.addptr' op expects the result to preserve the base pointer's element type and address space}}
  %0 = nv_tileaa.addptr %p, %i : !nv_tileaa.ptr<f32, 1>, index -> !nv_tileaa.ptr<f32, 3>
  nv_tileaa.return
}

// -----

nv_tileaa.func @memref_space(%p: !nv_tileaa.ptr<f32, 1>, %i: index) {
  // expected-error @below{{'nv_tileaa.make_memref' op expects the memref address space to match the pointer's}}
  %0 = nv_tileaa.make_memref %p, %i : (!nv_tileaa.ptr<f32, 1>, index) -> !nv_tileaa.memref<?xf32, 3>
  nv_tileaa.return
}

// -----

nv_tileaa.func @memref_scope(%p: !nv_tileaa.ptr<f32, 1>, %i: index) {
  // expected-error @below{{'nv_tileaa.make_memref' op expects the memref alias scope to match 'alias_scope'}}
  %0 = nv_tileaa.make_memref %p, %i {alias_scope = 3 : i32} : (!nv_tileaa.ptr<f32, 1>, index) -> !nv_tileaa.memref<?xf32, 1, alias_scope = 4>
  nv_tileaa.return
}

// -----

nv_tileaa.func @extern_symbol(%a: tile<16xf32>) {
  // expected-error @below{{'nv_tileaa.extern_elementwise' op requires attribute 'symbol'}}
  %0 = nv_tileaa.extern_elementwise %a {libname = "libdevice"} : tile<16xf32> -> tile<16xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @asm_shape(%a: tile<16xi32>) {
  // expected-error @below{{'nv_tileaa.elementwise_inline_asm' op expects elementwise results shaped like the operands}}
  %0 = nv_tileaa.elementwise_inline_asm %a {asm_string = "mov.b32 $0, $1;", constraints = "=r,r"} : tile<16xi32> -> tile<8xi32>
  nv_tileaa.return
}
