/* test_parser.c — the MLIR text parser (lib/asm/lexer.c, parser.c,
 * parse_types.c, parse_attrs.c, parse_api.c) on small inputs: generic ops
 * with results, regions, successors, properties, attributes and locations;
 * forward references; aliases (including location aliases used before
 * their definition); dense attributes; custom syntax through a tiny test
 * dialect (name resolution through the default dialect, short dialect
 * types, the "custom op 'x'" error prefix); and MLIR's exact error texts
 * and positions (line:col) for the common mistakes.  Expected wordings come
 * from mlir/lib/AsmParser. */
#include "unit.h"

#include "asm/asm.h"
#include "ir/ir.h"

#include <stdlib.h>

static IrContext *ctx;

/* ---- diagnostics capture ------------------------------------------------------ */
/* Each diagnostic (and note) as "LINE:COL: error|note: msg", joined by '\n'. */
static StrBuf diags;

static void put_diag(const IrDiag *d, const char *sev) {
  const IrLoc *fl = ir_loc_find_file(d->loc);
  if (diags.len) sb_putc(&diags, '\n');
  if (fl) sb_printf(&diags, "%lld:%lld: ", (long long)fl->ints[0], (long long)fl->ints[1]);
  sb_printf(&diags, "%s: %s", sev, sb_cstr((StrBuf *)&d->msg));
}

static void on_diag(void *user, const IrDiag *d) {
  (void)user;
  put_diag(d, d->sev == IR_SEV_ERROR ? "error" : "warning");
  for (const IrDiag *n = d->notes; n; n = n->next_note) put_diag(n, "note");
}

static void reset_ctx(bool allow_unregistered);

/* Parses `src` (as file "t.mlir"); returns the op or NULL.  Diagnostics go
 * to `diags` (cleared first). */
static IrOp *parse_opts(const char *src, const AsmParseOptions *o) {
  sb_clear(&diags);
  return asm_parse_buffer(ctx, "t.mlir", src, strlen(src), o);
}
static IrOp *parse(const char *src) { return parse_opts(src, NULL); }

/* Parses and expects failure with exactly the given diagnostics. */
#define CHECK_ERR(src, expected)                                  \
  do {                                                            \
    IrOp *op_ = parse(src);                                       \
    CHECK(op_ == NULL);                                           \
    if (op_) ir_op_destroy(op_);                                  \
    CHECK_STREQ(sb_cstr(&diags), expected);                       \
  } while (0)

static IrOp *first_op(IrOp *module) { return ir_module_body(module)->first; }
static IrOp *nth_op(IrBlock *b, int n) {
  IrOp *o = b->first;
  while (o && n--) o = o->next;
  return o;
}

static const IrType *i32(void) { return ir_integer_type(ctx, 32, IR_SIGNLESS); }

static const char *type_str(const IrType *t) {
  static StrBuf b;
  sb_clear(&b);
  asm_print_type_str(&b, t);
  return sb_cstr(&b);
}

/* ---- a tiny dialect with custom syntax ----------------------------------------------- */
/* "tst": !tst.ty<N> types (ints[0] = N), #tst.at<N> attributes, and ops:
 *   tst.mod    region holder with default dialect "tst"   `tst.mod { ... }`
 *   tst.add    `tst.add %a, %b : type`                  (1 result)
 *   tst.kw     `tst.kw <keyword from {red, green}>`
 *   tst.term   terminator (generic form only: no parse hook) */
static const IrTypeDef tst_ty_def = {.name = "ty", .dialect = "tst"};
static const IrAttrDef tst_at_def = {.name = "at", .dialect = "tst"};

/* `wrap<T>` (tst and tsu): T in the short-form context, parsed through the
 * parser's type memo (asm_parse_type_memo). */
static const IrTypeDef tst_wrap_def = {.name = "wrap", .dialect = "tst"};
static int wrap_body_calls; /* how often the memo ran the body parser */

static const IrType *wrap_body(AsmParser *p, void *arg) {
  (void)arg;
  wrap_body_calls++;
  const IrType *t;
  if (!asm_parse_punct(p, ASM_LESS) || !asm_parse_type(p, &t) || !asm_parse_punct(p, ASM_GREATER))
    return NULL;
  return ir_type_unique(asm_ctx(p), &(IrType){.def = &tst_wrap_def, .ntypes = 1, .types = &t});
}

static const IrType *tst_parse_type(AsmParser *p, Str mnemonic) {
  if (str_eqz(mnemonic, "wrap")) return asm_parse_type_memo(p, (AsmLoc){mnemonic.s}, wrap_body, NULL);
  if (!str_eqz(mnemonic, "ty")) {
    asm_error(p, "unknown type `%.*s` in dialect `tst`", (int)mnemonic.n, mnemonic.s);
    return NULL;
  }
  int64_t n;
  if (!asm_parse_punct(p, ASM_LESS) || !asm_parse_integer(p, &n) || !asm_parse_punct(p, ASM_GREATER))
    return NULL;
  return ir_type_unique(asm_ctx(p), &(IrType){.def = &tst_ty_def, .nints = 1, .ints = &n});
}

static const IrAttr *tst_parse_attr(AsmParser *p, Str mnemonic, const IrType *type) {
  (void)type;
  if (!str_eqz(mnemonic, "at")) {
    asm_error(p, "unknown attribute `%.*s` in dialect `tst`", (int)mnemonic.n, mnemonic.s);
    return NULL;
  }
  int64_t n;
  if (!asm_parse_punct(p, ASM_LESS) || !asm_parse_integer(p, &n) || !asm_parse_punct(p, ASM_GREATER))
    return NULL;
  return ir_attr_unique(asm_ctx(p), &(IrAttr){.def = &tst_at_def, .nints = 1, .ints = &n});
}

