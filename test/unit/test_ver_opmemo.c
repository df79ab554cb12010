/* test_ver_opmemo.c — the verifier's whole-op memo (lib/ir/verify.c, ops
 * with IR_TRAIT_VERIFY_PURE).  A small dialect whose pure ops share one
 * hook that rejects a mark in exactly one part of the signature: for each
 * part, a valid op and then an op that differs from it in that part alone.
 * The second op must get the hook's diagnostic; a memo key that left the
 * part out would answer it from the first op's entry and pass.  Also: the
 * memo does skip the hook for a repeated signature (in one walk and in a
 * later one), a hook that vetoes is asked again, and a failing op is never
 * remembered.  Everything runs twice: the second time every signature maps
 * to one pair of slots (ir_verify_memo_collide), so that a comparison that
 * left a part out fails here even where the hash would keep two signatures
 * apart. */
#include "unit.h"

#include "ir/ir.h"
#include "ir/verify.h"
#include "support/support.h"

static int calls; /* vt_verify calls */
static StrBuf diags;

static void capture(void *user, const IrDiag *d) {
  (void)user;
  sb_puts(&diags, sb_cstr((StrBuf *)&d->msg));
  sb_putc(&diags, '\n');
}

static bool dict_has(const IrAttr *d, const char *name) {
  for (uint32_t i = 0; d && i < d->nelems; i++)
    if (!strcmp(d->names[i]->str, name)) return true;
  return false;
}

/* Each test names the one part of the signature it varies. */
static bool vt_verify(IrOp *op) {
  calls++;
  if (dict_has(op->attrs, "veto")) ir_verify_memo_veto();
  if (!strcmp(ir_op_name(op), "vt.no")) return ir_op_error(op, "wrong kind");
  if (dict_has(op->props, "bad")) return ir_op_error(op, "bad property");
  if (dict_has(op->attrs, "bad")) return ir_op_error(op, "bad attribute");
  for (uint32_t i = 0; i < op->noperands; i++)
    if (ir_type_is_float(ir_op_operand(op, i)->type)) return ir_op_error(op, "bad operand");
  for (uint32_t i = 0; i < op->nresults; i++)
    if (ir_type_is_float(ir_op_result(op, i)->type)) return ir_op_error(op, "bad result");
  if (op->nresults == 2) return ir_op_error(op, "two results");
  if (op->nregions == 1) return ir_op_error(op, "a region");
  return true;
}

#define VT_ANY .min_operands = 0, .max_operands = -1, .min_results = 0, .max_results = -1, \
               .num_regions = -1, .num_successors = 0
static const IrOpInfo vt_ops[] = {
    {.name = "vt.ok", .traits = IR_TRAIT_VERIFY_PURE | IR_TRAIT_NO_TERMINATOR, VT_ANY,
     .verify = vt_verify},
    {.name = "vt.no", .traits = IR_TRAIT_VERIFY_PURE | IR_TRAIT_NO_TERMINATOR, VT_ANY,
     .verify = vt_verify},
    /* values of both types for the others to use (no hook) */
    {.name = "vt.src", .traits = 0, VT_ANY},
};
static const IrDialect vt_dialect = {.name = "vt", .ops = vt_ops, .nops = 3};

static IrContext *ctx;
static IrOp *mod;
static IrValue *vi, *vf; /* an i32 and an f32 value */

static bool collide; /* the second round: all signatures in one pair */

static void fresh(void) {
  ctx = ir_context_create();
  ir_register_dialect(ctx, &vt_dialect);
  if (collide) ir_verify_memo_collide(ctx, true);
  ir_ctx_set_diag_handler(ctx, capture, NULL);
  sb_clear(&diags);
  calls = 0;
  mod = ir_module_create(ctx, NULL);
  IrOpState st;
  ir_op_state_init(&st, ctx, ir_op_info_lookup(ctx, "vt.src", 6), NULL);
  vec_push(&st.result_types, ir_integer_type(ctx, 32, IR_SIGNLESS));
  vec_push(&st.result_types, ir_float_type(ctx, IR_F32));
  IrOp *src = ir_op_create(&st);
  ir_op_state_free(&st);
  ir_block_append(ir_module_body(mod), src);
  vi = ir_op_result(src, 0);
  vf = ir_op_result(src, 1);
}

