/* test_rewrite.c — unit tests of the rewrite layer: folding (constant,
 * identity, trait folds) with constant materialization, uniquing and
 * hoisting; pattern order by benefit; fixpoint and iteration/rewrite limits;
 * worklist order; trivially-dead erasure; CSE across nested regions; the
 * rewriter's inlining and cloning; pass options; the pass manager (nested
 * anchoring, implicit nesting, adaptor merging, verification after passes)
 * and its MLIR-worded pipeline errors.  The IR is built by hand with a small
 * "test" dialect defined here. */
#include "rewrite/rewrite.h"
#include "unit.h"

#include <stdio.h>

/* ======================================================================== */
/* The test dialect                                                         */
/* ======================================================================== */
static int64_t ival(const IrAttr *a) { return a->ints[0]; }

/* test.constant: folds to its value (a constant-like op). */
static bool constant_fold(IrOp *op, const IrAttr *const *c, IrFoldResult *r) {
  (void)c;
  r[0].attr = ir_op_attrz(op, "value");
  return r[0].attr != NULL;
}

/* test.add: c1 + c2 -> constant; x + 0 -> x. */
static bool add_fold(IrOp *op, const IrAttr *const *c, IrFoldResult *r) {
  const IrType *t = ir_op_result(op, 0)->type;
  if (c[0] && c[1]) {
    r[0].attr = ir_integer_attr(ir_op_context(op), t, ival(c[0]) + ival(c[1]));
    return true;
  }
  if (c[1] && ival(c[1]) == 0) {
    r[0].value = ir_op_operand(op, 0);
    return true;
  }
  return false;
}

/* test.mul: x * 1 -> x; c1 * c2 -> constant. */
static bool mul_fold(IrOp *op, const IrAttr *const *c, IrFoldResult *r) {
  if (c[0] && c[1]) {
    r[0].attr = ir_integer_attr(ir_op_context(op), ir_op_result(op, 0)->type, ival(c[0]) * ival(c[1]));
    return true;
  }
  if (c[1] && ival(c[1]) == 1) {
    r[0].value = ir_op_operand(op, 0);
    return true;
  }
  return false;
}

/* test.nofold: folds to an attribute the dialect cannot materialize. */
static bool nofold_fold(IrOp *op, const IrAttr *const *c, IrFoldResult *r) {
  (void)c;
  r[0].attr = ir_string_attr(ir_op_context(op), "x", 1);
  return true;
}

/* test.if canonicalization: a constant condition inlines the taken region. */
static bool if_static_cond(IrOp *op, RwRewriter *rw) {
  const IrAttr *c = rw_value_constant(ir_op_operand(op, 0));
  if (!c) return rw_notify_match_failure(rw, op, "condition is not constant");
  IrBlock *b = ir_op_regions(op)[ival(c) ? 0 : 1].first;
  IrOp *yield = b->last;
  IrValue *vals[4];
  for (uint32_t i = 0; i < yield->noperands && i < 4; i++) vals[i] = ir_op_operand(yield, i);
  rw_inline_block_before(rw, b, op->block, op, NULL);
  rw_replace_op(rw, op, vals);
  rw_erase_op(rw, yield);
  return true;
}

static void if_canonicalize(RwPatternSet *set, IrContext *ctx) {
  (void)ctx;
  rw_pattern_add(set, "test.if", 1, if_static_cond, "IfStaticCond");
}

static const char *const value_attr[] = {"value", NULL};

enum {
  T_CONSTANT, T_ADD, T_MUL, T_NEG, T_ABS, T_PRINT, T_READ, T_WRITE, T_FUNC, T_REGION,
  T_PREGION, T_IF, T_YIELD, T_TAG, T_NOFOLD, T_COUNT
};

static const IrOpInfo test_ops[T_COUNT] = {
    [T_CONSTANT] = {.name = "test.constant", .traits = IR_TRAIT_PURE | IR_TRAIT_CONSTANT_LIKE,
                    .max_results = 1, .min_results = 1, .inherent = value_attr,
                    .fold = constant_fold},
    [T_ADD] = {.name = "test.add", .traits = IR_TRAIT_PURE | IR_TRAIT_COMMUTATIVE,
               .min_operands = 2, .max_operands = 2, .min_results = 1, .max_results = 1,
               .fold = add_fold},
    [T_MUL] = {.name = "test.mul", .traits = IR_TRAIT_PURE, .min_operands = 2, .max_operands = 2,
               .min_results = 1, .max_results = 1, .fold = mul_fold},
    [T_NEG] = {.name = "test.neg", .traits = IR_TRAIT_PURE | IR_TRAIT_INVOLUTION,
               .min_operands = 1, .max_operands = 1, .min_results = 1, .max_results = 1},
    [T_ABS] = {.name = "test.abs", .traits = IR_TRAIT_PURE | IR_TRAIT_IDEMPOTENT,
               .min_operands = 1, .max_operands = 1, .min_results = 1, .max_results = 1},
    [T_PRINT] = {.name = "test.print", .min_operands = 0, .max_operands = -1},
    [T_READ] = {.name = "test.read", .traits = IR_TRAIT_MEMORY_READ, .min_operands = 0,
                .max_operands = -1, .min_results = 1, .max_results = 1},
    [T_WRITE] = {.name = "test.write", .traits = IR_TRAIT_MEMORY_WRITE, .min_operands = 0,
                 .max_operands = -1, .min_results = 0, .max_results = 1},
    [T_FUNC] = {.name = "test.func",
                .traits = IR_TRAIT_ISOLATED_FROM_ABOVE | IR_TRAIT_NO_TERMINATOR |
                          IR_TRAIT_SINGLE_BLOCK,
                .num_regions = 1},
    [T_REGION] = {.name = "test.region",
                  .traits = IR_TRAIT_RECURSIVE_EFFECTS | IR_TRAIT_NO_TERMINATOR,
                  .min_operands = 0, .max_operands = -1, .num_regions = 1},
    [T_PREGION] = {.name = "test.pregion",
                   .traits = IR_TRAIT_PURE | IR_TRAIT_NO_TERMINATOR, .min_operands = 0,
                   .max_operands = -1, .min_results = 1, .max_results = 1, .num_regions = 1},
    [T_IF] = {.name = "test.if", .traits = IR_TRAIT_RECURSIVE_EFFECTS, .min_operands = 1,
              .max_operands = 1, .min_results = 0, .max_results = -1, .num_regions = 2,
              .canonicalize = if_canonicalize},
    [T_YIELD] = {.name = "test.yield",
                 .traits = IR_TRAIT_PURE | IR_TRAIT_TERMINATOR | IR_TRAIT_RETURN_LIKE,
                 .min_operands = 0, .max_operands = -1},
    [T_TAG] = {.name = "test.tag", .min_operands = 0, .max_operands = -1},
    [T_NOFOLD] = {.name = "test.nofold", .traits = IR_TRAIT_PURE, .min_results = 1,
                  .max_results = 1, .fold = nofold_fold},
};

