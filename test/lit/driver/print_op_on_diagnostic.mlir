// Errors emitted on an operation carry MLIR's "see current operation" note
// (the op in generic form, local scope, large elements attributes elided),
// unless --mlir-print-op-on-diagnostic=false or -verify-diagnostics.
// RUN: not ctile-opt %s --split-input-file 2>&1 | FileCheck %s --strict-whitespace
// RUN: not ctile-opt %s --split-input-file --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: ctile-opt %s --split-input-file -verify-diagnostics

cuda_tile.module @m {
  cuda_tile.entry @e() {
    %c = cuda_tile.constant <i32: 0> : tile<32xi32>
    %d = cuda_tile.reshape %c : tile<32xi32> -> tile<2x16xi32>
    // expected-error @+1 {{'cuda_tile.reshape' op reshape element-count mismatch: source has 32 elements, result has 16}}
    %e = cuda_tile.reshape %d : tile<2x16xi32> -> tile<16xi32>
    cuda_tile.return
  }
}
// CHECK: print_op_on_diagnostic.mlir:[[L1:[0-9]+]]:10: error: 'cuda_tile.reshape' op reshape element-count mismatch: source has 32 elements, result has 16
// CHECK-NEXT: {{^}}    %e = cuda_tile.reshape %d : tile<2x16xi32> -> tile<16xi32>
// CHECK-NEXT: {{^}}         ^
// CHECK-NEXT: print_op_on_diagnostic.mlir:[[L1]]:10: note: see current operation: %2 = "cuda_tile.reshape"(%1) : (!cuda_tile.tile<2x16xi32>) -> !cuda_tile.tile<16xi32>
// OFF: error: 'cuda_tile.reshape' op reshape element-count mismatch
// OFF-NOT: see current operation

// -----

// An op with regions prints on several lines, after a line break; the
// 32-element constant is elided, the splat is not.
cuda_tile.module @m {
  cuda_tile.entry @e(%a: !cuda_tile.tile<i1>) {
    // expected-error @+1 {{'cuda_tile.if' op type does not match yield type, else branch yields '!cuda_tile.tile<i64>' but op result type is '!cuda_tile.tile<i32>'}}
    %r = "cuda_tile.if"(%a) ({
      %c = cuda_tile.constant <i32: [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32]> : tile<32xi32>
      %s = cuda_tile.constant <i32: 7> : tile<32xi32>
      %z = cuda_tile.constant <i32: 0> : tile<i32>
      cuda_tile.yield %z : tile<i32>
    }, {
      %z = cuda_tile.constant <i64: 0> : tile<i64>
      cuda_tile.yield %z : tile<i64>
    }) : (!cuda_tile.tile<i1>) -> !cuda_tile.tile<i32>
    cuda_tile.return
  }
}
// CHECK: :[[L2:[0-9]+]]:10: error: 'cuda_tile.if' op type does not match yield type
// CHECK: :[[L2]]:10: note: see current operation: {{$}}
// CHECK-NEXT: {{^}}%0 = "cuda_tile.if"(%arg0) ({
// CHECK-NEXT: {{^}}  %2 = "cuda_tile.constant"() <{value = dense_resource<__elided__> : !cuda_tile.tile<32xi32>}> : () -> !cuda_tile.tile<32xi32>
// CHECK-NEXT: {{^}}  %3 = "cuda_tile.constant"() <{value = dense<7> : !cuda_tile.tile<32xi32>}> : () -> !cuda_tile.tile<32xi32>
// CHECK-NEXT: {{^}}  %4 = "cuda_tile.constant"() <{value = dense<0> : !cuda_tile.tile<i32>}> : () -> !cuda_tile.tile<i32>
// CHECK-NEXT: {{^}}  "cuda_tile.yield"(%4) : (!cuda_tile.tile<i32>) -> ()
// CHECK-NEXT: {{^}}}, {
// CHECK-NEXT: {{^}}  %1 = "cuda_tile.constant"() <{value = dense<0> : !cuda_tile.tile<i64>}> : () -> !cuda_tile.tile<i64>
// CHECK-NEXT: {{^}}  "cuda_tile.yield"(%1) : (!cuda_tile.tile<i64>) -> ()
// CHECK-NEXT: {{^}}}) : (!cuda_tile.tile<i1>) -> !cuda_tile.tile<i32>{{$}}

// -----

// Dominance: the current-operation note comes first, then where the operand
// is defined (a note at the same location repeats no source line).
cuda_tile.module @m {
  cuda_tile.entry @e() {
    // expected-error @+1 {{operand #0 does not dominate this use}}
    %x = cuda_tile.addi %y, %y : tile<i32>
    // expected-note @+1 {{operand defined here (op in the same block)}}
    %y = cuda_tile.constant <i32: 1> : tile<i32>
    cuda_tile.return
  }
}
// CHECK: :[[L3:[0-9]+]]:10: error: operand #0 does not dominate this use
// CHECK-NEXT: {{^}}    %x = cuda_tile.addi %y, %y : tile<i32>
// CHECK-NEXT: {{^}}         ^
// CHECK-NEXT: :[[L3]]:10: note: see current operation: %0 = "cuda_tile.addi"(%1, %1) <{overflow = #cuda_tile.overflow<none>}> : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>
// CHECK-NEXT: :{{[0-9]+}}:10: note: operand defined here (op in the same block)
