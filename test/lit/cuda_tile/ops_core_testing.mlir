// The testing ops of NVIDIA's TestingOps.td: default-valued attributes are
// elided (new_param = 42), `type($inputs)` prints long-form types.
// RUN: ctile-opt %s | FileCheck %s --strict-whitespace --match-full-lines
// RUN: ctile-opt %s | ctile-opt | FileCheck %s --strict-whitespace --match-full-lines
// RUN: ctile-opt -mlir-print-op-generic %s | ctile-opt | FileCheck %s --strict-whitespace --match-full-lines

cuda_tile.module @t {
  testing$func @f(%input: !cuda_tile.tile<2xf32>, %tok: !cuda_tile.token) {
    testing$bytecode_test_new_attribute
    testing$bytecode_test_new_attribute new_flag new_param = 7
    %a = testing$bytecode_test_evolution (%input : !cuda_tile.tile<2xf32>) -> !cuda_tile.token
    %b = testing$bytecode_test_evolution (%input : !cuda_tile.tile<2xf32>) new_attr = 3 token = %tok : token -> !cuda_tile.token
  }
}

// CHECK:module {
// CHECK-NEXT:  cuda_tile.module @t {
// CHECK-NEXT:    testing$func @f(%arg0: tile<2xf32>, %arg1: token) {
// CHECK-NEXT:      testing$bytecode_test_new_attribute
// CHECK-NEXT:      testing$bytecode_test_new_attribute new_flag new_param = 7
// CHECK-NEXT:      %0 = testing$bytecode_test_evolution(%arg0 : !cuda_tile.tile<2xf32>) -> token
// CHECK-NEXT:      %1 = testing$bytecode_test_evolution(%arg0 : !cuda_tile.tile<2xf32>) new_attr = 3 token = %arg1 : token -> token
// CHECK-NEXT:      return
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:}
