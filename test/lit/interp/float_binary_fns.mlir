// The h_float_binary family's per-op scalar functions (generated from the
// rows' interp column): remf, pow, atan2 and maxf/minf in f32, and the exact
// directed-rounding path of addf/divf in f64.  Values computed by hand.
// RUN: ctile-run %s --entry fbin --grid 1 | FileCheck %s

cuda_tile.module @m {
  entry @fbin() {
    %a = constant <f32: [7.5, -7.5, 2.0, 0.0]> : tile<4xf32>
    %b = constant <f32: [2.0, 2.0, 10.0, -1.0]> : tile<4xf32>
    // CHECK: remf: [1.5, -1.5, 2, 0]
    %r = remf %a, %b : tile<4xf32>
    print_tko "remf: %g\n", %r : tile<4xf32> -> token
    // 2^7.5 = 128 sqrt(2), 2^-7.5, 10^2, (-1)^0
    // CHECK: pow: [181.019, 0.00552427, 100, 1]
    %p = pow %b, %a : tile<4xf32>
    print_tko "pow: %g\n", %p : tile<4xf32> -> token
    // atan2(1, 1) = pi/4, atan2(1, -1) = 3pi/4, atan2(0, -1) = pi, atan2(-0, 1) = -0
    %y = constant <f32: [1.0, 1.0, 0.0, -0.0]> : tile<4xf32>
    %x = constant <f32: [1.0, -1.0, -1.0, 1.0]> : tile<4xf32>
    // CHECK: atan2: [0.785398, 2.35619, 3.14159, -0]
    %t = atan2 %y, %x : tile<4xf32>
    print_tko "atan2: %g\n", %t : tile<4xf32> -> token
    // CHECK: maxmin: [7.5, 2, 10, 0] [2, -7.5, 2, -1]
    %mx = maxf %a, %b : tile<4xf32>
    %mn = minf %a, %b : tile<4xf32>
    print_tko "maxmin: %g %g\n", %mx, %mn : tile<4xf32>, tile<4xf32> -> token
    // 1/3 in f64: up and down differ in the last bit.
    %one = constant <f64: 1.0> : tile<f64>
    %three = constant <f64: 3.0> : tile<f64>
    // CHECK: div64: 0x1.5555555555556p-2 0x1.5555555555555p-2
    %d0 = divf %one, %three rounding<positive_inf> : tile<f64>
    %d1 = divf %one, %three rounding<negative_inf> : tile<f64>
    print_tko "div64: %a %a\n", %d0, %d1 : tile<f64>, tile<f64> -> token
    // CHECK: add64: 0x1.0000000000001p+0
    %tiny = constant <f64: 1.0E-300> : tile<f64>
    %s = addf %one, %tiny rounding<positive_inf> : tile<f64>
    print_tko "add64: %a\n", %s : tile<f64> -> token
  }
}
