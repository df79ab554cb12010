/* lexer.c — the MLIR token lexer (MLIR's mlir/lib/AsmParser/Lexer.cpp rules):
 * bare identifiers `(letter|_)(letter|digit|[_$.])*`, prefixed identifiers
 * `[#%^!] suffix-id` with suffix-id `digit+ | (letter|[$._-])(letter|digit|[$._-])*`,
 * `@` symbols (bare or quoted), numbers (decimal, `0x` hex, floats with
 * optional exponent), strings with `\n \t \" \\ \XX` escapes, punctuation,
 * `//` comments and the `{-#` / `#-}` file-metadata brackets.  Also the
 * position -> line/column mapping used for every location the parser
 * builds. */
#include "asm/lexer.h"

#include <stdlib.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* The token lexers are leaf functions reached by tail calls (see asm_lex). */
#if defined(__GNUC__)
#define LEX_NOINLINE __attribute__((noinline))
#define LEX_INLINE __attribute__((always_inline)) inline
#else
#define LEX_NOINLINE
#define LEX_INLINE inline
#endif

void asm_lexer_init(AsmLexer *lx, IrContext *ctx, const IrIdent *file,
                    const char *buf, size_t len, unsigned line_offset) {
  memset(lx, 0, sizeof *lx);
  lx->ctx = ctx;
  lx->file = file;
  lx->buf = buf;
  lx->end = buf + len;
  lx->cur = buf;
  lx->line_offset = line_offset;
  vec_push(&lx->lines, 0u);
  lx->scanned = buf;
}

void asm_lexer_free(AsmLexer *lx) { vec_free(&lx->lines); }

/* ---- positions -------------------------------------------------------------- */

/* Records the line starts in [scanned, ptr), and at least the next 16 KiB
 * past it: locations are asked for in source order, so one pass over the
 * buffer serves them all.  Where SSE2 is there (the x86-64 baseline) the
 * pass compares 64 bytes at a time with '\n' and walks the bits of the
 * match mask, instead of one memchr call per line. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void scan_lines_to(AsmLexer *lx, const char *ptr) {
  enum { SCAN_AHEAD = 16384 };
  const char *p = lx->scanned;
  const char *to = (size_t)(lx->end - ptr) > SCAN_AHEAD ? ptr + SCAN_AHEAD : lx->end;
#if defined(__SSE2__)
  const __m128i nl = _mm_set1_epi8('\n');
  while (to - p >= 64) {
#define NL_MASK(i) \
  (uint64_t)(unsigned)_mm_movemask_epi8( \
      _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(const void *)(p + 16 * (i))), nl))
    uint64_t m = NL_MASK(0) | NL_MASK(1) << 16 | NL_MASK(2) << 32 | NL_MASK(3) << 48;
#undef NL_MASK
    if (m) {
      vec_reserve(&lx->lines, lx->lines.len + 64);
      uint32_t *out = lx->lines.data + lx->lines.len;
      uint32_t off = (uint32_t)(p - lx->buf) + 1;
      do {
        *out++ = off + (uint32_t)__builtin_ctzll(m);
        m &= m - 1;
      } while (m);
      lx->lines.len = (size_t)(out - lx->lines.data);
    }
    p += 64;
  }
#endif
  for (; p < to; p++)
    if (*p == '\n') vec_push(&lx->lines, (uint32_t)(p + 1 - lx->buf));
  lx->scanned = to;
}

/* The line (index into lx->lines) of `ptr` in [buf, end], by binary search. */
static size_t line_search(AsmLexer *lx, uint32_t off) {
  const uint32_t *ls = lx->lines.data;
  size_t lo = 0, hi = lx->lines.len;
  while (hi - lo > 1) {
    size_t mid = (lo + hi) / 2;
    if (ls[mid] <= off) lo = mid;
    else hi = mid;
  }
  return lo;
}

/* The same, trying the hint's line and the next one first (positions are
 * asked for in order). */