static bool tst_mod_parse(AsmParser *p, IrOpState *st) {
  IrRegion *r = ir_op_state_add_region(st);
  return asm_parse_region(p, r, NULL, 0) && asm_parse_optional_attr_dict(p, st);
}

static bool tst_add_parse(AsmParser *p, IrOpState *st) {
  AsmOperand a, b;
  const IrType *t;
  if (!asm_parse_operand(p, &a) || !asm_parse_punct(p, ASM_COMMA) || !asm_parse_operand(p, &b) ||
      !asm_parse_colon_type(p, &t))
    return false;
  if (!asm_resolve_operand(p, &a, t, st) || !asm_resolve_operand(p, &b, t, st)) return false;
  vec_push(&st->result_types, t);
  return true;
}

static bool tst_kw_parse(AsmParser *p, IrOpState *st) {
  static const char *const colors[] = {"red", "green", NULL};
  int i;
  if (!asm_parse_keyword_of(p, colors, &i, "'color'")) return false;
  ir_op_state_add_attr(st, "color", ir_integer_attr(asm_ctx(p), i32(), i));
  return true;
}

static const IrOpInfo tst_ops[] = {
    {.name = "tst.mod", .min_results = 0, .max_results = 0, .max_operands = 0, .num_regions = 1,
     .traits = IR_TRAIT_NO_TERMINATOR, .parse = tst_mod_parse, .default_dialect = "tst"},
    {.name = "tst.add", .min_operands = 2, .max_operands = 2, .min_results = 1, .max_results = 1,
     .parse = tst_add_parse},
    {.name = "tst.kw", .max_operands = 0, .parse = tst_kw_parse},
    {.name = "tst.term", .traits = IR_TRAIT_TERMINATOR, .max_operands = -1},
};
static const IrDialect tst_dialect = {.name = "tst", .ops = tst_ops, .nops = 4,
                                      .parse_type = tst_parse_type,
                                      .parse_attr = tst_parse_attr};

static void reset_ctx(bool allow_unregistered) {
  if (ctx) ir_context_destroy(ctx);
  ctx = ir_context_create();
  asm_install_printers(ctx);
  ir_register_dialect(ctx, &tst_dialect);
  ir_ctx_allow_unregistered(ctx, allow_unregistered);
  ir_ctx_set_diag_handler(ctx, on_diag, NULL);
}

/* ---- generic form ----------------------------------------------------------------------- */
static void test_generic_ops(void) {
  reset_ctx(true);
  IrOp *m = parse(
      "%0 = \"foo.const\"() {value = 42 : i32} : () -> i32\n"
      "%1:2 = \"foo.pair\"(%0) <{p = 1 : i8}> : (i32) -> (i32, f32)\n"
      "\"foo.use\"(%1#1, %1#0, %2) : (f32, i32, i64) -> () loc(\"x.py\":3:4)\n"
      "%2 = \"foo.late\"() : () -> i64\n"
      "\"foo.region\"() ({\n"
      "^bb0(%a: i32 loc(\"arg\":1:1), %b: f32):\n"
      "  \"foo.br\"(%a)[^bb2] : (i32) -> ()\n"
      "^bb2:\n"
      "  \"foo.ret\"() : () -> ()\n"
      "}, {}) : () -> ()\n");
  CHECK(m != NULL);
  if (!m) return;
  CHECK_STREQ(ir_op_name(m), "builtin.module");
  IrBlock *body = ir_module_body(m);
  IrOp *c = nth_op(body, 0), *pair = nth_op(body, 1), *use = nth_op(body, 2);
  IrOp *late = nth_op(body, 3), *reg = nth_op(body, 4);
  CHECK_STREQ(ir_op_name(c), "foo.const");
  CHECK(ir_op_info_has(c->info, IR_TRAIT_UNREGISTERED));
  const IrAttr *v = ir_op_attrz(c, "value");
  CHECK(ir_attr_is(v, &ir_integer_attr_def) && v->ints[0] == 42 && v->type == i32());
  CHECK_EQ_INT(pair->nresults, 2);
  CHECK(ir_op_operand(pair, 0) == ir_op_result(c, 0));
  CHECK(ir_dict_getz(ctx, pair->props, "p") != NULL);
  CHECK_EQ_INT(use->noperands, 3);
  CHECK(ir_op_operand(use, 0) == ir_op_result(pair, 1));
  CHECK(ir_op_operand(use, 1) == ir_op_result(pair, 0));
  CHECK(ir_op_operand(use, 2) == ir_op_result(late, 0)); /* forward reference */
  CHECK(ir_op_loc(use)->def == &ir_file_loc_def && ir_op_loc(use)->ints[0] == 3 && ir_op_loc(use)->ints[1] == 4);
  CHECK_STREQ(ir_op_loc(use)->str->str, "x.py");
  /* op locations: the name token */
  CHECK(ir_op_loc(c)->ints[0] == 1 && ir_op_loc(c)->ints[1] == 6);
  CHECK_STREQ(ir_op_loc(c)->str->str, "t.mlir");
  CHECK_EQ_INT(reg->nregions, 2);
  IrRegion *r0 = ir_op_region(reg, 0);
  CHECK(ir_region_empty(ir_op_region(reg, 1)));
  IrBlock *bb0 = r0->first, *bb2 = bb0 ? bb0->next : NULL;
  CHECK(bb0 && bb2 && !bb2->next);
  if (bb0 && bb2) {
    CHECK_EQ_INT(bb0->nargs, 2);
    CHECK(ir_value_arg_loc(bb0->args[0])->ints[0] == 1 && !strcmp(ir_value_arg_loc(bb0->args[0])->str->str, "arg"));
    CHECK(ir_value_arg_loc(bb0->args[1])->ints[0] == 6 && ir_value_arg_loc(bb0->args[1])->ints[1] == 30);
    IrOp *br = bb0->first;
    CHECK(br->nsuccessors == 1 && ir_op_successors(br)[0] == bb2);
    CHECK(ir_op_operand(br, 0) == bb0->args[0]);
  }
  /* the implicit module's location is file:0:0 */
  CHECK(ir_op_loc(m)->ints[0] == 0 && ir_op_loc(m)->ints[1] == 0);
  ir_op_destroy(m);

  /* a single module is the result; its custom form */
  m = parse("module @mod attributes {foo = 1 : i32, bar} {\n  module {}\n}\n");
  CHECK(m != NULL);
  if (m) {
    CHECK(ir_symbol_name(m) && !strcmp(ir_symbol_name(m)->str, "mod"));
    CHECK(ir_op_attrz(m, "bar") == ir_unit_attr(ctx));
    IrOp *inner = first_op(m);
    CHECK(inner && ir_op_is(inner, &ir_builtin_module_info) && ir_module_body(inner) != NULL);
    ir_op_destroy(m);
  }
}

