/* test_gdy_driver.c — unit tests of the greedy driver's shortcuts
 * (lib/rewrite/greedy.c): fold attempts skipped for kinds that cannot fold
 * (rw_register_fold_kinds), kinds with a fold hook and no pattern still
 * folded, ops folded again once a fold made their operands constant,
 * constant uniquing and hoisting without folder lookups of the previous op,
 * seeding that dedups against what the listener queued while seeding, and
 * a long run of iterations through the worklist index (its epochs wrap).
 * The IR is built by hand in a small "gdy" dialect whose fold hook is the
 * dialect's (IrDialect.fold), not the rows'. */
#include "rewrite/rewrite.h"
#include "unit.h"
#include "unit_ir.h"

#include <stdio.h>

static int64_t ival(const IrAttr *a) { return a->ints[0]; }

enum { G_CONSTANT, G_ADD, G_SUB, G_TAG, G_REGION, G_FUNC, G_COUNT };

static int fold_calls[G_COUNT]; /* dialect fold hook calls per kind */

static const char *const value_attr[] = {"value", NULL};

static const IrOpInfo gdy_ops[G_COUNT];

static int kind_of(const IrOpInfo *info) { return (int)(info - gdy_ops); }

/* The dialect-level fold hook: constant -> its value; add of two constants
 * -> their sum, x + 0 -> x; sub would fold x - x to 0, but the dialect
 * declares (gdy_fold_kinds) that only constant and add fold, so the driver
 * must never offer it a sub. */
static bool gdy_fold(IrOp *op, const IrAttr *const *c, IrFoldResult *r) {
  IrContext *ctx = ir_op_context(op);
  int k = kind_of(op->info);
  fold_calls[k]++;
  if (k == G_CONSTANT) {
    r[0].attr = ir_op_attrz(op, "value");
    return r[0].attr != NULL;
  }
  if (k == G_ADD) {
    if (c[0] && c[1]) {
      r[0].attr = ir_integer_attr(ctx, ir_op_result(op, 0)->type, ival(c[0]) + ival(c[1]));
      return true;
    }
    if (c[1] && ival(c[1]) == 0) {
      r[0].value = ir_op_operand(op, 0);
      return true;
    }
    return false;
  }
  if (k == G_SUB && ir_op_operand(op, 0) == ir_op_operand(op, 1)) {
    r[0].attr = ir_integer_attr(ctx, ir_op_result(op, 0)->type, 0);
    return true;
  }
  return false;
}

static bool gdy_fold_kinds(const IrOpInfo *info) {
  int k = kind_of(info);
  return k == G_CONSTANT || k == G_ADD;
}

static const IrOpInfo gdy_ops[G_COUNT] = {
    [G_CONSTANT] = {.name = "gdy.constant", .traits = IR_TRAIT_PURE | IR_TRAIT_CONSTANT_LIKE,
                    .max_results = 1, .min_results = 1, .inherent = value_attr},
    [G_ADD] = {.name = "gdy.add", .traits = IR_TRAIT_PURE, .min_operands = 2, .max_operands = 2,
               .min_results = 1, .max_results = 1},
    [G_SUB] = {.name = "gdy.sub", .traits = IR_TRAIT_PURE, .min_operands = 2, .max_operands = 2,
               .min_results = 1, .max_results = 1},
    [G_TAG] = {.name = "gdy.tag", .min_operands = 0, .max_operands = -1},
    [G_REGION] = {.name = "gdy.region",
                  .traits = IR_TRAIT_RECURSIVE_EFFECTS | IR_TRAIT_NO_TERMINATOR,
                  .min_operands = 0, .max_operands = -1, .num_regions = 1},
    [G_FUNC] = {.name = "gdy.func",
                .traits = IR_TRAIT_ISOLATED_FROM_ABOVE | IR_TRAIT_NO_TERMINATOR |
                          IR_TRAIT_SINGLE_BLOCK,
                .num_regions = 1},
};