static inline size_t line_index(AsmLexer *lx, const char *ptr) {
  if (ptr >= lx->scanned && lx->scanned < lx->end) scan_lines_to(lx, ptr);
  uint32_t off = (uint32_t)(ptr - lx->buf);
  const uint32_t *ls = lx->lines.data;
  size_t h = lx->line_hint, n = lx->lines.len;
  if (ls[h] <= off) {
    if (h + 1 == n || ls[h + 1] > off) return h;
    if (h + 2 == n || ls[h + 2] > off) return lx->line_hint = h + 1;
  }
  return lx->line_hint = line_search(lx, off);
}

void asm_lexer_line_col(AsmLexer *lx, const char *ptr, unsigned *line, unsigned *col) {
  if (ptr < lx->buf) ptr = lx->buf;
  if (ptr > lx->end) ptr = lx->end;
  size_t lo = line_index(lx, ptr);
  *line = (unsigned)lo + 1;
  *col = (unsigned)(ptr - lx->buf) - lx->lines.data[lo] + 1 + (lo == 0 ? lx->col_offset : 0);
}

const IrLoc *asm_lexer_loc(AsmLexer *lx, const char *ptr) {
  if (ptr == lx->last_loc_ptr && lx->last_loc) return lx->last_loc;
  const IrLoc *l = ir_loc_from_bits(lx->ctx, asm_lexer_lazy_loc(lx, ptr));
  lx->last_loc_ptr = ptr;
  lx->last_loc = l;
  /* asm_lexer_lazy_loc answers this position with the uniqued location
   * from now on (the slow path checks last_loc) */
  lx->lc_len = lx->lc_next_len = 0;
  return l;
}

/* Compact location bits: the column's position and one line (the fields
 * of ir_lazy_loc_bits). */
#define LC_COL_SHIFT (1 + IR_LAZY_FILE_BITS + IR_LAZY_LINE_BITS)
#define LC_LINE_ONE ((uintptr_t)1 << (1 + IR_LAZY_FILE_BITS))
#define LC_LINE_MASK ((((uintptr_t)1 << IR_LAZY_LINE_BITS) - 1) << (1 + IR_LAZY_FILE_BITS))

/* lc_next_len for the cached line h (whole, its first column 1, bits
 * `bits`): the length of line h + 1 when its end is known, its line number
 * fits the bits and its columns fit; 0 otherwise. */
static size_t lc_next_len(const AsmLexer *lx, size_t h, uintptr_t bits) {
#if UINTPTR_MAX > 0xffffffffu
  if (h + 2 >= lx->lines.len || (bits & LC_LINE_MASK) == LC_LINE_MASK) return 0;
  uint32_t n = lx->lines.data[h + 2] - lx->lines.data[h + 1];
  return n < ((uint32_t)1 << IR_LAZY_COL_BITS) - 1 ? n : 0;
#else
  (void)lx;
  (void)h;
  (void)bits;
  return 0;
#endif
}

uintptr_t asm_lexer_lazy_loc_slow(AsmLexer *lx, const char *ptr) {
  if (ptr == lx->last_loc_ptr && lx->last_loc) return (uintptr_t)lx->last_loc;
#if UINTPTR_MAX > 0xffffffffu
  /* The line after the cached one (the next operation's, usually): it
   * starts where the cached line ends, its bits are the cached line's plus
   * one line. */
  if (lx->lc_next_len) {
    uintptr_t start = lx->lc_start + lx->lc_len;
    uintptr_t d = (uintptr_t)ptr - start;
    if (d < lx->lc_next_len) {
      size_t h = lx->lc_index + 1;
      uintptr_t bits = lx->lc_bits + LC_LINE_ONE;
      lx->line_hint = lx->lc_index = h;
      lx->lc_start = start;
      lx->lc_len = lx->lc_next_len;
      lx->lc_bits = bits;
      lx->lc_next_len = lc_next_len(lx, h, bits);
      return bits + (d << LC_COL_SHIFT);
    }
  }
#endif
  if (!lx->file_key_set) {
    lx->file_key = ir_lazy_file_key(lx->ctx, lx->file);
    lx->file_key_set = true;
  }
  if (ptr < lx->buf) ptr = lx->buf;
  if (ptr > lx->end) ptr = lx->end;
  size_t lo = line_index(lx, ptr);
  const char *start = lx->buf + lx->lines.data[lo];
  int64_t line = (int64_t)lo + 1 + lx->line_offset;
  int64_t col0 = 1 + (lo == 0 ? (int64_t)lx->col_offset : 0);
  int64_t col = (ptr - start) + col0;
  uintptr_t bits = ir_lazy_loc_bits(lx->file_key, line, col);
  if (!bits) return ir_lazy_file_loc(lx->ctx, lx->file, line, col);
  /* cache the line: the positions up to the next line start (or as far as
   * the table was scanned; the buffer end included) whose column fits */
  const char *stop = lo + 1 < lx->lines.len ? lx->buf + lx->lines.data[lo + 1]
                     : lx->scanned < lx->end ? lx->scanned : lx->end + 1;
  size_t len = (size_t)(stop - start);
  size_t fit = ((size_t)1 << IR_LAZY_COL_BITS) - (size_t)col0;
  lx->lc_index = lo;
  lx->lc_start = (uintptr_t)start;
  lx->lc_len = len < fit ? len : fit;
  lx->lc_bits = ir_lazy_loc_bits(lx->file_key, line, col0);
  /* the next-line step needs this line whole, from column 1 */
  lx->lc_next_len = len < fit && col0 == 1 ? lc_next_len(lx, lo, lx->lc_bits) : 0;
  return bits;
}

