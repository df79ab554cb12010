/* test_canon3_seed.c — unit tests of the greedy driver's seeding and
 * folding shortcuts added in issue 19's eighth round (lib/rewrite/greedy.c,
 * fold.c, rewriter.c):
 *  - listener pushes while seeding go into the list at once (early_push):
 *    an op pushed before the walk meets it keeps the push's place and its
 *    visit is dropped; an op the walk met before its push (a use ahead of
 *    its definition, as in a graph region) keeps its visit's place and the
 *    push's entry is dropped when seeding ends (drop_early);
 *  - rw_build_named_op's memo of name lookups answers by the text, not the
 *    pointer alone (a buffer reused for another name);
 *  - rw_constant_value_id's first-property shortcut finds "value" wherever
 *    it sits, and rw_fold_op's trait folds leave clear results.
 * The IR is built by hand in a small "cs" dialect. */
#include "rewrite/rewrite.h"
#include "unit.h"
#include "unit_ir.h"

enum { K_CONSTANT, K_TAG, K_FUNC, K_NEG, K_COUNT };

static const char *const value_attr[] = {"value", NULL};

static const IrOpInfo cs_ops[K_COUNT] = {
    [K_CONSTANT] = {.name = "cs.constant", .traits = IR_TRAIT_PURE | IR_TRAIT_CONSTANT_LIKE,
                    .max_results = 1, .min_results = 1, .inherent = value_attr},
    [K_TAG] = {.name = "cs.tag", .min_operands = 0, .max_operands = -1},
    [K_FUNC] = {.name = "cs.func",
                .traits = IR_TRAIT_ISOLATED_FROM_ABOVE | IR_TRAIT_NO_TERMINATOR |
                          IR_TRAIT_SINGLE_BLOCK,
                .num_regions = 1},
    [K_NEG] = {.name = "cs.neg", .traits = IR_TRAIT_PURE | IR_TRAIT_INVOLUTION,
               .min_operands = 1, .max_operands = 1, .min_results = 1, .max_results = 1},
};

static const IrDialect cs_dialect = {.name = "cs", .ops = cs_ops, .nops = K_COUNT};

static IrContext *ctx;
static const IrType *i32;
static StrBuf trace;

static IrOp *mk(IrBlock *b, int kind, IrValue *const *ops, size_t n, int nres) {
  return unit_op(ctx, &cs_ops[kind], NULL, b, ops, n, i32, nres, 0);
}

static IrOp *cst_op(IrBlock *b, int64_t v) {
  IrOp *op = mk(b, K_CONSTANT, NULL, 0, 1);
  ir_op_set_prop(op, "value", ir_integer_attr(ctx, i32, v));
  return op;
}

static IrOp *tag(IrBlock *b, int64_t id, IrValue *const *ops, size_t n) {
  IrOp *t = mk(b, K_TAG, ops, n, 0);
  ir_op_set_attr(t, "id", ir_integer_attr(ctx, i32, id));
  return t;
}

/* A module holding one cs.func; returns the function's block. */
static IrBlock *new_func(IrOp **module) {
  *module = ir_module_create(ctx, NULL);
  IrOp *f = unit_op(ctx, &cs_ops[K_FUNC], NULL, ir_module_body(*module), NULL, 0, NULL, 0, 1);
  return ir_op_regions(f)[0].first;
}

static bool pat_trace(IrOp *op, RwRewriter *rw) {
  (void)rw;
  const IrAttr *a = ir_op_attrz(op, "id");
  if (a) sb_printf(&trace, "%lld,", (long long)a->ints[0]);
  return false;
}

/* Runs top-down canonicalization with the tracing pattern; returns the
 * trace of processed tags. */
static const char *run_traced(IrOp *m) {
  RwPatternSet set;
  rw_pattern_set_init(&set, ctx);
  rw_pattern_add(&set, "cs.tag", 1, pat_trace, "trace");
  RwGreedyConfig cfg;
  rw_greedy_config_init(&cfg);
  cfg.top_down = true;
  sb_clear(&trace);
  CHECK(rw_apply_patterns_greedily(m, &set, &cfg, NULL));
  rw_pattern_set_free(&set);
  return sb_cstr(&trace);
}

/* Users of a duplicate constant, one ahead of it (met by the walk before
 * the duplicate is replaced) and one after it (pushed before the walk
 * meets it).  The first keeps its visit's place and is processed once; the
 * second is processed where the push put it, ahead of tag 2, once. */
static void test_push_of_visited_op(void) {
  IrOp *m;
  IrBlock *f = new_func(&m);
  IrValue *c = ir_op_result(cst_op(f, 9), 0);
  IrOp *dup = cst_op(f, 9);
  IrValue *dv = ir_op_result(dup, 0);
  IrOp *t1 = tag(f, 1, &dv, 1);
  tag(f, 2, NULL, 0);
  IrOp *t3 = tag(f, 3, &dv, 1);
  /* t1 before its operand's definition: the walk meets it first */
  ir_op_unlink(t1);
  ir_block_insert_before(dup, t1);
  CHECK_STREQ(run_traced(m), "1,3,2,");
  CHECK(ir_op_operand(t1, 0) == c);
  CHECK(ir_op_operand(t3, 0) == c);
  ir_op_destroy(m);
}