static void test_no_implicit_module(void) {
  reset_ctx(true);
  AsmParseOptions o = {.no_implicit_module = true};
  IrOp *op = parse_opts("\"foo.a\"() : () -> ()\n", &o);
  CHECK(op && !strcmp(ir_op_name(op), "foo.a") && !op->block);
  if (op) ir_op_destroy(op);
  op = parse_opts("\"foo.a\"() : () -> ()\n\"foo.b\"() : () -> ()\n", &o);
  CHECK(op == NULL);
  CHECK_STREQ(sb_cstr(&diags), "0:0: error: source must contain a single top-level operation, found: 2");
  o.line_offset = 10;
  op = parse_opts("\n\"foo.a\"() : (i32) -> ()\n", &o);
  CHECK(op == NULL);
  CHECK_STREQ(sb_cstr(&diags), "12:13: error: expected 0 operand types but had 1");
}

/* ---- SSA errors ----------------------------------------------------------------------------- */
static void test_ssa_errors(void) {
  reset_ctx(true);
  CHECK_ERR("\"foo.a\"(%x) : (i32) -> ()\n", "1:9: error: use of undeclared SSA value name");
  CHECK_ERR("%x = \"foo.a\"() : () -> i32\n\"foo.b\"(%x) : (i64) -> ()\n",
            "2:9: error: use of value '%x' expects different type than prior uses: 'i64' vs 'i32'\n"
            "1:1: note: prior use here");
  CHECK_ERR("%x = \"foo.a\"() : () -> i32\n%x = \"foo.a\"() : () -> i32\n",
            "2:1: error: redefinition of SSA value '%x'\n1:1: note: previously defined here");
  CHECK_ERR("\"foo.b\"(%x) : (i64) -> ()\n%x = \"foo.a\"() : () -> i32\n",
            "2:1: error: definition of SSA value '%x#0' has type 'i32'\n"
            "1:9: note: previously used here with type 'i64'");
  CHECK_ERR("%x = \"foo.a\"() : () -> i32\n\"foo.b\"(%x#1) : (i32) -> ()\n",
            "2:9: error: reference to invalid result number");
  CHECK_ERR("\"foo.a\"(%a, %b) : (i32) -> ()\n", "1:19: error: expected 2 operand types but had 1");
  CHECK_ERR("\"foo.a\"(%a) : (i32, i32) -> ()\n", "1:15: error: expected 1 operand type but had 2");
  CHECK_ERR("%a, %b = \"foo.a\"() : () -> i32\n",
            "1:1: error: operation defines 1 results but was provided 2 to bind");
  CHECK_ERR("%a = \"foo.a\"() : () -> ()\n", "1:1: error: cannot name an operation with no results");
  CHECK_ERR("%a:0 = \"foo.a\"() : () -> ()\n",
            "1:4: error: expected named operation to have at least 1 result");
  /* values of a region are not visible after it */
  CHECK_ERR("\"foo.r\"() ({\n  %v = \"foo.a\"() : () -> i32\n}) : () -> ()\n"
            "\"foo.u\"(%v) : (i32) -> ()\n",
            "4:9: error: use of undeclared SSA value name");
  /* undeclared uses are reported at the end, in source order */
  CHECK_ERR("\"foo.u\"(%q, %p) : (i32, i32) -> ()\n",
            "1:9: error: use of undeclared SSA value name\n"
            "1:13: error: use of undeclared SSA value name");
  /* forward reference from a nested region */
  IrOp *m = parse("\"foo.r\"() ({\n  \"foo.u\"(%v) : (i32) -> ()\n}) : () -> ()\n"
                  "%v = \"foo.a\"() : () -> i32\n");
  CHECK(m != NULL);
  if (m) {
    IrOp *u = ir_op_region(first_op(m), 0)->first->first;
    CHECK(ir_op_operand(u, 0) == ir_op_result(first_op(m)->next, 0));
    ir_op_destroy(m);
  }
}

/* The SSA name table: names of up to 8 bytes are compared by their key
 * alone, longer ones by their tail too; names leave with their region, in
 * bulk or one by one (an enclosing region's names stay); many names grow
 * the table; `#n` result numbers of one name. */