AsmToken asm_lex_error(AsmLexer *lx, const char *ptr, const char *msg) {
  ir_error(lx->ctx, asm_lexer_loc(lx, ptr), "%s", msg);
  return (AsmToken){.kind = TOK_ERROR, .ptr = ptr, .len = 0};
}

/* ---- helpers ------------------------------------------------------------------- */
/* Character classes, one table lookup per byte (generated: bit 1 letter,
 * 2 digit, 4 bare-id continuation [A-Za-z0-9_$.], 8 prefixed-id
 * continuation [A-Za-z0-9$._-], 16 blank [ \t\n\r], 32 hex digit). */
enum { CC_ALPHA = 1, CC_DIGIT = 2, CC_BARE = 4, CC_IDC = 8, CC_SPACE = 16, CC_XDIGIT = 32 };
static const uint8_t char_class[256] = {
     0,  0,  0,  0,  0,  0,  0,  0,  0, 16, 16,  0,  0, 16,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,
    16,  0,  0,  0, 12,  0,  0,  0,  0,  0,  0,  0,  0,  8, 12,  0,
    46, 46, 46, 46, 46, 46, 46, 46, 46, 46,  0,  0,  0,  0,  0,  0,
     0, 45, 45, 45, 45, 45, 45, 13, 13, 13, 13, 13, 13, 13, 13, 13,
    13, 13, 13, 13, 13, 13, 13, 13, 13, 13, 13,  0,  0,  0,  0, 12,
     0, 45, 45, 45, 45, 45, 45, 13, 13, 13, 13, 13, 13, 13, 13, 13,
    13, 13, 13, 13, 13, 13, 13, 13, 13, 13, 13,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,
};
static inline bool cc_is(char c, unsigned cls) { return char_class[(unsigned char)c] & cls; }
static inline bool is_alpha(char c) { return cc_is(c, CC_ALPHA); }
static inline bool is_digit(char c) { return cc_is(c, CC_DIGIT); }
static inline bool is_xdigit(char c) { return cc_is(c, CC_XDIGIT); }

/* Skips the rest of a `//` comment (lx->cur at the second '/'). */
static void skip_comment(AsmLexer *lx) {
  const char *p = lx->cur + 1;
  const char *nl = memchr(p, '\n', (size_t)(lx->end - p));
  const char *cr = NULL;
  /* a '\r' also ends a comment */
  for (const char *q = p; q < (nl ? nl : lx->end); q++)
    if (*q == '\r') { cr = q; break; }
  if (cr) lx->cur = cr + 1;
  else if (nl) lx->cur = nl + 1;
  else lx->cur = lx->end;
}

const char *asm_lexer_skip_blanks(const AsmLexer *lx, const char *p) {
  for (;;) {
    char c = *p;
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') { p++; continue; }
    if (c == 0 && p < lx->end) { p++; continue; }
    if (c == '/' && p[1] == '/') {
      while (p < lx->end && *p != '\n' && *p != '\r') p++;
      continue;
    }
    asm_lexer_saw(lx, p + 1);
    return p;
  }
}

