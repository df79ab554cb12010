// Every nv_tileaa type and attribute: parsed in both spellings (full and the
// short `tile<...>` form), printed canonically (the legacy
// `compute-capability` spelling prints as compute_capability).
// RUN: ctile-opt %s | FileCheck %s
// RUN: ctile-opt %s | ctile-opt | FileCheck %s
// RUN: ctile-opt -mlir-print-op-generic %s | ctile-opt | FileCheck %s
// RUN: ctile-opt -mlir-print-op-generic %s > %t.generic.mlir
// RUN: ctile-opt -mlir-print-op-generic %t.generic.mlir | diff %t.generic.mlir -
//
// CHECK-LABEL: nv_tileaa.func @types(%arg0: !nv_tileaa.ptr<f32, 1>, %arg1: !nv_tileaa.ptr<bf16, 3>, %arg2: !nv_tileaa.ptr<i8, 1>, %arg3: !nv_tileaa.program_id, %arg4: !nv_tileaa.mem_token, %arg5: !nv_tileaa.queue<tile<16xf32>, i32>, %arg6: !nv_tileaa.queue<isolated>, %arg7: !nv_tileaa.memref<?x?xf16, 1>, %arg8: !nv_tileaa.memref<4x?xf32, 3, strides = [?, 1], alias_scope = 2>, %arg9: !nv_tileaa.memref<f32, 1>, %arg10: !nv_tileaa.tiled_view<128x32, !nv_tileaa.memref<?x?xf16, 1>>, %arg11: !nv_tileaa.tiled_view<64, tile<64xf32>, layout = #nv_tileaa.activation_layout<nhwc>>, %arg12: tile<128x!nv_tileaa.ptr<f16, 1>>, %arg13: tile<8x8xindex>, %arg14: tile<f32>, %arg15: tile<4xf8E4M3FN>, %arg16: tile<4xf4E2M1FN>) {
// CHECK-NEXT: nv_tileaa.return
// CHECK-NEXT: }
// CHECK-LABEL: nv_tileaa.func @attrs() attributes {al = [#nv_tileaa.activation_layout<nchw>, #nv_tileaa.activation_layout<nhwc>, #nv_tileaa.activation_layout<ncdhw>, #nv_tileaa.activation_layout<ndhwc>], cc = #nv_tileaa.compute_capability<90>, cc_legacy = #nv_tileaa.compute_capability<100>, cc_sm = #nv_tileaa.compute_capability<120>, cm = [#nv_tileaa.cache_modifier<none>, #nv_tileaa.cache_modifier<ca>, #nv_tileaa.cache_modifier<cg>, #nv_tileaa.cache_modifier<cs>, #nv_tileaa.cache_modifier<lu>, #nv_tileaa.cache_modifier<cv>], cp = #nv_tileaa.conv_params<stride = [2, 2], padding = [1, 0], dilation = [1, 1]>, cp_partial = #nv_tileaa.conv_params<stride = [], padding = [], dilation = [2]>, ep = [#nv_tileaa.eviction_policy<none>, #nv_tileaa.eviction_policy<first>, #nv_tileaa.eviction_policy<last>, #nv_tileaa.eviction_policy<normal>], kernel = #nv_tileaa.kernel_spec<{num_ctas = 1 : i32, num_warps = 4 : i32}>, ms = [#nv_tileaa.mem_semantic<weak>, #nv_tileaa.mem_semantic<relaxed>, #nv_tileaa.mem_semantic<acquire>, #nv_tileaa.mem_semantic<release>, #nv_tileaa.mem_semantic<acq_rel>], pn = [#nv_tileaa.propagate_nan<none>, #nv_tileaa.propagate_nan<all>], preds = [#nv_tileaa.div_by<16>, #nv_tileaa.div_by<4, every 8 along 0>, #nv_tileaa.bounded<0, ?>, #nv_tileaa.bounded<?, ?>, #nv_tileaa.same_elements<[1, 2]>], pv = [#nv_tileaa.padding_value<zero>, #nv_tileaa.padding_value<neg_zero>, #nv_tileaa.padding_value<nan>, #nv_tileaa.padding_value<pos_inf>, #nv_tileaa.padding_value<neg_inf>], rm = [#nv_tileaa.rounding_mode<rn>, #nv_tileaa.rounding_mode<rz>, #nv_tileaa.rounding_mode<rm>, #nv_tileaa.rounding_mode<rp>, #nv_tileaa.rounding_mode<approx>, #nv_tileaa.rounding_mode<full>], rmw = [#nv_tileaa.rmw_mode<add>, #nv_tileaa.rmw_mode<and>, #nv_tileaa.rmw_mode<or>, #nv_tileaa.rmw_mode<xor>, #nv_tileaa.rmw_mode<xchg>, #nv_tileaa.rmw_mode<min>, #nv_tileaa.rmw_mode<max>, #nv_tileaa.rmw_mode<umin>, #nv_tileaa.rmw_mode<umax>, #nv_tileaa.rmw_mode<addf>], sc = [#nv_tileaa.mem_scope<tl_blk>, #nv_tileaa.mem_scope<cluster>, #nv_tileaa.mem_scope<gpu>, #nv_tileaa.mem_scope<sys>], sg = [#nv_tileaa.signedness<signed>, #nv_tileaa.signedness<unsigned>], target = #nv_tileaa.target_spec<{compute_capability = #nv_tileaa.compute_capability<100>, num_sms = 132 : i32}>} {
// CHECK-NEXT: nv_tileaa.return
// CHECK-NEXT: }
nv_tileaa.func @types(%p: !nv_tileaa.ptr<f32, 1>, %p3: !nv_tileaa.ptr<bf16, 3>, %pd: !nv_tileaa.ptr<i8>, %pid: !nv_tileaa.program_id, %tok: !nv_tileaa.mem_token, %q: !nv_tileaa.queue<tile<16xf32>, i32>, %qi: !nv_tileaa.queue<isolated>, %m: !nv_tileaa.memref<?x?xf16, 1>, %ms: !nv_tileaa.memref<4x?xf32, 3, strides = [?, 1], alias_scope = 2>, %m0: !nv_tileaa.memref<f32, 1>, %tv: !nv_tileaa.tiled_view<128x32, !nv_tileaa.memref<?x?xf16, 1>>, %tvl: !nv_tileaa.tiled_view<64, tile<64xf32>, layout = #nv_tileaa.activation_layout<nhwc>>, %tp: !nv_tileaa.tile<128x!nv_tileaa.ptr<f16, 1>>, %ti: tile<8x8xindex>, %t0: tile<f32>, %f8: tile<4xf8E4M3FN>, %f4: tile<4xf4E2M1FN>) {
  nv_tileaa.return
}

