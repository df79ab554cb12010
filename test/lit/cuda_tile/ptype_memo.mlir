// Repeated types and dense constants through the type and constant memos
// (asm_parse_type_memo_here, asm_parse_attr_memo_here): each repeat must
// parse to what its own text says, also where it differs from a remembered
// text only late (array elements, hex bytes, view tile shapes past the
// 32nd byte), where an alias stands for the same text, and in the generic
// form (`!cuda_tile.m<...>`, the memo behind the mnemonic).
// RUN: ctile-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: ctile-opt %s --allow-unregistered-dialect | ctile-opt --allow-unregistered-dialect | FileCheck %s

!ti = !cuda_tile.tile<8xi32>
!tv = !cuda_tile.tensor_view<?x?xf32, strides=[?,1]>
cuda_tile.module @m {
  entry @k(%a: tile<ptr<f32>>, %b: !cuda_tile.tile<!cuda_tile.ptr<f32>>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 0> : !ti
    %c2 = constant <i32: 0> : !ti
    %c3 = constant <i32: 0> : tile<8xi32>
    %c4 = constant <i32: 0> : tile<8xi32>
    %c5 = constant <i32: [1, 2]> : tile<2xi32>
    %c6 = constant <i32: [1, 2]> : tile<2xi32>
    %c7 = constant <i32: [1, 3]> : tile<2xi32>
    %c8 = constant <i1: [[true, false], [false, true]]> : tile<2x2xi1>
    %c9 = constant <i1: [[true, false], [false, true]]> : tile<2x2xi1>
    %c10 = constant <i1: [[true, false], [true, true]]> : tile<2x2xi1>
    %c11 = constant <bf16: -2.0> : tile<8xbf16>
    %c12 = constant <bf16: -2.0> : tile<8xbf16>
    %c13 = constant <f8E4M3FN: 448.0> : tile<4xf8E4M3FN>
    %c14 = constant <f8E4M3FN: 448.0> : tile<4xf8E4M3FN>
    %c15 = constant <f8E5M2: 448.0> : tile<4xf8E5M2>
    %c16 = constant <i8: "0x0102"> : tile<2xi8>
    %c17 = constant <i8: "0x0102"> : tile<2xi8>
    %c18 = constant <i8: "0x0103"> : tile<2xi8>
    %c19 = constant <i32: 0> : !cuda_tile.tile<i32>
    %c20 = constant <i32: 0> : !cuda_tile.tile<i32>
    %t0 = make_token : token
    %t1 = make_token : token
    %v = make_tensor_view %a, shape = [%n, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %v2 = make_tensor_view %a, shape = [%n, %n], strides = [%n, 1] : tile<i32> -> !tv
    %v3 = make_tensor_view %a, shape = [%n, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %p = make_partition_view %v : partition_view<tile=(2x4), tensor_view<?x?xf32, strides=[?,1]>>
    %p2 = make_partition_view %v2 : partition_view<tile=(2x4), !tv>
    %p3 = make_partition_view %v3 : partition_view<tile=(2x4), tensor_view<?x?xf32, strides=[?,1]>>
    %p4 = make_partition_view %v3 : partition_view<tile=(4x4), tensor_view<?x?xf32, strides=[?,1]>>
    %p5 = make_partition_view %v3 : !cuda_tile.partition_view<tile=(2x4), !cuda_tile.tensor_view<?x?xf32, strides=[?,1]>>
    %p6 = make_partition_view %v3 : !cuda_tile.partition_view<tile=(2x8), !cuda_tile.tensor_view<?x?xf32, strides=[?,1]>>
    return
  }
}
"u"() : () -> !cuda_tile.tile<4x8xf32>
"u"() : () -> !cuda_tile.tile<4x8xf32>
"u"() : () -> !cuda_tile.tile<4x8xf16>
"u"() : () -> (!cuda_tile.tile<4x8xf32>, !cuda_tile.tile<4x8xf32>)

// CHECK: constant <i32: 0> : tile<i32>
// CHECK-NEXT: constant <i32: 0> : tile<8xi32>
// CHECK-NEXT: constant <i32: 0> : tile<8xi32>
// CHECK-NEXT: constant <i32: 0> : tile<8xi32>
// CHECK-NEXT: constant <i32: 0> : tile<8xi32>
// CHECK-NEXT: constant <i32: [1, 2]> : tile<2xi32>
// CHECK-NEXT: constant <i32: [1, 2]> : tile<2xi32>
// CHECK-NEXT: constant <i32: [1, 3]> : tile<2xi32>
// CHECK-NEXT: constant <i1: {{\[\[}}true, false], [false, true]]> : tile<2x2xi1>
// CHECK-NEXT: constant <i1: {{\[\[}}true, false], [false, true]]> : tile<2x2xi1>
// CHECK-NEXT: constant <i1: {{\[\[}}true, false], [true, true]]> : tile<2x2xi1>
// CHECK-NEXT: constant <bf16: -2.000000e+00> : tile<8xbf16>
// CHECK-NEXT: constant <bf16: -2.000000e+00> : tile<8xbf16>
// CHECK-NEXT: constant <f8E4M3FN: 4.480000e+02> : tile<4xf8E4M3FN>
// CHECK-NEXT: constant <f8E4M3FN: 4.480000e+02> : tile<4xf8E4M3FN>
// CHECK-NEXT: constant <f8E5M2: 4.480000e+02> : tile<4xf8E5M2>
// CHECK-NEXT: constant <i8: [1, 2]> : tile<2xi8>
// CHECK-NEXT: constant <i8: [1, 2]> : tile<2xi8>
// CHECK-NEXT: constant <i8: [1, 3]> : tile<2xi8>
// CHECK-NEXT: constant <i32: 0> : tile<i32>
// CHECK-NEXT: constant <i32: 0> : tile<i32>
// CHECK-NEXT: make_token : token
// CHECK-NEXT: make_token : token
// CHECK-NEXT: make_tensor_view %arg0, shape = [%arg2, %arg2], strides = [%arg2, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
// CHECK-NEXT: make_tensor_view %arg0, shape = [%arg2, %arg2], strides = [%arg2, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
// CHECK-NEXT: make_tensor_view %arg0, shape = [%arg2, %arg2], strides = [%arg2, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
// CHECK-NEXT: make_partition_view %tview : partition_view<tile=(2x4), tensor_view<?x?xf32, strides=[?,1]>>
// CHECK-NEXT: make_partition_view %tview_14 : partition_view<tile=(2x4), tensor_view<?x?xf32, strides=[?,1]>>
// CHECK-NEXT: make_partition_view %tview_15 : partition_view<tile=(2x4), tensor_view<?x?xf32, strides=[?,1]>>
// CHECK-NEXT: make_partition_view %tview_15 : partition_view<tile=(4x4), tensor_view<?x?xf32, strides=[?,1]>>
// CHECK-NEXT: make_partition_view %tview_15 : partition_view<tile=(2x4), tensor_view<?x?xf32, strides=[?,1]>>
// CHECK-NEXT: make_partition_view %tview_15 : partition_view<tile=(2x8), tensor_view<?x?xf32, strides=[?,1]>>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: "u"() : () -> !cuda_tile.tile<4x8xf32>
// CHECK-NEXT: "u"() : () -> !cuda_tile.tile<4x8xf32>
// CHECK-NEXT: "u"() : () -> !cuda_tile.tile<4x8xf16>