static void done(void) {
  ir_op_destroy(mod);
  ir_context_destroy(ctx);
}

/* Appends a `name` op with the given operands, result types and regions. */
static IrOp *add(const char *name, IrValue *const *opnds, size_t nopnds,
                 const IrType *const *res, size_t nres, int nregions) {
  IrOpState st;
  ir_op_state_init(&st, ctx, ir_op_info_lookup(ctx, name, strlen(name)), NULL);
  for (size_t i = 0; i < nopnds; i++) vec_push(&st.operands, opnds[i]);
  for (size_t i = 0; i < nres; i++) vec_push(&st.result_types, res[i]);
  for (int i = 0; i < nregions; i++) ir_op_state_add_region(&st);
  IrOp *op = ir_op_create(&st);
  ir_op_state_free(&st);
  ir_block_append(ir_module_body(mod), op);
  return op;
}

/* Verifies the module, which must fail with exactly `want` (one message),
 * after the hook ran on both vt ops. */
static void expect_fail(const char *want, int line) {
  sb_clear(&diags);
  int before = calls;
  bool ok = ir_verify(mod);
  if (!unit_check_(!ok, __FILE__, line, "the second op fails")) return;
  char buf[128];
  snprintf(buf, sizeof buf, "%s\n", want);
  if (!unit_check_(!strcmp(sb_cstr(&diags), buf), __FILE__, line, "the hook's diagnostic"))
    printf("  got: %s", sb_cstr(&diags));
  unit_check_int_(calls - before, 2, __FILE__, line, "calls", "2");
}

/* Two ops: identical but for the kind. */
static void test_key_info(void) {
  fresh();
  const IrType *i32 = vi->type;
  IrValue *o[2] = {vi, vi};
  add("vt.ok", o, 2, &i32, 1, 0);
  add("vt.no", o, 2, &i32, 1, 0);
  expect_fail("'vt.no' op wrong kind", __LINE__);
  done();
}

static void test_key_props(void) {
  fresh();
  const IrType *i32 = vi->type;
  IrOp *a = add("vt.ok", &vi, 1, &i32, 1, 0);
  IrOp *b = add("vt.ok", &vi, 1, &i32, 1, 0);
  ir_op_set_prop(a, "good", ir_unit_attr(ctx));
  ir_op_set_prop(b, "bad", ir_unit_attr(ctx));
  expect_fail("'vt.ok' op bad property", __LINE__);
  done();
}

static void test_key_attrs(void) {
  fresh();
  const IrType *i32 = vi->type;
  IrOp *a = add("vt.ok", &vi, 1, &i32, 1, 0);
  IrOp *b = add("vt.ok", &vi, 1, &i32, 1, 0);
  ir_op_set_attr(a, "good", ir_unit_attr(ctx));
  ir_op_set_attr(b, "bad", ir_unit_attr(ctx));
  expect_fail("'vt.ok' op bad attribute", __LINE__);
  done();
}

/* The last operand's type differs (the first ones agree). */
static void test_key_operand_types(void) {
  fresh();
  const IrType *i32 = vi->type;
  IrValue *good[3] = {vi, vi, vi}, *bad[3] = {vi, vi, vf};
  add("vt.ok", good, 3, &i32, 1, 0);
  add("vt.ok", bad, 3, &i32, 1, 0);
  expect_fail("'vt.ok' op bad operand", __LINE__);
  done();
}

static void test_key_result_types(void) {
  fresh();
  const IrType *good[3] = {vi->type, vi->type, vi->type};
  const IrType *bad[3] = {vi->type, vi->type, vf->type};
  add("vt.ok", &vi, 1, good, 3, 0);
  add("vt.ok", &vi, 1, bad, 3, 0);
  expect_fail("'vt.ok' op bad result", __LINE__);
  done();
}

