/* test_ir.c — unit tests of the IR core: identifier interning, type and
 * attribute uniquing (pointer identity <=> structural equality), dictionary
 * sorting, use-def lists (O(1) unlink, replace-all-uses), op creation and
 * destruction, walks, symbol lookup and the generic verifier messages,
 * attribute lookup by name (interned or not), and default-valued
 * properties (IR_TRAIT_DEFAULT_PROPS with the dialect's populate_defaults,
 * and the cuda_tile table behind it). */
#include "dialect/cuda_tile/ct_ops.h"
#include "dialect/cuda_tile/ct_types.h"
#include "dialect/dialects.h"
#include "ir/ir.h"
#include "unit.h"

static void test_idents(IrContext *ctx) {
  const IrIdent *a = ir_identz(ctx, "hello");
  const IrIdent *b = ir_ident(ctx, "hello world", 5);
  CHECK(a == b);
  CHECK_STREQ(a->str, "hello");
  CHECK(ir_identz(ctx, "hellp") != a);
  CHECK(ir_ident(ctx, "", 0) == ir_identz(ctx, ""));
}

static void test_types(IrContext *ctx) {
  const IrType *i32 = ir_integer_type(ctx, 32, IR_SIGNLESS);
  CHECK(i32 == ir_integer_type(ctx, 32, IR_SIGNLESS));
  CHECK(i32 != ir_integer_type(ctx, 32, IR_SIGNED));
  CHECK(i32 != ir_integer_type(ctx, 64, IR_SIGNLESS));
  CHECK(ir_integer_type(ctx, 128, IR_SIGNLESS) == ir_integer_type(ctx, 128, IR_SIGNLESS));
  CHECK(ir_float_type(ctx, IR_F16) == ir_float_type(ctx, IR_F16));
  CHECK(ir_float_type(ctx, IR_F16) != ir_float_type(ctx, IR_BF16));
  CHECK_EQ_INT(ir_float_kind_width(IR_F8E4M3FN), 8);
  CHECK_STREQ(ir_float_kind_name(IR_F4E2M1FN), "f4E2M1FN");

  /* shapes are interned with their storage: a stack copy uniquifies to the
   * same object, and the stored array is not the caller's */
  int64_t shape[2] = {4, 8};
  const IrType *f32 = ir_float_type(ctx, IR_F32);
  const IrType *t1 = ir_tensor_type(ctx, shape, 2, f32, NULL);
  shape[1] = 16;
  const IrType *t2 = ir_tensor_type(ctx, shape, 2, f32, NULL);
  CHECK(t1 != t2);
  CHECK_EQ_INT(t1->ints[1], 8);
  shape[1] = 8;
  CHECK(ir_tensor_type(ctx, shape, 2, f32, NULL) == t1);
  CHECK(t1->ints != shape);

  const IrType *ins[2] = {i32, f32};
  const IrType *fn = ir_function_type(ctx, ins, 2, &f32, 1);
  CHECK(fn == ir_function_type(ctx, ins, 2, &f32, 1));
  CHECK(fn != ir_function_type(ctx, ins, 1, ins + 1, 1)); /* (i32)->f32 differs */
  CHECK_EQ_INT(ir_func_num_inputs(fn), 2);
  CHECK_EQ_INT(ir_func_num_results(fn), 1);
  CHECK(ir_func_results(fn)[0] == f32);
  CHECK(ir_opaque_type(ctx, "foo.bar<1>", 10) == ir_opaque_type(ctx, "foo.bar<1>", 10));

  int64_t big[3] = {1 << 20, 1 << 20, 1 << 30};
  CHECK_EQ_INT(ir_shape_num_elements(big, 2), (int64_t)1 << 40);
  int64_t huge[2] = {INT64_MAX / 2, 4};
  CHECK_EQ_INT(ir_shape_num_elements(huge, 2), -1);
}

