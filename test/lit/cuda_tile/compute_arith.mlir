// Custom syntax of the cuda_tile integer/float/math ops: exact printed lines
// (spacing included: a rounding directive at its default prints nothing but
// keeps its leading space, as NVIDIA's generated printer does), and the
// round trip through the generic form.
// RUN: ctile-opt %s | FileCheck %s --strict-whitespace --match-full-lines
// RUN: ctile-opt %s | ctile-opt | FileCheck %s --strict-whitespace --match-full-lines
// RUN: ctile-opt -mlir-print-op-generic %s | ctile-opt | FileCheck %s --strict-whitespace --match-full-lines
// RUN: ctile-opt -mlir-print-op-generic %s | FileCheck %s --check-prefix=GEN

cuda_tile.module @m {
  testing$func @ints(%a: !cuda_tile.tile<4xi32>, %b: !cuda_tile.tile<4xi32>) {
// CHECK:      %0 = addi %arg0, %arg1 : tile<4xi32>
// CHECK-NEXT:      %1 = addi %arg0, %arg1 overflow<no_signed_wrap> : tile<4xi32>
// CHECK-NEXT:      %2 = subi %arg0, %arg1 overflow<no_wrap> : tile<4xi32>
// CHECK-NEXT:      %3 = muli %arg0, %arg1 overflow<no_unsigned_wrap> : tile<4xi32>
// CHECK-NEXT:      %4 = shli %arg0, %arg1 : tile<4xi32>
// CHECK-NEXT:      %5 = shri %arg0, %arg1 unsigned : tile<4xi32>
// CHECK-NEXT:      %6 = divi %arg0, %arg1 signed : tile<4xi32>
// CHECK-NEXT:      %7 = divi %arg0, %arg1 signed rounding<negative_inf> : tile<4xi32>
// CHECK-NEXT:      %8 = divi %arg0, %arg1 unsigned rounding<positive_inf> : tile<4xi32>
// CHECK-NEXT:      %9 = remi %arg0, %arg1 signed : tile<4xi32>
// CHECK-NEXT:      %10 = maxi %arg0, %arg1 signed : tile<4xi32>
// CHECK-NEXT:      %11 = mini %arg0, %arg1 unsigned : tile<4xi32>
// CHECK-NEXT:      %12 = mulhii %arg0, %arg1 : tile<4xi32>
// CHECK-NEXT:      %13 = andi %arg0, %arg1 : tile<4xi32>
// CHECK-NEXT:      %14 = ori %arg0, %arg1 : tile<4xi32>
// CHECK-NEXT:      %15 = xori %arg0, %arg1 {tag = 1 : i32} : tile<4xi32>
// CHECK-NEXT:      %16 = absi %arg0 : tile<4xi32>
// CHECK-NEXT:      %17 = negi %arg0 overflow<no_signed_wrap> : tile<4xi32>
// CHECK-NEXT:      %18 = cmpi less_than %arg0, %arg1, signed : tile<4xi32> -> tile<4xi1>
// CHECK-NEXT:      %19 = cmpi not_equal %arg0, %arg1, unsigned : tile<4xi32> -> tile<4xi1>
// CHECK-NEXT:      %20 = addi %arg0, %arg1 : tile<4xi32>
    %0 = addi %a, %b : tile<4xi32>
    %1 = cuda_tile.addi %a, %b overflow<no_signed_wrap> : !cuda_tile.tile<4xi32>
    %2 = subi %a, %b overflow<no_wrap> : tile<4xi32>
    %3 = muli %a, %b overflow<no_unsigned_wrap> : tile<4xi32>
    %4 = shli %a, %b overflow<none> : tile<4xi32>
    %5 = shri %a, %b unsigned : tile<4xi32>
    %6 = divi %a, %b signed : tile<4xi32>
    %7 = divi %a, %b signed rounding<negative_inf> : tile<4xi32>
    %8 = divi %a, %b unsigned rounding<positive_inf> : tile<4xi32>
    %9 = remi %a, %b signed : tile<4xi32>
    %10 = maxi %a, %b signed : tile<4xi32>
    %11 = mini %a, %b unsigned : tile<4xi32>
    %12 = mulhii %a, %b : tile<4xi32>
    %13 = andi %a, %b : tile<4xi32>
    %14 = ori %a, %b : tile<4xi32>
    %15 = xori %a, %b {tag = 1 : i32} : tile<4xi32>
    %16 = absi %a : tile<4xi32>
    %17 = negi %a overflow<no_signed_wrap> : tile<4xi32>
    %18 = cmpi less_than %a, %b, signed : tile<4xi32> -> tile<4xi1>
    %19 = cmpi not_equal %a, %b, unsigned : tile<4xi32> -> tile<4xi1>
    %20 = "cuda_tile.addi"(%a, %b) {overflow = #cuda_tile.overflow<none>} : (!cuda_tile.tile<4xi32>, !cuda_tile.tile<4xi32>) -> !cuda_tile.tile<4xi32>
  }

  testing$func @floats(%x: !cuda_tile.tile<2x2xf32>, %y: !cuda_tile.tile<2x2xf32>, %z: !cuda_tile.tile<2x2xf32>) {
// CHECK:      %0 = addf %arg0, %arg1  : tile<2x2xf32>
// CHECK-NEXT:      %1 = addf %arg0, %arg1 rounding<zero> flush_to_zero : tile<2x2xf32>
// CHECK-NEXT:      %2 = subf %arg0, %arg1  flush_to_zero : tile<2x2xf32>
// CHECK-NEXT:      %3 = mulf %arg0, %arg1 rounding<positive_inf> : tile<2x2xf32>
// CHECK-NEXT:      %4 = divf %arg0, %arg1 rounding<approx> : tile<2x2xf32>
// CHECK-NEXT:      %5 = divf %arg0, %arg1 rounding<full> flush_to_zero : tile<2x2xf32>
// CHECK-NEXT:      %6 = fma %arg0, %arg1, %arg2 rounding<negative_inf> : tile<2x2xf32>
// CHECK-NEXT:      %7 = remf %arg0, %arg1 : tile<2x2xf32>
// CHECK-NEXT:      %8 = maxf %arg0, %arg1 : tile<2x2xf32>
// CHECK-NEXT:      %9 = maxf %arg0, %arg1 flush_to_zero propagate_nan : tile<2x2xf32>
// CHECK-NEXT:      %10 = minf %arg0, %arg1 propagate_nan : tile<2x2xf32>
// CHECK-NEXT:      %11 = cmpf less_than_or_equal ordered %arg0, %arg1 : tile<2x2xf32> -> tile<2x2xi1>
// CHECK-NEXT:      %12 = cmpf equal unordered %arg0, %arg1 : tile<2x2xf32> -> tile<2x2xi1>
// CHECK-NEXT:      %13 = absf %arg0 : tile<2x2xf32>
// CHECK-NEXT:      %14 = negf %arg0 : tile<2x2xf32>
// CHECK-NEXT:      %15 = ceil %arg0 : tile<2x2xf32>
// CHECK-NEXT:      %16 = floor %arg0 : tile<2x2xf32>
// CHECK-NEXT:      %17 = sqrt %arg0  : tile<2x2xf32>
// CHECK-NEXT:      %18 = sqrt %arg0 rounding<approx> flush_to_zero : tile<2x2xf32>
// CHECK-NEXT:      %19 = rsqrt %arg0 flush_to_zero : tile<2x2xf32>
// CHECK-NEXT:      %20 = exp %arg0  : tile<2x2xf32>
// CHECK-NEXT:      %21 = exp %arg0 rounding<approx> : tile<2x2xf32>
// CHECK-NEXT:      %22 = exp2 %arg0 : tile<2x2xf32>
// CHECK-NEXT:      %23 = log %arg0 : tile<2x2xf32>
// CHECK-NEXT:      %24 = log2 %arg0 : tile<2x2xf32>
// CHECK-NEXT:      %25 = pow %arg0, %arg1 : tile<2x2xf32>
// CHECK-NEXT:      %26 = atan2 %arg0, %arg1 : tile<2x2xf32>
// CHECK-NEXT:      %27 = sin %arg0 : tile<2x2xf32>
// CHECK-NEXT:      %28 = cos %arg0 : tile<2x2xf32>
// CHECK-NEXT:      %29 = tan %arg0 : tile<2x2xf32>
// CHECK-NEXT:      %30 = sinh %arg0 : tile<2x2xf32>
// CHECK-NEXT:      %31 = cosh %arg0 : tile<2x2xf32>
// CHECK-NEXT:      %32 = tanh %arg0  : tile<2x2xf32>
// CHECK-NEXT:      %33 = tanh %arg0 rounding<approx> : tile<2x2xf32>
    %0 = addf %x, %y : tile<2x2xf32>
    %1 = addf %x, %y rounding<zero> flush_to_zero : tile<2x2xf32>
    %2 = subf %x, %y rounding<nearest_even> flush_to_zero : tile<2x2xf32>
    %3 = mulf %x, %y rounding<positive_inf> : tile<2x2xf32>
    %4 = divf %x, %y rounding<approx> : tile<2x2xf32>
    %5 = divf %x, %y rounding<full> flush_to_zero : tile<2x2xf32>
    %6 = fma %x, %y, %z rounding<negative_inf> : tile<2x2xf32>
    %7 = remf %x, %y : tile<2x2xf32>
    %8 = maxf %x, %y : tile<2x2xf32>
    %9 = maxf %x, %y propagate_nan flush_to_zero : tile<2x2xf32>
    %10 = minf %x, %y propagate_nan : tile<2x2xf32>
    %11 = cmpf less_than_or_equal ordered %x, %y : tile<2x2xf32> -> tile<2x2xi1>
    %12 = cmpf equal unordered %x, %y : tile<2x2xf32> -> tile<2x2xi1>
    %13 = absf %x : tile<2x2xf32>
    %14 = negf %x : tile<2x2xf32>
    %15 = ceil %x : tile<2x2xf32>
    %16 = floor %x : tile<2x2xf32>
    %17 = sqrt %x : tile<2x2xf32>
    %18 = sqrt %x rounding<approx> flush_to_zero : tile<2x2xf32>
    %19 = rsqrt %x flush_to_zero : tile<2x2xf32>
    %20 = exp %x rounding<full> : tile<2x2xf32>
    %21 = exp %x rounding<approx> : tile<2x2xf32>
    %22 = exp2 %x : tile<2x2xf32>
    %23 = log %x : tile<2x2xf32>
    %24 = log2 %x : tile<2x2xf32>
    %25 = pow %x, %y : tile<2x2xf32>
    %26 = atan2 %x, %y : tile<2x2xf32>
    %27 = sin %x : tile<2x2xf32>
    %28 = cos %x : tile<2x2xf32>
    %29 = tan %x : tile<2x2xf32>
    %30 = sinh %x : tile<2x2xf32>
    %31 = cosh %x : tile<2x2xf32>
    %32 = tanh %x : tile<2x2xf32>
    %33 = tanh %x rounding<approx> : tile<2x2xf32>
  }
}

// The generic form carries every property the custom parser materialized.
// GEN: "cuda_tile.addi"({{[^)]*}}) <{overflow = #cuda_tile.overflow<none>}> : (!cuda_tile.tile<4xi32>, !cuda_tile.tile<4xi32>) -> !cuda_tile.tile<4xi32>
// GEN: "cuda_tile.addi"({{[^)]*}}) <{overflow = #cuda_tile.overflow<no_signed_wrap>}>
// GEN: "cuda_tile.divi"({{[^)]*}}) <{rounding = #cuda_tile.rounding<zero>, signedness = #cuda_tile.signedness<signed>}>
// GEN: "cuda_tile.divi"({{[^)]*}}) <{rounding = #cuda_tile.rounding<negative_inf>, signedness = #cuda_tile.signedness<signed>}>
// GEN: "cuda_tile.divi"({{[^)]*}}) <{rounding = #cuda_tile.rounding<positive_inf>, signedness = #cuda_tile.signedness<unsigned>}>
// GEN: "cuda_tile.xori"({{[^)]*}}) {tag = 1 : i32}
// GEN: "cuda_tile.cmpi"({{[^)]*}}) <{comparison_predicate = #cuda_tile.comparison_predicate<less_than>, signedness = #cuda_tile.signedness<signed>}> : (!cuda_tile.tile<4xi32>, !cuda_tile.tile<4xi32>) -> !cuda_tile.tile<4xi1>
// GEN: "cuda_tile.addf"({{[^)]*}}) <{rounding_mode = #cuda_tile.rounding<nearest_even>}>
// GEN: "cuda_tile.addf"({{[^)]*}}) <{flush_to_zero, rounding_mode = #cuda_tile.rounding<zero>}>
// GEN: "cuda_tile.maxf"({{[^)]*}}) <{flush_to_zero, propagate_nan}>
// GEN: "cuda_tile.cmpf"({{[^)]*}}) <{comparison_ordering = #cuda_tile.comparison_ordering<ordered>, comparison_predicate = #cuda_tile.comparison_predicate<less_than_or_equal>}>
// GEN: "cuda_tile.exp"({{[^)]*}}) <{rounding_mode = #cuda_tile.rounding<full>}>
