// The pass's diagnostics: a missing or malformed compute capability, and an op
// without a pattern (the driver names it, the pass adds its summary).
// RUN: not ctile-opt --convert-cuda-tile-to-nv-tileaa %s 2>&1 | FileCheck %s --check-prefix=CC
// RUN: not ctile-opt --convert-cuda-tile-to-nv-tileaa='compute-capability=abc' %s 2>&1 | FileCheck %s --check-prefix=CC
// RUN: not ctile-opt --pass-pipeline='builtin.module(convert-cuda-tile-to-nv-tileaa{compute-capability=sm_})' %s 2>&1 | FileCheck %s --check-prefix=CC
// RUN: not ctile-opt --convert-cuda-tile-to-nv-tileaa='compute-capability=sm_90' %s 2>&1 | FileCheck %s --check-prefix=LEGAL
// CC: error: invalid or missing --compute-capability option
// LEGAL: error: failed to legalize operation 'cuda_tile.testing$bytecode_test_new_attribute'
// LEGAL: error: failed to convert cuda_tile to nv_tileaa
cuda_tile.module @m {
  entry @k() {
    testing$bytecode_test_new_attribute
    return
  }
}
