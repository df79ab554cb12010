// The caches of syntax_compute.c: per op kind, the attribute lookups of the
// last (properties, attributes) dictionary pair printed; the enum attributes
// of parsed keywords; the identities arrays' text replayed by the printer's
// memo.  Checked: the same properties with different types; the same
// properties dictionary in another op kind; discardable attributes on top of
// cached properties (attr-dict printed, then elided again); alternating enum
// values in one kind; an optional enum at its default and not; every oilist
// combination; reduce/scan with the same and with different identities
// arrays, types and flags; and, through the generic form, the enum
// properties the parser materialized from its cache.
// RUN: ctile-opt %s | FileCheck %s --strict-whitespace --match-full-lines
// RUN: ctile-opt %s | ctile-opt | FileCheck %s --strict-whitespace --match-full-lines
// RUN: ctile-opt -mlir-print-op-generic %s | ctile-opt | FileCheck %s --strict-whitespace --match-full-lines
// RUN: ctile-opt -mlir-print-op-generic %s | FileCheck %s --check-prefix=GEN

// CHECK:      %0 = addf %arg2, %arg3 rounding<zero> : tile<4xf32>
// CHECK-NEXT:      %1 = addf %arg4, %arg5 rounding<zero> : tile<f32>
// CHECK-NEXT:      %2 = mulf %arg2, %arg3 rounding<zero> : tile<4xf32>
// CHECK-NEXT:      %3 = subf %arg4, %arg5 rounding<zero> flush_to_zero : tile<f32>
// CHECK-NEXT:      %4 = addf %arg2, %arg3 rounding<zero> flush_to_zero : tile<4xf32>
// CHECK-NEXT:      %5 = addf %arg2, %arg3 rounding<zero> {tag = 1 : i32} : tile<4xf32>
// CHECK-NEXT:      %6 = addf %arg2, %arg3 rounding<zero> : tile<4xf32>
// CHECK-NEXT:      %7 = addf %arg2, %arg3 rounding<zero> {tag = 2 : i32} : tile<4xf32>
// CHECK-NEXT:      %8 = addf %arg2, %arg3 rounding<zero> {tag = 2 : i32} : tile<4xf32>
// CHECK-NEXT:      %9 = cmpi less_than %arg0, %arg1, signed : tile<4xi32> -> tile<4xi1>
// CHECK-NEXT:      %10 = cmpi equal %arg0, %arg1, unsigned : tile<4xi32> -> tile<4xi1>
// CHECK-NEXT:      %11 = cmpi less_than %arg0, %arg1, signed : tile<4xi32> -> tile<4xi1>
// CHECK-NEXT:      %12 = divi %arg0, %arg1 signed : tile<4xi32>
// CHECK-NEXT:      %13 = divi %arg0, %arg1 signed rounding<positive_inf> : tile<4xi32>
// CHECK-NEXT:      %14 = divi %arg0, %arg1 signed : tile<4xi32>
// CHECK-NEXT:      %15 = maxf %arg2, %arg3 flush_to_zero : tile<4xf32>
// CHECK-NEXT:      %16 = maxf %arg2, %arg3 : tile<4xf32>
// CHECK-NEXT:      %17 = maxf %arg2, %arg3 propagate_nan : tile<4xf32>
// CHECK-NEXT:      %18 = maxf %arg2, %arg3 flush_to_zero propagate_nan : tile<4xf32>
// CHECK-NEXT:      %reduce = reduce %arg2 dim=0 identities=[0.000000e+00 : f32] : tile<4xf32> -> tile<f32> 
// CHECK-NEXT:      (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
// CHECK-NEXT:        %21 = addf %reduce_lhs, %reduce_rhs  : tile<f32>
// CHECK-NEXT:        yield %21 : tile<f32>
// CHECK-NEXT:      }
// CHECK-NEXT:      %reduce_0 = reduce %arg2 dim=0 identities=[1.000000e+00 : f32] : tile<4xf32> -> tile<f32> 
// CHECK-NEXT:      (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
// CHECK-NEXT:        %21 = mulf %reduce_lhs, %reduce_rhs  : tile<f32>
// CHECK-NEXT:        yield %21 : tile<f32>
// CHECK-NEXT:      }
// CHECK-NEXT:      %reduce_1 = reduce %arg0 dim=0 identities=[0 : i32] : tile<4xi32> -> tile<i32> 
// CHECK-NEXT:      (%reduce_lhs: tile<i32>, %reduce_rhs: tile<i32>) {
// CHECK-NEXT:        %21 = addi %reduce_lhs, %reduce_rhs : tile<i32>
// CHECK-NEXT:        yield %21 : tile<i32>
// CHECK-NEXT:      }
// CHECK-NEXT:      %reduce_2 = reduce %arg2 dim=0 identities=[0.000000e+00 : f32] : tile<4xf32> -> tile<f32> 
// CHECK-NEXT:      (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
// CHECK-NEXT:        %21 = addf %reduce_lhs, %reduce_rhs  : tile<f32>
// CHECK-NEXT:        yield %21 : tile<f32>
// CHECK-NEXT:      }
// CHECK-NEXT:      %19 = scan %arg2 dim=0 reverse=true identities=[0.000000e+00 : f32] : tile<4xf32> -> tile<4xf32> 
// CHECK-NEXT:      (%arg6: tile<f32>, %arg7: tile<f32>) {
// CHECK-NEXT:        %21 = addf %arg6, %arg7  : tile<f32>
// CHECK-NEXT:        yield %21 : tile<f32>
// CHECK-NEXT:      }
// CHECK-NEXT:      %20 = scan %arg2 dim=0 reverse=false identities=[0.000000e+00 : f32] : tile<4xf32> -> tile<4xf32> 
// CHECK-NEXT:      (%arg6: tile<f32>, %arg7: tile<f32>) {
// CHECK-NEXT:        %21 = addf %arg6, %arg7  : tile<f32>
// CHECK-NEXT:        yield %21 : tile<f32>
// CHECK-NEXT:      }
// CHECK-NEXT:      return
// CHECK-NEXT:    }
// CHECK-NEXT:  }
cuda_tile.module @m {
  testing$func @caches(%a: !cuda_tile.tile<4xi32>, %b: !cuda_tile.tile<4xi32>, %x: !cuda_tile.tile<4xf32>, %y: !cuda_tile.tile<4xf32>, %s: !cuda_tile.tile<f32>, %t: !cuda_tile.tile<f32>) {
    %0 = addf %x, %y rounding<zero> : tile<4xf32>
    %1 = addf %s, %t rounding<zero> : tile<f32>
    %2 = mulf %x, %y rounding<zero> : tile<4xf32>
    %3 = subf %s, %t rounding<zero> flush_to_zero : tile<f32>
    %4 = addf %x, %y rounding<zero> flush_to_zero : tile<4xf32>
    %5 = addf %x, %y rounding<zero> {tag = 1 : i32} : tile<4xf32>
    %6 = addf %x, %y rounding<zero> : tile<4xf32>
    %7 = addf %x, %y rounding<zero> {tag = 2 : i32} : tile<4xf32>
    %8 = addf %x, %y rounding<zero> {tag = 2 : i32} : tile<4xf32>
    %9 = cmpi less_than %a, %b, signed : tile<4xi32> -> tile<4xi1>
    %10 = cmpi equal %a, %b, unsigned : tile<4xi32> -> tile<4xi1>
    %11 = cmpi less_than %a, %b, signed : tile<4xi32> -> tile<4xi1>
    %12 = divi %a, %b signed : tile<4xi32>
    %13 = divi %a, %b signed rounding<positive_inf> : tile<4xi32>
    %14 = divi %a, %b signed : tile<4xi32>
    %15 = maxf %x, %y flush_to_zero : tile<4xf32>
    %16 = maxf %x, %y : tile<4xf32>
    %17 = maxf %x, %y propagate_nan : tile<4xf32>
    %18 = maxf %x, %y flush_to_zero propagate_nan : tile<4xf32>
    %19 = reduce %x dim=0 identities=[0.0 : f32] : tile<4xf32> -> tile<f32>
      (%p: tile<f32>, %q: tile<f32>) {
        %r = addf %p, %q : tile<f32>
        yield %r : tile<f32>
      }
    %20 = reduce %x dim=0 identities=[1.0 : f32] : tile<4xf32> -> tile<f32>
      (%p: tile<f32>, %q: tile<f32>) {
        %r = mulf %p, %q : tile<f32>
        yield %r : tile<f32>
      }
    %21 = reduce %a dim=0 identities=[0 : i32] : tile<4xi32> -> tile<i32>
      (%p: tile<i32>, %q: tile<i32>) {
        %r = addi %p, %q : tile<i32>
        yield %r : tile<i32>
      }
    %22 = reduce %x dim=0 identities=[0.0 : f32] : tile<4xf32> -> tile<f32>
      (%p: tile<f32>, %q: tile<f32>) {
        %r = addf %p, %q : tile<f32>
        yield %r : tile<f32>
      }
    %23 = scan %x dim=0 reverse=true identities=[0.0 : f32] : tile<4xf32> -> tile<4xf32>
      (%p: tile<f32>, %q: tile<f32>) {
        %r = addf %p, %q : tile<f32>
        yield %r : tile<f32>
      }
    %24 = scan %x dim=0 reverse=false identities=[0.0 : f32] : tile<4xf32> -> tile<4xf32>
      (%p: tile<f32>, %q: tile<f32>) {
        %r = addf %p, %q : tile<f32>
        yield %r : tile<f32>
      }
  }
}

// GEN: "cuda_tile.cmpi"(%arg0, %arg1) <{comparison_predicate = #cuda_tile.comparison_predicate<less_than>, signedness = #cuda_tile.signedness<signed>}>
// GEN-NEXT: "cuda_tile.cmpi"(%arg0, %arg1) <{comparison_predicate = #cuda_tile.comparison_predicate<equal>, signedness = #cuda_tile.signedness<unsigned>}>
// GEN-NEXT: "cuda_tile.cmpi"(%arg0, %arg1) <{comparison_predicate = #cuda_tile.comparison_predicate<less_than>, signedness = #cuda_tile.signedness<signed>}>
// GEN-NEXT: "cuda_tile.divi"(%arg0, %arg1) <{rounding = #cuda_tile.rounding<zero>, signedness = #cuda_tile.signedness<signed>}>
// GEN-NEXT: "cuda_tile.divi"(%arg0, %arg1) <{rounding = #cuda_tile.rounding<positive_inf>, signedness = #cuda_tile.signedness<signed>}>
// GEN-NEXT: "cuda_tile.divi"(%arg0, %arg1) <{rounding = #cuda_tile.rounding<zero>, signedness = #cuda_tile.signedness<signed>}>
