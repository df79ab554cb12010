/* test_nv_tileaa.c — unit tests of the nv_tileaa dialect
 * (lib/dialect/nv_tileaa): types uniqued on exactly the seed's keys (and
 * program_id / mem_token as single canonical instances), print/parse round
 * trips, the legacy `compute-capability` spelling, the op table, the
 * "no cuda_tile ops left" module check, and no crash on every prefix of a
 * sample input. */
#include "unit.h"

#include "asm/asm.h"
#include "dialect/dialects.h"
#include "dialect/nv_tileaa/aa.h"

#include "unit_ctx.h"

static const IrType *ty(IrContext *ctx, const char *s) {
  return asm_parse_type_str(ctx, s, strlen(s));
}
static const IrAttr *at(IrContext *ctx, const char *s) {
  return asm_parse_attr_str(ctx, s, strlen(s));
}

static char *type_str(const IrType *t) {
  StrBuf b = {0};
  asm_print_type_str(&b, t);
  return sb_take(&b);
}
static char *attr_str(const IrAttr *a) {
  StrBuf b = {0};
  asm_print_attr_str(&b, a);
  return sb_take(&b);
}

static void test_uniquing(void) {
  IrContext *ctx = new_ctx();
  const IrType *f32 = ir_float_type(ctx, IR_F32), *f16 = ir_float_type(ctx, IR_F16);
  /* parameterless: one canonical instance, recognisable by pointer identity */
  CHECK(aa_mem_token_type(ctx) == aa_mem_token_type(ctx));
  CHECK(aa_program_id_type(ctx) == aa_program_id_type(ctx));
  CHECK(aa_mem_token_type(ctx) != aa_program_id_type(ctx));
  CHECK(ty(ctx, "!nv_tileaa.mem_token") == aa_mem_token_type(ctx));
  CHECK(ty(ctx, "!nv_tileaa.program_id") == aa_program_id_type(ctx));
  /* ptr: (pointee, address space) */
  CHECK(aa_ptr_type(ctx, f32, 1) == aa_ptr_type(ctx, f32, 1));
  CHECK(aa_ptr_type(ctx, f32, 1) != aa_ptr_type(ctx, f32, 3));
  CHECK(aa_ptr_type(ctx, f32, 1) != aa_ptr_type(ctx, f16, 1));
  CHECK(ty(ctx, "!nv_tileaa.ptr<f32>") == aa_ptr_type(ctx, f32, 1));
  /* queue: (result types, isolated flag) */
  const IrType *ts[2] = {f32, f16};
  CHECK(aa_queue_type(ctx, ts, 2, false) == aa_queue_type(ctx, ts, 2, false));
  CHECK(aa_queue_type(ctx, ts, 2, false) != aa_queue_type(ctx, ts, 2, true));
  CHECK(aa_queue_type(ctx, ts, 2, false) != aa_queue_type(ctx, ts, 1, false));
  /* memref: (element, shape, strides, address space, alias scope) */
  int64_t sh[2] = {IR_DYNAMIC, 8}, st[2] = {IR_DYNAMIC, 1}, st2[2] = {8, 1};
  const IrType *m = aa_memref_type(ctx, f16, sh, 2, st, 2, 1, 7);
  CHECK(m == aa_memref_type(ctx, f16, sh, 2, st, 2, 1, 7));
  CHECK(m != aa_memref_type(ctx, f16, sh, 2, st2, 2, 1, 7));
  CHECK(m != aa_memref_type(ctx, f16, sh, 2, st, 2, 3, 7));
  CHECK(m != aa_memref_type(ctx, f16, sh, 2, st, 2, 1, 6));
  CHECK(m != aa_memref_type(ctx, f16, sh, 2, st, 2, 1, -1));
  CHECK(m != aa_memref_type(ctx, f32, sh, 2, st, 2, 1, 7));
  CHECK(ty(ctx, "!nv_tileaa.memref<?x8xf16, 1, strides = [?, 1], alias_scope = 7>") == m);
  CHECK_EQ_INT(aa_memref_rank(m), 2);
  CHECK_EQ_INT(aa_memref_alias_scope(m), 7);
  CHECK_EQ_INT(aa_memref_strides(m)[1], 1);
  /* tiled_view: (source, shape, layout) */
  int64_t tshape[2] = {128, 32};
  const IrType *v = aa_tiled_view_type(ctx, m, tshape, 2, NULL);
  CHECK(v == aa_tiled_view_type(ctx, m, tshape, 2, NULL));
  CHECK(v != aa_tiled_view_type(ctx, m, tshape, 1, NULL));
  CHECK(v != aa_tiled_view_type(ctx, m, tshape, 2, ir_unit_attr(ctx)));
  /* tiles of pointers and of index */
  int64_t n = 128;
  const IrType *tp = aa_tile_type(ctx, &n, 1, aa_ptr_type(ctx, f16, 1));
  CHECK(ty(ctx, "!nv_tileaa.tile<128x!nv_tileaa.ptr<f16, 1>>") == tp);
  CHECK(ty(ctx, "!nv_tileaa.tile<128xindex>") == aa_tile_type(ctx, &n, 1, ir_index_type(ctx)));
  ir_context_destroy(ctx);
}

