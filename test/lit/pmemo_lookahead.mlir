// The custom op memo compares what the hook looked at past its text too:
// `constant` ends with an optional attribute dictionary, so the token after
// its type decides whether there is more to parse.  The same op text
// followed by ` {x = ...}`, by a `{y = ...}` on the next line or by
// `loc(...)` must not reuse the template of one followed by a new line and
// `%name` (it would drop the dictionary and fail on the `{`); the next plain
// ones hit again.
// RUN: ctile-opt %s --mlir-print-debuginfo | FileCheck %s
// RUN: env CTILE_PMEMO=0 ctile-opt %s --mlir-print-debuginfo | FileCheck %s
// RUN: env CTILE_PMEMO=stats ctile-opt %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS

cuda_tile.module @m {
  entry @f() {
    %a1 = constant <i32: 1> : tile<i32>
    %a2 = constant <i32: 1> : tile<i32>
    %a3 = constant <i32: 1> : tile<i32> {x = 1 : i32}
    %a4 = constant <i32: 1> : tile<i32>
    {y = 2 : i32}
    %a5 = constant <i32: 1> : tile<i32> loc("l":5:6)
    %a6 = constant <i32: 1> : tile<i32>
    %a7 = constant <i32: 1> : tile<i32>
    return
  }
}

// CHECK:      %cst_1_i32 = constant <i32: 1> : tile<i32> loc(#loc3)
// CHECK-NEXT: %cst_1_i32_0 = constant <i32: 1> : tile<i32> loc(#loc4)
// CHECK-NEXT: %cst_1_i32_1 = constant <i32: 1> : tile<i32> {x = 1 : i32} loc(#loc5)
// CHECK-NEXT: %cst_1_i32_2 = constant <i32: 1> : tile<i32> {y = 2 : i32} loc(#loc6)
// CHECK-NEXT: %cst_1_i32_3 = constant <i32: 1> : tile<i32> loc(#loc7)
// CHECK-NEXT: %cst_1_i32_4 = constant <i32: 1> : tile<i32> loc(#loc8)
// CHECK-NEXT: %cst_1_i32_5 = constant <i32: 1> : tile<i32> loc(#loc9)
// CHECK-NEXT: return loc(#loc10)
// CHECK:      #loc3 = loc("{{.*}}pmemo_lookahead.mlir":14:11)
// CHECK-NEXT: #loc4 = loc("{{.*}}pmemo_lookahead.mlir":15:11)
// CHECK-NEXT: #loc5 = loc("{{.*}}pmemo_lookahead.mlir":16:11)
// CHECK-NEXT: #loc6 = loc("{{.*}}pmemo_lookahead.mlir":17:11)
// CHECK-NEXT: #loc7 = loc("l":5:6)
// CHECK-NEXT: #loc8 = loc("{{.*}}pmemo_lookahead.mlir":20:11)
// CHECK-NEXT: #loc9 = loc("{{.*}}pmemo_lookahead.mlir":21:11)
// CHECK-NEXT: #loc10 = loc("{{.*}}pmemo_lookahead.mlir":22:5)

// STATS: pmemo: 2 hits, 4 misses, 6 records,
