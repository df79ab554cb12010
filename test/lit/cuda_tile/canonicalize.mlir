// cuda_tile canonicalization: NVIDIA's folds (select, assume, if on a negated
// condition) and patterns (select of constants / 0-1 constants, unused if
// results, addf operand order), and what is deliberately not folded: integer
// and float arithmetic on constants, whatever its overflow / rounding flags.
// RUN: ctile-opt %s --canonicalize --split-input-file | FileCheck %s

// Arithmetic on constants is not folded (NVIDIA's canonicalizer has no
// arithmetic folds); duplicate constants are uniqued and hoisted.
// CHECK-LABEL: testing$func @arith_kept(
// CHECK-NEXT:    %[[ONE32:.*]] = constant <i32: 1> : tile<i32>
// CHECK-NEXT:    %[[THREE:.*]] = constant <f32: 3.000000e+00> : tile<f32>
// CHECK-NEXT:    %[[ONEF:.*]] = constant <f32: 1.000000e+00> : tile<f32>
// CHECK-NEXT:    %[[MAX:.*]] = constant <i8: 127> : tile<i8>
// CHECK-NEXT:    %[[ONE8:.*]] = constant <i8: 1> : tile<i8>
// CHECK-NEXT:    %[[S:.*]] = addi %[[MAX]], %[[ONE8]] overflow<no_signed_wrap> : tile<i8>
// CHECK-NEXT:    %[[D:.*]] = divf %[[ONEF]], %[[THREE]] rounding<zero> : tile<f32>
// CHECK-NEXT:    %[[M:.*]] = muli %arg0, %[[ONE32]] : tile<i32>
// CHECK-NEXT:    %[[S2:.*]] = subi %[[S]], %[[ONE8]] overflow<no_wrap> : tile<i8>
// CHECK-NEXT:    return %[[S2]], %[[D]], %[[M]] :
cuda_tile.module @m {
  testing$func @arith_kept(%x: tile<i32>) -> (tile<i8>, tile<f32>, tile<i32>) {
    %a = constant <i8: 127> : tile<i8>
    %b = constant <i8: 1> : tile<i8>
    %s = addi %a, %b overflow<no_signed_wrap> : tile<i8>
    %f = constant <f32: 1.0> : tile<f32>
    %g = constant <f32: 3.0> : tile<f32>
    %d = divf %f, %g rounding<zero> : tile<f32>
    %one = constant <i32: 1> : tile<i32>
    %m = muli %x, %one : tile<i32>
    %b2 = constant <i8: 1> : tile<i8>
    %s2 = subi %s, %b2 overflow<no_wrap> : tile<i8>
    return %s2, %d, %m : tile<i8>, tile<f32>, tile<i32>
  }
}

// -----

// select folds
// CHECK-LABEL: testing$func @select_folds(
// CHECK-NEXT:    %[[SW:.*]] = select %arg0, %arg2, %arg1 : tile<i1>, tile<i32>
// CHECK-NEXT:    return %arg1, %arg1, %arg2, %arg0, %arg2, %arg1, %[[SW]] :
cuda_tile.module @m {
  testing$func @select_folds(%c: tile<i1>, %a: tile<i32>, %b: tile<i32>) -> (tile<i32>, tile<i32>, tile<i32>, tile<i1>, tile<i32>, tile<i32>, tile<i32>) {
    %t = constant <i1: true> : tile<i1>
    %f = constant <i1: false> : tile<i1>
    %0 = select %c, %a, %a : tile<i1>, tile<i32>
    %1 = select %t, %a, %b : tile<i1>, tile<i32>
    %2 = select %f, %a, %b : tile<i1>, tile<i32>
    %3 = select %c, %t, %f : tile<i1>, tile<i1>
    %eq = cmpi equal %a, %b, signed : tile<i32> -> tile<i1>
    %4 = select %eq, %a, %b : tile<i1>, tile<i32>
    %ne = cmpi not_equal %b, %a, unsigned : tile<i32> -> tile<i1>
    %5 = select %ne, %a, %b : tile<i1>, tile<i32>
    %n = xori %c, %t : tile<i1>
    %6 = select %n, %a, %b : tile<i1>, tile<i32>
    return %0, %1, %2, %3, %4, %5, %6 : tile<i32>, tile<i32>, tile<i32>, tile<i1>, tile<i32>, tile<i32>, tile<i32>
  }
}

// -----

