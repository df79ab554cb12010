/* parse_api.c — the token-level part of the parser hook API: punctuation,
 * keywords, integer/float/string literals and symbol names, with MLIR's
 * OpAsmParser wording.  Errors MLIR emits through the parser itself
 * ("expected ')'", "expected SSA operand") carry no prefix; those it emits
 * through the custom op's own emitError ("expected valid keyword",
 * "expected integer value") get "custom op 'name' " while an op hook runs
 * — that is what asm_error / asm_error_at do. */
#include "asm/parser_internal.h"

#include <stdlib.h>

/* The failure paths stay out of line so the hot entry points need no
 * register saves beyond the parser pointer. */
#if defined(__GNUC__)
#define API_COLD __attribute__((noinline))
#else
#define API_COLD
#endif

/* ---- punctuation ------------------------------------------------------------ */

static const struct {
  uint8_t tok;
  const char *msg;
} punct_tab[] = {
    [ASM_LPAREN] = {TOK_LPAREN, "expected '('"},
    [ASM_RPAREN] = {TOK_RPAREN, "expected ')'"},
    [ASM_LSQUARE] = {TOK_LSQUARE, "expected '['"},
    [ASM_RSQUARE] = {TOK_RSQUARE, "expected ']'"},
    [ASM_LBRACE] = {TOK_LBRACE, "expected '{'"},
    [ASM_RBRACE] = {TOK_RBRACE, "expected '}'"},
    [ASM_LESS] = {TOK_LESS, "expected '<'"},
    [ASM_GREATER] = {TOK_GREATER, "expected '>'"},
    [ASM_COLON] = {TOK_COLON, "expected ':'"},
    [ASM_COMMA] = {TOK_COMMA, "expected ','"},
    [ASM_EQUAL] = {TOK_EQUAL, "expected '='"},
    [ASM_ARROW] = {TOK_ARROW, "expected '->'"},
    [ASM_QUESTION] = {TOK_QUESTION, "expected '?'"},
    [ASM_STAR] = {TOK_STAR, "expected '*'"},
    [ASM_PLUS] = {TOK_PLUS, "expected '+'"},
    [ASM_MINUS] = {TOK_MINUS, "expected '-'"},
    [ASM_VBAR] = {TOK_VBAR, "expected '|'"},
    [ASM_ELLIPSIS] = {TOK_ELLIPSIS, "expected '...'"},
    [ASM_LPROPS] = {TOK_LESS, "expected '<{'"},
    [ASM_RPROPS] = {TOK_RBRACE, "expected '}>'"},
};

/* The token kind of each one-token punctuation (ASM_LPAREN..ASM_ELLIPSIS);
 * 0xff for the two-token ones and past the end, which never matches. */
enum { PUNCT_TAB_N = sizeof punct_tab / sizeof punct_tab[0] };
static const uint8_t punct_tok[32] = {
    [ASM_LPAREN] = TOK_LPAREN,     [ASM_RPAREN] = TOK_RPAREN,
    [ASM_LSQUARE] = TOK_LSQUARE,   [ASM_RSQUARE] = TOK_RSQUARE,
    [ASM_LBRACE] = TOK_LBRACE,     [ASM_RBRACE] = TOK_RBRACE,
    [ASM_LESS] = TOK_LESS,         [ASM_GREATER] = TOK_GREATER,
    [ASM_COLON] = TOK_COLON,       [ASM_COMMA] = TOK_COMMA,
    [ASM_EQUAL] = TOK_EQUAL,       [ASM_ARROW] = TOK_ARROW,
    [ASM_QUESTION] = TOK_QUESTION, [ASM_STAR] = TOK_STAR,
    [ASM_PLUS] = TOK_PLUS,         [ASM_MINUS] = TOK_MINUS,
    [ASM_VBAR] = TOK_VBAR,         [ASM_ELLIPSIS] = TOK_ELLIPSIS,
    [ASM_LPROPS] = 0xff,           [ASM_RPROPS] = 0xff,
    [PUNCT_TAB_N] = 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
};
_Static_assert(PUNCT_TAB_N + 12 == 32, "punct_tok covers every AsmPunct, the rest 0xff");

/* True when the current token is the one-token punctuation k: a bounds
 * check, one load and one compare. */
static inline bool punct_here(const AsmParser *p, AsmPunct k) {
  unsigned i = (unsigned)k;
  if (i >= sizeof punct_tok) return false;
  return p->tok.kind == punct_tok[i];
}

