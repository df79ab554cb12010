// The parser's custom op memo (lib/asm/parse_opmemo.c): ops whose text after
// the name repeats an earlier op's but for operand names are built from a
// template.  Operands come from the slots through the recorded mapping (a
// swapped `subf %b, %a` after `subf %a, %b` keeps its order), ops whose
// slots name one value twice are not recorded but still parse, `%q#k` uses
// are never recorded, a trailing `loc(...)` after a hit and the lazy
// line:col locations of ops after hits are the same as without the memo
// (CTILE_PMEMO=0), and the stats line proves the hits happen.
// RUN: ctile-opt %s --mlir-print-debuginfo | FileCheck %s
// RUN: env CTILE_PMEMO=0 ctile-opt %s --mlir-print-debuginfo | FileCheck %s
// RUN: env CTILE_PMEMO=stats ctile-opt %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS

cuda_tile.module @m {
  entry @f(%a: tile<f32>, %b: tile<f32>, %i: tile<i32>, %j: tile<i32>) {
    %x = subf %a, %b : tile<f32>
    %y = subf %b, %a : tile<f32>
    %z = subf %y, %x : tile<f32>
    %w = subf %a, %a : tile<f32>
    %v = subf %b, %b : tile<f32>
    %u = subf %z, %w : tile<f32> loc("here":7:9)
    %t = subf %u, %v : tile<f32>
    %q:3 = get_tile_block_id : tile<i32>
    %s = addi %q#0, %q#1 : tile<i32>
    %r = addi %q#2, %q#1 : tile<i32>
    %k = addi %i, %j : tile<i32>
    %l = addi %j, %i : tile<i32>
    return
  }
  entry @g(%a: tile<i32>, %b: tile<i32>) {
    %x = addi %b, %a : tile<i32>
    %y = addi %a, %b : tile<i32>
    return
  }
}

// CHECK:      entry @f(%arg0: tile<f32>, %arg1: tile<f32>, %arg2: tile<i32>, %arg3: tile<i32>) {
// CHECK-NEXT:   %0 = subf %arg0, %arg1  : tile<f32> loc(#loc3)
// CHECK-NEXT:   %1 = subf %arg1, %arg0  : tile<f32> loc(#loc4)
// CHECK-NEXT:   %2 = subf %1, %0  : tile<f32> loc(#loc5)
// CHECK-NEXT:   %3 = subf %arg0, %arg0  : tile<f32> loc(#loc6)
// CHECK-NEXT:   %4 = subf %arg1, %arg1  : tile<f32> loc(#loc7)
// CHECK-NEXT:   %5 = subf %2, %3  : tile<f32> loc(#loc8)
// CHECK-NEXT:   %6 = subf %5, %4  : tile<f32> loc(#loc9)
// CHECK-NEXT:   %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc10)
// CHECK-NEXT:   %7 = addi %blockId_x, %blockId_y : tile<i32> loc(#loc11)
// CHECK-NEXT:   %8 = addi %blockId_z, %blockId_y : tile<i32> loc(#loc12)
// CHECK-NEXT:   %9 = addi %arg2, %arg3 : tile<i32> loc(#loc13)
// CHECK-NEXT:   %10 = addi %arg3, %arg2 : tile<i32> loc(#loc14)
// CHECK-NEXT:   return loc(#loc15)
// CHECK:      entry @g(%arg0: tile<i32>, %arg1: tile<i32>) {
// CHECK-NEXT:   %0 = addi %arg1, %arg0 : tile<i32> loc(#loc17)
// CHECK-NEXT:   %1 = addi %arg0, %arg1 : tile<i32> loc(#loc18)
// CHECK:      #loc3 = loc("{{.*}}pmemo_hits.mlir":15:10)
// CHECK-NEXT: #loc4 = loc("{{.*}}pmemo_hits.mlir":16:10)
// CHECK-NEXT: #loc5 = loc("{{.*}}pmemo_hits.mlir":17:10)
// CHECK-NEXT: #loc6 = loc("{{.*}}pmemo_hits.mlir":18:10)
// CHECK-NEXT: #loc7 = loc("{{.*}}pmemo_hits.mlir":19:10)
// CHECK-NEXT: #loc8 = loc("here":7:9)
// CHECK-NEXT: #loc9 = loc("{{.*}}pmemo_hits.mlir":21:10)
// CHECK-NEXT: #loc10 = loc("{{.*}}pmemo_hits.mlir":22:12)
// CHECK-NEXT: #loc11 = loc("{{.*}}pmemo_hits.mlir":23:10)
// CHECK-NEXT: #loc12 = loc("{{.*}}pmemo_hits.mlir":24:10)
// CHECK-NEXT: #loc13 = loc("{{.*}}pmemo_hits.mlir":25:10)
// CHECK-NEXT: #loc14 = loc("{{.*}}pmemo_hits.mlir":26:10)
// CHECK-NEXT: #loc15 = loc("{{.*}}pmemo_hits.mlir":27:5)
// CHECK:      #loc17 = loc("{{.*}}pmemo_hits.mlir":30:10)
// CHECK-NEXT: #loc18 = loc("{{.*}}pmemo_hits.mlir":31:10)

// STATS: pmemo: 7 hits,