static void test_ssa_names(void) {
  reset_ctx(true);
  IrOp *m = parse("%abcdefgh_1 = \"foo.a\"() : () -> i32\n"
                  "%abcdefgh_2 = \"foo.a\"() : () -> i64\n"
                  "%abcdefgh = \"foo.a\"() : () -> i16\n"
                  "%a = \"foo.a\"() : () -> i8\n"
                  "%aa = \"foo.a\"() : () -> i1\n"
                  "%p:2 = \"foo.b\"() : () -> (i32, i64)\n"
                  "\"foo.u\"(%abcdefgh_2, %abcdefgh_1, %abcdefgh, %aa, %a, %p#1, %p#0)"
                  " : (i64, i32, i16, i1, i8, i64, i32) -> ()\n");
  CHECK(m != NULL);
  if (m) {
    IrBlock *b = ir_module_body(m);
    IrOp *u = nth_op(b, 6);
    CHECK(ir_op_operand(u, 0) == ir_op_result(nth_op(b, 1), 0));
    CHECK(ir_op_operand(u, 1) == ir_op_result(nth_op(b, 0), 0));
    CHECK(ir_op_operand(u, 2) == ir_op_result(nth_op(b, 2), 0));
    CHECK(ir_op_operand(u, 3) == ir_op_result(nth_op(b, 4), 0));
    CHECK(ir_op_operand(u, 4) == ir_op_result(nth_op(b, 3), 0));
    CHECK(ir_op_operand(u, 5) == ir_op_result(nth_op(b, 5), 1));
    CHECK(ir_op_operand(u, 6) == ir_op_result(nth_op(b, 5), 0));
    ir_op_destroy(m);
  }
  /* an inner region's names leave with it, the outer region's stay; the
   * same names are defined again in a sibling region */
  CHECK_ERR("\"foo.r\"() ({\n  %o = \"foo.a\"() : () -> i32\n"
            "  \"foo.r\"() ({\n    %inner_value = \"foo.a\"() : () -> i32\n  }) : () -> ()\n"
            "  \"foo.u\"(%o) : (i32) -> ()\n"
            "  \"foo.u\"(%inner_value) : (i32) -> ()\n}) : () -> ()\n",
            "7:11: error: use of undeclared SSA value name");
  m = parse("\"foo.r\"() ({\n  %x = \"foo.a\"() : () -> i32\n}) : () -> ()\n"
            "\"foo.r\"() ({\n  %x = \"foo.a\"() : () -> i64\n"
            "  \"foo.u\"(%x) : (i64) -> ()\n}) : () -> ()\n");
  CHECK(m != NULL);
  if (m) ir_op_destroy(m);
  /* 3000 names in one region (the table grows), then all of them used */
  StrBuf src = {0};
  sb_puts(&src, "\"foo.r\"() ({\n");
  for (int i = 0; i < 3000; i++) sb_printf(&src, "  %%v%d_name = \"foo.a\"() : () -> i32\n", i);
  for (int i = 2999; i >= 0; i--) sb_printf(&src, "  \"foo.u\"(%%v%d_name) : (i32) -> ()\n", i);
  sb_puts(&src, "}) : () -> ()\n");
  m = parse(sb_cstr(&src));
  CHECK(m != NULL);
  if (m) {
    IrBlock *b = ir_op_region(first_op(m), 0)->first;
    bool ok = true;
    for (int i = 0; i < 3000; i++)
      ok &= ir_op_operand(nth_op(b, 3000 + i), 0) == ir_op_result(nth_op(b, 2999 - i), 0);
    CHECK(ok);
    ir_op_destroy(m);
  }
  sb_free(&src);
}

static void test_block_errors(void) {
  reset_ctx(true);
  CHECK_ERR("\"foo.a\"() [^bb1] : () -> ()\n", "1:12: error: reference to an undefined block");
  CHECK_ERR("\"foo.r\"() ({\n^bb1:\n  \"foo.t\"() : () -> ()\n^bb1:\n  \"foo.t\"() : () -> ()\n}) : () -> ()\n",
            "4:1: error: redefinition of block '^bb1'");
  CHECK_ERR("\"foo.r\"() ({\n  \"foo.t\"()[^x, ^y] : () -> ()\n}) : () -> ()\n",
            "2:13: error: reference to an undefined block\n"
            "2:17: error: reference to an undefined block");
  CHECK_ERR("\"foo.r\"() ({\n^bb0(%a: i32):\n  \"foo.t\"() : () -> ()\n"
            "^bb1(%a: i32):\n  \"foo.t\"() : () -> ()\n}) : () -> ()\n",
            "4:6: error: redefinition of SSA value '%a'\n2:6: note: previously defined here");
  /* blocks referenced before their definition */
  IrOp *m = parse("\"foo.r\"() ({\n  \"foo.br\"()[^b2, ^b1] : () -> ()\n^b1:\n  \"foo.t\"() : () -> ()\n"
                  "^b2:\n  \"foo.t\"() : () -> ()\n}) : () -> ()\n");
  CHECK(m != NULL);
  if (m) {
    IrRegion *r = ir_op_region(first_op(m), 0);
    IrOp *br = r->first->first;
    CHECK(ir_op_successors(br)[0] == r->first->next->next && ir_op_successors(br)[1] == r->first->next);
    ir_op_destroy(m);
  }
}

static void test_syntax_errors(void) {
  reset_ctx(true);
  CHECK_ERR("\"foo.a\"() -> ()\n", "1:10: error: expected ':' followed by operation type");
  CHECK_ERR("\"foo.a\"() () -> ()\n", "1:12: error: expected '{' to begin a region");
  CHECK_ERR("\"foo.a\"() : i32\n", "1:13: error: expected function type");
  /* at the start of a line, the error goes to the end of the previous one */
  CHECK_ERR("\"foo.a\"(\n\n  : () -> ()\n", "1:9: error: expected ')' to end operand list");
  CHECK_ERR("\"foo.a\"() {a = 1, a = 2} : () -> ()\n",
            "1:19: error: duplicate key 'a' in dictionary attribute");
  CHECK_ERR("\"foo.a\"() {1 = 2} : () -> ()\n", "1:12: error: expected attribute name");
  CHECK_ERR("\"foo.a\"() {a = } : () -> ()\n", "1:15: error: expected attribute value");
  CHECK_ERR("\"foo.a\"() : () -> tensor<2xf32\n", "1:31: error: expected '>' in tensor type");
  CHECK_ERR("\"foo.a\"() : () -> foo\n", "1:18: error: expected non-function type");
  CHECK_ERR("42\n", "1:1: error: expected operation name in quotes");
  CHECK_ERR("\"\"() : () -> ()\n", "1:1: error: empty operation name is invalid");
  /* a lexer error is reported once */
  CHECK_ERR("\"foo.a\"() : () -> () $\n", "1:22: error: unexpected character");
  CHECK_ERR("\"foo.a() : () -> ()\n", "1:20: error: expected '\"' in string literal");
  CHECK_ERR("\"foo.a\"() {s = \"\\q\"} : () -> ()\n", "1:17: error: unknown escape in string literal");
  CHECK_ERR("\"foo.a\"() : () -> !u\n", "1:21: error: undefined symbol alias id 'u'");
  CHECK_ERR("\"foo.a\"() {d = #foo.x<(]>} : () -> ()\n",
            "1:22: error: unbalanced '(' character in pretty dialect name");
  CHECK_ERR("\"foo.a\"() {d = 300 : i8} : () -> ()\n",
            "1:16: error: integer constant out of range for attribute");
  CHECK_ERR("\"foo.a\"() {d = 15 : f32} : () -> ()\n",
            "1:16: error: unexpected decimal integer literal for a floating point value\n"
            "1:16: note: add a trailing dot to make the literal a float");
  CHECK_ERR("\"foo.a\"() : () -> vector<0xf32>\n",
            "1:19: error: vector types must have positive constant sizes but got 0");
}