/* asm_peek_punct for what punct_here does not answer: `<{`, `}>`. */
API_COLD static bool peek_punct_slow(AsmParser *p, AsmPunct k) {
  if (k == ASM_LPROPS)
    return p->tok.kind == TOK_LESS && asm_lexer_peek_char(&p->lex, p->lex.cur) == '{';
  if (k == ASM_RPROPS)
    return p->tok.kind == TOK_RBRACE && asm_lexer_peek_char(&p->lex, p->lex.cur) == '>';
  return false;
}

bool asm_peek_punct(AsmParser *p, AsmPunct k) {
  if (punct_here(p, k)) return true;
  return (k == ASM_LPROPS || k == ASM_RPROPS) && peek_punct_slow(p, k);
}

/* `<{` and `}>` are two tokens each; both are consumed. */
API_COLD static bool parse_optional_punct_slow(AsmParser *p, AsmPunct k) {
  if (!peek_punct_slow(p, k)) return false;
  pnext(p);
  pnext(p);
  return true;
}

bool asm_parse_optional_punct(AsmParser *p, AsmPunct k) {
  if (punct_here(p, k)) {
    pnext(p);
    return true;
  }
  return (k == ASM_LPROPS || k == ASM_RPROPS) && parse_optional_punct_slow(p, k);
}

API_COLD static bool parse_punct_fail(AsmParser *p, AsmPunct k) {
  if (parse_optional_punct_slow(p, k)) return true;
  if ((unsigned)k >= PUNCT_TAB_N) return perr(p, "expected punctuation");
  return perr_wrong(p, "%s", punct_tab[k].msg);
}

bool asm_parse_punct(AsmParser *p, AsmPunct k) {
  if (punct_here(p, k)) {
    pnext(p);
    return true;
  }
  return parse_punct_fail(p, k);
}

/* ---- keywords ------------------------------------------------------------------ */

/* The current token is the bare identifier kw: the bytes compared up to the
 * token's length (a token byte is never NUL, so a shorter kw stops at its
 * end), then kw must end there — no strlen. */
static inline bool kw_here(const AsmParser *p, const char *kw) {
  if (p->tok.kind != TOK_BARE_ID) return false;
  const char *t = p->tok.ptr;
  uint32_t n = p->tok.len;
  for (uint32_t i = 0; i < n; i++)
    if (kw[i] != t[i]) return false;
  return kw[n] == 0;
}

bool asm_peek_keyword(AsmParser *p, const char *kw) { return kw_here(p, kw); }

bool asm_nesting_enter(AsmParser *p) { return penter(p); }
void asm_nesting_leave(AsmParser *p) { pleave(p); }

/* Two-token lookahead without lexing: the current token is punctuation `k`
 * and the text after it starts with the bare identifier `kw` (not a longer
 * identifier). */
bool asm_peek_punct_keyword(AsmParser *p, AsmPunct k, const char *kw) {
  if (!asm_peek_punct(p, k)) return false;
  const char *s = asm_lexer_skip_blanks(&p->lex, p->lex.cur);
  size_t n = 0;
  /* the buffer ends with a NUL, which no keyword byte matches */
  for (; kw[n]; n++)
    if (s[n] != kw[n]) {
      asm_lexer_saw(&p->lex, s + n + 1);
      return false;
    }
  asm_lexer_saw(&p->lex, s + n + 1);
  return !asm_is_bare_char(s[n]);
}

bool asm_parse_optional_keyword(AsmParser *p, const char *kw) {
  if (!kw_here(p, kw)) return false;
  pnext(p);
  return true;
}

bool asm_parse_keyword(AsmParser *p, const char *kw) {
  if (asm_parse_optional_keyword(p, kw)) return true;
  return asm_error(p, "expected '%s'", kw);
}

bool asm_parse_optional_keyword_any(AsmParser *p, Str *out) {
  if (!ptok(p, TOK_BARE_ID)) return false;
  *out = asm_tok_str(p->tok);
  pnext(p);
  return true;
}

bool asm_parse_keyword_any(AsmParser *p, Str *out) {
  if (asm_parse_optional_keyword_any(p, out)) return true;
  return asm_error(p, "expected valid keyword");
}

/* A keyword from `options`.  Not a keyword at all: "expected valid keyword"
 * and then the list error; a keyword not in the list: the list error
 * "expected <what> to be one of: {'a', 'b'}" ("expected one of: {...}"
 * without `what`) — the shape of NVIDIA's enum keyword errors. */
