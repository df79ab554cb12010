// Assumption predicates through cuda_tile.assume: short and full forms,
// printing without the dialect prefix, and the predicates' verifiers.
// RUN: ctile-opt %s -split-input-file | FileCheck %s
// RUN: ctile-opt %s -split-input-file -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

cuda_tile.module @m {
  testing$func @f(%a: !cuda_tile.tile<4x8xi32>, %p: !cuda_tile.tile<4x4xptr<f32>>,
                  %t: !cuda_tile.tensor_view<64x64xf16, strides=[64,1]>, %s: !cuda_tile.tile<i64>) {
    // CHECK: assume div_by<16, every 4 along 1>, %{{.*}} : tile<4x8xi32>
    // GENERIC: predicate = #cuda_tile.div_by<16, every 4 along 1>
    %0 = assume div_by<16, every 4 along 1>, %a : tile<4x8xi32>
    // CHECK: assume same_elements<{{\[}}2, 4]>, %{{.*}} : tile<4x8xi32>
    // GENERIC: predicate = #cuda_tile.same_elements<[2, 4]>
    %1 = assume #cuda_tile.same_elements<[2, 4]>, %0 : tile<4x8xi32>
    // CHECK: assume bounded<?, 42>, %{{.*}} : tile<4x8xi32>
    %2 = assume bounded<?, 42>, %1 : tile<4x8xi32>
    // CHECK: assume div_by<4>, %{{.*}} : tile<4x4xptr<f32>>
    %3 = assume div_by<4>, %p : tile<4x4xptr<f32>>
    // CHECK: assume div_by<16>, %{{.*}} : tensor_view<64x64xf16, strides=[64,1]>
    %4 = assume #cuda_tile.div_by<16>, %t : tensor_view<64x64xf16, strides=[64,1]>
    // CHECK: assume bounded<-9223372036854775808, 9223372036854775807>, %{{.*}} : tile<i64>
    %5 = assume bounded<-9223372036854775808, 9223372036854775807>, %s : tile<i64>
    // CHECK: assume same_elements<{{\[}}]>, %{{.*}} : tile<i64>
    %6 = assume same_elements<[]>, %s : tile<i64>
  }
}