static const IrDialect gdy_dialect = {
    .name = "gdy", .ops = gdy_ops, .nops = G_COUNT, .fold = gdy_fold};

#define OP(k) (&gdy_ops[k])

static IrContext *ctx;
static const IrType *i32;
static StrBuf trace;

static IrOp *materialize(RwRewriter *rw, const IrAttr *value, const IrType *type,
                         const IrLoc *loc) {
  if (!ir_attr_is(value, &ir_integer_attr_def)) return NULL;
  IrNamedAttr e = {ir_identz(rw->ctx, "value"), value};
  return rw_build_op(rw, OP(G_CONSTANT), loc, NULL, 0, &type, 1,
                     ir_dict_attr(rw->ctx, &e, 1, NULL), NULL);
}

static const IrLoc *loc_at(int line) {
  return ir_file_loc(ctx, ir_identz(ctx, "g.mlir"), line, 1);
}

/* Appends an op to `b` with `nres` i32 results. */
static IrOp *mk(IrBlock *b, int kind, IrValue *const *ops, size_t n, int nres) {
  return unit_op(ctx, OP(kind), loc_at(1), b, ops, n, i32, nres, 0);
}

static IrOp *cst_op(IrBlock *b, int64_t v) {
  IrOp *op = mk(b, G_CONSTANT, NULL, 0, 1);
  ir_op_set_prop(op, "value", ir_integer_attr(ctx, i32, v));
  return op;
}

static IrValue *cst(IrBlock *b, int64_t v) { return ir_op_result(cst_op(b, v), 0); }

static IrValue *bin(IrBlock *b, int kind, IrValue *x, IrValue *y) {
  IrValue *ops[2] = {x, y};
  return ir_op_result(mk(b, kind, ops, 2, 1), 0);
}

static IrOp *tag(IrBlock *b, int64_t id, IrValue *const *ops, size_t n) {
  IrOp *t = mk(b, G_TAG, ops, n, 0);
  ir_op_set_attr(t, "id", ir_integer_attr(ctx, i32, id));
  return t;
}

/* An op of `kind` with one region of one block appended to `b`. */
static IrOp *mk_region_op(IrBlock *b, int kind, IrBlock **body) {
  IrOp *op = unit_op(ctx, OP(kind), loc_at(1), b, NULL, 0, NULL, 0, 1);
  *body = ir_op_regions(op)[0].first;
  return op;
}

static IrOp *new_module(void) { return ir_module_create(ctx, loc_at(1)); }

static IrBlock *new_func(IrOp *m) {
  IrBlock *body;
  mk_region_op(ir_module_body(m), G_FUNC, &body);
  return body;
}

static int64_t const_of(IrValue *v) {
  const IrAttr *a = rw_value_constant(v);
  return a ? ival(a) : -999;
}

/* The kinds and constant values of a block's ops, e.g. "c3,c1,add,tag". */
static void block_shape(IrBlock *b, StrBuf *out) {
  sb_clear(out);
  for (IrOp *o = b->first; o; o = o->next) {
    if (o != b->first) sb_putc(out, ',');
    int k = kind_of(o->info);
    if (k == G_CONSTANT) sb_printf(out, "c%lld", (long long)ival(ir_op_attrz(o, "value")));
    else sb_puts(out, k == G_ADD ? "add" : k == G_SUB ? "sub" : k == G_TAG ? "tag" : "region");
  }
}

static bool run(IrOp *m, const RwPatternSet *set, RwGreedyConfig *cfg) {
  RwGreedyConfig dflt;
  if (!cfg) {
    rw_greedy_config_init(&dflt);
    dflt.top_down = true;
    cfg = &dflt;
  }
  return rw_apply_patterns_greedily(m, set, cfg, NULL);
}

/* ---- fold skipping ------------------------------------------------------------- */

/* A kind the dialect declares unfoldable is never offered to the hook,
 * although the hook would fold it; a kind with a fold hook and no pattern
 * (add) is folded, and again once an earlier fold made its operands
 * constant: ((1 + 2) + 3) + x -> 6 + x, with x + 0 -> x through a
 * constant produced by a fold. */