/* Only the visited user: its push's entry is dropped, nothing else moves. */
static void test_push_of_visited_only(void) {
  IrOp *m;
  IrBlock *f = new_func(&m);
  IrValue *c = ir_op_result(cst_op(f, 4), 0);
  tag(f, 1, NULL, 0);
  IrOp *dup = cst_op(f, 4);
  IrValue *dv = ir_op_result(dup, 0);
  IrOp *t2 = tag(f, 2, &dv, 1);
  tag(f, 3, NULL, 0);
  ir_op_unlink(t2);
  ir_block_insert_before(dup, t2);
  CHECK_STREQ(run_traced(m), "1,2,3,");
  CHECK(ir_op_operand(t2, 0) == c);
  /* a second run: nothing to unique, the same order */
  CHECK_STREQ(run_traced(m), "1,2,3,");
  ir_op_destroy(m);
}

/* rw_build_named_op with one buffer holding two names in turn builds each
 * kind its text names (the memo is keyed by pointer, checked by text). */
static void test_named_op_memo(void) {
  IrOp *m;
  IrBlock *f = new_func(&m);
  RwRewriter rw;
  rw_rewriter_init(&rw, ctx, NULL);
  rw_set_insertion_point_end(&rw, f);
  char name[16];
  strcpy(name, "cs.tag");
  IrOp *a = rw_build_named_op(&rw, name, NULL, NULL, 0, NULL, 0, NULL, NULL);
  strcpy(name, "cs.func");
  IrOp *b = rw_build_named_op(&rw, name, NULL, NULL, 0, NULL, 0, NULL, NULL);
  strcpy(name, "cs.tag");
  IrOp *c = rw_build_named_op(&rw, name, NULL, NULL, 0, NULL, 0, NULL, NULL);
  strcpy(name, "cs.nope");
  IrOp *d = rw_build_named_op(&rw, name, NULL, NULL, 0, NULL, 0, NULL, NULL);
  CHECK(a && a->info == &cs_ops[K_TAG]);
  CHECK(b && b->info == &cs_ops[K_FUNC]);
  CHECK(c && c->info == &cs_ops[K_TAG]);
  CHECK(d == NULL);
  /* literals: the same pointer again hits the memo */
  IrOp *e = rw_build_named_op(&rw, "cs.tag", NULL, NULL, 0, NULL, 0, NULL, NULL);
  IrOp *g = rw_build_named_op(&rw, "cs.tag", NULL, NULL, 0, NULL, 0, NULL, NULL);
  CHECK(e && e->info == &cs_ops[K_TAG] && g && g->info == &cs_ops[K_TAG]);
  /* a built op with properties and operands keeps them */
  IrNamedAttr v = {ir_identz(ctx, "value"), ir_integer_attr(ctx, i32, 5)};
  const IrAttr *props = ir_dict_attr(ctx, &v, 1, NULL);
  IrOp *k = rw_build_named_op(&rw, "cs.constant", NULL, NULL, 0, &i32, 1, props, NULL);
  CHECK(k && k->props == props && ir_op_result(k, 0)->type == i32);
  IrValue *kv = ir_op_result(k, 0);
  IrOp *n = rw_build_named_op(&rw, "cs.neg", NULL, &kv, 1, &i32, 1, NULL, NULL);
  CHECK(n && n->noperands == 1 && ir_op_operand(n, 0) == kv && n->props == NULL);
  ir_op_destroy(m);
}

/* rw_constant_value_id: "value" as the only property, and after another
 * property that sorts first (the shortcut must not answer that one). */
static void test_constant_value(void) {
  IrOp *m;
  IrBlock *f = new_func(&m);
  IrOp *a = cst_op(f, 3);
  CHECK(rw_constant_value(a) && rw_constant_value(a)->ints[0] == 3);
  IrOp *b = cst_op(f, 6);
  ir_op_set_prop(b, "aaa", ir_integer_attr(ctx, i32, 1));
  const IrAttr *v = rw_constant_value(b);
  CHECK(v && v->ints[0] == 6);
  /* rw_fold_op: involution neg(neg(x)) -> x with the other slots clear */
  IrValue *av = ir_op_result(a, 0);
  IrValue *n1 = ir_op_result(mk(f, K_NEG, &av, 1, 1), 0);
  IrOp *n2 = mk(f, K_NEG, &n1, 1, 1);
  IrFoldResult r[1] = {{ir_integer_attr(ctx, i32, 77), NULL}};
  CHECK_EQ_INT(rw_fold_op(n2, r), RW_FOLD_REPLACED);
  CHECK(r[0].value == av && r[0].attr == NULL);
  ir_op_destroy(m);
}

UNIT_MAIN {
  ctx = ir_context_create();
  ir_register_dialect(ctx, &cs_dialect);
  i32 = ir_integer_type(ctx, 32, IR_SIGNLESS);
  test_push_of_visited_op();
  test_push_of_visited_only();
  test_named_op_memo();
  test_constant_value();
  sb_free(&trace);
  ir_context_destroy(ctx);
}
