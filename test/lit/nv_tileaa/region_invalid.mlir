// Seed 000 verify_region_terminator / verify_yield_parent, and the
// roster's contracts of yield, queue.yield, return, call and symbols.
// RUN: ctile-opt %s -verify-diagnostics -split-input-file -allow-unregistered-dialect

nv_tileaa.func @reduce_term(%c: tile<64x64xf32>) {
  // expected-error @below{{'nv_tileaa.reduce' op expects regions to end with 'nv_tileaa.yield'}}
  %0 = nv_tileaa.reduce %c attributes {axis = 1 : i32} : tile<64x64xf32> -> tile<64xf32> {
  ^bb0(%l: f32, %r: f32):
    nv_tileaa.return
  }
  nv_tileaa.return
}

// -----

nv_tileaa.func @execute_term(%a: tile<16xf32>) {
  // expected-error @below{{'nv_tileaa.execute' op expects regions to end with 'nv_tileaa.yield'}}
  %e = nv_tileaa.execute %a : tile<16xf32> -> tile<16xf32> {
    %s = nv_tileaa.addf %a, %a : tile<16xf32>, tile<16xf32> -> tile<16xf32>
  }
  nv_tileaa.return
}

// -----

// expected-error @below{{'nv_tileaa.yield' op expects parent op 'nv_tileaa.func'}}
nv_tileaa.yield

// -----

"test.region"() ({
  // expected-error @below{{'nv_tileaa.queue.yield' op expects parent op 'nv_tileaa.func'}}
  nv_tileaa.queue.yield
}) : () -> ()

// -----

"test.region"() ({
  // expected-error @below{{'nv_tileaa.return' op expects parent op 'nv_tileaa.func'}}
  nv_tileaa.return
}) : () -> ()

// -----

nv_tileaa.func @yield_types(%c: tile<64x64xf32>) {
  %0 = nv_tileaa.reduce %c attributes {axis = 1 : i32} : tile<64x64xf32> -> tile<64xf32> {
  ^bb0(%l: f32, %r: f32):
    // expected-error @below{{'nv_tileaa.yield' op has 0 operands, but parent result expects 1}}
    nv_tileaa.yield
  }
  nv_tileaa.return
}

// -----

nv_tileaa.func @return_types(%a: i32) -> (f32) {
  // expected-error @below{{'nv_tileaa.return' op type of operand #0 (i32) doesn't match the enclosing function result type (f32)}}
  nv_tileaa.return %a : i32
}

// -----

nv_tileaa.func @bad_call(%a: i32) {
  // expected-error @below{{'nv_tileaa.call' op '@nowhere' does not reference a valid function}}
  nv_tileaa.call @nowhere(%a) : (i32) -> ()
  nv_tileaa.return
}

// -----

nv_tileaa.func @callee(%a: i32) {
  nv_tileaa.return
}
nv_tileaa.func @call_types(%a: f32) {
  // expected-error @below{{'nv_tileaa.call' op operand type mismatch: expected operand type 'i32', but provided 'f32' for operand number 0}}
  nv_tileaa.call @callee(%a) : (f32) -> ()
  nv_tileaa.return
}

// -----

nv_tileaa.func @bad_plugin(%a: i32) {
  // expected-error @below{{'nv_tileaa.plugin' op '@missing' does not reference a valid nv_tileaa.func}}
  nv_tileaa.plugin @missing(%a) : (i32) -> ()
  nv_tileaa.return
}

// -----

nv_tileaa.func @bad_global() {
  // expected-error @below{{'nv_tileaa.get_global' op '@g' does not reference a valid nv_tileaa.global}}
  %0 = nv_tileaa.get_global @g : !nv_tileaa.ptr<f32, 1>
  nv_tileaa.return
}

// -----

nv_tileaa.func @queue_types(%v: tile<16xf32>) {
  %q = nv_tileaa.create_queue : !nv_tileaa.queue<tile<16xf32>, i32>
  // expected-error @below{{'nv_tileaa.queue.put' op expects 2 values to match the queue's types, but got 1}}
  nv_tileaa.queue.put %q, %v : !nv_tileaa.queue<tile<16xf32>, i32>, tile<16xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @tmem_target(%a: tile<16xf32>) attributes {compute_capability = #nv_tileaa.compute_capability<90>} {
  // expected-error @below{{'nv_tileaa.execute' op tensor memory requires a target that supports it}}
  %e = nv_tileaa.execute %a attributes {tensor_memory} : tile<16xf32> -> tile<16xf32> {
    nv_tileaa.yield %a : tile<16xf32>
  }
  nv_tileaa.return
}