bool asm_parse_keyword_of(AsmParser *p, const char *const *options, int *index,
                          const char *what) {
  if (ptok(p, TOK_BARE_ID)) {
    for (int i = 0; options[i]; i++)
      if (asm_tok_is(p->tok, options[i])) {
        *index = i;
        pnext(p);
        return true;
      }
  } else {
    asm_error(p, "expected valid keyword");
  }
  StrBuf b = {0};
  for (int i = 0; options[i]; i++) sb_printf(&b, "%s'%s'", i ? ", " : "", options[i]);
  if (what) asm_error(p, "expected %s to be one of: {%s}", what, sb_cstr(&b));
  else asm_error(p, "expected one of: {%s}", sb_cstr(&b));
  sb_free(&b);
  return false;
}

/* ---- literals ---------------------------------------------------------------------- */

/* What follows a '-' token: TOK_INTEGER, TOK_FLOAT or TOK_EOF (anything else). */
static AsmTokKind after_minus(AsmParser *p) {
  const char *q = p->lex.cur;
  while (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r') q++;
  if (*q < '0' || *q > '9') return TOK_EOF;
  if (q[0] == '0' && q[1] == 'x') return TOK_INTEGER;
  while (*q >= '0' && *q <= '9') q++;
  return *q == '.' ? TOK_FLOAT : TOK_INTEGER;
}

bool asm_peek_integer(AsmParser *p) {
  return ptok(p, TOK_INTEGER) || (ptok(p, TOK_MINUS) && after_minus(p) == TOK_INTEGER);
}

bool asm_peek_float(AsmParser *p) {
  return ptok(p, TOK_FLOAT) || (ptok(p, TOK_MINUS) && after_minus(p) == TOK_FLOAT);
}

bool asm_peek_string(AsmParser *p) { return ptok(p, TOK_STRING); }

/* integer ::= `-`? (decimal | hex) | `true` | `false` (as 1 / 0, as MLIR) */
bool asm_parse_optional_integer(AsmParser *p, int64_t *out, bool *present) {
  *present = false;
  if (ptok(p, TOK_BARE_ID) && (p->tok.kw == KW_TRUE || p->tok.kw == KW_FALSE)) {
    *present = true;
    *out = p->tok.kw == KW_TRUE;
    pnext(p);
    return true;
  }
  if (!ptok(p, TOK_INTEGER) && !ptok(p, TOK_MINUS)) return true;
  *present = true;
  AsmLoc loc = asm_cur_loc(p);
  bool neg = paccept(p, TOK_MINUS);
  AsmToken t = p->tok;
  if (!pexpect(p, TOK_INTEGER, "expected integer value")) return false;
  uint64_t mag = 0;
  if (!asm_tok_uint64(t, &mag) || mag > (neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX))
    return asm_error_at(p, loc, "integer value too large");
  *out = neg ? (int64_t)(0 - mag) : (int64_t)mag;
  return true;
}

bool asm_parse_integer(AsmParser *p, int64_t *out) {
  bool present;
  AsmLoc loc = asm_cur_loc(p);
  if (!asm_parse_optional_integer(p, out, &present)) return false;
  if (!present) return asm_error_at(p, loc, "expected integer value");
  return true;
}

bool asm_parse_float(AsmParser *p, IrFloatKind kind, double *out) {
  bool neg = paccept(p, TOK_MINUS);
  uint64_t bits = 0;
  if (!parse_float_from_literal(p, p->tok, neg, kind, out, &bits)) return false;
  pnext(p);
  return true;
}

bool asm_parse_optional_string(AsmParser *p, char **out, size_t *len, bool *present) {
  *present = ptok(p, TOK_STRING);
  if (!*present) return true;
  StrBuf b = {0};
  asm_tok_string_value(p->tok, &b);
  if (len) *len = b.len;
  if (!b.s) b.s = xcalloc(1, 1);
  *out = b.s;
  pnext(p);
  return true;
}

bool asm_parse_string(AsmParser *p, char **out, size_t *len) {
  bool present;
  if (!asm_parse_optional_string(p, out, len, &present)) return false;
  if (!present) return asm_error(p, "expected string");
  return true;
}

/* ---- symbol names ---------------------------------------------------------------------- */

bool asm_parse_optional_symbol_name(AsmParser *p, const IrIdent **out) {
  if (!ptok(p, TOK_AT_ID)) return false;
  AsmToken t = p->tok;
  if (t.len > 1 && t.ptr[1] == '"') {
    StrBuf b = {0};
    asm_tok_string_value(t, &b);
    *out = ir_ident(p->ctx, b.s ? b.s : "", b.len);
    sb_free(&b);
  } else {
    *out = ir_ident(p->ctx, t.ptr + 1, t.len - 1);
  }
  pnext(p);
  return true;
}

bool asm_parse_symbol_name(AsmParser *p, const IrIdent **out) {
  if (asm_parse_optional_symbol_name(p, out)) return true;
  return asm_error(p, "expected valid '@'-identifier for symbol name");
}
