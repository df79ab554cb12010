// Default-valued properties (NVIDIA's DefaultValuedAttr arguments), as MLIR's
// populateDefaultProperties fills them: an op written in the generic form
// without the attribute gets its default, exactly like one parsed from the
// custom form; a value given (as a property or in the discardable
// dictionary) is kept; the custom printer still omits defaults.
// RUN: ctile-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GEN
// RUN: ctile-opt %s | FileCheck %s --check-prefix=CUSTOM
// The custom round trip prints the same properties again.
// RUN: ctile-opt %s | ctile-opt -mlir-print-op-generic | FileCheck %s --check-prefix=GEN
// RUN: ctile-opt %s -mlir-print-op-generic | ctile-opt | FileCheck %s --check-prefix=CUSTOM

// GEN-LABEL: "cuda_tile.module"() <{sym_name = "m"}>
// CUSTOM-LABEL: cuda_tile.module @m
cuda_tile.module @m {
  // GEN: "cuda_tile.global"() <{alignment = 0 : i64, sym_name = "g0", symbol_visibility = #cuda_tile.symbol_visibility<public>, value = dense<[1.000000e+00, 2.000000e+00]> : !cuda_tile.tile<2xf32>}>
  // CUSTOM: global @g0 <f32: [1.000000e+00, 2.000000e+00]> : tile<2xf32>
  "cuda_tile.global"() <{sym_name = "g0", value = dense<[1.0, 2.0]> : !cuda_tile.tile<2xf32>}> : () -> ()
  // GEN: "cuda_tile.global"() <{alignment = 16 : i64, sym_name = "g1", symbol_visibility = #cuda_tile.symbol_visibility<private>, value = dense<[1.000000e+00, 2.000000e+00]> : !cuda_tile.tile<2xf32>}>
  // CUSTOM: global private @g1 alignment = 16 <f32: [1.000000e+00, 2.000000e+00]> : tile<2xf32>
  "cuda_tile.global"() <{alignment = 16 : i64, sym_name = "g1", symbol_visibility = #cuda_tile.symbol_visibility<private>, value = dense<[1.0, 2.0]> : !cuda_tile.tile<2xf32>}> : () -> ()
  // GEN: "cuda_tile.global"() <{alignment = 0 : i64, sym_name = "g2", symbol_visibility = #cuda_tile.symbol_visibility<public>, value = dense<[1.000000e+00, 2.000000e+00]> : !cuda_tile.tile<2xf32>}>
  // CUSTOM: global @g2 <f32: [1.000000e+00, 2.000000e+00]> : tile<2xf32>
  global @g2 <f32: [1.0, 2.0]> : tile<2xf32>

  testing$func @t() {
    // GEN: "cuda_tile.testing$bytecode_test_new_attribute"() <{new_param = 42 : i32}> : () -> ()
    // CUSTOM: testing$bytecode_test_new_attribute{{$}}
    "cuda_tile.testing$bytecode_test_new_attribute"() : () -> ()
    // GEN: "cuda_tile.testing$bytecode_test_new_attribute"() <{new_flag, new_param = 7 : i32}> : () -> ()
    // CUSTOM: testing$bytecode_test_new_attribute new_flag new_param = 7{{$}}
    "cuda_tile.testing$bytecode_test_new_attribute"() <{new_flag, new_param = 7 : i32}> : () -> ()
    // GEN: "cuda_tile.testing$bytecode_test_new_attribute"() <{new_param = 42 : i32}> : () -> ()
    // CUSTOM: testing$bytecode_test_new_attribute{{$}}
    testing$bytecode_test_new_attribute
    return
  }

  entry @e(%a0: tile<i32>, %f0: tile<f32>) {
    %a1 = reshape %a0 : tile<i32> -> tile<1xi32>
    %a = broadcast %a1 : tile<1xi32> -> tile<2xi32>
    %f1 = reshape %f0 : tile<f32> -> tile<1xf32>
    %f = broadcast %f1 : tile<1xf32> -> tile<2xf32>

    // Integer overflow: none by default.
    // GEN: "cuda_tile.addi"(%{{.*}}) <{overflow = #cuda_tile.overflow<none>}>
    // CUSTOM: addi %{{.*}}, %{{.*}} : tile<2xi32>
    %0 = "cuda_tile.addi"(%a, %a) : (!cuda_tile.tile<2xi32>, !cuda_tile.tile<2xi32>) -> !cuda_tile.tile<2xi32>
    // GEN: "cuda_tile.addi"(%{{.*}}) <{overflow = #cuda_tile.overflow<no_signed_wrap>}>
    // CUSTOM: addi %{{.*}}, %{{.*}} overflow<no_signed_wrap> : tile<2xi32>
    %1 = "cuda_tile.addi"(%a, %a) <{overflow = #cuda_tile.overflow<no_signed_wrap>}> : (!cuda_tile.tile<2xi32>, !cuda_tile.tile<2xi32>) -> !cuda_tile.tile<2xi32>
    // An inherent attribute in the discardable dictionary is kept (and becomes a property).
    // GEN: "cuda_tile.addi"(%{{.*}}) <{overflow = #cuda_tile.overflow<no_unsigned_wrap>}> :
    // CUSTOM: addi %{{.*}}, %{{.*}} overflow<no_unsigned_wrap> : tile<2xi32>
    %2 = "cuda_tile.addi"(%a, %a) {overflow = #cuda_tile.overflow<no_unsigned_wrap>} : (!cuda_tile.tile<2xi32>, !cuda_tile.tile<2xi32>) -> !cuda_tile.tile<2xi32>
    // GEN: "cuda_tile.addi"(%{{.*}}) <{overflow = #cuda_tile.overflow<none>}>
    // CUSTOM: addi %{{.*}}, %{{.*}} : tile<2xi32>
    %3 = addi %a, %a : tile<2xi32>

    // GEN: "cuda_tile.subi"(%{{.*}}) <{overflow = #cuda_tile.overflow<none>}>
    // CUSTOM: subi %{{.*}}, %{{.*}} : tile<2xi32>
    %4 = "cuda_tile.subi"(%a, %a) : (!cuda_tile.tile<2xi32>, !cuda_tile.tile<2xi32>) -> !cuda_tile.tile<2xi32>
    // GEN: "cuda_tile.subi"(%{{.*}}) <{overflow = #cuda_tile.overflow<no_wrap>}>
    // CUSTOM: subi %{{.*}}, %{{.*}} overflow<no_wrap> : tile<2xi32>
    %5 = "cuda_tile.subi"(%a, %a) <{overflow = #cuda_tile.overflow<no_wrap>}> : (!cuda_tile.tile<2xi32>, !cuda_tile.tile<2xi32>) -> !cuda_tile.tile<2xi32>
    // GEN: "cuda_tile.subi"(%{{.*}}) <{overflow = #cuda_tile.overflow<none>}>
    // CUSTOM: subi %{{.*}}, %{{.*}} : tile<2xi32>
    %6 = subi %a, %a : tile<2xi32>

    // GEN: "cuda_tile.muli"(%{{.*}}) <{overflow = #cuda_tile.overflow<none>}>
    // CUSTOM: muli %{{.*}}, %{{.*}} : tile<2xi32>
    %7 = "cuda_tile.muli"(%a, %a) : (!cuda_tile.tile<2xi32>, !cuda_tile.tile<2xi32>) -> !cuda_tile.tile<2xi32>
    // GEN: "cuda_tile.muli"(%{{.*}}) <{overflow = #cuda_tile.overflow<no_signed_wrap>}>
    // CUSTOM: muli %{{.*}}, %{{.*}} overflow<no_signed_wrap> : tile<2xi32>
    %8 = "cuda_tile.muli"(%a, %a) <{overflow = #cuda_tile.overflow<no_signed_wrap>}> : (!cuda_tile.tile<2xi32>, !cuda_tile.tile<2xi32>) -> !cuda_tile.tile<2xi32>
    // GEN: "cuda_tile.muli"(%{{.*}}) <{overflow = #cuda_tile.overflow<none>}>
    // CUSTOM: muli %{{.*}}, %{{.*}} : tile<2xi32>
    %9 = muli %a, %a : tile<2xi32>

    // GEN: "cuda_tile.shli"(%{{.*}}) <{overflow = #cuda_tile.overflow<none>}>
    // CUSTOM: shli %{{.*}}, %{{.*}} : tile<2xi32>
    %10 = "cuda_tile.shli"(%a, %a) : (!cuda_tile.tile<2xi32>, !cuda_tile.tile<2xi32>) -> !cuda_tile.tile<2xi32>
    // GEN: "cuda_tile.shli"(%{{.*}}) <{overflow = #cuda_tile.overflow<no_unsigned_wrap>}>
    // CUSTOM: shli %{{.*}}, %{{.*}} overflow<no_unsigned_wrap> : tile<2xi32>
    %11 = "cuda_tile.shli"(%a, %a) <{overflow = #cuda_tile.overflow<no_unsigned_wrap>}> : (!cuda_tile.tile<2xi32>, !cuda_tile.tile<2xi32>) -> !cuda_tile.tile<2xi32>
    // GEN: "cuda_tile.shli"(%{{.*}}) <{overflow = #cuda_tile.overflow<none>}>
    // CUSTOM: shli %{{.*}}, %{{.*}} : tile<2xi32>
    %12 = shli %a, %a : tile<2xi32>

    // GEN: "cuda_tile.negi"(%{{.*}}) <{overflow = #cuda_tile.overflow<none>}>
    // CUSTOM: negi %{{.*}} : tile<2xi32>
    %13 = "cuda_tile.negi"(%a) : (!cuda_tile.tile<2xi32>) -> !cuda_tile.tile<2xi32>
    // GEN: "cuda_tile.negi"(%{{.*}}) <{overflow = #cuda_tile.overflow<no_signed_wrap>}>
    // CUSTOM: negi %{{.*}} overflow<no_signed_wrap> : tile<2xi32>
    %14 = "cuda_tile.negi"(%a) <{overflow = #cuda_tile.overflow<no_signed_wrap>}> : (!cuda_tile.tile<2xi32>) -> !cuda_tile.tile<2xi32>
    // GEN: "cuda_tile.negi"(%{{.*}}) <{overflow = #cuda_tile.overflow<none>}>
    // CUSTOM: negi %{{.*}} : tile<2xi32>
    %15 = negi %a : tile<2xi32>

    // GEN: "cuda_tile.trunci"(%{{.*}}) <{overflow = #cuda_tile.overflow<none>}>
    // CUSTOM: trunci %{{.*}} : tile<2xi32> -> tile<2xi16>
    %16 = "cuda_tile.trunci"(%a) : (!cuda_tile.tile<2xi32>) -> !cuda_tile.tile<2xi16>
    // GEN: "cuda_tile.trunci"(%{{.*}}) <{overflow = #cuda_tile.overflow<no_wrap>}>
    // CUSTOM: trunci %{{.*}} overflow<no_wrap> : tile<2xi32> -> tile<2xi16>
    %17 = "cuda_tile.trunci"(%a) <{overflow = #cuda_tile.overflow<no_wrap>}> : (!cuda_tile.tile<2xi32>) -> !cuda_tile.tile<2xi16>
    // GEN: "cuda_tile.trunci"(%{{.*}}) <{overflow = #cuda_tile.overflow<none>}>
    // CUSTOM: trunci %{{.*}} : tile<2xi32> -> tile<2xi16>
    %18 = trunci %a : tile<2xi32> -> tile<2xi16>

    // divi: rounding toward zero by default (the properties print sorted by name).
    // GEN: "cuda_tile.divi"(%{{.*}}) <{rounding = #cuda_tile.rounding<zero>, signedness = #cuda_tile.signedness<signed>}>
    // CUSTOM: divi %{{.*}}, %{{.*}} signed : tile<2xi32>
    %19 = "cuda_tile.divi"(%a, %a) <{signedness = #cuda_tile.signedness<signed>}> : (!cuda_tile.tile<2xi32>, !cuda_tile.tile<2xi32>) -> !cuda_tile.tile<2xi32>
    // GEN: "cuda_tile.divi"(%{{.*}}) <{rounding = #cuda_tile.rounding<positive_inf>, signedness = #cuda_tile.signedness<unsigned>}>
    // CUSTOM: divi %{{.*}}, %{{.*}} unsigned rounding<positive_inf> : tile<2xi32>
    %20 = "cuda_tile.divi"(%a, %a) <{rounding = #cuda_tile.rounding<positive_inf>, signedness = #cuda_tile.signedness<unsigned>}> : (!cuda_tile.tile<2xi32>, !cuda_tile.tile<2xi32>) -> !cuda_tile.tile<2xi32>
    // GEN: "cuda_tile.divi"(%{{.*}}) <{rounding = #cuda_tile.rounding<zero>, signedness = #cuda_tile.signedness<signed>}>
    // CUSTOM: divi %{{.*}}, %{{.*}} signed : tile<2xi32>
    %21 = divi %a, %a signed : tile<2xi32>

    // exp and tanh: full precision by default; ftof: nearest_even.
    // GEN: "cuda_tile.exp"(%{{.*}}) <{rounding_mode = #cuda_tile.rounding<full>}>
    // CUSTOM: exp %{{.*}} : tile<2xf32>
    %22 = "cuda_tile.exp"(%f) : (!cuda_tile.tile<2xf32>) -> !cuda_tile.tile<2xf32>
    // GEN: "cuda_tile.exp"(%{{.*}}) <{rounding_mode = #cuda_tile.rounding<approx>}>
    // CUSTOM: exp %{{.*}} rounding<approx> : tile<2xf32>
    %23 = "cuda_tile.exp"(%f) <{rounding_mode = #cuda_tile.rounding<approx>}> : (!cuda_tile.tile<2xf32>) -> !cuda_tile.tile<2xf32>
    // GEN: "cuda_tile.exp"(%{{.*}}) <{rounding_mode = #cuda_tile.rounding<full>}>
    // CUSTOM: exp %{{.*}} : tile<2xf32>
    %24 = exp %f : tile<2xf32>

    // GEN: "cuda_tile.tanh"(%{{.*}}) <{rounding_mode = #cuda_tile.rounding<full>}>
    // CUSTOM: tanh %{{.*}} : tile<2xf32>
    %25 = "cuda_tile.tanh"(%f) : (!cuda_tile.tile<2xf32>) -> !cuda_tile.tile<2xf32>
    // GEN: "cuda_tile.tanh"(%{{.*}}) <{rounding_mode = #cuda_tile.rounding<approx>}>
    // CUSTOM: tanh %{{.*}} rounding<approx> : tile<2xf32>
    %26 = "cuda_tile.tanh"(%f) <{rounding_mode = #cuda_tile.rounding<approx>}> : (!cuda_tile.tile<2xf32>) -> !cuda_tile.tile<2xf32>
    // GEN: "cuda_tile.tanh"(%{{.*}}) <{rounding_mode = #cuda_tile.rounding<full>}>
    // CUSTOM: tanh %{{.*}} : tile<2xf32>
    %27 = tanh %f : tile<2xf32>

    // GEN: "cuda_tile.ftof"(%{{.*}}) <{rounding_mode = #cuda_tile.rounding<nearest_even>}>
    // CUSTOM: ftof %{{.*}} : tile<2xf32> -> tile<2xf16>
    %28 = "cuda_tile.ftof"(%f) : (!cuda_tile.tile<2xf32>) -> !cuda_tile.tile<2xf16>
    // GEN: "cuda_tile.ftof"(%{{.*}}) <{rounding_mode = #cuda_tile.rounding<positive_inf>}>
    // CUSTOM: ftof %{{.*}} rounding<positive_inf> : tile<2xf32> -> tile<2xf8E8M0FNU>
    %29 = "cuda_tile.ftof"(%f) <{rounding_mode = #cuda_tile.rounding<positive_inf>}> : (!cuda_tile.tile<2xf32>) -> !cuda_tile.tile<2xf8E8M0FNU>
    // GEN: "cuda_tile.ftof"(%{{.*}}) <{rounding_mode = #cuda_tile.rounding<nearest_even>}>
    // CUSTOM: ftof %{{.*}} : tile<2xf32> -> tile<2xf16>
    %30 = ftof %f : tile<2xf32> -> tile<2xf16>

    // Ops without default-valued attributes get nothing added.
    // GEN: "cuda_tile.mulhii"(%{{.*}}) : (
    // CUSTOM: mulhii %{{.*}}, %{{.*}} : tile<2xi32>
    %31 = "cuda_tile.mulhii"(%a, %a) : (!cuda_tile.tile<2xi32>, !cuda_tile.tile<2xi32>) -> !cuda_tile.tile<2xi32>
    return
  }
}