static void test_fold_kinds(void) {
  IrOp *m = new_module();
  IrBlock *f = new_func(m);
  IrValue *x = ir_op_result(mk(f, G_TAG, NULL, 0, 1), 0); /* opaque value */
  IrValue *s = bin(f, G_SUB, x, x);                        /* foldable, but declared not */
  IrValue *a1 = bin(f, G_ADD, cst(f, 1), cst(f, 2));
  IrValue *a2 = bin(f, G_ADD, a1, cst(f, 3));
  IrValue *a3 = bin(f, G_ADD, x, a2);
  IrValue *z = bin(f, G_ADD, cst(f, 5), cst(f, -5));       /* folds to 0 */
  IrValue *a4 = bin(f, G_ADD, a3, z);                      /* x' + 0 -> x' once z is 0 */
  IrValue *uses[2] = {s, a4};
  tag(f, 1, uses, 2);
  memset(fold_calls, 0, sizeof fold_calls);
  CHECK(run(m, NULL, NULL));
  CHECK_EQ_INT(fold_calls[G_SUB], 0);
  CHECK(fold_calls[G_ADD] >= 5);
  CHECK_EQ_INT(fold_calls[G_TAG], 0);
  IrOp *user = f->last;
  CHECK(ir_op_operand(user, 0)->def && ir_op_operand(user, 0)->def->info == OP(G_SUB));
  IrValue *sum = ir_op_operand(user, 1);
  CHECK(sum->def && sum->def->info == OP(G_ADD));
  if (sum->def && sum->def->info == OP(G_ADD)) {
    CHECK(ir_op_operand(sum->def, 0) == x);
    CHECK_EQ_INT(const_of(ir_op_operand(sum->def, 1)), 6);
  }
  StrBuf shape = {0};
  block_shape(f, &shape);
  CHECK_STREQ(sb_cstr(&shape), "c6,tag,sub,add,tag");
  /* without the declaration the hook is offered every kind: sub folds */
  rw_register_fold_kinds(ctx, "gdy", NULL);
  memset(fold_calls, 0, sizeof fold_calls);
  CHECK(run(m, NULL, NULL));
  CHECK(fold_calls[G_SUB] >= 1);
  CHECK_EQ_INT(const_of(ir_op_operand(user, 0)), 0);
  rw_register_fold_kinds(ctx, "gdy", gdy_fold_kinds);
  sb_free(&shape);
  ir_op_destroy(m);
}

/* With folding off no hook is called at all; patterns still run. */
static bool pat_trace(IrOp *op, RwRewriter *rw) {
  (void)rw;
  const IrAttr *a = ir_op_attrz(op, "id");
  if (a) sb_printf(&trace, "%lld,", (long long)ival(a));
  return false;
}

static void test_fold_off(void) {
  IrOp *m = new_module();
  IrBlock *f = new_func(m);
  IrValue *a = bin(f, G_ADD, cst(f, 1), cst(f, 2));
  tag(f, 7, &a, 1);
  RwPatternSet set;
  rw_pattern_set_init(&set, ctx);
  rw_pattern_add(&set, "gdy.tag", 1, pat_trace, "trace");
  RwGreedyConfig cfg;
  rw_greedy_config_init(&cfg);
  cfg.top_down = true;
  cfg.fold = false;
  memset(fold_calls, 0, sizeof fold_calls);
  sb_clear(&trace);
  CHECK(run(m, &set, &cfg));
  CHECK_EQ_INT(fold_calls[G_ADD], 0);
  CHECK_STREQ(sb_cstr(&trace), "7,");
  CHECK(ir_op_operand(f->last, 0) == a);
  rw_pattern_set_free(&set);
  ir_op_destroy(m);
}

/* ---- constants ----------------------------------------------------------------- */

