// pack/unpack after the conversion: no op of the roster changes the element
// count, so they become integer and shape ops on the elements' bits
// (bitcast to the integer of the element width; wider than a byte: broadcast
// to a column per byte, shift, truncate; narrower: extend, view a column per
// element of the byte, shift, or the columns).  Every width runs both ways
// with the same printed bytes and values.
// RUN: ctile-opt --convert-cuda-tile-to-nv-tileaa='compute-capability=100' %s | FileCheck %s
// RUN: ctile-run %s --entry widths --grid 1 | tee %t.a | FileCheck %s --check-prefix=OUT
// RUN: ctile-run %s --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100}' --entry widths --grid 1 | tee %t.b | FileCheck %s --check-prefix=OUT
// RUN: diff %t.a %t.b
// RUN: ctile-run %s --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100},canonicalize' --entry widths --grid 1 | diff %t.a -

// CHECK-LABEL: nv_tileaa.func @widths(
// f16 -> bytes: bitcast, 2x1 view, broadcast to 2x2, shift columns by 0/8, truncate
// CHECK: %[[B:.*]] = nv_tileaa.bitcast %{{.*}} : tile<2xf16> -> tile<2xi16>
// CHECK: %[[V:.*]] = nv_tileaa.view %[[B]] : tile<2xi16> -> tile<2x1xi16>
// CHECK: %[[BC:.*]] = nv_tileaa.broadcast %[[V]] : tile<2x1xi16> -> tile<2x2xi16>
// CHECK: %[[SH:.*]] = arith.constant dense<{{\[}}[0, 8], [0, 8]]> : !nv_tileaa.tile<2x2xi16>
// CHECK: %[[S:.*]] = arith.shrui %[[BC]], %[[SH]] : !nv_tileaa.tile<2x2xi16>
// CHECK: %[[T:.*]] = arith.trunci %[[S]] : !nv_tileaa.tile<2x2xi16> to !nv_tileaa.tile<2x2xi8>
// CHECK: nv_tileaa.view %[[T]] : tile<2x2xi8> -> tile<4xi8>
// bytes -> i1: one column per bit
// CHECK: arith.constant dense<{{\[}}[0, 1, 2, 3, 4, 5, 6, 7]]> : !nv_tileaa.tile<1x8xi8>
// CHECK: arith.trunci %{{.*}} : !nv_tileaa.tile<1x8xi8> to !nv_tileaa.tile<1x8xi1>
// CHECK-NOT: cuda_tile.

// OUT: f16: [0, 60, 0, -64]
// OUT: f16 back: [1, -2]
// OUT: i32: [4, 3, 2, 1, -1, -1, -1, -1]
// OUT: i32 back: [16909060, -1]
// OUT: i64 back: [-1, 72623859790382856]
// OUT: i1: [1, 0, 1, 0, 0, 1, 1, 1]
// OUT: i1 back: [-27]
// OUT: f4: [33, -13]
// OUT: f4 back: [0.5, 1, 1.5, -6]
// OUT: i4: [33, -13]

cuda_tile.module @m {
  entry @widths() {
    %h = constant <f16: [1.0, -2.0]> : tile<2xf16>
    %ph = pack %h : tile<2xf16> -> tile<4xi8>
    %t0 = print_tko "f16: %d\n", %ph : tile<4xi8> -> token
    %uh = unpack %ph : tile<4xi8> -> tile<2xf16>
    %t1 = print_tko "f16 back: %g\n", %uh : tile<2xf16> -> token
    %w = constant <i32: [16909060, -1]> : tile<2xi32>
    %pw = pack %w : tile<2xi32> -> tile<8xi8>
    %t2 = print_tko "i32: %d\n", %pw : tile<8xi8> -> token
    %uw = unpack %pw : tile<8xi8> -> tile<2xi32>
    %t3 = print_tko "i32 back: %d\n", %uw : tile<2xi32> -> token
    %bytes = constant <i8: [-1, -1, -1, -1, -1, -1, -1, -1, 8, 7, 6, 5, 4, 3, 2, 1]> : tile<16xi8>
    %ul = unpack %bytes : tile<16xi8> -> tile<2xi64>
    %t4 = print_tko "i64 back: %lld\n", %ul : tile<2xi64> -> token
    %one = constant <i8: [-27]> : tile<1xi8>
    %bits = unpack %one : tile<1xi8> -> tile<8xi1>
    %bi = exti %bits unsigned : tile<8xi1> -> tile<8xi32>
    %t5 = print_tko "i1: %d\n", %bi : tile<8xi32> -> token
    %pb = pack %bits : tile<8xi1> -> tile<1xi8>
    %t6 = print_tko "i1 back: %d\n", %pb : tile<1xi8> -> token
    %f = constant <f4E2M1FN: [0.5, 1.0, 1.5, -6.0]> : tile<4xf4E2M1FN>
    %pf = pack %f : tile<4xf4E2M1FN> -> tile<2xi8>
    %t7 = print_tko "f4: %d\n", %pf : tile<2xi8> -> token
    %uf = unpack %pf : tile<2xi8> -> tile<4xf4E2M1FN>
    %ff = ftof %uf : tile<4xf4E2M1FN> -> tile<4xf32>
    %t8 = print_tko "f4 back: %g\n", %ff : tile<4xf32> -> token
    %u4 = unpack %pf : tile<2xi8> -> tile<4xi4>
    %p4 = pack %u4 : tile<4xi4> -> tile<2xi8>
    %t9 = print_tko "i4: %d\n", %p4 : tile<2xi8> -> token
    return
  }
}
