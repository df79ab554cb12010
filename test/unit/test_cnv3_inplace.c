/* test_cnv3_inplace.c — unit tests of in-place conversion: ir_op_reset
 * (lib/ir/ops.c) makes an op what ir_op_create would build from the same
 * state (kind, dictionaries with the dialect's defaults, discardable
 * attributes split off, location, result types, operands relinked at the
 * head of their values' use lists) while keeping the op, its result values
 * and their uses; it refuses a state of another shape and a duplicate
 * attribute (reported as ir_op_create reports it) leaving the op as it was.
 * The driver's cv_build_replace (lib/conversion/convert.c) converts the
 * rewritten op in place — the result keeps its value (cv_lookup gives it
 * back, cv_original_type the type it had) — or, when the op is not the one
 * being rewritten, rebuilds and maps; c2a_run keeps the converted op objects
 * with CTILE_CV_INPLACE unset and not with CTILE_CV_INPLACE=0, prints the
 * same either way, and a run with an op no pattern converts gives the same
 * diagnostics either way.  Legality by prefix stays right for many op kinds
 * (the direct-mapped kind table in front of the map).  c2a_int_attr's memo
 * gives what ir_integer_attr gives for every (type, value), colliding or
 * not. */
#include "unit.h"

#include "asm/asm.h"
#include "conversion/convert.h"
#include "conversion/conversions.h"
#include "conversion/cuda_tile_to_nv_tileaa/c2a.h"
#include "dialect/dialects.h"

#include "unit_ctx.h"

#include <stdlib.h>

static IrOp *parse(IrContext *ctx, const char *src) {
  ir_ctx_allow_unregistered(ctx, true);
  return asm_parse_buffer(ctx, "t.mlir", src, strlen(src), &(AsmParseOptions){0});
}

static IrOp *find_op(IrOp *root, const char *name) {
  for (unsigned r = 0; r < root->nregions; r++)
    for (IrBlock *b = ir_op_region(root, r)->first; b; b = b->next)
      for (IrOp *o = b->first; o; o = o->next) {
        if (!strcmp(ir_op_name(o), name)) return o;
        IrOp *in = find_op(o, name);
        if (in) return in;
      }
  return NULL;
}

/* Whether op is still somewhere under root. */
static bool contains(IrOp *root, const IrOp *op) {
  for (unsigned r = 0; r < root->nregions; r++)
    for (IrBlock *b = ir_op_region(root, r)->first; b; b = b->next)
      for (IrOp *o = b->first; o; o = o->next)
        if (o == op || contains(o, op)) return true;
  return false;
}

static void print(IrOp *m, StrBuf *out, bool debuginfo) {
  sb_clear(out);
  asm_print_op_to(out, m, &(AsmPrintOptions){.debuginfo = debuginfo});
}

/* A state for arith.addi(x, y) -> t with attributes {overflowFlags?, zz}. */
static void addi_state(IrContext *ctx, IrOpState *st, IrValue *x, IrValue *y, const IrType *t,
                       const IrLoc *loc) {
  ir_op_state_init(st, ctx, ir_op_info_lookup(ctx, "arith.addi", 10), loc);
  vec_push(&st->operands, x);
  vec_push(&st->operands, y);
  vec_push(&st->result_types, t);
  ir_op_state_add_attr(st, "zz_note", ir_unit_attr(ctx));
}