/* Hoisting order: a constant first in its block stays; one right after a
 * uniqued constant stays; one after another op goes to the front; one in a
 * nested (non-isolated) region goes to the front of the function's block;
 * a duplicate anywhere folds into the first. */
static void test_constant_order(void) {
  IrOp *m = new_module();
  IrBlock *f = new_func(m);
  IrValue *c1 = cst(f, 1);
  IrValue *c2 = cst(f, 2);     /* after uniqued c1: stays */
  IrValue *t = ir_op_result(mk(f, G_TAG, NULL, 0, 1), 0);
  IrValue *c3 = cst(f, 3);     /* after a tag: to the front */
  IrValue *c4 = cst(f, 4);     /* after c3, but c3 moved: to the front */
  IrBlock *inner;
  mk_region_op(f, G_REGION, &inner);
  IrValue *c5 = cst(inner, 5); /* hoisted out of the region */
  IrValue *d1 = cst(inner, 1); /* duplicate of c1 */
  IrValue *in_uses[3] = {c5, d1, t};
  tag(inner, 1, in_uses, 3);
  IrValue *d3 = cst(f, 3);     /* duplicate of c3 */
  IrValue *uses[5] = {c1, c2, c3, c4, d3};
  tag(f, 2, uses, 5);
  CHECK(run(m, NULL, NULL));
  StrBuf shape = {0};
  block_shape(f, &shape);
  CHECK_STREQ(sb_cstr(&shape), "c5,c4,c3,c1,c2,tag,region,tag");
  block_shape(inner, &shape);
  CHECK_STREQ(sb_cstr(&shape), "tag");
  IrOp *last = f->last->info == OP(G_TAG) ? f->last : NULL;
  CHECK(last != NULL);
  if (last) CHECK(ir_op_operand(last, 4) == c3);
  CHECK(ir_op_operand(inner->first, 1) == c1);
  CHECK(ir_op_operand(inner->first, 0) == c5);
  /* a second run changes nothing: every constant is uniqued and in place */
  CHECK(run(m, NULL, NULL));
  block_shape(f, &shape);
  CHECK_STREQ(sb_cstr(&shape), "c5,c4,c3,c1,c2,tag,region,tag");
  sb_free(&shape);
  ir_op_destroy(m);
}

/* ---- seeding -------------------------------------------------------------------- */

/* Replacing a duplicate constant while seeding queues its users (and their
 * ancestors) at once; when the walk reaches them later they stay where the
 * listener put them, and are processed once. */
static void test_seed_listener_order(void) {
  IrOp *m = new_module();
  IrBlock *f = new_func(m);
  IrValue *c = cst(f, 9);
  IrValue *dup = cst(f, 9);  /* duplicate: its users are queued when it is replaced */
  tag(f, 1, NULL, 0);
  tag(f, 2, &dup, 1);        /* queued by the listener, ahead of tag 1 */
  IrBlock *inner;
  mk_region_op(f, G_REGION, &inner);
  tag(inner, 3, NULL, 0);
  IrBlock *inner2;
  mk_region_op(f, G_REGION, &inner2);
  tag(inner2, 4, NULL, 0);
  tag(inner2, 5, &dup, 1);   /* queued with its region by the listener */
  tag(f, 6, &c, 1);
  RwPatternSet set;
  rw_pattern_set_init(&set, ctx);
  rw_pattern_add(&set, "gdy.tag", 1, pat_trace, "trace");
  sb_clear(&trace);
  CHECK(run(m, &set, NULL));
  /* the duplicate's users are queued newest use first (5 with its region,
   * then 2), ahead of everything the walk queues after them; processing
   * goes in queue order (top-down), and changes nothing: one iteration */
  CHECK_STREQ(sb_cstr(&trace), "5,2,1,3,4,6,");
  CHECK(ir_op_operand(inner2->last, 0) == c);
  rw_pattern_set_free(&set);
  ir_op_destroy(m);
}

/* An op the listener queues twice while seeding (a user of two replaced
 * duplicates) is queued at its first push only; ancestors already seeded
 * (the function) stay where the walk put them. */
