/* parser_internal.h — the state of the MLIR text parser, shared by its
 * files: parser.c (errors, tokens, SSA/block scopes, operations, regions,
 * the top level and the operand/region part of the hook API),
 * parse_api.c (punctuation/keyword/literal hook API), parse_types.c and
 * parse_attrs.c (attributes and locations).
 *
 * Conventions: `p->tok` is the current (not yet consumed) token.  Internal
 * parse functions report errors with perr*() — never with the "custom op
 * 'x' " prefix, which only the public asm_error*() helpers add while a
 * custom-syntax hook runs — and return false/NULL.  Parsing stops at the
 * first failure; whatever was built is freed by the entry point.
 * Names are slices of the source buffer (which outlives the parse), hashed
 * once; nothing per token is allocated. */
#ifndef CTILE_ASM_PARSER_INTERNAL_H
#define CTILE_ASM_PARSER_INTERNAL_H

#include "asm/asm.h"
#include "asm/lexer.h"

/* Nesting limit for regions, attributes, types and locations together. */
#define ASM_MAX_DEPTH ASM_MAX_NESTING_DEPTH /* asm.h */

/* ---- string-keyed hash map (open addressing) ----------------------------- */
typedef struct StrMapSlot {
  const char *s;  /* NULL = empty */
  uint32_t n, h;
  void *v;
} StrMapSlot;
typedef struct StrMap {
  StrMapSlot *slots;
  size_t cap, len;
} StrMap;

uint32_t asm_str_hash(const char *s, size_t n);
void *strmap_get(const StrMap *m, const char *s, size_t n, uint32_t h);
void strmap_put(StrMap *m, const char *s, size_t n, uint32_t h, void *v);
void strmap_free(StrMap *m);

/* ---- SSA name scopes (MLIR's OperationParser scheme) ---------------------- */
typedef struct ValDef {
  IrValue *v;           /* definition or forward-reference placeholder */
  const char *loc;      /* where it was defined / first used */
} ValDef;

/* All result numbers of one name (`%x`, `%x#1` ...). */
typedef struct ValEntry {
  const char *name;     /* without '%'; NULL = free pool entry */
  uint32_t len;
  uint32_t n, cap;      /* slots in use / allocated (cap <= 1: `one`) */
  ValDef one;
  ValDef *many;
} ValEntry;

/* The lookup key of a name, computed once per occurrence: its first 8
 * bytes as a little-endian word (zero-padded), and a 32-bit word holding a
 * 24-bit hash over the length byte (min(len, 255)).  Names of up to 8 bytes
 * are equal exactly when their keys are (no byte comparison); longer ones
 * also compare their bytes past the eighth. */
typedef struct ValKey {
  uint64_t w;
  uint32_t hl;
} ValKey;

/* A table slot: the key and the pool index + 1 (0 = empty). */
typedef struct ValSlot {
  uint64_t w;
  uint32_t hl, idx;
} ValSlot;

/* Names of one isolated scope: entries live in a pool (stable indices,
 * reused after removal); an open-addressing table of 16-byte slots maps
 * keys to pool indices, so a probe touches the table alone. */
typedef struct ValMap {
  ValEntry *pool;
  uint32_t pool_len, pool_cap;
  VEC(uint32_t) free;   /* reusable pool indices */
  ValSlot *slots;
  size_t cap, len;
  uint32_t nmany;       /* pool entries with a `many` array (cap > 1) */
} ValMap;

/* A name defined in a region scope, removed when the scope ends. */
typedef struct DefName {
  const char *name;
  ValKey key;
  uint32_t len;
} DefName;

/* A scope isolated from above (the file; MLIR also allows it for regions of
 * isolated ops parsed with name shadowing).  `starts` has one entry per
 * nested region scope inside it: where its names begin in p->defnames. */
typedef struct IsoScope {
  ValMap values;
  VEC(size_t) starts;
} IsoScope;

/* Block names of one region (MLIR's blocksByName + forwardRef). */
typedef struct BlockDef {
  const char *name;     /* spelling with '^' */
  uint32_t len;
  bool forward;         /* referenced, not yet defined */
  IrBlock *block;
  const char *loc;      /* definition, or first reference while forward */
} BlockDef;

