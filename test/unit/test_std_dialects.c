/* test_std_dialects.c — unit tests of the arith, math and scf dialects
 * (lib/dialect/arith, math, scf) through their public headers, the way a
 * conversion uses them: ir_shaped_with_elem on every shaped kind, the
 * builders (constants, binary ops, compares on nv_tileaa / cuda_tile tiles,
 * casts, selects, math ops, scf.for / if / while / execute_region) checked
 * by the verifier and the printer, the accessors, and a census of the op
 * rows (every row has its hooks; IR_TRAIT_DEFAULT_PROPS exactly on the rows
 * whose format has a default-valued flag). */
#include "unit.h"

#include "asm/asm.h"
#include "dialect/arith/arith.h"
#include "dialect/std/std_ops.h"
#include "dialect/dialects.h"
#include "dialect/math/math.h"
#include "dialect/scf/scf.h"

static StrBuf diags;

static void capture(void *user, const IrDiag *d) {
  (void)user;
  sb_puts(&diags, sb_cstr((StrBuf *)&d->msg));
  sb_putc(&diags, '\n');
}

static IrContext *new_ctx(void) {
  IrContext *ctx = ir_context_create();
  ctile_register_all(ctx);
  ir_ctx_allow_unregistered(ctx, true);
  ir_ctx_set_diag_handler(ctx, capture, NULL);
  sb_clear(&diags);
  return ctx;
}

static const IrType *ty(IrContext *ctx, const char *s) {
  return asm_parse_type_str(ctx, s, strlen(s));
}

static char *type_str(const IrType *t) {
  StrBuf b = {0};
  asm_print_type_str(&b, t);
  return sb_take(&b);
}

/* An unregistered "test.src" op producing one value of type t, appended to b. */
static IrValue *source(IrContext *ctx, IrBlock *b, const IrType *t) {
  IrOpState st;
  ir_op_state_init(&st, ctx, ir_op_info_lookup(ctx, "test.src", 8), ir_unknown_loc(ctx));
  vec_push(&st.result_types, t);
  IrOp *op = ir_op_create(&st);
  ir_op_state_free(&st);
  ir_block_append(b, op);
  return ir_op_result(op, 0);
}

static char *print_module(IrOp *m) {
  StrBuf b = {0};
  AsmPrintOptions o = {0};
  asm_print_op_to(&b, m, &o);
  return sb_take(&b);
}

static void test_shaped_with_elem(void) {
  IrContext *ctx = new_ctx();
  const IrType *i1 = ir_integer_type(ctx, 1, IR_SIGNLESS);
  static const char *const in[] = {"tensor<4x?xf32>", "vector<[4]x2xf32>", "tensor<*xf32>",
                                   "!cuda_tile.tile<4x8xf32>", "!nv_tileaa.tile<4x8xf32>", "f32"};
  static const char *const out[] = {"tensor<4x?xi1>", "vector<[4]x2xi1>", "tensor<*xi1>",
                                    "!cuda_tile.tile<4x8xi1>", "!nv_tileaa.tile<4x8xi1>", "i1"};
  for (size_t i = 0; i < sizeof in / sizeof in[0]; i++) {
    const IrType *t = ty(ctx, in[i]);
    CHECK(t != NULL);
    char *s = type_str(ir_shaped_with_elem(ctx, t, i1));
    CHECK_STREQ(s, out[i]);
    free(s);
    /* back to the original element: the same uniqued type */
    CHECK(ir_shaped_with_elem(ctx, ir_shaped_with_elem(ctx, t, i1), ir_type_elem_or_self(t)) == t);
  }
  CHECK(ir_type_is_shaped(ty(ctx, "!nv_tileaa.tile<2xi32>")));
  CHECK(!ir_type_is_shaped(ty(ctx, "!nv_tileaa.ptr<f32>")));
  CHECK(ir_type_same_shape(ty(ctx, "tensor<4x8xf32>"), ty(ctx, "!nv_tileaa.tile<4x8xi1>")));
  CHECK(!ir_type_same_shape(ty(ctx, "tensor<4x8xf32>"), ty(ctx, "tensor<8x4xf32>")));
  CHECK(!ir_type_same_shape(ty(ctx, "tensor<4xf32>"), ty(ctx, "f32")));
  ir_context_destroy(ctx);
}