char asm_lexer_peek_char(const AsmLexer *lx, const char *p) {
  return *asm_lexer_skip_blanks(lx, p);
}

/* ---- keyword classification ------------------------------------------------------ */
/* The float type names (IR_FLOAT_KINDS) other than the four 3-letter ones,
 * tried only for words shaped like one (`f` digit..., `bf16`, `tf32`). */
typedef struct FloatName {
  const char *s;
  uint8_t len, kind;
} FloatName;

#define FN(e, s, w) {s, sizeof(s) - 1, e},
static const FloatName float_names[] = {IR_FLOAT_KINDS(FN)};
#undef FN

static int float_kind_of(const char *s, size_t n) {
  if (n == 3) { /* f16 f32 f64 f80 */
    switch (s[1] << 8 | s[2]) {
    case '1' << 8 | '6': return IR_F16;
    case '3' << 8 | '2': return IR_F32;
    case '6' << 8 | '4': return IR_F64;
    case '8' << 8 | '0': return IR_F80;
    default: return -1;
    }
  }
  for (size_t k = 0; k < sizeof float_names / sizeof float_names[0]; k++)
    if (float_names[k].len == n && memcmp(float_names[k].s, s, n) == 0) return float_names[k].kind;
  return -1;
}

/* `n` is the word's length: comparisons of a constant size compile to a
 * load and a compare, no call. */
#define IS(lit) (n == sizeof(lit) - 1 && memcmp(s, lit, sizeof(lit) - 1) == 0)

/* Classifies a bare word the parser dispatches on: integer/float type names
 * and the builtin type and attribute keywords.  Returns the AsmKw, with the
 * IrFloatKind in bits 8-15 for KW_FLOATTYPE, or KW_FLOAT_CANDIDATE for a
 * word shaped like a float type name (float_word decides).  A switch on the first letter
 * (and on the length for `t`) picks the few candidates; each comparison has
 * a constant size (a load and a compare, no call). */
enum { KW_FLOAT_CANDIDATE = 0xffff };
static LEX_INLINE unsigned classify(const char *s, size_t n) {
  char c = s[0];
  switch (c) {
  case 'i':
    if (n > 1 && is_digit(s[1])) goto inttype;
    return IS("index") ? KW_INDEX : KW_NOT;
  case 's':
    if (n > 2 && s[1] == 'i' && is_digit(s[2])) goto inttype;
    return IS("sparse") ? KW_SPARSE : IS("strided") ? KW_STRIDED : KW_NOT;
  case 'u':
    if (n > 2 && s[1] == 'i' && is_digit(s[2])) goto inttype;
    return IS("unit") ? KW_UNIT : KW_NOT;
  case 'f':
    if (n >= 3 && n <= 13 && is_digit(s[1])) goto floattype;
    return IS("false") ? KW_FALSE : KW_NOT;
  case 'b':
    if (IS("bf16")) goto floattype;
    return KW_NOT;
  case 't':
    switch (n) {
    case 4:
      if (IS("tf32")) goto floattype;
      return IS("true") ? KW_TRUE : KW_NOT;
    case 5: return IS("tuple") ? KW_TUPLE : KW_NOT;
    case 6: return IS("tensor") ? KW_TENSOR : KW_NOT;
    default: return KW_NOT;
    }
  case 'n': return IS("none") ? KW_NONE : KW_NOT;
  case 'v': return IS("vector") ? KW_VECTOR : KW_NOT;
  case 'm': return IS("memref") ? KW_MEMREF : KW_NOT;
  case 'c': return IS("complex") ? KW_COMPLEX : KW_NOT;
  case 'a':
    return IS("array") ? KW_ARRAY : IS("affine_map") ? KW_AFFINE_MAP
         : IS("affine_set") ? KW_AFFINE_SET : KW_NOT;
  case 'd':
    return IS("dense") ? KW_DENSE : IS("dense_resource") ? KW_DENSE_RESOURCE
         : IS("distinct") ? KW_DISTINCT : KW_NOT;
  case 'l': return IS("loc") ? KW_LOC : KW_NOT;
  default: return KW_NOT;
  }
inttype:
  for (size_t i = c == 'i' ? 1 : 2; i < n; i++)
    if (!is_digit(s[i])) return KW_NOT;
  return KW_INTTYPE;
floattype:
  return KW_FLOAT_CANDIDATE;
}
#undef IS