static const IrDialect test_dialect = {.name = "test", .ops = test_ops, .nops = T_COUNT};

#define OP(k) (&test_ops[k])

static IrOp *materialize(RwRewriter *rw, const IrAttr *value, const IrType *type,
                         const IrLoc *loc) {
  if (!ir_attr_is(value, &ir_integer_attr_def)) return NULL;
  IrNamedAttr e = {ir_identz(rw->ctx, "value"), value};
  return rw_build_op(rw, OP(T_CONSTANT), loc, NULL, 0, &type, 1,
                     ir_dict_attr(rw->ctx, &e, 1, NULL), NULL);
}

/* ======================================================================== */
/* Helpers                                                                  */
/* ======================================================================== */
static IrContext *ctx;
static const IrType *i32;
static StrBuf diags;   /* captured diagnostic messages, one per line */
static int ndiags;

static void on_diag(void *user, const IrDiag *d) {
  (void)user;
  if (ndiags++) sb_putc(&diags, '|');
  sb_puts(&diags, sb_cstr((StrBuf *)&d->msg));
}

static void reset_diags(void) {
  sb_clear(&diags);
  ndiags = 0;
}

static const char *diag_text(void) { return sb_cstr(&diags); }

static IrContext *new_ctx(void) {
  IrContext *c = ir_context_create();
  ir_register_dialect(c, &test_dialect);
  rw_register_constant_materializer(c, "test", materialize);
  ir_ctx_set_diag_handler(c, on_diag, NULL);
  return c;
}

static const IrLoc *loc_at(int line) {
  return ir_file_loc(ctx, ir_identz(ctx, "t.mlir"), line, 1);
}

/* Appends an op to `b` (NULL: detached). */
static IrOp *mk(IrBlock *b, int kind, IrValue *const *ops, size_t n, int nres, int line) {
  IrOpState st;
  ir_op_state_init(&st, ctx, OP(kind), loc_at(line));
  for (size_t i = 0; i < n; i++) vec_push(&st.operands, ops[i]);
  for (int i = 0; i < nres; i++) vec_push(&st.result_types, i32);
  IrOp *op = ir_op_create(&st);
  ir_op_state_free(&st);
  if (b) ir_block_append(b, op);
  return op;
}

static IrValue *cst(IrBlock *b, int64_t v, int line) {
  IrOp *op = mk(b, T_CONSTANT, NULL, 0, 1, line);
  ir_op_set_prop(op, "value", ir_integer_attr(ctx, i32, v));
  return ir_op_result(op, 0);
}

static IrValue *bin(IrBlock *b, int kind, IrValue *x, IrValue *y, int line) {
  IrValue *ops[2] = {x, y};
  return ir_op_result(mk(b, kind, ops, 2, 1, line), 0);
}

static IrOp *print1(IrBlock *b, IrValue *v) { return mk(b, T_PRINT, &v, 1, 0, 0); }

/* An op of `kind` with one region holding one block (with `nargs` i32
 * arguments) appended to `b`; returns the op, *body gets the block. */
static IrOp *mk_region_op(IrBlock *b, int kind, IrValue *const *ops, size_t n, int nres,
                          unsigned nargs, IrBlock **body) {
  IrOpState st;
  ir_op_state_init(&st, ctx, OP(kind), loc_at(0));
  for (size_t i = 0; i < n; i++) vec_push(&st.operands, ops[i]);
  for (int i = 0; i < nres; i++) vec_push(&st.result_types, i32);
  IrRegion *r = ir_op_state_add_region(&st);
  IrBlock *blk = ir_block_new();
  for (unsigned i = 0; i < nargs; i++) ir_block_add_arg(blk, i32, NULL);
  ir_region_append(r, blk);
  IrOp *op = ir_op_create(&st);
  ir_op_state_free(&st);
  if (b) ir_block_append(b, op);
  *body = ir_op_regions(op)[0].first;
  return op;
}

static IrOp *new_module(void) { return ir_module_create(ctx, loc_at(1)); }

static IrBlock *new_func(IrOp *m, unsigned nargs) {
  IrBlock *body;
  mk_region_op(ir_module_body(m), T_FUNC, NULL, 0, 0, nargs, &body);
  return body;
}

static int count_ops(IrBlock *b, int kind) {
  int n = 0;
  for (IrOp *o = b->first; o; o = o->next) n += o->info == OP(kind);
  return n;
}

static int block_len(IrBlock *b) {
  int n = 0;
  for (IrOp *o = b->first; o; o = o->next) n++;
  return n;
}

static IrOp *nth(IrBlock *b, int i) {
  IrOp *o = b->first;
  while (o && i--) o = o->next;
  return o;
}

static int64_t const_of(IrValue *v) {
  const IrAttr *a = rw_value_constant(v);
  return a ? ival(a) : -999;
}

static bool canonicalize(IrOp *op) {
  RwGreedyConfig cfg;
  rw_greedy_config_init(&cfg);
  cfg.top_down = true;
  RwPatternSet set;
  rw_pattern_set_init(&set, ctx);
  rw_collect_canonicalization_patterns(ctx, &set);
  bool conv = rw_apply_patterns_greedily(op, &set, &cfg, NULL);
  rw_pattern_set_free(&set);
  return conv;
}

/* ======================================================================== */
/* Folding                                                                  */
/* ======================================================================== */
static void test_constant_folding(void) {
  IrOp *m = new_module();
  IrBlock *f = new_func(m, 1);
  IrValue *x = f->args[0];
  IrValue *c1 = cst(f, 1, 2), *c2 = cst(f, 2, 3);
  IrValue *s = bin(f, T_ADD, c1, c2, 4);             /* -> 3 */
  IrValue *t = bin(f, T_MUL, s, cst(f, 4, 5), 6);    /* -> 12 */
  IrOp *p1 = print1(f, t);
  IrValue *z = bin(f, T_ADD, x, cst(f, 0, 7), 8);    /* x + 0 -> x */
  IrOp *p2 = print1(f, z);
  IrValue *w = bin(f, T_ADD, cst(f, 5, 9), x, 10);   /* commutative: x + 5 */
  IrOp *p3 = print1(f, w);
  bool changed = false;
  RwPatternSet none;
  rw_pattern_set_init(&none, ctx);
  bool conv = rw_apply_patterns_greedily(m, &none, NULL, &changed);
  CHECK(conv);
  CHECK(changed);
  CHECK(ir_verify(m));
  CHECK_EQ_INT(const_of(ir_op_operand(p1, 0)), 12);
  CHECK(ir_op_operand(p2, 0) == x);
  IrOp *addw = ir_op_operand(p3, 0)->def;
  CHECK(addw && addw->info == OP(T_ADD));
  CHECK(addw && ir_op_operand(addw, 0) == x);          /* constant moved right */
  CHECK_EQ_INT(addw ? const_of(ir_op_operand(addw, 1)) : 0, 5);
  /* only the used constants survive, hoisted to the top of the function */
  CHECK_EQ_INT(count_ops(f, T_CONSTANT), 2);
  CHECK(nth(f, 0)->info == OP(T_CONSTANT) && nth(f, 1)->info == OP(T_CONSTANT));
  CHECK_EQ_INT(count_ops(f, T_MUL), 0);
  CHECK_EQ_INT(block_len(f), 6);
  rw_pattern_set_free(&none);
  ir_op_destroy(m);
}