static void test_attrs(IrContext *ctx) {
  const IrType *i32 = ir_integer_type(ctx, 32, IR_SIGNLESS);
  const IrType *i64 = ir_integer_type(ctx, 64, IR_SIGNLESS);
  CHECK(ir_integer_attr(ctx, i32, 7) == ir_integer_attr(ctx, i32, 7));
  CHECK(ir_integer_attr(ctx, i32, 7) != ir_integer_attr(ctx, i64, 7));
  CHECK(ir_float_attr(ctx, ir_float_type(ctx, IR_F32), 0.0) !=
        ir_float_attr(ctx, ir_float_type(ctx, IR_F32), -0.0));
  CHECK(ir_string_attr(ctx, "ab", 2) == ir_string_attr(ctx, "abc", 2));
  CHECK(ir_bool_attr(ctx, true) != ir_bool_attr(ctx, false));

  IrNamedAttr e[3] = {
      {ir_identz(ctx, "zeta"), ir_integer_attr(ctx, i32, 1)},
      {ir_identz(ctx, "alpha"), ir_unit_attr(ctx)},
      {ir_identz(ctx, "mid"), ir_string_attr(ctx, "x", 1)},
  };
  const IrAttr *d = ir_dict_attr(ctx, e, 3, NULL);
  CHECK_EQ_INT(d->nelems, 3);
  CHECK_STREQ(d->names[0]->str, "alpha");
  CHECK_STREQ(d->names[2]->str, "zeta");
  IrNamedAttr rev[3] = {e[2], e[0], e[1]};
  CHECK(ir_dict_attr(ctx, rev, 3, NULL) == d); /* order-independent */
  CHECK(ir_dict_getz(ctx, d, "mid") == e[2].value);
  CHECK(ir_dict_getz(ctx, d, "nope") == NULL);
  const IrAttr *d2 = ir_dict_set(ctx, d, ir_identz(ctx, "mid"), NULL);
  CHECK_EQ_INT(d2->nelems, 2);
  CHECK(ir_dict_set(ctx, d2, ir_identz(ctx, "mid"), e[2].value) == d);

  IrNamedAttr dup[2] = {e[0], {e[0].name, ir_unit_attr(ctx)}};
  const IrIdent *which = NULL;
  CHECK(ir_dict_attr(ctx, dup, 2, &which) == NULL);
  CHECK(which == e[0].name);
  CHECK(ir_dict_attr(ctx, dup, 2, NULL)->elems[0] == ir_unit_attr(ctx)); /* later wins */

  int64_t v[3] = {1, 2, 3};
  CHECK(ir_dense_i64_array(ctx, i32, v, 3) == ir_dense_i64_array(ctx, i32, v, 3));
  CHECK(ir_dense_i64_array(ctx, i32, v, 3) != ir_dense_i64_array(ctx, i32, v, 2));

  const IrIdent *f = ir_identz(ctx, "a.mlir");
  const IrLoc *l1 = ir_file_loc(ctx, f, 3, 4);
  CHECK(l1 == ir_file_loc(ctx, f, 3, 4));
  CHECK(ir_attr_is_loc(l1));
  const IrLoc *nl = ir_name_loc(ctx, ir_identz(ctx, "n"), l1);
  const IrLoc *parts[2] = {ir_unknown_loc(ctx), nl};
  const IrLoc *fused = ir_fused_loc(ctx, parts, 2, NULL);
  CHECK(ir_loc_find_file(fused) == l1);
  CHECK(ir_loc_find_file(ir_unknown_loc(ctx)) == NULL);
}

/* A small registered test dialect. */
static const IrOpInfo test_ops[] = {
    {.name = "test.const", .traits = IR_TRAIT_PURE | IR_TRAIT_CONSTANT_LIKE,
     .min_operands = 0, .max_operands = 0, .min_results = 1, .max_results = 1,
     .num_regions = 0, .num_successors = 0},
    {.name = "test.add", .traits = IR_TRAIT_PURE, .min_operands = 2, .max_operands = 2,
     .min_results = 1, .max_results = 1, .num_regions = 0, .num_successors = 0},
    {.name = "test.region", .traits = IR_TRAIT_NO_TERMINATOR, .min_operands = 0,
     .max_operands = -1, .min_results = 0, .max_results = 0, .num_regions = 1,
     .num_successors = 0},
    {.name = "test.term", .traits = IR_TRAIT_TERMINATOR, .min_operands = 0,
     .max_operands = -1, .min_results = 0, .max_results = 0, .num_regions = 0,
     .num_successors = 0},
    {.name = "test.needs_term", .traits = 0, .min_operands = 0, .max_operands = 0,
     .min_results = 0, .max_results = 0, .num_regions = 1, .num_successors = 0},
    {.name = "test.iso", .traits = IR_TRAIT_NO_TERMINATOR | IR_TRAIT_ISOLATED_FROM_ABOVE,
     .min_operands = 0, .max_operands = 0, .min_results = 0, .max_results = 0,
     .num_regions = 1, .num_successors = 0},
};
static const IrDialect test_dialect = {.name = "test", .ops = test_ops, .nops = 6};

static IrOp *mk(IrContext *ctx, const char *name, IrValue **ops, size_t nops,
                const IrType *res, int nregions) {
  IrOpState st;
  ir_op_state_init(&st, ctx, ir_op_info_lookup(ctx, name, strlen(name)), NULL);
  for (size_t i = 0; i < nops; i++) vec_push(&st.operands, ops[i]);
  if (res) vec_push(&st.result_types, res);
  for (int i = 0; i < nregions; i++) ir_region_append(ir_op_state_add_region(&st), ir_block_new());
  IrOp *op = ir_op_create(&st);
  ir_op_state_free(&st);
  return op;
}

typedef struct { char buf[512]; unsigned n; } Captured;
static void capture(void *user, const IrDiag *d) {
  Captured *c = user;
  c->n++;
  snprintf(c->buf, sizeof c->buf, "%s", d->msg.s ? d->msg.s : "");
}

static IrWalkResult count_ops(IrOp *op, void *user) {
  (void)op;
  ++*(int *)user;
  return IR_WALK_ADVANCE;
}