static void test_print(void) {
  IrContext *ctx = new_ctx();
  static const char *const round[] = {
      "!nv_tileaa.ptr<f32, 1>",
      "!nv_tileaa.program_id",
      "!nv_tileaa.mem_token",
      "!nv_tileaa.queue<tile<16xf32>, i32, isolated>",
      "!nv_tileaa.queue<isolated>",
      "!nv_tileaa.memref<?x?xf16, 1>",
      "!nv_tileaa.memref<4x?xf32, 3, strides = [?, 1], alias_scope = 2>",
      "!nv_tileaa.tiled_view<128x32, !nv_tileaa.memref<?x?xf16, 1>>",
      "!nv_tileaa.tile<128x!nv_tileaa.ptr<f16, 1>>",
      "!nv_tileaa.tile<f32>",
      NULL};
  for (int i = 0; round[i]; i++) {
    const IrType *t = ty(ctx, round[i]);
    CHECK(t != NULL);
    if (!t) continue;
    char *s = type_str(t);
    CHECK_STREQ(s, round[i]);
    free(s);
  }
  ir_context_destroy(ctx);
}

static void test_attrs(void) {
  IrContext *ctx = new_ctx();
  const IrAttr *cc = at(ctx, "#nv_tileaa.compute_capability<100>");
  CHECK(cc != NULL);
  CHECK(at(ctx, "#nv_tileaa<compute-capability<100>>") == cc);
  CHECK(at(ctx, "#nv_tileaa.compute_capability<sm_100>") == cc);
  CHECK(cc == aa_compute_capability_attr(ctx, 100));
  char *s = attr_str(at(ctx, "#nv_tileaa<compute-capability<90>>"));
  CHECK_STREQ(s, "#nv_tileaa.compute_capability<90>");
  free(s);
  const IrAttr *e = at(ctx, "#nv_tileaa.mem_scope<cluster>");
  CHECK_EQ_INT(aa_enum_value(e, &aa_enum_mem_scope), 1);
  CHECK_EQ_INT(aa_enum_value(e, &aa_enum_mem_semantic), -1);
  CHECK(aa_enum_attr(ctx, &aa_enum_mem_scope, 1) == e);
  CHECK(aa_enum_attr(ctx, &aa_enum_mem_scope, 9) == NULL);
  /* enums are closed sets */
  sb_clear(&diags);
  CHECK(at(ctx, "#nv_tileaa.mem_scope<device>") == NULL);
  CHECK(strstr(sb_cstr(&diags), "expected mem_scope to be one of: tl_blk, cluster, gpu, sys") != NULL);
  CHECK(at(ctx, "#nv_tileaa.not_an_attr<1>") == NULL);
  CHECK(at(ctx, "#nv_tileaa.conv_params<stride = [1], stride = [2]>") == NULL);
  s = attr_str(at(ctx, "#nv_tileaa.div_by<16, along 1>"));
  CHECK_STREQ(s, "#nv_tileaa.div_by<16, along 1>");
  free(s);
  ir_context_destroy(ctx);
}

