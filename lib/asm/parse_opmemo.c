/* parse_opmemo.c — the custom op memo: a custom-syntax op whose text after
 * its name repeats an earlier op's text, except for the names of its
 * operands, is built from a template of that earlier op instead of running
 * its dialect hook again.
 *
 * `%2 = addi %x, %1 overflow<no_signed_wrap> : tile<8xi32>` and the next
 * `addi` of the same types differ only in their SSA names, yet each runs
 * the hook, which lexes and parses the attributes and the type signature
 * token by token.  After a hook succeeds on an op that built no region and
 * no successor, pmemo_record keeps a template: the op's text from just past
 * its name to the end of what the hook looked at (its *skeleton*: a copy,
 * never a pointer into the input, which the parser releases as it goes),
 * each `%name` token in it replaced by a slot; the types the slots'
 * values had; which slot each operand came from; the result types and the
 * op's final property and attribute dictionaries.  pmemo_try matches the
 * text of a later op of the same op info against the templates (bytes
 * compared, any `%name` accepted at a slot), looks the slot names up with
 * no side effects (a value defined with the recorded type, no forward
 * reference), and creates the op from the template with those values; the
 * lexer continues where the hook left it, so the trailing location and
 * everything after it parse as before.
 *
 * What the hook saw must be the same for the answer to be the same:
 *  - the text: the span the hook consumed, and past it everything it
 *    looked at — the lookahead token, any peek (AsmLexer.hw, kept by the
 *    lexer's resets and peeks) and the lexer's own look past a token's end
 *    (up to 3 bytes, never past a blank) — all compared byte for byte, with
 *    `%name` slots matched by kind alone past the span;
 *  - the parser state it reads: the op info (hence hook and its dialect),
 *    the count of results bound, the dialect that short types fall back to
 *    (from the op-stack), and the nesting room (the depth its parse needed,
 *    ppeak_*);
 *  - the values: each slot resolves to a defined (not forward-referenced)
 *    value of the recorded type.  Slots that named one value must spell
 *    the same name (`%k#n` included) again, so which of them an operand
 *    came from does not matter; every operand must come from a slot and
 *    every slot give an operand.
 * A hook that used an alias, a deferred location, a forward reference or a
 * block name, or that reported anything (a counting diagnostic handler is
 * in place while it runs), leaves no template: those have effects beyond
 * the op.  A hit never reports anything; on any doubt the hook runs as
 * usual.
 *
 * The memo is bounded: PM_WAYS templates per op (a full set drops one, not
 * always the least recently used: a cycle of more shapes would then never
 * hit) and PM_POOL in all, each of bounded size; the template an op will
 * match is predicted from the last two matched.  CTILE_PMEMO=0 in the
 * environment turns it off; CTILE_PMEMO=stats prints its counts to stderr
 * when a parse ends (for measurements). */
#include "asm/parser_internal.h"

#include <stdio.h>
#include <stdlib.h>

enum {
  PM_SETS = 256,     /* sets of templates, by op */
  PM_PRED = 4096,    /* prediction table entries */
  PM_WAYS = 16,      /* templates per set */
  PM_POOL = 1024,    /* templates per parse */
  PM_MAX_TEXT = 768, /* skeleton bytes */
  PM_MAX_SLOTS = 16,
  PM_MAX_OPERANDS = 32,
  PM_MAX_RESULTS = 16,
};

/* One template (a single allocation: the arrays follow the struct). */
typedef struct PmTmpl {
  const IrOpInfo *info;         /* its op */
  unsigned nresults;            /* results bound (asm_num_results_expected) */
  unsigned need;                /* nesting levels its parse needed */
  const IrDialect *strip;       /* pstrip_dialect in the hook */
  uint32_t len;                 /* skeleton bytes */
  uint32_t span_end;            /* skeleton offset where the hook's text ends */
  uint16_t nslots, nspan;       /* slots; the first nspan are the operands' */
  uint16_t nops, nres;
  /* The token after the hook's text (what preset would lex there), known
   * when tok_ok: a `%name` at slot tok_slot (>= 0), else the token of kind
   * tok_kind/kw/fk and length tok_len at offset tok_rel into skeleton
   * segment tok_seg (segment s: the text between slot s - 1 and slot s). */
  bool tok_ok;
  uint8_t tok_kind, tok_kw, tok_fk;
  int16_t tok_slot;
  uint16_t tok_seg;
  uint32_t tok_rel, tok_len;
  const IrAttr *props, *attrs;  /* the op's dictionaries */
  uint32_t *slot_off;           /* [nslots] skeleton offset of each slot */
  const IrType **slot_type;     /* [nspan] */
  uint8_t *same;                /* [nspan] the first slot with the same name (itself if none) */
  uint32_t *num;                /* [nspan] the result number (`#k` after the slot, in the text) */
  uint16_t *op_slot;            /* [nops] */
  const IrType **res;           /* [nres] */
  char *text;                   /* [len] */
} PmTmpl;