static void test_ops_and_uses(IrContext *ctx) {
  ir_register_dialect(ctx, &test_dialect);
  const IrType *i32 = ir_integer_type(ctx, 32, IR_SIGNLESS);
  IrOp *mod = ir_module_create(ctx, NULL);
  IrBlock *body = ir_module_body(mod);
  IrOp *c1 = mk(ctx, "test.const", NULL, 0, i32, 0);
  IrOp *c2 = mk(ctx, "test.const", NULL, 0, i32, 0);
  ir_block_append(body, c1);
  ir_block_append(body, c2);
  IrValue *a = ir_op_result(c1, 0), *b = ir_op_result(c2, 0);
  IrValue *args[2] = {a, a};
  IrOp *add = mk(ctx, "test.add", args, 2, i32, 0);
  ir_block_append(body, add);
  CHECK(add->info == &test_ops[1]);
  CHECK(ir_op_operand(add, 1) == a);
  CHECK(ir_value_has_uses(a) && !ir_value_has_one_use(a));
  CHECK(!ir_value_has_uses(b));
  ir_op_set_operand(add, 0, b);
  CHECK(ir_value_has_one_use(a) && ir_value_has_one_use(b));
  ir_value_replace_all_uses(a, b);
  CHECK(!ir_value_has_uses(a));
  CHECK(ir_op_operand(add, 0) == b && ir_op_operand(add, 1) == b);
  int nuses = 0;
  for (IrUse *u = b->uses; u; u = u->next) nuses++;
  CHECK_EQ_INT(nuses, 2);
  CHECK(ir_op_is_before_in_block(c1, add));
  CHECK(!ir_op_is_before_in_block(add, c2));

  /* grow the operand list beyond its inline capacity */
  IrValue *three[3] = {a, b, a};
  ir_op_set_operands(add, three, 3);
  CHECK_EQ_INT(add->noperands, 3);
  CHECK(ir_value_has_uses(a));

  /* attributes: inherent/discardable split and removal */
  ir_op_set_attr(add, "note", ir_unit_attr(ctx));
  CHECK(ir_op_attrz(add, "note") == ir_unit_attr(ctx));
  ir_op_remove_attr(add, "note");
  CHECK(ir_op_attrz(add, "note") == NULL);
  CHECK(add->attrs == NULL);

  /* the verifier's generic arity message, captured */
  Captured cap = {{0}, 0};
  ir_ctx_set_diag_handler(ctx, capture, &cap);
  CHECK(!ir_verify(mod));
  CHECK_EQ_INT(cap.n, 1);
  CHECK_STREQ(cap.buf, "'test.add' op expected 2 operands, but found 3");
  IrValue *two[2] = {a, b};
  ir_op_set_operands(add, two, 2);
  CHECK(ir_verify(mod));
  /* shrink then grow again: the operands stay linked exactly once each */
  ir_op_set_operands(add, two, 1);
  ir_op_set_operands(add, three, 3);
  CHECK_EQ_INT(add->noperands, 3);
  int na = 0;
  for (IrUse *u = a->uses; u; u = u->next) na += u->owner == add;
  CHECK_EQ_INT(na, 2);
  ir_op_set_operands(add, two, 2);
  CHECK(ir_op_operand(add, 0) == a && ir_op_operand(add, 1) == b);
  CHECK(ir_verify(mod));

  /* trailing storage: regions, successors and operands don't overlap */
  {
    IrOpState st;
    ir_op_state_init(&st, ctx, ir_op_info_lookup(ctx, "test.mixed", 10), NULL);
    vec_push(&st.operands, a);
    vec_push(&st.operands, b);
    vec_push(&st.result_types, i32);
    IrBlock *b1 = ir_block_new(), *b2 = ir_block_new();
    vec_push(&st.successors, b1);
    vec_push(&st.successors, b2);
    for (int i = 0; i < 3; i++) ir_region_append(ir_op_state_add_region(&st), ir_block_new());
    IrOp *mx = ir_op_create(&st);
    ir_op_state_free(&st);
    CHECK(mx && mx->nregions == 3 && mx->nsuccessors == 2 && mx->noperands == 2);
    CHECK(ir_op_successors(mx)[0] == b1 && ir_op_successors(mx)[1] == b2);
    CHECK(ir_op_operand(mx, 0) == a && ir_op_operand(mx, 1) == b);
    for (unsigned i = 0; i < 3; i++)
      CHECK(ir_op_region(mx, i)->parent == mx && ir_op_region(mx, i)->first &&
            ir_op_region(mx, i)->first == ir_op_region(mx, i)->last);
    ir_op_destroy(mx);
    ir_block_destroy(b1);
    ir_block_destroy(b2);
  }

  /* more regions than an op can hold: a located error, no op */
  {
    IrOpState st;
    ir_op_state_init(&st, ctx, ir_op_info_lookup(ctx, "test.many", 9), NULL);
    for (int i = 0; i <= IR_OP_MAX_REGIONS; i++) ir_op_state_add_region(&st);
    cap.n = 0;
    CHECK(ir_op_create(&st) == NULL);
    CHECK_EQ_INT(cap.n, 1);
    CHECK_STREQ(cap.buf, "operation has too many regions (65536, at most 65535)");
    ir_op_state_free(&st);
  }

  /* a use before its definition does not dominate */
  ir_op_unlink(c1);
  ir_block_append(body, c1);
  cap.n = 0;
  CHECK(!ir_verify(mod));
  CHECK_STREQ(cap.buf, "operand #0 does not dominate this use");
  ir_op_unlink(c1);
  ir_block_insert_before(body->first, c1);
  CHECK(ir_verify(mod));

  /* nested region use of an outer value is fine; missing terminator is not */
  IrOp *reg = mk(ctx, "test.region", NULL, 0, NULL, 1);
  ir_block_append(body, reg);
  IrOp *inner = mk(ctx, "test.add", two, 2, i32, 0);
  ir_block_append(ir_op_regions(reg)[0].first, inner);
  CHECK(ir_verify(mod));
  IrOp *nt = mk(ctx, "test.needs_term", NULL, 0, NULL, 1);
  ir_block_append(body, nt);
  cap.n = 0;
  CHECK(!ir_verify(mod));
  CHECK_STREQ(cap.buf, "empty block: expect at least a terminator");
  ir_block_append(ir_op_regions(nt)[0].first, mk(ctx, "test.term", NULL, 0, NULL, 0));
  CHECK(ir_verify(mod));

  /* an isolated op's region may use its own block arguments, not outer values */
  IrOp *iso = mk(ctx, "test.iso", NULL, 0, NULL, 1);
  ir_block_append(body, iso);
  IrBlock *ib = ir_op_regions(iso)[0].first;
  IrValue *iarg = ir_block_add_arg(ib, i32, NULL);
  IrValue *own[2] = {iarg, iarg};
  ir_block_append(ib, mk(ctx, "test.add", own, 2, i32, 0));
  CHECK(ir_verify(mod));
  IrValue *outer[2] = {iarg, b};
  IrOp *bad = mk(ctx, "test.add", outer, 2, i32, 0);
  ir_block_append(ib, bad);
  cap.n = 0;
  CHECK(!ir_verify(mod));
  CHECK_STREQ(cap.buf, "'test.add' op using value defined outside the region");
  ir_op_erase(bad);
  CHECK(ir_verify(mod));
  ir_op_erase(iso);

  int n = 0;
  ir_walk_pre(mod, count_ops, &n);
  CHECK_EQ_INT(n, 8);
  CHECK(ir_op_parent_op(inner) == reg);
  CHECK(ir_op_is_ancestor(mod, inner));

  /* symbols */
  ir_op_set_attr(reg, "sym_name", ir_string_attr(ctx, "r", 1));
  CHECK(ir_symbol_lookup(mod, ir_identz(ctx, "r")) == reg);
  const IrAttr *ref = ir_symref_attr(ctx, ir_identz(ctx, "r"), NULL, 0);
  CHECK(ir_symbol_resolve(inner, ref) == reg);

  /* erase: uses disappear with the op */
  ir_op_erase(inner);
  CHECK(ir_value_has_one_use(b) || ir_value_has_uses(b));
  ir_ctx_set_diag_handler(ctx, NULL, NULL);
  ir_op_destroy(mod);
}

