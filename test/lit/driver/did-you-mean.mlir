// An unknown op of a registered dialect gets a note naming the closest
// registered op of that dialect when it is close (at most a third of the
// mnemonic's length in edits, 1 to 3), in custom and generic form; a name
// nothing is close to gets no note.
// RUN: not ctile-opt -split-input-file %s 2>&1 | FileCheck %s
// RUN: ctile-opt -split-input-file -verify-diagnostics %s

cuda_tile.module @m {
  testing$func @g(%a: !cuda_tile.tile<f32>) {
    // CHECK: did-you-mean.mlir:[[@LINE+5]]:10: error: custom op 'maxff' is unknown (tried 'cuda_tile.maxff' as well)
    // CHECK-NEXT: %1 = maxff
    // CHECK: did-you-mean.mlir:[[@LINE+3]]:10: note: did you mean 'cuda_tile.maxf'?
    // expected-error @+2 {{custom op 'maxff' is unknown}}
    // expected-note @+1 {{did you mean 'cuda_tile.maxf'?}}
    %1 = maxff %a, %a : tile<f32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @g(%a: !cuda_tile.tile<f32>) {
    // CHECK: error: custom op 'cuda_tile.lod_view_tko' is unknown
    // CHECK: note: did you mean 'cuda_tile.load_view_tko'?
    // expected-error @+2 {{is unknown}}
    // expected-note @+1 {{did you mean 'cuda_tile.load_view_tko'?}}
    %1 = cuda_tile.lod_view_tko %a
  }
}

// -----

cuda_tile.module @m {
  testing$func @g(%a: !cuda_tile.tile<f32>) {
    // CHECK: error: unregistered operation 'cuda_tile.addff' found in dialect ('cuda_tile') that does not allow unknown operations
    // CHECK: note: did you mean 'cuda_tile.addf'?
    // expected-error @+2 {{unregistered operation}}
    // expected-note @+1 {{did you mean 'cuda_tile.addf'?}}
    %1 = "cuda_tile.addff"(%a, %a) : (!cuda_tile.tile<f32>, !cuda_tile.tile<f32>) -> !cuda_tile.tile<f32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @g(%a: !cuda_tile.tile<f32>) {
    // CHECK: error: custom op 'zzzzzz' is unknown (tried 'cuda_tile.zzzzzz' as well)
    // CHECK-NOT: did you mean
    // expected-error @+1 {{custom op 'zzzzzz' is unknown}}
    %1 = zzzzzz %a
  }
}
// CHECK-NOT: did you mean
