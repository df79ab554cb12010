/* test_cnv_memo.c — unit tests of the conversion driver's caches and
 * memos (lib/conversion/convert.c, cuda_tile_to_nv_tileaa/pat_core.c): the
 * pointer map (growth, replacement, misses), cv_build's dictionary memo
 * (same op kind with different dictionaries, the same dictionary given as
 * properties or as attributes, the same properties with different
 * attributes, defaults present on memoized builds,
 * discardable attributes set on memoized builds), c2a_dictc's memo (same
 * names with different values, same values with different names, NULL
 * values skipped), legality by prefix cached per op kind next to the
 * dynamic hook, and the destruction of converted ops: a converted op still
 * used by a legal op is reported (once, itself only) while the converted
 * ops it uses are freed. */
#include "unit.h"

#include "asm/asm.h"
#include "conversion/convert.h"
#include "conversion/cuda_tile_to_nv_tileaa/c2a.h"
#include "dialect/dialects.h"

#include "unit_ctx.h"

static IrOp *parse(IrContext *ctx, const char *src) {
  ir_ctx_allow_unregistered(ctx, true);
  return asm_parse_buffer(ctx, "t.mlir", src, strlen(src), &(AsmParseOptions){0});
}

static bool keep(CvConversion *cv, const IrType *t, IrTypeVec *out) {
  (void)cv;
  vec_push(out, t);
  return true;
}

static IrOp *find_op(IrOp *root, const char *name) {
  for (IrBlock *b = ir_op_region(root, 0)->first; b; b = b->next)
    for (IrOp *o = b->first; o; o = o->next)
      if (!strcmp(ir_op_name(o), name)) return o;
  return NULL;
}

static void test_ptrmap(void) {
  static long keys[20000];
  PtrMap m = {0};
  CHECK(ptrmap_get(&m, &keys[0]) == NULL);
  for (size_t i = 0; i < 20000; i++) ptrmap_put(&m, &keys[i], &keys[(i + 1) % 20000]);
  CHECK_EQ_INT((long long)m.len, 20000);
  CHECK(m.cap >= 2 * m.len); /* load at most one half */
  CHECK((m.cap & (m.cap - 1)) == 0);
  bool all = true;
  for (size_t i = 0; i < 20000; i++) all &= ptrmap_get(&m, &keys[i]) == &keys[(i + 1) % 20000];
  CHECK(all);
  ptrmap_put(&m, &keys[7], &keys[3]); /* replacement keeps the count */
  CHECK_EQ_INT((long long)m.len, 20000);
  CHECK(ptrmap_get(&m, &keys[7]) == &keys[3]);
  long other;
  CHECK(ptrmap_get(&m, &other) == NULL);
  ptrmap_free(&m);
  CHECK(m.cap == 0 && ptrmap_get(&m, &keys[1]) == NULL);
}

static const char *const illegal[] = {"bad.", NULL};

/* cv_build's memo: each build gives the op the dictionaries a build
 * without the memo would give it. */