typedef struct PmSet {
  const IrOpInfo *info;         /* its op (NULL: free) */
  /* The op's own dialect when it parses types (then hook_strip's answer
   * whatever the op-stack), else NULL. */
  const IrDialect *strip;
  uint16_t n;
  uint16_t idx[PM_WAYS];        /* pool indices, most recently used first */
} PmSet;

struct AsmOpMemo {
  PmSet sets[PM_SETS];          /* by op (a hash of its info) */
  PmTmpl *pool[PM_POOL];
  unsigned gen[PM_POOL];        /* bumped whenever a pool entry is replaced */
  uint16_t free[PM_POOL];
  /* Prediction: the templates (pool index + 1) of the last two ops that
   * matched or recorded one, and a table from (those two, the next op's
   * info) to the template that op matched (with its pool entry's gen). */
  unsigned last1, last2;
  unsigned key;                 /* the table index for the op being parsed */
  struct { unsigned x, gen; } pred[PM_PRED];
  unsigned nfree, used;
  /* dialect lookups for the op-stack's default dialects (by pointer) */
  const char *dname[4];
  const IrDialect *dval[4];
  unsigned dnext;
  bool stats;
  unsigned long hits, misses, records, refused, npred, npred_ok, evict;
};

static struct AsmOpMemo *memo_get(AsmParser *p) {
  if (p->opmemo) return p->opmemo;
  const char *env = getenv("CTILE_PMEMO");
  if (env && !strcmp(env, "0")) {
    p->opmemo_off = true;
    return NULL;
  }
  struct AsmOpMemo *m = xcalloc(1, sizeof *m);
  m->stats = env && !strcmp(env, "stats");
  p->opmemo = m;
  return m;
}

/* A dialect by its (interned or static) name, remembered by pointer. */
static const IrDialect *memo_dialect(AsmParser *p, struct AsmOpMemo *m, const char *name) {
  for (unsigned i = 0; i < 4; i++)
    if (m->dname[i] == name) return m->dval[i];
  const IrDialect *d = ir_lookup_dialect(p->ctx, name, strlen(name));
  unsigned i = m->dnext++ & 3;
  m->dname[i] = name;
  m->dval[i] = d;
  return d;
}

/* What pstrip_dialect answers inside the hook of cache entry c: its
 * dialect when that parses types, else the innermost default dialect on
 * the op-stack (the op's own first) that does (pstrip_dialect_slow). */
static const IrDialect *hook_strip(AsmParser *p, struct AsmOpMemo *m, const struct AsmCustCache *c) {
  PmSet *set = c->pmset;
  if (set && set->strip) return set->strip;
  const IrDialect *d = memo_dialect(p, m, c->dialect);
  if (d && d->parse_type) return d;
  if (*c->op_dd && (d = memo_dialect(p, m, c->op_dd)) && d->parse_type) return d;
  for (size_t i = p->opstack.len; i-- > 0;) {
    const char *dd = p->opstack.data[i].default_dialect;
    if (*dd && (d = memo_dialect(p, m, dd)) && d->parse_type) return d;
  }
  return NULL;
}

/* Characters of a `%name` after the '%' (the lexer's CC_IDC): letters,
 * digits and [$._-]; PM_DIGIT marks the digits. */