static void test_unregistered(void) {
  reset_ctx(false);
  CHECK_ERR("\"foo.a\"() : () -> ()\n",
            "1:8: error: operation being parsed with an unregistered dialect. If this is intended, "
            "please use -allow-unregistered-dialect with the MLIR tool used");
  CHECK_ERR("foo.bar\n",
            "1:1: error: Dialect `foo' not found for custom op 'foo.bar' \n"
            "1:1: note: Available dialects: builtin, tst ; for more info on dialect registration see "
            "https://mlir.llvm.org/getting_started/Faq/"
            "#registered-loaded-dependent-whats-up-with-dialects-management");
  CHECK_ERR("bar\n", "1:1: error: custom op 'bar' is unknown (tried 'builtin.bar' as well)");
  CHECK_ERR("tst.nope\n", "1:1: error: custom op 'tst.nope' is unknown");
  CHECK_ERR("\"tst.nope\"() : () -> ()\n",
            "1:1: error: unregistered operation 'tst.nope' found in dialect ('tst') that does not "
            "allow unknown operations");
  CHECK_ERR("\"tst.term\"() {x = #foo.b<1>} : () -> ()\n",
            "1:24: error: #\"foo\"<\"b<1>\"> : 'none' attribute created with unregistered dialect. "
            "If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use "
            "-allow-unregistered-dialect with the MLIR opt tool used");
  CHECK_ERR("\"tst.term\"() : () -> !foo.t\n",
            "1:27: error: `!\"foo\"<\"t\">` type created with unregistered dialect. If this is "
            "intended, please call allowUnregisteredDialects() on the MLIRContext, or use "
            "-allow-unregistered-dialect with the MLIR opt tool used");
  CHECK_ERR("tst.term\n", "1:1: error: custom op 'tst.term' has no custom assembly form");

  /* allowed: kept verbatim */
  reset_ctx(true);
  IrOp *m = parse("\"foo.a\"() {x = #foo.b<{k = [1, \">\"]}> : i32} : () -> !foo.t<a, (b)>\n");
  CHECK(m != NULL);
  if (m) {
    IrOp *a = first_op(m);
    const IrAttr *x = ir_op_attrz(a, "x");
    CHECK(ir_attr_is(x, &ir_opaque_attr_def) && x->type == i32());
    CHECK_STREQ(x->str->str, "foo.b<{k = [1, \">\"]}>");
    const IrType *t = ir_op_result(a, 0)->type;
    CHECK(ir_type_is(t, &ir_opaque_type_def));
    CHECK_STREQ(t->str->str, "foo.t<a, (b)>");
    ir_op_destroy(m);
  }
}

/* ---- custom syntax ----------------------------------------------------------------------------- */
static void test_custom_syntax(void) {
  reset_ctx(false);
  IrOp *m = parse("tst.mod {\n"
                  "  %0 = \"tst.x\"() : () -> !tst.ty<3>\n"
                  "}\n");
  CHECK(m == NULL); /* tst.x unknown in registered dialect */
  m = parse("\"tst.term\"() {a = #tst.at<7>} : () -> !tst.ty<3>\n"
            "tst.mod {\n"
            "  %0 = \"tst.term\"() : () -> !tst.ty<1>\n"
            "  %1 = add %0, %0 : ty<1>\n"
            "  %2 = tst.add %1, %0 : !tst.ty<1>\n"
            "  kw green\n"
            "} {m = 1 : i32}\n");
  CHECK(m != NULL);
  CHECK_STREQ(sb_cstr(&diags), "");
  if (m) {
    IrOp *t = first_op(m);
    const IrAttr *a = ir_op_attrz(t, "a");
    CHECK(a && a->def == &tst_at_def && a->ints[0] == 7);
    CHECK(ir_op_result(t, 0)->type->def == &tst_ty_def);
    IrOp *mod = t->next;
    CHECK(ir_op_attrz(mod, "m") != NULL);
    IrBlock *b = ir_op_region(mod, 0)->first;
    IrOp *add = nth_op(b, 1), *add2 = nth_op(b, 2), *kw = nth_op(b, 3);
    CHECK_STREQ(ir_op_name(add), "tst.add");
    CHECK(ir_op_operand(add, 0) == ir_op_result(b->first, 0));
    CHECK(ir_op_result(add, 0)->type == ir_op_result(b->first, 0)->type);
    CHECK(ir_op_operand(add2, 0) == ir_op_result(add, 0));
    const IrAttr *col = ir_op_attrz(kw, "color");
    CHECK(col && col->ints[0] == 1);
    ir_op_destroy(m);
  }
  /* hook errors carry the "custom op" prefix, parser-level ones don't */
  CHECK_ERR("tst.mod {\n  kw blue\n}\n",
            "2:6: error: custom op 'tst.kw' expected 'color' to be one of: {'red', 'green'}");
  CHECK_ERR("tst.mod {\n  kw 1\n}\n",
            "2:6: error: custom op 'tst.kw' expected valid keyword\n"
            "2:6: error: custom op 'tst.kw' expected 'color' to be one of: {'red', 'green'}");
  CHECK_ERR("%0 = \"tst.term\"() : () -> i32\n%1 = tst.add %0 %0 : i32\n",
            "2:16: error: expected ','");
  CHECK_ERR("%0 = \"tst.term\"() : () -> i32\n%1 = tst.add %0, %0 i32\n",
            "2:20: error: expected ':'");
  CHECK_ERR("%0 = \"tst.term\"() : () -> i32\n%1 = tst.add %0, %0 : i64\n",
            "2:14: error: use of value '%0' expects different type than prior uses: 'i64' vs 'i32'\n"
            "1:1: note: prior use here");
  CHECK_ERR("%1:2 = tst.add %0, %0 : i32\n",
            "1:1: error: operation defines 1 results but was provided 2 to bind");
  /* a type hook's own errors have no prefix */
  CHECK_ERR("%0 = \"tst.term\"() : () -> !tst.ty<x>\n", "1:35: error: expected integer value");
  CHECK_ERR("%0 = \"tst.term\"() : () -> !tst.nope\n",
            "1:36: error: unknown type `nope` in dialect `tst`");
}