static void test_reset(void) {
  IrContext *ctx = new_ctx();
  IrOp *m = parse(ctx, "module {\n"
                       "  %0 = \"test.a\"() : () -> i32\n"
                       "  %1 = \"test.a\"() : () -> i32\n"
                       "  %2 = \"test.b\"(%0, %1) {k = 1 : i32} : (i32, i32) -> i32\n"
                       "  \"test.use\"(%2, %2) : (i32, i32) -> ()\n"
                       "  \"test.use\"(%1) : (i32) -> ()\n"
                       "}\n");
  CHECK(m != NULL);
  if (!m) return;
  IrOp *b = find_op(m, "test.b"), *use = find_op(m, "test.use");
  CHECK(b && use);
  if (!b || !use) return;
  IrValue *v0 = ir_op_operand(b, 0), *v1 = ir_op_operand(b, 1), *r = ir_op_result(b, 0);
  const IrType *i32 = r->type;
  const IrLoc *loc = ir_file_loc(ctx, ir_identz(ctx, "x.mlir"), 7, 9);

  /* the reference: ir_op_create from the same state (operands swapped) */
  IrOpState st;
  addi_state(ctx, &st, v1, v0, i32, loc);
  IrOp *ref = ir_op_create(&st);
  ir_op_state_free(&st);
  CHECK(ref != NULL);
  if (!ref) return;

  addi_state(ctx, &st, v1, v0, i32, loc);
  CHECK(ir_op_reset(b, &st));
  ir_op_state_free(&st);
  CHECK(!strcmp(ir_op_name(b), "arith.addi"));
  CHECK(b->props == ref->props && b->props && ir_op_attrz(b, "overflowFlags") != NULL);
  CHECK(b->attrs == ref->attrs && ir_op_attrz(b, "zz_note") == ir_unit_attr(ctx));
  CHECK(ir_op_attrz(b, "k") == NULL); /* the old attributes are gone */
  CHECK(ir_op_loc(b) == loc);
  /* same op, same result value, its uses kept */
  CHECK(ir_op_result(b, 0) == r && r->def == b && r->type == i32);
  CHECK(ir_op_operand(use, 0) == r && ir_op_operand(use, 1) == r);
  CHECK(b->block && b->next == use);
  CHECK(ir_op_operand(b, 0) == v1 && ir_op_operand(b, 1) == v0);
  /* operands relinked at the head of their use lists, as ir_op_create
   * links them: v0's first use is b's (b came after ref), v1's too */
  CHECK(v0->uses && v0->uses->owner == b);
  CHECK(v1->uses && v1->uses->owner == b);
  size_t n1 = 0;
  for (IrUse *u = v1->uses; u; u = u->next) n1++;
  CHECK_EQ_INT((long long)n1, 3); /* b, ref, the last test.use */

  /* another shape: refused, the op untouched */
  ir_op_state_init(&st, ctx, ir_op_info_lookup(ctx, "arith.addi", 10), loc);
  vec_push(&st.operands, v0);
  vec_push(&st.result_types, i32);
  CHECK(!ir_op_reset(b, &st));
  ir_op_state_free(&st);
  CHECK(!strcmp(ir_op_name(b), "arith.addi") && ir_op_operand(b, 1) == v0);

  /* a duplicate attribute: reported as ir_op_create reports it, op untouched */
  const IrAttr *props_before = b->props;
  addi_state(ctx, &st, v0, v1, i32, loc);
  ir_op_state_add_attr(&st, "zz_note", ir_unit_attr(ctx));
  sb_clear(&diags);
  CHECK(!ir_op_reset(b, &st));
  ir_op_state_free(&st);
  CHECK(strstr(sb_cstr(&diags), "occurs more than once") != NULL);
  CHECK(b->props == props_before && ir_op_operand(b, 0) == v1);

  ir_op_erase(ref);
  ir_op_destroy(m);
  ir_context_destroy(ctx);
}

/* ---- the driver ----------------------------------------------------------- */

static const char *const illegal[] = {"bad.", NULL};

/* i32 -> i64, everything else unchanged. */
static bool widen(CvConversion *cv, const IrType *t, IrTypeVec *out) {
  const IrType *i32 = ir_integer_type(cv->ctx, 32, IR_SIGNLESS);
  vec_push(out, t == i32 ? ir_integer_type(cv->ctx, 64, IR_SIGNLESS) : t);
  return true;
}

static const IrType *seen_orig; /* what p_b saw */
static IrValue *seen_val;

/* bad.a -> test.a, one for one. */
static bool p_a(CvConversion *cv, IrOp *op) {
  const IrType *rt = cv_convert_type1(cv, ir_op_result(op, 0)->type);
  IrValue *ops[4];
  for (unsigned i = 0; i < op->noperands && i < 4; i++) ops[i] = cv_operand(cv, op, i);
  return cv_build_replace(cv, op, cv_op_info(cv, "test.a"), ops, op->noperands, &rt, 1, NULL,
                          NULL) != NULL;
}

/* bad.b(x) -> test.b(x), noting what the driver says about x. */
static bool p_b(CvConversion *cv, IrOp *op) {
  IrValue *x = cv_operand(cv, op, 0);
  seen_orig = cv_original_type(cv, ir_op_operand(op, 0));
  seen_val = x;
  const IrType *rt = cv_convert_type1(cv, ir_op_result(op, 0)->type);
  IrOp *n = cv_build(cv, cv_op_info(cv, "test.b"), NULL, &x, 1, &rt, 1, NULL, NULL);
  if (!n) return false;
  IrValue *v = ir_op_result(n, 0);
  cv_replace(cv, op, &v);
  return true;
}

