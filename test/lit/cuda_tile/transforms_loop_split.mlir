// loop-split: `if (cmpi n <= iv, unsigned)` in an unsigned loop with a dynamic
// step splits at n aligned to the step (ceil division), each copy keeping the
// branch taken there; split-threshold=2 leaves a one-op branch alone, and a
// cuda_tile.loop_split hint on the if overrides the option.
// RUN: ctile-opt %s --pass-pipeline='builtin.module(cuda_tile.module(cuda_tile.entry(loop-split)))' --split-input-file | FileCheck %s
// RUN: ctile-opt %s --pass-pipeline='builtin.module(cuda_tile.module(cuda_tile.entry(loop-split{split-threshold=2})))' --split-input-file | FileCheck %s --check-prefix=THR

// CHECK-LABEL: entry @k(
// CHECK-NEXT:    %[[Z:.*]] = constant <i32: 0> : tile<i32>
// CHECK-NEXT:    %[[D:.*]] = subi %arg4, %arg1 : tile<i32>
// CHECK-NEXT:    %[[K:.*]] = divi %[[D]], %arg3 unsigned rounding<positive_inf> : tile<i32>
// CHECK-NEXT:    %[[KS:.*]] = muli %[[K]], %arg3 : tile<i32>
// CHECK-NEXT:    %[[SP:.*]] = addi %arg1, %[[KS]] : tile<i32>
// CHECK-NEXT:    %[[HI:.*]] = mini %[[SP]], %arg2 unsigned : tile<i32>
// CHECK-NEXT:    %[[LO:.*]] = maxi %[[SP]], %arg1 unsigned : tile<i32>
// CHECK-NEXT:    %[[F1:.*]] = for unsigned %[[IV:.*]] in (%arg1 to %[[HI]], step %arg3) : tile<i32> iter_values(%[[ACC:.*]] = %[[Z]]) -> (tile<i32>) {
// CHECK-NEXT:      %[[S1:.*]] = addi %[[ACC]], %[[IV]] : tile<i32>
// CHECK-NEXT:      continue %[[S1]] : tile<i32>
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[F2:.*]] = for unsigned %[[IV2:.*]] in (%[[LO]] to %arg2, step %arg3) : tile<i32> iter_values(%[[ACC2:.*]] = %[[F1]]) -> (tile<i32>) {
// CHECK-NEXT:      %[[M:.*]] = muli %[[IV2]], %[[IV2]] : tile<i32>
// CHECK-NEXT:      %[[S2:.*]] = addi %[[ACC2]], %[[M]] : tile<i32>
// CHECK-NEXT:      continue %[[S2]] : tile<i32>
// CHECK-NEXT:    }
// CHECK-NEXT:    store_ptr_tko weak %arg0, %[[F2]]
// THR-LABEL: entry @k(
// THR-COUNT-1: for unsigned
// THR-NOT: for unsigned
cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %lb: tile<i32>, %ub: tile<i32>, %step: tile<i32>, %n: tile<i32>) {
    %z = constant <i32: 0> : tile<i32>
    %r = for unsigned %iv in (%lb to %ub, step %step) : tile<i32> iter_values(%acc = %z) -> (tile<i32>) {
      %c = cmpi less_than_or_equal %n, %iv, unsigned : tile<i32> -> tile<i1>
      %v = if %c -> (tile<i32>) {
        %m = muli %iv, %iv : tile<i32>
        yield %m : tile<i32>
      } else {
        yield %iv : tile<i32>
      }
      %s = addi %acc, %v : tile<i32>
      continue %s : tile<i32>
    }
    %t = store_ptr_tko weak %p, %r : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}

// -----

// A signed cmpi in an unsigned loop is not split; neither is a hinted-off if.
// CHECK-LABEL: entry @no_split(
// CHECK:      for unsigned
// CHECK-NEXT:   cmpi greater_than %{{.*}}, %arg3, signed
// CHECK-NEXT:   if
// CHECK:      for unsigned
// CHECK-NEXT:   cmpi greater_than %{{.*}}, %arg3, unsigned
// CHECK-NEXT:   if
// CHECK:        } {cuda_tile.loop_split = 0 : i64}
// CHECK-NOT:  for unsigned
// THR-LABEL: entry @no_split(
cuda_tile.module @m {
  entry @no_split(%p: tile<ptr<i32>>, %lb: tile<i32>, %ub: tile<i32>, %n: tile<i32>) {
    %z = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %r = for unsigned %iv in (%lb to %ub, step %one) : tile<i32> iter_values(%acc = %z) -> (tile<i32>) {
      %c = cmpi greater_than %iv, %n, signed : tile<i32> -> tile<i1>
      %v = if %c -> (tile<i32>) {
        yield %n : tile<i32>
      } else {
        yield %iv : tile<i32>
      }
      continue %v : tile<i32>
    }
    %r2 = for unsigned %iv in (%lb to %ub, step %one) : tile<i32> iter_values(%acc = %r) -> (tile<i32>) {
      %c = cmpi greater_than %iv, %n, unsigned : tile<i32> -> tile<i1>
      %v = if %c -> (tile<i32>) {
        yield %n : tile<i32>
      } else {
        yield %iv : tile<i32>
      } {cuda_tile.loop_split = 0}
      continue %v : tile<i32>
    }
    %t = store_ptr_tko weak %p, %r2 : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}