static void test_diag_format(IrContext *ctx) {
  const char *src = "line one\n  line two\n";
  const IrIdent *f = ir_identz(ctx, "x.mlir");
  ir_ctx_add_source(ctx, f, src, strlen(src));
  IrDiag *d = ir_diag_new(ctx, IR_SEV_ERROR, ir_file_loc(ctx, f, 2, 3));
  ir_diag_append(ctx, d, "bad %s %d", "thing", 42);
  ir_diag_add_note(ctx, d, ir_file_loc(ctx, f, 1, 1), "see %s", "here");
  StrBuf b = {0};
  ir_diag_format(ctx, d, &b);
  CHECK_STREQ(sb_cstr(&b),
              "x.mlir:2:3: error: bad thing 42\n  line two\n  ^\n"
              "x.mlir:1:1: note: see here\nline one\n^\n");
  sb_free(&b);
  /* drop without emitting: emit with a handler that ignores */
  Captured cap = {{0}, 0};
  ir_ctx_set_diag_handler(ctx, capture, &cap);
  unsigned before = ir_ctx_num_errors(ctx);
  ir_diag_emit(ctx, d);
  CHECK_EQ_INT(ir_ctx_num_errors(ctx), before + 1);
  ir_ctx_set_diag_handler(ctx, NULL, NULL);
  ir_ctx_clear_sources(ctx);
}

static void test_formatter(void) {
  StrBuf b = {0};
  sb_printf(&b, "%5.2f|%-3d|%s|%llu|%zu|%x|%%", 3.14159, 7, "s", 18446744073709551615ull,
            (size_t)9, 255u);
  CHECK_STREQ(sb_cstr(&b), " 3.14|7  |s|18446744073709551615|9|ff|%");
  sb_free(&b);
}

static void test_u64map(void) {
  U64Map m = {0};
  for (uint64_t i = 1; i <= 1000; i++) u64map_put(&m, i * 7919, (void *)(uintptr_t)i);
  int ok = 1;
  for (uint64_t i = 1; i <= 1000; i++)
    ok &= u64map_get(&m, i * 7919) == (void *)(uintptr_t)i;
  CHECK(ok);
  for (uint64_t i = 1; i <= 1000; i += 2) CHECK(u64map_remove(&m, i * 7919));
  ok = 1;
  for (uint64_t i = 1; i <= 1000; i++)
    ok &= (u64map_get(&m, i * 7919) != NULL) == (i % 2 == 0);
  CHECK(ok);
  CHECK_EQ_INT(m.len, 500);
  u64map_free(&m);
}