enum { PM_IDC = 1, PM_DIGIT = 2 };
static const uint8_t name_class[256] = {
    ['$'] = 1, ['.'] = 1, ['_'] = 1, ['-'] = 1,
    ['0'] = 3, ['1'] = 3, ['2'] = 3, ['3'] = 3, ['4'] = 3,
    ['5'] = 3, ['6'] = 3, ['7'] = 3, ['8'] = 3, ['9'] = 3,
#define PM_L(c) [c] = 1, [c + 32] = 1
    PM_L('A'), PM_L('B'), PM_L('C'), PM_L('D'), PM_L('E'), PM_L('F'), PM_L('G'), PM_L('H'),
    PM_L('I'), PM_L('J'), PM_L('K'), PM_L('L'), PM_L('M'), PM_L('N'), PM_L('O'), PM_L('P'),
    PM_L('Q'), PM_L('R'), PM_L('S'), PM_L('T'), PM_L('U'), PM_L('V'), PM_L('W'), PM_L('X'),
    PM_L('Y'), PM_L('Z'),
#undef PM_L
};

/* The end of the `%name` token at s (s[0] == '%'), as the lexer reads it:
 * digits, or a letter/[$._-] and then those and digits; NULL if none. */
static inline const char *percent_end(const char *s) {
  const char *q = s + 1;
  unsigned c = name_class[(unsigned char)*q];
  if (c & PM_DIGIT) {
    do q++;
    while (name_class[(unsigned char)*q] & PM_DIGIT);
    return q;
  }
  if (!c) return NULL;
  do q++;
  while (name_class[(unsigned char)*q]);
  return q;
}

static inline bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* a[0..n) == b[0..n), eight bytes at a time: a is the input (readable up
 * to aend, n bytes at least), b a template's text (readable for n + 8
 * bytes: PM_PAD); a last part under eight bytes is one masked compare
 * where eight bytes of a can be read. */