/* ---- memoized types and op names -------------------------------------------------------------- */
/* "tsu": a second dialect with the same `wrap<T>` hook but its own `ty<N>`,
 * and ops tsu.mod / tsu.add (default dialect "tsu"), so that one spelling
 * means different types in the two dialects' regions. */
static const IrTypeDef tsu_ty_def = {.name = "ty", .dialect = "tsu"};

static const IrType *tsu_parse_type(AsmParser *p, Str mnemonic) {
  if (str_eqz(mnemonic, "wrap")) return asm_parse_type_memo(p, (AsmLoc){mnemonic.s}, wrap_body, NULL);
  int64_t n;
  if (!str_eqz(mnemonic, "ty") || !asm_parse_punct(p, ASM_LESS) || !asm_parse_integer(p, &n) ||
      !asm_parse_punct(p, ASM_GREATER))
    return NULL;
  return ir_type_unique(asm_ctx(p), &(IrType){.def = &tsu_ty_def, .nints = 1, .ints = &n});
}

static const IrOpInfo tsu_ops[] = {
    {.name = "tsu.mod", .min_results = 0, .max_results = 0, .max_operands = 0, .num_regions = 1,
     .traits = IR_TRAIT_NO_TERMINATOR, .parse = tst_mod_parse, .default_dialect = "tsu"},
    {.name = "tsu.add", .min_operands = 2, .max_operands = 2, .min_results = 1, .max_results = 1,
     .parse = tst_add_parse},
};
static const IrDialect tsu_dialect = {.name = "tsu", .ops = tsu_ops, .nops = 2,
                                      .parse_type = tsu_parse_type};

/* The message of the first diagnostic without its "LINE:COL: " prefix. */
static const char *first_msg(void) {
  static StrBuf b;
  sb_clear(&b);
  const char *s = sb_cstr(&diags), *nl = strchr(s, '\n'), *e = strstr(s, "error: ");
  if (e && (!nl || e < nl)) s = e;
  sb_putn(&b, s, nl ? (size_t)(nl - s) : strlen(s));
  return sb_cstr(&b);
}

/* `n` nested generic regions around `inner` (one line each). */
static void nest(StrBuf *b, int n, const char *inner) {
  for (int i = 0; i < n; i++) sb_puts(b, "\"foo.r\"() ({\n");
  sb_puts(b, inner);
  for (int i = 0; i < n; i++) sb_puts(b, "}) : () -> ()\n");
}