static void test_trait_folds(void) {
  IrOp *m = new_module();
  IrBlock *f = new_func(m, 1);
  IrValue *x = f->args[0];
  IrValue *n1 = ir_op_result(mk(f, T_NEG, &x, 1, 1, 2), 0);
  IrValue *n2 = ir_op_result(mk(f, T_NEG, &n1, 1, 1, 3), 0);
  IrOp *p1 = print1(f, n2);
  IrValue *a1 = ir_op_result(mk(f, T_ABS, &x, 1, 1, 4), 0);
  IrValue *a2 = ir_op_result(mk(f, T_ABS, &a1, 1, 1, 5), 0);
  IrOp *p2 = print1(f, a2);
  /* rw_fold_op directly: involution gives x, idempotence gives the inner abs */
  IrFoldResult r[1] = {{0}};
  CHECK_EQ_INT(rw_fold_op(n2->def, r), RW_FOLD_REPLACED);
  CHECK(r[0].value == x);
  memset(r, 0, sizeof r);
  CHECK_EQ_INT(rw_fold_op(a2->def, r), RW_FOLD_REPLACED);
  CHECK(r[0].value == a1);
  memset(r, 0, sizeof r);
  CHECK_EQ_INT(rw_fold_op(a1->def, r), RW_FOLD_FAILED);
  CHECK(canonicalize(m));
  CHECK(ir_op_operand(p1, 0) == x);
  CHECK(ir_op_operand(p2, 0) == a1);
  CHECK_EQ_INT(count_ops(f, T_NEG), 0);
  CHECK_EQ_INT(count_ops(f, T_ABS), 1);
  ir_op_destroy(m);
}

/* A fold whose attribute can't be materialized leaves the op alone. */
static void test_materialization_failure(void) {
  IrOp *m = new_module();
  IrBlock *f = new_func(m, 0);
  IrOp *nf = mk(f, T_NOFOLD, NULL, 0, 1, 2);
  print1(f, ir_op_result(nf, 0));
  CHECK(canonicalize(m));
  CHECK_EQ_INT(count_ops(f, T_NOFOLD), 1);
  CHECK_EQ_INT(block_len(f), 2);
  ir_op_destroy(m);
}

/* Constants are uniqued in the nearest isolated region and hoisted to the
 * start of its entry block; a duplicate's survivor loses its location. */
static void test_constant_uniquing(void) {
  IrOp *m = new_module();
  IrBlock *f = new_func(m, 1);
  IrValue *x = f->args[0];
  print1(f, x);
  IrValue *c = cst(f, 5, 3);
  IrOp *p1 = print1(f, c);
  IrBlock *inner;
  mk_region_op(f, T_REGION, NULL, 0, 0, 0, &inner);
  IrValue *c2 = cst(inner, 5, 6);
  IrOp *p2 = print1(inner, c2);
  IrValue *c3 = cst(inner, 7, 8);
  IrOp *p3 = print1(inner, c3);
  IrBlock *g = new_func(m, 0); /* another isolated function: its own constant */
  IrOp *p4 = print1(g, cst(g, 5, 11));
  CHECK(canonicalize(m));
  CHECK(ir_verify(m));
  CHECK(ir_op_operand(p1, 0) == ir_op_operand(p2, 0));
  /* each constant is moved to the front as met: the one hoisted out of the
   * region last ends up first (as MLIR's OperationFolder) */
  CHECK(nth(f, 0) == ir_op_operand(p3, 0)->def);            /* moved out of the region */
  CHECK(ir_attr_is(ir_op_loc(nth(f, 0)), &ir_unknown_loc_def));   /* changed block: loc dropped */
  CHECK(nth(f, 1) == ir_op_operand(p1, 0)->def);            /* hoisted to the top */
  CHECK(ir_attr_is(ir_op_loc(nth(f, 1)), &ir_unknown_loc_def));   /* merged: loc dropped */
  CHECK_EQ_INT(count_ops(inner, T_CONSTANT), 0);
  CHECK(ir_op_operand(p4, 0)->def->block == g);
  CHECK(!ir_attr_is(ir_op_loc(ir_op_operand(p4, 0)->def), &ir_unknown_loc_def));
  ir_op_destroy(m);
}

/* ======================================================================== */
/* Patterns and the driver                                                  */
/* ======================================================================== */
static StrBuf trace;

static bool tag_by(IrOp *op, RwRewriter *rw, const char *who) {
  if (ir_op_attrz(op, "by")) return false;
  rw_set_attr(rw, op, "by", ir_string_attr(rw->ctx, who, strlen(who)));
  return true;
}
static bool pat_a(IrOp *op, RwRewriter *rw) { return tag_by(op, rw, "A"); }
static bool pat_b(IrOp *op, RwRewriter *rw) { return tag_by(op, rw, "B"); }
static bool pat_c(IrOp *op, RwRewriter *rw) { return tag_by(op, rw, "C"); }
static bool pat_any(IrOp *op, RwRewriter *rw) {
  if (op->info != OP(T_TAG)) return false;
  return tag_by(op, rw, "any");
}

static const char *tagged(IrOp *op) {
  const IrAttr *a = ir_op_attrz(op, "by");
  return a ? a->str->str : "";
}

static void test_benefit_order(void) {
  IrOp *m = new_module();
  IrBlock *f = new_func(m, 0);
  IrOp *t = mk(f, T_TAG, NULL, 0, 0, 2);
  RwPatternSet set;
  rw_pattern_set_init(&set, ctx);
  rw_pattern_add(&set, "test.tag", 1, pat_a, "A");
  rw_pattern_add(&set, "test.tag", 5, pat_b, "B");
  rw_pattern_add(&set, "test.tag", 5, pat_c, "C");
  rw_pattern_add(&set, NULL, 3, pat_any, "any");
  bool changed = false;
  CHECK(rw_apply_patterns_greedily(m, &set, NULL, &changed));
  CHECK(changed);
  CHECK_STREQ(tagged(t), "B"); /* highest benefit; ties keep insertion order */
  ir_op_remove_attr(t, "by");
  set.pats.data[1].benefit = 2;
  set.pats.data[2].benefit = 2;
  CHECK(rw_apply_patterns_greedily(m, &set, NULL, NULL));
  CHECK_STREQ(tagged(t), "any"); /* any-op pattern interleaved by benefit */
  rw_pattern_set_free(&set);
  ir_op_destroy(m);
}

static int bumps;
static bool pat_bump(IrOp *op, RwRewriter *rw) {
  const IrAttr *a = ir_op_attrz(op, "n");
  int64_t n = a ? ival(a) : 0;
  if (rw_pattern_data(rw) && n >= 4) return false;
  bumps++;
  rw_set_attr(rw, op, "n", ir_integer_attr(rw->ctx, i32, n + 1));
  return true;
}

static void test_fixpoint_and_limits(void) {
  IrOp *m = new_module();
  IrBlock *f = new_func(m, 0);
  IrOp *t = mk(f, T_TAG, NULL, 0, 0, 2);
  RwPatternSet set;
  rw_pattern_set_init(&set, ctx);
  static const int bounded = 1;
  RwPattern p = {"test.tag", 1, pat_bump, "bump", &bounded};
  rw_pattern_add_pattern(&set, &p);
  bool changed = false;
  bumps = 0;
  CHECK(rw_apply_patterns_greedily(m, &set, NULL, &changed)); /* converges at n == 4 */
  CHECK(changed);
  CHECK_EQ_INT(ival(ir_op_attrz(t, "n")), 4);
  CHECK_EQ_INT(bumps, 4);
  /* an always-applicable pattern: bounded by rewrites per iteration and
   * iterations; reported as not converged */
  set.pats.data[0].data = NULL;
  ir_op_remove_attr(t, "n");
  RwGreedyConfig cfg;
  rw_greedy_config_init(&cfg);
  cfg.max_iterations = 3;
  cfg.max_num_rewrites = 5;
  bumps = 0;
  CHECK(!rw_apply_patterns_greedily(m, &set, &cfg, &changed));
  CHECK(changed);
  CHECK_EQ_INT(bumps, 15);
  CHECK_EQ_INT(ival(ir_op_attrz(t, "n")), 15);
  rw_pattern_set_free(&set);
  ir_op_destroy(m);
}

static bool pat_trace(IrOp *op, RwRewriter *rw) {
  (void)rw;
  const IrAttr *a = ir_op_attrz(op, "id");
  if (a) sb_printf(&trace, "%lld", (long long)ival(a));
  return false;
}

/* Default (bottom-up) processes the last op first; top-down in order. */
static void test_worklist_order(void) {
  IrOp *m = new_module();
  IrBlock *f = new_func(m, 0);
  for (int i = 1; i <= 3; i++) {
    IrOp *t = mk(f, T_TAG, NULL, 0, 0, i);
    ir_op_set_attr(t, "id", ir_integer_attr(ctx, i32, i));
  }
  IrBlock *inner;
  mk_region_op(f, T_REGION, NULL, 0, 0, 0, &inner);
  IrOp *t4 = mk(inner, T_TAG, NULL, 0, 0, 4);
  ir_op_set_attr(t4, "id", ir_integer_attr(ctx, i32, 4));
  RwPatternSet set;
  rw_pattern_set_init(&set, ctx);
  rw_pattern_add(&set, "test.tag", 1, pat_trace, "trace");
  RwGreedyConfig cfg;
  rw_greedy_config_init(&cfg);
  sb_clear(&trace);
  rw_apply_patterns_greedily(m, &set, &cfg, NULL);
  CHECK_STREQ(sb_cstr(&trace), "4321");
  cfg.top_down = true;
  sb_clear(&trace);
  rw_apply_patterns_greedily(m, &set, &cfg, NULL);
  CHECK_STREQ(sb_cstr(&trace), "1234");
  rw_pattern_set_free(&set);
  ir_op_destroy(m);
}

/* A large worklist under top-down order: the first op's pattern creates
 * more ops than were seeded (the driver's table grows past its initial
 * reservation and rehashes), one pattern erases a queued op (it must not
 * be processed), and the LIFO order puts created and modified ops first.
 * Iteration 2 revisits the block in its new order. */
enum { WL_SEEDED = 600, WL_MADE = 1500, WL_BASE = 10000 };

static bool pat_wl(IrOp *op, RwRewriter *rw) {
  int64_t id = ival(ir_op_attrz(op, "id"));
  sb_printf(&trace, "%lld,", (long long)id);
  if (ir_op_attrz(op, "by")) return false;
  if (id == 1) {
    rw_set_insertion_point_before(rw, op);
    for (int i = 0; i < WL_MADE; i++) {
      IrOp *t = mk(NULL, T_TAG, NULL, 0, 0, 0);
      ir_op_set_attr(t, "id", ir_integer_attr(ctx, i32, WL_BASE + i));
      ir_op_set_attr(t, "by", ir_integer_attr(ctx, i32, 0));
      rw_insert_op(rw, t);
    }
    rw_set_attr(rw, op, "by", ir_integer_attr(ctx, i32, 1));
    return true;
  }
  if (id == WL_SEEDED / 2) {
    rw_erase_op(rw, op->next); /* the op with id + 1, still queued */
    rw_set_attr(rw, op, "by", ir_integer_attr(ctx, i32, 1));
    return true;
  }
  return false;
}