static void test_build_memo(void) {
  IrContext *ctx = new_ctx();
  IrOp *m = parse(ctx, "module {\n  %0 = \"test.def\"() : () -> i32\n}\n");
  CHECK(m != NULL);
  if (!m) return;
  IrOp *def = find_op(m, "test.def");
  CvConversion cv;
  cv_init(&cv, ctx, illegal, keep, NULL);
  rw_set_insertion_point_after(&cv.rw, def);
  IrValue *v = ir_op_result(def, 0);
  const IrType *i32 = v->type;
  IrValue *ops[2] = {v, v};

  /* a kind with a default (overflowFlags): present on both builds */
  IrOp *a1 = cv_build_named(&cv, "arith.addi", NULL, ops, 2, &i32, 1, NULL);
  IrOp *a2 = cv_build_named(&cv, "arith.addi", NULL, ops, 2, &i32, 1, NULL);
  CHECK(a1 && a2);
  if (!a1 || !a2) return;
  CHECK(ir_op_attrz(a1, "overflowFlags") != NULL);
  CHECK(ir_op_attrz(a2, "overflowFlags") != NULL);
  CHECK(a1->props == a2->props && !a2->attrs);

  /* the same kind with different dictionaries, alternating */
  const IrIdent *value = ir_identz(ctx, "value"), *foo = ir_identz(ctx, "foo");
  IrNamedAttr e1 = {value, ir_integer_attr(ctx, i32, 1)};
  IrNamedAttr e2 = {value, ir_integer_attr(ctx, i32, 2)};
  const IrAttr *d1 = ir_dict_attr(ctx, &e1, 1, NULL), *d2 = ir_dict_attr(ctx, &e2, 1, NULL);
  IrOp *c1 = cv_build_named(&cv, "arith.constant", NULL, NULL, 0, &i32, 1, d1);
  IrOp *c2 = cv_build_named(&cv, "arith.constant", NULL, NULL, 0, &i32, 1, d2);
  IrOp *c3 = cv_build_named(&cv, "arith.constant", NULL, NULL, 0, &i32, 1, d1);
  CHECK(c1 && c2 && c3);
  if (!c1 || !c2 || !c3) return;
  CHECK(ir_op_attrz(c1, "value") == e1.value);
  CHECK(ir_op_attrz(c2, "value") == e2.value);
  CHECK(ir_op_attrz(c3, "value") == e1.value);
  CHECK(c1->props == d1 && c3->props == d1 && !c3->attrs);

  /* an inherent and a discardable name: split the same way twice */
  IrNamedAttr ex[2] = {e1, {foo, ir_unit_attr(ctx)}};
  const IrAttr *dx = ir_dict_attr(ctx, ex, 2, NULL);
  IrOp *x1 = cv_build_named(&cv, "arith.constant", NULL, NULL, 0, &i32, 1, dx);
  IrOp *x2 = cv_build_named(&cv, "arith.constant", NULL, NULL, 0, &i32, 1, dx);
  CHECK(x1 && x2);
  if (!x1 || !x2) return;
  CHECK(x1->props == d1 && x2->props == d1);
  CHECK(x1->attrs && x1->attrs == x2->attrs && x2->attrs->nelems == 1);
  CHECK(ir_op_attrz(x2, "foo") == ir_unit_attr(ctx));

  /* an unregistered kind: the dictionary as attributes, then as
   * properties, then as attributes again */
  const IrOpInfo *tx = cv_op_info(&cv, "test.x");
  IrOp *u1 = cv_build(&cv, tx, NULL, NULL, 0, &i32, 1, NULL, d1);
  IrOp *u2 = cv_build(&cv, tx, NULL, NULL, 0, &i32, 1, d1, NULL);
  IrOp *u3 = cv_build(&cv, tx, NULL, NULL, 0, &i32, 1, NULL, d1);
  CHECK(u1 && u2 && u3);
  if (!u1 || !u2 || !u3) return;
  CHECK(!u1->props && u1->attrs == d1);
  CHECK(u2->props == d1 && !u2->attrs);
  CHECK(!u3->props && u3->attrs == d1);

  /* properties and attributes both given: the attributes count too */
  const IrIdent *bar = ir_identz(ctx, "bar");
  IrNamedAttr ef = {foo, ir_unit_attr(ctx)}, eb = {bar, ir_unit_attr(ctx)};
  const IrAttr *df = ir_dict_attr(ctx, &ef, 1, NULL), *db = ir_dict_attr(ctx, &eb, 1, NULL);
  IrOp *p1 = cv_build(&cv, tx, NULL, NULL, 0, &i32, 1, d1, df);
  IrOp *p2 = cv_build(&cv, tx, NULL, NULL, 0, &i32, 1, d1, db);
  IrOp *p3 = cv_build(&cv, tx, NULL, NULL, 0, &i32, 1, d1, NULL);
  IrOp *p4 = cv_build(&cv, tx, NULL, NULL, 0, &i32, 1, d1, df);
  CHECK(p1 && p2 && p3 && p4);
  if (!p1 || !p2 || !p3 || !p4) return;
  CHECK(p1->props == d1 && p1->attrs == df);
  CHECK(p2->props == d1 && p2->attrs == db);
  CHECK(p3->props == d1 && !p3->attrs);
  CHECK(p4->props == d1 && p4->attrs == df);

  /* an operand without a conversion builds nothing */
  IrValue *none[2] = {v, NULL};
  CHECK(cv_build_named(&cv, "arith.addi", NULL, none, 2, &i32, 1, NULL) == NULL);
  CHECK(!cv_is_illegal(&cv, a1) && !cv_is_illegal(&cv, a2)); /* cached verdict */
  cv_free(&cv);
  ir_op_destroy(m);
  ir_context_destroy(ctx);
}

