/* test_lex_tokens.c — the table-driven lexer (lib/asm/lexer.c) against a
 * naive reference lexer written from MLIR's token rules, on hand-picked
 * tricky inputs (every punctuation, string escapes, hex and float literals,
 * `#dialect<...>` bodies, comments at EOF, CRLF, NULs inside the buffer,
 * indentation runs near the buffer end) and on random token soups: kinds,
 * spans and keyword classes must agree token by token.  Then locations:
 * the compact bits of asm_lexer_lazy_loc (its inline same-line path, its
 * next-line step and the general path) and asm_lexer_line_col against a
 * naive newline count, in order, backwards, across 16 KiB scan chunks,
 * with tabs and CRs, a first-line column offset, and lines too long for
 * the compact column field. */
#include "unit.h"

#include "asm/lexer.h"
#include "unit_lex.h"
#include "ir/ir.h"

#include <stdlib.h>

static IrContext *ctx;

/* The lexer's own errors are expected here; they are not printed. */
static void quiet(void *user, const IrDiag *d) {
  (void)user;
  (void)d;
}

/* ---- the reference lexer ------------------------------------------------------ */
typedef struct RefTok {
  int kind;
  size_t start, len;
  int kw, fk;
} RefTok;

static bool r_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static bool r_digit(char c) { return c >= '0' && c <= '9'; }
static bool r_xdigit(char c) {
  return r_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
static bool r_bare(char c) { return r_alpha(c) || r_digit(c) || c == '_' || c == '$' || c == '.'; }
static bool r_idc(char c) { return r_alpha(c) || r_digit(c) || c == '$' || c == '.' || c == '_' || c == '-'; }

static bool word_is(const char *s, size_t n, const char *w) {
  return strlen(w) == n && memcmp(s, w, n) == 0;
}

/* MLIR's keyword classes by exact comparison. */
static void ref_classify(const char *s, size_t n, int *kw, int *fk) {
  static const struct {
    const char *w;
    int kw;
  } words[] = {
      {"index", KW_INDEX},     {"none", KW_NONE},
      {"tensor", KW_TENSOR},   {"vector", KW_VECTOR},
      {"memref", KW_MEMREF},   {"complex", KW_COMPLEX},
      {"tuple", KW_TUPLE},     {"affine_map", KW_AFFINE_MAP},
      {"affine_set", KW_AFFINE_SET}, {"array", KW_ARRAY},
      {"dense", KW_DENSE},     {"dense_resource", KW_DENSE_RESOURCE},
      {"distinct", KW_DISTINCT}, {"false", KW_FALSE},
      {"true", KW_TRUE},       {"loc", KW_LOC},
      {"sparse", KW_SPARSE},   {"strided", KW_STRIDED},
      {"unit", KW_UNIT},
  };
  *kw = KW_NOT;
  *fk = 0;
  size_t d = s[0] == 'i' ? 1 : (s[0] == 's' || s[0] == 'u') && n > 1 && s[1] == 'i' ? 2 : 0;
  if (d && n > d) {
    size_t i = d;
    while (i < n && r_digit(s[i])) i++;
    if (i == n) {
      *kw = KW_INTTYPE;
      return;
    }
  }
#define FK(e, name, w)        \
  if (word_is(s, n, name)) {  \
    *kw = KW_FLOATTYPE;       \
    *fk = e;                  \
    return;                   \
  }
  IR_FLOAT_KINDS(FK)
#undef FK
  for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
    if (word_is(s, n, words[i].w)) *kw = words[i].kw;
}

/* The token at *pos of b[0..len) (b[len] == 0); TOK_ERROR for any error. */
static RefTok ref_lex(const char *b, size_t len, size_t *pos) {
  size_t p = *pos;
  for (;;) {
    if (p < len && (b[p] == ' ' || b[p] == '\t' || b[p] == '\n' || b[p] == '\r' || b[p] == 0)) {
      p++;
    } else if (p + 1 < len && b[p] == '/' && b[p + 1] == '/') {
      while (p < len && b[p] != '\n' && b[p] != '\r') p++;
    } else {
      break;
    }
  }
  RefTok t = {TOK_ERROR, p, 0, 0, 0};
  size_t q = p + 1;
  char c = b[p];
  if (p == len) {
    t.kind = TOK_EOF;
    *pos = p;
    return t;
  }
  static const char single[] = ":,()}[]<>=+*?|";
  static const int single_kind[] = {TOK_COLON, TOK_COMMA, TOK_LPAREN, TOK_RPAREN,
                                    TOK_RBRACE, TOK_LSQUARE, TOK_RSQUARE, TOK_LESS,
                                    TOK_GREATER, TOK_EQUAL, TOK_PLUS, TOK_STAR,
                                    TOK_QUESTION, TOK_VBAR};
  const char *sp = strchr(single, c);
  if (sp && c) {
    t.kind = single_kind[sp - single];
  } else if (c == '-') {
    t.kind = b[q] == '>' ? TOK_ARROW : TOK_MINUS;
    if (b[q] == '>') q++;
  } else if (c == '{' && b[q] == '-' && b[q + 1] == '#') {
    t.kind = TOK_META_BEGIN;
    q += 2;
  } else if (c == '{') {
    t.kind = TOK_LBRACE;
  } else if (c == '#' && b[q] == '-' && b[q + 1] == '}') {
    t.kind = TOK_META_END;
    q += 2;
  } else if (c == '#' || c == '%' || c == '!' || c == '^') {
    if (r_digit(b[q])) {
      while (r_digit(b[q])) q++;
    } else if (r_idc(b[q])) {
      while (r_idc(b[q])) q++;
    } else {
      *pos = len;
      return t;
    }
    t.kind = c == '#' ? TOK_HASH_ID : c == '%' ? TOK_PERCENT_ID : c == '!' ? TOK_EXCL_ID : TOK_CARET_ID;
  } else if (c == '"' || (c == '@' && b[q] == '"')) {
    if (c == '@') q++;
    for (;;) {
      if (q >= len || b[q] == '\n' || b[q] == '\v' || b[q] == '\f') {
        *pos = len;
        return t;
      }
      if (b[q] == '"') break;
      if (b[q] == '\\') {
        if (b[q + 1] == '"' || b[q + 1] == '\\' || b[q + 1] == 'n' || b[q + 1] == 't') q++;
        else if (r_xdigit(b[q + 1]) && r_xdigit(b[q + 2])) q += 2;
        else {
          *pos = len;
          return t;
        }
      }
      q++;
    }
    q++;
    t.kind = c == '@' ? TOK_AT_ID : TOK_STRING;
  } else if (c == '@') {
    if (!r_alpha(b[q]) && b[q] != '_') {
      *pos = len;
      return t;
    }
    while (r_bare(b[q])) q++;
    t.kind = TOK_AT_ID;
  } else if (r_digit(c)) {
    t.kind = TOK_INTEGER;
    if (c == '0' && b[q] == 'x' && r_xdigit(b[q + 1])) {
      q += 2;
      while (r_xdigit(b[q])) q++;
    } else if (!(c == '0' && b[q] == 'x')) {
      while (r_digit(b[q])) q++;
      if (b[q] == '.') {
        t.kind = TOK_FLOAT;
        q++;
        while (r_digit(b[q])) q++;
        if ((b[q] == 'e' || b[q] == 'E') &&
            (r_digit(b[q + 1]) || ((b[q + 1] == '-' || b[q + 1] == '+') && r_digit(b[q + 2])))) {
          q += 2;
          while (r_digit(b[q])) q++;
        }
      }
    }
  } else if (c == '.' && b[q] == '.' && b[q + 1] == '.') {
    t.kind = TOK_ELLIPSIS;
    q += 2;
  } else if (r_alpha(c) || c == '_') {
    while (r_bare(b[q])) q++;
    t.kind = TOK_BARE_ID;
    ref_classify(b + p, q - p, &t.kw, &t.fk);
  } else {
    *pos = len;
    return t;
  }
  t.len = q - p;
  *pos = q;
  return t;
}

/* Lexes b[0..len) with both lexers; true when they agree to the end. */
static bool same_tokens(const char *b, size_t len) {
  AsmLexer lx;
  asm_lexer_init(&lx, ctx, ir_ident(ctx, "t.mlir", 6), b, len, 0);
  size_t pos = 0;
  bool ok = true;
  for (int i = 0; ok && i < 100000; i++) {
    AsmToken t = asm_lex(&lx);
    RefTok r = ref_lex(b, len, &pos);
    ok = CHECK_EQ_INT(t.kind, r.kind);
    if (ok && (r.kind == TOK_ERROR || r.kind == TOK_EOF)) {
      ok = r.kind == TOK_ERROR || CHECK(t.ptr == b + r.start);
      break;
    }
    ok = ok && CHECK(t.ptr == b + r.start) && CHECK_EQ_INT(t.len, r.len);
    if (ok && r.kind == TOK_BARE_ID) {
      ok = CHECK_EQ_INT(t.kw, r.kw);
      if (ok && r.kw == KW_FLOATTYPE) ok = CHECK_EQ_INT(t.fk, r.fk);
    }
    if (!ok) printf("  token %d at offset %zu\n", i, r.start);
  }
  asm_lexer_free(&lx);
  return ok;
}

static void test_tricky(void) {
  static const char *const cases[] = {
      ": , ( ) { } [ ] < > = + * ? | - -> ... {-# #-} ->-",
      "\"plain\" \"esc \\\" \\\\ \\n \\t \\4A \\ff\" \"\" @\"q \\\"s\\\"\" @sym_1.x$",
      "0 7 42 0x 0x1F 0xdeadBEEF 0xg 1. 1.5 1.5e3 2.5E-7 3.0e+ 4.e 6e5 1.2.3 00x1",
      "#cuda_tile.div_by<16> !cuda_tile.tile<4x8xf32> #d<\"s\", [1, 2]> !t<{a = 1}>",
      "%0 %12abc %a-b.c$ %_x ^bb0 ^bb1.x #-x !-y %-",
      "i1 i32 i0x si8 ui16 sia uix i f8 f80 f128 f8E4M3FN f8E4M3FNX f8E4M3B11FNUZ bf16 bf17 tf32",
      "tile token index indexx true trues false none tensor_view dense_resource densely",
      "affine_map affine_set array loc lo unit units strided sparse complex memref vector tuple",
      "a // comment\n b // comment at EOF",
      "a //",
      "x\r\ny\r\n  z\r // cr ends a comment\rw",
      "\t\tfoo\t:\tbar",
      "        indented        a                b       ",
      "   ",
      "",
      "x         ",
      "_ _a $ a$b . x.y.z",
      "\"unterminated",
      "\"bad \\q escape\"",
      "\"line\nbreak\"",
      "@1",
      "%",
      "x ; y",
      "/x",
      "..",
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    if (!same_tokens(cases[i], strlen(cases[i]))) printf("  in case %zu: %s\n", i, cases[i]);
  /* NULs inside the buffer are blanks (and allowed inside strings) */
  static const char nul[] = "a\0b \"x\0y\" \0";
  CHECK(same_tokens(nul, sizeof nul - 1));
}

/* Random soups of fragments chosen to meet at token boundaries. */
static void test_random(void) {
  static const char *const frags[] = {
      "tile", "i32", "si8", "ui16", "f8E4M3FN", "f32", "bf16", "true", "index", "dense",
      "x", "e", "E", "n", "t", "f", "_", "$", ".", "..", "%", "#", "!", "^", "@", "\"",
      "\\", "\\\"", "0x", "0", "1", "9", "a", "-", "+", "{", "}", "-#", "#-}", "//",
      "\n", "\r\n", "\r", "\t", " ", "    ", "        ", "<", ">", ":", ",", "(", ")",
      "[", "]", "=", "*", "?", "|", "\v", ";", "\"ok\"", "%c0", "%arg1", "->",
  };
  enum { NF = sizeof frags / sizeof frags[0] };
  unsigned seed = 20261126u;
  StrBuf b = {0};
  int bad = 0;
  for (int iter = 0; iter < 3000 && bad < 5; iter++) {
    sb_clear(&b);
    seed = seed * 1103515245u + 12345u;
    int n = (int)((seed >> 16) % 60);
    for (int i = 0; i < n; i++) {
      seed = seed * 1103515245u + 12345u;
      sb_puts(&b, frags[(seed >> 16) % NF]);
    }
    if (!same_tokens(sb_cstr(&b), b.len)) {
      printf("  in random case %d: \"%s\"\n", iter, sb_cstr(&b));
      bad++;
    }
  }
  sb_free(&b);
}

/* Integer token values at the edges of uint64 (19 digits take the loop
 * without overflow checks). */
static void test_uint64(void) {
  static const struct {
    const char *s;
    bool ok;
    uint64_t v;
  } cases[] = {
      {"0", true, 0},
      {"9999999999999999999", true, 9999999999999999999u},
      {"18446744073709551615", true, UINT64_MAX},
      {"18446744073709551616", false, 0},
      {"99999999999999999999", false, 0},
      {"0000000000000000000000042", true, 42},
      {"0xffffffffffffffff", true, UINT64_MAX},
      {"0x10000000000000000", false, 0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    AsmLexer lx;
    asm_lexer_init(&lx, ctx, ir_ident(ctx, "n.mlir", 6), cases[i].s, strlen(cases[i].s), 0);
    AsmToken t = asm_lex(&lx);
    uint64_t v = 0;
    CHECK_EQ_INT(t.kind, TOK_INTEGER);
    bool ok = asm_tok_uint64(t, &v);
    if (!CHECK_EQ_INT(ok, cases[i].ok) || (ok && !CHECK(v == cases[i].v)))
      printf("  for %s\n", cases[i].s);
    asm_lexer_free(&lx);
  }
}

/* ---- locations ---------------------------------------------------------------- */

/* The file:line:col of lazy location bits. */
static bool loc_of(uintptr_t bits, long long *line, long long *col) {
  const IrLoc *l = ir_loc_from_bits(ctx, bits);
  const IrLoc *fl = ir_loc_find_file(l);
  if (!fl) return false;
  *line = fl->ints[0];
  *col = fl->ints[1];
  return true;
}

/* Line and column of every offset of the current source (0..len), when
 * filled by naive_table: the naive count once instead of per position. */
static unsigned *tab_line, *tab_col;
static const char *tab_src;

static void naive_table(const char *src, size_t len) {
  tab_line = realloc(tab_line, (len + 1) * sizeof *tab_line);
  tab_col = realloc(tab_col, (len + 1) * sizeof *tab_col);
  tab_src = src;
  unsigned l = 1, c = 1;
  for (size_t i = 0; i <= len; i++) {
    tab_line[i] = l;
    tab_col[i] = c++;
    if (i < len && src[i] == '\n') l++, c = 1;
  }
}

static bool check_lazy(AsmLexer *lx, const char *src, size_t off, unsigned line_off,
                       unsigned col_off) {
  unsigned nl, nc;
  long long l = 0, c = 0;
  if (src == tab_src) nl = tab_line[off], nc = tab_col[off];
  else naive_line_col(src, off, &nl, &nc);
  if (nl == 1) nc += col_off;
  bool ok = CHECK(loc_of(asm_lexer_lazy_loc(lx, src + off), &l, &c)) &&
            CHECK_EQ_INT(l, nl + line_off) && CHECK_EQ_INT(c, nc);
  if (!ok) printf("  at offset %zu\n", off);
  return ok;
}

static void test_lazy_locations(void) {
  /* lines of varied length with tabs and CRs, over several scan chunks */
  StrBuf b = {0};
  unsigned seed = 777;
  while (b.len < 70000) {
    seed = seed * 1103515245u + 12345u;
    unsigned n = (seed >> 16) % 120;
    for (unsigned i = 0; i < n; i++) sb_putc(&b, "ab\t c\r%"[(i * 7 + n) % 7]);
    sb_putc(&b, '\n');
    if ((seed >> 8) % 9 == 0) sb_putc(&b, '\n'); /* empty lines */
  }
  const char *src = sb_cstr(&b);
  size_t len = b.len;
  naive_table(src, len);
  AsmLexer lx;
  /* every token in order, each asked twice (the same-line path) */
  asm_lexer_init(&lx, ctx, ir_ident(ctx, "l.mlir", 6), src, len, 0);
  int bad = 0;
  for (AsmToken t = asm_lex(&lx); t.kind != TOK_EOF && t.kind != TOK_ERROR && bad < 5;
       t = asm_lex(&lx)) {
    size_t off = (size_t)(t.ptr - src);
    if (!check_lazy(&lx, src, off, 0, 0)) bad++;
    if (!check_lazy(&lx, src, off + t.len - 1, 0, 0)) bad++;
  }
  CHECK(check_lazy(&lx, src, len, 0, 0));
  asm_lexer_free(&lx);
  /* every position in order (line ends, empty lines), then backwards in
   * steps, with a line offset; asm_lexer_line_col and asm_lexer_loc mixed
   * in (neither may disturb the cached line) */
  asm_lexer_init(&lx, ctx, ir_ident(ctx, "l.mlir", 6), src, len, 40);
  bad = 0;
  for (size_t off = 0; off <= len && bad < 5; off++) {
    if (!check_lazy(&lx, src, off, 40, 0)) bad++;
    if (off % 101 == 0) {
      unsigned line, col;
      size_t other = (off * 7919) % (len + 1);
      asm_lexer_line_col(&lx, src + other, &line, &col);
      CHECK_EQ_INT(line, tab_line[other]);
      CHECK_EQ_INT(col, tab_col[other]);
    }
    if (off % 997 == 0) {
      const IrLoc *l = asm_lexer_loc(&lx, src + off);
      CHECK(ir_loc_from_bits(ctx, asm_lexer_lazy_loc(&lx, src + off)) == l);
    }
  }
  for (size_t off = len + 1; off-- > 0 && bad < 5;)
    if (off % 13 == 0 && !check_lazy(&lx, src, off, 40, 0)) bad++;
  asm_lexer_free(&lx);
  /* a column offset on the first line only (the next-line step must not
   * carry it over) */
  asm_lexer_init(&lx, ctx, ir_ident(ctx, "l.mlir", 6), src, len, 0);
  lx.col_offset = 9;
  for (size_t off = 0; off < 600; off++) check_lazy(&lx, src, off, 0, 9);
  asm_lexer_free(&lx);
  sb_free(&b);
  free(tab_line);
  free(tab_col);
  tab_line = tab_col = NULL;
  tab_src = NULL;
}

/* A line longer than the compact column field: positions past it are
 * uniqued locations, and the cached line must stop where columns fit. */
static void test_long_line(void) {
  size_t n = ((size_t)1 << IR_LAZY_COL_BITS) + 64;
  char *s = malloc(n + 16);
  memset(s, ' ', n);
  memcpy(s, "a\n", 2);
  memcpy(s + n, "x\ny z", 6);
  size_t len = n + 5;
  AsmLexer lx;
  asm_lexer_init(&lx, ctx, ir_ident(ctx, "long.mlir", 9), s, len, 0);
  size_t near = (size_t)1 << IR_LAZY_COL_BITS;
  size_t offs[] = {0, 2, 3, near - 4, near - 2, near - 1, near, near + 1, near + 2, n, n + 1,
                   n + 2, n + 4, 5, near + 1, n + 2};
  for (size_t i = 0; i < sizeof offs / sizeof offs[0]; i++) check_lazy(&lx, s, offs[i], 0, 0);
  /* the lexer skips the long indentation run to `x` */
  AsmToken t = asm_lex(&lx);
  CHECK(t.kind == TOK_BARE_ID && t.ptr == s);
  t = asm_lex(&lx);
  CHECK(t.kind == TOK_BARE_ID && t.ptr == s + n && t.len == 1);
  asm_lexer_free(&lx);
  free(s);
}

UNIT_MAIN {
  ctx = ir_context_create();
  ir_ctx_set_diag_handler(ctx, quiet, NULL);
  test_tricky();
  test_random();
  test_uint64();
  test_lazy_locations();
  test_long_line();
  ir_context_destroy(ctx);
}
