// -verify-diagnostics reports mismatches in MLIR's words, at the
// designator or at the diagnostic, and exits with status 1.
// RUN: not ctile-opt --split-input-file --verify-diagnostics %s 2>&1 | FileCheck %s
// RUN: ctile-opt --split-input-file --verify-diagnostics %s >/dev/null 2>&1 || test $? -eq 1
// The only-expected level ignores unexpected diagnostics but not missing ones.
// RUN: not ctile-opt --split-input-file --verify-diagnostics=only-expected %s 2>&1 | FileCheck %s --check-prefix=ONLY

// expected-error @+1 {{never emitted}}
module {
}
// CHECK: verify-diagnostics-fail.mlir:[[@LINE-3]]:4: error: expected error "never emitted" was not produced
// CHECK-NEXT: {{^// expected-error @\+1 \{\{never emitted\}\}$}}
// CHECK-NEXT: {{^   \^~~~~~~~~~~~~$}}
// ONLY: verify-diagnostics-fail.mlir:[[@LINE-6]]:4: error: expected error "never emitted" was not produced

// -----

"test.unexpected"() : () -> ()
// CHECK: verify-diagnostics-fail.mlir:[[@LINE-1]]:{{[0-9]+}}: error: unexpected error: operation being parsed with an unregistered dialect
// CHECK-NEXT: {{^"test.unexpected"}}
// ONLY-NOT: unexpected error

// -----

// expected-warning @below {{unregistered dialect}}
"test.kind"() : () -> ()
// CHECK: verify-diagnostics-fail.mlir:[[@LINE-2]]:4: error: 'error' diagnostic emitted when expecting a 'warning'

// -----

// expected-error-re @below {{unterminated {{regex}}
"test.regex"() : () -> ()
// CHECK: verify-diagnostics-fail.mlir:[[@LINE-2]]:4: error: found start of regex with no end '}}'
// CHECK: verify-diagnostics-fail.mlir:[[@LINE-2]]:{{[0-9]+}}: error: unexpected error:
