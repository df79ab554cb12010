// A default-valued attribute introduced after its op (exp's rounding_mode,
// 13.3) with a value other than the default cannot be encoded for an older
// target version (NVIDIA's writer: "requires bytecode version").
// RUN: not ctile-translate -mlir-to-cudatilebc -no-implicit-module -bytecode-version=13.1 %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERR131
// RUN: not ctile-translate -mlir-to-cudatilebc -no-implicit-module -bytecode-version=13.2 %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERR132
// RUN: ctile-translate -test-cudatile-roundtrip -no-implicit-module -bytecode-version=13.3 %s | FileCheck %s

// ERR131: default_props_invalid.mlir:[[@LINE+6]]:10: error: attribute 'rounding_mode' requires bytecode version 13.3+, but targeting 13.1
// ERR132: default_props_invalid.mlir:[[@LINE+5]]:10: error: attribute 'rounding_mode' requires bytecode version 13.3+, but targeting 13.2
// CHECK: exp %{{.*}} rounding<approx> : tile<2xf32>
"cuda_tile.module"() <{sym_name = "approx"}> ({
  "cuda_tile.entry"() <{function_type = () -> (), sym_name = "k"}> ({
    %f = "cuda_tile.constant"() <{value = dense<[1.0, 2.0]> : !cuda_tile.tile<2xf32>}> : () -> !cuda_tile.tile<2xf32>
    %0 = "cuda_tile.exp"(%f) <{rounding_mode = #cuda_tile.rounding<approx>}> : (!cuda_tile.tile<2xf32>) -> !cuda_tile.tile<2xf32>
    "cuda_tile.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
