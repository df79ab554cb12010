// Constants of more than 100 elements print in MLIR's hex form (as NVIDIA's
// printer, which prints the DenseElementsAttr): raw storage, i1 bit-packed,
// tf32 three bytes per element.  NVIDIA's parser rejects that output; ours
// reads it back (issue 18), custom and generic form, and a one-element hex
// string is a splat.
// RUN: ctile-opt %s | FileCheck %s
// RUN: ctile-opt %s | ctile-opt | FileCheck %s
// RUN: ctile-opt %s -mlir-print-op-generic | ctile-opt | FileCheck %s
// RUN: ctile-opt %s | ctile-opt -mlir-print-op-generic | FileCheck %s --check-prefix=GEN
// RUN: not ctile-opt -split-input-file %S/Inputs/dense_hex_invalid.mlir 2>&1 | FileCheck %S/Inputs/dense_hex_invalid.mlir

cuda_tile.module @m {
  testing$func @g() {
    // CHECK: %cst_i8 = constant <i8: "0x000102030405060708090A0B0C0D0E0F10111213
    // CHECK-SAME: 5C5D5E5F60616263000102030405060708090A0B0C0D0E0F101112131415161718191A1B"> : tile<128xi8>
    // GEN: value = dense<"0x000102030405060708090A0B0C0D0E0F10111213
    %a = constant <i8: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27]> : tile<128xi8>
    // CHECK: %cst_i1 = constant <i1: "0x55555555555555555555555555555555"> : tile<128xi1>
    // GEN: value = dense<"0x55555555555555555555555555555555"> : !cuda_tile.tile<128xi1>
    %b = constant <i1: [true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false]> : tile<128xi1>
    // CHECK: %cst_tf32 = constant <tf32: "0x00000000FC0100000200020200040200
    %c = constant <tf32: [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0, 32.0, 33.0, 34.0, 35.0, 36.0, 37.0, 38.0, 39.0, 40.0, 41.0, 42.0, 43.0, 44.0, 45.0, 46.0, 47.0, 48.0, 49.0, 50.0, 51.0, 52.0, 53.0, 54.0, 55.0, 56.0, 57.0, 58.0, 59.0, 60.0, 61.0, 62.0, 63.0, 64.0, 65.0, 66.0, 67.0, 68.0, 69.0, 70.0, 71.0, 72.0, 73.0, 74.0, 75.0, 76.0, 77.0, 78.0, 79.0, 80.0, 81.0, 82.0, 83.0, 84.0, 85.0, 86.0, 87.0, 88.0, 89.0, 90.0, 91.0, 92.0, 93.0, 94.0, 95.0, 96.0, 97.0, 98.0, 99.0, 100.0, 101.0, 102.0, 103.0, 104.0, 105.0, 106.0, 107.0, 108.0, 109.0, 110.0, 111.0, 112.0, 113.0, 114.0, 115.0, 116.0, 117.0, 118.0, 119.0, 120.0, 121.0, 122.0, 123.0, 124.0, 125.0, 126.0, 127.0]> : tile<128xtf32>
    // CHECK: %cst_1_i8 = constant <i8: 1> : tile<128xi8>
    %d = constant <i8: "0x01"> : tile<128xi8>
    // CHECK: %true = constant <i1: true> : tile<128xi1>
    %e = constant <i1: "0xFF"> : tile<128xi1>
    // CHECK: %cst_i16 = constant <i16: [1, 2, 3, 4]> : tile<4xi16>
    %f = constant <i16: "0x0100020003000400"> : tile<4xi16>
    return
  }
}
