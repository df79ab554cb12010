/* test_lexer.c — the MLIR token lexer (lib/asm/lexer.c) on its own: token
 * kinds and spellings of every punctuation and identifier form, the
 * classification of bare words the parser dispatches on (integer and float
 * type names, builtin keywords; near misses stay unclassified), the lexer's
 * own errors, and the position -> line/column mapping against a naive count
 * (in order, backwards and across the line table's scan-ahead chunks), with
 * the compact location bits it produces. */
#include "unit.h"

#include "asm/lexer.h"
#include "unit_lex.h"
#include "ir/ir.h"

#include <stdlib.h>

static IrContext *ctx;
static StrBuf diags; /* "LINE:COL: msg" of each error, joined by '\n' */

static void on_diag(void *user, const IrDiag *d) {
  (void)user;
  const IrLoc *fl = ir_loc_find_file(d->loc);
  if (diags.len) sb_putc(&diags, '\n');
  if (fl) sb_printf(&diags, "%lld:%lld: ", (long long)fl->ints[0], (long long)fl->ints[1]);
  sb_printf(&diags, "%s", sb_cstr((StrBuf *)&d->msg));
}

static void lexer_on(AsmLexer *lx, const char *src) {
  asm_lexer_init(lx, ctx, ir_ident(ctx, "t.mlir", 6), src, strlen(src), 0);
}

/* The single token of `src` (followed by EOF). */
static AsmToken one(const char *src) {
  AsmLexer lx;
  lexer_on(&lx, src);
  AsmToken t = asm_lex(&lx);
  AsmToken e = asm_lex(&lx);
  CHECK(e.kind == TOK_EOF || t.kind == TOK_ERROR);
  asm_lexer_free(&lx);
  return t;
}

/* ---- token kinds ------------------------------------------------------------- */
static void test_kinds(void) {
  static const struct {
    const char *src;
    AsmTokKind kind;
    unsigned len;
  } cases[] = {
      {"foo", TOK_BARE_ID, 3},        {"_a$b.c9", TOK_BARE_ID, 7},
      {"@sym", TOK_AT_ID, 4},         {"@\"q s\"", TOK_AT_ID, 6},
      {"#attr.x", TOK_HASH_ID, 7},    {"%12", TOK_PERCENT_ID, 3},
      {"%a-b.c$", TOK_PERCENT_ID, 7}, {"^bb0", TOK_CARET_ID, 4},
      {"!t.x", TOK_EXCL_ID, 4},       {"1.5e3", TOK_FLOAT, 5},
      {"2.", TOK_FLOAT, 2},           {"42", TOK_INTEGER, 2},
      {"0x2A", TOK_INTEGER, 4},       {"\"s\\n\\22\"", TOK_STRING, 8},
      {"->", TOK_ARROW, 2},           {":", TOK_COLON, 1},
      {",", TOK_COMMA, 1},            {"...", TOK_ELLIPSIS, 3},
      {"=", TOK_EQUAL, 1},            {">", TOK_GREATER, 1},
      {"{", TOK_LBRACE, 1},           {"(", TOK_LPAREN, 1},
      {"[", TOK_LSQUARE, 1},          {"<", TOK_LESS, 1},
      {"-", TOK_MINUS, 1},            {"+", TOK_PLUS, 1},
      {"?", TOK_QUESTION, 1},         {"}", TOK_RBRACE, 1},
      {")", TOK_RPAREN, 1},           {"]", TOK_RSQUARE, 1},
      {"*", TOK_STAR, 1},             {"|", TOK_VBAR, 1},
      {"{-#", TOK_META_BEGIN, 3},     {"#-}", TOK_META_END, 3},
      {"  \t\r\n // c\n foo", TOK_BARE_ID, 3},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    AsmToken t = one(cases[i].src);
    if (!CHECK_EQ_INT(t.kind, cases[i].kind)) printf("  for %s\n", cases[i].src);
    CHECK_EQ_INT(t.len, cases[i].len);
  }
  /* `0xi32` is `0` then `xi32`; a glued dimension list lexes as one word */
  AsmLexer lx;
  lexer_on(&lx, "0xi32 4x8xf32");
  AsmToken t = asm_lex(&lx);
  CHECK(t.kind == TOK_INTEGER && t.len == 1);
  t = asm_lex(&lx);
  CHECK(t.kind == TOK_BARE_ID && t.len == 4 && t.kw == KW_NOT);
  t = asm_lex(&lx);
  CHECK(t.kind == TOK_INTEGER && t.len == 1);
  t = asm_lex(&lx);
  CHECK(t.kind == TOK_BARE_ID && asm_tok_is(t, "x8xf32") && t.kw == KW_NOT);
  CHECK(asm_lex(&lx).kind == TOK_EOF);
  asm_lexer_free(&lx);
}

