/* test_irc_teardown.c — unit tests of op teardown (ir_op_destroy and the
 * walks behind it): a tree destroyed while other ops of its context live
 * (uses crossing regions, block arguments used in nested regions, grown
 * operand arrays, values of the tree used by an op outside it, values from
 * outside used inside), the whole-context release of a module (slab pages
 * in one step, malloc'd blocks and arguments and grown operand arrays freed
 * one by one, the slab usable again afterwards), erasing while walking, and
 * ir_op_drop_all_references keeping a grown operand list.  The slab's live
 * count (ir_internal.h) says exactly what was freed; the sanitizer build
 * reports anything leaked or used after free. */
#include "ir/ir_internal.h"
#include "unit.h"

static const IrOpInfo td_ops[] = {
    {.name = "td.op", .traits = 0, .min_operands = 0, .max_operands = -1,
     .min_results = 0, .max_results = -1, .num_regions = -1, .num_successors = 0},
};
static const IrDialect td_dialect = {.name = "td", .ops = td_ops, .nops = 1};

/* An op with nres results of type t, the given operands and nreg regions of
 * one block each (from the slab when in_slab, else malloc'd). */
static IrOp *mk(IrContext *ctx, size_t nres, const IrType *t, IrValue **ops, size_t nops,
                size_t nreg, bool in_slab) {
  IrOpState st;
  ir_op_state_init(&st, ctx, ir_op_info_lookup(ctx, "td.op", 5), NULL);
  for (size_t i = 0; i < nres; i++) vec_push(&st.result_types, t);
  for (size_t i = 0; i < nops; i++) vec_push(&st.operands, ops[i]);
  for (size_t i = 0; i < nreg; i++)
    ir_region_append(ir_op_state_add_region(&st), in_slab ? ir_block_new_in(ctx) : ir_block_new());
  IrOp *op = ir_op_create(&st);
  ir_op_state_free(&st);
  return op;
}

static IrBlock *body(IrOp *op, unsigned r) { return ir_op_region(op, r)->first; }

static size_t count_uses(const IrValue *v) {
  size_t n = 0;
  for (const IrUse *u = v->uses; u; u = u->next) n++;
  return n;
}

/* A "function": root with two regions; region 0 holds a def, a nested op
 * with a region whose ops use the def, the root's block argument and an
 * outside value; one nested op's operands grow onto the heap.  Returns the
 * root (detached); *inner_def is a value defined in the nested region. */
static IrOp *build_tree(IrContext *ctx, const IrType *t, IrValue *outside, bool in_slab,
                        IrValue **inner_def) {
  IrOp *root = mk(ctx, 1, t, &outside, 1, 2, in_slab);
  IrBlock *b0 = body(root, 0);
  IrValue *arg = in_slab ? ir_block_add_arg_lazy(b0, t, ctx, (uintptr_t)ir_unknown_loc(ctx))
                         : ir_block_add_arg(b0, t, ir_unknown_loc(ctx));
  IrOp *def = mk(ctx, 2, t, &arg, 1, 0, false);
  ir_block_append(b0, def);
  IrOp *nest = mk(ctx, 1, t, (IrValue *[]){ir_op_result(def, 0), outside}, 2, 1, in_slab);
  ir_block_append(b0, nest);
  IrBlock *nb = body(nest, 0);
  IrValue *narg = ir_block_add_arg(nb, t, ir_unknown_loc(ctx));
  IrOp *in1 = mk(ctx, 1, t, (IrValue *[]){ir_op_result(def, 1), arg, narg}, 3, 0, false);
  ir_block_append(nb, in1);
  IrOp *in2 = mk(ctx, 0, t, (IrValue *[]){ir_op_result(in1, 0)}, 1, 0, false);
  ir_block_append(nb, in2);
  /* grown past the inline storage: a heap array */
  IrValue *grown[7] = {ir_op_result(in1, 0), outside, arg, narg, ir_op_result(def, 0),
                       outside, ir_op_result(in1, 0)};
  ir_op_set_operands(in2, grown, 7);
  CHECK(in2->heap_operands);
  /* region 1: a use of the nested region's value from another region */
  IrOp *late = mk(ctx, 0, t, (IrValue *[]){ir_op_result(nest, 0), outside}, 2, 0, false);
  ir_block_append(body(root, 1), late);
  *inner_def = ir_op_result(in1, 0);
  return root;
}

