// A custom input marker and output marker; near misses of the marker are
// reported as warnings and do not split.  (The input lives in Inputs/ so
// that this file's RUN lines cannot contain the marker being tested.)
// RUN: ctile-opt --allow-unregistered-dialect --split-input-file='// =====' --output-split-marker='// @@@' %S/Inputs/custom-marker.mlir.txt 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=WARN < %t.err
// RUN: ctile-opt --split-input-file %S/Inputs/empty.mlir.txt | count 0
// RUN: ctile-opt %S/Inputs/empty.mlir.txt | FileCheck %s --check-prefix=EMPTY

// CHECK:      module {
// CHECK-NEXT:   "test.a"() : () -> ()
// CHECK-NEXT:   "test.near.miss"() : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: {{^// @@@$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   "test.b"() : () -> ()
// CHECK-NEXT: }
// CHECK-NOT:  {{.}}

// WARN: custom-marker.mlir.txt:2:7: warning: near miss with file split marker
// WARN-NEXT: {{^// ====$}}
// WARN-NEXT: {{^      \^$}}
// WARN-NOT: warning

// EMPTY:      module {
// EMPTY-NEXT: }