static void test_arith_builders(void) {
  IrContext *ctx = new_ctx();
  IrOp *m = ir_module_create(ctx, ir_unknown_loc(ctx));
  IrBlock *b = ir_module_body(m);
  const IrType *tile = ty(ctx, "!nv_tileaa.tile<4x8xf32>");
  const IrType *itile = ty(ctx, "!cuda_tile.tile<4x8xi32>");
  const IrType *i32 = ir_integer_type(ctx, 32, IR_SIGNLESS);
  IrValue *x = source(ctx, b, tile), *n = source(ctx, b, itile);
  IrOp *c = arith_build_constant_int(ctx, NULL, i32, 42);
  IrOp *cf = arith_build_constant_float(ctx, NULL, tile, 1.5);
  IrOp *ct = arith_build_constant_int(ctx, NULL, ir_integer_type(ctx, 1, IR_SIGNLESS), 1);
  IrOp *add = arith_build_binary(ctx, NULL, ARITH_OP_addf, x, ir_op_result(cf, 0));
  ir_op_set_prop(add, "fastmath", arith_fastmath_attr(ctx, ARITH_FM_NNAN | ARITH_FM_NINF));
  IrOp *cmp = arith_build_cmpf(ctx, NULL, ARITH_CMPF_OLT, x, ir_op_result(add, 0));
  IrOp *sel = arith_build_select(ctx, NULL, ir_op_result(cmp, 0), x, ir_op_result(add, 0));
  IrOp *cmpi = arith_build_cmpi(ctx, NULL, ARITH_CMPI_SGE, n, n);
  IrOp *cast = arith_build_cast(ctx, NULL, ARITH_OP_sitofp, n, ty(ctx, "!cuda_tile.tile<4x8xf32>"));
  IrValue *ops[3] = {x, x, x};
  IrOp *fma = math_build(ctx, NULL, MATH_OP_fma, ops, 3);
  IrOp *nan = math_build(ctx, NULL, MATH_OP_isnan, ops, 1);
  IrOp *all[] = {c, cf, ct, add, cmp, sel, cmpi, cast, fma, nan};
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
    CHECK(all[i] != NULL);
    ir_block_append(b, all[i]);
  }
  /* the addi default (overflow none) was added at creation */
  IrValue *cv = ir_op_result(c, 0);
  IrOp *addi = arith_build_binary(ctx, NULL, ARITH_OP_addi, cv, cv);
  ir_block_append(b, addi);
  CHECK(ir_op_attrz(addi, "overflowFlags") == arith_overflow_attr(ctx, 0));
  CHECK_EQ_INT(arith_op_fastmath(add), ARITH_FM_NNAN | ARITH_FM_NINF);
  CHECK_EQ_INT(arith_op_predicate(cmpi), ARITH_CMPI_SGE);
  CHECK(arith_op_index(cmpi) == ARITH_OP_cmpi && math_op_index(cmpi) == -1);
  CHECK(math_op_is(nan, MATH_OP_isnan) && math_op_index(nan) == MATH_OP_isnan);
  CHECK(arith_constant_value(cv) == ir_integer_attr(ctx, i32, 42));
  CHECK(ir_verify(m));
  CHECK_STREQ(diags.s, NULL);
  char *text = print_module(m);
  CHECK(strstr(text, "%c42_i32 = arith.constant 42 : i32") != NULL);
  CHECK(strstr(text, "%true = arith.constant true") != NULL);
  CHECK(strstr(text, "%cst = arith.constant dense<1.500000e+00> : !nv_tileaa.tile<4x8xf32>") != NULL);
  CHECK(strstr(text, "arith.addf %0, %cst fastmath<nnan,ninf> : !nv_tileaa.tile<4x8xf32>") != NULL);
  CHECK(strstr(text, "arith.cmpf olt, %0, %2 : !nv_tileaa.tile<4x8xf32>") != NULL);
  CHECK(strstr(text, "arith.select %3, %0, %2 : !nv_tileaa.tile<4x8xi1>, !nv_tileaa.tile<4x8xf32>") != NULL);
  CHECK(strstr(text, "arith.cmpi sge, %1, %1 : !cuda_tile.tile<4x8xi32>") != NULL);
  CHECK(strstr(text, "math.isnan %0 : !nv_tileaa.tile<4x8xf32>") != NULL);
  CHECK(ir_op_result(cmpi, 0)->type == ty(ctx, "!cuda_tile.tile<4x8xi1>"));
  free(text);
  ir_op_destroy(m);
  ir_context_destroy(ctx);
}

