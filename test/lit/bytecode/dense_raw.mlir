// Dense constants in NVIDIA's (MLIR's raw-data) form: i1 bit-packed lowest bit
// first with more than 8 elements, a true splat as the byte 0xff, all-equal
// elements written as a splat, tf32 in 3 bytes; and the reader's inverse,
// including a 1-byte i1 buffer that is not 0x00/0xff (bit-packed, not a splat)
// and a buffer of the wrong size (an error naming the byte offset).
// RUN: ctile-translate -mlir-to-cudatilebc -no-implicit-module %s -o %t.bc
// RUN: od -An -tx1 -v %t.bc | tr -d '\n' | FileCheck %s --check-prefix=BYTES
// BYTES: 02 8d d6 01 ff 01 ff 06 00 fc 01 00 00 02 04 07 00 00 00
// RUN: ctile-translate -cudatilebc-to-mlir %t.bc | FileCheck %s --check-prefix=READ
// READ: constant <i1: [true, false, true, true, false, false, false, true, false, true, true, false, true, false, true, true]> : tile<16xi1>
// READ: constant <i1: true> : tile<4xi1>
// READ: constant <i1: true> : tile<2xi1>
// READ: constant <tf32: [1.000000e+00, 2.000000e+00]> : tile<2xtf32>
// READ: constant <i32: 7> : tile<4xi32>
// The 4xi1 splat's 0xff (offset 100) becomes 0x01: bits 1,0,0,0.
// RUN: cp %t.bc %t.packed && printf '\001' | dd of=%t.packed bs=1 seek=100 conv=notrunc 2>/dev/null
// RUN: ctile-translate -cudatilebc-to-mlir %t.packed | FileCheck %s --check-prefix=PACKED
// PACKED: constant <i1: [true, false, false, false]> : tile<4xi1>
// The tf32 constant's size (offset 103) claims 5 bytes: neither one element nor two.
// RUN: cp %t.bc %t.bad && printf '\005' | dd of=%t.bad bs=1 seek=103 conv=notrunc 2>/dev/null
// RUN: not ctile-translate -cudatilebc-to-mlir %t.bad 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: error at offset 103: invalid raw buffer of 5 bytes for constant of type !cuda_tile.tile<2xtf32>
cuda_tile.module @m {
  entry @k() {
    %a = constant <i1: [true, false, true, true, false, false, false, true, false, true, true, false, true, false, true, true]> : tile<16xi1>
    %b = constant <i1: true> : tile<4xi1>
    %c = constant <i1: [true, true]> : tile<2xi1>
    %d = constant <tf32: [1.0, 2.0]> : tile<2xtf32>
    %e = constant <i32: [7, 7, 7, 7]> : tile<4xi32>
    return
  }
}