/* c2a_dictc: memoized by (name literal, value) pairs. */
static void test_dictc_memo(void) {
  IrContext *ctx = new_ctx();
  C2a st;
  memset(&st, 0, sizeof st);
  CvConversion cv;
  cv_init(&cv, ctx, illegal, keep, &st);
  const IrType *i32 = ir_integer_type(ctx, 32, IR_SIGNLESS);
  const IrAttr *x = ir_integer_attr(ctx, i32, 1), *y = ir_integer_attr(ctx, i32, 2);
  const char *na[2] = {"a", "b"}, *nb[1] = {"b"};
  const IrAttr *vx[2] = {x, NULL}, *vy[2] = {y, x};
  const IrAttr *d1 = c2a_dictc(&cv, na, vx, 1);
  const IrAttr *d2 = c2a_dictc(&cv, na, vy, 1);
  const IrAttr *d3 = c2a_dictc(&cv, nb, vx, 1);
  const IrAttr *d4 = c2a_dictc(&cv, na, vx, 1);
  CHECK(d1 && d2 && d3 && d1 == d4 && d1 != d2 && d1 != d3);
  const IrIdent *a = ir_identz(ctx, "a"), *b = ir_identz(ctx, "b");
  CHECK(ir_dict_get(d1, a) == x && ir_dict_get(d2, a) == y);
  CHECK(ir_dict_get(d3, b) == x && !ir_dict_get(d3, a));
  const IrAttr *d5 = c2a_dictc(&cv, na, vx, 2); /* NULL value: skipped */
  const IrAttr *d6 = c2a_dictc(&cv, na, vy, 2);
  CHECK(d5 == d1 && d6 && d6->nelems == 2);
  CHECK(ir_dict_get(d6, a) == y && ir_dict_get(d6, b) == x);
  CHECK(c2a_dictc(&cv, na, vy, 2) == d6);
  CHECK(c2a_dictc(&cv, na, vy, 0) == NULL);
  free(st.dmemo);
  cv_free(&cv);
  ir_context_destroy(ctx);
}

/* Patterns that replace nothing: a converted op used by a legal op is
 * reported; the converted ops only converted ops use are freed. */
static bool drop(CvConversion *cv, IrOp *op) {
  (void)cv;
  (void)op;
  return true;
}

static bool dyn_bad(CvConversion *cv, IrOp *op) {
  (void)cv;
  return !strcmp(ir_op_name(op), "test.dyn");
}

static void test_dead_ops(void) {
  IrContext *ctx = new_ctx();
  IrOp *m = parse(ctx, "module {\n"
                       "  %0 = \"bad.a\"() : () -> i32\n"
                       "  %1 = \"bad.b\"(%0) : (i32) -> i32\n"
                       "  \"test.use\"(%1) : (i32) -> ()\n"
                       "  %2 = \"bad.c\"() : () -> i32\n"
                       "  %3 = \"bad.d\"(%2, %2) : (i32, i32) -> i32\n"
                       "  %4 = \"test.dyn\"(%3) : (i32) -> i32\n"
                       "}\n");
  CHECK(m != NULL);
  if (!m) return;
  CvConversion cv;
  cv_init(&cv, ctx, illegal, keep, NULL);
  cv.dyn_illegal = dyn_bad;
  const char *kinds[] = {"bad.a", "bad.b", "bad.c", "bad.d", "test.dyn"};
  for (size_t i = 0; i < 5; i++) cv_add_pattern(&cv, find_op(m, kinds[i])->info, drop);
  CHECK(cv_is_illegal(&cv, find_op(m, "bad.a")));
  CHECK(cv_is_illegal(&cv, find_op(m, "test.dyn")));
  CHECK(!cv_is_illegal(&cv, find_op(m, "test.use")));
  sb_clear(&diags);
  CHECK(!cv_apply_partial(&cv, m));
  const char *d = sb_cstr(&diags);
  const char *msg = "has a result without a replacement that is still used";
  const char *first = strstr(d, msg);
  CHECK(first != NULL);
  CHECK(first && !strstr(first + 1, msg)); /* once */
  /* left in the module: the legal user and the op it still uses */
  int n = 0;
  for (IrOp *o = ir_op_region(m, 0)->first->first; o; o = o->next) n++;
  CHECK_EQ_INT(n, 2);
  CHECK(find_op(m, "test.use") && find_op(m, "bad.b"));
  CHECK(!find_op(m, "bad.a") && !find_op(m, "bad.d") && !find_op(m, "test.dyn"));
  IrOp *b = find_op(m, "bad.b");
  CHECK(b && b->noperands == 1 && ir_op_operand(b, 0) == NULL); /* references cut */
  cv_free(&cv);
  ir_op_destroy(m);
  ir_context_destroy(ctx);
}

UNIT_MAIN {
  test_ptrmap();
  test_build_memo();
  test_dictc_memo();
  test_dead_ops();
  sb_free(&diags);
}