enum { PM_PAD = 8 };
static inline bool same_bytes(const char *a, const char *b, size_t n, const char *aend) {
  uint64_t x, y;
  while (n >= 8) {
    memcpy(&x, a, 8);
    memcpy(&y, b, 8);
    if (x != y) return false;
    a += 8, b += 8, n -= 8;
  }
  if (!n) return true;
  if (aend - a >= 8) {
    memcpy(&x, a, 8);
    memcpy(&y, b, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    return ((x ^ y) >> (64 - 8 * n)) == 0;
#else
    return ((x ^ y) << (64 - 8 * n)) == 0;
#endif
  }
  while (n--)
    if (*a++ != *b++) return false;
  return true;
}

/* ---- matching ----------------------------------------------------------------------- */

/* Whether the text at `start` matches template t: the slots' names in
 * names/lens, the end of the hook's text in *span_in and, when t->tok_ok
 * and the token is not a slot, the token's start in *tok_in. */
static bool tmpl_match(const PmTmpl *t, const char *start, const char *end, const char **names,
                       uint32_t *lens, const char **span_in, const char **tok_in) {
  const char *q = start;
  uint32_t pos = 0;
  *span_in = NULL;
  for (unsigned k = 0; k < t->nslots; k++) {
    if (k == t->tok_seg) *tok_in = q + t->tok_rel;
    uint32_t lit = t->slot_off[k] - pos;
    if ((size_t)(end - q) < lit || !same_bytes(q, t->text + pos, lit, end)) return false;
    q += lit;
    pos = t->slot_off[k];
    if (k == t->nspan) *span_in = q - (pos - t->span_end);
    const char *r = *q == '%' ? percent_end(q) : NULL;
    if (!r) return false;
    names[k] = q + 1;
    lens[k] = (uint32_t)(r - q - 1);
    q = r;
  }
  if (t->nslots == t->tok_seg) *tok_in = q + t->tok_rel;
  uint32_t lit = t->len - pos;
  if ((size_t)(end - q) < lit || !same_bytes(q, t->text + pos, lit, end)) return false;
  if (!*span_in) *span_in = q + (t->span_end - pos);
  return true;
}

/* The template predicted for an op of `info` after the last two (see
 * AsmOpMemo.pred), 0 if none; m->key is set for memo_seen. */
static inline unsigned predicted(struct AsmOpMemo *m, const IrOpInfo *info) {
  uint64_t h = ((uint64_t)(uintptr_t)info ^ m->last1 * 0x9E3779B1u ^ (uint64_t)m->last2 << 32) *
               0x9E3779B97F4A7C15ull;
  m->key = (unsigned)(h >> 52) & (PM_PRED - 1);
  unsigned x = m->pred[m->key].x;
  if (!x || m->gen[x - 1] != m->pred[m->key].gen || !m->pool[x - 1]) return 0;
  return x;
}

/* Notes that template x (pool index + 1) matched or was recorded for the
 * op whose prediction key is m->key. */
static inline void memo_seen(struct AsmOpMemo *m, unsigned x) {
  m->pred[m->key].x = x;
  m->pred[m->key].gen = m->gen[x - 1];
  m->last2 = m->last1;
  m->last1 = x;
}

/* The set of op info's templates. */
static void set_clear(struct AsmOpMemo *m, PmSet *set) {
  for (unsigned i = 0; i < set->n; i++) {
    unsigned x = set->idx[i];
    free(m->pool[x]);
    m->pool[x] = NULL;
    m->gen[x]++;
    m->free[m->nfree++] = (uint16_t)x;
  }
  set->n = 0;
}

/* The set of info's templates (linear probing from its hash), or NULL;
 * with claim, a set is made for it when there is none (when every set is
 * in use by other ops, the one at its hash is taken over, its templates
 * dropped). */
static PmSet *set_of(struct AsmOpMemo *m, const IrOpInfo *info, bool claim) {
  uint64_t h = (uint64_t)(uintptr_t)info * 0x9E3779B97F4A7C15ull;
  unsigned i0 = (unsigned)(h >> 56) & (PM_SETS - 1);
  for (unsigned k = 0; k < PM_SETS; k++) {
    PmSet *set = &m->sets[(i0 + k) & (PM_SETS - 1)];
    if (set->info == info) return set;
    if (!set->info) {
      if (!claim) return NULL;
      set->info = info;
      set->strip = NULL;
      return set;
    }
  }
  if (!claim) return NULL;
  PmSet *set = &m->sets[i0];
  set_clear(m, set);
  set->info = info;
  set->strip = NULL;
  return set;
}

IrOp *pmemo_try(AsmParser *p, IrOpState *st, const struct AsmCustCache *c, unsigned nresults,
                AsmToken nt) {
  struct AsmOpMemo *m = p->opmemo;
  if (!m) return NULL;
  const IrOpInfo *info = c->info;
  PmSet *set = c->pmset;
  if (!set || set->info != info) {
    if (!(set = set_of(m, info, false))) return NULL;
    ((struct AsmCustCache *)c)->pmset = set; /* the parser's own entry */
  }
  if (!set->n || !p->ssa_ok) return NULL;
  const char *start = nt.ptr + nt.len, *end = p->lex.end;
  const char *names[PM_MAX_SLOTS];
  uint32_t lens[PM_MAX_SLOTS];
  IrValue *vals[PM_MAX_SLOTS];
  const char *span_in = NULL, *tok_in = NULL;
  const PmTmpl *t = NULL;
  unsigned x = predicted(m, info), w = 0;
  if (x) m->npred++;
  /* the dialect of short type forms in the hook (the same for every
   * candidate) */
  const IrDialect *strip = set->strip ? set->strip : hook_strip(p, m, c);
  /* the predicted template first, then the set's in use order (w - 1) */
  for (unsigned cand = x;; cand = 0) {
    if (!cand) {
      if (w == set->n) goto miss;
      cand = set->idx[w++] + 1u;
      if (cand == x) continue; /* tried first */
    }
    const PmTmpl *u = m->pool[cand - 1];
    if (u->info != info || u->nresults != nresults ||
        !tmpl_match(u, start, end, names, lens, &span_in, &tok_in))
      continue;
    /* the context the hook would see, and the values */
    if (p->depth + u->need > ASM_MAX_DEPTH || u->strip != strip) continue;
    bool ok = true;
    for (unsigned k = 0; k < u->nspan && ok; k++) {
      unsigned j = u->same[k];
      if (j != k) { /* the name must repeat as it did (then so does its value) */
        ok = lens[k] == lens[j] && !memcmp(names[k], names[j], lens[k]);
        vals[k] = vals[j];
        continue;
      }
      IrValue *v = pssa_peek_typed(p, names[k], lens[k], u->num[k], u->slot_type[k]);
      ok = v != NULL;
      vals[k] = v;
    }
    if (!ok) continue;
    t = u;
    x = cand;
    break;
  }
  if (!w) m->npred_ok++;
  /* a hit: the op from the template */
  st->ctx = p->ctx;
  st->info = c->info;
  st->loc = NULL;
  st->loc_bits = asm_lexer_lazy_loc(&p->lex, nt.ptr);
  st->attrs.len = 0;
  st->props.len = 0;
  st->successors.len = 0;
  st->regions.len = 0;
  vec_reserve(&st->operands, t->nops);
  for (unsigned i = 0; i < t->nops; i++) st->operands.data[i] = vals[t->op_slot[i]];
  st->operands.len = t->nops;
  vec_reserve(&st->result_types, t->nres);
  for (unsigned i = 0; i < t->nres; i++) st->result_types.data[i] = t->res[i];
  st->result_types.len = t->nres;
  if (t->attrs)
    for (uint32_t i = 0; i < t->attrs->nelems; i++)
      vec_push(&st->attrs, ((IrNamedAttr){t->attrs->names[i], t->attrs->elems[i]}));
  st->props_dict = t->props;
  IrOp *op = ir_op_create(st);
  if (!op) return NULL; /* cannot happen: the recorded state made this op */
  if (w > 1) { /* most recently used first */
    uint16_t y = set->idx[w - 1];
    memmove(&set->idx[1], &set->idx[0], (w - 1) * sizeof set->idx[0]);
    set->idx[0] = y;
  }
  memo_seen(m, x);
  ppeak_hit(p, t->need);
  /* preset(p, span_in), the token known from the template when it is */
  p->prev_end = span_in;
  if (t->tok_ok) {
    if (p->lex.cur > p->lex.hw) p->lex.hw = p->lex.cur;
    AsmToken tk;
    if (t->tok_slot >= 0) {
      tk = (AsmToken){.kind = TOK_PERCENT_ID, .ptr = names[t->tok_slot] - 1,
                      .len = lens[t->tok_slot] + 1};
    } else {
      tk = (AsmToken){.kind = t->tok_kind, .kw = t->tok_kw, .fk = t->tok_fk, .ptr = tok_in,
                      .len = t->tok_len};
    }
    p->lex.cur = tk.ptr + tk.len;
    p->tok = tk;
  } else {
    asm_lexer_reset(&p->lex, span_in);
    p->tok = asm_lex(&p->lex);
  }
  m->hits++;
  return op;
miss:
  m->misses++;
  return NULL;
}

/* ---- recording ---------------------------------------------------------------------- */

/* The diagnostic handler while a hook that may be recorded runs: counts
 * (a hook that reports anything, a warning included, is not recorded: a hit
 * would not report it) and passes the diagnostic on. */
static void count_diag(void *user, const IrDiag *d) {
  PMemoSnap *s = user;
  s->ndiags++;
  if (s->handler) {
    s->handler(s->handler_user, d);
  } else { /* ir_diag_emit's default */
    StrBuf b = {0};
    ir_diag_format(s->ctx, d, &b);
    fputs(sb_cstr(&b), stderr);
    sb_free(&b);
  }
}

void pmemo_begin(AsmParser *p, PMemoSnap *s) {
  if (!memo_get(p) || !p->ssa_ok) return;
  s->on = true;
  s->peak = ppeak_begin(p);
  s->alias_uses = p->alias_uses;
  s->deferred = p->deferred.len;
  s->placeholders = p->placeholders.len;
  s->nunresolved = p->nunresolved;
  s->defnames = p->defnames.len;
  s->dead_blocks = p->dead_blocks.len;
  s->iso = p->iso.len;
  s->bdefs = p->rscopes.len ? vec_last(&p->rscopes).defs.len : 0;
  p->lex.hw = NULL;
  s->ctx = p->ctx;
  s->ndiags = 0;
  ir_ctx_get_diag_handler(p->ctx, &s->handler, &s->handler_user);
  ir_ctx_set_diag_handler(p->ctx, count_diag, s);
}

unsigned pmemo_measured(AsmParser *p, PMemoSnap *s) {
  ir_ctx_set_diag_handler(p->ctx, s->handler, s->handler_user);
  return ppeak_end(p, s->peak);
}

/* A template for the op just created from st (see the file comment), or
 * nothing when anything about it is in doubt. */
void pmemo_record(AsmParser *p, const PMemoSnap *s, unsigned need,
                  const struct AsmCustCache *c, unsigned nresults, AsmToken nt,
                  const IrOpState *st, const IrOp *op) {
  struct AsmOpMemo *m = p->opmemo;
  if (s->ndiags || p->alias_uses != s->alias_uses || p->deferred.len != s->deferred ||
      p->placeholders.len != s->placeholders || p->nunresolved != s->nunresolved ||
      p->defnames.len != s->defnames || p->dead_blocks.len != s->dead_blocks ||
      p->iso.len != s->iso || (p->rscopes.len ? vec_last(&p->rscopes).defs.len : 0) != s->bdefs ||
      st->operands.len > PM_MAX_OPERANDS || st->result_types.len > PM_MAX_RESULTS)
    goto refuse;
  const char *start = nt.ptr + nt.len, *span_end = p->prev_end;
  if (span_end < start) goto refuse;
  /* how far the hook looked: the lexer's position, its resets and peeks,
   * and the lexer's own look past a token (up to 3 bytes, not past a blank) */
  const char *ext = p->lex.cur;
  if (p->lex.hw > ext) ext = p->lex.hw;
  if (ext > p->lex.end || ext < span_end) goto refuse;
  for (unsigned i = 0; i < 3; i++) {
    if (ext >= p->lex.end) goto refuse; /* the buffer's end: not kept */
    char ch = *ext++;
    if (is_blank(ch)) break;
  }
  if ((size_t)(ext - start) > PM_MAX_TEXT) goto refuse;

  /* The token after the hook's text, when it is the next thing there (only
   * blanks before it) and within the compared text: a hit finds it at the
   * same place in its own text (same bytes, `%name` slots lexed by the
   * lexer's rule) instead of lexing it again. */
  const char *tokp = NULL;
  AsmToken tok = p->tok;
  if (tok.kind != TOK_ERROR && tok.ptr >= span_end && tok.ptr + tok.len <= ext &&
      p->lex.cur == tok.ptr + tok.len) {
    tokp = tok.ptr;
    for (const char *q = span_end; q < tok.ptr; q++)
      if (!is_blank(*q)) tokp = NULL;
  }
  bool tok_seen = false;
  int tok_slot = -1;
  uint32_t tok_seg = 0, tok_rel = 0;

  /* the skeleton: the text with the `%name` tokens cut out */
  char text[PM_MAX_TEXT];
  uint32_t off[PM_MAX_SLOTS];
  const char *names[PM_MAX_SLOTS];
  uint32_t lens[PM_MAX_SLOTS], nums[PM_MAX_SLOTS];
  unsigned nslots = 0, nspan = 0;
  uint32_t len = 0, span_off = 0;
  bool span_done = false;
  for (const char *q = start; q < ext;) {
    if (!span_done && q >= span_end) {
      span_done = true;
      span_off = len;
    }
    char ch = *q;
    if (q == tokp) {
      tok_seen = true;
      if (ch == '%') {
        tok_slot = (int)nslots;
      } else {
        tok_seg = nslots;
        tok_rel = len - (nslots ? off[nslots - 1] : 0);
      }
    }
    if (ch == '"') { /* a string: bytes, escapes included */
      text[len++] = *q++;
      while (q < ext && *q != '"') {
        if (*q == '\\' && q + 1 < ext) text[len++] = *q++;
        text[len++] = *q++;
      }
      if (q < ext) text[len++] = *q++;
      continue;
    }
    if (ch == '/' && q[1] == '/') { /* a comment: bytes */
      while (q < ext && *q != '\n' && *q != '\r') text[len++] = *q++;
      continue;
    }
    if (ch == '%') {
      const char *r = percent_end(q);
      if (!r || r > ext || nslots == PM_MAX_SLOTS) goto refuse;
      if (q < span_end) {
        if (r > span_end || span_done) goto refuse;
        /* `#k` right after the name: its bytes stay in the skeleton (a hit
         * has the same k), the value is result k */
        uint64_t num = 0;
        if (*r == '#') {
          const char *d = r + 1;
          if (*d < '0' || *d > '9') goto refuse;
          for (; *d >= '0' && *d <= '9'; d++)
            if ((num = num * 10 + (uint64_t)(*d - '0')) > 0xFFFF) goto refuse;
        }
        nums[nspan] = (uint32_t)num;
        nspan++;
      }
      off[nslots] = len;
      names[nslots] = q + 1;
      lens[nslots] = (uint32_t)(r - q - 1);
      nslots++;
      q = r;
      continue;
    }
    text[len++] = *q++;
  }
  if (!span_done) span_off = len;

  /* slot values: defined; slots naming one value must spell the same name
   * (a hit then requires the same repetition, so which of them an operand
   * came from does not matter); each operand from one of the slots, every
   * slot some operand's */
  IrValue *vals[PM_MAX_SLOTS];
  uint8_t same[PM_MAX_SLOTS];
  bool used[PM_MAX_SLOTS] = {0};
  for (unsigned k = 0; k < nspan; k++) {
    IrValue *v = pssa_peek(p, names[k], lens[k], nums[k]);
    if (!v || pssa_is_placeholder(v)) goto refuse;
    same[k] = (uint8_t)k;
    for (unsigned j = 0; j < k; j++)
      if (vals[j] == v) {
        if (lens[j] != lens[k] || memcmp(names[j], names[k], lens[k]) || nums[j] != nums[k])
          goto refuse;
        same[k] = (uint8_t)j;
        break;
      }
    vals[k] = v;
  }
  uint16_t op_slot[PM_MAX_OPERANDS];
  for (size_t i = 0; i < st->operands.len; i++) {
    IrValue *v = st->operands.data[i];
    unsigned k = 0;
    while (k < nspan && vals[k] != v) k++;
    if (k == nspan) goto refuse;
    op_slot[i] = (uint16_t)k;
    for (unsigned j = k; j < nspan; j++)
      if (vals[j] == v) used[j] = true;
  }
  for (unsigned k = 0; k < nspan; k++)
    if (!used[k]) goto refuse;

  /* a pool entry: a free one, else this set's least recently used */
  PmSet *set = set_of(m, c->info, true);
  ((struct AsmCustCache *)c)->pmset = set;
  if (!set->strip) { /* the op's dialect parses types: the op-stack never matters */
    const IrDialect *d = memo_dialect(p, m, c->dialect);
    if (d && d->parse_type) set->strip = d;
  }
  unsigned slot;
  if (m->nfree) slot = m->free[--m->nfree];
  else if (m->used < PM_POOL) slot = m->used++;
  else if (set->n) slot = set->idx[--set->n];
  else goto refuse;
  if (set->n == PM_WAYS) {
    /* drop one: not always the least recently used, which a cycle of more
     * shapes than ways would make every lookup miss */
    unsigned v = (unsigned)(m->records * 7 + 3) % PM_WAYS;
    unsigned old = set->idx[v];
    memmove(&set->idx[v], &set->idx[v + 1], (PM_WAYS - 1 - v) * sizeof set->idx[0]);
    set->n--;
    m->evict++;
    free(m->pool[old]);
    m->pool[old] = NULL;
    m->gen[old]++;
    m->free[m->nfree++] = (uint16_t)old;
  }
  free(m->pool[slot]);
  size_t nops = st->operands.len, nres = st->result_types.len;
  size_t size = sizeof(PmTmpl) + nres * sizeof(const IrType *) + nspan * sizeof(const IrType *) +
                nslots * sizeof(uint32_t) + nspan * sizeof(uint32_t) + nops * sizeof(uint16_t) +
                nspan + len + PM_PAD;
  PmTmpl *t = xmalloc(size);
  char *mem = (char *)(t + 1);
  t->res = (const IrType **)mem;
  mem += nres * sizeof(const IrType *);
  t->slot_type = (const IrType **)mem;
  mem += nspan * sizeof(const IrType *);
  t->slot_off = (uint32_t *)mem;
  mem += nslots * sizeof(uint32_t);
  t->num = (uint32_t *)mem;
  mem += nspan * sizeof(uint32_t);
  t->op_slot = (uint16_t *)mem;
  mem += nops * sizeof(uint16_t);
  t->same = (uint8_t *)mem;
  mem += nspan;
  t->text = mem;
  t->info = c->info;
  t->nresults = nresults;
  t->need = need;
  t->strip = hook_strip(p, m, c);
  t->len = len;
  t->span_end = span_off;
  t->nslots = (uint16_t)nslots;
  t->nspan = (uint16_t)nspan;
  t->nops = (uint16_t)nops;
  t->nres = (uint16_t)nres;
  t->tok_ok = tok_seen && (tok_slot < 0 || tok.kind == TOK_PERCENT_ID);
  t->tok_kind = tok.kind;
  t->tok_kw = tok.kw;
  t->tok_fk = tok.fk;
  t->tok_slot = (int16_t)tok_slot;
  /* no segment when the token is a slot (or unknown) */
  t->tok_seg = t->tok_ok && tok_slot < 0 ? (uint16_t)tok_seg : UINT16_MAX;
  t->tok_rel = tok_rel;
  t->tok_len = tok.len;
  t->props = op->props;
  t->attrs = op->attrs;
  for (size_t i = 0; i < nres; i++) t->res[i] = st->result_types.data[i];
  for (unsigned k = 0; k < nspan; k++) t->slot_type[k] = vals[k]->type;
  memcpy(t->same, same, nspan);
  memcpy(t->num, nums, nspan * sizeof *nums);
  memcpy(t->slot_off, off, nslots * sizeof *off);
  memcpy(t->op_slot, op_slot, nops * sizeof *op_slot);
  memcpy(t->text, text, len);
  memset(t->text + len, 0, PM_PAD);
  m->pool[slot] = t;
  m->gen[slot]++;
  memmove(&set->idx[1], &set->idx[0], set->n * sizeof set->idx[0]);
  set->idx[0] = (uint16_t)slot;
  set->n++;
  (void)predicted(m, c->info); /* its key */
  memo_seen(m, slot + 1);
  m->records++;
  return;
refuse:
  m->refused++;
}

AsmParseMemo *asm_parse_memo_new(void) { return xcalloc(1, sizeof(AsmParseMemo)); }

static void opmemo_destroy(struct AsmOpMemo *m) {
  if (m->stats)
    fprintf(stderr, "pmemo: %lu hits, %lu misses, %lu records, %lu refused, %lu/%lu predicted, %lu evicted\n", m->hits,
            m->misses, m->records, m->refused, m->npred_ok, m->npred, m->evict);
  for (unsigned i = 0; i < PM_POOL; i++) free(m->pool[i]);
  free(m);
}

unsigned long asm_parse_memo_hits(const AsmParseMemo *c) {
  return c && c->opmemo ? c->opmemo->hits : 0;
}

/* Drops what c holds (its context is gone or another one's). */
static void carrier_clear(AsmParseMemo *c) {
  if (c->opmemo) opmemo_destroy(c->opmemo);
  c->opmemo = NULL;
  free(c->tmemo);
  c->tmemo = NULL;
  c->tmemo_cap = c->tmemo_len = 0;
  for (size_t i = 0; i < c->texts.len; i++) free(c->texts.data[i]);
  c->texts.len = 0;
}

void asm_parse_memo_free(AsmParseMemo *c) {
  if (!c) return;
  carrier_clear(c);
  vec_free(&c->texts);
  free(c);
}

/* The templates hold the context's types and attributes (and op infos,
 * dialects): they are valid in that context only.  Nothing else in the
 * memo depends on the parse: the templates' text is their own copy, the
 * sets and the prediction table refer to pool entries by index, and the
 * name-cache entries that point at sets (AsmCustCache.pmset) belong to the
 * parser and start NULL in each. */
void pmemo_adopt(AsmParser *p, AsmParseMemo *c) {
  const char *env = getenv("CTILE_PMEMO");
  if (env && !strcmp(env, "0")) return; /* off: memo_get says so */
  p->carrier = c;
  if (c->ctx != p->ctx) {
    carrier_clear(c);
    c->ctx = p->ctx;
  }
  if (c->opmemo && !p->opmemo) {
    p->opmemo = c->opmemo;
    c->opmemo = NULL;
  }
  /* the type memo: its entries are keyed on their text, the hook that
   * parsed it and the short-type dialect (all but the text the context's),
   * and record the nesting the parse needed; texts that used an alias or
   * reported anything were never entered.  So an entry answers the same in
   * any parse in this context. */
  if (c->tmemo && !p->tmemo) {
    p->tmemo = c->tmemo;
    p->tmemo_cap = c->tmemo_cap;
    p->tmemo_len = c->tmemo_len;
    c->tmemo = NULL;
    c->tmemo_cap = c->tmemo_len = 0;
  }
}

void pmemo_free(AsmParser *p) {
  struct AsmOpMemo *m = p->opmemo;
  p->opmemo = NULL;
  if (!m) return;
  if (p->carrier && p->carrier->ctx == p->ctx && !p->carrier->opmemo) {
    p->carrier->opmemo = m; /* kept for the next parse */
    return;
  }
  opmemo_destroy(m);
}
