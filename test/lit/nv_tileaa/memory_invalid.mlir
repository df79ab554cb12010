// Seed 002 verify_memory_op_common on every memory op: segments, indices
// against the base rank, mask shape, token arity, then the weak/non-weak
// scope rule (seed diagnostics, verbatim).
// RUN: ctile-opt %s -verify-diagnostics -split-input-file

nv_tileaa.func @nonweak_no_scope(%p: !nv_tileaa.ptr<f32, 1>, %pp: tile<16x!nv_tileaa.ptr<f32, 1>>, %m: !nv_tileaa.memref<?x?xf32, 1>, %i: index, %v: tile<16xf32>, %mask: tile<8xi1>, %t: !nv_tileaa.mem_token, %s: f32, %v2: tile<4x4xf32>) {
  // expected-error @below{{'nv_tileaa.load' op non-weak memory ordering requires explicit scope}}
  %a = nv_tileaa.load %p[] {mem_semantic = #nv_tileaa.mem_semantic<acquire>, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : !nv_tileaa.ptr<f32, 1> -> f32
  nv_tileaa.return
}

// -----

nv_tileaa.func @weak_with_scope(%p: !nv_tileaa.ptr<f32, 1>, %pp: tile<16x!nv_tileaa.ptr<f32, 1>>, %m: !nv_tileaa.memref<?x?xf32, 1>, %i: index, %v: tile<16xf32>, %mask: tile<8xi1>, %t: !nv_tileaa.mem_token, %s: f32, %v2: tile<4x4xf32>) {
  // expected-error @below{{'nv_tileaa.store' op weak memory ordering must not carry a scope}}
  %t1 = nv_tileaa.store %p[], %s, %t {mem_scope = #nv_tileaa.mem_scope<gpu>, mem_semantic = #nv_tileaa.mem_semantic<weak>, operandSegmentSizes = array<i32: 1, 1, 0, 0>} : !nv_tileaa.ptr<f32, 1>, f32, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  nv_tileaa.return
}

// -----

nv_tileaa.func @default_weak_with_scope(%p: !nv_tileaa.ptr<f32, 1>, %pp: tile<16x!nv_tileaa.ptr<f32, 1>>, %m: !nv_tileaa.memref<?x?xf32, 1>, %i: index, %v: tile<16xf32>, %mask: tile<8xi1>, %t: !nv_tileaa.mem_token, %s: f32, %v2: tile<4x4xf32>) {
  // expected-error @below{{'nv_tileaa.atomic_rmw' op weak memory ordering must not carry a scope}}
  %a, %t1 = nv_tileaa.atomic_rmw %p[], %s, %t {mem_scope = #nv_tileaa.mem_scope<sys>, operandSegmentSizes = array<i32: 1, 1, 0, 0>, rmw_mode = #nv_tileaa.rmw_mode<add>} : !nv_tileaa.ptr<f32, 1>, f32, !nv_tileaa.mem_token -> f32, !nv_tileaa.mem_token
  nv_tileaa.return
}

// -----

nv_tileaa.func @cas_nonweak(%p: !nv_tileaa.ptr<f32, 1>, %pp: tile<16x!nv_tileaa.ptr<f32, 1>>, %m: !nv_tileaa.memref<?x?xf32, 1>, %i: index, %v: tile<16xf32>, %mask: tile<8xi1>, %t: !nv_tileaa.mem_token, %s: f32, %v2: tile<4x4xf32>) {
  // expected-error @below{{'nv_tileaa.atomic_cas' op non-weak memory ordering requires explicit scope}}
  %a = nv_tileaa.atomic_cas %p[], %s, %s {mem_semantic = #nv_tileaa.mem_semantic<relaxed>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : !nv_tileaa.ptr<f32, 1>, f32, f32 -> f32
  nv_tileaa.return
}

// -----

nv_tileaa.func @tiled_rmw_nonweak(%p: !nv_tileaa.ptr<f32, 1>, %pp: tile<16x!nv_tileaa.ptr<f32, 1>>, %m: !nv_tileaa.memref<?x?xf32, 1>, %i: index, %v: tile<16xf32>, %mask: tile<8xi1>, %t: !nv_tileaa.mem_token, %s: f32, %v2: tile<4x4xf32>) {
  // expected-error @below{{'nv_tileaa.tiled_atomic_rmw' op non-weak memory ordering requires explicit scope}}
  %a = nv_tileaa.tiled_atomic_rmw %m[%i, %i], %v2 {mem_semantic = #nv_tileaa.mem_semantic<acq_rel>, operandSegmentSizes = array<i32: 1, 1, 2, 0>, rmw_mode = #nv_tileaa.rmw_mode<add>} : !nv_tileaa.memref<?x?xf32, 1>, tile<4x4xf32>, index, index -> tile<4x4xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @segments_missing_total(%p: !nv_tileaa.ptr<f32, 1>, %pp: tile<16x!nv_tileaa.ptr<f32, 1>>, %m: !nv_tileaa.memref<?x?xf32, 1>, %i: index, %v: tile<16xf32>, %mask: tile<8xi1>, %t: !nv_tileaa.mem_token, %s: f32, %v2: tile<4x4xf32>) {
  // expected-error @below{{'nv_tileaa.tiled_load' op expects 2 indices to match the base rank, but got 1}}
  %a = "nv_tileaa.tiled_load"(%m, %i, %i) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (!nv_tileaa.memref<?x?xf32, 1>, index, index) -> tile<16x16xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @indices_rank(%p: !nv_tileaa.ptr<f32, 1>, %pp: tile<16x!nv_tileaa.ptr<f32, 1>>, %m: !nv_tileaa.memref<?x?xf32, 1>, %i: index, %v: tile<16xf32>, %mask: tile<8xi1>, %t: !nv_tileaa.mem_token, %s: f32, %v2: tile<4x4xf32>) {
  // expected-error @below{{'nv_tileaa.tiled_load' op expects 2 indices to match the base rank, but got 1}}
  %a = nv_tileaa.tiled_load %m[%i] {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : !nv_tileaa.memref<?x?xf32, 1>, index -> tile<16x16xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @mask_shape(%p: !nv_tileaa.ptr<f32, 1>, %pp: tile<16x!nv_tileaa.ptr<f32, 1>>, %m: !nv_tileaa.memref<?x?xf32, 1>, %i: index, %v: tile<16xf32>, %mask: tile<8xi1>, %t: !nv_tileaa.mem_token, %s: f32, %v2: tile<4x4xf32>) {
  // expected-error @below{{'nv_tileaa.load' op expects the mask shape to match the value shape}}
  %a = nv_tileaa.load %pp[], %mask {operandSegmentSizes = array<i32: 1, 0, 1, 0>} : tile<16x!nv_tileaa.ptr<f32, 1>>, tile<8xi1> -> tile<16xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @token_arity(%p: !nv_tileaa.ptr<f32, 1>, %pp: tile<16x!nv_tileaa.ptr<f32, 1>>, %m: !nv_tileaa.memref<?x?xf32, 1>, %i: index, %v: tile<16xf32>, %mask: tile<8xi1>, %t: !nv_tileaa.mem_token, %s: f32, %v2: tile<4x4xf32>) {
  // expected-error @below{{'nv_tileaa.load' op expects 2 results (a result token exactly when a token operand is given), but got 1}}
  %a = nv_tileaa.load %p[], %t {operandSegmentSizes = array<i32: 1, 0, 0, 0>} : !nv_tileaa.ptr<f32, 1>, !nv_tileaa.mem_token -> f32
  nv_tileaa.return
}

// -----

nv_tileaa.func @token_kind(%p: !nv_tileaa.ptr<f32, 1>, %pp: tile<16x!nv_tileaa.ptr<f32, 1>>, %m: !nv_tileaa.memref<?x?xf32, 1>, %i: index, %v: tile<16xf32>, %mask: tile<8xi1>, %t: !nv_tileaa.mem_token, %s: f32, %v2: tile<4x4xf32>) {
  // expected-error @below{{'nv_tileaa.load' op expects the operand after the segments to be a !nv_tileaa.mem_token, but got 'f32'}}
  %a, %t1 = nv_tileaa.load %p[], %s {operandSegmentSizes = array<i32: 1, 0, 0, 0>} : !nv_tileaa.ptr<f32, 1>, f32 -> f32, !nv_tileaa.mem_token
  nv_tileaa.return
}

// -----

nv_tileaa.func @no_segments(%p: !nv_tileaa.ptr<f32, 1>, %pp: tile<16x!nv_tileaa.ptr<f32, 1>>, %m: !nv_tileaa.memref<?x?xf32, 1>, %i: index, %v: tile<16xf32>, %mask: tile<8xi1>, %t: !nv_tileaa.mem_token, %s: f32, %v2: tile<4x4xf32>) {
  // expected-error @below{{'nv_tileaa.load' op requires attribute 'operandSegmentSizes'}}
  %a = "nv_tileaa.load"(%p) : (!nv_tileaa.ptr<f32, 1>) -> f32
  nv_tileaa.return
}

// -----

nv_tileaa.func @segment_total(%p: !nv_tileaa.ptr<f32, 1>, %pp: tile<16x!nv_tileaa.ptr<f32, 1>>, %m: !nv_tileaa.memref<?x?xf32, 1>, %i: index, %v: tile<16xf32>, %mask: tile<8xi1>, %t: !nv_tileaa.mem_token, %s: f32, %v2: tile<4x4xf32>) {
  // expected-error @below{{'nv_tileaa.load' op operand count (3) does not match with the total size (1) specified in attribute 'operandSegmentSizes'}}
  %a = "nv_tileaa.load"(%p, %s, %s) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>}> : (!nv_tileaa.ptr<f32, 1>, f32, f32) -> f32
  nv_tileaa.return
}

// -----

nv_tileaa.func @elem_type(%p: !nv_tileaa.ptr<f32, 1>, %pp: tile<16x!nv_tileaa.ptr<f32, 1>>, %m: !nv_tileaa.memref<?x?xf32, 1>, %i: index, %v: tile<16xf32>, %mask: tile<8xi1>, %t: !nv_tileaa.mem_token, %s: f32, %v2: tile<4x4xf32>) {
  // expected-error @below{{'nv_tileaa.load' op expects the value element type f16 to match the base element type f32}}
  %a = nv_tileaa.load %p[] {operandSegmentSizes = array<i32: 1, 0, 0, 0>} : !nv_tileaa.ptr<f32, 1> -> f16
  nv_tileaa.return
}

// -----

nv_tileaa.func @load_release(%p: !nv_tileaa.ptr<f32, 1>, %pp: tile<16x!nv_tileaa.ptr<f32, 1>>, %m: !nv_tileaa.memref<?x?xf32, 1>, %i: index, %v: tile<16xf32>, %mask: tile<8xi1>, %t: !nv_tileaa.mem_token, %s: f32, %v2: tile<4x4xf32>) {
  // expected-error @below{{'nv_tileaa.load' op load ordering must be weak, relaxed, or acquire}}
  %a = nv_tileaa.load %p[] {mem_scope = #nv_tileaa.mem_scope<gpu>, mem_semantic = #nv_tileaa.mem_semantic<release>, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : !nv_tileaa.ptr<f32, 1> -> f32
  nv_tileaa.return
}

// -----

nv_tileaa.func @rmw_mode(%p: !nv_tileaa.ptr<f32, 1>, %pp: tile<16x!nv_tileaa.ptr<f32, 1>>, %m: !nv_tileaa.memref<?x?xf32, 1>, %i: index, %v: tile<16xf32>, %mask: tile<8xi1>, %t: !nv_tileaa.mem_token, %s: f32, %v2: tile<4x4xf32>) {
  // expected-error @below{{'nv_tileaa.atomic_rmw' op requires attribute 'rmw_mode'}}
  %a = nv_tileaa.atomic_rmw %p[], %s {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : !nv_tileaa.ptr<f32, 1>, f32 -> f32
  nv_tileaa.return
}

// -----

nv_tileaa.func @scatter_nonweak(%p: !nv_tileaa.ptr<f32, 1>, %pp: tile<16x!nv_tileaa.ptr<f32, 1>>, %m: !nv_tileaa.memref<?x?xf32, 1>, %i: index, %v: tile<16xf32>, %mask: tile<8xi1>, %t: !nv_tileaa.mem_token, %s: f32, %v2: tile<4x4xf32>) {
  // expected-error @below{{'nv_tileaa.scatter_store' op non-weak memory ordering requires explicit scope}}
  %t1 = nv_tileaa.scatter_store %pp, %v, %t {mem_semantic = #nv_tileaa.mem_semantic<release>, operandSegmentSizes = array<i32: 1, 1, 0>} : tile<16x!nv_tileaa.ptr<f32, 1>>, tile<16xf32>, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  nv_tileaa.return
}