static void test_worklist_large(void) {
  IrOp *m = new_module();
  IrBlock *f = new_func(m, 0);
  for (int i = 1; i <= WL_SEEDED; i++) {
    IrOp *t = mk(f, T_TAG, NULL, 0, 0, i);
    ir_op_set_attr(t, "id", ir_integer_attr(ctx, i32, i));
  }
  RwPatternSet set;
  rw_pattern_set_init(&set, ctx);
  rw_pattern_add(&set, "test.tag", 1, pat_wl, "wl");
  RwGreedyConfig cfg;
  rw_greedy_config_init(&cfg);
  cfg.top_down = true;
  sb_clear(&trace);
  bool changed = false;
  CHECK(rw_apply_patterns_greedily(m, &set, &cfg, &changed));
  CHECK(changed);
  StrBuf want = {0};
  /* iteration 1: op 1 rewrites, is requeued last (modified) so comes back
   * first, then the created ops newest first, then the rest in order
   * (WL_SEEDED / 2 requeued once, its successor erased) */
  sb_puts(&want, "1,1,");
  for (int i = WL_MADE - 1; i >= 0; i--) sb_printf(&want, "%d,", WL_BASE + i);
  for (int i = 2; i <= WL_SEEDED; i++) {
    if (i == WL_SEEDED / 2 + 1) continue;
    sb_printf(&want, "%d,", i);
    if (i == WL_SEEDED / 2) sb_printf(&want, "%d,", i);
  }
  /* iteration 2: block order, nothing changes */
  for (int i = 0; i < WL_MADE; i++) sb_printf(&want, "%d,", WL_BASE + i);
  for (int i = 1; i <= WL_SEEDED; i++)
    if (i != WL_SEEDED / 2 + 1) sb_printf(&want, "%d,", i);
  CHECK_STREQ(sb_cstr(&trace), sb_cstr(&want));
  CHECK_EQ_INT(block_len(f), WL_SEEDED - 1 + WL_MADE);
  sb_free(&want);
  rw_pattern_set_free(&set);
  ir_op_destroy(m);
}

/* Constant hoisting keeps a run of uniqued constants: a constant right
 * after one already uniqued stays put, one after another op moves to the
 * front; a later duplicate (also in a nested region) folds into the first. */
static void test_constant_runs(void) {
  IrOp *m = new_module();
  IrBlock *f = new_func(m, 1);
  IrValue *c5 = cst(f, 5, 2), *c6 = cst(f, 6, 3);
  IrOp *p = print1(f, f->args[0]);
  IrValue *c7 = cst(f, 7, 5);
  IrBlock *inner;
  mk_region_op(f, T_REGION, NULL, 0, 0, 0, &inner);
  IrOp *q = print1(inner, cst(inner, 6, 7));
  IrOp *u5 = print1(f, c5), *u6 = print1(f, c6), *u7 = print1(f, c7);
  CHECK(canonicalize(m));
  CHECK(ir_verify(m));
  CHECK(nth(f, 0) == c7->def);   /* moved to the front */
  CHECK(nth(f, 1) == c5->def);   /* already first: stays, then c6 after it */
  CHECK(nth(f, 2) == c6->def);
  CHECK(nth(f, 3) == p);
  CHECK(ir_op_operand(q, 0) == c6); /* the nested duplicate folded into c6 */
  CHECK_EQ_INT(count_ops(inner, T_CONSTANT), 0);
  CHECK(ir_op_operand(u5, 0) == c5 && ir_op_operand(u6, 0) == c6 && ir_op_operand(u7, 0) == c7);
  CHECK(!ir_attr_is(ir_op_loc(c5->def), &ir_unknown_loc_def)); /* not moved: keeps its loc */
  CHECK(ir_attr_is(ir_op_loc(c6->def), &ir_unknown_loc_def));  /* merged: loc dropped */
  ir_op_destroy(m);
}

/* A canonicalization pattern that inlines a region (rw_inline_block_before)
 * and the ops it exposes get folded. */
static void test_region_inlining(void) {
  IrOp *m = new_module();
  IrBlock *f = new_func(m, 1);
  IrValue *x = f->args[0];
  IrValue *c0 = cst(f, 0, 2), *c1 = cst(f, 1, 3), *c2 = cst(f, 2, 4);
  IrValue *cond = cst(f, 1, 5);
  IrOpState st;
  ir_op_state_init(&st, ctx, OP(T_IF), loc_at(6));
  vec_push(&st.operands, cond);
  vec_push(&st.result_types, i32);
  IrBlock *then = ir_block_new(), *els = ir_block_new();
  ir_region_append(ir_op_state_add_region(&st), then);
  ir_region_append(ir_op_state_add_region(&st), els);
  IrOp *ifop = ir_op_create(&st);
  ir_op_state_free(&st);
  ir_block_append(f, ifop);
  IrValue *sum = bin(then, T_ADD, c0, x, 7);
  mk(then, T_YIELD, &sum, 1, 0, 8);
  mk(els, T_YIELD, &c1, 1, 0, 9);
  IrValue *r = bin(f, T_ADD, ir_op_result(ifop, 0), c2, 10);
  IrOp *p = print1(f, r);
  CHECK(ir_verify(m));
  CHECK(canonicalize(m));
  CHECK(ir_verify(m));
  CHECK_EQ_INT(count_ops(f, T_IF), 0);
  IrOp *add = ir_op_operand(p, 0)->def;
  CHECK(add && add->info == OP(T_ADD) && ir_op_operand(add, 0) == x); /* 0 + x folded to x */
  CHECK_EQ_INT(add ? const_of(ir_op_operand(add, 1)) : 0, 2);
  CHECK_EQ_INT(count_ops(f, T_CONSTANT), 1);
  ir_op_destroy(m);
}

/* ======================================================================== */
/* Dead code and CSE                                                        */
/* ======================================================================== */
static void test_trivially_dead(void) {
  IrOp *m = new_module();
  IrBlock *f = new_func(m, 1);
  IrValue *x = f->args[0];
  IrValue *a = bin(f, T_ADD, x, x, 2);
  IrValue *b = bin(f, T_MUL, a, x, 3);            /* dead chain a -> b */
  (void)b;
  IrOp *rd = mk(f, T_READ, &x, 1, 1, 4);           /* unused read: dead */
  IrOp *wr = mk(f, T_WRITE, &x, 1, 1, 5);          /* unused write: kept */
  IrOp *tg = mk(f, T_TAG, NULL, 0, 0, 6);          /* unknown effects: kept */
  IrBlock *inner;
  IrOp *pr = mk_region_op(f, T_REGION, NULL, 0, 0, 0, &inner); /* only pure inside: dead */
  bin(inner, T_ADD, x, x, 7);
  IrBlock *inner2;
  IrOp *pr2 = mk_region_op(f, T_REGION, NULL, 0, 0, 0, &inner2); /* has a write: kept */
  mk(inner2, T_WRITE, &x, 1, 0, 8);
  CHECK(rw_is_trivially_dead(b->def));
  CHECK(!rw_is_trivially_dead(a->def));
  CHECK(rw_is_trivially_dead(rd));
  CHECK(!rw_is_trivially_dead(wr));
  CHECK(!rw_is_trivially_dead(tg));
  CHECK(rw_is_trivially_dead(pr));
  CHECK(!rw_is_trivially_dead(pr2));
  CHECK(!rw_is_memory_effect_free(rd));
  CHECK(rw_is_memory_effect_free(pr));
  CHECK(!rw_is_trivially_dead(f->parent->parent)); /* test.func has a region and no effects info */
  CHECK(rw_dce(m));
  CHECK_EQ_INT(block_len(f), 3);
  CHECK(nth(f, 0) == wr && nth(f, 1) == tg && nth(f, 2) == pr2);
  CHECK(!rw_dce(m));
  ir_op_destroy(m);
}

