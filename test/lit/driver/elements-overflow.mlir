// A dense literal whose element count overflows 64 bits says so (it used to
// say "must have static shape", which the type has).
// RUN: not ctile-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: elements-overflow.mlir:[[@LINE+1]]:19: error: elements literal type has more elements than fit in 64 bits
%c = "t.x"() {v = dense<1.0> : tensor<4611686018427387904x4xf32>} : () -> ()
