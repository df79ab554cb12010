#map = affine_map<(d0) -> (d0 + 1)>
module {
  "foo.func"() <{function_type = (i32, f32) -> i64, sym_name = "f"}> ({
  ^bb0(%arg0: i32, %arg1: f32):
    %0:2 = "foo.multi"(%arg0) {attr = [1, 2.500000e+00 : f32, "s", @sym, @a::@b, unit, true, {k = 1 : i8, z}]} : (i32) -> (i64, tensor<2x?xf32>)
    %1 = "foo.dense"() <{arr = array<i32: 1, 2>, e = array<f64>, value = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>}> : () -> tensor<2x2xi32>
    %2 = "foo.splat"() {b = dense<true> : tensor<2xi1>, h = 0x7FC00000 : f32, v = dense<1.500000e+00> : tensor<4xf32>} : () -> vector<4x[8]xf16>
    "foo.branch"(%0#0)[^bb1, ^bb2] : (i64) -> ()
  ^bb1:  // pred: ^bb0
    "foo.region"() ({
      %5 = "foo.inner"(%arg0) : (i32) -> index
      "foo.yield"(%5) : (index) -> ()
    }, {
    }) : () -> ()
    "foo.ret"(%0#0) : (i64) -> ()
  ^bb2(%3: i64, %4: none):  // pred: ^bb0
    "foo.ret"(%3) {map = #map, o = #foo.opaque<"x">, t = !foo.type<1>} : (i64) -> ()
  }) : () -> ()
  "foo.types"() {a = tuple<i32, f16>, b = tensor<*xbf16>, c = si8, d = ui16, e = f8E4M3FN, f = complex<f32>, g = memref<4x?xf32>, h = () -> ()} : () -> ()
}

