// Seed 000 verify_dot: each of the five phases reports its verbatim
// diagnostic (element tuple, integer width/signedness, accumulator type,
// result rank, A/B and C shapes, scale factors), plus the target gate of
// block-scaled MMA.
// RUN: ctile-opt %s -verify-diagnostics -split-input-file

nv_tileaa.func @mixed(%a: tile<16x16xi8>, %b: tile<16x16xf16>, %c: tile<16x16xf32>) {
  // expected-error @below{{'nv_tileaa.dot' op expected the element types of A, B, C, and D to be either all integers or all floats.}}
  %0 = nv_tileaa.dot %a, %b, %c {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : tile<16x16xi8>, tile<16x16xf16>, tile<16x16xf32> -> tile<16x16xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @int_width(%a: tile<16x16xi8>, %b: tile<16x16xi16>, %c: tile<16x16xi32>) {
  // expected-error @below{{'nv_tileaa.dot' op expects #A and #B have same bit width but got 8 vs 16}}
  %0 = nv_tileaa.dot %a, %b, %c {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, signedness_a = #nv_tileaa.signedness<signed>} : tile<16x16xi8>, tile<16x16xi16>, tile<16x16xi32> -> tile<16x16xi32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @int_signedness(%a: tile<16x16xi8>, %b: tile<16x16xi8>, %c: tile<16x16xi32>) {
  // expected-error @below{{'nv_tileaa.dot' op expect signedness attribute for operand A}}
  %0 = nv_tileaa.dot %a, %b, %c {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : tile<16x16xi8>, tile<16x16xi8>, tile<16x16xi32> -> tile<16x16xi32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @fp4_acc(%a: tile<16x16xf4E2M1FN>, %b: tile<16x16xf4E2M1FN>, %c: tile<16x16xbf16>) {
  // expected-error @below{{'nv_tileaa.dot' op expects #C element type to be either f32 or f16, but got bf16}}
  %0 = nv_tileaa.dot %a, %b, %c {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : tile<16x16xf4E2M1FN>, tile<16x16xf4E2M1FN>, tile<16x16xbf16> -> tile<16x16xbf16>
  nv_tileaa.return
}

// -----

nv_tileaa.func @f16_acc(%a: tile<16x16xf16>, %b: tile<16x16xf16>, %c: tile<16x16xf16>) {
  // expected-error @below{{'nv_tileaa.dot' op expects #C element type to be f32, but got f16}}
  %0 = nv_tileaa.dot %a, %b, %c {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : tile<16x16xf16>, tile<16x16xf16>, tile<16x16xf16> -> tile<16x16xf16>
  nv_tileaa.return
}

// -----

nv_tileaa.func @rank(%a: tile<16xf16>, %b: tile<16xf16>, %c: tile<16xf32>) {
  // expected-error @below{{'nv_tileaa.dot' op expects rank-2 or rank-3 tensor for result, but got (1)}}
  %0 = nv_tileaa.dot %a, %b, %c {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : tile<16xf16>, tile<16xf16>, tile<16xf32> -> tile<16xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @ab_shape(%a: tile<16x32xf16>, %b: tile<16x16xf16>, %c: tile<16x16xf32>) {
  // expected-error @below{{'nv_tileaa.dot' op expects the shape of operand #A and #B to be compatible}}
  %0 = nv_tileaa.dot %a, %b, %c {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : tile<16x32xf16>, tile<16x16xf16>, tile<16x16xf32> -> tile<16x16xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @c_shape(%a: tile<16x32xf16>, %b: tile<32x64xf16>, %c: tile<16x32xf32>) {
  // expected-error @below{{'nv_tileaa.dot' op expects the shape of operand #C is compatible with operands #A and #B}}
  %0 = nv_tileaa.dot %a, %b, %c {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : tile<16x32xf16>, tile<32x64xf16>, tile<16x32xf32> -> tile<16x32xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @sf_pair(%a: tile<16x32xf4E2M1FN>, %b: tile<32x16xf4E2M1FN>, %c: tile<16x16xf32>, %s: tile<16x2xf8E8M0FNU>) attributes {compute_capability = #nv_tileaa.compute_capability<100>} {
  // expected-error @below{{'nv_tileaa.dot' op expects both SFA and SFB to be present}}
  %0 = nv_tileaa.dot %a, %b, %c, %s {operandSegmentSizes = array<i32: 1, 1, 1, 1, 0>} : tile<16x32xf4E2M1FN>, tile<32x16xf4E2M1FN>, tile<16x16xf32>, tile<16x2xf8E8M0FNU> -> tile<16x16xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @sf_target(%a: tile<16x32xf4E2M1FN>, %b: tile<32x16xf4E2M1FN>, %c: tile<16x16xf32>, %sa: tile<16x2xf8E8M0FNU>, %sb: tile<2x16xf8E8M0FNU>) attributes {compute_capability = #nv_tileaa.compute_capability<90>} {
  // expected-error @below{{'nv_tileaa.dot' op block-scaled dot requires a target that supports block-scaled MMA}}
  %0 = nv_tileaa.dot %a, %b, %c, %sa, %sb {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : tile<16x32xf4E2M1FN>, tile<32x16xf4E2M1FN>, tile<16x16xf32>, tile<16x2xf8E8M0FNU>, tile<2x16xf8E8M0FNU> -> tile<16x16xf32>
  nv_tileaa.return
}

// -----

// The legacy `compute-capability` spelling selects the target too.
nv_tileaa.func @sf_legacy_target(%a: tile<16x32xf4E2M1FN>, %b: tile<32x16xf4E2M1FN>, %c: tile<16x16xf32>, %sa: tile<16x2xf8E8M0FNU>, %sb: tile<2x16xf8E8M0FNU>) attributes {"compute-capability" = #nv_tileaa<compute-capability<100>>} {
  %0 = nv_tileaa.dot %a, %b, %c, %sa, %sb {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : tile<16x32xf4E2M1FN>, tile<32x16xf4E2M1FN>, tile<16x16xf32>, tile<16x2xf8E8M0FNU>, tile<2x16xf8E8M0FNU> -> tile<16x16xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @segments(%a: tile<16x16xf16>, %b: tile<16x16xf16>, %c: tile<16x16xf32>) {
  // expected-error @below{{'nv_tileaa.dot' op 'operandSegmentSizes' attribute for specifying operand segments must have 5 elements, but got 3}}
  %0 = nv_tileaa.dot %a, %b, %c {operandSegmentSizes = array<i32: 1, 1, 1>} : tile<16x16xf16>, tile<16x16xf16>, tile<16x16xf32> -> tile<16x16xf32>
  nv_tileaa.return
}

// -----

// NV-FP4: f4E2M1FN A and B may scale by f8E4M3FN; other inputs may not.
nv_tileaa.func @sf_e4m3_f8(%a: tile<16x32xf8E4M3FN>, %b: tile<32x16xf8E4M3FN>, %c: tile<16x16xf32>, %sa: tile<16x1xf8E4M3FN>, %sb: tile<1x16xf8E4M3FN>) attributes {compute_capability = #nv_tileaa.compute_capability<100>} {
  // expected-error @below{{'nv_tileaa.dot' op expects scale factors of element type f8E8M0FNU, but got f8E4M3FN}}
  %0 = nv_tileaa.dot %a, %b, %c, %sa, %sb {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : tile<16x32xf8E4M3FN>, tile<32x16xf8E4M3FN>, tile<16x16xf32>, tile<16x1xf8E4M3FN>, tile<1x16xf8E4M3FN> -> tile<16x16xf32>
  nv_tileaa.return
}

// -----

// ...while NV-FP4 (f4E2M1FN A and B) with f8E4M3FN scales verifies.
nv_tileaa.func @sf_nvfp4(%a: tile<16x32xf4E2M1FN>, %b: tile<32x16xf4E2M1FN>, %c: tile<16x16xf32>, %sa: tile<16x2xf8E4M3FN>, %sb: tile<2x16xf8E4M3FN>) attributes {compute_capability = #nv_tileaa.compute_capability<100>} {
  %0 = nv_tileaa.dot %a, %b, %c, %sa, %sb {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : tile<16x32xf4E2M1FN>, tile<32x16xf4E2M1FN>, tile<16x16xf32>, tile<16x2xf8E4M3FN>, tile<2x16xf8E4M3FN> -> tile<16x16xf32>
  nv_tileaa.return
}
