/* test_materialize.c — unit tests of how one dialect makes another's ops
 * without including its header (issue 12, docs/architecture.md "Layers"):
 * the `materialize_constant` hook on the dialect row (MLIR's
 * Dialect::materializeConstant) as rw_materialize_constant and the greedy
 * driver reach it, its precedence below a materializer registered in the
 * context, arith's and math's rows (arith.constant made by name from the
 * std layer), ops built and matched by registered name
 * (rw_build_named_op, rw_op_is_named), and nv_tileaa's fold_constant_dot,
 * whose folded tile goes through arith's hook. */
#include "unit.h"

#include "asm/asm.h"
#include "dialect/arith/arith.h"
#include "dialect/dialects.h"
#include "dialect/std/std_const.h"
#include "rewrite/rewrite.h"

/* ---- a test dialect "mt" whose row names a materializer ----------------------------- */

static int mt_calls;

/* mt.const for integer attributes only (so a refusal can be tested). */
static IrOp *mt_materialize(RwRewriter *rw, const IrAttr *value, const IrType *type,
                            const IrLoc *loc) {
  mt_calls++;
  if (!ir_attr_is(value, &ir_integer_attr_def) || value->type != type) return NULL;
  IrNamedAttr v = {ir_identz(rw->ctx, "value"), value};
  return rw_build_named_op(rw, "mt.const", loc, NULL, 0, &type, 1,
                           ir_dict_attr(rw->ctx, &v, 1, NULL), NULL);
}

static const char *const mt_const_inherent[] = {"value", NULL};
static const IrOpInfo mt_ops[] = {
    {.name = "mt.const", .traits = IR_TRAIT_CONSTANT_LIKE, .min_operands = 0,
     .max_operands = 0, .min_results = 1, .max_results = 1, .inherent = mt_const_inherent},
    {.name = "mt.id", .min_operands = 1, .max_operands = 1, .min_results = 1,
     .max_results = 1},
};
static const IrDialect mt_dialect = {
    .name = "mt", .ops = mt_ops, .nops = 2, .materialize_constant = mt_materialize};

static int reg_calls;
static IrOp *reg_materialize(RwRewriter *rw, const IrAttr *value, const IrType *type,
                             const IrLoc *loc) {
  (void)rw, (void)value, (void)type, (void)loc;
  reg_calls++;
  return NULL;
}

static IrContext *new_ctx(void) {
  IrContext *ctx = ir_context_create();
  ctile_register_all(ctx);
  ir_register_dialect(ctx, &mt_dialect);
  ir_ctx_allow_unregistered(ctx, true);
  return ctx;
}

/* A module holding one block to build into; the rewriter inserts at its end. */
static IrOp *module_with_block(IrContext *ctx, RwRewriter *rw, IrBlock **b) {
  IrOp *m = asm_parse_buffer(ctx, "m", "module {\n}\n", 11, NULL);
  *b = m ? ir_op_region(m, 0)->first : NULL;
  rw_rewriter_init(rw, ctx, NULL);
  if (*b) rw_set_insertion_point_end(rw, *b);
  return m;
}

static size_t block_len(IrBlock *b) {
  size_t n = 0;
  for (IrOp *o = b->first; o; o = o->next) n++;
  return n;
}