/* ---- token lexers ------------------------------------------------------------------ */
/* asm_lex dispatches on the first character and hands anything longer than
 * one punctuation character to one of the functions below by a tail call;
 * the common ones (bare and prefixed identifiers) are leaf functions, so
 * neither they nor asm_lex save registers or build a frame.  Each takes
 * lx->cur just past the token's first character. */

/* The bare word s[0..n) that looks like a float type name. */
static LEX_NOINLINE AsmToken float_word(const char *s, uint32_t n) {
  int k = float_kind_of(s, n);
  return (AsmToken){.kind = TOK_BARE_ID, .kw = k >= 0 ? KW_FLOATTYPE : KW_NOT,
                    .fk = k >= 0 ? (uint8_t)k : 0, .len = n, .ptr = s};
}

/* Characters of bare identifiers after the first: letter|digit|[_$.] */
static inline bool is_bare_char(char c) { return cc_is(c, CC_BARE); }

/* bare-id ::= (letter|[_]) (letter|digit|[_$.])* */
static LEX_NOINLINE AsmToken lex_bare(AsmLexer *lx, const char *start) {
  const char *p = start + 1;
  while (is_bare_char(*p)) p++;
  lx->cur = p;
  uint32_t n = (uint32_t)(p - start);
  unsigned k = classify(start, n);
  if (k == KW_FLOAT_CANDIDATE) return float_word(start, n);
  return (AsmToken){.kind = TOK_BARE_ID, .kw = (uint8_t)k, .len = n, .ptr = start};
}

static inline AsmToken make(AsmLexer *lx, AsmTokKind k, const char *start) {
  return (AsmToken){.kind = (uint8_t)k, .ptr = start, .len = (uint32_t)(lx->cur - start)};
}

/* string-literal ::= '"' [^"\n\f\v\r]* '"' with escapes \" \\ \n \t \XX */
static LEX_NOINLINE AsmToken lex_string(AsmLexer *lx, const char *start) {
  const char *p = lx->cur;
  for (;;) {
    char c = *p++;
    switch (c) {
    case '"':
      lx->cur = p;
      return make(lx, TOK_STRING, start);
    case 0:
      if (p - 1 != lx->end) continue;
      /* fallthrough */
    case '\n':
    case '\v':
    case '\f':
      lx->cur = p - 1 < lx->end ? p : lx->end;
      return asm_lex_error(lx, p - 1, "expected '\"' in string literal");
    case '\\':
      if (*p == '"' || *p == '\\' || *p == 'n' || *p == 't') p++;
      else if (is_xdigit(*p) && is_xdigit(p[1])) p += 2;
      else {
        lx->cur = p;
        return asm_lex_error(lx, p - 1, "unknown escape in string literal");
      }
      continue;
    default:
      continue;
    }
  }
}

/* symbol-ref-id ::= `@` (bare-id | string-literal) */
static LEX_NOINLINE AsmToken lex_at(AsmLexer *lx, const char *start) {
  char c = *lx->cur++;
  if (c == '"') {
    AsmToken s = lex_string(lx, lx->cur - 1);
    if (s.kind == TOK_ERROR) return s;
    return make(lx, TOK_AT_ID, start);
  }
  if (!is_alpha(c) && c != '_') {
    if (c == 0 && lx->cur - 1 == lx->end) lx->cur--;
    return asm_lex_error(lx, lx->cur - 1, "@ identifier expected to start with letter or '_'");
  }
  const char *p = lx->cur;
  while (is_bare_char(*p)) p++;
  lx->cur = p;
  return make(lx, TOK_AT_ID, start);
}

