// Exponential alias expansion (issue 18): aliases let a small text stand for
// a value that printing writes out in full (each #aN doubles #aN-1).  The
// uses of attribute, type and location aliases in one text may expand to at
// most ASM_MAX_ALIAS_EXPANSION (2^26) nodes; the use that passes the limit
// is an error located at it, instead of printing until memory runs out.
// Repeated uses count each time, also when the text around them repeats.
// RUN: not ctile-opt --allow-unregistered-dialect -split-input-file %s 2>&1 | FileCheck %s

#a0 = [1, 1]
#a1 = [#a0, #a0]
#a2 = [#a1, #a1]
#a3 = [#a2, #a2]
#a4 = [#a3, #a3]
#a5 = [#a4, #a4]
#a6 = [#a5, #a5]
#a7 = [#a6, #a6]
#a8 = [#a7, #a7]
#a9 = [#a8, #a8]
#a10 = [#a9, #a9]
#a11 = [#a10, #a10]
#a12 = [#a11, #a11]
#a13 = [#a12, #a12]
#a14 = [#a13, #a13]
#a15 = [#a14, #a14]
#a16 = [#a15, #a15]
#a17 = [#a16, #a16]
#a18 = [#a17, #a17]
#a19 = [#a18, #a18]
#a20 = [#a19, #a19]
#a21 = [#a20, #a20]
#a22 = [#a21, #a21]
// CHECK: alias_expansion.mlir:[[@LINE+1]]:9: error: alias '#a22' expands to too large a value: alias uses in this text expand to more than 67108864 attribute and type nodes
#a23 = [#a22, #a22]
#a24 = [#a23, #a23]
#a25 = [#a24, #a24]
#a26 = [#a25, #a25]
#a27 = [#a26, #a26]
#a28 = [#a27, #a27]
#a29 = [#a28, #a28]
#a30 = [#a29, #a29]
#a31 = [#a30, #a30]
#a32 = [#a31, #a31]
#a33 = [#a32, #a32]
#a34 = [#a33, #a33]
#a35 = [#a34, #a34]
#a36 = [#a35, #a35]
#a37 = [#a36, #a36]
#a38 = [#a37, #a37]
#a39 = [#a38, #a38]
module attributes {t.x = #a39} {}

// -----

#b0 = [1, 1]
#b1 = [#b0, #b0]
#b2 = [#b1, #b1]
#b3 = [#b2, #b2]
#b4 = [#b3, #b3]
#b5 = [#b4, #b4]
#b6 = [#b5, #b5]
#b7 = [#b6, #b6]
#b8 = [#b7, #b7]
#b9 = [#b8, #b8]
#b10 = [#b9, #b9]
#b11 = [#b10, #b10]
#b12 = [#b11, #b11]
#b13 = [#b12, #b12]
#b14 = [#b13, #b13]
#b15 = [#b14, #b14]
#b16 = [#b15, #b15]
#b17 = [#b16, #b16]
#b18 = [#b17, #b17]
#b19 = [#b18, #b18]
#b20 = [#b19, #b19]
// Each use of #b20 (about 6.3M nodes) counts, memoized dictionary text or not.
module {
  "t.op"() {t.x = #b20} : () -> ()
  "t.op"() {t.x = #b20} : () -> ()
  "t.op"() {t.x = #b20} : () -> ()
  "t.op"() {t.x = #b20} : () -> ()
  "t.op"() {t.x = #b20} : () -> ()
  "t.op"() {t.x = #b20} : () -> ()
  "t.op"() {t.x = #b20} : () -> ()
  "t.op"() {t.x = #b20} : () -> ()
  // CHECK: alias_expansion.mlir:[[@LINE+1]]:19: error: alias '#b20' expands to too large a value
  "t.op"() {t.x = #b20} : () -> ()
  "t.op"() {t.x = #b20} : () -> ()
  "t.op"() {t.x = #b20} : () -> ()
  "t.op"() {t.x = #b20} : () -> ()
}

// -----

!t0 = tuple<i32, i32>
!t1 = tuple<!t0, !t0>
!t2 = tuple<!t1, !t1>
!t3 = tuple<!t2, !t2>
!t4 = tuple<!t3, !t3>
!t5 = tuple<!t4, !t4>
!t6 = tuple<!t5, !t5>
!t7 = tuple<!t6, !t6>
!t8 = tuple<!t7, !t7>
!t9 = tuple<!t8, !t8>
!t10 = tuple<!t9, !t9>
!t11 = tuple<!t10, !t10>
!t12 = tuple<!t11, !t11>
!t13 = tuple<!t12, !t12>
!t14 = tuple<!t13, !t13>
!t15 = tuple<!t14, !t14>
!t16 = tuple<!t15, !t15>
!t17 = tuple<!t16, !t16>
!t18 = tuple<!t17, !t17>
!t19 = tuple<!t18, !t18>
!t20 = tuple<!t19, !t19>
!t21 = tuple<!t20, !t20>
!t22 = tuple<!t21, !t21>
!t23 = tuple<!t22, !t22>
// CHECK: alias_expansion.mlir:[[@LINE+1]]:14: error: alias '!t23' expands to too large a value
!t24 = tuple<!t23, !t23>
!t25 = tuple<!t24, !t24>
!t26 = tuple<!t25, !t25>
!t27 = tuple<!t26, !t26>
!t28 = tuple<!t27, !t27>
!t29 = tuple<!t28, !t28>
module attributes {t.y = !t29} {}
