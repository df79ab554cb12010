// Custom syntax of the cuda_tile conversion, shape, select/iota, mma and
// reduce/scan ops: exact printed lines, NVIDIA's result and block-argument
// names (%bcast, %reshape, %reduce, %reduce_lhs...), and the generic round trip.
// RUN: ctile-opt %s | FileCheck %s --strict-whitespace --match-full-lines
// RUN: ctile-opt %s | ctile-opt | FileCheck %s --strict-whitespace --match-full-lines
// RUN: ctile-opt -mlir-print-op-generic %s | ctile-opt | FileCheck %s --strict-whitespace --match-full-lines
// RUN: ctile-opt -mlir-print-op-generic %s | FileCheck %s --check-prefix=GEN

cuda_tile.module @m {
  testing$func @conv(%i: !cuda_tile.tile<8xi16>, %f: !cuda_tile.tile<8xf16>) {
// CHECK:      %0 = exti %arg0 signed : tile<8xi16> -> tile<8xi32>
// CHECK-NEXT:      %1 = trunci %0 overflow<no_wrap> : tile<8xi32> -> tile<8xi8>
// CHECK-NEXT:      %2 = trunci %0 : tile<8xi32> -> tile<8xi16>
// CHECK-NEXT:      %3 = ftof %arg1  : tile<8xf16> -> tile<8xf32>
// CHECK-NEXT:      %4 = ftoi %3 unsigned  : tile<8xf32> -> tile<8xi32>
// CHECK-NEXT:      %5 = itof %arg0 signed  : tile<8xi16> -> tile<8xf32>
// CHECK-NEXT:      %6 = bitcast %arg0 : tile<8xi16> -> tile<8xf16>
// CHECK-NEXT:      %7 = pack %arg1 : tile<8xf16> -> tile<16xi8>
// CHECK-NEXT:      %8 = unpack %7 : tile<16xi8> -> tile<8xf16>
    %0 = exti %i signed : tile<8xi16> -> tile<8xi32>
    %1 = trunci %0 overflow<no_wrap> : tile<8xi32> -> tile<8xi8>
    %2 = trunci %0 : tile<8xi32> -> tile<8xi16>
    %3 = ftof %f : tile<8xf16> -> tile<8xf32>
    %4 = ftoi %3 unsigned rounding<nearest_int_to_zero> : tile<8xf32> -> tile<8xi32>
    %5 = itof %i signed rounding<nearest_even> : tile<8xi16> -> tile<8xf32>
    %6 = bitcast %i : tile<8xi16> -> tile<8xf16>
    %7 = pack %f : tile<8xf16> -> tile<16xi8>
    %8 = unpack %7 : tile<16xi8> -> tile<8xf16>
  }

  testing$func @shape(%a: !cuda_tile.tile<1x4xf32>, %b: !cuda_tile.tile<4x4xf32>, %c: !cuda_tile.tile<4x4xi1>, %k: !cuda_tile.tile<i32>) {
// CHECK:      %bcast = broadcast %arg0 : tile<1x4xf32> -> tile<4x4xf32>
// CHECK-NEXT:      %reshape = reshape %arg1 : tile<4x4xf32> -> tile<16xf32>
// CHECK-NEXT:      %0 = permute %arg1 [1, 0] : tile<4x4xf32> -> tile<4x4xf32>
// CHECK-NEXT:      %1 = cat %arg1, %arg1 dim = 0 : tile<4x4xf32>, tile<4x4xf32> -> tile<8x4xf32>
// CHECK-NEXT:      %2 = extract %arg1[%arg3, %arg3] : tile<4x4xf32> -> tile<2x2xf32>
// CHECK-NEXT:      %3 = iota : tile<16xi32>
// CHECK-NEXT:      %4 = select %arg2, %bcast, %arg1 : tile<4x4xi1>, tile<4x4xf32>
// CHECK-NEXT:      %bcast_0 = broadcast %arg0 : tile<1x4xf32> -> tile<4x4xf32>
    %0 = broadcast %a : tile<1x4xf32> -> tile<4x4xf32>
    %1 = reshape %b : tile<4x4xf32> -> tile<16xf32>
    %2 = permute %b [1, 0] : tile<4x4xf32> -> tile<4x4xf32>
    %3 = cat %b, %b dim = 0 : tile<4x4xf32>, tile<4x4xf32> -> tile<8x4xf32>
    %4 = extract %b[%k, %k] : tile<4x4xf32> -> tile<2x2xf32>
    %5 = iota : tile<16xi32>
    %6 = select %c, %0, %b : tile<4x4xi1>, tile<4x4xf32>
    %7 = broadcast %a : tile<1x4xf32> -> tile<4x4xf32>
  }

  testing$func @mma(%l: !cuda_tile.tile<4x8xf16>, %r: !cuda_tile.tile<8x2xf16>, %acc: !cuda_tile.tile<4x2xf32>,
                    %li: !cuda_tile.tile<4x8xi8>, %ri: !cuda_tile.tile<8x2xi8>, %acci: !cuda_tile.tile<4x2xi32>,
                    %l8: !cuda_tile.tile<4x64xf8E4M3FN>, %r8: !cuda_tile.tile<64x2xf8E4M3FN>,
                    %ls: !cuda_tile.tile<4x2xf8E8M0FNU>, %rs: !cuda_tile.tile<2x2xf8E8M0FNU>) {
// CHECK:      %0 = mmaf %arg0, %arg1, %arg2 : tile<4x8xf16>, tile<8x2xf16>, tile<4x2xf32>
// CHECK-NEXT:      %1 = mmaf %arg0, %arg1, %arg2 fast_acc : tile<4x8xf16>, tile<8x2xf16>, tile<4x2xf32>
// CHECK-NEXT:      %2 = mmai %arg3, %arg4, %arg5 signed unsigned : tile<4x8xi8>, tile<8x2xi8>, tile<4x2xi32>
// CHECK-NEXT:      %3 = mmaf_scaled %arg6, %arg7, %arg2, %arg8, %arg9 : tile<4x64xf8E4M3FN>, tile<64x2xf8E4M3FN>, tile<4x2xf32>, tile<4x2xf8E8M0FNU>, tile<2x2xf8E8M0FNU>
    %0 = mmaf %l, %r, %acc : tile<4x8xf16>, tile<8x2xf16>, tile<4x2xf32>
    %1 = mmaf %l, %r, %acc fast_acc : tile<4x8xf16>, tile<8x2xf16>, tile<4x2xf32>
    %2 = mmai %li, %ri, %acci signed unsigned : tile<4x8xi8>, tile<8x2xi8>, tile<4x2xi32>
    %3 = mmaf_scaled %l8, %r8, %acc, %ls, %rs : tile<4x64xf8E4M3FN>, tile<64x2xf8E4M3FN>, tile<4x2xf32>, tile<4x2xf8E8M0FNU>, tile<2x2xf8E8M0FNU>
  }

  testing$func @red(%x: !cuda_tile.tile<8x4xf32>, %y: !cuda_tile.tile<8x4xi32>) {
// CHECK:      %reduce = reduce %arg0 dim=0 identities=[0.000000e+00 : f32] : tile<8x4xf32> -> tile<4xf32> 
// CHECK-NEXT:      (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
// CHECK-NEXT:        %1 = addf %reduce_lhs, %reduce_rhs  : tile<f32>
// CHECK-NEXT:        yield %1 : tile<f32>
// CHECK-NEXT:      }
// CHECK-NEXT:      %reduce_0:2 = reduce %arg0, %arg1 dim=1 identities=[0.000000e+00 : f32, 0 : i32] : tile<8x4xf32>, tile<8x4xi32> -> tile<8xf32>, tile<8xi32> 
// CHECK-NEXT:      (%reduce_lhs0: tile<f32>, %reduce_rhs0: tile<f32>, %reduce_lhs1: tile<i32>, %reduce_rhs1: tile<i32>) {
// CHECK-NEXT:        yield %reduce_lhs0, %reduce_lhs1 : tile<f32>, tile<i32>
// CHECK-NEXT:      }
// CHECK-NEXT:      %0 = scan %arg0 dim=1 reverse=true identities=[1.000000e+00 : f32] : tile<8x4xf32> -> tile<8x4xf32> 
// CHECK-NEXT:      (%arg2: tile<f32>, %arg3: tile<f32>) {
// CHECK-NEXT:        %1 = mulf %arg2, %arg3  : tile<f32>
// CHECK-NEXT:        yield %1 : tile<f32>
// CHECK-NEXT:      }
    %0 = reduce %x dim=0 identities=[0.0 : f32] : tile<8x4xf32> -> tile<4xf32>
    (%p: tile<f32>, %q: tile<f32>) {
      %s = addf %p, %q : tile<f32>
      yield %s : tile<f32>
    }
    %1:2 = reduce %x, %y dim=1 identities=[0.0 : f32, 0 : i32] : tile<8x4xf32>, tile<8x4xi32> -> tile<8xf32>, tile<8xi32>
    (%p0: tile<f32>, %q0: tile<f32>, %p1: tile<i32>, %q1: tile<i32>) {
      yield %p0, %p1 : tile<f32>, tile<i32>
    }
    %2 = scan %x dim=1 reverse=true identities=[1.0 : f32] : tile<8x4xf32> -> tile<8x4xf32>
    (%p: tile<f32>, %q: tile<f32>) {
      %s = mulf %p, %q : tile<f32>
      yield %s : tile<f32>
    }
  }
}

