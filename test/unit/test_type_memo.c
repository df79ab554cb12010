/* test_type_memo.c — asm_parse_type_memo (lib/asm/parse_types.c) called at
 * the current token, as cuda_tile's op parsers call it: a tiny dialect "mt"
 * whose op `mt.use %v : T` parses T through the memo with a type parser that
 * counts its calls.  Checked: repeated `word<...>`, `!mt.word<...>` and bare
 * words (`tok`) are parsed once and give the same type as a fresh parse;
 * texts sharing their first 16 bytes stay apart; a bare word followed by
 * `<` (glued or after blanks) is never answered from the entry of the word
 * alone; failed parses are not recorded. */
#include "unit.h"

#include "asm/asm.h"
#include "ir/ir.h"

#include <stdlib.h>

static IrContext *ctx;
static StrBuf diags;
static int fn_calls; /* how often the memo ran mt_type_fn */

static void on_diag(void *user, const IrDiag *d) {
  (void)user;
  if (diags.len) sb_putc(&diags, '\n');
  sb_printf(&diags, "%s", sb_cstr((StrBuf *)&d->msg));
}

/* mt types: `tok` (no body), `box<N>` and `box<N> ...` (ints = {N} or, with
 * an optional trailing `<M>` after blanks, {N, M}) */
static const IrTypeDef mt_tok_def = {.name = "tok", .dialect = "mt"};
static const IrTypeDef mt_box_def = {.name = "box", .dialect = "mt"};

/* box<N>: the body after the mnemonic */
static const IrType *mt_box_body(AsmParser *p) {
  int64_t n;
  if (!asm_parse_punct(p, ASM_LESS) || !asm_parse_integer(p, &n) || !asm_parse_punct(p, ASM_GREATER))
    return NULL;
  return ir_type_unique(asm_ctx(p), &(IrType){.def = &mt_box_def, .nints = 1, .ints = &n});
}

/* A type at the current token: `tok`, `tok<N>` (a box), `box<N>`, or a full
 * `!mt...` / builtin type through asm_parse_type. */
static const IrType *mt_type_fn(AsmParser *p, void *arg) {
  (void)arg;
  fn_calls++;
  Str w;
  if (asm_parse_optional_keyword_any(p, &w)) {
    if (str_eqz(w, "tok")) {
      if (!asm_peek_punct(p, ASM_LESS))
        return ir_type_unique(asm_ctx(p), &(IrType){.def = &mt_tok_def});
      return mt_box_body(p);
    }
    if (str_eqz(w, "box")) return mt_box_body(p);
    asm_error(p, "unknown mt type");
    return NULL;
  }
  const IrType *t;
  return asm_parse_type(p, &t) ? t : NULL;
}

static const IrType *mt_parse_type(AsmParser *p, Str mnemonic) {
  if (str_eqz(mnemonic, "tok")) return ir_type_unique(asm_ctx(p), &(IrType){.def = &mt_tok_def});
  if (str_eqz(mnemonic, "box")) return mt_box_body(p);
  asm_error(p, "unknown mt type");
  return NULL;
}

/* `mt.use %v : T` (T through the memo), one result of type T */
static bool mt_use_parse(AsmParser *p, IrOpState *st) {
  AsmOperand a;
  if (!asm_parse_operand(p, &a) || !asm_parse_punct(p, ASM_COLON)) return false;
  const IrType *t = asm_parse_type_memo(p, asm_cur_loc(p), mt_type_fn, NULL);
  if (!t || !asm_resolve_operand(p, &a, t, st)) return false;
  vec_push(&st->result_types, t);
  return true;
}

static bool mt_mod_parse(AsmParser *p, IrOpState *st) {
  IrRegion *r = ir_op_state_add_region(st);
  return asm_parse_region(p, r, NULL, 0);
}

static const IrOpInfo mt_ops[] = {
    {.name = "mt.mod", .max_operands = 0, .num_regions = 1, .traits = IR_TRAIT_NO_TERMINATOR,
     .parse = mt_mod_parse, .default_dialect = "mt"},
    {.name = "mt.use", .min_operands = 1, .max_operands = 1, .min_results = 1, .max_results = 1,
     .parse = mt_use_parse},
    {.name = "mt.def", .max_operands = 0, .max_results = 1},
};
static const IrDialect mt_dialect = {.name = "mt", .ops = mt_ops, .nops = 3,
                                     .parse_type = mt_parse_type};

/* The result types of the mt.use ops of `body` (inside an mt.mod whose first
 * op defines %v of type `vt`), as a printed list; "ERR" on failure. */