/* The same list of types, split differently between operands and results. */
static void test_key_value_counts(void) {
  fresh();
  const IrType *t[2] = {vi->type, vi->type};
  IrValue *o[2] = {vi, vi};
  add("vt.ok", o, 2, t, 1, 0);
  add("vt.ok", o, 1, t, 2, 0);
  expect_fail("'vt.ok' op two results", __LINE__);
  done();
}

static void test_key_region_count(void) {
  fresh();
  const IrType *i32 = vi->type;
  add("vt.ok", &vi, 1, &i32, 1, 0);
  add("vt.ok", &vi, 1, &i32, 1, 1);
  expect_fail("'vt.ok' op a region", __LINE__);
  done();
}

/* The memo answers a repeated signature without the hook, in the walk that
 * stored it and in later ones; a failing op is asked again every time. */
static void test_hits(void) {
  fresh();
  const IrType *i32 = vi->type;
  IrValue *o[2] = {vi, vi};
  for (int i = 0; i < 4; i++) add("vt.ok", o, 2, &i32, 1, 0);
  CHECK(ir_verify(mod));
  CHECK_EQ_INT(calls, 1);
  IrVerifyMemoStats s = ir_verify_memo_stats(ctx);
  CHECK_EQ_INT((long long)s.stored, 1);
  CHECK_EQ_INT((long long)s.hits, 3);
  CHECK(ir_verify(mod));
  CHECK_EQ_INT(calls, 1);
  CHECK_EQ_INT((long long)ir_verify_memo_stats(ctx).hits, 7);
  /* a failing op: never stored, so each walk asks the hook */
  IrOp *bad = add("vt.no", o, 2, &i32, 1, 0);
  CHECK(!ir_verify(mod));
  CHECK(!ir_verify(mod));
  CHECK_EQ_INT(calls, 3);
  CHECK_EQ_INT((long long)ir_verify_memo_stats(ctx).stored, 1);
  CHECK(!strcmp(sb_cstr(&diags), "'vt.no' op wrong kind\n'vt.no' op wrong kind\n"));
  ir_op_erase(bad);
  /* a hook that vetoes is asked for every op */
  calls = 0;
  for (int i = 0; i < 2; i++) ir_op_set_attr(add("vt.ok", o, 2, &i32, 1, 0), "veto", ir_unit_attr(ctx));
  CHECK(ir_verify(mod));
  CHECK_EQ_INT(calls, 2);
  CHECK(ir_verify(mod));
  CHECK_EQ_INT(calls, 4);
  done();
}

/* A remembered signature still gets the checks that depend on the op's
 * place: an operand that does not dominate its use. */
static void test_place_checks(void) {
  fresh();
  const IrType *i32 = vi->type;
  IrValue *o[2] = {vi, vi};
  IrOp *a = add("vt.ok", o, 2, &i32, 1, 0);
  IrOp *b = add("vt.ok", o, 2, &i32, 1, 0);
  CHECK(ir_verify(mod));
  CHECK_EQ_INT(calls, 1);
  ir_op_set_operand(a, 0, ir_op_result(b, 0)); /* a now uses b's later result */
  sb_clear(&diags);
  CHECK(!ir_verify(mod));
  CHECK(!strcmp(sb_cstr(&diags), "operand #0 does not dominate this use\n"));
  CHECK_EQ_INT(calls, 1);
  done();
}

static void all_tests(void) {
  test_key_info();
  test_key_props();
  test_key_attrs();
  test_key_operand_types();
  test_key_result_types();
  test_key_value_counts();
  test_key_region_count();
  test_hits();
  test_place_checks();
}

UNIT_MAIN {
  /* first with the hash spreading signatures, then with every signature in
   * one pair of slots: the full comparison alone must keep them apart */
  all_tests();
  collide = true;
  all_tests();
  sb_free(&diags);
}