static void test_row_hook(void) {
  IrContext *ctx = new_ctx();
  RwRewriter rw;
  IrBlock *b;
  IrOp *m = module_with_block(ctx, &rw, &b);
  CHECK(m && b);
  if (!m || !b) return;
  const IrType *i32 = ir_integer_type(ctx, 32, IR_SIGNLESS);
  const IrType *f32 = ir_float_type(ctx, IR_F32);
  mt_calls = 0;
  /* any op name of the dialect reaches its row's hook */
  IrOp *c = rw_materialize_constant(&rw, "mt.id", ir_integer_attr(ctx, i32, 7), i32,
                                    ir_unknown_loc(ctx));
  CHECK_EQ_INT(mt_calls, 1);
  CHECK(c && c->info == &mt_ops[0] && c->block == b);
  CHECK(c && rw_constant_value(c) == ir_integer_attr(ctx, i32, 7));
  /* the hook refuses: NULL, nothing inserted */
  CHECK(!rw_materialize_constant(&rw, "mt.const", ir_float_attr(ctx, f32, 1.0), f32,
                                 ir_unknown_loc(ctx)));
  CHECK_EQ_INT(mt_calls, 2);
  CHECK_EQ_INT((long long)block_len(b), 1);
  /* a dialect without a hook (scf) and an unknown dialect: NULL */
  CHECK(!rw_materialize_constant(&rw, "scf.yield", ir_integer_attr(ctx, i32, 1), i32,
                                 ir_unknown_loc(ctx)));
  CHECK(!rw_materialize_constant(&rw, "nodialect.op", ir_integer_attr(ctx, i32, 1), i32,
                                 ir_unknown_loc(ctx)));
  CHECK_EQ_INT((long long)block_len(b), 1);
  /* a materializer registered in the context takes precedence over the row */
  rw_register_constant_materializer(ctx, "mt", reg_materialize);
  reg_calls = 0;
  CHECK(!rw_materialize_constant(&rw, "mt.id", ir_integer_attr(ctx, i32, 3), i32,
                                 ir_unknown_loc(ctx)));
  CHECK_EQ_INT(reg_calls, 1);
  CHECK_EQ_INT(mt_calls, 2);
  ir_op_destroy(m);
  ir_context_destroy(ctx);
}

/* The greedy driver materializes a folded attribute through the row hook:
 * mt2.id folds to its constant operand's attribute. */
static bool mt_fold(IrOp *op, const IrAttr *const *consts, IrFoldResult *results) {
  (void)op;
  if (!consts[0]) return false;
  results[0].attr = consts[0];
  return true;
}

static const IrOpInfo mt2_ops[] = {
    {.name = "mt2.const", .traits = IR_TRAIT_CONSTANT_LIKE, .min_operands = 0,
     .max_operands = 0, .min_results = 1, .max_results = 1, .inherent = mt_const_inherent},
    {.name = "mt2.id", .min_operands = 1, .max_operands = 1, .min_results = 1,
     .max_results = 1, .fold = mt_fold},
};

static int mt2_calls;
static IrOp *mt2_materialize(RwRewriter *rw, const IrAttr *value, const IrType *type,
                             const IrLoc *loc) {
  mt2_calls++;
  IrNamedAttr v = {ir_identz(rw->ctx, "value"), value};
  return rw_build_named_op(rw, "mt2.const", loc, NULL, 0, &type, 1,
                           ir_dict_attr(rw->ctx, &v, 1, NULL), NULL);
}
static const IrDialect mt2_dialect = {
    .name = "mt2", .ops = mt2_ops, .nops = 2, .materialize_constant = mt2_materialize};

static char *print_op(IrOp *op) {
  StrBuf s = {0};
  AsmPrintOptions o = {0};
  o.generic = true;
  asm_print_op_to(&s, op, &o);
  return sb_take(&s);
}