nv_tileaa.func @attrs() attributes {
    cc = #nv_tileaa.compute_capability<90>,
    cc_legacy = #nv_tileaa<compute-capability<100>>,
    cc_sm = #nv_tileaa.compute_capability<sm_120>,
    target = #nv_tileaa.target_spec<{compute_capability = #nv_tileaa.compute_capability<100>, num_sms = 132 : i32}>,
    kernel = #nv_tileaa.kernel_spec<{num_warps = 4 : i32, num_ctas = 1 : i32}>,
    cm = [#nv_tileaa.cache_modifier<none>, #nv_tileaa.cache_modifier<ca>, #nv_tileaa.cache_modifier<cg>, #nv_tileaa.cache_modifier<cs>, #nv_tileaa.cache_modifier<lu>, #nv_tileaa.cache_modifier<cv>],
    ep = [#nv_tileaa.eviction_policy<none>, #nv_tileaa.eviction_policy<first>, #nv_tileaa.eviction_policy<last>, #nv_tileaa.eviction_policy<normal>],
    ms = [#nv_tileaa.mem_semantic<weak>, #nv_tileaa.mem_semantic<relaxed>, #nv_tileaa.mem_semantic<acquire>, #nv_tileaa.mem_semantic<release>, #nv_tileaa.mem_semantic<acq_rel>],
    sc = [#nv_tileaa.mem_scope<tl_blk>, #nv_tileaa.mem_scope<cluster>, #nv_tileaa.mem_scope<gpu>, #nv_tileaa.mem_scope<sys>],
    rmw = [#nv_tileaa.rmw_mode<add>, #nv_tileaa.rmw_mode<and>, #nv_tileaa.rmw_mode<or>, #nv_tileaa.rmw_mode<xor>, #nv_tileaa.rmw_mode<xchg>, #nv_tileaa.rmw_mode<min>, #nv_tileaa.rmw_mode<max>, #nv_tileaa.rmw_mode<umin>, #nv_tileaa.rmw_mode<umax>, #nv_tileaa.rmw_mode<addf>],
    rm = [#nv_tileaa.rounding_mode<rn>, #nv_tileaa.rounding_mode<rz>, #nv_tileaa.rounding_mode<rm>, #nv_tileaa.rounding_mode<rp>, #nv_tileaa.rounding_mode<approx>, #nv_tileaa.rounding_mode<full>],
    pn = [#nv_tileaa.propagate_nan<none>, #nv_tileaa.propagate_nan<all>],
    sg = [#nv_tileaa.signedness<signed>, #nv_tileaa.signedness<unsigned>],
    pv = [#nv_tileaa.padding_value<zero>, #nv_tileaa.padding_value<neg_zero>, #nv_tileaa.padding_value<nan>, #nv_tileaa.padding_value<pos_inf>, #nv_tileaa.padding_value<neg_inf>],
    al = [#nv_tileaa.activation_layout<nchw>, #nv_tileaa.activation_layout<nhwc>, #nv_tileaa.activation_layout<ncdhw>, #nv_tileaa.activation_layout<ndhwc>],
    cp = #nv_tileaa.conv_params<stride = [2, 2], padding = [1, 0], dilation = [1, 1]>,
    cp_partial = #nv_tileaa.conv_params<dilation = [2]>,
    preds = [#nv_tileaa.div_by<16>, #nv_tileaa.div_by<4, every 8 along 0>, #nv_tileaa.bounded<0, ?>, #nv_tileaa.bounded<?, ?>, #nv_tileaa.same_elements<[1, 2]>]} {
  nv_tileaa.return
}