static void test_driver(bool inplace) {
  IrContext *ctx = new_ctx();
  IrOp *m = parse(ctx, "module {\n"
                       "  %0 = \"test.src\"() : () -> i32\n"
                       "  %1 = \"bad.a\"(%0) : (i32) -> i32\n"
                       "  %2 = \"bad.b\"(%1) : (i32) -> i32\n"
                       "  \"test.use\"(%2) : (i32) -> ()\n"
                       "}\n");
  CHECK(m != NULL);
  if (!m) return;
  IrOp *a = find_op(m, "bad.a");
  IrValue *ar = a ? ir_op_result(a, 0) : NULL;
  const IrType *i32 = ar ? ar->type : NULL;
  if (!inplace) setenv("CTILE_CV_INPLACE", "0", 1);
  CvConversion cv;
  cv_init(&cv, ctx, illegal, widen, NULL);
  unsetenv("CTILE_CV_INPLACE");
  CHECK(cv.inplace == inplace);
  cv_add_pattern(&cv, ir_op_info_lookup(ctx, "bad.a", 5), p_a);
  cv_add_pattern(&cv, ir_op_info_lookup(ctx, "bad.b", 5), p_b);
  seen_orig = NULL;
  seen_val = NULL;
  CHECK(cv_apply_partial(&cv, m));
  IrOp *ta = find_op(m, "test.a");
  CHECK(ta && ir_op_result(ta, 0)->type == ir_integer_type(ctx, 64, IR_SIGNLESS));
  CHECK(find_op(m, "bad.a") == NULL && find_op(m, "bad.b") == NULL);
  /* the pattern of bad.b saw the converted value and the original type */
  CHECK(seen_val == (ta ? ir_op_result(ta, 0) : NULL));
  CHECK(seen_orig == i32);
  if (inplace) {
    CHECK(ta == a && ir_op_result(ta, 0) == ar); /* the same op and value */
    CHECK(cv_lookup(&cv, ar) == ar);
    IrValue *const *vals = NULL;
    CHECK_EQ_INT((long long)cv_lookup_n(&cv, ar, &vals), 0); /* stands for itself */
  } else {
    CHECK(ta != a);
  }
  cv_free(&cv);
  ir_op_destroy(m);
  ir_context_destroy(ctx);
}

/* cv_build_replace for an op other than the one being rewritten: rebuilt
 * before the insertion point and mapped, never in place. */
static void test_replace_other(void) {
  IrContext *ctx = new_ctx();
  IrOp *m = parse(ctx, "module {\n  %0 = \"bad.a\"() : () -> i32\n"
                       "  \"test.use\"() : () -> ()\n}\n");
  CHECK(m != NULL);
  if (!m) return;
  IrOp *a = find_op(m, "bad.a"), *use = find_op(m, "test.use");
  CvConversion cv;
  cv_init(&cv, ctx, illegal, widen, NULL);
  rw_set_insertion_point_before(&cv.rw, use);
  const IrType *i64 = ir_integer_type(ctx, 64, IR_SIGNLESS);
  IrOp *n = cv_build_replace(&cv, a, cv_op_info(&cv, "test.a"), NULL, 0, &i64, 1, NULL, NULL);
  CHECK(n && n != a && n->next == use && !strcmp(ir_op_name(a), "bad.a"));
  CHECK(n && cv_lookup(&cv, ir_op_result(a, 0)) == ir_op_result(n, 0));
  cv_free(&cv);
  ir_op_destroy(m);
  ir_context_destroy(ctx);
}

/* Legality by prefix for many kinds at once (more than collide in the
 * direct-mapped table), asked twice each. */
static void test_many_kinds(void) {
  IrContext *ctx = new_ctx();
  StrBuf src = {0};
  sb_puts(&src, "module {\n");
  for (int i = 0; i < 600; i++)
    sb_printf(&src, "  \"%s.k%d\"() : () -> ()\n", i % 2 ? "bad" : "ok", i);
  sb_puts(&src, "}\n");
  IrOp *m = parse(ctx, sb_cstr(&src));
  sb_free(&src);
  CHECK(m != NULL);
  if (!m) return;
  CvConversion cv;
  cv_init(&cv, ctx, illegal, widen, NULL);
  bool right = true;
  for (int pass = 0; pass < 2; pass++) {
    int i = 0;
    for (IrOp *o = ir_op_region(m, 0)->first->first; o; o = o->next, i++)
      right &= cv_is_illegal(&cv, o) == (i % 2 == 1);
  }
  CHECK(right);
  cv_free(&cv);
  ir_op_destroy(m);
  ir_context_destroy(ctx);
}

