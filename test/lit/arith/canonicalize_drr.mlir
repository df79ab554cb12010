// arith DRR canonicalization patterns vs mlir-opt: subi(subi(x, y), x), addi with
// muli by -1, extended multiplies without high uses or by one, bit ops and eq/ne
// compares of extensions, cast-of-cast folds, trunci of extensions and of a
// sign-bit shrsi, truncf of int-to-float, mulf/divf of negations.
// RUN: ctile-opt -allow-unregistered-dialect %s --canonicalize | FileCheck %s --strict-whitespace --match-full-lines
// The CHECK lines are mlir-opt 22's output for the same command.

%x, %y = "test.i32"() : () -> (i32, i32)
%s, %t = "test.i8"() : () -> (i8, i8)
%f, %g = "test.f32"() : () -> (f32, f32)
%i = "test.index"() : () -> index
%m1 = arith.constant -1 : i32
%c1 = arith.constant 1 : i32
%c3 = arith.constant 3 : i32
%c24 = arith.constant 24 : i32
%0 = arith.subi %x, %y overflow<nsw> : i32
%1 = arith.subi %0, %x overflow<nsw> : i32
%2 = arith.muli %y, %m1 : i32
%3 = arith.addi %x, %2 : i32
%4 = arith.muli %x, %m1 : i32
%5 = arith.addi %4, %y : i32
%6:2 = arith.mulsi_extended %x, %y : i32
%7:2 = arith.mului_extended %x, %y : i32
%8:2 = arith.mulsi_extended %x, %c1 : i32
%es = arith.extsi %s : i8 to i32
%et = arith.extsi %t : i8 to i32
%us = arith.extui %s : i8 to i32
%ut = arith.extui %t : i8 to i32
%9 = arith.andi %us, %ut : i32
%10 = arith.ori %es, %et : i32
%11 = arith.xori %us, %ut : i32
%12 = arith.cmpi eq, %es, %et : i32
%13 = arith.cmpi ult, %us, %ut : i32
%14 = arith.index_cast %es : i32 to index
%15 = arith.index_castui %us : i32 to index
%bc = arith.bitcast %x : i32 to f32
%16 = arith.bitcast %bc : f32 to i32
%u64 = arith.extui %s : i8 to i64
%17 = arith.extsi %us : i32 to i64
%18 = arith.trunci %es : i32 to i16
%19 = arith.trunci %us : i32 to i16
%sh = arith.shrsi %x, %c24 : i32
%20 = arith.trunci %sh : i32 to i8
%sf = arith.sitofp %x : i32 to f64
%21 = arith.truncf %sf : f64 to f32
%uf = arith.uitofp %x : i32 to f64
%22 = arith.truncf %uf to_nearest_even : f64 to f32
%nf = arith.negf %f : f32
%ng = arith.negf %g : f32
%23 = arith.mulf %nf, %ng fastmath<fast> : f32
%24 = arith.divf %nf, %ng : f32
%ix = arith.index_cast %x : i32 to index
%25 = arith.index_cast %ix : index to i32
"test.use"(%1, %3, %5, %6#0, %7#0, %8#0, %8#1, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25) : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i1, i1, index, index, i32, i64, i16, i16, i8, f32, f32, f32, f32, i32) -> ()

// CHECK:module {
// CHECK-NEXT:  %c24_i32 = arith.constant 24 : i32
// CHECK-NEXT:  %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:  %0:2 = "test.i32"() : () -> (i32, i32)
// CHECK-NEXT:  %1:2 = "test.i8"() : () -> (i8, i8)
// CHECK-NEXT:  %2:2 = "test.f32"() : () -> (f32, f32)
// CHECK-NEXT:  %3 = "test.index"() : () -> index
// CHECK-NEXT:  %4 = arith.subi %c0_i32, %0#1 overflow<nsw> : i32
// CHECK-NEXT:  %5 = arith.subi %0#0, %0#1 : i32
// CHECK-NEXT:  %6 = arith.subi %0#1, %0#0 : i32
// CHECK-NEXT:  %7 = arith.muli %0#0, %0#1 : i32
// CHECK-NEXT:  %8 = arith.muli %0#0, %0#1 : i32
// CHECK-NEXT:  %9 = arith.cmpi slt, %0#0, %c0_i32 : i32
// CHECK-NEXT:  %10 = arith.extsi %9 : i1 to i32
// CHECK-NEXT:  %11 = arith.extui %1#0 : i8 to i32
// CHECK-NEXT:  %12 = arith.extui %1#1 : i8 to i32
// CHECK-NEXT:  %13 = arith.andi %1#0, %1#1 : i8
// CHECK-NEXT:  %14 = arith.extui %13 : i8 to i32
// CHECK-NEXT:  %15 = arith.ori %1#0, %1#1 : i8
// CHECK-NEXT:  %16 = arith.extsi %15 : i8 to i32
// CHECK-NEXT:  %17 = arith.xori %1#0, %1#1 : i8
// CHECK-NEXT:  %18 = arith.extui %17 : i8 to i32
// CHECK-NEXT:  %19 = arith.cmpi eq, %1#0, %1#1 : i8
// CHECK-NEXT:  %20 = arith.cmpi ult, %11, %12 : i32
// CHECK-NEXT:  %21 = arith.index_cast %1#0 : i8 to index
// CHECK-NEXT:  %22 = arith.index_castui %1#0 : i8 to index
// CHECK-NEXT:  %23 = arith.extui %1#0 : i8 to i64
// CHECK-NEXT:  %24 = arith.extsi %1#0 : i8 to i16
// CHECK-NEXT:  %25 = arith.extui %1#0 : i8 to i16
// CHECK-NEXT:  %26 = arith.shrui %0#0, %c24_i32 : i32
// CHECK-NEXT:  %27 = arith.trunci %26 : i32 to i8
// CHECK-NEXT:  %28 = arith.sitofp %0#0 : i32 to f32
// CHECK-NEXT:  %29 = arith.uitofp %0#0 : i32 to f64
// CHECK-NEXT:  %30 = arith.truncf %29 to_nearest_even : f64 to f32
// CHECK-NEXT:  %31 = arith.mulf %2#0, %2#1 fastmath<fast> : f32
// CHECK-NEXT:  %32 = arith.divf %2#0, %2#1 : f32
// CHECK-NEXT:  "test.use"(%4, %5, %6, %7, %8, %0#0, %10, %14, %16, %18, %19, %20, %21, %22, %0#0, %23, %24, %25, %27, %28, %30, %31, %32, %0#0) : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i1, i1, index, index, i32, i64, i16, i16, i8, f32, f32, f32, f32, i32) -> ()
// CHECK-NEXT:}
