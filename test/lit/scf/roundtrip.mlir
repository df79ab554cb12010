// scf: for (index and integer bounds, unsigned, iter_args), if (with and
// without else and results), while/condition, execute_region, index_switch;
// custom form round-tripped and generic form.
// RUN: ctile-opt -allow-unregistered-dialect %s | FileCheck %s --strict-whitespace --match-full-lines
// RUN: ctile-opt -allow-unregistered-dialect %s | ctile-opt -allow-unregistered-dialect | FileCheck %s --strict-whitespace --match-full-lines
// RUN: ctile-opt -allow-unregistered-dialect -mlir-print-op-generic %s | FileCheck %s --strict-whitespace --match-full-lines --check-prefix=GEN
// RUN: ctile-opt -allow-unregistered-dialect -mlir-print-op-generic %s | ctile-opt -allow-unregistered-dialect | FileCheck %s --strict-whitespace --match-full-lines
// The CHECK lines are mlir-opt 22's output for this file (custom, then generic form).

%a, %b = "t.s"() : () -> (i32, i32)
%x, %y = "t.f"() : () -> (f32, f32)
%i = "t.i"() : () -> index
%0 = arith.addi %a, %b : i32
%1 = math.absf %x fastmath<fast> : f32
%2 = math.absi %a : i32
%3 = math.isnan %x : f32
%4 = math.fpowi %x, %a : f32, i32
%5 = math.ipowi %a, %b : i32
%6 = math.fma %x, %y, %x : f32
%7 = math.atan2 %x, %y : f32
%8 = math.copysign %x, %y : f32
%9 = math.cbrt %x : f32
%10 = math.round %x : f32
%r = scf.for %iv = %i to %i step %i iter_args(%acc = %x) -> (f32) {
  %s = arith.addf %acc, %x : f32
  scf.yield %s : f32
}
scf.for %iv = %i to %i step %i {
}
%r2:2 = scf.for unsigned %iv = %a to %b step %a iter_args(%p = %x, %q = %a) -> (f32, i32)  : i32 {
  scf.yield %p, %q : f32, i32
}
%c = arith.cmpi slt, %a, %b : i32
%r3 = scf.if %c -> (f32) {
  scf.yield %x : f32
} else {
  scf.yield %y : f32
}
scf.if %c {
  "t.x"() : () -> ()
}
%w = scf.while (%arg1 = %a) : (i32) -> i32 {
  %cc = arith.cmpi slt, %arg1, %b : i32
  scf.condition(%cc) %arg1 : i32
} do {
^bb0(%arg2: i32):
  scf.yield %arg2 : i32
}
%e = scf.execute_region -> i32 {
  scf.yield %a : i32
}
%e2 = scf.execute_region -> i32 no_inline {
  scf.yield %a : i32
}
%sw = scf.index_switch %i -> i32
case 2 {
  scf.yield %a : i32
}
case 5 {
  scf.yield %b : i32
}
default {
  scf.yield %a : i32
}

// CHECK:module {
// CHECK-NEXT:  %0:2 = "t.s"() : () -> (i32, i32)
// CHECK-NEXT:  %1:2 = "t.f"() : () -> (f32, f32)
// CHECK-NEXT:  %2 = "t.i"() : () -> index
// CHECK-NEXT:  %3 = arith.addi %0#0, %0#1 : i32
// CHECK-NEXT:  %4 = math.absf %1#0 fastmath<fast> : f32
// CHECK-NEXT:  %5 = math.absi %0#0 : i32
// CHECK-NEXT:  %6 = math.isnan %1#0 : f32
// CHECK-NEXT:  %7 = math.fpowi %1#0, %0#0 : f32, i32
// CHECK-NEXT:  %8 = math.ipowi %0#0, %0#1 : i32
// CHECK-NEXT:  %9 = math.fma %1#0, %1#1, %1#0 : f32
// CHECK-NEXT:  %10 = math.atan2 %1#0, %1#1 : f32
// CHECK-NEXT:  %11 = math.copysign %1#0, %1#1 : f32
// CHECK-NEXT:  %12 = math.cbrt %1#0 : f32
// CHECK-NEXT:  %13 = math.round %1#0 : f32
// CHECK-NEXT:  %14 = scf.for %arg0 = %2 to %2 step %2 iter_args(%arg1 = %1#0) -> (f32) {
// CHECK-NEXT:    %22 = arith.addf %arg1, %1#0 : f32
// CHECK-NEXT:    scf.yield %22 : f32
// CHECK-NEXT:  }
// CHECK-NEXT:  scf.for %arg0 = %2 to %2 step %2 {
// CHECK-NEXT:  }
// CHECK-NEXT:  %15:2 = scf.for unsigned %arg0 = %0#0 to %0#1 step %0#0 iter_args(%arg1 = %1#0, %arg2 = %0#0) -> (f32, i32)  : i32 {
// CHECK-NEXT:    scf.yield %arg1, %arg2 : f32, i32
// CHECK-NEXT:  }
// CHECK-NEXT:  %16 = arith.cmpi slt, %0#0, %0#1 : i32
// CHECK-NEXT:  %17 = scf.if %16 -> (f32) {
// CHECK-NEXT:    scf.yield %1#0 : f32
// CHECK-NEXT:  } else {
// CHECK-NEXT:    scf.yield %1#1 : f32
// CHECK-NEXT:  }
// CHECK-NEXT:  scf.if %16 {
// CHECK-NEXT:    "t.x"() : () -> ()
// CHECK-NEXT:  }
// CHECK-NEXT:  %18 = scf.while (%arg0 = %0#0) : (i32) -> i32 {
// CHECK-NEXT:    %22 = arith.cmpi slt, %arg0, %0#1 : i32
// CHECK-NEXT:    scf.condition(%22) %arg0 : i32
// CHECK-NEXT:  } do {
// CHECK-NEXT:  ^bb0(%arg0: i32):
// CHECK-NEXT:    scf.yield %arg0 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  %19 = scf.execute_region -> i32 {
// CHECK-NEXT:    scf.yield %0#0 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  %20 = scf.execute_region -> i32 no_inline {
// CHECK-NEXT:    scf.yield %0#0 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  %21 = scf.index_switch %2 -> i32 
// CHECK-NEXT:  case 2 {
// CHECK-NEXT:    scf.yield %0#0 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  case 5 {
// CHECK-NEXT:    scf.yield %0#1 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  default {
// CHECK-NEXT:    scf.yield %0#0 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:}

