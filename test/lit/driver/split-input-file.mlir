// Chunks are processed independently and their outputs joined by the
// output split marker, exactly as mlir-opt --split-input-file does (each
// printed module is followed by an empty line, as mlir-opt prints it).
// RUN: ctile-opt --allow-unregistered-dialect --split-input-file %s | FileCheck %s
// RUN: ctile-opt -allow-unregistered-dialect -split-input-file %s -o %t
// RUN: FileCheck %s < %t
// RUN: ctile-opt --allow-unregistered-dialect %s | FileCheck %s --check-prefix=NOSPLIT

// CHECK-LABEL: module {
// CHECK-NEXT:    "test.first"() : () -> ()
// CHECK-NEXT:  }
// CHECK-EMPTY:
// CHECK-NEXT:  {{^// -{5}$}}
// CHECK-NEXT:  module {
// CHECK-NEXT:    "test.second"() : () -> ()
// CHECK-NEXT:  }
// CHECK-EMPTY:
// CHECK-NEXT:  {{^// -{5}$}}
// CHECK-NEXT:  module {
// CHECK-NEXT:    "test.third"() : () -> ()
// CHECK-NEXT:  }
// CHECK-NOT:   {{.}}

// NOSPLIT:      module {
// NOSPLIT-NEXT:   "test.first"() : () -> ()
// NOSPLIT-NEXT:   "test.second"() : () -> ()
// NOSPLIT-NEXT:   "test.third"() : () -> ()
// NOSPLIT-NEXT: }

"test.first"() : () -> ()
// -----
"test.second"() : () -> ()
// -----
"test.third"() : () -> ()