/* Compact op locations: materialized on demand to the very uniqued location
 * an eager ir_file_loc gives; positions that don't fit stay eager. */
static void test_lazy_locs(IrContext *ctx) {
  const IrIdent *f1 = ir_identz(ctx, "lazy1.mlir"), *f2 = ir_identz(ctx, "lazy2.mlir");
  uintptr_t b1 = ir_lazy_file_loc(ctx, f1, 12, 7);
  uintptr_t b2 = ir_lazy_file_loc(ctx, f2, (1 << 28) - 1, (1 << 20) - 1);
  uintptr_t big_line = ir_lazy_file_loc(ctx, f1, (int64_t)1 << 28, 1);
  uintptr_t big_col = ir_lazy_file_loc(ctx, f1, 1, (int64_t)1 << 20);
  if (sizeof(uintptr_t) == 8) {
    CHECK((b1 & 1) && (b2 & 1));
    CHECK(b1 != b2);
  }
  CHECK(!(big_line & 1) && !(big_col & 1));
  CHECK(ir_loc_from_bits(ctx, b1) == ir_file_loc(ctx, f1, 12, 7));
  CHECK(ir_loc_from_bits(ctx, b2) == ir_file_loc(ctx, f2, (1 << 28) - 1, (1 << 20) - 1));
  CHECK((const IrLoc *)big_line == ir_file_loc(ctx, f1, (int64_t)1 << 28, 1));
  CHECK((const IrLoc *)big_col == ir_file_loc(ctx, f1, 1, (int64_t)1 << 20));
  CHECK(ir_lazy_file_loc(ctx, f1, 12, 7) == b1); /* same file slot reused */

  IrOpState st;
  ir_op_state_init(&st, ctx, ir_op_info_lookup(ctx, "test.lazy", 9), NULL);
  st.loc = NULL;
  st.loc_bits = b1;
  IrOp *op = ir_op_create(&st);
  ir_op_state_free(&st);
  CHECK(op->loc_bits == b1 || sizeof(uintptr_t) != 8); /* nothing made yet */
  const IrLoc *l = ir_op_loc(op);
  CHECK(l == ir_file_loc(ctx, f1, 12, 7));
  CHECK(op->loc_bits == (uintptr_t)l); /* cached */
  CHECK(ir_op_loc(op) == l);
  ir_op_set_loc(op, ir_unknown_loc(ctx));
  CHECK(ir_op_loc(op) == ir_unknown_loc(ctx));
  ir_op_destroy(op);

  /* ir_op_materialize_locs makes every nested op's location at once */
  IrOpState ps;
  ir_op_state_init(&ps, ctx, ir_op_info_lookup(ctx, "test.lazyp", 10), NULL);
  ps.loc = NULL;
  ps.loc_bits = b2;
  ir_region_append(ir_op_state_add_region(&ps), ir_block_new());
  IrOp *parent = ir_op_create(&ps);
  ir_op_state_free(&ps);
  ir_op_state_init(&ps, ctx, ir_op_info_lookup(ctx, "test.lazyc", 10), NULL);
  ps.loc = NULL;
  ps.loc_bits = b1;
  IrOp *child = ir_op_create(&ps);
  ir_op_state_free(&ps);
  ir_block_append(ir_op_region(parent, 0)->first, child);
  CHECK(ir_op_loc_is_compact(parent) == (sizeof(uintptr_t) == 8));
  ir_op_materialize_locs(parent);
  CHECK(!ir_op_loc_is_compact(parent) && !ir_op_loc_is_compact(child));
  CHECK((const IrLoc *)child->loc_bits == ir_file_loc(ctx, f1, 12, 7));
  CHECK((const IrLoc *)parent->loc_bits == ir_file_loc(ctx, f2, (1 << 28) - 1, (1 << 20) - 1));
  ir_op_destroy(parent);
}

/* ---- attribute lookup by name ------------------------------------------------ */

/* ir_dict_getn / ir_op_attrn must give ir_dict_get's answer for the interned
 * name, for every probe. */
static void check_lookup_agrees(IrContext *ctx, const IrAttr *d, const char *name, size_t len) {
  const IrAttr *want = ir_dict_get(d, ir_ident(ctx, name, len));
  CHECK(ir_dict_getn(d, name, len) == want);
}

