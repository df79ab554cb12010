/* test_ir_layout.c — unit tests of the IR core's compact op layout: value
 * sizes, result and argument numbers (ir_value_index, derived for results
 * from the def pointer, stored for block arguments and kept current by
 * ir_block_erase_arg), ops of every size class from the context's slab
 * (8-byte steps) with their trailing storage intact, and operand lists that
 * grow past the inline storage; dialect state lookups. */
#include "ir/ir.h"
#include "unit.h"

static const IrOpInfo layout_ops[] = {
    {.name = "lay.op", .traits = 0, .min_operands = 0, .max_operands = -1,
     .min_results = 0, .max_results = -1, .num_regions = -1, .num_successors = 0},
};
static const IrDialect layout_dialect = {.name = "lay", .ops = layout_ops, .nops = 1};

/* An op with nres results of type t and the given operands and regions. */
static IrOp *mk(IrContext *ctx, size_t nres, const IrType *t, IrValue **ops, size_t nops,
                size_t nregions) {
  IrOpState st;
  ir_op_state_init(&st, ctx, ir_op_info_lookup(ctx, "lay.op", 6), NULL);
  for (size_t i = 0; i < nres; i++) vec_push(&st.result_types, t);
  for (size_t i = 0; i < nops; i++) vec_push(&st.operands, ops[i]);
  for (size_t i = 0; i < nregions; i++) ir_region_append(ir_op_state_add_region(&st), ir_block_new());
  IrOp *op = ir_op_create(&st);
  ir_op_state_free(&st);
  return op;
}

static void test_sizes(void) {
  CHECK_EQ_INT(sizeof(IrValue), 3 * sizeof(void *));
  /* seven pointers and four counts; no operand pointer */
  if (sizeof(void *) == 8) CHECK_EQ_INT(sizeof(IrOp), 72);
}

static void test_result_index(IrContext *ctx) {
  const IrType *i32 = ir_integer_type(ctx, 32, IR_SIGNLESS);
  /* every result count from 0 to 40 (sizes across many slab classes) */
  IrOp *ops[41];
  for (size_t n = 0; n <= 40; n++) {
    ops[n] = mk(ctx, n, i32, NULL, 0, n % 3);
    CHECK(ops[n] != NULL);
    CHECK_EQ_INT(ops[n]->nresults, n);
    for (unsigned i = 0; i < n; i++) {
      IrValue *r = ir_op_result(ops[n], i);
      CHECK(r->def == ops[n]);
      CHECK_EQ_INT(ir_value_index(r), i);
      CHECK(r->type == i32);
    }
    CHECK(ir_op_context(ops[n]) == ctx);
  }
  /* a consumer of results of several ops: operand values and owners kept */
  IrValue *vals[6] = {ir_op_result(ops[5], 4), ir_op_result(ops[40], 39), ir_op_result(ops[1], 0),
                      ir_op_result(ops[2], 1), ir_op_result(ops[5], 0), ir_op_result(ops[40], 0)};
  IrOp *use = mk(ctx, 3, i32, vals, 6, 2);
  CHECK_EQ_INT(use->noperands, 6);
  for (unsigned i = 0; i < 6; i++) {
    CHECK(ir_op_operand(use, i) == vals[i]);
    CHECK(vals[i]->uses && vals[i]->uses->owner == use);
  }
  CHECK_EQ_INT(ir_value_index(ir_op_operand(use, 1)), 39);
  CHECK(ir_op_region(use, 1)->parent == use);
  /* growing the operand list past the inline storage, then shrinking it */
  IrValue *more[9];
  for (unsigned i = 0; i < 9; i++) more[i] = ir_op_result(ops[40], i);
  ir_op_set_operands(use, more, 9);
  CHECK_EQ_INT(use->noperands, 9);
  for (unsigned i = 0; i < 9; i++) CHECK(ir_op_operand(use, i) == more[i]);
  CHECK(vals[2]->uses == NULL);
  ir_op_set_operands(use, more + 7, 2);
  CHECK(ir_op_operand(use, 0) == more[7] && ir_op_operand(use, 1) == more[8]);
  CHECK(more[0]->uses == NULL);
  ir_op_destroy(use);
  for (size_t n = 0; n <= 40; n++) ir_op_destroy(ops[n]);
}

static void test_arg_index(IrContext *ctx) {
  const IrType *i64 = ir_integer_type(ctx, 64, IR_SIGNLESS);
  IrBlock *b = ir_block_new_in(ctx);
  IrValue *args[7];
  for (unsigned i = 0; i < 7; i++) {
    args[i] = ir_block_add_arg_lazy(b, i64, ctx, 0);
    CHECK(!args[i]->def);
    CHECK_EQ_INT(ir_value_index(args[i]), i);
    CHECK(ir_value_arg_block(args[i]) == b);
  }
  ir_block_erase_arg(b, 2);
  ir_block_erase_arg(b, 0);
  CHECK_EQ_INT(b->nargs, 5);
  for (unsigned i = 0; i < b->nargs; i++) CHECK_EQ_INT(ir_value_index(b->args[i]), i);
  CHECK(b->args[0] == args[1] && b->args[1] == args[3] && b->args[4] == args[6]);
  /* a malloc'd argument (no context) numbers the same way */
  IrBlock *h = ir_block_new();
  ir_block_add_arg(h, i64, ir_unknown_loc(ctx));
  IrValue *h1 = ir_block_add_arg(h, i64, ir_unknown_loc(ctx));
  CHECK_EQ_INT(ir_value_index(h1), 1);
  ir_block_destroy(h);
  ir_block_destroy(b);
}

/* Dialect state slots: the one-entry memo of ir_ctx_dialect_state follows
 * replacements, and a name equal in text but at another address finds the
 * same slot. */
static void test_dialect_state(IrContext *ctx) {
  static int s1, s2, s3;
  static const char key_a[] = "lay.state.a", key_b[] = "lay.state.b";
  char copy[sizeof key_a];
  memcpy(copy, key_a, sizeof key_a);
  ir_ctx_set_dialect_state(ctx, key_a, &s1, NULL);
  ir_ctx_set_dialect_state(ctx, key_b, &s2, NULL);
  CHECK(ir_ctx_dialect_state(ctx, key_a) == &s1);
  CHECK(ir_ctx_dialect_state(ctx, key_a) == &s1);
  CHECK(ir_ctx_dialect_state(ctx, key_b) == &s2);
  ir_ctx_set_dialect_state(ctx, key_b, &s3, NULL);
  CHECK(ir_ctx_dialect_state(ctx, key_b) == &s3);
  CHECK(ir_ctx_dialect_state(ctx, copy) == &s1);
  CHECK(ir_ctx_dialect_state(ctx, "lay.state.none") == NULL);
  CHECK(ir_ctx_dialect_state(ctx, key_a) == &s1);
}

UNIT_MAIN {
  IrContext *ctx = ir_context_create();
  ir_register_dialect(ctx, &layout_dialect);
  test_sizes();
  test_result_index(ctx);
  test_arg_index(ctx);
  test_dialect_state(ctx);
  ir_context_destroy(ctx);
}