typedef struct RegionScope {
  StrMap names;         /* name -> index+1 into defs */
  VEC(BlockDef) defs;
  unsigned nforward;
} RegionScope;

typedef struct Placeholder {
  IrValue *v;           /* NULL once resolved */
  const char *loc;
} Placeholder;

/* Storage reused by every operation parsed at one nesting level. */
typedef struct ResultRec {
  const char *name;     /* without '%' */
  uint32_t len, count;
  const char *loc;
} ResultRec;

typedef struct OpFrame {
  IrOpState st;
  AsmOperandVec operands;
  VEC(ResultRec) results;
} OpFrame;

/* A custom-syntax op whose hook is running. */
typedef struct OpCtx {
  const IrOpInfo *info;
  const char *default_dialect;  /* "" when none */
  unsigned nresults;            /* `%r` values bound */
} OpCtx;

typedef struct DeferredLoc {
  const char *ptr;      /* the `#alias` token */
  const char *name;     /* alias name (after '#') */
  uint32_t len;
} DeferredLoc;

/* A memoized source text (a slice of the buffer being parsed) and what it
 * parsed to.  ident_end: the text ends with an identifier, so it only
 * matches where no identifier character or '<' follows. */
enum { ASM_RECENT = 32 }; /* entries per recent-text table (a power of 2) */
typedef struct AsmRecentText {
  const char *s;
  uint32_t n;
  bool ident_end;
  const void *v;
} AsmRecentText;

/* A dialect type memoized by asm_parse_type_memo: its source text (a slice
 * of the buffer), the context it was parsed in, and the nesting (penter
 * levels below its start) its parse needed. */
enum { ASM_CUST_CACHE = 256 };  /* custom op name cache entries (2-way sets) */
typedef struct AsmTypeMemo {
  const char *s;                /* NULL = empty slot */
  uint32_t n, h;
  uint32_t wlen;                /* length of the leading word (up to '<') */
  unsigned depth;
  AsmTypeMemoFn fn;             /* the hook that parsed it */
  const IrDialect *strip;       /* pstrip_dialect() when it was parsed */
  const IrType *t;
  /* Recent entries (n >= 8): the text's first 8 bytes, and the next 8 ANDed
   * with m1 (the bytes past n cleared), compared before the text. */
  uint64_t w0, w1, m1;
} AsmTypeMemo;

struct AsmParser {
  IrContext *ctx;
  AsmLexer lex;
  AsmToken tok;                 /* current token */
  const char *prev_end;         /* end of the last consumed text */
  bool ssa_ok;                  /* false for standalone type/attr strings */

  StrMap type_aliases, attr_aliases;
  /* Alias expansion budget (asm_alias_use): nodes that the uses of aliases
   * so far expand to, a memo of each alias value's expanded size, and a
   * count of alias uses, which keeps texts that used an alias out of the
   * text memos (each repetition must be counted). */
  uint64_t alias_nodes;
  U64Map alias_size;
  unsigned alias_uses;

  VEC(IsoScope) iso;
  ValMap *vals;                 /* &vec_last(&iso).values (NULL: none) */
  VEC(RegionScope) rscopes;
  VEC(DefName) defnames;
  VEC(Placeholder) placeholders;
  size_t nunresolved;
  VEC(IrBlock *) dead_blocks;   /* undefined forward-referenced blocks */

  VEC(OpFrame *) frames;
  unsigned op_depth;
  VEC(OpCtx) opstack;
  const char *err_op;           /* name for the "custom op 'x' " prefix */
  const char *strip_dialect;    /* dialect whose types may omit "!d." */
  unsigned depth;               /* nesting, see ASM_MAX_DEPTH */
  /* Nesting measurement (see ppeak_begin): penter takes its slow path at
   * depth_watch — ASM_MAX_DEPTH, or while measuring the deepest level yet. */
  unsigned depth_watch, depth_peak, measuring;
  /* ASM_INPUT_RELEASE_STATE: told every ASM_RELEASE_STEP bytes parsed that
   * the text before a point is no longer needed (NULL: nobody asked). */
  const struct AsmInputRelease *release;
  const char *next_release;

