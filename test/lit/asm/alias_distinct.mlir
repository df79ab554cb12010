// Distinct attributes get MLIR's builtin alias `#distinct` (numbered like
// other aliases), as mlir-opt prints them.
// RUN: ctile-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: ctile-opt --allow-unregistered-dialect %s | ctile-opt --allow-unregistered-dialect | FileCheck %s

// CHECK:      #distinct = distinct[0]<1 : i32>
// CHECK-NEXT: #distinct1 = distinct[1]<2 : i32>
// CHECK:      "t.a"() {a = #distinct, b = #distinct1, c = [#distinct]} : () -> ()
"t.a"() {a = distinct[0]<1 : i32>, b = distinct[1]<2 : i32>, c = [distinct[0]<1 : i32>]} : () -> ()
