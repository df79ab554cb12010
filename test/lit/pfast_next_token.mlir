// A custom op memo hit takes the token after the op's text from its template
// (where the hook's lookahead was: a `%name` slot, or a fixed token at a
// known place) instead of lexing it again.  The token must be the one the
// hit's own text has there: `%name`s of other lengths, `%name#k`, a word
// (`return`), a `}` and an `=`-less result list, and the text after a
// comment (not taken from the template: a comment is not a blank run).
// The output is the same with the memo off, and the stats line counts the
// hits (each op shape recorded once, then hit).
// RUN: ctile-opt %s | FileCheck %s
// RUN: env CTILE_PMEMO=0 ctile-opt %s | FileCheck %s
// RUN: env CTILE_PMEMO=stats ctile-opt %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS

cuda_tile.module @m {
  entry @f(%i: tile<i32>, %j: tile<i32>) {
    %a = addi %i, %j : tile<i32>
    %b = addi %i, %j : tile<i32>
    %a_much_longer_name = addi %i, %j : tile<i32>
    %c = addi %i, %j : tile<i32>
    %q:3 = get_tile_block_id : tile<i32>
    %d = addi %i, %j : tile<i32>
    %e = addi %q#1, %j : tile<i32>
    // a comment between two ops
    %f = addi %i, %j : tile<i32>
    %g = addi %i, %j : tile<i32>
    return
  }
  entry @g(%i: tile<i32>, %j: tile<i32>) {
    %v = constant <i32: 3> : tile<8xi32>
    %r = reduce %v dim=0 identities=[0 : i32] : tile<8xi32> -> tile<i32>
      (%x: tile<i32>, %y: tile<i32>) {
        %s = addi %x, %y : tile<i32>
        yield %s : tile<i32>
      }
    %t = reduce %v dim=0 identities=[0 : i32] : tile<8xi32> -> tile<i32>
      (%x: tile<i32>, %y: tile<i32>) {
        %s = addi %x, %y : tile<i32>
        yield %s : tile<i32>
      }
    %h = addi %i, %j : tile<i32>
    return
  }
}

// CHECK-LABEL: entry @f
// CHECK:      %0 = addi %arg0, %arg1 : tile<i32>
// CHECK-NEXT: %1 = addi %arg0, %arg1 : tile<i32>
// CHECK-NEXT: %2 = addi %arg0, %arg1 : tile<i32>
// CHECK-NEXT: %3 = addi %arg0, %arg1 : tile<i32>
// CHECK-NEXT: %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
// CHECK-NEXT: %4 = addi %arg0, %arg1 : tile<i32>
// CHECK-NEXT: %5 = addi %blockId_y, %arg1 : tile<i32>
// CHECK-NEXT: %6 = addi %arg0, %arg1 : tile<i32>
// CHECK-NEXT: %7 = addi %arg0, %arg1 : tile<i32>
// CHECK-NEXT: return
// CHECK-LABEL: entry @g
// CHECK:        %[[S:.*]] = addi %{{.*}}, %{{.*}} : tile<i32>
// CHECK-NEXT:   yield %[[S]] : tile<i32>
// CHECK:        %[[S2:.*]] = addi %{{.*}}, %{{.*}} : tile<i32>
// CHECK-NEXT:   yield %[[S2]] : tile<i32>
// CHECK:      %{{.*}} = addi %arg0, %arg1 : tile<i32>
// CHECK-NEXT: return

// STATS: pmemo: {{[1-9][0-9]*}} hits