static void test_int_attr_memo(void) {
  IrContext *ctx = new_ctx();
  C2a st;
  memset(&st, 0, sizeof st);
  CvConversion cv;
  cv_init(&cv, ctx, illegal, widen, &st);
  const IrType *ts[3] = {ir_integer_type(ctx, 32, IR_SIGNLESS),
                         ir_integer_type(ctx, 64, IR_SIGNLESS), ir_index_type(ctx)};
  bool same = true;
  for (int round = 0; round < 2; round++)
    for (int64_t v = -300; v < 300; v++)
      for (int k = 0; k < 3; k++)
        same &= c2a_int_attr(&cv, ts[k], v) == ir_integer_attr(ctx, ts[k], v);
  CHECK(same);
  cv_free(&cv);
  ir_context_destroy(ctx);
}

/* ---- the cuda_tile conversion ---------------------------------------------- */

static const char *kernel =
    "cuda_tile.module @m {\n"
    "  entry @k(%p: tile<ptr<f32>>, %n: tile<i32>) {\n"
    "    %c1 = constant <i32: 1> : tile<i32>\n"
    "    %a = addi %n, %c1 overflow<no_signed_wrap> : tile<i32>\n"
    "    %two = constant <f32: 2.0> : tile<4xf32>\n"
    "    %m = mulf %two, %two rounding<zero> : tile<4xf32>\n"
    "    %c0 = constant <i32: 0> : tile<i32>\n"
    "    %f = for %j in (%c0 to %a, step %c1) : tile<i32>"
    " iter_values(%acc = %m) -> (tile<4xf32>) {\n"
    "      %s = addf %acc, %two rounding<nearest_even> : tile<4xf32>\n"
    "      continue %s : tile<4xf32>\n"
    "    }\n"
    "    %x = iota : tile<4xi32>\n"
    "    %pr = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>\n"
    "    %pb = broadcast %pr : tile<1xptr<f32>> -> tile<4xptr<f32>>\n"
    "    %pp = offset %pb, %x : tile<4xptr<f32>>, tile<4xi32> -> tile<4xptr<f32>>\n"
    "    %t = store_ptr_tko weak %pp, %f : tile<4xptr<f32>>, tile<4xf32> -> token\n"
    "    return\n"
    "  }\n"
    "}\n";

/* Converts src with in-place conversion on or off: the printed result
 * (with locations) and the diagnostics in *out; whether the addi op object
 * survived as arith.addi in *kept. */
static bool convert(const char *src, bool inplace, StrBuf *out, bool *kept) {
  IrContext *ctx = new_ctx();
  IrOp *m = parse(ctx, src);
  CHECK(m != NULL);
  if (!m) return false;
  IrOp *add = find_op(m, "cuda_tile.addi");
  if (!inplace) setenv("CTILE_CV_INPLACE", "0", 1);
  bool ok = c2a_run(m, 100);
  unsetenv("CTILE_CV_INPLACE");
  print(m, out, true);
  sb_puts(out, sb_cstr(&diags));
  *kept = add && contains(m, add) && !strcmp(ir_op_name(add), "arith.addi");
  ir_op_destroy(m);
  ir_context_destroy(ctx);
  return ok;
}

static void test_c2a_both_ways(void) {
  StrBuf on = {0}, off = {0};
  bool kept_on = false, kept_off = true;
  CHECK(convert(kernel, true, &on, &kept_on));
  CHECK(convert(kernel, false, &off, &kept_off));
  CHECK(kept_on && !kept_off);
  CHECK_STREQ(sb_cstr(&on), sb_cstr(&off));
  CHECK(strstr(sb_cstr(&on), "arith.addi") && !strstr(sb_cstr(&on), "cuda_tile.addi"));
  /* an op without a pattern: the run fails the same way both ways */
  const char *bad = "cuda_tile.module @m {\n"
                    "  entry @k(%a: tile<i32>) {\n"
                    "    %c = constant <f32: [1.0, 2.0]> : tile<2xf32>\n"
                    "    %t = make_token : token\n"
                    "    %u = testing$bytecode_test_evolution (%c : tile<2xf32>) token = %t : token"
                    " -> token\n"
                    "    return\n"
                    "  }\n"
                    "}\n";
  CHECK(!convert(bad, true, &on, &kept_on));
  CHECK(!convert(bad, false, &off, &kept_off));
  CHECK(strstr(sb_cstr(&on), "failed to legalize") != NULL);
  CHECK_STREQ(sb_cstr(&on), sb_cstr(&off));
  sb_free(&on);
  sb_free(&off);
}

UNIT_MAIN {
  test_reset();
  test_driver(true);
  test_driver(false);
  test_replace_other();
  test_many_kinds();
  test_int_attr_memo();
  test_c2a_both_ways();
  sb_free(&diags);
}