static void test_seed_listener_twice(void) {
  IrOp *m = new_module();
  IrBlock *f = new_func(m);
  IrValue *c = cst(f, 7);
  IrValue *d[2] = {cst(f, 7), cst(f, 7)};
  tag(f, 1, NULL, 0);
  tag(f, 2, d, 2);           /* queued by the listener at the first duplicate */
  tag(f, 3, &c, 1);
  IrBlock *inner;
  mk_region_op(f, G_REGION, &inner);
  tag(inner, 4, &d[1], 1);   /* queued with its region at the second one */
  RwPatternSet set;
  rw_pattern_set_init(&set, ctx);
  rw_pattern_add(&set, "gdy.tag", 1, pat_trace, "trace");
  sb_clear(&trace);
  CHECK(run(m, &set, NULL));
  CHECK_STREQ(sb_cstr(&trace), "2,4,1,3,");
  CHECK(ir_op_operand(inner->last, 0) == c);
  rw_pattern_set_free(&set);
  ir_op_destroy(m);
}

/* A duplicate constant that has an operand (not known to be unqueued)
 * is dropped from the list while seeding, and the producer of its operand,
 * queued then, dies later. */
static void test_seed_dup_with_operand(void) {
  IrOp *m = new_module();
  IrBlock *f = new_func(m);
  IrValue *c = cst(f, 5);
  tag(f, 1, NULL, 0);
  IrValue *o = cst(f, 8);
  IrOp *dup = mk(f, G_CONSTANT, &o, 1, 1);
  ir_op_set_prop(dup, "value", ir_integer_attr(ctx, i32, 5));
  IrValue *dv = ir_op_result(dup, 0);
  tag(f, 2, &dv, 1);
  RwPatternSet set;
  rw_pattern_set_init(&set, ctx);
  rw_pattern_add(&set, "gdy.tag", 1, pat_trace, "trace");
  sb_clear(&trace);
  CHECK(run(m, &set, NULL));
  CHECK_STREQ(sb_cstr(&trace), "1,2,1,2,"); /* the erasure of o makes a second iteration */
  StrBuf shape = {0};
  block_shape(f, &shape);
  CHECK_STREQ(sb_cstr(&shape), "c5,tag,tag");
  CHECK(ir_op_operand(f->last, 0) == c);
  sb_free(&shape);
  rw_pattern_set_free(&set);
  ir_op_destroy(m);
}

/* ---- isolated ops the last iteration did not change ------------------------------- */

/* Two isolated functions inside an isolated op (as functions sit in a
 * nested module).  The first iteration folds an add in the first function
 * into a new constant placed before it; the second iteration must seed
 * that function again (the new constant is a duplicate: it is replaced by
 * the one at the front, and its user follows), entering the outer op to
 * get there, but leaves out the second function, where nothing changed:
 * its tag is processed once, the first function's twice. */
static void test_skip_clean(void) {
  /* split_isolated (canonicalize's setting): a driver per function, the
   * first function through both its iterations before the second; the
   * same IR */
  for (int split = 0; split < 2; split++) {
    IrOp *m = new_module();
    IrBlock *outer = new_func(m), *f1, *f2;
    mk_region_op(outer, G_FUNC, &f1);
    mk_region_op(outer, G_FUNC, &f2);
    IrValue *c3 = cst(f1, 3);
    tag(f1, 1, NULL, 0);
    IrValue *s = bin(f1, G_ADD, cst(f1, 1), cst(f1, 2));
    tag(f1, 2, &s, 1);
    tag(f2, 7, NULL, 0);
    RwPatternSet set;
    rw_pattern_set_init(&set, ctx);
    rw_pattern_add(&set, "gdy.tag", 1, pat_trace, "trace");
    RwGreedyConfig cfg;
    rw_greedy_config_init(&cfg);
    cfg.top_down = true;
    cfg.split_isolated = split;
    sb_clear(&trace);
    CHECK(run(m, &set, &cfg));
    CHECK_STREQ(sb_cstr(&trace), split ? "1,2,1,2,7," : "1,2,7,1,2,");
    StrBuf shape = {0};
    block_shape(f2, &shape);
    CHECK_STREQ(sb_cstr(&shape), "tag");
    sb_clear(&shape);
    block_shape(f1, &shape);
    CHECK_STREQ(sb_cstr(&shape), "c3,tag,tag");
    CHECK(ir_op_operand(f1->last, 0) == c3);
    sb_free(&shape);
    rw_pattern_set_free(&set);
    ir_op_destroy(m);
  }
}

