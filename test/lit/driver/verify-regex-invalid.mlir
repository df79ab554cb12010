// An invalid regex inside `{{...}}` of an `expected-*-re` designator is
// reported at the designator with llvm::Regex's message (Spencer's ERE
// rules, which MLIR uses), and the rest of the chunk is still verified.
// LLVM spellings that glibc reads otherwise mean what LLVM says (`\e` is `e`).
// RUN: not ctile-opt -verify-diagnostics -split-input-file %s 2>&1 | FileCheck %s

// CHECK: verify-regex-invalid.mlir:[[@LINE+1]]:4: error: invalid regex: empty (sub)expression
// expected-error-re @below {{operation {{a||b}} parsed}}
"t.a"() : () -> ()

// -----

// CHECK: verify-regex-invalid.mlir:[[@LINE+1]]:4: error: invalid regex: repetition-operator operand invalid
// expected-error-re @below {{operation {{*a}} parsed}}
"t.a"() : () -> ()

// -----

// CHECK: verify-regex-invalid.mlir:[[@LINE+1]]:4: error: invalid regex: repetition-operator operand invalid
// expected-error-re @below {{operation {{a**}} parsed}}
"t.a"() : () -> ()

// -----

// CHECK: verify-regex-invalid.mlir:[[@LINE+1]]:4: error: invalid regex: parentheses not balanced
// expected-error-re @below {{operation {{a)}} parsed}}
"t.a"() : () -> ()

// -----

// CHECK: verify-regex-invalid.mlir:[[@LINE+1]]:4: error: invalid regex: invalid character range
// expected-error-re @below {{operation {{[a-}} parsed}}
"t.a"() : () -> ()

// -----

// CHECK: verify-regex-invalid.mlir:[[@LINE+1]]:4: error: invalid regex: invalid character range
// expected-error-re @below {{operation {{[b-a]}} parsed}}
"t.a"() : () -> ()

// -----

// CHECK: verify-regex-invalid.mlir:[[@LINE+1]]:4: error: invalid regex: invalid repetition count(s)
// expected-error-re @below {{operation {{a{2,1}}} parsed}}
"t.a"() : () -> ()

// -----

// CHECK: verify-regex-invalid.mlir:[[@LINE+1]]:4: error: invalid regex: braces not balanced
// expected-error-re @below {{operation {{a{1}} parsed}}
"t.a"() : () -> ()

// -----

// CHECK: verify-regex-invalid.mlir:[[@LINE+1]]:4: error: invalid regex: invalid character class
// expected-error-re @below {{operation {{[[:foo:]]}} parsed}}
"t.a"() : () -> ()

// -----

// CHECK: verify-regex-invalid.mlir:[[@LINE+1]]:4: error: invalid regex: invalid backreference number
// expected-error-re @below {{operation {{\1}} parsed}}
"t.a"() : () -> ()

// -----

// CHECK: verify-regex-invalid.mlir:[[@LINE+1]]:4: error: invalid regex: empty (sub)expression
// expected-error-re @below {{operation {{}} parsed}}
"t.a"() : () -> ()

// -----

// CHECK: verify-regex-invalid.mlir:[[@LINE+1]]:4: error: invalid regex: brackets ([ ]) not balanced
// expected-error-re @below {{operation {{[a}} parsed}}
"t.a"() : () -> ()

// -----

// CHECK-NOT: verify-regex-invalid.mlir:[[@LINE+2]]
// CHECK-NOT: verify-regex-invalid.mlir:[[@LINE+2]]
// expected-error-re @below {{operation {{b\e}}ing parsed {{[[:alpha:]]+}} an unregistered}}
"t.a"() : () -> ()
