// cuda_tile's overflow<...> flags survive the conversion as arith's
// overflowFlags (no_signed_wrap -> nsw, no_unsigned_wrap -> nuw, no_wrap ->
// nsw, nuw; negi's flag rides on its subi from zero), and the converted
// program is checked per element as cuda_tile's is: same message with
// arith's op name and flag spelling.  Expected messages derived by hand.
// RUN: ctile-opt --convert-cuda-tile-to-nv-tileaa='compute-capability=100' %s | FileCheck %s
// RUN: not ctile-run %s --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry add_nsw --grid 1 --arg i8:127 --arg i8:1 2>&1 | FileCheck %s --check-prefix=ADD
// RUN: ctile-run %s --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry add_nsw --grid 1 --arg i8:126 --arg i8:1 | FileCheck %s --check-prefix=ADDOK
// RUN: not ctile-run %s --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry sub_nuw --grid 1 --arg i32:4 --arg i32:5 2>&1 | FileCheck %s --check-prefix=SUB
// RUN: not ctile-run %s --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry mul_nw --grid 1 --arg i16:-1 --arg i16:-1 2>&1 | FileCheck %s --check-prefix=MUL
// RUN: not ctile-run %s --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry shl_nsw --grid 1 --arg i8:1 --arg i8:7 2>&1 | FileCheck %s --check-prefix=SHL
// RUN: not ctile-run %s --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry neg_nsw --grid 1 --arg i8:-128 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: not ctile-run %s --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry trunc_nuw --grid 1 --arg i16:256 2>&1 | FileCheck %s --check-prefix=TRUNC
// RUN: not ctile-run %s --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry tile_nsw --grid 1 --arg i32:2147483640 2>&1 | FileCheck %s --check-prefix=TILE
// RUN: ctile-run %s --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry plain --grid 1 --arg i8:127 --arg i8:1 | FileCheck %s --check-prefix=PLAIN

cuda_tile.module @m {
  // CHECK-LABEL: @add_nsw
  // CHECK: arith.addi %{{.*}}, %{{.*}} overflow<nsw> : i8
  entry @add_nsw(%a: tile<i8>, %b: tile<i8>) {
    // ADD: overflow.mlir:[[@LINE+3]]:10: error: 'arith.addi' op signed overflow under overflow<nsw>: 127 + 1 wraps to -128 in i8 (tile block (0, 0, 0))
    // ADD-NOT: error
    // ADDOK: r = 127
    %r = addi %a, %b overflow<no_signed_wrap> : tile<i8>
    print_tko "r = %d\n", %r : tile<i8> -> token
    return
  }
  // CHECK-LABEL: @sub_nuw
  // CHECK: arith.subi %{{.*}}, %{{.*}} overflow<nuw> : i32
  entry @sub_nuw(%a: tile<i32>, %b: tile<i32>) {
    // SUB: overflow.mlir:[[@LINE+1]]:10: error: 'arith.subi' op unsigned overflow under overflow<nuw>: 4 - 5 wraps to 4294967295 in i32 (tile block (0, 0, 0))
    %r = subi %a, %b overflow<no_unsigned_wrap> : tile<i32>
    print_tko "r = %d\n", %r : tile<i32> -> token
    return
  }
  // CHECK-LABEL: @mul_nw
  // CHECK: arith.muli %{{.*}}, %{{.*}} overflow<nsw, nuw> : i16
  entry @mul_nw(%a: tile<i16>, %b: tile<i16>) {
    // MUL: overflow.mlir:[[@LINE+1]]:10: error: 'arith.muli' op unsigned overflow under overflow<nsw, nuw>: 65535 * 65535 wraps to 1 in i16 (tile block (0, 0, 0))
    %r = muli %a, %b overflow<no_wrap> : tile<i16>
    print_tko "r = %d\n", %r : tile<i16> -> token
    return
  }
  // CHECK-LABEL: @shl_nsw
  // CHECK: arith.shli %{{.*}}, %{{.*}} overflow<nsw> : i8
  entry @shl_nsw(%a: tile<i8>, %b: tile<i8>) {
    // SHL: overflow.mlir:[[@LINE+1]]:10: error: 'arith.shli' op signed overflow under overflow<nsw>: 1 << 7 wraps to -128 in i8 (tile block (0, 0, 0))
    %r = shli %a, %b overflow<no_signed_wrap> : tile<i8>
    print_tko "r = %d\n", %r : tile<i8> -> token
    return
  }
  // CHECK-LABEL: @neg_nsw
  // CHECK: %[[Z:.*]] = arith.constant 0 : i8
  // CHECK: arith.subi %[[Z]], %{{.*}} overflow<nsw> : i8
  entry @neg_nsw(%a: tile<i8>) {
    // NEG: overflow.mlir:[[@LINE+1]]:10: error: 'arith.subi' op signed overflow under overflow<nsw>: 0 - -128 wraps to -128 in i8 (tile block (0, 0, 0))
    %r = negi %a overflow<no_signed_wrap> : tile<i8>
    print_tko "r = %d\n", %r : tile<i8> -> token
    return
  }
  // CHECK-LABEL: @trunc_nuw
  // CHECK: arith.trunci %{{.*}} overflow<nuw> : i16 to i8
  entry @trunc_nuw(%a: tile<i16>) {
    // TRUNC: overflow.mlir:[[@LINE+1]]:10: error: 'arith.trunci' op unsigned overflow under overflow<nuw>: 256 : i16 wraps to 0 in i8 (tile block (0, 0, 0))
    %r = trunci %a overflow<no_unsigned_wrap> : tile<i16> -> tile<i8>
    print_tko "r = %d\n", %r : tile<i8> -> token
    return
  }
  // CHECK-LABEL: @tile_nsw
  entry @tile_nsw(%a: tile<i32>) {
    %i = iota : tile<16xi32>
    %r0 = reshape %a : tile<i32> -> tile<1xi32>
    %b = broadcast %r0 : tile<1xi32> -> tile<16xi32>
    // TILE: overflow.mlir:[[@LINE+1]]:10: error: 'arith.addi' op signed overflow under overflow<nsw> at element [8]: 2147483640 + 8 wraps to -2147483648 in i32 (tile block (0, 0, 0))
    %r = addi %b, %i overflow<no_signed_wrap> : tile<16xi32>
    print_tko "r = %d\n", %r : tile<16xi32> -> token
    return
  }
  // CHECK-LABEL: @plain
  // CHECK: arith.addi %{{.*}}, %{{.*}} : i8
  entry @plain(%a: tile<i8>, %b: tile<i8>) {
    // PLAIN: r = -128
    %r = addi %a, %b : tile<i8>
    print_tko "r = %d\n", %r : tile<i8> -> token
    return
  }
}