static const char *types_of(const char *vt, const char *body) {
  static StrBuf out;
  StrBuf src = {0};
  sb_printf(&src, "mt.mod {\n  %%v = \"mt.def\"() : () -> %s\n%s}\n", vt, body);
  sb_clear(&diags);
  sb_clear(&out);
  IrOp *m = asm_parse_buffer(ctx, "t.mlir", sb_cstr(&src), src.len, NULL);
  sb_free(&src);
  if (!m) return "ERR";
  IrOp *mod = ir_module_body(m)->first;
  for (IrOp *o = ir_op_region(mod, 0)->first->first; o; o = o->next) {
    if (strcmp(ir_op_name(o), "mt.use")) continue;
    const IrType *t = ir_op_result(o, 0)->type;
    if (out.len) sb_puts(&out, " ");
    if (t->def == &mt_tok_def) sb_puts(&out, "tok");
    else if (t->def == &mt_box_def) sb_printf(&out, "box%lld", (long long)t->ints[0]);
    else asm_print_type_str(&out, t);
  }
  ir_op_destroy(m);
  return sb_cstr(&out);
}

static void reset(void) {
  if (ctx) ir_context_destroy(ctx);
  ctx = ir_context_create();
  asm_install_printers(ctx);
  ir_register_dialect(ctx, &mt_dialect);
  ir_ctx_set_diag_handler(ctx, on_diag, NULL);
}

static void test_repeats(void) {
  reset();
  /* `word<...>`: parsed once, then memoized (the operand type must match) */
  fn_calls = 0;
  CHECK_STREQ(types_of("!mt.box<7>", "  %a = use %v : box<7>\n  %b = use %v : box<7>\n"
                                      "  %c = use %v : box<7>\n"),
              "box7 box7 box7");
  CHECK_EQ_INT(fn_calls, 1);
  /* `!mt.word<...>` (at least 16 bytes: the recent table; shorter: the hash table) */
  fn_calls = 0;
  CHECK_STREQ(types_of("!mt.box<123456789>", "  %a = use %v : !mt.box<123456789>\n"
                                              "  %b = use %v : !mt.box<123456789>\n"),
              "box123456789 box123456789");
  CHECK_EQ_INT(fn_calls, 1);
  fn_calls = 0;
  CHECK_STREQ(types_of("!mt.box<5>", "  %a = use %v : !mt.box<5>\n  %b = use %v : !mt.box<5>\n"),
              "box5 box5");
  CHECK_EQ_INT(fn_calls, 1);
  /* texts equal in their first 16 bytes (or 8) are different entries */
  fn_calls = 0;
  CHECK_STREQ(types_of("!mt.box<1234567890123>",
                       "  %a = use %v : !mt.box<1234567890123>\n"
                       "  %b = use %v : !mt.box<1234567890124>\n"),
              "ERR");
  CHECK_STREQ(types_of("!mt.box<12345678901234>",
                       "  %a = use %v : !mt.box<12345678901234>\n"
                       "  %b = use %v : !mt.box<12345678901234>\n"
                       "  %c = use %a : !mt.box<12345678901234>\n"),
              "box12345678901234 box12345678901234 box12345678901234");
  /* a bare word: parsed once */
  fn_calls = 0;
  CHECK_STREQ(types_of("!mt.tok", "  %a = use %v : tok\n  %b = use %v : tok\n"
                                   "  %c = use %v : tok\n"),
              "tok tok tok");
  CHECK_EQ_INT(fn_calls, 1);
}

/* The entry of `tok` alone never answers `tok<N>` or `tok <N>`: fn sees them. */
static void test_word_then_less(void) {
  reset();
  fn_calls = 0;
  CHECK_STREQ(types_of("!mt.tok", "  %w = \"mt.def\"() : () -> !mt.box<3>\n"
                                   "  %a = use %v : tok\n  %b = use %v : tok\n"
                                   "  %c = use %w : tok <3>\n  %d = use %w : tok   <3>\n"
                                   "  %e = use %w : tok<3>\n  %f = use %w : tok<3>\n"
                                   "  %g = use %v : tok\n"),
              "tok tok box3 box3 box3 box3 tok");
  /* tok once, each spaced form (not a memo text), tok<3> once */
  CHECK_EQ_INT(fn_calls, 4);
  /* a failed parse is not recorded: the error repeats */
  CHECK_STREQ(types_of("!mt.tok", "  %a = use %v : bad\n"), "ERR");
  CHECK_STREQ(sb_cstr(&diags), "custom op 'mt.use' unknown mt type");
  fn_calls = 0;
  CHECK_STREQ(types_of("!mt.tok", "  %a = use %v : tok\n  %b = use %v : tok <bad>\n"), "ERR");
  CHECK_EQ_INT(fn_calls, 2);
}

UNIT_MAIN {
  test_repeats();
  test_word_then_less();
  if (ctx) ir_context_destroy(ctx);
  sb_free(&diags);
}
