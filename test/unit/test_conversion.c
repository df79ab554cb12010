/* test_conversion.c — unit tests of lib/conversion and the interpreter's
 * handler tables for the converted dialects: the driver's value map (1:1
 * and 1:N) and legality, cv_build's properties (a dictionary of inherent
 * attributes becomes the op's properties as it is), c2a_run on a small kernel (no cuda_tile op left,
 * the result verifies, tokens and pointers converted), the pass's option
 * errors, and that every arith/math op the conversion emits has an
 * interpreter handler (which also proves the name table is sorted). */
#include "unit.h"

#include "asm/asm.h"
#include "conversion/convert.h"
#include "conversion/conversions.h"
#include "dialect/dialects.h"
#include "dialect/nv_tileaa/aa.h"
#include "interp/interp_std.h"
#include "rewrite/rewrite.h"

#include "unit_ctx.h"

static IrOp *parse(IrContext *ctx, const char *src) {
  return asm_parse_buffer(ctx, "t.mlir", src, strlen(src), &(AsmParseOptions){0});
}

static bool keep(CvConversion *cv, const IrType *t, IrTypeVec *out) {
  (void)cv;
  vec_push(out, t);
  return true;
}

static const char *const illegal[] = {"cuda_tile.", NULL};

static void test_value_map(void) {
  IrContext *ctx = new_ctx();
  IrOp *m = parse(ctx, "cuda_tile.module @m {\n  entry @k(%a: tile<i32>, %b: tile<i32>) {\n"
                       "    %c = addi %a, %b : tile<i32>\n    return\n  }\n}\n");
  CHECK(m != NULL);
  CvConversion cv;
  cv_init(&cv, ctx, illegal, keep, NULL);
  IrOp *ent = NULL;
  for (IrOp *o = ir_op_region(m, 0)->first->first; o; o = o->next)
    for (IrOp *e = ir_op_region(o, 0)->first->first; e; e = e->next) ent = e;
  CHECK(ent && cv_is_illegal(&cv, ent));
  CHECK(!cv_is_illegal(&cv, m));
  IrBlock *body = ir_op_region(ent, 0)->first;
  IrValue *a = body->args[0], *b = body->args[1];
  CHECK(cv_lookup(&cv, a) == a); /* unmapped: itself */
  cv_map(&cv, a, &b, 1);
  CHECK(cv_lookup(&cv, a) == b);
  IrValue *const *vals = NULL;
  CHECK_EQ_INT((long long)cv_lookup_n(&cv, a, &vals), 1);
  CHECK(vals && vals[0] == b);
  IrValue *two[2] = {a, b};
  cv_map(&cv, b, two, 2);
  CHECK(cv_lookup(&cv, b) == NULL); /* 1:N has no single value */
  CHECK_EQ_INT((long long)cv_lookup_n(&cv, b, &vals), 2);
  CHECK(vals[0] == a && vals[1] == b);
  cv_free(&cv);
  ir_op_destroy(m);
  ir_context_destroy(ctx);
}

/* cv_build: an attribute dictionary whose names are all inherent becomes
 * the op's properties unchanged (the same uniqued dictionary); one with a
 * discardable name is split as ir_op_create splits it; a properties
 * dictionary is taken as it is; empty dictionaries add nothing (no empty
 * dictionary on the op).  The same results as building entry by entry. */
static void test_build_props(void) {
  IrContext *ctx = new_ctx();
  IrOp *m = parse(ctx, "cuda_tile.module @m {\n  entry @k(%a: tile<i32>, %b: tile<i32>) {\n"
                       "    %c = addi %a, %b overflow<no_signed_wrap> : tile<i32>\n"
                       "    return\n  }\n}\n");
  CHECK(m != NULL);
  if (!m) return;
  CvConversion cv;
  cv_init(&cv, ctx, illegal, keep, NULL);
  IrOp *ent = ir_op_region(ir_op_region(m, 0)->first->first, 0)->first->first;
  IrOp *add = ir_op_region(ent, 0)->first->first;
  CHECK(add && !strcmp(ir_op_name(add), "cuda_tile.addi"));
  const IrAttr *ovf = add ? ir_op_attrz(add, "overflow") : NULL;
  CHECK(ovf != NULL);
  if (!add || !ovf) return;
  rw_set_insertion_point_before(&cv.rw, add);
  IrValue *ops[2] = {ir_op_operand(add, 0), ir_op_operand(add, 1)};
  const IrType *rt = ir_op_result(add, 0)->type;
  const IrIdent *dup = NULL;
  IrNamedAttr e1[1] = {{ir_identz(ctx, "overflow"), ovf}};
  const IrAttr *inh = ir_dict_attr(ctx, e1, 1, &dup);
  IrNamedAttr e2[2] = {{ir_identz(ctx, "overflow"), ovf}, {ir_identz(ctx, "zz_note"), ir_unit_attr(ctx)}};
  const IrAttr *mixed = ir_dict_attr(ctx, e2, 2, &dup);
  IrNamedAttr e3[1] = {{ir_identz(ctx, "zz_note"), ir_unit_attr(ctx)}};
  const IrAttr *disc = ir_dict_attr(ctx, e3, 1, &dup);
  const IrAttr *empty = ir_dict_attr(ctx, NULL, 0, &dup);
  IrOp *x = cv_build(&cv, add->info, NULL, ops, 2, &rt, 1, NULL, inh);
  CHECK(x && x->props == inh && x->attrs == NULL);
  IrOp *y = cv_build(&cv, add->info, NULL, ops, 2, &rt, 1, NULL, mixed);
  CHECK(y && y->props == inh && y->attrs == disc);
  IrOp *z = cv_build(&cv, add->info, NULL, ops, 2, &rt, 1, inh, disc);
  CHECK(z && z->props == inh && z->attrs == disc);
  IrOp *w = cv_build(&cv, add->info, NULL, ops, 2, &rt, 1, empty, empty);
  CHECK(w && w->attrs == NULL && (!w->props || w->props->nelems > 0)); /* defaults only */
  CHECK(x && x->noperands == 2 && ir_op_operand(x, 1) == ops[1] && ir_op_result(x, 0)->type == rt);
  cv_free(&cv);
  ir_op_destroy(m);
  ir_context_destroy(ctx);
}

