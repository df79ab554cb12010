// Float op semantics: IEEE rounding modes (ties to even, directed modes),
// flush-to-zero, NaN/inf, signed zeros in max/min, ordered/unordered
// comparisons, fma vs mul+add, sqrt, and exact narrow-format conversions.
// Expected values computed by hand (printed with %a where exactness matters).
// RUN: ctile-run %s --entry floats --grid 1 | FileCheck %s

cuda_tile.module @m {
  entry @floats() {
    // 2^-24 is half an ulp of 1.0: a tie (-> 1).  3*2^-24 is 1.5 ulp: a tie -> 1+2^-22.
    %one = constant <f32: [1.0, 1.0, -1.0, -1.0]> : tile<4xf32>
    %tiny = constant <f32: [5.9604644775390625E-8, 1.78813934326171875E-7, -5.9604644775390625E-8, -5.9604644775390625E-8]> : tile<4xf32>
    // CHECK: add_rne: [0x1p+0, 0x1.000004p+0, -0x1p+0, -0x1p+0]
    %a0 = addf %one, %tiny : tile<4xf32>
    print_tko "add_rne: %a\n", %a0 : tile<4xf32> -> token
    // CHECK: add_up: [0x1.000002p+0, 0x1.000004p+0, -0x1p+0, -0x1p+0]
    %a1 = addf %one, %tiny rounding<positive_inf> : tile<4xf32>
    print_tko "add_up: %a\n", %a1 : tile<4xf32> -> token
    // CHECK: add_down: [0x1p+0, 0x1.000002p+0, -0x1.000002p+0, -0x1.000002p+0]
    %a2 = addf %one, %tiny rounding<negative_inf> : tile<4xf32>
    print_tko "add_down: %a\n", %a2 : tile<4xf32> -> token
    // CHECK: add_zero: [0x1p+0, 0x1.000002p+0, -0x1p+0, -0x1p+0]
    %a3 = addf %one, %tiny rounding<zero> : tile<4xf32>
    print_tko "add_zero: %a\n", %a3 : tile<4xf32> -> token

    %three = constant <f32: 3.0> : tile<f32>
    %f1 = constant <f32: 1.0> : tile<f32>
    // 1/3 = 0x1.5555555...p-2: nearest rounds up, zero/down truncate.
    // CHECK: div: 0x1.555556p-2 0x1.555554p-2 0x1.555556p-2 0x1.555554p-2
    %d0 = divf %f1, %three : tile<f32>
    %d1 = divf %f1, %three rounding<zero> : tile<f32>
    %d2 = divf %f1, %three rounding<positive_inf> : tile<f32>
    %d3 = divf %f1, %three rounding<negative_inf> : tile<f32>
    print_tko "div: %a %a %a %a\n", %d0, %d1, %d2, %d3 : tile<f32>, tile<f32>, tile<f32>, tile<f32> -> token

    // Denormals survive without flush_to_zero and become (signed) zero with it.
    %den = constant <f32: [1.0E-40, -1.0E-40]> : tile<2xf32>
    %ones = constant <f32: [1.0, 1.0]> : tile<2xf32>
    // CHECK: noftz: [9.99995e-41, -9.99995e-41]
    %m0 = mulf %den, %ones : tile<2xf32>
    print_tko "noftz: %g\n", %m0 : tile<2xf32> -> token
    // CHECK: ftz: [0, -0]
    %m1 = mulf %den, %ones flush_to_zero : tile<2xf32>
    print_tko "ftz: %g\n", %m1 : tile<2xf32> -> token

    // NaN / inf
    %inf = constant <f32: [0x7F800000, 1.0, -1.0, 0.0]> : tile<4xf32>
    %zer = constant <f32: [0x7F800000, 0.0, 0.0, 0.0]> : tile<4xf32>
    // CHECK: special: [{{-?}}nan, inf, -inf, {{-?}}nan]
    %s0 = subf %inf, %zer : tile<4xf32>
    %s1 = divf %inf, %zer : tile<4xf32>
    %cmpmask = constant <i1: [true, false, false, false]> : tile<4xi1>
    %s2 = select %cmpmask, %s0, %s1 : tile<4xi1>, tile<4xf32>
    print_tko "special: %f\n", %s2 : tile<4xf32> -> token

    // max/min: NaN ignored unless propagate_nan; -0 < +0.
    %mx1 = constant <f32: [0x7FC00000, -0.0, -0.0, 2.0]> : tile<4xf32>
    %mx2 = constant <f32: [1.0, 0.0, 0.0, 3.0]> : tile<4xf32>
    // CHECK: maxf: [1, 0, 0, 3]
    %x0 = maxf %mx1, %mx2 : tile<4xf32>
    print_tko "maxf: %g\n", %x0 : tile<4xf32> -> token
    // CHECK: maxnan: [nan, 0, 0, 3]
    %x1 = maxf %mx1, %mx2 propagate_nan : tile<4xf32>
    print_tko "maxnan: %g\n", %x1 : tile<4xf32> -> token
    // CHECK: minf: [1, -0, -0, 2]
    %x2 = minf %mx1, %mx2 : tile<4xf32>
    print_tko "minf: %g\n", %x2 : tile<4xf32> -> token
    // CHECK: cmp_o: [0, 0, 0, 1]
    %c0 = cmpf less_than ordered %mx1, %mx2 : tile<4xf32> -> tile<4xi1>
    print_tko "cmp_o: %d\n", %c0 : tile<4xi1> -> token
    // CHECK: cmp_u: [1, 0, 0, 1]
    %c1 = cmpf less_than unordered %mx1, %mx2 : tile<4xf32> -> tile<4xi1>
    print_tko "cmp_u: %d\n", %c1 : tile<4xi1> -> token
    // CHECK: cmp_le: [0, 1, 1, 1]
    %c2 = cmpf less_than_or_equal ordered %mx1, %mx2 : tile<4xf32> -> tile<4xi1>
    print_tko "cmp_le: %d\n", %c2 : tile<4xi1> -> token

    // fma rounds once: (1+2^-12)^2 - 1 = 2^-11 + 2^-24 = 0x1.0008p-11 exactly; mulf rounds
    // 1+2^-11+2^-24 (a tie) to 1+2^-11, so mul then add gives 2^-11.
    %p = constant <f32: 1.000244140625> : tile<f32>
    %m1c = constant <f32: -1.0> : tile<f32>
    %fm = fma %p, %p, %m1c : tile<f32>
    %pp = mulf %p, %p : tile<f32>
    %pa = addf %pp, %m1c : tile<f32>
    // CHECK: fma: 0x1.0008p-11 mul+add: 0x1p-11
    print_tko "fma: %a mul+add: %a\n", %fm, %pa : tile<f32>, tile<f32> -> token

    // sqrt(2) = 1.41421356237...: nearest/zero give 0x1.6a09e6p+0, up gives 0x1.6a09e8p+0
    %two = constant <f32: 2.0> : tile<f32>
    %q0 = sqrt %two : tile<f32>
    %q1 = sqrt %two rounding<zero> : tile<f32>
    %q2 = sqrt %two rounding<positive_inf> : tile<f32>
    // CHECK: sqrt: 0x1.6a09e6p+0 0x1.6a09e6p+0 0x1.6a09e8p+0
    print_tko "sqrt: %a %a %a\n", %q0, %q1, %q2 : tile<f32>, tile<f32>, tile<f32> -> token

    // Conversions, round to nearest even.
    // f16: 1+2^-11 is a tie -> 1; 1+3*2^-11 -> 1+2^-9; 65520 is the tie above 65504 -> inf
    %h = constant <f32: [1.00048828125, 1.00146484375, 65520.0, 65519.0]> : tile<4xf32>
    %hh = ftof %h : tile<4xf32> -> tile<4xf16>
    // CHECK: f16: [1, 1.00195, inf, 65504]
    print_tko "f16: %g\n", %hh : tile<4xf16> -> token
    // bf16: 1+2^-8 is a tie -> 1; 1+3*2^-8 -> 1+2^-6
    %bq = constant <f32: [1.00390625, 1.01171875, -3.0, 0.0]> : tile<4xf32>
    %bb = ftof %bq : tile<4xf32> -> tile<4xbf16>
    // CHECK: bf16: [1, 1.01562, -3, 0]
    print_tko "bf16: %g\n", %bb : tile<4xbf16> -> token
    // fp8: 3.3 -> 3.25 (E4M3FN, step 0.25) and 3.5 (E5M2, step 0.5); 0.3 -> 0.3125 in both
    %eq = constant <f32: [3.3, 0.3]> : tile<2xf32>
    %e4 = ftof %eq : tile<2xf32> -> tile<2xf8E4M3FN>
    %e5 = ftof %eq : tile<2xf32> -> tile<2xf8E5M2>
    // CHECK: e4m3: [3.25, 0.3125] e5m2: [3.5, 0.3125]
    print_tko "e4m3: %g e5m2: %g\n", %e4, %e5 : tile<2xf8E4M3FN>, tile<2xf8E5M2> -> token
    // f4E2M1FN {0,.5,1,1.5,2,3,4,6}: 2.5 and 5 are ties -> even mantissa (2, 4); 1.4 -> 1.5
    %fq = constant <f32: [2.5, 5.0, 1.4, -0.2]> : tile<4xf32>
    %f4 = ftof %fq : tile<4xf32> -> tile<4xf4E2M1FN>
    // CHECK: f4: [2, 4, 1.5, -0]
    print_tko "f4: %g\n", %f4 : tile<4xf4E2M1FN> -> token
    // round trip back to f32 is exact
    %f4b = ftof %f4 : tile<4xf4E2M1FN> -> tile<4xf32>
    // CHECK: f4back: [2, 4, 1.5, -0]
    print_tko "f4back: %g\n", %f4b : tile<4xf32> -> token

    // ftoi truncates (nearest_int_to_zero, the only mode)
    %fi = constant <f32: [2.5, -2.5, 3.5, -0.7]> : tile<4xf32>
    %i0 = ftoi %fi signed : tile<4xf32> -> tile<4xi32>
    // CHECK: ftoi: [2, -2, 3, 0]
    print_tko "ftoi: %d\n", %i0 : tile<4xi32> -> token
    // itof: 2^24+1 is a tie between 2^24 and 2^24+2 -> 2^24 (even)
    %ii = constant <i32: [16777217, -1, 16777219, 3]> : tile<4xi32>
    %t0 = itof %ii signed : tile<4xi32> -> tile<4xf32>
    // CHECK: itof: [16777216, -1, 16777220, 3]
    print_tko "itof: %.0f\n", %t0 : tile<4xf32> -> token
    %t1 = itof %ii unsigned : tile<4xi32> -> tile<4xf32>
    // 0xFFFFFFFF = 4294967295 -> 4294967296
    // CHECK: itofu: [16777216, 4294967296, 16777220, 3]
    print_tko "itofu: %.0f\n", %t1 : tile<4xf32> -> token
    // bitcast f32 <-> i32
    %bc = bitcast %one : tile<4xf32> -> tile<4xi32>
    // CHECK: bitcast: [1065353216, 1065353216, -1082130432, -1082130432]
    print_tko "bitcast: %d\n", %bc : tile<4xi32> -> token
    return
  }
}
