/* test_irc_memo.c — unit tests of the IR core's lookup shortcuts: the
 * scalar-attribute memo in front of the uniquer (many values sharing memo
 * slots still get their own attribute, asked again they give the same
 * pointer; fields the memo compares — type, flags, string, float bits —
 * keep attributes apart), ir_op_attrn's inline scan of both dictionaries
 * (property, discardable, absent, a name that only prefixes a key), the
 * state's name memo with a reused buffer, and the context's pool of
 * emptied regions reused by another state. */
#include "ir/ir_internal.h"
#include "unit.h"

static void test_scalar_memo(IrContext *ctx) {
  const IrType *i32 = ir_integer_type(ctx, 32, IR_SIGNLESS);
  const IrType *i64 = ir_integer_type(ctx, 64, IR_SIGNLESS);
  const IrType *f32 = ir_float_type(ctx, IR_F32);
  /* more values than memo slots, twice: the same attribute each time */
  enum { N = 3 * IR_SCALAR_MEMO_SLOTS };
  static const IrAttr *first[N];
  bool ok = true;
  for (int64_t i = 0; i < N; i++) first[i] = ir_integer_attr(ctx, i32, i * 7 - 100);
  for (int64_t i = N; i-- > 0;) {
    const IrAttr *a = ir_integer_attr(ctx, i32, i * 7 - 100);
    ok &= a == first[i] && a->ints[0] == i * 7 - 100 && a->type == i32;
  }
  CHECK(ok);
  CHECK(ir_integer_attr(ctx, i64, 5) != ir_integer_attr(ctx, i32, 5));
  CHECK(ir_integer_attr(ctx, i64, 5)->type == i64);
  CHECK(ir_float_attr(ctx, f32, 0.0) != ir_float_attr(ctx, f32, -0.0));
  CHECK(ir_float_attr(ctx, f32, -0.0) == ir_float_attr(ctx, f32, -0.0));
  CHECK(ir_string_attr(ctx, "x", 1) != ir_string_attr_typed(ctx, "x", 1, i32));
  CHECK(ir_string_attr(ctx, "x", 1) != ir_string_attr(ctx, "y", 1));
  CHECK(ir_string_attr(ctx, "x", 1) == ir_string_attr(ctx, "x", 1));
  CHECK(ir_bool_attr(ctx, true) != ir_integer_attr(ctx, ir_integer_type(ctx, 1, IR_SIGNLESS), 1));
  CHECK(ir_type_attr(ctx, i32) != ir_type_attr(ctx, i64));
  CHECK(ir_type_attr(ctx, i32)->type == i32);
  /* flags: the same payload with other flags is another attribute */
  int64_t v = 3;
  const IrAttr *plain = ir_attr_unique(ctx, &(IrAttr){.def = &ir_opaque_attr_def, .nints = 1, .ints = &v});
  const IrAttr *flagged =
      ir_attr_unique(ctx, &(IrAttr){.def = &ir_opaque_attr_def, .flags = 1, .nints = 1, .ints = &v});
  CHECK(plain != flagged && flagged->flags == 1 && plain->flags == 0);
  /* keys with arrays bypass the memo and still unique */
  int64_t two[2] = {1, 2};
  CHECK(ir_dense_i64_array(ctx, i64, two, 2) == ir_dense_i64_array(ctx, i64, two, 2));
  CHECK(ir_dense_i64_array(ctx, i64, two, 2) != ir_dense_i64_array(ctx, i64, two, 1));
}

static const char *const memo_inherent[] = {"alpha", "value", NULL};
static const IrOpInfo memo_ops[] = {
    {.name = "mm.op", .traits = 0, .min_operands = 0, .max_operands = -1,
     .min_results = 0, .max_results = -1, .num_regions = -1, .num_successors = 0,
     .inherent = memo_inherent},
};
static const IrDialect memo_dialect = {.name = "mm", .ops = memo_ops, .nops = 1};

static void test_attr_lookup(IrContext *ctx) {
  const IrType *i32 = ir_integer_type(ctx, 32, IR_SIGNLESS);
  const IrAttr *one = ir_integer_attr(ctx, i32, 1), *two = ir_integer_attr(ctx, i32, 2);
  IrOpState st;
  ir_op_state_init(&st, ctx, ir_op_info_lookup(ctx, "mm.op", 5), NULL);
  char name[16] = "value";
  ir_op_state_add_prop(&st, name, one);
  memcpy(name, "valuex", 7); /* the same buffer, another name */
  ir_op_state_add_attr(&st, name, two);
  ir_op_state_add_attr(&st, "alpha", two); /* inherent: becomes a property */
  IrOp *op = ir_op_create(&st);
  ir_op_state_free(&st);
  CHECK(op != NULL);
  CHECK(op->props && op->props->nelems == 2);
  CHECK(op->attrs && op->attrs->nelems == 1);
  CHECK(ir_op_attrz(op, "value") == one);
  CHECK(ir_op_attrz(op, "valuex") == two);
  CHECK(ir_op_attrz(op, "alpha") == two);
  CHECK(ir_op_attrz(op, "valu") == NULL);
  CHECK(ir_op_attrz(op, "valuexy") == NULL);
  CHECK(ir_op_attrn(op, "valuexy", 6) == two);
  CHECK(ir_op_attrz(op, "") == NULL);
  ir_op_destroy(op);
}

static void test_region_pool(IrContext *ctx) {
  /* a state's emptied regions outlive it in the context's pool and serve
   * another state's next region */
  IrOpState st;
  ir_op_state_init(&st, ctx, ir_op_info_lookup(ctx, "mm.op", 5), NULL);
  IrRegion *r = ir_op_state_add_region(&st);
  ir_region_append(r, ir_block_new());
  IrOp *a = ir_op_create(&st);
  ir_op_state_free(&st);
  size_t pooled = ctx->spare_regions.len;
  CHECK(pooled >= 1);
  ir_op_state_init(&st, ctx, ir_op_info_lookup(ctx, "mm.op", 5), NULL);
  IrRegion *r2 = ir_op_state_add_region(&st);
  CHECK(r2 == r && ir_region_empty(r2));
  CHECK_EQ_INT(ctx->spare_regions.len, pooled - 1);
  ir_region_append(r2, ir_block_new());
  IrOp *b = ir_op_create(&st);
  ir_op_state_free(&st);
  CHECK(ir_region_entry(ir_op_region(a, 0)) != ir_region_entry(ir_op_region(b, 0)));
  CHECK(ir_op_region(b, 0)->parent == b);
  ir_op_destroy(a);
  ir_op_destroy(b);
}

UNIT_MAIN {
  IrContext *ctx = ir_context_create();
  ir_register_dialect(ctx, &memo_dialect);
  test_scalar_memo(ctx);
  test_attr_lookup(ctx);
  test_region_pool(ctx);
  ir_context_destroy(ctx);
}