/* ---- classification of bare words --------------------------------------------- */
static void test_keywords(void) {
  static const struct {
    const char *w;
    AsmKw kw;
    int fk; /* IrFloatKind for KW_FLOATTYPE */
  } cases[] = {
      {"i1", KW_INTTYPE, 0},          {"i32", KW_INTTYPE, 0},
      {"si8", KW_INTTYPE, 0},         {"ui16", KW_INTTYPE, 0},
      {"i", KW_NOT, 0},               {"i3x", KW_NOT, 0},
      {"si", KW_NOT, 0},              {"uix", KW_NOT, 0},
      {"index", KW_INDEX, 0},         {"indexx", KW_NOT, 0},
      {"f16", KW_FLOATTYPE, IR_F16},  {"f32", KW_FLOATTYPE, IR_F32},
      {"f64", KW_FLOATTYPE, IR_F64},  {"f80", KW_FLOATTYPE, IR_F80},
      {"f128", KW_FLOATTYPE, IR_F128}, {"bf16", KW_FLOATTYPE, IR_BF16},
      {"tf32", KW_FLOATTYPE, IR_TF32}, {"f8E4M3FN", KW_FLOATTYPE, IR_F8E4M3FN},
      {"f8E5M2", KW_FLOATTYPE, IR_F8E5M2}, {"f8E4M3", KW_FLOATTYPE, IR_F8E4M3},
      {"f8E4M3FNUZ", KW_FLOATTYPE, IR_F8E4M3FNUZ},
      {"f8E5M2FNUZ", KW_FLOATTYPE, IR_F8E5M2FNUZ},
      {"f8E4M3B11FNUZ", KW_FLOATTYPE, IR_F8E4M3B11FNUZ},
      {"f8E3M4", KW_FLOATTYPE, IR_F8E3M4}, {"f8E8M0FNU", KW_FLOATTYPE, IR_F8E8M0FNU},
      {"f6E2M3FN", KW_FLOATTYPE, IR_F6E2M3FN}, {"f6E3M2FN", KW_FLOATTYPE, IR_F6E3M2FN},
      {"f4E2M1FN", KW_FLOATTYPE, IR_F4E2M1FN},
      {"f33", KW_NOT, 0},             {"f8E4M3FNX", KW_NOT, 0},
      {"f8", KW_NOT, 0},              {"bf32", KW_NOT, 0},
      {"tf16", KW_NOT, 0},            {"for", KW_NOT, 0},
      {"none", KW_NONE, 0},           {"tensor", KW_TENSOR, 0},
      {"vector", KW_VECTOR, 0},       {"memref", KW_MEMREF, 0},
      {"complex", KW_COMPLEX, 0},     {"tuple", KW_TUPLE, 0},
      {"affine_map", KW_AFFINE_MAP, 0}, {"affine_set", KW_AFFINE_SET, 0},
      {"array", KW_ARRAY, 0},         {"dense", KW_DENSE, 0},
      {"dense_resource", KW_DENSE_RESOURCE, 0}, {"distinct", KW_DISTINCT, 0},
      {"false", KW_FALSE, 0},         {"true", KW_TRUE, 0},
      {"loc", KW_LOC, 0},             {"sparse", KW_SPARSE, 0},
      {"strided", KW_STRIDED, 0},     {"unit", KW_UNIT, 0},
      {"tile", KW_NOT, 0},            {"token", KW_NOT, 0},
      {"tensor_view", KW_NOT, 0},     {"trues", KW_NOT, 0},
      {"densely", KW_NOT, 0},         {"lo", KW_NOT, 0},
      {"x4xf32", KW_NOT, 0},          {"_", KW_NOT, 0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    AsmToken t = one(cases[i].w);
    CHECK_EQ_INT(t.kind, TOK_BARE_ID);
    if (!CHECK_EQ_INT(t.kw, cases[i].kw)) printf("  for %s\n", cases[i].w);
    if (cases[i].kw == KW_FLOATTYPE) CHECK_EQ_INT(t.fk, cases[i].fk);
    CHECK_EQ_INT(t.len, strlen(cases[i].w));
  }
}

/* ---- errors ---------------------------------------------------------------------- */
static void expect_error(const char *src, const char *msg) {
  sb_clear(&diags);
  AsmLexer lx;
  lexer_on(&lx, src);
  AsmToken t;
  do t = asm_lex(&lx);
  while (t.kind != TOK_ERROR && t.kind != TOK_EOF);
  CHECK_EQ_INT(t.kind, TOK_ERROR);
  CHECK_STREQ(sb_cstr(&diags), msg);
  asm_lexer_free(&lx);
}

static void test_errors(void) {
  expect_error("a %", "1:3: invalid SSA name");
  expect_error("#", "1:1: invalid attribute name");
  expect_error("\n ^", "2:2: invalid block name");
  expect_error("!!", "1:1: invalid type identifier");
  expect_error("x ; y", "1:3: unexpected character");
  expect_error("/x", "1:1: unexpected character");
  expect_error("..", "1:2: expected three consecutive dots for an ellipsis");
  expect_error("\"ab\ncd\"", "1:4: expected '\"' in string literal");
  expect_error("\"a\\qb\"", "1:3: unknown escape in string literal");
  expect_error("@1", "1:2: @ identifier expected to start with letter or '_'");
}

/* ---- positions ------------------------------------------------------------------- */

static void check_pos(AsmLexer *lx, const char *src, size_t off) {
  unsigned line, col, nl, nc;
  asm_lexer_line_col(lx, src + off, &line, &col);
  naive_line_col(src, off, &nl, &nc);
  if (!CHECK_EQ_INT(line, nl) || !CHECK_EQ_INT(col, nc)) printf("  at offset %zu\n", off);
}

static void test_positions(void) {
  /* lines of varying length (some empty) over several scan-ahead chunks */
  StrBuf b = {0};
  unsigned seed = 12345;
  while (b.len < 100000) {
    seed = seed * 1103515245u + 12345u;
    unsigned n = (seed >> 16) % 90;
    for (unsigned i = 0; i < n; i++) sb_putc(&b, (char)('a' + i % 26));
    sb_putc(&b, '\n');
  }
  const char *src = sb_cstr(&b);
  size_t len = b.len;
  AsmLexer lx;
  lexer_on(&lx, src);
  /* in order, in small steps (the usual pattern), then at the very end */
  for (size_t off = 0; off < len; off += 37) check_pos(&lx, src, off);
  check_pos(&lx, src, len);
  check_pos(&lx, src, len - 1);
  asm_lexer_free(&lx);
  /* a fresh lexer asked out of order: far ahead first, then backwards */
  lexer_on(&lx, src);
  check_pos(&lx, src, len - 5);
  for (size_t off = len; off-- > 0;)
    if (off % 997 == 0 || src[off] == '\n') check_pos(&lx, src, off);
  asm_lexer_free(&lx);
  /* positions on both sides of every newline of the first lines, in order */
  lexer_on(&lx, src);
  for (size_t off = 0; off < 2000; off++) check_pos(&lx, src, off);
  asm_lexer_free(&lx);

  /* compact location bits carry line (plus line_offset) and column */
  asm_lexer_init(&lx, ctx, ir_ident(ctx, "f.mlir", 6), src, len, 100);
  for (size_t off = 0; off < len; off += 4099) {
    unsigned nl, nc;
    naive_line_col(src, off, &nl, &nc);
    const IrLoc *l = ir_loc_from_bits(ctx, asm_lexer_lazy_loc(&lx, src + off));
    const IrLoc *fl = ir_loc_find_file(l);
    CHECK(fl != NULL);
    if (!fl) continue;
    CHECK_EQ_INT(fl->ints[0], nl + 100);
    CHECK_EQ_INT(fl->ints[1], nc);
    CHECK_STREQ(fl->str->str, "f.mlir");
    CHECK(asm_lexer_loc(&lx, src + off) == l);
  }
  asm_lexer_free(&lx);
  sb_free(&b);
}

UNIT_MAIN {
  ctx = ir_context_create();
  ir_ctx_set_diag_handler(ctx, on_diag, NULL);
  test_kinds();
  test_keywords();
  test_errors();
  test_positions();
  ir_context_destroy(ctx);
  sb_free(&diags);
}