// GEN: "cuda_tile.exti"({{[^)]*}}) <{signedness = #cuda_tile.signedness<signed>}> : (!cuda_tile.tile<8xi16>) -> !cuda_tile.tile<8xi32>
// GEN: "cuda_tile.ftoi"({{[^)]*}}) <{rounding_mode = #cuda_tile.rounding<nearest_int_to_zero>, signedness = #cuda_tile.signedness<unsigned>}>
// GEN: "cuda_tile.permute"({{[^)]*}}) <{permutation = array<i32: 1, 0>}>
// GEN: "cuda_tile.cat"({{[^)]*}}) <{dim = 0 : i64}>
// GEN: "cuda_tile.mmai"({{[^)]*}}) <{signedness_lhs = #cuda_tile.signedness<signed>, signedness_rhs = #cuda_tile.signedness<unsigned>}>
// GEN: "cuda_tile.reduce"({{[^)]*}}) <{dim = 0 : i32, identities = [0.000000e+00 : f32]}> ({
// GEN-NEXT: ^bb0(%{{.*}}: !cuda_tile.tile<f32>, %{{.*}}: !cuda_tile.tile<f32>):
// GEN: "cuda_tile.scan"({{[^)]*}}) <{dim = 1 : i32, identities = [1.000000e+00 : f32], reverse = true}> ({