static void test_memo(void) {
  reset_ctx(true);
  ir_register_dialect(ctx, &tsu_dialect);
  /* The same spelling in the regions of two dialects: each gets its own
   * dialect's inner type, however often it repeats. */
  wrap_body_calls = 0;
  IrOp *m = parse("tst.mod {\n"
                  "  %0 = \"tst.term\"() : () -> !tst.wrap<ty<1>>\n"
                  "  %1 = add %0, %0 : wrap<ty<1>>\n"
                  "  %2 = add %1, %1 : wrap<ty<1>>\n"
                  "}\n"
                  "tsu.mod {\n"
                  "  %0 = \"tst.term\"() : () -> !tsu.wrap<ty<1>>\n"
                  "  %1 = add %0, %0 : wrap<ty<1>>\n"
                  "  %2 = add %1, %1 : wrap<ty<1>>\n"
                  "}\n");
  CHECK_STREQ(sb_cstr(&diags), "");
  CHECK(m != NULL);
  if (m) {
    IrOp *a = first_op(m), *b = a->next;
    IrOp *a2 = nth_op(ir_op_region(a, 0)->first, 2), *b2 = nth_op(ir_op_region(b, 0)->first, 2);
    CHECK_STREQ(ir_op_name(a2), "tst.add");
    CHECK_STREQ(ir_op_name(b2), "tsu.add");
    const IrType *ta = ir_op_result(a2, 0)->type, *tb = ir_op_result(b2, 0)->type;
    CHECK(ta->def == &tst_wrap_def && tb->def == &tst_wrap_def);
    CHECK(ta->ntypes == 1 && ta->types[0]->def == &tst_ty_def);
    CHECK(tb->ntypes == 1 && tb->types[0]->def == &tsu_ty_def);
    ir_op_destroy(m);
  }
  CHECK(wrap_body_calls == 2); /* once per dialect context: the repeats were memoized */

  /* The same op name under different default dialects: tst.add in the
   * region, then unknown at the top level (builtin). */
  CHECK_ERR("tst.mod {\n"
            "  %0 = \"tst.term\"() : () -> i32\n"
            "  %1 = add %0, %0 : i32\n"
            "}\n"
            "%0 = \"tst.term\"() : () -> i32\n"
            "%1 = add %0, %0 : i32\n",
            "6:6: error: custom op 'add' is unknown (tried 'builtin.add' as well)");

  /* Near the nesting limit a memoized type fails exactly where parsing it
   * again would: with and without an earlier (memoized) use of the same
   * spelling, the outcome and message are the same at every depth (the
   * dialect type memo, nested in itself, and the function type memo). */
  const char *use = "%0 = \"tst.term\"() : () -> !tst.wrap<wrap<wrap<ty<1>>>>\n";
  int ok_count = 0, fail_count = 0;
  for (int n = 480; n <= 505; n++) {
    StrBuf b = {0};
    nest(&b, n, use);
    m = parse(sb_cstr(&b));
    bool ok_plain = m != NULL;
    if (m) ir_op_destroy(m);
    StrBuf plain_msg = {0};
    sb_puts(&plain_msg, first_msg());
    sb_clear(&b);
    sb_puts(&b, "%p = \"tst.term\"() : () -> !tst.wrap<wrap<wrap<ty<1>>>>\n");
    nest(&b, n, use);
    m = parse(sb_cstr(&b));
    bool ok_memo = m != NULL;
    if (m) ir_op_destroy(m);
    CHECK(ok_plain == ok_memo);
    CHECK_STREQ(first_msg(), sb_cstr(&plain_msg));
    if (ok_plain) ok_count++;
    else fail_count++;
    sb_free(&plain_msg);
    sb_free(&b);
  }
  CHECK(ok_count > 0 && fail_count > 0); /* the range crosses the limit */
}

/* ---- aliases and locations ------------------------------------------------------------------------ */
static void test_aliases_and_locs(void) {
  reset_ctx(true);
  IrOp *m = parse("!t = tensor<2x?xf32>\n"
                  "#a = {k = 1}\n"
                  "\"foo.a\"() {x = #a} : () -> !t loc(#l1)\n"
                  "\"foo.b\"() : () -> () loc(fused[\"a\":1:2, unknown, \"a\":1:2])\n"
                  "\"foo.c\"() : () -> () loc(fused<\"m\">[callsite(\"f\" at \"g\":3:4), \"n\"(\"c\":1:1)])\n"
                  "\"foo.d\"() : () -> () loc(\"r\":1:2 to 3:4)\n"
                  "#l1 = loc(\"later\":7:8)\n");
  CHECK(m != NULL);
  if (m) {
    IrOp *a = first_op(m), *b = a->next, *c = b->next, *d = c->next;
    CHECK(ir_dict_getz(ctx, ir_op_attrz(a, "x"), "k") != NULL);
    CHECK_STREQ(type_str(ir_op_result(a, 0)->type), "tensor<2x?xf32>");
    CHECK(ir_op_loc(a)->def == &ir_file_loc_def && ir_op_loc(a)->ints[0] == 7 && ir_op_loc(a)->ints[1] == 8);
    /* fused of one distinct known location is that location */
    CHECK(ir_op_loc(b)->def == &ir_file_loc_def && !strcmp(ir_op_loc(b)->str->str, "a"));
    CHECK(ir_op_loc(c)->def == &ir_fused_loc_def && (ir_op_loc(c)->flags & 1) && ir_op_loc(c)->nelems == 3);
    CHECK(ir_op_loc(c)->elems[0]->def == &ir_callsite_loc_def);
    CHECK(ir_op_loc(c)->elems[1]->def == &ir_name_loc_def && ir_op_loc(c)->elems[1]->nelems == 1);
    CHECK(ir_op_loc(d)->nints == 4 && ir_op_loc(d)->ints[2] == 3 && ir_op_loc(d)->ints[3] == 4);
    ir_op_destroy(m);
  }
  CHECK_ERR("\"foo.a\"() : () -> () loc(#nope)\n",
            "1:26: error: operation location alias was never defined");
  CHECK_ERR("#l = 1\n\"foo.a\"() : () -> () loc(#l)\n",
            "2:26: error: expected location, but found '1 : i64'");
  CHECK_ERR("#a = 1\n#a = 2\n", "2:1: error: redefinition of attribute alias id 'a'");
  CHECK_ERR("!a = i32\n!a = i32\n", "2:1: error: redefinition of type alias id 'a'");
  CHECK_ERR("#a.b = 1\n", "1:1: error: attribute names with a '.' are reserved for dialect-defined names");
  CHECK_ERR("\"foo.a\"() {x = #u} : () -> ()\n", "1:18: error: undefined symbol alias id 'u'");
  /* file metadata is skipped */
  m = parse("\"foo.a\"() : () -> ()\n{-#\n  dialect_resources: { builtin: { b: \"0x04000000\" } }\n#-}\n");
  CHECK(m != NULL);
  if (m) ir_op_destroy(m);
}

/* ---- attributes ----------------------------------------------------------------------------------- */
static const IrAttr *attr(const char *s) {
  sb_clear(&diags);
  return asm_parse_attr_str(ctx, s, strlen(s));
}

