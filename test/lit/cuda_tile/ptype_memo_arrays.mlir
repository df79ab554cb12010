// Arrays of plain values through the attribute memo (asm_parse_attr_memo_at,
// ']'): repeats parse to what their own text says, also nested and typed
// ones that differ late; arrays of locations, aliases and distinct
// attributes are parsed each time.
// RUN: ctile-opt %s --allow-unregistered-dialect -mlir-print-debuginfo | FileCheck %s
// RUN: ctile-opt %s --allow-unregistered-dialect -mlir-print-op-generic | ctile-opt --allow-unregistered-dialect | FileCheck %s --check-prefix=RT

#l1 = loc("here":1:2)
#arr = [1, 2]
"u"() {a = [1, 2], b = [1, 2], c = [1, 3], d = [[1, 2], [1, 2]], e = [[1, 2], [1, 3]], f = #arr, g = [1 : i8, 2.0 : f32, "s", true, i32]} : () -> ()
"u"() {a = [1, 2], b = [1 : i8, 2.0 : f32, "s", true, i32], c = [1 : i8, 2.0 : f32, "s", true, i64], d = [[1, 2], [1, 2]]} : () -> ()
"u"() {a = [loc(#l1)], b = [loc(#l1)], c = [loc("x")], d = [loc("x")], e = [@sym], f = [@sym], g = [#arr], h = [#arr]} : () -> ()
"u"() {a = [unit, unit], b = [unit, unit], c = [distinct[0]<>, distinct[0]<>], d = [distinct[0]<>]} : () -> ()
cuda_tile.module @m {
  testing$func @k(%x: tile<8x128xf32>) {
    %r = reduce %x dim=1 identities=[0xFF800000 : f32] : tile<8x128xf32> -> tile<8xf32>
      (%a: tile<f32>, %b: tile<f32>) {
        %m = maxf %a, %b : tile<f32>
        yield %m : tile<f32>
      }
    %s = reduce %x dim=1 identities=[0xFF800000 : f32] : tile<8x128xf32> -> tile<8xf32>
      (%a: tile<f32>, %b: tile<f32>) {
        %m = maxf %a, %b : tile<f32>
        yield %m : tile<f32>
      }
    %t = reduce %x dim=1 identities=[0.0 : f32] : tile<8x128xf32> -> tile<8xf32>
      (%a: tile<f32>, %b: tile<f32>) {
        %m = addf %a, %b : tile<f32>
        yield %m : tile<f32>
      }
    return
  }
}

// CHECK: #distinct = distinct[0]<>
// CHECK: #loc4 = loc("here":1:2)
// CHECK: #loc5 = loc("x")
// CHECK: "u"() {a = [1, 2], b = [1, 2], c = [1, 3], d = {{\[\[}}1, 2], [1, 2]], e = {{\[\[}}1, 2], [1, 3]], f = [1, 2], g = [1 : i8, 2.000000e+00 : f32, "s", true, i32]}
// CHECK: "u"() {a = [1, 2], b = [1 : i8, 2.000000e+00 : f32, "s", true, i32], c = [1 : i8, 2.000000e+00 : f32, "s", true, i64], d = {{\[\[}}1, 2], [1, 2]]}
// CHECK: "u"() {a = [#loc4], b = [#loc4], c = [#loc5], d = [#loc5], e = [@sym], f = [@sym], g = {{\[\[}}1, 2]], h = {{\[\[}}1, 2]]}
// CHECK: "u"() {a = [unit, unit], b = [unit, unit], c = [#distinct, #distinct], d = [#distinct]}
// CHECK: identities=[0xFF800000 : f32]
// CHECK: identities=[0xFF800000 : f32]
// CHECK: identities=[0.000000e+00 : f32]
// RT: "u"() {a = [1, 2], b = [1, 2], c = [1, 3], d = {{\[\[}}1, 2], [1, 2]], e = {{\[\[}}1, 2], [1, 3]], f = [1, 2], g = [1 : i8, 2.000000e+00 : f32, "s", true, i32]}
// RT: "u"() {a = [1, 2], b = [1 : i8, 2.000000e+00 : f32, "s", true, i32], c = [1 : i8, 2.000000e+00 : f32, "s", true, i64], d = {{\[\[}}1, 2], [1, 2]]}
// RT: identities=[0xFF800000 : f32]
// RT: identities=[0xFF800000 : f32]
// RT: identities=[0.000000e+00 : f32]
