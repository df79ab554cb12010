// Errors in a chunk are reported with the line numbers of the whole file
// and its source line; chunks that succeed are still printed, and the
// exit status is 1.
// RUN: not ctile-opt --split-input-file %s 2>&1 >/dev/null | FileCheck %s
// RUN: not ctile-opt --split-input-file %s 2>/dev/null | FileCheck %s --check-prefix=OUT
// RUN: ctile-opt --split-input-file %s >/dev/null 2>&1 || test $? -eq 1

module {
}

// -----

  "test.unknown"() : () -> ()
// CHECK: split-line-numbers.mlir:[[@LINE-1]]:{{[0-9]+}}: error: {{.*}}unregistered dialect
// CHECK-NEXT: {{^}}  "test.unknown"() : () -> ()
// CHECK-NEXT: {{^ +\^$}}

// -----

module {
  "test.other"() : () -> ()
}
// CHECK: split-line-numbers.mlir:[[@LINE-2]]:{{[0-9]+}}: error: {{.*}}unregistered dialect
// CHECK-NOT: error

// OUT:      module {
// OUT-NEXT: }
// OUT-EMPTY:
// OUT-NEXT: {{^// -{5}$}}
// OUT-NEXT: {{^// -{5}$}}
// OUT-NOT:  {{.}}