static void test_attr_lookup(IrContext *ctx) {
  const IrType *i32 = ir_integer_type(ctx, 32, IR_SIGNLESS);
  static const char *const keys[] = {"overflow", "overflox", "over", "overflow_mode", "a",
                                     "rounding_mode", "signedness"};
  enum { NK = sizeof keys / sizeof keys[0] };
  IrNamedAttr e[64];
  for (int i = 0; i < NK; i++) e[i] = (IrNamedAttr){ir_identz(ctx, keys[i]), ir_integer_attr(ctx, i32, i)};
  const IrAttr *small = ir_dict_attr(ctx, e, NK, NULL);
  for (int i = 0; i < NK; i++) {
    CHECK(ir_dict_getn(small, keys[i], strlen(keys[i])) == e[i].value);
    CHECK(ir_dict_getz(ctx, small, keys[i]) == e[i].value);
  }
  /* one byte off, prefixes, extensions, missing, a name that runs on past
   * its length, the empty name */
  static const char *const misses[] = {"overflOw", "overflov", "overflo", "overfloww", "ove",
                                       "overflow_mod", "b", "", "rounding", "zzz"};
  for (size_t i = 0; i < sizeof misses / sizeof misses[0]; i++) {
    CHECK(ir_dict_getn(small, misses[i], strlen(misses[i])) == NULL);
    check_lookup_agrees(ctx, small, misses[i], strlen(misses[i]));
  }
  CHECK(ir_dict_getn(small, "overflow_mode", 8) == e[0].value); /* "overflow" */
  CHECK(ir_dict_getn(small, "aa", 1) == e[4].value);
  CHECK(ir_dict_getn(NULL, "a", 1) == NULL);

  /* a large dictionary (binary search): keys k0..k39, plus prefixes and a
   * key with a NUL inside */
  char names[40][8];
  size_t n = 0;
  for (int i = 0; i < 40; i++) {
    snprintf(names[i], sizeof names[i], "k%d", i);
    e[n++] = (IrNamedAttr){ir_identz(ctx, names[i]), ir_integer_attr(ctx, i32, 100 + i)};
  }
  e[n++] = (IrNamedAttr){ir_identz(ctx, "k"), ir_integer_attr(ctx, i32, 1)};
  e[n++] = (IrNamedAttr){ir_ident(ctx, "k1\0x", 4), ir_integer_attr(ctx, i32, 2)};
  const IrAttr *big = ir_dict_attr(ctx, e, n, NULL);
  CHECK_EQ_INT(big->nelems, (int)n);
  for (size_t i = 0; i < n; i++)
    CHECK(ir_dict_getn(big, e[i].name->str, e[i].name->len) == e[i].value);
  static const char *const bigprobes[] = {"k", "k1", "k10", "k100", "k4", "k40", "k39",
                                          "k3", "j", "l", "", "k0", "k00", "kk"};
  for (size_t i = 0; i < sizeof bigprobes / sizeof bigprobes[0]; i++)
    check_lookup_agrees(ctx, big, bigprobes[i], strlen(bigprobes[i]));
  CHECK(ir_dict_getn(big, "k100", 4) == NULL);
  CHECK(ir_dict_getn(big, "k1", 2) == e[1].value);
  CHECK(ir_dict_getn(big, "k1\0x", 4) == e[n - 1].value);
  CHECK(ir_dict_getn(big, "k1\0y", 4) == NULL);

  /* an op: properties before discardable attributes of the same name */
  IrOpState st;
  ir_op_state_init(&st, ctx, ir_op_info_lookup(ctx, "test.lookup", 11), NULL);
  ir_op_state_add_prop(&st, "mode", ir_integer_attr(ctx, i32, 1));
  ir_op_state_add_prop(&st, "modes", ir_integer_attr(ctx, i32, 3));
  ir_op_state_add_attr(&st, "mode", ir_integer_attr(ctx, i32, 2));
  ir_op_state_add_attr(&st, "note", ir_integer_attr(ctx, i32, 4));
  IrOp *op = ir_op_create(&st);
  ir_op_state_free(&st);
  CHECK(op != NULL);
  CHECK(ir_op_attrz(op, "mode") == ir_integer_attr(ctx, i32, 1));
  CHECK(ir_op_attrn(op, "modes", 4) == ir_integer_attr(ctx, i32, 1));
  CHECK(ir_op_attrz(op, "modes") == ir_integer_attr(ctx, i32, 3));
  CHECK(ir_op_attrz(op, "note") == ir_integer_attr(ctx, i32, 4));
  CHECK(ir_op_attrz(op, "mod") == NULL);
  CHECK(ir_op_attrz(op, "nots") == NULL);
  CHECK(ir_op_attrz(op, "notes") == NULL);
  static const char *const opprobes[] = {"mode", "modes", "note", "mod", "nots", "x", ""};
  for (size_t i = 0; i < sizeof opprobes / sizeof opprobes[0]; i++)
    CHECK(ir_op_attrz(op, opprobes[i]) == ir_op_attr(op, ir_identz(ctx, opprobes[i])));
  ir_op_destroy(op);
}

/* ---- default-valued properties -------------------------------------------------- */

/* A dialect whose op "dflt.with" has a default-valued `mode` (7); the hook
 * counts its calls in a test-local counter. */