static void test_ops_table(void) {
  IrContext *ctx = new_ctx();
  CHECK(ir_op_info_find(ctx, "nv_tileaa.tiled_load", 20) == aa_op(tiled_load));
  CHECK(ir_op_info_find(ctx, "nv_tileaa.queue.yield", 21) == aa_op(queue_yield));
  for (int i = 0; i < AA_OP_COUNT; i++) {
    CHECK(aa_op_infos[i].parse != NULL && aa_op_infos[i].print != NULL);
    CHECK(aa_desc(&aa_op_infos[i]) != NULL);
  }
  ir_context_destroy(ctx);
}

static const char *const mixed =
    "nv_tileaa.func @f(%a: i32) {\n"
    "  nv_tileaa.return\n"
    "}\n"
    "cuda_tile.module @m {\n"
    "  entry @k() {\n"
    "    return\n"
    "  }\n"
    "}\n";

static void test_module_check(void) {
  IrContext *ctx = new_ctx();
  IrOp *m = asm_parse_buffer(ctx, "mixed.mlir", mixed, strlen(mixed), NULL);
  CHECK(m != NULL);
  if (m) {
    CHECK(ir_verify(m));
    sb_clear(&diags);
    CHECK(!aa_verify_module(m));
    CHECK(strstr(sb_cstr(&diags), "cuda_tile operation is not allowed in an nv_tileaa module") != NULL);
    ir_op_destroy(m);
  }
  const char *ok = "nv_tileaa.func @f() {\n  nv_tileaa.return\n}\n";
  m = asm_parse_buffer(ctx, "ok.mlir", ok, strlen(ok), NULL);
  CHECK(m && aa_verify_module(m));
  if (m) ir_op_destroy(m);
  ir_context_destroy(ctx);
}

/* Every prefix of a sample input parses or fails cleanly. */
static void test_prefixes(void) {
  static const char *const sample =
      "nv_tileaa.func @g(%p: !nv_tileaa.ptr<f32, 1>, %m: !nv_tileaa.memref<?x?xf32, 1>, %i: index) {\n"
      "  %t0 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token\n"
      "  %v, %t1 = nv_tileaa.tiled_load %m[%i, %i], %t0 {operandSegmentSizes = array<i32: 1, 2, 0, 0>} : !nv_tileaa.memref<?x?xf32, 1>, index, index, !nv_tileaa.mem_token -> tile<4x4xf32>, !nv_tileaa.mem_token\n"
      "  %r = nv_tileaa.reduce %v attributes {axis = 0 : i32} : tile<4x4xf32> -> tile<4xf32> {\n"
      "  ^bb0(%a: f32, %b: f32):\n"
      "    %s = nv_tileaa.addf %a, %b : f32, f32 -> f32\n"
      "    nv_tileaa.yield %s : f32\n"
      "  }\n"
      "  nv_tileaa.call @g(%p, %m, %i) : (!nv_tileaa.ptr<f32, 1>, !nv_tileaa.memref<?x?xf32, 1>, index) -> ()\n"
      "  nv_tileaa.return\n"
      "}\n";
  size_t len = strlen(sample);
  IrContext *ctx = new_ctx();
  for (size_t n = 0; n <= len; n++) {
    char *buf = xstrndup(sample, n);
    IrOp *m = asm_parse_buffer(ctx, "prefix.mlir", buf, n, NULL);
    if (m) {
      (void)ir_verify(m);
      ir_op_destroy(m);
    }
    ir_ctx_clear_sources(ctx);
    free(buf);
  }
  IrOp *m = asm_parse_buffer(ctx, "full.mlir", sample, len, NULL);
  CHECK(m != NULL);
  if (m) {
    CHECK(ir_verify(m));
    ir_op_destroy(m);
  }
  ir_context_destroy(ctx);
}

UNIT_MAIN {
  test_uniquing();
  test_print();
  test_attrs();
  test_ops_table();
  test_module_check();
  test_prefixes();
  sb_free(&diags);
}
