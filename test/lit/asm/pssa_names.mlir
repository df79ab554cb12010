// The parser's SSA name table (lib/asm/parser.c): short names (one-word
// keys), long names sharing their first 8 bytes, result groups `%a#N`,
// a table past its initial 64 slots, names reused in sibling regions, and
// a forward reference across blocks.  The printed form
// shows every use bound to the right definition.
// RUN: ctile-opt -allow-unregistered-dialect %s | FileCheck %s
// RUN: ctile-opt -allow-unregistered-dialect -mlir-print-op-generic %s | ctile-opt -allow-unregistered-dialect | FileCheck %s

"test.func"() ({
  %0 = "test.c"() {v = 0 : i32} : () -> i32
  %1 = "test.add"(%0, %0) : (i32, i32) -> i32
  %2 = "test.add"(%1, %0) : (i32, i32) -> i32
  %3 = "test.add"(%2, %0) : (i32, i32) -> i32
  %4 = "test.add"(%3, %0) : (i32, i32) -> i32
  %5 = "test.add"(%4, %0) : (i32, i32) -> i32
  %6 = "test.add"(%5, %0) : (i32, i32) -> i32
  %7 = "test.add"(%6, %0) : (i32, i32) -> i32
  %8 = "test.add"(%7, %0) : (i32, i32) -> i32
  %9 = "test.add"(%8, %0) : (i32, i32) -> i32
  %10 = "test.add"(%9, %0) : (i32, i32) -> i32
  %11 = "test.add"(%10, %0) : (i32, i32) -> i32
  %12 = "test.add"(%11, %0) : (i32, i32) -> i32
  %13 = "test.add"(%12, %0) : (i32, i32) -> i32
  %14 = "test.add"(%13, %0) : (i32, i32) -> i32
  %15 = "test.add"(%14, %0) : (i32, i32) -> i32
  %16 = "test.add"(%15, %0) : (i32, i32) -> i32
  %17 = "test.add"(%16, %0) : (i32, i32) -> i32
  %18 = "test.add"(%17, %0) : (i32, i32) -> i32
  %19 = "test.add"(%18, %0) : (i32, i32) -> i32
  %20 = "test.add"(%19, %0) : (i32, i32) -> i32
  %21 = "test.add"(%20, %0) : (i32, i32) -> i32
  %22 = "test.add"(%21, %0) : (i32, i32) -> i32
  %23 = "test.add"(%22, %0) : (i32, i32) -> i32
  %24 = "test.add"(%23, %0) : (i32, i32) -> i32
  %25 = "test.add"(%24, %0) : (i32, i32) -> i32
  %26 = "test.add"(%25, %0) : (i32, i32) -> i32
  %27 = "test.add"(%26, %0) : (i32, i32) -> i32
  %28 = "test.add"(%27, %0) : (i32, i32) -> i32
  %29 = "test.add"(%28, %0) : (i32, i32) -> i32
  %30 = "test.add"(%29, %0) : (i32, i32) -> i32
  %31 = "test.add"(%30, %0) : (i32, i32) -> i32
  %32 = "test.add"(%31, %0) : (i32, i32) -> i32
  %33 = "test.add"(%32, %0) : (i32, i32) -> i32
  %34 = "test.add"(%33, %0) : (i32, i32) -> i32
  %35 = "test.add"(%34, %0) : (i32, i32) -> i32
  %36 = "test.add"(%35, %0) : (i32, i32) -> i32
  %37 = "test.add"(%36, %0) : (i32, i32) -> i32
  %38 = "test.add"(%37, %0) : (i32, i32) -> i32
  %39 = "test.add"(%38, %0) : (i32, i32) -> i32
  %40 = "test.add"(%39, %0) : (i32, i32) -> i32
  %41 = "test.add"(%40, %0) : (i32, i32) -> i32
  %42 = "test.add"(%41, %0) : (i32, i32) -> i32
  %43 = "test.add"(%42, %0) : (i32, i32) -> i32
  %44 = "test.add"(%43, %0) : (i32, i32) -> i32
  %45 = "test.add"(%44, %0) : (i32, i32) -> i32
  %46 = "test.add"(%45, %0) : (i32, i32) -> i32
  %47 = "test.add"(%46, %0) : (i32, i32) -> i32
  %48 = "test.add"(%47, %0) : (i32, i32) -> i32
  %49 = "test.add"(%48, %0) : (i32, i32) -> i32
  %50 = "test.add"(%49, %0) : (i32, i32) -> i32
  %51 = "test.add"(%50, %0) : (i32, i32) -> i32
  %52 = "test.add"(%51, %0) : (i32, i32) -> i32
  %53 = "test.add"(%52, %0) : (i32, i32) -> i32
  %54 = "test.add"(%53, %0) : (i32, i32) -> i32
  %55 = "test.add"(%54, %0) : (i32, i32) -> i32
  %56 = "test.add"(%55, %0) : (i32, i32) -> i32
  %57 = "test.add"(%56, %0) : (i32, i32) -> i32
  %58 = "test.add"(%57, %0) : (i32, i32) -> i32
  %59 = "test.add"(%58, %0) : (i32, i32) -> i32
  %60 = "test.add"(%59, %0) : (i32, i32) -> i32
  %61 = "test.add"(%60, %0) : (i32, i32) -> i32
  %62 = "test.add"(%61, %0) : (i32, i32) -> i32
  %63 = "test.add"(%62, %0) : (i32, i32) -> i32
  %64 = "test.add"(%63, %0) : (i32, i32) -> i32
  %65 = "test.add"(%64, %0) : (i32, i32) -> i32
  %66 = "test.add"(%65, %0) : (i32, i32) -> i32
  %67 = "test.add"(%66, %0) : (i32, i32) -> i32
  %68 = "test.add"(%67, %0) : (i32, i32) -> i32
  %69 = "test.add"(%68, %0) : (i32, i32) -> i32
  %70 = "test.add"(%69, %0) : (i32, i32) -> i32
  %71 = "test.add"(%70, %0) : (i32, i32) -> i32
  %72 = "test.add"(%71, %0) : (i32, i32) -> i32
  %73 = "test.add"(%72, %0) : (i32, i32) -> i32
  %74 = "test.add"(%73, %0) : (i32, i32) -> i32
  %75 = "test.add"(%74, %0) : (i32, i32) -> i32
  %76 = "test.add"(%75, %0) : (i32, i32) -> i32
  %77 = "test.add"(%76, %0) : (i32, i32) -> i32
  %78 = "test.add"(%77, %0) : (i32, i32) -> i32
  %79 = "test.add"(%78, %0) : (i32, i32) -> i32
  %80 = "test.add"(%79, %0) : (i32, i32) -> i32
  %81 = "test.add"(%80, %0) : (i32, i32) -> i32
  %82 = "test.add"(%81, %0) : (i32, i32) -> i32
  %83 = "test.add"(%82, %0) : (i32, i32) -> i32
  %84 = "test.add"(%83, %0) : (i32, i32) -> i32
  %85 = "test.add"(%84, %0) : (i32, i32) -> i32
  %86 = "test.add"(%85, %0) : (i32, i32) -> i32
  %87 = "test.add"(%86, %0) : (i32, i32) -> i32
  %88 = "test.add"(%87, %0) : (i32, i32) -> i32
  %89 = "test.add"(%88, %0) : (i32, i32) -> i32
  %90 = "test.add"(%89, %0) : (i32, i32) -> i32
  %91 = "test.add"(%90, %0) : (i32, i32) -> i32
  %92 = "test.add"(%91, %0) : (i32, i32) -> i32
  %93 = "test.add"(%92, %0) : (i32, i32) -> i32
  %94 = "test.add"(%93, %0) : (i32, i32) -> i32
  %95 = "test.add"(%94, %0) : (i32, i32) -> i32
  %96 = "test.add"(%95, %0) : (i32, i32) -> i32
  %97 = "test.add"(%96, %0) : (i32, i32) -> i32
  %98 = "test.add"(%97, %0) : (i32, i32) -> i32
  %99 = "test.add"(%98, %0) : (i32, i32) -> i32
  "test.use"(%99, %64, %1) : (i32, i32, i32) -> ()
  %grp:4 = "test.four"() : () -> (i32, i64, f32, i1)
  "test.use"(%grp#3, %grp#0, %grp#2, %grp#1) : (i1, i32, f32, i64) -> ()
  %a_long_name_1 = "test.c"() {v = 1 : i32} : () -> i32
  %a_long_name_2 = "test.c"() {v = 2 : i32} : () -> i64
  %abcdefgh = "test.c"() {v = 3 : i32} : () -> i32
  %abcdefghi = "test.c"() {v = 4 : i32} : () -> f32
  "test.use"(%a_long_name_2, %a_long_name_1, %abcdefghi, %abcdefgh) : (i64, i32, f32, i32) -> ()
  "test.two"() ({
    %x = "test.c"() {v = 5 : i32} : () -> i32
    "test.use"(%x, %99) : (i32, i32) -> ()
  }, {
    %x = "test.c"() {v = 6 : i32} : () -> i64
    "test.use"(%x) : (i64) -> ()
  }) : () -> ()
  "test.cfg"() ({
    "test.br"()[^bb2] : () -> ()
  ^bb1:
    "test.use"(%fwd) : (i32) -> ()
    "test.ret"() : () -> ()
  ^bb2:
    %fwd = "test.c"() {v = 8 : i32} : () -> i32
    "test.br"()[^bb1] : () -> ()
  }) : () -> ()
  "test.ret"() : () -> ()
}) : () -> ()

// CHECK:      %0 = "test.c"() {v = 0 : i32} : () -> i32
// CHECK-NEXT: %1 = "test.add"(%0, %0) : (i32, i32) -> i32
// CHECK-NEXT: %2 = "test.add"(%1, %0) : (i32, i32) -> i32
// CHECK:      %64 = "test.add"(%63, %0) : (i32, i32) -> i32
// CHECK:      %99 = "test.add"(%98, %0) : (i32, i32) -> i32
// CHECK-NEXT: "test.use"(%99, %64, %1) : (i32, i32, i32) -> ()
// CHECK-NEXT: %100:4 = "test.four"() : () -> (i32, i64, f32, i1)
// CHECK-NEXT: "test.use"(%100#3, %100#0, %100#2, %100#1) : (i1, i32, f32, i64) -> ()
// CHECK-NEXT: %101 = "test.c"() {v = 1 : i32} : () -> i32
// CHECK-NEXT: %102 = "test.c"() {v = 2 : i32} : () -> i64
// CHECK-NEXT: %103 = "test.c"() {v = 3 : i32} : () -> i32
// CHECK-NEXT: %104 = "test.c"() {v = 4 : i32} : () -> f32
// CHECK-NEXT: "test.use"(%102, %101, %104, %103) : (i64, i32, f32, i32) -> ()
// CHECK-NEXT: "test.two"() ({
// CHECK-NEXT:   %105 = "test.c"() {v = 5 : i32} : () -> i32
// CHECK-NEXT:   "test.use"(%105, %99) : (i32, i32) -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT:   %105 = "test.c"() {v = 6 : i32} : () -> i64
// CHECK-NEXT:   "test.use"(%105) : (i64) -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: "test.cfg"() ({
// CHECK-NEXT:   "test.br"()[^bb2] : () -> ()
// CHECK-NEXT: ^bb1:  // pred: ^bb2
// CHECK-NEXT:   "test.use"(%105) : (i32) -> ()
// CHECK-NEXT:   "test.ret"() : () -> ()
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT:   %105 = "test.c"() {v = 8 : i32} : () -> i32