static int dflt_calls;
static void dflt_populate(IrOpState *st) {
  dflt_calls++;
  if (ir_dict_getz(st->ctx, st->props_dict, "mode")) return;
  for (size_t i = 0; i < st->props.len; i++)
    if (!strcmp(st->props.data[i].name->str, "mode")) return;
  for (size_t i = 0; i < st->attrs.len; i++)
    if (!strcmp(st->attrs.data[i].name->str, "mode")) return;
  ir_op_state_add_prop(st, "mode", ir_integer_attr(st->ctx, ir_integer_type(st->ctx, 32, IR_SIGNLESS), 7));
}
static const IrOpInfo dflt_ops[] = {
    {.name = "dflt.with", .traits = IR_TRAIT_DEFAULT_PROPS, .min_operands = 0,
     .max_operands = 0, .min_results = 0, .max_results = 0,
     .inherent = (const char *const[]){"mode", NULL}},
    {.name = "dflt.without", .traits = 0, .min_operands = 0, .max_operands = 0,
     .min_results = 0, .max_results = 0, .inherent = (const char *const[]){"mode", NULL}},
};
static const IrDialect dflt_dialect = {.name = "dflt", .ops = dflt_ops, .nops = 2,
                                       .populate_defaults = dflt_populate};

static IrOp *mk_mode(IrContext *ctx, const IrOpInfo *info, int prop, int attr) {
  const IrType *i32 = ir_integer_type(ctx, 32, IR_SIGNLESS);
  IrOpState st;
  ir_op_state_init(&st, ctx, info, NULL);
  if (prop >= 0) ir_op_state_add_prop(&st, "mode", ir_integer_attr(ctx, i32, prop));
  if (attr >= 0) ir_op_state_add_attr(&st, "mode", ir_integer_attr(ctx, i32, attr));
  IrOp *op = ir_op_create(&st);
  ir_op_state_free(&st);
  return op;
}

static void test_default_props(IrContext *ctx) {
  ir_register_dialect(ctx, &dflt_dialect);
  const IrType *i32 = ir_integer_type(ctx, 32, IR_SIGNLESS);
  const IrOpInfo *with = ir_op_info_find(ctx, "dflt.with", 9);
  const IrOpInfo *without = ir_op_info_find(ctx, "dflt.without", 12);
  CHECK(with == &dflt_ops[0] && without == &dflt_ops[1]);
  dflt_calls = 0;
  IrOp *a = mk_mode(ctx, with, -1, -1);   /* missing: the default */
  IrOp *b = mk_mode(ctx, with, 3, -1);    /* given as a property: kept */
  IrOp *c = mk_mode(ctx, with, -1, 5);    /* given in the attributes: kept, moved */
  IrOp *d = mk_mode(ctx, without, -1, -1); /* no trait: no hook call */
  CHECK_EQ_INT(dflt_calls, 3);
  CHECK(a && b && c && d);
  CHECK(ir_op_attrz(a, "mode") == ir_integer_attr(ctx, i32, 7));
  CHECK(a->props && a->props->nelems == 1 && a->attrs == NULL);
  CHECK(ir_op_attrz(b, "mode") == ir_integer_attr(ctx, i32, 3) && b->props->nelems == 1);
  CHECK(ir_op_attrz(c, "mode") == ir_integer_attr(ctx, i32, 5));
  CHECK(c->props && c->props->nelems == 1 && c->attrs == NULL);
  CHECK(d->props == NULL && d->attrs == NULL);

  /* a ready-made properties dictionary (the generic parser's `<{...}>`):
   * taken as it is when complete, merged when a default or another
   * property is added, and consumed either way */
  IrNamedAttr ent[2] = {{ir_identz(ctx, "mode"), ir_integer_attr(ctx, i32, 9)},
                        {ir_identz(ctx, "extra"), ir_integer_attr(ctx, i32, 1)}};
  const IrAttr *full = ir_dict_attr(ctx, ent, 2, NULL);
  const IrAttr *partial = ir_dict_attr(ctx, ent + 1, 1, NULL);
  IrOpState st;
  ir_op_state_init(&st, ctx, with, NULL);
  st.props_dict = full;
  IrOp *e = ir_op_create(&st);
  CHECK(st.props_dict == NULL);
  CHECK(e && e->props == full); /* no rebuild */
  ir_op_state_free(&st);
  ir_op_state_init(&st, ctx, with, NULL);
  st.props_dict = partial;
  IrOp *f = ir_op_create(&st);
  CHECK(st.props_dict == NULL);
  ir_op_state_free(&st);
  CHECK(e && f);
  if (!e || !f) return;
  CHECK(f->props && f->props->nelems == 2);
  CHECK(ir_op_attrz(f, "mode") == ir_integer_attr(ctx, i32, 7));
  CHECK(ir_op_attrz(f, "extra") == ir_integer_attr(ctx, i32, 1));
  ir_op_state_init(&st, ctx, with, NULL); /* the dictionary and `attrs` both name mode */
  st.props_dict = full;
  ir_op_state_add_attr(&st, "mode", ir_integer_attr(ctx, i32, 5));
  Captured cap = {{0}, 0};
  ir_ctx_set_diag_handler(ctx, capture, &cap);
  CHECK(ir_op_create(&st) == NULL);
  ir_ctx_set_diag_handler(ctx, NULL, NULL);
  CHECK(st.props_dict == NULL);
  ir_op_state_free(&st);
  CHECK_EQ_INT(cap.n, 1);
  CHECK_STREQ(cap.buf, "attribute 'mode' occurs more than once in the attribute list");
  ir_op_destroy(e);
  ir_op_destroy(f);
  ir_op_destroy(a);
  ir_op_destroy(b);
  ir_op_destroy(c);
  ir_op_destroy(d);

  /* cuda_tile: every row with IR_TRAIT_DEFAULT_PROPS has defaults in
   * defaults.c and no other row does; an addi built without `overflow`
   * gets overflow<none>, a global its alignment and visibility */
  IrContext *cctx = ir_context_create();
  ctile_register_all(cctx);
  for (int i = 0; i < CT_OP_COUNT; i++)
    CHECK(ct_op_has_defaults((CtOpIndex)i) ==
          ir_op_info_has(&ct_op_infos[i], IR_TRAIT_DEFAULT_PROPS));
  CHECK(ct_op_has_defaults(CT_OP_addi) && ct_op_has_defaults(CT_OP_global));
  CHECK(!ct_op_has_defaults(CT_OP_addf));
  ir_op_state_init(&st, cctx, ct_op(global), NULL);
  IrOp *g = ir_op_create(&st);
  ir_op_state_free(&st);
  CHECK(ir_op_attrz(g, "alignment") ==
        ir_integer_attr(cctx, ir_integer_type(cctx, 64, IR_SIGNLESS), 0));
  CHECK(ir_op_attrz(g, "symbol_visibility") ==
        ct_enum_attr(cctx, &ct_enum_symbol_visibility, CT_VISIBILITY_PUBLIC));
  CHECK_EQ_INT(g->props->nelems, 2);
  ir_op_destroy(g);
  ir_op_state_init(&st, cctx, ct_op(addi), NULL);
  ir_op_state_add_attr(&st, "overflow", ct_enum_attr(cctx, &ct_enum_overflow, CT_OVERFLOW_NSW));
  IrOp *ad = ir_op_create(&st);
  ir_op_state_free(&st);
  CHECK(ir_op_attrz(ad, "overflow") == ct_enum_attr(cctx, &ct_enum_overflow, CT_OVERFLOW_NSW));
  CHECK(ad->props->nelems == 1 && ad->attrs == NULL);
  ir_op_destroy(ad);
  ir_context_destroy(cctx);
}