static void test_cse(void) {
  IrOp *m = new_module();
  IrBlock *f = new_func(m, 2);
  IrValue *x = f->args[0], *y = f->args[1];
  IrValue *a = bin(f, T_ADD, x, y, 2);
  IrValue *b = bin(f, T_ADD, y, x, 3);             /* commutative duplicate */
  IrValue *c = bin(f, T_MUL, x, y, 4);
  IrValue *d = bin(f, T_MUL, y, x, 5);             /* not commutative: kept */
  IrBlock *inner;
  mk_region_op(f, T_REGION, NULL, 0, 0, 0, &inner);
  IrValue *e = bin(inner, T_ADD, x, y, 6);         /* nested: reuses a */
  IrOp *pe = print1(inner, e);
  IrValue *r1 = ir_op_result(mk(f, T_READ, &x, 1, 1, 7), 0);
  IrValue *r2 = ir_op_result(mk(f, T_READ, &x, 1, 1, 8), 0); /* same read, no write between */
  mk(f, T_WRITE, &x, 1, 0, 9);
  IrValue *r3 = ir_op_result(mk(f, T_READ, &x, 1, 1, 10), 0); /* after a write: kept */
  IrValue *all[8] = {a, b, c, d, r1, r2, r3, e};
  IrOp *use = mk(f, T_PRINT, all, 7, 0, 11);
  bin(f, T_ADD, a, a, 12);                          /* trivially dead: erased by CSE */
  IrBlock *g = new_func(m, 0);
  IrValue *g1 = cst(g, 1, 13), *g2 = cst(g, 1, 14);
  IrValue *gv[2] = {g1, g2};
  IrOp *gp = mk(g, T_PRINT, gv, 2, 0, 15);
  CHECK(rw_cse(m));
  CHECK(ir_verify(m));
  CHECK(ir_op_operand(use, 1) == a);
  CHECK(ir_op_operand(use, 2) == c);
  CHECK(ir_op_operand(use, 3) == d);
  CHECK(ir_op_operand(pe, 0) == a);
  CHECK(ir_op_operand(use, 5) == r1);
  CHECK(ir_op_operand(use, 6) == r3 && r3 != r1);
  CHECK(ir_op_operand(gp, 0) == ir_op_operand(gp, 1));
  CHECK_EQ_INT(count_ops(f, T_ADD), 1);
  CHECK_EQ_INT(count_ops(f, T_READ), 2);
  CHECK(!rw_cse(m));
  ir_op_destroy(m);
}

/* Values from an enclosing block are not reused across an isolated op, and
 * ops with equal regions are merged. */
static void test_cse_regions(void) {
  IrOp *m = new_module();
  IrBlock *f = new_func(m, 1);
  IrValue *x = f->args[0];
  IrValue *c = cst(f, 3, 2);
  IrBlock *b1, *b2, *b3;
  IrOp *r1 = mk_region_op(f, T_PREGION, &x, 1, 1, 1, &b1);
  IrValue *s1 = bin(b1, T_ADD, b1->args[0], c, 3);
  mk(b1, T_YIELD, &s1, 1, 0, 4);
  IrOp *r2 = mk_region_op(f, T_PREGION, &x, 1, 1, 1, &b2);
  IrValue *s2 = bin(b2, T_ADD, b2->args[0], c, 5);
  mk(b2, T_YIELD, &s2, 1, 0, 6);
  IrOp *r3 = mk_region_op(f, T_PREGION, &x, 1, 1, 1, &b3);
  IrValue *s3 = bin(b3, T_MUL, b3->args[0], c, 7); /* different body */
  mk(b3, T_YIELD, &s3, 1, 0, 8);
  CHECK(rw_ops_equivalent(r1, r2));
  CHECK(!rw_ops_equivalent(r1, r3));
  IrValue *rs[3] = {ir_op_result(r1, 0), ir_op_result(r2, 0), ir_op_result(r3, 0)};
  IrOp *p = mk(f, T_PRINT, rs, 3, 0, 9);
  CHECK(rw_cse(m));
  CHECK(ir_op_operand(p, 1) == ir_op_result(r1, 0));
  CHECK(ir_op_operand(p, 2) == ir_op_result(r3, 0));
  CHECK_EQ_INT(count_ops(f, T_PREGION), 2);
  ir_op_destroy(m);
}

/* ======================================================================== */
/* Rewriter utilities                                                       */
/* ======================================================================== */
static void test_clone(void) {
  IrOp *m = new_module();
  IrBlock *f = new_func(m, 1);
  IrValue *x = f->args[0];
  IrBlock *b1;
  IrOp *r1 = mk_region_op(f, T_PREGION, &x, 1, 1, 1, &b1);
  IrValue *s1 = bin(b1, T_ADD, b1->args[0], x, 3);
  IrValue *s2 = bin(b1, T_MUL, s1, s1, 4);
  mk(b1, T_YIELD, &s2, 1, 0, 5);
  ir_op_set_attr(r1, "tag", ir_unit_attr(ctx));
  RwRewriter rw;
  rw_rewriter_init(&rw, ctx, NULL);
  rw_set_insertion_point_end(&rw, f);
  RwMapping map;
  rw_mapping_init(&map);
  IrValue *y = ir_op_result(mk(NULL, T_ABS, &x, 1, 1, 6), 0);
  rw_insert_op(&rw, y->def);
  rw_mapping_map(&map, x, y);
  IrOp *c = rw_clone_op(&rw, r1, &map);
  CHECK(c != r1 && c->block == f && f->last == c);
  CHECK(ir_op_operand(c, 0) == y);
  CHECK(c->attrs == r1->attrs);
  IrBlock *cb = ir_op_regions(c)[0].first;
  CHECK(cb != b1 && cb->nargs == 1);
  IrOp *cadd = cb->first;
  CHECK(ir_op_operand(cadd, 0) == cb->args[0] && ir_op_operand(cadd, 1) == y);
  CHECK(ir_op_operand(cadd->next, 0) == ir_op_result(cadd, 0));
  CHECK(rw_mapping_lookup_value(&map, ir_op_result(r1, 0)) == ir_op_result(c, 0));
  CHECK(rw_ops_equivalent(r1, r1));
  rw_mapping_free(&map);
  CHECK(ir_verify(m));
  ir_op_destroy(m);
}