// GEN:"builtin.module"() ({
// GEN-NEXT:  %0:2 = "t.s"() : () -> (i32, i32)
// GEN-NEXT:  %1:2 = "t.f"() : () -> (f32, f32)
// GEN-NEXT:  %2 = "t.i"() : () -> index
// GEN-NEXT:  %3 = "arith.addi"(%0#0, %0#1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// GEN-NEXT:  %4 = "math.absf"(%1#0) <{fastmath = #arith.fastmath<fast>}> : (f32) -> f32
// GEN-NEXT:  %5 = "math.absi"(%0#0) : (i32) -> i32
// GEN-NEXT:  %6 = "math.isnan"(%1#0) <{fastmath = #arith.fastmath<none>}> : (f32) -> i1
// GEN-NEXT:  %7 = "math.fpowi"(%1#0, %0#0) <{fastmath = #arith.fastmath<none>}> : (f32, i32) -> f32
// GEN-NEXT:  %8 = "math.ipowi"(%0#0, %0#1) : (i32, i32) -> i32
// GEN-NEXT:  %9 = "math.fma"(%1#0, %1#1, %1#0) <{fastmath = #arith.fastmath<none>}> : (f32, f32, f32) -> f32
// GEN-NEXT:  %10 = "math.atan2"(%1#0, %1#1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GEN-NEXT:  %11 = "math.copysign"(%1#0, %1#1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GEN-NEXT:  %12 = "math.cbrt"(%1#0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GEN-NEXT:  %13 = "math.round"(%1#0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GEN-NEXT:  %14 = "scf.for"(%2, %2, %2, %1#0) ({
// GEN-NEXT:  ^bb0(%arg6: index, %arg7: f32):
// GEN-NEXT:    %23 = "arith.addf"(%arg7, %1#0) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GEN-NEXT:    "scf.yield"(%23) : (f32) -> ()
// GEN-NEXT:  }) : (index, index, index, f32) -> f32
// GEN-NEXT:  "scf.for"(%2, %2, %2) ({
// GEN-NEXT:  ^bb0(%arg5: index):
// GEN-NEXT:    "scf.yield"() : () -> ()
// GEN-NEXT:  }) : (index, index, index) -> ()
// GEN-NEXT:  %15:2 = "scf.for"(%0#0, %0#1, %0#0, %1#0, %0#0) <{unsignedCmp}> ({
// GEN-NEXT:  ^bb0(%arg2: i32, %arg3: f32, %arg4: i32):
// GEN-NEXT:    "scf.yield"(%arg3, %arg4) : (f32, i32) -> ()
// GEN-NEXT:  }) : (i32, i32, i32, f32, i32) -> (f32, i32)
// GEN-NEXT:  %16 = "arith.cmpi"(%0#0, %0#1) <{predicate = 2 : i64}> : (i32, i32) -> i1
// GEN-NEXT:  %17 = "scf.if"(%16) ({
// GEN-NEXT:    "scf.yield"(%1#0) : (f32) -> ()
// GEN-NEXT:  }, {
// GEN-NEXT:    "scf.yield"(%1#1) : (f32) -> ()
// GEN-NEXT:  }) : (i1) -> f32
// GEN-NEXT:  "scf.if"(%16) ({
// GEN-NEXT:    "t.x"() : () -> ()
// GEN-NEXT:    "scf.yield"() : () -> ()
// GEN-NEXT:  }, {
// GEN-NEXT:  }) : (i1) -> ()
// GEN-NEXT:  %18 = "scf.while"(%0#0) ({
// GEN-NEXT:  ^bb0(%arg1: i32):
// GEN-NEXT:    %22 = "arith.cmpi"(%arg1, %0#1) <{predicate = 2 : i64}> : (i32, i32) -> i1
// GEN-NEXT:    "scf.condition"(%22, %arg1) : (i1, i32) -> ()
// GEN-NEXT:  }, {
// GEN-NEXT:  ^bb0(%arg0: i32):
// GEN-NEXT:    "scf.yield"(%arg0) : (i32) -> ()
// GEN-NEXT:  }) : (i32) -> i32
// GEN-NEXT:  %19 = "scf.execute_region"() ({
// GEN-NEXT:    "scf.yield"(%0#0) : (i32) -> ()
// GEN-NEXT:  }) : () -> i32
// GEN-NEXT:  %20 = "scf.execute_region"() <{no_inline}> ({
// GEN-NEXT:    "scf.yield"(%0#0) : (i32) -> ()
// GEN-NEXT:  }) : () -> i32
// GEN-NEXT:  %21 = "scf.index_switch"(%2) <{cases = array<i64: 2, 5>}> ({
// GEN-NEXT:    "scf.yield"(%0#0) : (i32) -> ()
// GEN-NEXT:  }, {
// GEN-NEXT:    "scf.yield"(%0#0) : (i32) -> ()
// GEN-NEXT:  }, {
// GEN-NEXT:    "scf.yield"(%0#1) : (i32) -> ()
// GEN-NEXT:  }) : (index) -> i32
// GEN-NEXT:}) : () -> ()
