/* lexer.h — tokens of MLIR's textual format and the lexer that produces them.
 *
 * The lexer works directly on the NUL-terminated source buffer: a token is a
 * kind plus a slice of the buffer, so lexing allocates nothing.  Keywords are
 * not separate token kinds (MLIR's `isKeyword()` covers every bare
 * identifier the parser may treat as one); instead a bare identifier carries
 * a small classification (`kw`) for the words the parser dispatches on
 * (builtin type names, attribute keywords).  The lexer also maps buffer
 * positions to line/column (1-based, bytes, as MLIR) through a lazily built
 * line table, and reports its own errors ("unexpected character", ...). */
#ifndef CTILE_ASM_LEXER_H
#define CTILE_ASM_LEXER_H

#include "ir/ir.h"

typedef enum AsmTokKind {
  TOK_EOF,
  TOK_ERROR,          /* the lexer already reported an error */
  /* identifiers */
  TOK_BARE_ID,        /* foo, i32, tensor, x4xf32 ... (every keyword) */
  TOK_AT_ID,          /* @foo, @"foo" */
  TOK_HASH_ID,        /* #foo */
  TOK_PERCENT_ID,     /* %foo */
  TOK_CARET_ID,       /* ^foo */
  TOK_EXCL_ID,        /* !foo */
  /* literals */
  TOK_FLOAT,          /* 1.5e3 */
  TOK_INTEGER,        /* 42, 0x2A */
  TOK_STRING,         /* "..." (escapes unprocessed) */
  /* punctuation */
  TOK_ARROW,          /* -> */
  TOK_COLON,
  TOK_COMMA,
  TOK_ELLIPSIS,       /* ... */
  TOK_EQUAL,
  TOK_GREATER,
  TOK_LBRACE,
  TOK_LPAREN,
  TOK_LSQUARE,
  TOK_LESS,
  TOK_MINUS,
  TOK_PLUS,
  TOK_QUESTION,
  TOK_RBRACE,
  TOK_RPAREN,
  TOK_RSQUARE,
  TOK_STAR,
  TOK_VBAR,
  TOK_META_BEGIN,     /* {-# */
  TOK_META_END,       /* #-} */
} AsmTokKind;

/* Classification of bare identifiers the parser dispatches on. */
typedef enum AsmKw {
  KW_NOT = 0,         /* not one of the words below */
  KW_INTTYPE,         /* i32, si8, ui16 */
  KW_FLOATTYPE,       /* f16, bf16, f8E4M3FN ... (AsmToken.fk says which) */
  KW_INDEX,
  KW_NONE,
  KW_TENSOR,
  KW_VECTOR,
  KW_MEMREF,
  KW_COMPLEX,
  KW_TUPLE,
  KW_AFFINE_MAP,
  KW_AFFINE_SET,
  KW_ARRAY,
  KW_DENSE,
  KW_DENSE_RESOURCE,
  KW_DISTINCT,
  KW_FALSE,
  KW_TRUE,
  KW_LOC,
  KW_SPARSE,
  KW_STRIDED,
  KW_UNIT,
} AsmKw;

typedef struct AsmToken {
  uint8_t kind;       /* AsmTokKind */
  uint8_t kw;         /* AsmKw for TOK_BARE_ID */
  uint8_t fk;         /* IrFloatKind when kw == KW_FLOATTYPE */
  uint32_t len;       /* spelling length */
  const char *ptr;    /* spelling start in the buffer */
} AsmToken;

typedef struct AsmLexer {
  IrContext *ctx;
  const IrIdent *file;      /* buffer name for locations */
  const char *buf, *end;    /* *end == '\0' */
  const char *cur;          /* next character to lex */
  unsigned line_offset;     /* added to every reported line number */
  unsigned col_offset;      /* added to columns on the buffer's first line */
  /* Line table: byte offsets of line starts discovered so far, how far
   * the buffer has been scanned for newlines, and the line of the last
   * position asked for (the next is usually on it or just after). */
  VEC(uint32_t) lines;
  const char *scanned;
  size_t line_hint;
  /* Cache of the last file location built (op locations come in order). */
  const char *last_loc_ptr;
  const IrLoc *last_loc;
  /* The file's part of compact location bits (ir_lazy_file_key), found on
   * the first location. */
  uintptr_t file_key;
  bool file_key_set;
  /* Location fast path (asm_lexer_lazy_loc): the positions
   * [lc_start, lc_start + lc_len) lie on one line, and lc_bits are the
   * compact location bits of lc_start (lc_len 0: nothing cached); the
   * line's index in `lines` is lc_index.  When nonzero, lc_next_len is the
   * length of the line that starts at lc_start + lc_len (the next one). */
  uintptr_t lc_start;
  size_t lc_index;
  size_t lc_len, lc_next_len;
  uintptr_t lc_bits;
  /* High-water mark of the text looked at other than by lexing forward
   * (NULL: none since the parser last cleared it): the position a reset
   * (asm_lexer_reset) moved back from, or one past what a peek
   * (asm_lexer_skip_blanks, asm_lexer_peek_char) examined.  The parser's op
   * memo (parse_opmemo.c) uses it to know how far a hook looked ahead. */
  const char *hw;
} AsmLexer;