static void test_pass_options(void) {
  const char *o = "a=1 b='x y' c={p q} d e=\"q\" a=0x10";
  Str v;
  CHECK(rw_pass_option(o, "b", &v) && str_eqz(v, "x y"));
  CHECK(rw_pass_option(o, "c", &v) && str_eqz(v, "p q"));
  CHECK(rw_pass_option(o, "d", &v) && v.n == 0);
  CHECK(rw_pass_option(o, "e", &v) && str_eqz(v, "q"));
  CHECK(!rw_pass_option(o, "f", &v));
  CHECK_EQ_INT(rw_pass_option_int(o, "a", 0), 16);
  CHECK_EQ_INT(rw_pass_option_int(o, "b", 7), 7);
  CHECK(rw_pass_option_bool(o, "d", false));
  CHECK(!rw_pass_option_bool("top-down=false", "top-down", true));
  CHECK(!rw_pass_option(NULL, "a", &v));
}

/* ======================================================================== */
/* Pass manager                                                             */
/* ======================================================================== */
static StrBuf runs;

static bool record_run(IrOp *op, const char *options) {
  sb_printf(&runs, "[%s%s%s]", op->info->name, options ? ":" : "", options ? options : "");
  return true;
}

static bool fail_run(IrOp *op, const char *options) {
  (void)options;
  return ir_op_error(op, "pass failed on purpose");
}

/* Breaks the IR: gives the first test.print a wrong operand count... on a
 * test.add.  The verifier after the pass must catch it. */
static bool break_run(IrOp *op, const char *options) {
  (void)options;
  IrBlock *b = ir_op_regions(op)[0].first;
  IrValue *v = b->nargs ? b->args[0] : NULL;
  if (v) ir_block_append(b, mk(NULL, T_ADD, &v, 1, 1, 0));
  return true;
}

static const RwPassOption count_opts[] = {{"level", RW_OPT_INT, "", NULL}, {NULL, RW_OPT_BOOL, NULL, NULL}};
static const RwPassInfo rec_any = {.name = "rec", .summary = "records", .run = record_run,
                                   .class_name = "Recorder", .opts = count_opts};
static const RwPassInfo rec_func = {.name = "rec-func", .summary = "records functions",
                                    .anchor = "test.func", .run = record_run,
                                    .class_name = "FuncRecorder"};
static const RwPassInfo fail_pass = {.name = "fail", .summary = "fails", .run = fail_run};
static const RwPassInfo break_pass = {.name = "break", .summary = "breaks IR",
                                      .anchor = "test.func", .run = break_run};

static IrOp *pm_module(void) {
  IrOp *m = new_module();
  new_func(m, 1);
  IrBlock *r;
  mk_region_op(ir_module_body(m), T_REGION, NULL, 0, 0, 0, &r);
  IrBlock *nested;
  mk_region_op(r, T_FUNC, NULL, 0, 0, 0, &nested); /* not a direct child */
  new_func(m, 0);
  return m;
}

static bool run_pl(IrOp *m, const char *pl) {
  sb_clear(&runs);
  reset_diags();
  return rw_run_pipeline(ctx, m, pl);
}

static void test_pipeline_nesting(void) {
  rw_register_pass(ctx, &rec_any);
  rw_register_pass(ctx, &rec_func);
  rw_register_pass(ctx, &fail_pass);
  rw_register_pass(ctx, &break_pass);
  CHECK(rw_find_pass(ctx, "rec-func", 8) == &rec_func);
  CHECK(rw_find_pass(ctx, "rec-funcx", 9) == NULL);
  CHECK(rw_find_pass(ctx, "canonicalize", 12) != NULL);
  IrOp *m = pm_module();
  CHECK(run_pl(m, "builtin.module(rec)"));
  CHECK_STREQ(sb_cstr(&runs), "[builtin.module]");
  CHECK(run_pl(m, "builtin.module(test.func(rec{level=2}))"));
  CHECK_STREQ(sb_cstr(&runs), "[test.func:level=2][test.func:level=2]");
  CHECK(run_pl(m, "builtin.module(test.func(rec-func),rec)"));
  CHECK_STREQ(sb_cstr(&runs), "[test.func][test.func][builtin.module]");
  /* any(...) runs on isolated registered children only */
  CHECK(run_pl(m, "builtin.module(any(rec))"));
  CHECK_STREQ(sb_cstr(&runs), "[test.func][test.func]");
  /* adjacent nested pipelines are merged: both passes per function */
  CHECK(run_pl(m, "builtin.module(test.func(rec),test.func(rec-func))"));
  CHECK_STREQ(sb_cstr(&runs), "[test.func][test.func][test.func][test.func]");
  RwPipeline *pl = rw_pipeline_parse(ctx, "builtin.module(test.func(rec),test.func(rec-func),cse)", NULL);
  CHECK(pl != NULL);
  if (pl) {
    StrBuf out = {0};
    rw_pipeline_print(pl, &out);
    CHECK_STREQ(sb_cstr(&out), "builtin.module(test.func(rec,rec-func),cse)");
    sb_free(&out);
    rw_pipeline_free(pl);
  }
  /* implicit (flag-style) pipelines nest op-specific passes */
  CHECK(run_pl(m, "rec-func,rec"));
  CHECK_STREQ(sb_cstr(&runs), "[test.func][test.func][builtin.module]");
  pl = rw_pipeline_parse(ctx, "canonicalize{max-iterations=3},rec-func", "builtin.module");
  CHECK(pl != NULL);
  if (pl) {
    StrBuf out = {0};
    rw_pipeline_print(pl, &out);
    CHECK_STREQ(sb_cstr(&out), "builtin.module(canonicalize{max-iterations=3},test.func(rec-func))");
    sb_free(&out);
    rw_pipeline_free(pl);
  }
  CHECK(run_pl(m, "builtin.module()"));
  CHECK(run_pl(m, "builtin.module(canonicalize{top-down=false max-iterations=2},cse)"));
  CHECK_EQ_INT(ndiags, 0);
  /* a failing pass stops the pipeline */
  CHECK(!run_pl(m, "builtin.module(test.func(fail),rec)"));
  CHECK_STREQ(diag_text(), "'test.func' op pass failed on purpose");
  CHECK_STREQ(sb_cstr(&runs), "");
  /* the verifier runs after each pass */
  CHECK(!run_pl(m, "builtin.module(test.func(break))"));
  CHECK_STREQ(diag_text(), "'test.add' op expected 2 operands, but found 1");
  ir_op_destroy(m);

  m = pm_module();
  CHECK(!run_pl(m, "builtin.module(test.region(rec))"));
  CHECK_STREQ(diag_text(), "'test.region' op trying to schedule a pass on an operation not "
                           "marked as 'IsolatedFromAbove'");
  CHECK(!run_pl(m, "any(rec-func)"));
  CHECK_STREQ(diag_text(), "'builtin.module' op trying to schedule a pass on an unsupported "
                           "operation");
  CHECK(!run_pl(m, "test.func(rec)"));
  CHECK_STREQ(diag_text(), "can't run 'test.func' pass manager on 'builtin.module' op");
  ir_op_destroy(m);
}

