// cuda_tile attributes: every kind in its long form, canonical printing, and
// identity through the generic form.
// RUN: ctile-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: ctile-opt %s --allow-unregistered-dialect | ctile-opt --allow-unregistered-dialect | FileCheck %s
// RUN: ctile-opt %s --allow-unregistered-dialect -mlir-print-op-generic | ctile-opt --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: "test.enums"
// CHECK-SAME: co = #cuda_tile.comparison_ordering<ordered>
// CHECK-SAME: cp = #cuda_tile.comparison_predicate<less_than_or_equal>
// CHECK-SAME: o = #cuda_tile.overflow<no_unsigned_wrap>
// CHECK-SAME: pv = #cuda_tile.padding_value<neg_inf>
// CHECK-SAME: r = #cuda_tile.rounding<nearest_int_to_zero>
// CHECK-SAME: s = #cuda_tile.signedness<unsigned>
// CHECK-SAME: sv = #cuda_tile.symbol_visibility<private>
"test.enums"() {s = #cuda_tile.signedness<unsigned>, o = #cuda_tile.overflow<no_unsigned_wrap>,
  r = #cuda_tile.rounding<nearest_int_to_zero>, co = #cuda_tile.comparison_ordering<ordered>,
  cp = #cuda_tile.comparison_predicate<less_than_or_equal>, pv = #cuda_tile.padding_value<neg_inf>,
  sv = #cuda_tile.symbol_visibility<private>} : () -> ()

// CHECK-LABEL: "test.predicates"
// CHECK-SAME: b0 = #cuda_tile.bounded<0, ?>
// CHECK-SAME: b1 = #cuda_tile.bounded<?, ?>
// CHECK-SAME: b2 = #cuda_tile.bounded<-9223372036854775808, 9223372036854775807>
// CHECK-SAME: d0 = #cuda_tile.div_by<16>
// CHECK-SAME: d1 = #cuda_tile.div_by<4, every 4 along 1>
// CHECK-SAME: d2 = #cuda_tile.div_by<18446744073709551615>
// CHECK-SAME: s0 = #cuda_tile.same_elements<[1, 4, 2]>
// CHECK-SAME: s1 = #cuda_tile.same_elements<[]>
"test.predicates"() {d0 = #cuda_tile.div_by<16>, d1 = #cuda_tile.div_by<4, every 4 along 1>,
  d2 = #cuda_tile.div_by<18446744073709551615>, s0 = #cuda_tile.same_elements<[1, 4, 2]>,
  s1 = #cuda_tile.same_elements<[]>, b0 = #cuda_tile.bounded<0, ?>, b1 = #cuda_tile.bounded<?,?>,
  b2 = #cuda_tile.bounded<-9223372036854775808, 9223372036854775807>} : () -> ()

// Hints: keys sorted, inner values printed without their type.
// CHECK-LABEL: "test.hints"
// CHECK-SAME: h0 = #cuda_tile.optimization_hints<>
// CHECK-SAME: h1 = #cuda_tile.optimization_hints<default = {allow_tma = true}, sm_100 = {latency = 3, num_cta_in_cga = 2}, sm_120 = {occupancy = 2}>
"test.hints"() {h0 = #cuda_tile.optimization_hints<>,
  h1 = #cuda_tile.optimization_hints<sm_120 = {occupancy = 2}, "sm_100" = {num_cta_in_cga = 2 : i32, latency = 3}, default = {allow_tma = true}>} : () -> ()

// The I32EnumAttr enums are plain i32 integers in the generic form.
// CHECK-LABEL: "test.i32_enums"
// CHECK-SAME: mode = 3 : i32
"test.i32_enums"() {mode = 3 : i32} : () -> ()