  VEC(DeferredLoc) deferred;
  IrOp *top;                    /* container for the top-level ops */

  /* Small direct-mapped caches for what every generic op repeats. */
  struct { const char *name; uint32_t len; const IrOpInfo *info; } opcache[64];
  const IrType *fncache[256];
  const IrType *shcache[256];   /* tensor / vector types */
  StrMap typememo;              /* function type source text -> type */
  /* Recent memo hits of typememo / dictmemo (2-way sets keyed by the first
   * 8 bytes), tried by a plain prefix comparison before the extent scan and
   * hash (see asm_recent_find). */
  AsmRecentText ftrecent[ASM_RECENT], dictrecent[ASM_RECENT];
  unsigned ftrecent_next, dictrecent_next;
  StrMap dictmemo;              /* attribute dictionary source text -> dict */

  /* LIFO scratch stacks (use indices: pushes may move the data). */
  IrTypeVec tstack;
  VEC(const IrAttr *) astack;
  IrNamedAttrVec nstack;
  VEC(int64_t) istack;

  /* Memos of custom-syntax parsing (after the generic parser's hot fields). */
  /* pstrip_dialect's answer for strip_dialect == strip_key (NULL: none). */
  const char *strip_key;
  const IrDialect *strip_val;
  /* Custom op names (as written, with the default dialect they were looked
   * up under) -> info and the interned dialect of its name. */
  struct AsmCustCache {
    const char *name, *dd, *dialect;
    uint32_t len;
    const IrOpInfo *info;
    bool (*parse)(AsmParser *, IrOpState *); /* its hook (NULL: none) */
    const char *op_dd;          /* its default dialect for nested ops */
    void *pmset;                /* its op's template set (parse_opmemo.c), NULL: not known yet */
  } *custcache;                 /* ASM_CUST_CACHE entries in 2-way sets, on first use */
  unsigned custcache_next;
  /* asm_parse_type_memo's table (open addressing, power-of-2 capacity), and
   * parse_types.c's front cache of recent hits (its own block type, tried
   * before the extent scan and hash; allocated on first use, freed here). */
  AsmTypeMemo *tmemo;
  size_t tmemo_cap, tmemo_len;
  void *trecent;
  /* The custom op memo (parse_opmemo.c; NULL until first used or when
   * disabled by CTILE_PMEMO=0). */
  struct AsmOpMemo *opmemo;
  bool opmemo_off;
  /* The caller's carrier of memos across parses (AsmParseOptions.memo;
   * NULL: none): the op memo is taken from it when the parse starts and
   * handed back when it ends (pmemo_adopt, pmemo_free). */
  struct AsmParseMemo *carrier;
};

/* ---- tokens and errors (parser.c) ------------------------------------------ */
static inline bool ptok(const AsmParser *p, AsmTokKind k) { return p->tok.kind == k; }
/* consume the current token (inline: the parser calls it for every token) */
static inline void pnext(AsmParser *p) {
  p->prev_end = p->tok.ptr + p->tok.len;
  p->tok = asm_lex(&p->lex);
}
static inline void preset(AsmParser *p, const char *ptr) { /* re-lex from ptr */
  p->prev_end = ptr;
  asm_lexer_reset(&p->lex, ptr);
  p->tok = asm_lex(&p->lex);
}
/* The value of an entry of r[0..n) whose text `start` begins with (at a
 * boundary, see AsmRecentText), with *ext set to the end of that text; NULL
 * if none.  asm_recent_put records one (texts of 8 bytes or more), replacing
 * one of the two in its set. */
const void *asm_recent_find(const AsmParser *p, const AsmRecentText *r, size_t n,
                            const char *start, const char **ext);
void asm_recent_put(AsmRecentText *r, size_t n, unsigned *next, const char *start,
                    const char *ext, const void *v);