/* Part of a context: the rest (the outside op) lives on, so the tree is
 * freed op by op; every use it made of the outside value goes away. */
static void test_partial(void) {
  IrContext *ctx = ir_context_create();
  ir_register_dialect(ctx, &td_dialect);
  const IrType *t = ir_integer_type(ctx, 32, IR_SIGNLESS);
  IrOp *keep = mk(ctx, 1, t, NULL, 0, 0, false);
  IrValue *outside = ir_op_result(keep, 0);
  size_t before = ctx->ops.live;
  IrValue *inner;
  IrOp *root = build_tree(ctx, t, outside, false, &inner);
  CHECK_EQ_INT(count_uses(outside), 5);
  CHECK(ctx->ops.live > before);
  ir_op_destroy(root);
  CHECK(outside->uses == NULL);
  CHECK_EQ_INT(ctx->ops.live, before); /* every op of the tree went back */
  CHECK(ctx->heap_operands.len == 0);
  /* the same in slab blocks and arguments */
  root = build_tree(ctx, t, outside, true, &inner);
  ir_op_destroy(root);
  CHECK(outside->uses == NULL);
  CHECK_EQ_INT(ctx->ops.live, before);
  ir_op_destroy(keep);
  CHECK_EQ_INT(ctx->ops.live, 0);
  ir_context_destroy(ctx);
}

/* Broken IR torn down: an op outside the tree uses a value defined inside
 * it; the use is detached (value NULL), never left dangling. */
static void test_outside_user(void) {
  IrContext *ctx = ir_context_create();
  ir_register_dialect(ctx, &td_dialect);
  const IrType *t = ir_integer_type(ctx, 32, IR_SIGNLESS);
  IrOp *keep = mk(ctx, 1, t, NULL, 0, 0, false);
  IrValue *inner;
  IrOp *root = build_tree(ctx, t, ir_op_result(keep, 0), false, &inner);
  IrOp *user = mk(ctx, 0, t, (IrValue *[]){inner, ir_op_result(keep, 0), ir_op_result(root, 0)}, 3,
                  0, false);
  ir_op_destroy(root);
  CHECK(ir_op_operand(user, 0) == NULL);
  CHECK(ir_op_operand(user, 2) == NULL);
  CHECK(ir_op_operand(user, 1) == ir_op_result(keep, 0));
  CHECK_EQ_INT(count_uses(ir_op_result(keep, 0)), 1);
  ir_op_destroy(user);
  ir_op_destroy(keep);
  CHECK_EQ_INT(ctx->ops.live, 0);
  ir_context_destroy(ctx);
}

/* A module holding every op of its context: released with the slab's
 * pages; the slab starts over and serves new ops. */
