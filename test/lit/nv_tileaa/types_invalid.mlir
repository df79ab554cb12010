// Parse errors of nv_tileaa types and attributes: closed enums, payload
// shapes, unknown mnemonics.
// RUN: ctile-opt %s -verify-diagnostics -split-input-file

// expected-error @below{{expected mem_scope to be one of: tl_blk, cluster, gpu, sys}}
nv_tileaa.func @f() attributes {s = #nv_tileaa.mem_scope<device>} {
  nv_tileaa.return
}

// -----

// expected-error @below{{expected rmw_mode to be one of: add, and, or, xor, xchg, min, max, umin, umax, addf}}
nv_tileaa.func @f() attributes {s = #nv_tileaa.rmw_mode<fadd>} {
  nv_tileaa.return
}

// -----

// expected-error @below{{unknown attribute `nope` in dialect `nv_tileaa`}}
nv_tileaa.func @f() attributes {s = #nv_tileaa.nope<1>} {
  nv_tileaa.return
}

// -----

// expected-error @below{{unknown type `nope` in dialect `nv_tileaa`}}
nv_tileaa.func @f(%a: !nv_tileaa.nope<1>) {
  nv_tileaa.return
}

// -----

// expected-error @below{{memref expects 2 strides, but got 1}}
nv_tileaa.func @f(%a: !nv_tileaa.memref<?x?xf16, 1, strides = [1]>) {
  nv_tileaa.return
}

// -----

// expected-error @below{{expected 'strides' or 'alias_scope'}}
nv_tileaa.func @f(%a: !nv_tileaa.memref<?x?xf16, 1, layout = 3>) {
  nv_tileaa.return
}

// -----

// expected-error @below{{invalid tile element type !nv_tileaa.mem_token}}
nv_tileaa.func @f(%a: tile<4x!nv_tileaa.mem_token>) {
  nv_tileaa.return
}

// -----

// expected-error @below{{compute capability must be positive}}
nv_tileaa.func @f() attributes {cc = #nv_tileaa.compute_capability<0>} {
  nv_tileaa.return
}

// -----

// expected-error @below{{duplicate conv_params key 'stride'}}
nv_tileaa.func @f() attributes {cp = #nv_tileaa.conv_params<stride = [1], stride = [2]>} {
  nv_tileaa.return
}

// -----

// expected-error @below{{expected 'every' or 'along'}}
nv_tileaa.func @f() attributes {d = #nv_tileaa.div_by<16, 4>} {
  nv_tileaa.return
}

// -----

// expected-error @below{{invalid tile element type f8E4M3FNUZ}}
nv_tileaa.func @f(%a: tile<4xf8E4M3FNUZ>) {
  nv_tileaa.return
}