static void test_greedy_uses_row_hook(void) {
  IrContext *ctx = ir_context_create();
  ctile_register_all(ctx);
  ir_register_dialect(ctx, &mt2_dialect);
  RwRewriter rw;
  IrBlock *b;
  IrOp *m = module_with_block(ctx, &rw, &b);
  CHECK(m && b);
  if (!m || !b) return;
  const IrType *i32 = ir_integer_type(ctx, 32, IR_SIGNLESS);
  IrNamedAttr v = {ir_identz(ctx, "value"), ir_integer_attr(ctx, i32, 5)};
  IrOp *c = rw_build_op(&rw, &mt2_ops[0], ir_unknown_loc(ctx), NULL, 0, &i32, 1,
                        ir_dict_attr(ctx, &v, 1, NULL), NULL);
  IrValue *cv = ir_op_result(c, 0);
  IrOp *id = rw_build_op(&rw, &mt2_ops[1], ir_unknown_loc(ctx), &cv, 1, &i32, 1, NULL, NULL);
  IrValue *idv = ir_op_result(id, 0);
  /* an (unregistered) user keeps the folded value alive */
  ir_ctx_allow_unregistered(ctx, true);
  IrOp *use = rw_build_op(&rw, ir_op_info_lookup(ctx, "test.use", 8), ir_unknown_loc(ctx),
                          &idv, 1, NULL, 0, NULL, NULL);
  CHECK(use != NULL);
  mt2_calls = 0;
  RwPatternSet set;
  rw_pattern_set_init(&set, ctx);
  RwGreedyConfig cfg;
  rw_greedy_config_init(&cfg);
  rw_apply_patterns_greedily(m, &set, &cfg, NULL);
  rw_pattern_set_free(&set);
  CHECK_EQ_INT(mt2_calls, 1);
  char *s = print_op(m);
  CHECK(strstr(s, "mt2.id") == NULL);
  CHECK(strstr(s, "\"test.use\"(%0)") != NULL);
  free(s);
  ir_op_destroy(m);
  ir_context_destroy(ctx);
}

/* arith's and math's rows: arith.constant, built by name in the std layer. */
static void test_arith_math_rows(void) {
  IrContext *ctx = new_ctx();
  RwRewriter rw;
  IrBlock *b;
  IrOp *m = module_with_block(ctx, &rw, &b);
  CHECK(m && b);
  if (!m || !b) return;
  const IrDialect *ad = ir_lookup_dialect(ctx, "arith", 5);
  const IrDialect *md = ir_lookup_dialect(ctx, "math", 4);
  CHECK(ad && ad->materialize_constant == std_materialize_constant);
  CHECK(md && md->materialize_constant == std_materialize_constant);
  const IrType *i16 = ir_integer_type(ctx, 16, IR_SIGNLESS);
  const IrType *i1 = ir_integer_type(ctx, 1, IR_SIGNLESS);
  IrOp *c = rw_materialize_constant(&rw, "math.absi", ir_integer_attr(ctx, i16, -3), i16,
                                    ir_unknown_loc(ctx));
  CHECK(c && arith_op_is(c, ARITH_OP_constant));
  CHECK(c && arith_constant_value(ir_op_result(c, 0)) == ir_integer_attr(ctx, i16, -3));
  /* a bool attribute makes an i1 constant; a type mismatch is refused */
  c = rw_materialize_constant(&rw, "arith.addi", ir_bool_attr(ctx, true), i1,
                              ir_unknown_loc(ctx));
  CHECK(c && ir_op_result(c, 0)->type == i1);
  CHECK(!rw_materialize_constant(&rw, "arith.addi", ir_integer_attr(ctx, i16, 1), i1,
                                 ir_unknown_loc(ctx)));
  CHECK_EQ_INT((long long)block_len(b), 2);
  ir_op_destroy(m);
  ir_context_destroy(ctx);
}

/* Ops built and matched by their registered names. */
static void test_named_ops(void) {
  IrContext *ctx = new_ctx();
  RwRewriter rw;
  IrBlock *b;
  IrOp *m = module_with_block(ctx, &rw, &b);
  CHECK(m && b);
  if (!m || !b) return;
  const IrType *i32 = ir_integer_type(ctx, 32, IR_SIGNLESS);
  IrOp *k = arith_build_constant_int(ctx, NULL, i32, 2);
  rw_insert_op(&rw, k);
  IrValue *ops[2] = {ir_op_result(k, 0), ir_op_result(k, 0)};
  IrOp *add = rw_build_named_op(&rw, "arith.addi", ir_unknown_loc(ctx), ops, 2, &i32, 1, NULL,
                                NULL);
  CHECK(add && arith_op_is(add, ARITH_OP_addi));
  /* the dialect's defaults are filled in as for any created op */
  CHECK(add && ir_op_attrz(add, "overflowFlags") == arith_overflow_attr(ctx, 0));
  CHECK(rw_op_is_named(add, "arith.addi"));
  CHECK(!rw_op_is_named(add, "arith.addf"));
  CHECK(!rw_op_is_named(NULL, "arith.addi"));
  /* not registered: nothing is built; an unregistered op never matches */
  CHECK(!rw_build_named_op(&rw, "arith.nosuchop", ir_unknown_loc(ctx), ops, 2, &i32, 1, NULL,
                           NULL));
  CHECK_EQ_INT((long long)block_len(b), 2);
  IrOp *u = rw_build_op(&rw, ir_op_info_lookup(ctx, "arith.nosuchop", 14), ir_unknown_loc(ctx),
                        ops, 2, &i32, 1, NULL, NULL);
  CHECK(u && !rw_op_is_named(u, "arith.nosuchop"));
  ir_op_destroy(m);
  ir_context_destroy(ctx);
}

