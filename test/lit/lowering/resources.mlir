// The plugin resource model (check-nv-tileaa-resources, part of
// lower-nv-tileaa): for sm_80, sm_90, sm_100 and sm_120 a plugin asking for
// exactly the limit passes and one over any limit is a located error naming
// the resource, the request and the limit.
// RUN: ctile-opt --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(lower-nv-tileaa)' %s | FileCheck %s
// CHECK-LABEL: nv_tileaa.func @at_limit_80
// CHECK: nv_tileas.agent
// CHECK: nv_tileaa.call @unary
module attributes {nv_tileaa.compute_capability = #nv_tileaa.compute_capability<80>} {
  nv_tileaa.func @unary(%a: i32) -> (i32) {
    nv_tileaa.return %a : i32
  }
  nv_tileaa.func @at_limit_80(%a: i32) {
    %r = nv_tileaa.plugin @unary(%a) {registers = 255 : i32, named_barriers = 16 : i32, shared_memory = 166912 : i32} : (i32) -> i32
    nv_tileaa.return
  }
}
// -----
module attributes {nv_tileaa.compute_capability = #nv_tileaa.compute_capability<80>} {
  nv_tileaa.func @unary(%a: i32) -> (i32) {
    nv_tileaa.return %a : i32
  }
  nv_tileaa.func @over_registers_80(%a: i32) {
    // expected-error @below {{'nv_tileaa.plugin' op requests 256 registers per thread ('registers'), over the sm_80 limit of 255}}
    %r = nv_tileaa.plugin @unary(%a) {registers = 256 : i32} : (i32) -> i32
    nv_tileaa.return
  }
}
// -----
module attributes {nv_tileaa.compute_capability = #nv_tileaa.compute_capability<80>} {
  nv_tileaa.func @unary(%a: i32) -> (i32) {
    nv_tileaa.return %a : i32
  }
  nv_tileaa.func @over_named_barriers_80(%a: i32) {
    // expected-error @below {{'nv_tileaa.plugin' op requests 17 named barriers ('named_barriers'), over the sm_80 limit of 16}}
    %r = nv_tileaa.plugin @unary(%a) {named_barriers = 17 : i32} : (i32) -> i32
    nv_tileaa.return
  }
}
// -----
module attributes {nv_tileaa.compute_capability = #nv_tileaa.compute_capability<80>} {
  nv_tileaa.func @unary(%a: i32) -> (i32) {
    nv_tileaa.return %a : i32
  }
  nv_tileaa.func @over_shared_memory_80(%a: i32) {
    // expected-error @below {{'nv_tileaa.plugin' op requests 166913 bytes of shared memory ('shared_memory'), over the sm_80 limit of 166912}}
    %r = nv_tileaa.plugin @unary(%a) {shared_memory = 166913 : i32} : (i32) -> i32
    nv_tileaa.return
  }
}
// -----
module attributes {nv_tileaa.compute_capability = #nv_tileaa.compute_capability<80>} {
  nv_tileaa.func @unary(%a: i32) -> (i32) {
    nv_tileaa.return %a : i32
  }
  nv_tileaa.func @over_tensor_memory_80(%a: i32) {
    // expected-error @below {{'nv_tileaa.plugin' op tensor memory requires a target that supports it}}
    %r = nv_tileaa.plugin @unary(%a) {tensor_memory = 1 : i32} : (i32) -> i32
    nv_tileaa.return
  }
}
// -----
// CHECK-LABEL: nv_tileaa.func @at_limit_90
// CHECK: nv_tileas.agent
// CHECK: nv_tileaa.call @unary
module attributes {nv_tileaa.compute_capability = #nv_tileaa.compute_capability<90>} {
  nv_tileaa.func @unary(%a: i32) -> (i32) {
    nv_tileaa.return %a : i32
  }
  nv_tileaa.func @at_limit_90(%a: i32) {
    %r = nv_tileaa.plugin @unary(%a) {registers = 255 : i32, named_barriers = 16 : i32, shared_memory = 232448 : i32} : (i32) -> i32
    nv_tileaa.return
  }
}
// -----
module attributes {nv_tileaa.compute_capability = #nv_tileaa.compute_capability<90>} {
  nv_tileaa.func @unary(%a: i32) -> (i32) {
    nv_tileaa.return %a : i32
  }
  nv_tileaa.func @over_registers_90(%a: i32) {
    // expected-error @below {{'nv_tileaa.plugin' op requests 256 registers per thread ('registers'), over the sm_90 limit of 255}}
    %r = nv_tileaa.plugin @unary(%a) {registers = 256 : i32} : (i32) -> i32
    nv_tileaa.return
  }
}
// -----
module attributes {nv_tileaa.compute_capability = #nv_tileaa.compute_capability<90>} {
  nv_tileaa.func @unary(%a: i32) -> (i32) {
    nv_tileaa.return %a : i32
  }
  nv_tileaa.func @over_named_barriers_90(%a: i32) {
    // expected-error @below {{'nv_tileaa.plugin' op requests 17 named barriers ('named_barriers'), over the sm_90 limit of 16}}
    %r = nv_tileaa.plugin @unary(%a) {named_barriers = 17 : i32} : (i32) -> i32
    nv_tileaa.return
  }
}
// -----
module attributes {nv_tileaa.compute_capability = #nv_tileaa.compute_capability<90>} {
  nv_tileaa.func @unary(%a: i32) -> (i32) {
    nv_tileaa.return %a : i32
  }
  nv_tileaa.func @over_shared_memory_90(%a: i32) {
    // expected-error @below {{'nv_tileaa.plugin' op requests 232449 bytes of shared memory ('shared_memory'), over the sm_90 limit of 232448}}
    %r = nv_tileaa.plugin @unary(%a) {shared_memory = 232449 : i32} : (i32) -> i32
    nv_tileaa.return
  }
}
// -----
module attributes {nv_tileaa.compute_capability = #nv_tileaa.compute_capability<90>} {
  nv_tileaa.func @unary(%a: i32) -> (i32) {
    nv_tileaa.return %a : i32
  }
  nv_tileaa.func @over_tensor_memory_90(%a: i32) {
    // expected-error @below {{'nv_tileaa.plugin' op tensor memory requires a target that supports it}}
    %r = nv_tileaa.plugin @unary(%a) {tensor_memory = 1 : i32} : (i32) -> i32
    nv_tileaa.return
  }
}
// -----
// CHECK-LABEL: nv_tileaa.func @at_limit_100
// CHECK: nv_tileas.agent
// CHECK: nv_tileaa.call @unary
module attributes {nv_tileaa.compute_capability = #nv_tileaa.compute_capability<100>} {
  nv_tileaa.func @unary(%a: i32) -> (i32) {
    nv_tileaa.return %a : i32
  }
  nv_tileaa.func @at_limit_100(%a: i32) {
    %r = nv_tileaa.plugin @unary(%a) {registers = 255 : i32, named_barriers = 16 : i32, shared_memory = 232448 : i32, tensor_memory = 262144 : i32} : (i32) -> i32
    nv_tileaa.return
  }
}
// -----
module attributes {nv_tileaa.compute_capability = #nv_tileaa.compute_capability<100>} {
  nv_tileaa.func @unary(%a: i32) -> (i32) {
    nv_tileaa.return %a : i32
  }
  nv_tileaa.func @over_registers_100(%a: i32) {
    // expected-error @below {{'nv_tileaa.plugin' op requests 256 registers per thread ('registers'), over the sm_100 limit of 255}}
    %r = nv_tileaa.plugin @unary(%a) {registers = 256 : i32} : (i32) -> i32
    nv_tileaa.return
  }
}
// -----
module attributes {nv_tileaa.compute_capability = #nv_tileaa.compute_capability<100>} {
  nv_tileaa.func @unary(%a: i32) -> (i32) {
    nv_tileaa.return %a : i32
  }
  nv_tileaa.func @over_named_barriers_100(%a: i32) {
    // expected-error @below {{'nv_tileaa.plugin' op requests 17 named barriers ('named_barriers'), over the sm_100 limit of 16}}
    %r = nv_tileaa.plugin @unary(%a) {named_barriers = 17 : i32} : (i32) -> i32
    nv_tileaa.return
  }
}
// -----
module attributes {nv_tileaa.compute_capability = #nv_tileaa.compute_capability<100>} {
  nv_tileaa.func @unary(%a: i32) -> (i32) {
    nv_tileaa.return %a : i32
  }
  nv_tileaa.func @over_shared_memory_100(%a: i32) {
    // expected-error @below {{'nv_tileaa.plugin' op requests 232449 bytes of shared memory ('shared_memory'), over the sm_100 limit of 232448}}
    %r = nv_tileaa.plugin @unary(%a) {shared_memory = 232449 : i32} : (i32) -> i32
    nv_tileaa.return
  }
}
// -----
module attributes {nv_tileaa.compute_capability = #nv_tileaa.compute_capability<100>} {
  nv_tileaa.func @unary(%a: i32) -> (i32) {
    nv_tileaa.return %a : i32
  }
  nv_tileaa.func @over_tensor_memory_100(%a: i32) {
    // expected-error @below {{'nv_tileaa.plugin' op requests 262145 bytes of tensor memory ('tensor_memory'), over the sm_100 limit of 262144}}
    %r = nv_tileaa.plugin @unary(%a) {tensor_memory = 262145 : i32} : (i32) -> i32
    nv_tileaa.return
  }
}
// -----
// CHECK-LABEL: nv_tileaa.func @at_limit_120
// CHECK: nv_tileas.agent
// CHECK: nv_tileaa.call @unary
module attributes {nv_tileaa.compute_capability = #nv_tileaa.compute_capability<120>} {
  nv_tileaa.func @unary(%a: i32) -> (i32) {
    nv_tileaa.return %a : i32
  }
  nv_tileaa.func @at_limit_120(%a: i32) {
    %r = nv_tileaa.plugin @unary(%a) {registers = 255 : i32, named_barriers = 16 : i32, shared_memory = 101376 : i32} : (i32) -> i32
    nv_tileaa.return
  }
}
// -----
module attributes {nv_tileaa.compute_capability = #nv_tileaa.compute_capability<120>} {
  nv_tileaa.func @unary(%a: i32) -> (i32) {
    nv_tileaa.return %a : i32
  }
  nv_tileaa.func @over_registers_120(%a: i32) {
    // expected-error @below {{'nv_tileaa.plugin' op requests 256 registers per thread ('registers'), over the sm_120 limit of 255}}
    %r = nv_tileaa.plugin @unary(%a) {registers = 256 : i32} : (i32) -> i32
    nv_tileaa.return
  }
}
// -----
module attributes {nv_tileaa.compute_capability = #nv_tileaa.compute_capability<120>} {
  nv_tileaa.func @unary(%a: i32) -> (i32) {
    nv_tileaa.return %a : i32
  }
  nv_tileaa.func @over_named_barriers_120(%a: i32) {
    // expected-error @below {{'nv_tileaa.plugin' op requests 17 named barriers ('named_barriers'), over the sm_120 limit of 16}}
    %r = nv_tileaa.plugin @unary(%a) {named_barriers = 17 : i32} : (i32) -> i32
    nv_tileaa.return
  }
}
// -----
module attributes {nv_tileaa.compute_capability = #nv_tileaa.compute_capability<120>} {
  nv_tileaa.func @unary(%a: i32) -> (i32) {
    nv_tileaa.return %a : i32
  }
  nv_tileaa.func @over_shared_memory_120(%a: i32) {
    // expected-error @below {{'nv_tileaa.plugin' op requests 101377 bytes of shared memory ('shared_memory'), over the sm_120 limit of 101376}}
    %r = nv_tileaa.plugin @unary(%a) {shared_memory = 101377 : i32} : (i32) -> i32
    nv_tileaa.return
  }
}
// -----
module attributes {nv_tileaa.compute_capability = #nv_tileaa.compute_capability<120>} {
  nv_tileaa.func @unary(%a: i32) -> (i32) {
    nv_tileaa.return %a : i32
  }
  nv_tileaa.func @over_tensor_memory_120(%a: i32) {
    // expected-error @below {{'nv_tileaa.plugin' op requests 1 bytes of tensor memory ('tensor_memory'), over the sm_120 limit of 0}}
    %r = nv_tileaa.plugin @unary(%a) {tensor_memory = 1 : i32} : (i32) -> i32
    nv_tileaa.return
  }
}
// -----
module attributes {nv_tileaa.compute_capability = #nv_tileaa.compute_capability<100>} {
  nv_tileaa.func @exec(%a: i32) {
    // expected-error @below {{'nv_tileaa.execute' op requests 17 named barriers ('named_barriers'), over the sm_100 limit of 16}}
    %e = nv_tileaa.execute %a attributes {named_barriers = 17 : i32} : i32 -> i32 {
      nv_tileaa.yield %a : i32
    }
    nv_tileaa.return
  }
}
// -----
// An agent region already materialized (nv_tileas.agent) is checked the same way.
module attributes {nv_tileaa.compute_capability = #nv_tileaa.compute_capability<90>} {
  nv_tileaa.func @agent_over(%a: i32) {
    // expected-error @below {{'nv_tileas.agent' op requests 256 registers per thread ('registers'), over the sm_90 limit of 255}}
    %r = nv_tileas.agent %a {registers = 256 : i32} : (i32) -> (i32) {
    ^bb0(%x: i32):
      nv_tileas.async.pipeline.yield %x : i32
    }
    nv_tileaa.return
  }
}