/* The error of a malformed prefixed identifier starting at `start`. */
static LEX_NOINLINE AsmToken lex_prefixed_error(AsmLexer *lx, const char *start) {
  const char *err;
  switch (*start) {
  case '#': err = "invalid attribute name"; break;
  case '%': err = "invalid SSA name"; break;
  case '^': err = "invalid block name"; break;
  default: err = "invalid type identifier"; break;
  }
  return asm_lex_error(lx, start, err);
}

/* prefixed-id ::= [#%^!] (digit+ | (letter|id-punct)(letter|digit|id-punct)*) */
static LEX_NOINLINE AsmToken lex_prefixed(AsmLexer *lx, const char *start, AsmTokKind kind) {
  const char *p = start + 1;
  unsigned cls = char_class[(unsigned char)*p];
  if (cls & CC_DIGIT) {
    do p++;
    while (is_digit(*p));
  } else if (cls & CC_IDC) { /* letter, digit (handled above) or [$._-] */
    do p++;
    while (cc_is(*p, CC_IDC));
  } else {
    lx->cur = start + 1;
    return lex_prefixed_error(lx, start);
  }
  lx->cur = p;
  return (AsmToken){.kind = (uint8_t)kind, .ptr = start, .len = (uint32_t)(p - start)};
}

/* integer-literal ::= digit+ | `0x` hex_digit+
 * float-literal   ::= [0-9]+ `.` [0-9]* ([eE][-+]?[0-9]+)? */
static LEX_NOINLINE AsmToken lex_number(AsmLexer *lx, const char *start) {
  const char *p = lx->cur;
  if (start[0] == '0' && *p == 'x') {
    /* `0xi32` is `0` followed by `xi32` */
    if (!is_xdigit(p[1])) return make(lx, TOK_INTEGER, start);
    p += 2;
    while (is_xdigit(*p)) p++;
    lx->cur = p;
    return make(lx, TOK_INTEGER, start);
  }
  while (is_digit(*p)) p++;
  if (*p != '.') {
    lx->cur = p;
    return make(lx, TOK_INTEGER, start);
  }
  p++;
  while (is_digit(*p)) p++;
  if (*p == 'e' || *p == 'E') {
    if (is_digit(p[1]) || ((p[1] == '-' || p[1] == '+') && is_digit(p[2]))) {
      p += 2;
      while (is_digit(*p)) p++;
    }
  }
  lx->cur = p;
  return make(lx, TOK_FLOAT, start);
}

static AsmToken lex_special(AsmLexer *lx, const char *start);

/* What a token's first byte says (first_byte): a one-character token's
 * kind (>= TOK_COLON), or one of these codes. */
enum {
  FB_SPECIAL,   /* NUL, '/', '.' and unexpected characters: lex_special */
  FB_SPACE,     /* [ \t\n\r] */
  FB_BARE,      /* letter or '_' */
  FB_PERCENT,
  FB_DIGIT,
  FB_HASH,
  FB_EXCL,
  FB_CARET,
  FB_AT,
  FB_QUOTE,
  FB_MINUS,     /* '-' or '->' */
  FB_LBRACE,    /* '{' or '{-#' */
};
_Static_assert((int)FB_LBRACE < (int)TOK_COLON && (int)TOK_ARROW < (int)TOK_COLON,
               "first_byte codes must stay below the one-character token kinds");