static inline bool paccept(AsmParser *p, AsmTokKind k) { /* consume if k */
  if (p->tok.kind != k) return false;
  pnext(p);
  return true;
}
bool pexpect_fail(AsmParser *p, const char *msg); /* pexpect's error: perr_wrong(msg) */
static inline bool pexpect(AsmParser *p, AsmTokKind k, const char *msg) { /* MLIR parseToken */
  if (paccept(p, k)) return true;
  return pexpect_fail(p, msg);
}
/* Bare identifier with this exact spelling. */
static inline bool ptok_kw(const AsmParser *p, const char *kw) {
  return p->tok.kind == TOK_BARE_ID && asm_tok_is(p->tok, kw);
}
const IrLoc *ploc(AsmParser *p, const char *ptr);

/* Errors (no custom-op prefix).  perr: at the current token (one character
 * back at EOF); perr_wrong: MLIR's emitWrongTokenError (at the end of the
 * previous line when the token starts a line).  Suppressed after a lexer
 * error.  All return false. */
bool perr_at(AsmParser *p, const char *ptr, const char *fmt, ...);
bool perr(AsmParser *p, const char *fmt, ...);
bool perr_wrong(AsmParser *p, const char *fmt, ...);
/* Starts an error diagnostic at ptr for adding notes (NULL when suppressed). */
IrDiag *pdiag_at(AsmParser *p, const char *ptr, const char *fmt, ...);
void pdiag_note(AsmParser *p, IrDiag *d, const char *ptr, const char *fmt, ...);
void pdiag_emit(AsmParser *p, IrDiag *d);

bool penter_slow(AsmParser *p);                  /* penter at depth_watch */
static inline bool penter(AsmParser *p) {        /* depth + 1, or error */
  if (p->depth >= p->depth_watch) return penter_slow(p);
  p->depth++;
  return true;
}
static inline void pleave(AsmParser *p) { p->depth--; }

/* Nesting a memoized parse needed: ppeak_begin before it, ppeak_end after
 * it returns how many levels (penter) below its start it went, with
 * p->depth_peak kept for enclosing measurements.  While measuring, penter
 * leaves its fast path only at a new deepest level (depth_watch), so the
 * generic parser pays nothing for it. */
static inline void pwatch_update(AsmParser *p) {
  p->depth_watch = p->measuring && p->depth_peak < ASM_MAX_DEPTH ? p->depth_peak : ASM_MAX_DEPTH;
}
typedef struct PeakSave {
  unsigned d0, peak;
} PeakSave;
static inline PeakSave ppeak_begin(AsmParser *p) {
  PeakSave s = {p->depth, p->measuring ? p->depth_peak : 0};
  p->measuring++;
  p->depth_peak = p->depth;
  pwatch_update(p);
  return s;
}
static inline unsigned ppeak_end(AsmParser *p, PeakSave s) {
  unsigned need = p->depth_peak - s.d0;
  p->measuring--;
  if (p->depth_peak < s.peak) p->depth_peak = s.peak;
  pwatch_update(p);
  return need;
}
/* A memo hit standing for a parse `need` levels deep from here. */
static inline void ppeak_hit(AsmParser *p, unsigned need) {
  if (p->measuring && p->depth + need > p->depth_peak) {
    p->depth_peak = p->depth + need;
    pwatch_update(p);
  }
}
/* The generic-form memos (function types, dictionaries) keep no depth per
 * text: they record only texts whose parse needed at most ASM_MEMO_DEPTH
 * levels and are used only where that many levels remain, so a hit is
 * always a text that would parse again here.  pmemo_hit counts a hit's
 * (at most) ASM_MEMO_DEPTH levels for enclosing measurements. */
#define ASM_MEMO_DEPTH 32u
static inline bool pmemo_depth_ok(const AsmParser *p) {
  return p->depth + ASM_MEMO_DEPTH <= ASM_MAX_DEPTH;
}
static inline void pmemo_hit(AsmParser *p) { ppeak_hit(p, ASM_MEMO_DEPTH); }

/* Parses `loc(...)` if present into *out (deferred aliases allowed). */
bool parse_optional_loc_specifier(AsmParser *p, const IrLoc **out);

/* Dialect for types written without "!d." here (NULL if none); the last
 * answer is remembered (the registry does not change during a parse). */