void asm_lexer_init(AsmLexer *lx, IrContext *ctx, const IrIdent *file,
                    const char *buf, size_t len, unsigned line_offset);
void asm_lexer_free(AsmLexer *lx);

/* Lexes the token starting at lx->cur (skipping blanks and comments). */
AsmToken asm_lex(AsmLexer *lx);
/* Restarts lexing at `ptr` (inside the buffer); the position left is kept
 * in the high-water mark (AsmLexer.hw). */
static inline void asm_lexer_reset(AsmLexer *lx, const char *ptr) {
  if (lx->cur > lx->hw) lx->hw = lx->cur;
  lx->cur = ptr;
}
/* Raises the high-water mark to `ptr` (text up to it was looked at). */
static inline void asm_lexer_saw(const AsmLexer *lx, const char *ptr) {
  AsmLexer *m = (AsmLexer *)(uintptr_t)lx; /* lexers are never const objects */
  if (ptr > m->hw) m->hw = ptr;
}
/* The first non-blank, non-comment character at or after `ptr` (NUL at end). */
char asm_lexer_peek_char(const AsmLexer *lx, const char *ptr);
/* Its position. */
const char *asm_lexer_skip_blanks(const AsmLexer *lx, const char *ptr);

/* 1-based line (before line_offset) and column of a buffer position. */
void asm_lexer_line_col(AsmLexer *lx, const char *ptr, unsigned *line, unsigned *col);
/* file:line:col location of a buffer position (line_offset applied). */
const IrLoc *asm_lexer_loc(AsmLexer *lx, const char *ptr);
/* The same position as compact location bits (ir_lazy_file_loc): nothing is
 * uniqued until the location is needed.  Positions on the line of the last
 * one asked for are a subtraction and a shift; the others take
 * asm_lexer_lazy_loc_slow (the line table), which caches their line. */
uintptr_t asm_lexer_lazy_loc_slow(AsmLexer *lx, const char *ptr);
static inline uintptr_t asm_lexer_lazy_loc(AsmLexer *lx, const char *ptr) {
#if UINTPTR_MAX > 0xffffffffu
  uintptr_t d = (uintptr_t)ptr - lx->lc_start;
  if (d < lx->lc_len) return lx->lc_bits + (d << (1 + IR_LAZY_FILE_BITS + IR_LAZY_LINE_BITS));
#endif
  return asm_lexer_lazy_loc_slow(lx, ptr);
}

/* Reports a lexer error at `ptr` and returns a TOK_ERROR token. */
AsmToken asm_lex_error(AsmLexer *lx, const char *ptr, const char *msg);

/* Bare identifier characters after the first: letter|digit|[_$.] */
static inline bool asm_is_bare_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         c == '_' || c == '$' || c == '.';
}

/* ---- token values ------------------------------------------------------ */
static inline Str asm_tok_str(AsmToken t) { return (Str){t.ptr, t.len}; }
static inline bool asm_tok_is(AsmToken t, const char *z) {
  size_t n = strlen(z);
  return t.len == n && memcmp(t.ptr, z, n) == 0;
}
/* Appends the unescaped contents of a TOK_STRING token (or the quoted part
 * of a TOK_AT_ID `@"..."`) to `out`.  Returns false if the content contains
 * escapes that were not validated (cannot happen for lexed tokens). */
void asm_tok_string_value(AsmToken t, StrBuf *out);
/* True when the string token's content has no escapes: its value is then
 * the slice (ptr+1, len-2). */
bool asm_tok_string_is_plain(AsmToken t);
/* Integer token value; false on overflow of uint64. */
bool asm_tok_uint64(AsmToken t, uint64_t *out);
/* `0x...` integer token. */
static inline bool asm_tok_is_hex(AsmToken t) { return t.len > 1 && t.ptr[1] == 'x'; }
/* Hex string literal "0x..." decoded into bytes (appended to out); false if
 * the token is not a well-formed hex string. */
bool asm_tok_hex_string(AsmToken t, StrBuf *out);

#endif