#define FB_LETTERS(c) [c] = FB_BARE, [c + 32] = FB_BARE
static const uint8_t first_byte[256] = {
    [' '] = FB_SPACE, ['\t'] = FB_SPACE, ['\n'] = FB_SPACE, ['\r'] = FB_SPACE,
    [':'] = TOK_COLON, [','] = TOK_COMMA, ['('] = TOK_LPAREN, [')'] = TOK_RPAREN,
    ['}'] = TOK_RBRACE, ['['] = TOK_LSQUARE, [']'] = TOK_RSQUARE, ['<'] = TOK_LESS,
    ['>'] = TOK_GREATER, ['='] = TOK_EQUAL, ['+'] = TOK_PLUS, ['*'] = TOK_STAR,
    ['?'] = TOK_QUESTION, ['|'] = TOK_VBAR,
    ['%'] = FB_PERCENT, ['#'] = FB_HASH, ['!'] = FB_EXCL, ['^'] = FB_CARET,
    ['@'] = FB_AT, ['"'] = FB_QUOTE, ['-'] = FB_MINUS, ['{'] = FB_LBRACE,
    ['0'] = FB_DIGIT, ['1'] = FB_DIGIT, ['2'] = FB_DIGIT, ['3'] = FB_DIGIT, ['4'] = FB_DIGIT,
    ['5'] = FB_DIGIT, ['6'] = FB_DIGIT, ['7'] = FB_DIGIT, ['8'] = FB_DIGIT, ['9'] = FB_DIGIT,
    ['_'] = FB_BARE,
    FB_LETTERS('A'), FB_LETTERS('B'), FB_LETTERS('C'), FB_LETTERS('D'), FB_LETTERS('E'),
    FB_LETTERS('F'), FB_LETTERS('G'), FB_LETTERS('H'), FB_LETTERS('I'), FB_LETTERS('J'),
    FB_LETTERS('K'), FB_LETTERS('L'), FB_LETTERS('M'), FB_LETTERS('N'), FB_LETTERS('O'),
    FB_LETTERS('P'), FB_LETTERS('Q'), FB_LETTERS('R'), FB_LETTERS('S'), FB_LETTERS('T'),
    FB_LETTERS('U'), FB_LETTERS('V'), FB_LETTERS('W'), FB_LETTERS('X'), FB_LETTERS('Y'),
    FB_LETTERS('Z'),
};
#undef FB_LETTERS

/* The token at lx->cur: blanks are skipped by one table lookup per byte,
 * which also classifies the token's first byte; a one-character token is
 * then built on the spot, the common longer ones (words, `%` names) are
 * tail calls, the rest one switch. */
/* Skips blanks from p (at a blank): runs of spaces (indentation) eight
 * bytes at a time where the buffer has them. */
static LEX_INLINE const char *skip_blank_run(const AsmLexer *lx, const char *p) {
  for (;;) {
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (*p == ' ' && lx->end - p >= 8) {
      uint64_t w;
      memcpy(&w, p, 8);
      w ^= 0x2020202020202020u; /* zero bytes: spaces */
      if (!w) {
        p += 8;
        continue;
      }
      p += __builtin_ctzll(w) >> 3; /* the leading spaces (at least one) */
      continue;
    }
#else
    (void)lx;
#endif
    if (first_byte[(unsigned char)*p] != FB_SPACE) return p;
    p++;
  }
}

AsmToken asm_lex(AsmLexer *lx) {
  const char *p = lx->cur;
  unsigned v = first_byte[(unsigned char)*p];
  if (v == FB_SPACE) {
    /* one blank between two tokens is the common case */
    v = first_byte[(unsigned char)*++p];
    if (v == FB_SPACE) {
      p = skip_blank_run(lx, p);
      v = first_byte[(unsigned char)*p];
    }
  }
  if (v >= TOK_COLON) {
    lx->cur = p + 1;
    return (AsmToken){.kind = (uint8_t)v, .ptr = p, .len = 1};
  }
  if (v == FB_BARE) return lex_bare(lx, p);
  if (v == FB_PERCENT) return lex_prefixed(lx, p, TOK_PERCENT_ID);
  lx->cur = p + 1;
  switch (v) {
  case FB_MINUS:
    if (p[1] == '>') {
      lx->cur = p + 2;
      return (AsmToken){.kind = TOK_ARROW, .ptr = p, .len = 2};
    }
    return (AsmToken){.kind = TOK_MINUS, .ptr = p, .len = 1};
  case FB_LBRACE:
    if (p[1] == '-' && p[2] == '#') {
      lx->cur = p + 3;
      return (AsmToken){.kind = TOK_META_BEGIN, .ptr = p, .len = 3};
    }
    return (AsmToken){.kind = TOK_LBRACE, .ptr = p, .len = 1};
  case FB_DIGIT: return lex_number(lx, p);
  case FB_EXCL: return lex_prefixed(lx, p, TOK_EXCL_ID);
  case FB_CARET: return lex_prefixed(lx, p, TOK_CARET_ID);
  case FB_HASH:
    if (p[1] == '-' && p[2] == '}') {
      lx->cur = p + 3;
      return (AsmToken){.kind = TOK_META_END, .ptr = p, .len = 3};
    }
    return lex_prefixed(lx, p, TOK_HASH_ID);
  case FB_AT: return lex_at(lx, p);
  case FB_QUOTE: return lex_string(lx, p);
  default: return lex_special(lx, p);
  }
}

