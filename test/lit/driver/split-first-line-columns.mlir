// --split-input-file: a chunk starts right after the marker, on the
// marker's line; columns of diagnostics on that line count from the line's
// start (as mlir-opt reports them), not from the chunk's.
// RUN: not ctile-opt -split-input-file %s 2>&1 | FileCheck %s
// RUN: not ctile-translate -split-input-file -test-cudatile-roundtrip %s 2>&1 | FileCheck %s

module {}
// ----- "foo.bar"() : () -> ()
// CHECK: split-first-line-columns.mlir:[[@LINE-1]]:19: error: operation being parsed with an unregistered dialect

// -----   %x = "t.a"() : () -> (i32)
// CHECK: split-first-line-columns.mlir:[[@LINE-1]]:22: error: operation being parsed with an unregistered dialect

// -----
  "t.b"() : () -> ()
// CHECK: split-first-line-columns.mlir:[[@LINE-1]]:8: error: operation being parsed with an unregistered dialect