static void check_pipeline_error(const char *pl, const char *want) {
  IrOp *m = new_module();
  CHECK(!run_pl(m, pl));
  CHECK_EQ_INT(ndiags, 1);
  if (!unit_check_str_(diag_text(), want, __FILE__, __LINE__, pl, want)) (void)0;
  ir_op_destroy(m);
}

static void test_pipeline_errors(void) {
  check_pipeline_error("builtin.module(foo)",
                       "MLIR Textual PassPipeline Parser:1:1: error: 'foo' does not refer to a "
                       "registered pass or pass pipeline\nfoo\n^");
  check_pipeline_error("builtin.module(cse, foo{x=1})",
                       "MLIR Textual PassPipeline Parser:1:6: error: 'foo' does not refer to a "
                       "registered pass or pass pipeline\ncse, foo{x=1}\n     ^");
  check_pipeline_error("builtin.module(cse,)",
                       "MLIR Textual PassPipeline Parser:1:5: error: '' does not refer to a "
                       "registered pass or pass pipeline\ncse,\n    ^");
  check_pipeline_error("builtin.module(test.func(cse)",
                       "MLIR Textual PassPipeline Parser:1:11: error: encountered unbalanced "
                       "parentheses while parsing pipeline\ntest.func(cse\n          ^");
  check_pipeline_error("builtin.module(cse))",
                       "MLIR Textual PassPipeline Parser:1:4: error: encountered extra closing "
                       "')' creating unbalanced parentheses while parsing pipeline\ncse)\n   ^");
  check_pipeline_error("builtin.module(test.func(cse)x)",
                       "MLIR Textual PassPipeline Parser:1:15: error: expected ',' after parsing "
                       "pipeline\ntest.func(cse)x\n              ^");
  check_pipeline_error("builtin.module(canonicalize{max-iterations=3)",
                       "MLIR Textual PassPipeline Parser:1:13: error: missing closing '}' while "
                       "processing pass options\ncanonicalize{max-iterations=3\n            ^");
  check_pipeline_error("builtin.module(canonicalize{bogus=1})",
                       "<Pass-Options-Parser>: no such option bogus\nfailed to add `canonicalize` "
                       "with options `bogus=1`");
  check_pipeline_error("builtin.module(test.func(canonicalize{max-iterations=x}))",
                       "<Pass-Options-Parser>: for the --max-iterations option: 'x' value invalid "
                       "for integer argument!\nfailed to add `canonicalize` with options "
                       "`max-iterations=x`\nfailed to add `test.func` with options `` to inner "
                       "pipeline");
  check_pipeline_error("builtin.module(cse{a})",
                       "<Pass-Options-Parser>: no such option a\nfailed to add `cse` with "
                       "options `a`");
  check_pipeline_error("builtin.module(rec-func)",
                       "Can't add pass 'FuncRecorder' restricted to 'test.func' on a PassManager "
                       "intended to run on 'builtin.module', did you intend to nest?\nfailed to "
                       "add `rec-func` with options ``");
  /* rw_run_pipeline treats a bare list as implicitly anchored */
  IrOp *m = new_module();
  CHECK(!run_pl(m, "cse,bogus"));
  CHECK_STREQ(diag_text(), "MLIR Textual PassPipeline Parser:1:5: error: 'bogus' does not refer "
                           "to a registered pass or pass pipeline\ncse,bogus\n    ^");
  CHECK(!run_pl(m, "canonicalize{nope}"));
  CHECK_STREQ(diag_text(), "<Pass-Options-Parser>: no such option nope");
  ir_op_destroy(m);
  reset_diags();
  CHECK(rw_pipeline_parse(ctx, "cse", NULL) == NULL);
  CHECK_STREQ(diag_text(), "expected pass pipeline to be wrapped with the anchor operation "
                           "type, e.g. 'builtin.module(...)'");
  reset_diags();
  CHECK(rw_pipeline_parse(ctx, " (cse)", NULL) == NULL);
  CHECK_EQ_INT(ndiags, 1);
}

static void test_list_passes(void) {
  StrBuf out = {0};
  rw_list_passes(ctx, &out);
  const char *s = sb_cstr(&out);
  CHECK(strstr(s, "  --canonicalize  Canonicalize operations\n") != NULL);
  CHECK(strstr(s, "--cse ") != NULL);
  CHECK(strstr(s, "--canonicalize") < strstr(s, "--cse"));
  sb_free(&out);
}

/* canonicalize and cse through the pass manager on a small function. */
static void test_passes_end_to_end(void) {
  IrOp *m = new_module();
  IrBlock *f = new_func(m, 1);
  IrValue *x = f->args[0];
  IrValue *a = bin(f, T_ADD, x, cst(f, 2, 2), 3);
  IrValue *b = bin(f, T_ADD, x, cst(f, 2, 4), 5);
  IrValue *s = bin(f, T_ADD, cst(f, 1, 6), cst(f, 1, 7), 8);
  IrValue *vals[3] = {a, b, s};
  IrOp *p = mk(f, T_PRINT, vals, 3, 0, 9);
  CHECK(run_pl(m, "builtin.module(test.func(canonicalize,cse))"));
  CHECK_EQ_INT(ndiags, 0);
  CHECK(ir_op_operand(p, 0) == ir_op_operand(p, 1));
  CHECK_EQ_INT(const_of(ir_op_operand(p, 2)), 2);
  CHECK_EQ_INT(block_len(f), 3); /* const 2 (folded 1+1 merged into it), add, print */
  ir_op_destroy(m);
}

UNIT_MAIN {
  ctx = new_ctx();
  i32 = ir_integer_type(ctx, 32, IR_SIGNLESS);
  test_constant_folding();
  test_trait_folds();
  test_materialization_failure();
  test_constant_uniquing();
  test_constant_runs();
  test_worklist_large();
  test_benefit_order();
  test_fixpoint_and_limits();
  test_worklist_order();
  test_region_inlining();
  test_trivially_dead();
  test_cse();
  test_cse_regions();
  test_clone();
  test_pass_options();
  test_pipeline_nesting();
  test_pipeline_errors();
  test_list_passes();
  test_passes_end_to_end();
  sb_free(&diags);
  sb_free(&trace);
  sb_free(&runs);
  ir_context_destroy(ctx);
}