const IrDialect *pstrip_dialect_slow(AsmParser *p);
static inline const IrDialect *pstrip_dialect(AsmParser *p) {
  if (p->strip_dialect && p->strip_dialect == p->strip_key) return p->strip_val;
  return pstrip_dialect_slow(p);
}
/* Calls a dialect type/attr hook with the error prefix cleared. */
typedef struct HookSave {
  const char *err_op, *strip;
} HookSave;
static inline HookSave phook_begin(AsmParser *p, const char *dialect) {
  HookSave s = {p->err_op, p->strip_dialect};
  p->err_op = NULL;
  p->strip_dialect = dialect;
  return s;
}
static inline void phook_end(AsmParser *p, HookSave s) {
  p->err_op = s.err_op;
  p->strip_dialect = s.strip;
}

/* ---- types (parse_types.c) --------------------------------------------------- */
/* A use of alias `at` (the `#name` / `!name` token) whose value is attr a
 * or type t: adds its expanded size to the parse's budget; false with
 * "... expands to more than ASM_MAX_ALIAS_EXPANSION ..." past it. */
bool asm_alias_use(AsmParser *p, const char *at, const IrAttr *a, const IrType *t);

/* resources.c: `{-# ... #-}` at the current `{-#` token, kept in the context */
bool asm_parse_file_metadata(AsmParser *p);

const IrType *parse_type(AsmParser *p);
const IrType *parse_non_function_type(AsmParser *p);
/* 0: no type here, 1: parsed, -1: error. */
int parse_optional_type(AsmParser *p, const IrType **out);
bool ptok_is_type_start(const AsmParser *p);
/* Pushes onto p->tstack. */
bool parse_type_list_no_parens(AsmParser *p);
bool parse_type_list_parens(AsmParser *p);
bool parse_function_result_types(AsmParser *p);
const IrType *parse_function_type(AsmParser *p);
/* Pushes onto p->istack; IR_DYNAMIC for `?`. */
bool parse_dimension_list(AsmParser *p, bool allow_dynamic, bool with_trailing_x);
bool parse_x_in_dimension_list(AsmParser *p);
/* At a `<` token: the balanced `<...>` text (brackets included); the lexer
 * continues after it.  MLIR's parseDialectSymbolBody. */
bool parse_dialect_body(AsmParser *p, Str *out);

/* The parts of a `!`/`#` dialect symbol whose prefix token (`!d.m`, `!d`)
 * has just been consumed; `ident`/`len` is the token text after the sigil. */
typedef struct DialectSym {
  size_t dlen;           /* length of the dialect name */
  const char *sym, *send; /* the text handed to the dialect hook / in errors */
  const char *loc;       /* where errors about the symbol point */
  const char *text_end;  /* end of the whole symbol text (for opaque storage) */
} DialectSym;
/* Scans the symbol's body (`.mnemonic<...>` or `<...>`).  Not for aliases:
 * call it only when the token has a dot or is followed by `<`. */
bool parse_dialect_symbol(AsmParser *p, const char *tokptr, const char *ident, size_t len,
                          const char *dot, bool trailing, DialectSym *out);
/* Memoization of repeated source text (op types, attribute dictionaries):
 * the end of a bracket group starting at s (depth counting; NULL on a
 * string, comment or the buffer end) and a fast hash of a slice. */
const char *pskip_group(const char *s, const char *end);
uint32_t ptext_hash(const char *s, size_t n);
/* Validity of an element type for builtin shaped types. */
bool type_is_builtin_non_element(const IrType *t);
/* Tensor with unranked flag. */
#define ASM_TENSOR_UNRANKED 1u
/* Opaque type/attr flag: builtin syntax kept verbatim, printed without the
 * '!'/'#' prefix (memref<...>, complex<...>, affine_map<...>, ...). */
#define ASM_OPAQUE_BUILTIN 1u
const IrType *opaque_builtin_type(AsmParser *p, const char *s, size_t n);

/* ---- attributes and locations (parse_attrs.c) ------------------------------------ */
const IrAttr *parse_attr(AsmParser *p, const IrType *type);
/* 0: none here, 1: parsed, -1: error. */
int parse_optional_attr(AsmParser *p, const IrType *type, const IrAttr **out);
/* `{...}` appended to *out; duplicate keys are errors. */
bool parse_attr_dict(AsmParser *p, IrNamedAttrVec *out);
const IrAttr *parse_extended_attr(AsmParser *p, const IrType *type);
const IrLoc *parse_location_instance(AsmParser *p);
/* Float literal token (after an optional '-') in `kind`'s semantics; bits
 * receives the format's bit pattern.  MLIR's parseFloatFromLiteral. */