/* The rare first characters: NUL (the end, or skipped inside the buffer),
 * `//` comments, `...`, and anything unexpected. */
static LEX_NOINLINE AsmToken lex_special(AsmLexer *lx, const char *start) {
  switch (*start) {
  case 0:
    if (start == lx->end) {
      lx->cur = start;
      return (AsmToken){.kind = TOK_EOF, .ptr = start, .len = 0};
    }
    return asm_lex(lx); /* a NUL inside the buffer is skipped */
  case '/':
    if (*lx->cur == '/') {
      skip_comment(lx);
      return asm_lex(lx);
    }
    break;
  case '.':
    if (lx->cur[0] != '.' || lx->cur[1] != '.')
      return asm_lex_error(lx, lx->cur, "expected three consecutive dots for an ellipsis");
    lx->cur += 2;
    return make(lx, TOK_ELLIPSIS, start);
  default:
    break;
  }
  return asm_lex_error(lx, start, "unexpected character");
}

/* ---- token values ------------------------------------------------------------------- */
static int hexval(char c) {
  if (is_digit(c)) return c - '0';
  return (c | 0x20) - 'a' + 10;
}

bool asm_tok_string_is_plain(AsmToken t) {
  return memchr(t.ptr, '\\', t.len) == NULL;
}

void asm_tok_string_value(AsmToken t, StrBuf *out) {
  const char *s = t.ptr, *e = t.ptr + t.len;
  if (t.kind == TOK_AT_ID) s++; /* '@' */
  s++;                           /* opening quote */
  e--;                           /* closing quote */
  sb_reserve(out, (size_t)(e - s));
  while (s < e) {
    const char *bs = memchr(s, '\\', (size_t)(e - s));
    if (!bs) {
      sb_putn(out, s, (size_t)(e - s));
      break;
    }
    sb_putn(out, s, (size_t)(bs - s));
    s = bs + 1;
    if (s >= e) break;
    char c = *s++;
    switch (c) {
    case '"': case '\\': sb_putc(out, c); break;
    case 'n': sb_putc(out, '\n'); break;
    case 't': sb_putc(out, '\t'); break;
    default:
      if (s < e) {
        sb_putc(out, (char)((hexval(c) << 4) | hexval(*s)));
        s++;
      }
      break;
    }
  }
}

bool asm_tok_uint64(AsmToken t, uint64_t *out) {
  uint64_t v = 0;
  if (asm_tok_is_hex(t)) {
    for (uint32_t i = 2; i < t.len; i++) {
      if (v >> 60) return false;
      v = (v << 4) | (uint64_t)hexval(t.ptr[i]);
    }
  } else if (t.len <= 19) { /* below 10^19: no overflow possible */
    for (uint32_t i = 0; i < t.len; i++) v = v * 10 + (uint64_t)(t.ptr[i] - '0');
  } else {
    for (uint32_t i = 0; i < t.len; i++) {
      uint64_t d = (uint64_t)(t.ptr[i] - '0');
      if (v > (UINT64_MAX - d) / 10) return false;
      v = v * 10 + d;
    }
  }
  *out = v;
  return true;
}

bool asm_tok_hex_string(AsmToken t, StrBuf *out) {
  if (t.kind != TOK_STRING || t.len < 4) return false;
  const char *s = t.ptr + 1, *e = t.ptr + t.len - 1;
  if (s[0] != '0' || s[1] != 'x') return false;
  s += 2;
  if ((e - s) & 1) return false;
  for (const char *q = s; q < e; q++)
    if (!is_xdigit(*q)) return false;
  sb_reserve(out, (size_t)(e - s) / 2);
  for (; s < e; s += 2) sb_putc(out, (char)((hexval(s[0]) << 4) | hexval(s[1])));
  return true;
}