static void test_scf_builders(void) {
  IrContext *ctx = new_ctx();
  IrOp *m = ir_module_create(ctx, ir_unknown_loc(ctx));
  IrBlock *b = ir_module_body(m);
  const IrType *idx = ir_index_type(ctx), *f32 = ir_float_type(ctx, IR_F32);
  const IrType *i1 = ir_integer_type(ctx, 1, IR_SIGNLESS);
  IrValue *lb = source(ctx, b, idx), *x = source(ctx, b, f32), *c = source(ctx, b, i1);
  /* for with one iter arg: body adds x, yields */
  IrOp *loop = scf_build_for(ctx, NULL, lb, lb, lb, &x, 1);
  ir_block_append(b, loop);
  IrBlock *body = scf_body(loop, 0);
  CHECK_EQ_INT(body->nargs, 2);
  IrOp *add = arith_build_binary(ctx, NULL, ARITH_OP_addf, body->args[1], x);
  ir_block_append(body, add);
  IrValue *sum = ir_op_result(add, 0);
  ir_block_append(body, scf_build_yield(ctx, NULL, &sum, 1));
  /* if/else with one result */
  IrOp *iff = scf_build_if(ctx, NULL, c, &f32, 1, true);
  ir_block_append(b, iff);
  IrValue *r0 = ir_op_result(loop, 0);
  ir_block_append(scf_body(iff, 0), scf_build_yield(ctx, NULL, &r0, 1));
  ir_block_append(scf_body(iff, 1), scf_build_yield(ctx, NULL, &x, 1));
  /* while: before forwards its arg under c, after yields it back */
  IrOp *wh = scf_build_while(ctx, NULL, &x, 1, &f32, 1);
  ir_block_append(b, wh);
  IrValue *barg = scf_body(wh, 0)->args[0], *aarg = scf_body(wh, 1)->args[0];
  ir_block_append(scf_body(wh, 0), scf_build_condition(ctx, NULL, c, &barg, 1));
  ir_block_append(scf_body(wh, 1), scf_build_yield(ctx, NULL, &aarg, 1));
  IrOp *er = scf_build_execute_region(ctx, NULL, &f32, 1);
  ir_block_append(b, er);
  ir_block_append(scf_body(er, 0), scf_build_yield(ctx, NULL, &x, 1));
  CHECK(ir_verify(m));
  CHECK_STREQ(diags.s, NULL);
  char *text = print_module(m);
  CHECK(strstr(text, "%3 = scf.for %arg0 = %0 to %0 step %0 iter_args(%arg1 = %1) -> (f32) {") != NULL);
  CHECK(strstr(text, "%4 = scf.if %2 -> (f32) {") != NULL);
  CHECK(strstr(text, "%5 = scf.while (%arg0 = %1) : (f32) -> f32 {") != NULL);
  CHECK(strstr(text, "scf.condition(%2) %arg0 : f32") != NULL);
  CHECK(strstr(text, "%6 = scf.execute_region -> f32 {") != NULL);
  free(text);
  /* a yield of the wrong type is reported on the loop */
  ir_op_set_operand(body->last, 0, lb);
  sb_clear(&diags);
  CHECK(!ir_verify(m));
  CHECK(diags.s && strstr(diags.s, "0-th region iter_arg and 0-th yielded value have different "
                                   "type: 'f32' != 'index'") != NULL);
  ir_op_destroy(m);
  ir_context_destroy(ctx);
}

typedef struct Census {
  int rows, bad;
} Census;

static void census_row(const IrOpInfo *info, void *user) {
  Census *c = user;
  bool arith = !strncmp(info->name, "arith.", 6), math = !strncmp(info->name, "math.", 5);
  if (!arith && !math && strncmp(info->name, "scf.", 4)) return;
  c->rows++;
  if (!info->parse || !info->print || !info->summary) {
    printf("census: %s lacks a hook\n", info->name);
    c->bad++;
  }
  if (!arith && !math) return;
  const StdOpDesc *d = std_desc(info);
  if (!d || !info->verify) {
    printf("census: %s lacks its descriptor or verifier\n", info->name);
    c->bad++;
    return;
  }
  /* a default-valued flag: overflowFlags anywhere, fastmath except on casts */
  bool def = (d->flags & STD_F_OVF) || ((d->flags & STD_F_FM) && d->kind != STD_K_CAST);
  if (def != ir_op_info_has(info, IR_TRAIT_DEFAULT_PROPS)) {
    printf("census: %s IR_TRAIT_DEFAULT_PROPS disagrees with its flags\n", info->name);
    c->bad++;
  }
}

static void test_census(void) {
  IrContext *ctx = new_ctx();
  Census c = {0};
  ir_ctx_for_each_op_info(ctx, census_row, &c);
  CHECK_EQ_INT(c.rows, ARITH_OP_COUNT + MATH_OP_COUNT + SCF_OP_COUNT);
  CHECK_EQ_INT(c.bad, 0);
  CHECK_EQ_INT(ARITH_OP_COUNT, 48);
  CHECK_EQ_INT(MATH_OP_COUNT, 36);
  CHECK_EQ_INT(SCF_OP_COUNT, 7);
  CHECK_STREQ(arith_cmpi_name(ARITH_CMPI_UGE), "uge");
  CHECK_STREQ(arith_cmpf_name(ARITH_CMPF_TRUE), "true");
  CHECK_STREQ(arith_rounding_name(ARITH_RND_TO_NEAREST_AWAY), "to_nearest_away");
  CHECK(arith_cmpi_name((ArithCmpIPredicate)10) == NULL);
  ir_context_destroy(ctx);
}

UNIT_MAIN {
  test_shaped_with_elem();
  test_arith_builders();
  test_scf_builders();
  test_census();
}
