// Diagnostics with the custom op memo are those without it (CTILE_PMEMO=0):
// a text that matches a template whose operand has another type here (the
// same names in another function) runs the hook, which reports the type
// clash; a forward reference is never a hit (the verifier then reports it);
// an error on a line after memo hits has its line:col; an op whose types
// differ from a template's is a miss.
// RUN: not ctile-opt -split-input-file %s 2>&1 | FileCheck %s
// RUN: env CTILE_PMEMO=0 not ctile-opt -split-input-file %s 2>&1 | FileCheck %s
// RUN: env CTILE_PMEMO=stats not ctile-opt -split-input-file %s 2>&1 | FileCheck %s --check-prefix=STATS

cuda_tile.module @m {
  entry @f(%a: tile<i32>, %b: tile<i32>) {
    %x = addi %a, %b : tile<i32>
    %y = addi %a, %b : tile<i32>
    return
  }
  entry @g(%a: tile<i64>, %b: tile<i32>) {
    %x = addi %b, %b : tile<i32>
    %y = addi %a, %b : tile<i32>
    return
  }
}
// CHECK:      pmemo_errors.mlir:19:15: error: use of value '%a' expects different type than prior uses: '!cuda_tile.tile<i32>' vs '!cuda_tile.tile<i64>'
// CHECK:      pmemo_errors.mlir:17:12: note: prior use here
// STATS: pmemo: 1 hits, 2 misses, 3 records, 0 refused,
// -----
cuda_tile.module @m {
  entry @f(%a: tile<i32>, %b: tile<i32>) {
    %x = addi %a, %b : tile<i32>
    %y = addi %a, %z : tile<i32>
    %z = addi %a, %b : tile<i32>
    return
  }
}
// CHECK:      pmemo_errors.mlir:30:10: error: operand #1 does not dominate this use
// CHECK:      pmemo_errors.mlir:31:10: note: operand defined here (op in the same block)
// STATS: pmemo: 0 hits, 2 misses, 3 records, 1 refused,
// -----
cuda_tile.module @m {
  entry @f(%a: tile<i32>, %b: tile<i32>) {
    %x = addi %a, %b : tile<i32>
    %y = addi %a, %b : tile<i32>
    %z = addi %a, %b : tile<i32>
    %w = addi %a, %q : tile<i32>
    return
  }
}
// CHECK:      pmemo_errors.mlir:44:19: error: use of undeclared SSA value name
// STATS: pmemo: 2 hits, 1 misses, 2 records, 1 refused,
// -----
cuda_tile.module @m {
  entry @f(%a: tile<i32>, %b: tile<i32>) {
    %x = addi %a, %b : tile<i32>
    %y = addi %a, %b : tile<i32>
    %z = addi %a, %b : tile<i32>
    %w = addi %a, %b : tile<i64>
    return
  }
}
// CHECK:      pmemo_errors.mlir:56:15: error: use of value '%a' expects different type than prior uses: '!cuda_tile.tile<i64>' vs '!cuda_tile.tile<i32>'
// STATS: pmemo: 2 hits, 1 misses, 1 records, 0 refused,
