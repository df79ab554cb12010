// scf custom forms with attribute dictionaries, multiple results, a while without
// operands, index_switch without results (the default region's implicit yield).
// RUN: ctile-opt -allow-unregistered-dialect %s | FileCheck %s --strict-whitespace --match-full-lines
// RUN: ctile-opt -allow-unregistered-dialect %s | ctile-opt -allow-unregistered-dialect | FileCheck %s --strict-whitespace --match-full-lines
// RUN: ctile-opt -allow-unregistered-dialect -mlir-print-op-generic %s | FileCheck %s --strict-whitespace --match-full-lines --check-prefix=GEN
// RUN: ctile-opt -allow-unregistered-dialect -mlir-print-op-generic %s | ctile-opt -allow-unregistered-dialect | FileCheck %s --strict-whitespace --match-full-lines
// The CHECK lines are mlir-opt 22's output for this file (custom, then generic form).

%a, %b = "test.i32"() : () -> (i32, i32)
%i = "test.index"() : () -> index
%c = "test.cond"() : () -> i1
scf.while : () -> () {
  scf.condition(%c)
} do {
  scf.yield
}
%w:2 = scf.while (%x = %a, %y = %b) : (i32, i32) -> (i32, i32) {
  scf.condition(%c) %x, %y : i32, i32
} do {
^bb0(%p: i32, %q: i32):
  scf.yield %q, %p : i32, i32
} attributes {tag = 1 : i32}
scf.index_switch %i
case 0 {
  "test.x"() : () -> ()
  scf.yield
}
default {
}
%e:2 = scf.execute_region -> (i32, i32) {
  scf.yield %a, %b : i32, i32
} {tag}
%f:2 = scf.for %iv = %i to %i step %i iter_args(%p = %a, %q = %b) -> (i32, i32) {
  %r = scf.if %c -> (i32) {
    scf.yield %p : i32
  } else {
    scf.yield %q : i32
  } {tag2}
  scf.yield %r, %q : i32, i32
} {tag3 = "x"}
%sw:2 = scf.index_switch %i {tag} -> i32, i32
case 1 {
  scf.yield %a, %b : i32, i32
}
default {
  scf.yield %b, %a : i32, i32
}

// CHECK:module {
// CHECK-NEXT:  %0:2 = "test.i32"() : () -> (i32, i32)
// CHECK-NEXT:  %1 = "test.index"() : () -> index
// CHECK-NEXT:  %2 = "test.cond"() : () -> i1
// CHECK-NEXT:  scf.while : () -> () {
// CHECK-NEXT:    scf.condition(%2)
// CHECK-NEXT:  } do {
// CHECK-NEXT:    scf.yield
// CHECK-NEXT:  }
// CHECK-NEXT:  %3:2 = scf.while (%arg0 = %0#0, %arg1 = %0#1) : (i32, i32) -> (i32, i32) {
// CHECK-NEXT:    scf.condition(%2) %arg0, %arg1 : i32, i32
// CHECK-NEXT:  } do {
// CHECK-NEXT:  ^bb0(%arg0: i32, %arg1: i32):
// CHECK-NEXT:    scf.yield %arg1, %arg0 : i32, i32
// CHECK-NEXT:  } attributes {tag = 1 : i32}
// CHECK-NEXT:  scf.index_switch %1 
// CHECK-NEXT:  case 0 {
// CHECK-NEXT:    "test.x"() : () -> ()
// CHECK-NEXT:    scf.yield
// CHECK-NEXT:  }
// CHECK-NEXT:  default {
// CHECK-NEXT:  }
// CHECK-NEXT:  %4:2 = scf.execute_region -> (i32, i32) {
// CHECK-NEXT:    scf.yield %0#0, %0#1 : i32, i32
// CHECK-NEXT:  } {tag}
// CHECK-NEXT:  %5:2 = scf.for %arg0 = %1 to %1 step %1 iter_args(%arg1 = %0#0, %arg2 = %0#1) -> (i32, i32) {
// CHECK-NEXT:    %7 = scf.if %2 -> (i32) {
// CHECK-NEXT:      scf.yield %arg1 : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %arg2 : i32
// CHECK-NEXT:    } {tag2}
// CHECK-NEXT:    scf.yield %7, %arg2 : i32, i32
// CHECK-NEXT:  } {tag3 = "x"}
// CHECK-NEXT:  %6:2 = scf.index_switch %1 {tag} -> i32, i32 
// CHECK-NEXT:  case 1 {
// CHECK-NEXT:    scf.yield %0#0, %0#1 : i32, i32
// CHECK-NEXT:  }
// CHECK-NEXT:  default {
// CHECK-NEXT:    scf.yield %0#1, %0#0 : i32, i32
// CHECK-NEXT:  }
// CHECK-NEXT:}