static bool has_ct(IrOp *op) {
  if (!strncmp(ir_op_name(op), "cuda_tile.", 10)) return true;
  for (unsigned r = 0; r < op->nregions; r++)
    for (IrBlock *b = ir_op_region(op, r)->first; b; b = b->next)
      for (IrOp *o = b->first; o; o = o->next)
        if (has_ct(o)) return true;
  return false;
}

static void test_run(void) {
  IrContext *ctx = new_ctx();
  IrOp *m = parse(ctx, "cuda_tile.module @m {\n  entry @k(%p: tile<ptr<f32>>, %x: tile<f32>) {\n"
                       "    %t = make_token : token\n"
                       "    %s = reshape %x : tile<f32> -> tile<1xf32>\n"
                       "    %v = broadcast %s : tile<1xf32> -> tile<4xf32>\n"
                       "    %q = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>\n"
                       "    %qb = broadcast %q : tile<1xptr<f32>> -> tile<4xptr<f32>>\n"
                       "    %i = iota : tile<4xi32>\n"
                       "    %pp = offset %qb, %i : tile<4xptr<f32>>, tile<4xi32> -> tile<4xptr<f32>>\n"
                       "    %t2 = store_ptr_tko weak %pp, %v token = %t : tile<4xptr<f32>>, tile<4xf32> -> token\n"
                       "    return\n  }\n}\n");
  CHECK(m != NULL && ir_verify(m));
  CHECK(c2a_run(m, 100));
  CHECK(!has_ct(m));
  CHECK(aa_verify_module(m));
  StrBuf out = {0};
  asm_print_op_to(&out, m, &(AsmPrintOptions){0});
  const char *s = sb_cstr(&out);
  CHECK(strstr(s, "nv_tileaa.func @k(%arg0: !nv_tileaa.ptr<f32, 1>, %arg1: f32)") != NULL);
  CHECK(strstr(s, "nv_tileaa.create_mem_token") != NULL);
  CHECK(strstr(s, "nv_tileaa.store") != NULL);
  CHECK(strstr(s, "nv_tileaa.compute_capability<100>") != NULL);
  sb_free(&out);
  ir_op_destroy(m);
  ir_context_destroy(ctx);
}

static void test_options(void) {
  IrContext *ctx = new_ctx();
  IrOp *m = parse(ctx, "cuda_tile.module @m {\n  entry @k() {\n    return\n  }\n}\n");
  CHECK(m != NULL);
  CHECK(!rw_run_pipeline(ctx, m, "convert-cuda-tile-to-nv-tileaa"));
  CHECK(strstr(sb_cstr(&diags), "invalid or missing --compute-capability option") != NULL);
  sb_clear(&diags);
  CHECK(!rw_run_pipeline(ctx, m, "convert-cuda-tile-to-nv-tileaa{compute-capability=x1}"));
  CHECK(strstr(sb_cstr(&diags), "invalid or missing --compute-capability option") != NULL);
  CHECK(rw_run_pipeline(ctx, m, "convert-cuda-tile-to-nv-tileaa{compute-capability=sm_90}"));
  CHECK(!has_ct(m));
  ir_op_destroy(m);
  ir_context_destroy(ctx);
}

static void test_std_handlers(void) {
  static const char *const names[] = {
      "arith.addf", "arith.addi", "arith.andi", "arith.bitcast", "arith.ceildivsi",
      "arith.ceildivui", "arith.cmpf", "arith.cmpi", "arith.constant", "arith.divf",
      "arith.divsi", "arith.divui", "arith.extsi", "arith.extui", "arith.floordivsi",
      "arith.fptosi", "arith.fptoui", "arith.index_cast", "arith.maximumf", "arith.maxnumf",
      "arith.maxsi", "arith.maxui", "arith.minimumf", "arith.minnumf", "arith.minsi",
      "arith.minui", "arith.mulf", "arith.muli", "arith.mulsi_extended", "arith.negf",
      "arith.ori", "arith.remf", "arith.remsi", "arith.remui", "arith.select", "arith.shli",
      "arith.shrsi", "arith.shrui", "arith.sitofp", "arith.subf", "arith.subi", "arith.trunci",
      "arith.uitofp", "arith.xori", "math.absf", "math.absi", "math.atan2", "math.ceil",
      "math.cos", "math.cosh", "math.exp", "math.exp2", "math.floor", "math.log", "math.log2",
      "math.powf", "math.roundeven", "math.rsqrt", "math.sin", "math.sinh", "math.sqrt",
      "math.tan", "math.tanh"};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (!CHECK(in_std_handler(names[i]) != NULL)) printf("  no handler: %s\n", names[i]);
  CHECK(in_std_handler("arith.nonexistent") == NULL);
}

UNIT_MAIN {
  test_value_map();
  test_build_props();
  test_run();
  test_options();
  test_std_handlers();
  sb_free(&diags);
}