/* ---- many iterations through the worklist index -------------------------------- */

/* One rewrite per iteration (max_num_rewrites = 1) for 300 iterations:
 * every iteration builds the worklist index (the rewrite queues the op's
 * users) and drops it again, so its epoch counter wraps.  The pattern
 * counts down an attribute on one of 50 ops and moves on to the next. */
static bool pat_countdown(IrOp *op, RwRewriter *rw) {
  const IrAttr *a = ir_op_attrz(op, "n");
  if (!a || ival(a) == 0) return false;
  rw_set_attr(rw, op, "n", ir_integer_attr(ctx, i32, ival(a) - 1));
  return true;
}

static void test_many_iterations(void) {
  IrOp *m = new_module();
  IrBlock *f = new_func(m);
  enum { NOPS = 50, EACH = 6 };
  IrValue *prev = cst(f, 0);
  for (int i = 0; i < NOPS; i++) {
    IrOp *t = mk(f, G_TAG, &prev, 1, 1);
    ir_op_set_attr(t, "n", ir_integer_attr(ctx, i32, EACH));
    prev = ir_op_result(t, 0);
  }
  tag(f, 0, &prev, 1);
  RwPatternSet set;
  rw_pattern_set_init(&set, ctx);
  rw_pattern_add(&set, "gdy.tag", 1, pat_countdown, "countdown");
  RwGreedyConfig cfg;
  rw_greedy_config_init(&cfg);
  cfg.top_down = true;
  cfg.max_num_rewrites = 1;
  cfg.max_iterations = NOPS * EACH + 1;
  bool changed = false;
  CHECK(rw_apply_patterns_greedily(m, &set, &cfg, &changed));
  CHECK(changed);
  int left = 0, n = 0;
  for (IrOp *o = f->first; o; o = o->next) {
    const IrAttr *a = ir_op_attrz(o, "n");
    if (a) {
      left += (int)ival(a);
      n++;
    }
  }
  CHECK_EQ_INT(n, NOPS);
  CHECK_EQ_INT(left, 0);
  /* one iteration short of the rewrites needed: not converged, one left */
  for (IrOp *o = f->first; o; o = o->next)
    if (ir_op_attrz(o, "n")) ir_op_set_attr(o, "n", ir_integer_attr(ctx, i32, EACH));
  cfg.max_iterations = NOPS * EACH - 1;
  CHECK(!rw_apply_patterns_greedily(m, &set, &cfg, &changed));
  left = 0;
  for (IrOp *o = f->first; o; o = o->next) {
    const IrAttr *a = ir_op_attrz(o, "n");
    if (a) left += (int)ival(a);
  }
  CHECK_EQ_INT(left, 1);
  rw_pattern_set_free(&set);
  ir_op_destroy(m);
}

UNIT_MAIN {
  ctx = ir_context_create();
  ir_register_dialect(ctx, &gdy_dialect);
  rw_register_constant_materializer(ctx, "gdy", materialize);
  rw_register_fold_kinds(ctx, "gdy", gdy_fold_kinds);
  i32 = ir_integer_type(ctx, 32, IR_SIGNLESS);
  test_fold_kinds();
  test_fold_off();
  test_constant_order();
  test_seed_listener_order();
  test_seed_listener_twice();
  test_skip_clean();
  test_seed_dup_with_operand();
  test_many_iterations();
  sb_free(&trace);
  ir_context_destroy(ctx);
}