static void test_whole_context(void) {
  IrContext *ctx = ir_context_create();
  ir_register_dialect(ctx, &td_dialect);
  const IrType *t = ir_integer_type(ctx, 32, IR_SIGNLESS);
  IrOp *m = ir_module_create(ctx, NULL);
  IrOp *cst = mk(ctx, 1, t, NULL, 0, 0, false);
  ir_block_append(ir_module_body(m), cst);
  IrValue *inner;
  for (int i = 0; i < 3; i++) {
    IrOp *f = build_tree(ctx, t, ir_op_result(cst, 0), i & 1, &inner);
    ir_block_append(ir_module_body(m), f);
  }
  /* a value of an op of the module used before its definition (as a
   * forward reference leaves it) and a detached block's argument */
  IrBlock *loose = ir_block_new();
  IrValue *la = ir_block_add_arg(loose, t, ir_unknown_loc(ctx));
  IrOp *fwd = mk(ctx, 0, t, (IrValue *[]){inner, la}, 2, 0, false);
  ir_block_insert_before(ir_module_body(m)->first, fwd);
  CHECK(ctx->heap_operands.len == 3);
  ir_op_destroy(m);
  CHECK_EQ_INT(ctx->ops.live, 0);
  CHECK(ctx->ops.pages == NULL); /* released in one step */
  CHECK(ctx->heap_operands.len == 0);
  CHECK(la->uses == NULL); /* the outside argument's use was unlinked */
  ir_block_destroy(loose);
  /* the slab works again */
  IrOp *again = mk(ctx, 2, t, NULL, 0, 1, true);
  CHECK_EQ_INT(ir_value_index(ir_op_result(again, 1)), 1);
  CHECK(ir_op_context(again) == ctx);
  ir_op_destroy(again);
  CHECK_EQ_INT(ctx->ops.live, 0);
  ir_context_destroy(ctx);
}

/* Erasing ops while a post-order walk visits them. */
static IrWalkResult erase_leaf(IrOp *op, void *user) {
  IrOp *root = user;
  if (op != root && op->nregions == 0) ir_op_erase(op);
  return IR_WALK_ADVANCE;
}

static IrWalkResult erase_nonroot(IrOp *op, void *user) {
  if (op != (IrOp *)user) ir_op_erase(op);
  return IR_WALK_ADVANCE;
}

static void test_erase_in_walk(void) {
  IrContext *ctx = ir_context_create();
  ir_register_dialect(ctx, &td_dialect);
  const IrType *t = ir_integer_type(ctx, 32, IR_SIGNLESS);
  IrOp *keep = mk(ctx, 1, t, NULL, 0, 0, false);
  size_t before = ctx->ops.live;
  IrValue *inner;
  IrOp *root = build_tree(ctx, t, ir_op_result(keep, 0), false, &inner);
  /* leaves first, users before the values they use are gone: drop all
   * references so the order does not matter */
  ir_op_drop_all_references(root);
  CHECK(ir_op_result(keep, 0)->uses == NULL);
  ir_walk_post(root, erase_leaf, root);
  ir_walk_post(root, erase_nonroot, root);
  CHECK(body(root, 0)->first == NULL && body(root, 1)->first == NULL);
  ir_op_destroy(root);
  CHECK_EQ_INT(ctx->ops.live, before);
  ir_op_destroy(keep);
  ir_context_destroy(ctx);
}

/* ir_op_drop_all_references leaves a grown operand list in place (unset
 * operands), and the op can take operands again. */
static void test_drop_keeps_heap(void) {
  IrContext *ctx = ir_context_create();
  ir_register_dialect(ctx, &td_dialect);
  const IrType *t = ir_integer_type(ctx, 32, IR_SIGNLESS);
  IrOp *a = mk(ctx, 1, t, NULL, 0, 0, false);
  IrValue *v = ir_op_result(a, 0);
  IrOp *u = mk(ctx, 0, t, &v, 1, 0, false);
  ir_op_set_operands(u, (IrValue *[]){v, v, v, v, v}, 5);
  CHECK_EQ_INT(count_uses(v), 5);
  ir_op_drop_all_references(u);
  CHECK(v->uses == NULL);
  CHECK_EQ_INT(u->noperands, 5);
  CHECK(u->heap_operands && ir_op_operand(u, 4) == NULL);
  ir_op_set_operand(u, 3, v);
  CHECK(ir_op_operand(u, 3) == v && count_uses(v) == 1);
  ir_op_destroy(u);
  CHECK(v->uses == NULL);
  ir_op_destroy(a);
  CHECK_EQ_INT(ctx->ops.live, 0);
  ir_context_destroy(ctx);
}

UNIT_MAIN {
  test_partial();
  test_outside_user();
  test_whole_context();
  test_erase_in_walk();
  test_drop_keeps_heap();
}
