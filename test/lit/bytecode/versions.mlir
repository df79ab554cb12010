// Version targeting: --list-versions, bad -bytecode-version values, and
// features newer than the target version (located errors naming the feature
// and the version it needs).
// RUN: ctile-translate --list-versions | FileCheck %s --check-prefix=LIST
// LIST: 13.1
// LIST-NEXT: 13.2
// LIST-NEXT: 13.3
// LIST-NOT: 250
// RUN: env CTILE_BYTECODE_TESTING=1 ctile-translate --list-versions | FileCheck %s --check-prefix=TESTV
// TESTV: 13.3
// TESTV-NEXT: 250.0
// TESTV-NEXT: 250.1
// RUN: ctile-translate --version | FileCheck %s --check-prefix=VERSION
// VERSION: ctile version {{[0-9]+\.[0-9]+\.[0-9]+}}
// RUN: not ctile-translate -mlir-to-cudatilebc -bytecode-version=14.0 %s 2>&1 | FileCheck %s --check-prefix=BADV
// BADV: for the --bytecode-version option: Invalid argument '14.0': the supported versions are [13.1 - 13.3]
// RUN: not ctile-translate -mlir-to-cudatilebc -bytecode-version=13.x %s 2>&1 | FileCheck %s --check-prefix=BADFMT
// BADFMT: Invalid argument '13.x'
// RUN: not ctile-translate -mlir-to-cudatilebc -no-implicit-module -bytecode-version=13.1 -split-input-file %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=V131
// RUN: not ctile-translate -mlir-to-cudatilebc -no-implicit-module -bytecode-version=13.2 -split-input-file %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=V132
// RUN: ctile-translate -test-cudatile-roundtrip -no-implicit-module -bytecode-version=13.3 -split-input-file %s | FileCheck %s --check-prefix=V133

// V131: versions.mlir:[[@LINE+5]]:10: error: attribute 'overflow' requires bytecode version 13.2+, but targeting 13.1
// V133: negi %{{.*}} overflow<no_signed_wrap> : tile<2xi32>
cuda_tile.module @kernels {
  entry @a() {
    %x = constant <i32: [1, 2]> : tile<2xi32>
    %n = negi %x overflow<no_signed_wrap> : tile<2xi32>
    return
  }
}

// -----

// V131: versions.mlir:[[@LINE+5]]:10: error: operation 'cuda_tile.atan2' is not available in bytecode version 13.1
// V133: atan2
cuda_tile.module @kernels {
  entry @b() {
    %x = constant <f32: [1.0, 2.0]> : tile<2xf32>
    %n = atan2 %x, %x : tile<2xf32>
    return
  }
}

// -----

// V131: error: type 'Float8E8M0FNU' requires bytecode version 13.2+, targeting 13.1
// V133: tile<4xf8E8M0FNU>
cuda_tile.module @kernels {
  entry @c() {
    %c = constant <i8: [1, 2, 3, 4]> : tile<4xi8>
    %x = bitcast %c : tile<4xi8> -> tile<4xf8E8M0FNU>
    return
  }
}

// -----

// V131: versions.mlir:[[@LINE+5]]:10: error: optional operand 'token' is provided but requires bytecode version 13.2, targeting 13.1
// V132: versions.mlir:[[@LINE+5]]:10: error: operation 'cuda_tile.alloca' is not available in bytecode version 13.2
cuda_tile.module @kernels {
  entry @d(%x: tile<i32>) {
    %t = make_token : token
    %p = print_tko "%d", %x token = %t : tile<i32> -> token
    %a = alloca num_elem = 4, alignment = 16 : tile<ptr<f32>>
    return
  }
}

// -----

// V132: versions.mlir:[[@LINE+3]]:3: error: global `g` uses non-public symbol visibility, which cannot be encoded in bytecode version 13.2 (requires bytecode 13.3+)
// V133: global private {{ *}}@g
cuda_tile.module @kernels {
  global private @g <i32: 1> : tile<1xi32>
  entry @e() {
    return
  }
}