// select of constants, select to exti
// CHECK-LABEL: testing$func @select_consts(
// CHECK-NEXT:    %[[T:.*]] = constant <i1: true> : tile<4xi1>
// CHECK-NEXT:    %[[C:.*]] = constant <f32: [-1.000000e+00, 2.500000e+00, 3.500000e+00, -1.000000e+00]> : tile<4xf32>
// CHECK-NEXT:    %[[E1:.*]] = exti %arg0 unsigned : tile<4xi1> -> tile<4xi16>
// CHECK-NEXT:    %[[N:.*]] = xori %arg0, %[[T]] : tile<4xi1>
// CHECK-NEXT:    %[[E2:.*]] = exti %[[N]] unsigned : tile<4xi1> -> tile<4xi16>
// CHECK-NEXT:    return %[[C]], %[[E1]], %[[E2]] :
cuda_tile.module @m {
  testing$func @select_consts(%c: tile<4xi1>) -> (tile<4xf32>, tile<4xi16>, tile<4xi16>) {
    %m = constant <i1: [0, 1, 1, 0]> : tile<4xi1>
    %x = constant <f32: [1.5, 2.5, 3.5, 4.5]> : tile<4xf32>
    %y = constant <f32: -1.0> : tile<4xf32>
    %0 = select %m, %x, %y : tile<4xi1>, tile<4xf32>
    %one = constant <i16: 1> : tile<4xi16>
    %zero = constant <i16: 0> : tile<4xi16>
    %1 = select %c, %one, %zero : tile<4xi1>, tile<4xi16>
    %2 = select %c, %zero, %one : tile<4xi1>, tile<4xi16>
    return %0, %1, %2 : tile<4xf32>, tile<4xi16>, tile<4xi16>
  }
}

// -----

// assume chains with the same predicate collapse; if (not c) swaps branches;
// unused if results are dropped; addf puts its mulf operand first.
// CHECK-LABEL: testing$func @misc(
// CHECK-NEXT:    %[[A0:.*]] = assume div_by<16>, %arg0 : tile<ptr<f32>>
// CHECK-NEXT:    %[[A2:.*]] = assume div_by<32>, %[[A0]] : tile<ptr<f32>>
// CHECK-NEXT:    %[[IF:.*]] = if %arg1 -> (tile<f32>) {
// CHECK-NEXT:      %[[M:.*]] = mulf %arg2, %arg3  : tile<f32>
// CHECK-NEXT:      yield %[[M]] : tile<f32>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[S:.*]] = addf %arg2, %arg3  : tile<f32>
// CHECK-NEXT:      yield %[[S]] : tile<f32>
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[MUL:.*]] = mulf %arg2, %arg2 rounding<zero> flush_to_zero : tile<f32>
// CHECK-NEXT:    %[[ADD:.*]] = addf %[[MUL]], %[[IF]] rounding<zero> flush_to_zero : tile<f32>
// CHECK-NEXT:    return %[[A2]], %[[IF]], %[[ADD]] :
cuda_tile.module @m {
  testing$func @misc(%p: tile<ptr<f32>>, %c: tile<i1>, %x: tile<f32>, %y: tile<f32>) -> (tile<ptr<f32>>, tile<f32>, tile<f32>) {
    %a0 = assume div_by<16>, %p : tile<ptr<f32>>
    %a1 = assume div_by<16>, %a0 : tile<ptr<f32>>
    %a2 = assume div_by<32>, %a1 : tile<ptr<f32>>
    %t = constant <i1: true> : tile<i1>
    %n = xori %c, %t : tile<i1>
    %r:2 = if %n -> (tile<f32>, tile<f32>) {
      %s = addf %x, %y : tile<f32>
      yield %s, %x : tile<f32>, tile<f32>
    } else {
      %m = mulf %x, %y : tile<f32>
      yield %m, %y : tile<f32>, tile<f32>
    }
    %mul = mulf %x, %x rounding<zero> flush_to_zero : tile<f32>
    %add = addf %r#0, %mul rounding<zero> flush_to_zero : tile<f32>
    return %a2, %r#0, %add : tile<ptr<f32>>, tile<f32>, tile<f32>
  }
}

// -----

// A static false condition without else erases the if.
// CHECK-LABEL: testing$func @static_false(
// CHECK-NEXT:    return
// CHECK-NEXT:  }
cuda_tile.module @m {
  testing$func @static_false(%x: tile<i32>) {
    %f = constant <i1: false> : tile<i1>
    if %f {
      print_tko "%d", %x : tile<i32> -> token
    }
    return
  }
}