/* The memos behind ir_dict_attr and ir_op_state_add_prop: a repeated
 * entry list gives the same dictionary, another order the same sorted one,
 * duplicates are still reported after the duplicate-free list was memoized,
 * many lists that share slots each get their own answer, and a name buffer
 * reused with other bytes gets the other name. */
static void test_memos(IrContext *ctx) {
  const IrType *i32 = ir_integer_type(ctx, 32, IR_SIGNLESS);
  const IrIdent *a = ir_identz(ctx, "a"), *b = ir_identz(ctx, "b");
  const IrAttr *one = ir_integer_attr(ctx, i32, 1), *two = ir_integer_attr(ctx, i32, 2);
  IrNamedAttr ab[] = {{a, one}, {b, two}}, ba[] = {{b, two}, {a, one}};
  const IrAttr *d1 = ir_dict_attr(ctx, ab, 2, NULL);
  CHECK(ir_dict_attr(ctx, ab, 2, NULL) == d1);
  CHECK(ir_dict_attr(ctx, ba, 2, NULL) == d1);
  CHECK(ir_dict_attr(ctx, ba, 2, NULL) == d1);
  CHECK(d1->names[0] == a && d1->elems[1] == two);
  IrNamedAttr aa[] = {{a, one}, {a, two}};
  const IrIdent *dup = NULL;
  CHECK(ir_dict_attr(ctx, aa, 2, &dup) == NULL && dup == a);
  CHECK(ir_dict_attr(ctx, aa, 2, NULL) != NULL);
  dup = NULL;
  CHECK(ir_dict_attr(ctx, aa, 2, &dup) == NULL && dup == a);
  bool ok = true;
  for (int round = 0; round < 2; round++)
    for (int64_t i = 0; i < 1000; i++) {
      IrNamedAttr e[] = {{b, ir_integer_attr(ctx, i32, i)}, {a, one}};
      const IrAttr *d = ir_dict_attr(ctx, e, 2, NULL);
      ok &= d->nelems == 2 && d->names[0] == a && d->names[1] == b && d->elems[1]->ints[0] == i;
    }
  CHECK(ok);
  IrOpState st;
  ir_op_state_init(&st, ctx, ir_op_info_lookup(ctx, "memo.op", 7), NULL);
  char name[8] = "alpha";
  ir_op_state_add_prop(&st, name, one);
  memcpy(name, "beta", 5);
  ir_op_state_add_prop(&st, name, two);
  ir_op_state_add_attr(&st, name, two);
  CHECK_STREQ(st.props.data[0].name->str, "alpha");
  CHECK_STREQ(st.props.data[1].name->str, "beta");
  CHECK_STREQ(st.attrs.data[0].name->str, "beta");
  ir_op_state_free(&st);
}

UNIT_MAIN {
  IrContext *ctx = ir_context_create();
  test_memos(ctx);
  test_idents(ctx);
  test_types(ctx);
  test_attrs(ctx);
  test_ops_and_uses(ctx);
  test_diag_format(ctx);
  test_formatter();
  test_u64map();
  test_lazy_locs(ctx);
  test_attr_lookup(ctx);
  test_default_props(ctx);
  ir_context_destroy(ctx);
}