// GEN:"builtin.module"() ({
// GEN-NEXT:  %0:2 = "test.i32"() : () -> (i32, i32)
// GEN-NEXT:  %1 = "test.index"() : () -> index
// GEN-NEXT:  %2 = "test.cond"() : () -> i1
// GEN-NEXT:  "scf.while"() ({
// GEN-NEXT:    "scf.condition"(%2) : (i1) -> ()
// GEN-NEXT:  }, {
// GEN-NEXT:    "scf.yield"() : () -> ()
// GEN-NEXT:  }) : () -> ()
// GEN-NEXT:  %3:2 = "scf.while"(%0#0, %0#1) ({
// GEN-NEXT:  ^bb0(%arg5: i32, %arg6: i32):
// GEN-NEXT:    "scf.condition"(%2, %arg5, %arg6) : (i1, i32, i32) -> ()
// GEN-NEXT:  }, {
// GEN-NEXT:  ^bb0(%arg3: i32, %arg4: i32):
// GEN-NEXT:    "scf.yield"(%arg4, %arg3) : (i32, i32) -> ()
// GEN-NEXT:  }) {tag = 1 : i32} : (i32, i32) -> (i32, i32)
// GEN-NEXT:  "scf.index_switch"(%1) <{cases = array<i64: 0>}> ({
// GEN-NEXT:    "scf.yield"() : () -> ()
// GEN-NEXT:  }, {
// GEN-NEXT:    "test.x"() : () -> ()
// GEN-NEXT:    "scf.yield"() : () -> ()
// GEN-NEXT:  }) : (index) -> ()
// GEN-NEXT:  %4:2 = "scf.execute_region"() ({
// GEN-NEXT:    "scf.yield"(%0#0, %0#1) : (i32, i32) -> ()
// GEN-NEXT:  }) {tag} : () -> (i32, i32)
// GEN-NEXT:  %5:2 = "scf.for"(%1, %1, %1, %0#0, %0#1) ({
// GEN-NEXT:  ^bb0(%arg0: index, %arg1: i32, %arg2: i32):
// GEN-NEXT:    %7 = "scf.if"(%2) ({
// GEN-NEXT:      "scf.yield"(%arg1) : (i32) -> ()
// GEN-NEXT:    }, {
// GEN-NEXT:      "scf.yield"(%arg2) : (i32) -> ()
// GEN-NEXT:    }) {tag2} : (i1) -> i32
// GEN-NEXT:    "scf.yield"(%7, %arg2) : (i32, i32) -> ()
// GEN-NEXT:  }) {tag3 = "x"} : (index, index, index, i32, i32) -> (i32, i32)
// GEN-NEXT:  %6:2 = "scf.index_switch"(%1) <{cases = array<i64: 1>}> ({
// GEN-NEXT:    "scf.yield"(%0#1, %0#0) : (i32, i32) -> ()
// GEN-NEXT:  }, {
// GEN-NEXT:    "scf.yield"(%0#0, %0#1) : (i32, i32) -> ()
// GEN-NEXT:  }) {tag} : (index) -> (i32, i32)
// GEN-NEXT:}) : () -> ()