static void test_attributes(void) {
  reset_ctx(true);
  const IrAttr *a = attr("dense<5> : tensor<4xi32>");
  CHECK(ir_attr_is(a, &ir_dense_elements_attr_def) && (a->flags & 1) && a->ndata == 4);
  if (a && a->data) CHECK_EQ_INT(a->data[0], 5);
  a = attr("dense<[[1, 2], [3, 4]]> : tensor<2x2xi16>");
  CHECK(a && !(a->flags & 1) && a->ndata == 8);
  if (a && a->data) CHECK(a->data[0] == 1 && a->data[2] == 2 && a->data[6] == 4);
  a = attr("dense<[7, 7, 7]> : tensor<3xi8>"); /* all equal: splat */
  CHECK(a && (a->flags & 1) && a->ndata == 1);
  a = attr("dense<\"0x01020304\"> : tensor<2xi16>");
  CHECK(a && a->ndata == 4 && a->data[1] == 2);
  a = attr("dense<[true, false, true]> : tensor<3xi1>");
  CHECK(a && a->ndata == 3 && a->data[0] == 1 && a->data[1] == 0);
  a = attr("dense<[1.5, -2.0]> : vector<2xf32>");
  CHECK(a && a->ndata == 8);
  if (a && a->data) {
    float f;
    memcpy(&f, a->data + 4, 4);
    CHECK(f == -2.0f);
  }
  a = attr("dense<[\"a\", \"b\"]> : tensor<2x!foo.s>");
  CHECK(ir_attr_is(a, &ir_dense_string_attr_def) && a->nelems == 2);
  a = attr("dense<[1, 2, 3]> : tensor<2xi32>");
  CHECK(a == NULL);
  CHECK_STREQ(sb_cstr(&diags), "1:1: error: inferred shape of elements literal ([3]) does not match type ([2])");
  a = attr("dense<1.5> : tensor<2xi32>");
  CHECK_STREQ(sb_cstr(&diags), "1:7: error: expected integer elements, but parsed floating-point");

  a = attr("array<i32: 1, -2>");
  CHECK(ir_attr_is(a, &ir_dense_array_attr_def) && a->nints == 2 && a->ints[1] == -2);
  a = attr("-128 : i8");
  CHECK(a && a->ints[0] == -128);
  a = attr("255 : i8"); /* signless: wraps to -1 */
  CHECK(a && a->ints[0] == -1);
  a = attr("1 : i1");
  CHECK(a == ir_bool_attr(ctx, true));
  a = attr("0x7FC00000 : f32");
  CHECK(ir_attr_is(a, &ir_float_attr_def) && a->f != a->f);
  a = attr("1.5");
  CHECK(ir_attr_is(a, &ir_float_attr_def) && a->f == 1.5 && ir_float_kind(a->type) == IR_F64);
  a = attr("\"s\\n\\\"q\\41\"");
  CHECK(ir_attr_is(a, &ir_string_attr_def) && !strcmp(a->str->str, "s\n\"qA"));
  a = attr("@a::@b::@\"c d\"");
  CHECK(ir_attr_is(a, &ir_symref_attr_def) && a->nelems == 2 && !strcmp(a->elems[1]->str->str, "c d"));
  a = attr("[1, unit, {b}, i32, (i32) -> f32]");
  CHECK(ir_attr_is(a, &ir_array_attr_def) && a->nelems == 5);
  if (a && a->nelems == 5) CHECK(ir_attr_is(a->elems[4], &ir_type_attr_def));
  a = attr("1 2");
  CHECK(a == NULL);
  CHECK_STREQ(sb_cstr(&diags), "1:3: error: found trailing characters: '2'");

  const IrType *t = asm_parse_type_str(ctx, "tensor<*xi8>", 12);
  CHECK(ir_type_is(t, &ir_tensor_type_def) && t->nints == 0);
  t = asm_parse_type_str(ctx, "vector<4x[8]xf32>", 17);
  CHECK(ir_type_is(t, &ir_vector_type_def) && t->flags == 2 && t->ints[1] == 8);
  t = asm_parse_type_str(ctx, "(i32, index) -> (tuple<>, none)", 31);
  CHECK(ir_type_is(t, &ir_function_type_def) && ir_func_num_inputs(t) == 2 && ir_func_num_results(t) == 2);
  t = asm_parse_type_str(ctx, "si8", 3);
  CHECK(ir_type_is_integer(t) && t->flags == IR_SIGNED);
  t = asm_parse_type_str(ctx, "f8E4M3FN", 8);
  CHECK(ir_type_is_float(t) && ir_float_kind(t) == IR_F8E4M3FN);
}

/* ---- limits ------------------------------------------------------------------------------------- */
static void test_limits(void) {
  reset_ctx(true);
  int n = 3000;
  StrBuf b = {0};
  for (int i = 0; i < n; i++) sb_puts(&b, "\"foo.r\"() ({\n");
  for (int i = 0; i < n; i++) sb_puts(&b, "}) : () -> ()\n");
  IrOp *m = parse(sb_cstr(&b));
  CHECK(m == NULL);
  CHECK(strstr(sb_cstr(&diags), "nesting depth exceeds the limit") != NULL);
  sb_clear(&b);
  sb_puts(&b, "\"foo.a\"() {x = ");
  for (int i = 0; i < 100000; i++) sb_putc(&b, '[');
  m = parse(sb_cstr(&b));
  CHECK(m == NULL);
  CHECK(strstr(sb_cstr(&diags), "nesting depth exceeds the limit") != NULL);
  sb_clear(&b);
  sb_puts(&b, "\"foo.a\"() : () -> ");
  for (int i = 0; i < 100000; i++) sb_puts(&b, "tuple<");
  m = parse(sb_cstr(&b));
  CHECK(m == NULL);
  sb_free(&b);
  /* a huge result number must not allocate */
  CHECK_ERR("\"foo.a\"(%x#4000000000) : (i32) -> ()\n", "1:9: error: use of undeclared SSA value name");
}

UNIT_MAIN {
  test_generic_ops();
  test_no_implicit_module();
  test_ssa_errors();
  test_ssa_names();
  test_block_errors();
  test_syntax_errors();
  test_unregistered();
  test_custom_syntax();
  test_memo();
  test_aliases_and_locs();
  test_attributes();
  test_limits();
  ir_context_destroy(ctx);
  sb_free(&diags);
}