/* nv_tileaa's fold_constant_dot materializes its folded tile through the
 * arith dialect's hook: a counting materializer registered for "arith" (it
 * takes precedence over the row) sees the call; when it refuses, the dot
 * stays. */
static int arith_calls;
static bool arith_refuse;
static IrOp *counting_materialize(RwRewriter *rw, const IrAttr *value, const IrType *type,
                                  const IrLoc *loc) {
  arith_calls++;
  return arith_refuse ? NULL : std_materialize_constant(rw, value, type, loc);
}

static char *canonicalize_dot(bool refuse) {
  static const char src[] =
      "nv_tileaa.func @dot() -> tile<2x2xi32> {\n"
      "  %ka = arith.constant dense<[[1, 2], [3, 4]]> : !nv_tileaa.tile<2x2xi8>\n"
      "  %kc = arith.constant dense<[[10, 20], [30, 40]]> : !nv_tileaa.tile<2x2xi32>\n"
      "  %0 = nv_tileaa.dot %ka, %ka, %kc {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} "
      ": tile<2x2xi8>, tile<2x2xi8>, tile<2x2xi32> -> tile<2x2xi32>\n"
      "  nv_tileaa.return %0 : tile<2x2xi32>\n"
      "}\n";
  IrContext *ctx = ir_context_create();
  ctile_register_all(ctx);
  rw_register_constant_materializer(ctx, "arith", counting_materialize);
  arith_refuse = refuse;
  IrOp *m = asm_parse_buffer(ctx, "dot", src, sizeof src - 1, NULL);
  CHECK(m != NULL);
  if (!m) {
    ir_context_destroy(ctx);
    return NULL;
  }
  RwGreedyConfig cfg;
  rw_greedy_config_init(&cfg);
  cfg.top_down = true;
  RwPatternSet set;
  rw_pattern_set_init(&set, ctx);
  rw_collect_canonicalization_patterns(ctx, &set);
  rw_apply_patterns_greedily(m, &set, &cfg, NULL);
  rw_pattern_set_free(&set);
  StrBuf s = {0};
  AsmPrintOptions o = {0};
  asm_print_op_to(&s, m, &o);
  ir_op_destroy(m);
  ir_context_destroy(ctx);
  return sb_take(&s);
}

static void test_nv_tileaa_dot_fold(void) {
  arith_calls = 0;
  char *s = canonicalize_dot(false);
  CHECK(arith_calls >= 1);
  /* [[1,2],[3,4]]^2 + [[10,20],[30,40]] */
  CHECK(s && strstr(s, "arith.constant dense<[[17, 30], [45, 62]]> : !nv_tileaa.tile<2x2xi32>"));
  CHECK(s && !strstr(s, "nv_tileaa.dot"));
  free(s);
  arith_calls = 0;
  s = canonicalize_dot(true);
  CHECK(arith_calls >= 1);
  CHECK(s && strstr(s, "nv_tileaa.dot"));
  free(s);
}

UNIT_MAIN {
  test_row_hook();
  test_greedy_uses_row_hook();
  test_arith_math_rows();
  test_named_ops();
  test_nv_tileaa_dot_fold();
}
