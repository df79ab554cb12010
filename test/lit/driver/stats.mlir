// --stats prints how many ops of each name the module holds (after the
// passes) to stderr, in the format of mlir-opt's --print-op-stats: dialect
// right-aligned, op name left-aligned, sorted by name.  The module is still
// printed to stdout; without --stats nothing goes to stderr.
// RUN: ctile-opt --stats %s 2>&1 >/dev/null | FileCheck %s --strict-whitespace
// RUN: ctile-opt --stats --canonicalize %s 2>&1 >/dev/null | FileCheck %s --check-prefix=CANON --strict-whitespace
// RUN: ctile-opt --stats %s 2>/dev/null | FileCheck %s --check-prefix=OUT
// RUN: ctile-opt %s 2>&1 >/dev/null | count 0
// RUN: ctile-opt --stats --split-input-file %s 2>&1 >/dev/null | FileCheck %s --check-prefix=SPLIT
// RUN: ctile-opt --stats --allow-unregistered-dialect %S/Inputs/stats-unregistered.mlir 2>&1 >/dev/null | FileCheck %s --check-prefix=UNREG --strict-whitespace

// CHECK:      {{^}}Operations encountered:
// CHECK-NEXT: {{^}}-----------------------
// CHECK-NEXT: {{^}}    builtin.module   , 1
// CHECK-NEXT: {{^}}  cuda_tile.addi     , 1
// CHECK-NEXT: {{^}}  cuda_tile.constant , 2
// CHECK-NEXT: {{^}}  cuda_tile.entry    , 1
// CHECK-NEXT: {{^}}  cuda_tile.module   , 1
// CHECK-NEXT: {{^}}  cuda_tile.return   , 1
// CHECK-NOT: {{.}}

// After canonicalize the unused addi and constants are gone.
// CANON:      {{^}}    builtin.module , 1
// CANON-NEXT: {{^}}  cuda_tile.entry  , 1
// CANON-NEXT: {{^}}  cuda_tile.module , 1
// CANON-NEXT: {{^}}  cuda_tile.return , 1
// CANON-NOT: {{.}}

// OUT: cuda_tile.module @m
// OUT: addi

// SPLIT-COUNT-1: Operations encountered:
// SPLIT-NOT: Operations encountered:

// Byte for byte what mlir-opt --print-op-stats prints for that input:
// UNREG:      {{^}}      bar.return , 1
// UNREG-NEXT: {{^}}  builtin.module , 1
// UNREG-NEXT: {{^}}      foo.addf   , 2
// UNREG-NEXT: {{^}}     test.mulf   , 1

cuda_tile.module @m {
  entry @k() {
    %a = constant <i32: 1> : tile<i32>
    %b = constant <i32: 2> : tile<i32>
    %c = addi %a, %b : tile<i32>
    return
  }
}
