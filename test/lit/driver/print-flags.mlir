// Printing flags: generic form and locations.
// RUN: ctile-opt --allow-unregistered-dialect --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: ctile-opt --allow-unregistered-dialect --mlir-print-debuginfo %s | FileCheck %s --check-prefix=DEBUG
// RUN: ctile-opt --allow-unregistered-dialect %s | FileCheck %s --check-prefix=PLAIN

%0 = "test.def"() {value = 1 : i32} : () -> i32
// GENERIC:      "builtin.module"() ({
// GENERIC-NEXT:   %0 = "test.def"() {value = 1 : i32} : () -> i32
// GENERIC-NEXT: }) : () -> ()
// DEBUG: "test.def"() {value = 1 : i32} : () -> i32 loc([[LOC:#loc[0-9]*]])
// DEBUG: [[LOC]] = loc("{{.*}}print-flags.mlir":[[@LINE-5]]:6)
// PLAIN-NOT: loc(