bool parse_float_from_literal(AsmParser *p, AsmToken tok, bool neg, IrFloatKind kind,
                              double *out, uint64_t *bits);
/* Integer literal value for an integer/index type, sign-extended; false when
 * out of range (MLIR's buildAttributeAPInt). */
bool int_literal_value(const IrType *type, bool neg, AsmToken tok, int64_t *out);

/* Deferred location placeholders (`loc(#alias)` before `#alias = ...`). */
const IrLoc *deferred_loc(AsmParser *p, size_t index);
bool loc_is_deferred(const IrLoc *l, size_t *index);

/* ---- custom op memo (parse_opmemo.c) ---------------------------------------------- */
/* A custom op's hook run skipped for a repeated op shape: the text after the
 * op name matched against templates recorded from earlier ops of the same
 * op (c: its name-cache entry), differing only in the names of operands of
 * the same types.  See parse_opmemo.c. */
struct AsmCustCache;
typedef struct PMemoSnap {
  bool on;                      /* a record may follow */
  PeakSave peak;
  unsigned alias_uses;
  size_t deferred, placeholders, nunresolved, defnames, dead_blocks, iso, bdefs;
  /* The diagnostic handler in place before the hook (a counting one that
   * forwards to it is installed while the hook runs). */
  IrContext *ctx;
  IrDiagHandler handler;
  void *handler_user;
  unsigned ndiags;              /* diagnostics of any severity the hook emitted */
} PMemoSnap;
/* The op built from a template for the text after `nt` (the lexer then at
 * the template's end), or NULL (nothing done) when none matches. */
IrOp *pmemo_try(AsmParser *p, IrOpState *st, const struct AsmCustCache *c, unsigned nresults,
                AsmToken nt);
/* Around the hook: pmemo_begin before it (s->on says whether the op may be
 * recorded), pmemo_measured right after it (always when begun), and
 * pmemo_record once the op is created. */
void pmemo_begin(AsmParser *p, PMemoSnap *s);
unsigned pmemo_measured(AsmParser *p, PMemoSnap *s);
void pmemo_record(AsmParser *p, const PMemoSnap *s, unsigned need,
                  const struct AsmCustCache *c, unsigned nresults, AsmToken nt,
                  const IrOpState *st, const IrOp *op);
void pmemo_free(AsmParser *p);
/* The carrier of memos across parses (asm.h) for one context: the op memo,
 * and the dialect type memo's table (AsmParser.tmemo) with its texts
 * copied (texts: the copies, freed with the carrier). */
struct AsmParseMemo {
  IrContext *ctx;
  struct AsmOpMemo *opmemo;
  AsmTypeMemo *tmemo;
  size_t tmemo_cap, tmemo_len;
  VEC(char *) texts;
};
/* Takes the memos of carrier c for this parse, if it has them for p's
 * context (nothing with CTILE_PMEMO=0); pmemo_free and tmemo_handback hand
 * them back. */
void pmemo_adopt(AsmParser *p, struct AsmParseMemo *c);
/* parse_types.c: gives the type memo table back to p->carrier, the texts
 * of its entries from this parse's buffer copied (p->tmemo then NULL). */
void tmemo_handback(AsmParser *p);
/* The value `%name#number` names in the current scope, with no side
 * effects (no placeholder, no diagnostic): NULL when none. */
IrValue *pssa_peek(AsmParser *p, const char *name, uint32_t len, unsigned number);
bool pssa_is_placeholder(const IrValue *v);
/* pssa_peek's value when it is defined (not a forward reference) with type
 * t, else NULL. */
IrValue *pssa_peek_typed(AsmParser *p, const char *name, uint32_t len, unsigned number,
                         const IrType *t);

/* builtin.module custom syntax: `module @name? (attributes {...})? region`. */
bool asm_builtin_module_parse(AsmParser *p, IrOpState *st);

#endif
