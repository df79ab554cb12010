/* ct_hdrmemo.h — memoized parsing of the headers of the cuda_tile region
 * ops (parse_hdrmemo.c).
 *
 * The parser's op memo skips the hooks of ops without regions whose text
 * repeats; the region ops (entry, reduce, scan, for) still run their hooks,
 * and their headers repeat verbatim just as often (`(%a: tile<ptr<f32>>,
 * ...)`, `dim=1 identities=[...] : T -> R (%a: tile<f32>, ...)`).  Such a
 * header is parsed through the parser's attribute memo
 * (asm_parse_attr_memo_at, parse_memo.h) for a text that ends on a `)`:
 * the first parse runs the hook's own code and returns, besides its
 * effects, a *record* of them as one attribute; a later identical text (same
 * bytes up to that `)`, same short-type dialect, nesting room) is consumed
 * and its record replayed.  A record holds only what the text alone
 * determines: types, attributes, properties, and each operand or argument
 * name as its offset in the text (so a hit gets the names and source
 * positions of its own text).  The memo records a text only when its parse
 * reported nothing, used no alias and left no location to resolve later, so
 * a failing or alias-dependent header is parsed in full every time and
 * reports exactly what it did before.
 *
 * The record: an array attribute whose first element is a dense i64 array
 * (the integers: offsets, counts, flags) followed by the attributes, both
 * read back in the order they were written.  A NULL type or attribute is
 * written as the unit attribute. */
#ifndef CTILE_CT_HDRMEMO_H
#define CTILE_CT_HDRMEMO_H

#include "asm/asm.h"
#include "dialect/cuda_tile/ct_svec.h"

/* A record being written: offsets are taken from `base`, the start of the
 * memoized text (the current token when the parse began). */
typedef struct CtHdrEnc {
  IrContext *ctx;
  const char *base;
  CT_SVEC(int64_t, 32) ints;
  CT_SVEC(const IrAttr *, 24) attrs;
} CtHdrEnc;

void ct_hdr_enc_init(CtHdrEnc *e, IrContext *ctx, const char *base);
void ct_hdr_put_int(CtHdrEnc *e, int64_t v);
/* The operand's source position and name as offsets from base, its #N. */
void ct_hdr_put_operand(CtHdrEnc *e, const AsmOperand *o);
void ct_hdr_put_attr(CtHdrEnc *e, const IrAttr *a); /* a may be NULL */
void ct_hdr_put_type(CtHdrEnc *e, const IrType *t); /* t may be NULL */
/* ssa (operand), type, attrs and loc of a region argument. */
void ct_hdr_put_argument(CtHdrEnc *e, const AsmArgument *a);
/* The record (uniqued in the context); frees the encoder. */
const IrAttr *ct_hdr_finish(CtHdrEnc *e);
/* Drops an encoder without making a record. */
void ct_hdr_enc_free(CtHdrEnc *e);
/* Whether a memo function's result is a record (ct_hdr_finish's array),
 * not the unit attribute a parse that must not be recorded returns: the
 * keep predicate of asm_parse_attr_memo_at. */
bool ct_hdr_is_record(const IrAttr *a);

/* A record being read back for a text starting at base. */
typedef struct CtHdrDec {
  const char *base;
  const int64_t *ints;
  const IrAttr *const *attrs;
  uint32_t ni, na, ki, ka;
} CtHdrDec;

/* False when rec is not a record (then nothing may be read). */
bool ct_hdr_dec_init(CtHdrDec *d, const IrAttr *rec, const char *base);
/* A memo hit's replay begins: ct_hdr_dec_init, counted as a hit; a record
 * it cannot read is reported at p (an internal error) and gives false. */
bool ct_hdr_replay_begin(AsmParser *p, CtHdrDec *d, const IrAttr *rec, const char *base);
/* The readers, inline (a hit reads a few of each per argument).  Reads
 * past the end give 0 / NULL (a record is only ever read by the code that
 * wrote it, in the same order). */
static inline int64_t ct_hdr_get_int(CtHdrDec *d) {
  return d->ki < d->ni ? d->ints[d->ki++] : 0;
}
static inline const char *ct_hdr_get_ptr_(CtHdrDec *d) {
  int64_t off = ct_hdr_get_int(d);
  return off < 0 ? NULL : d->base + off;
}
static inline void ct_hdr_get_operand(CtHdrDec *d, AsmOperand *o) {
  o->loc.ptr = ct_hdr_get_ptr_(d);
  o->name.s = ct_hdr_get_ptr_(d);
  o->name.n = (size_t)ct_hdr_get_int(d);
  o->number = (unsigned)ct_hdr_get_int(d);
}
/* ... or as itself */
static inline const IrAttr *ct_hdr_get_attr_raw(CtHdrDec *d) {
  return d->ka < d->na ? d->attrs[d->ka++] : NULL;
}
/* the unit attribute reads as NULL */
static inline const IrAttr *ct_hdr_get_attr(CtHdrDec *d) {
  const IrAttr *a = ct_hdr_get_attr_raw(d);
  return a && a->def == &ir_unit_attr_def ? NULL : a;
}
static inline const IrType *ct_hdr_get_type(CtHdrDec *d) {
  const IrAttr *a = ct_hdr_get_attr(d);
  return a ? a->type : NULL;
}
static inline void ct_hdr_get_argument(CtHdrDec *d, AsmArgument *a) {
  ct_hdr_get_operand(d, &a->ssa);
  a->type = ct_hdr_get_type(d);
  a->attrs = ct_hdr_get_attr(d);
  a->loc = ct_hdr_get_attr(d);
}

/* Whether memoized header parsing is on (CTILE_HDRMEMO=0 turns it off, for
 * comparing outputs with and without it). */
bool ct_hdr_memo_enabled(void);
/* For tests: turns it on or off for the process (over CTILE_HDRMEMO), and
 * the number of records replayed so far in the process (each hit counts it
 * through ct_hdr_memo_count_hit). */
void ct_hdr_memo_set_enabled(bool on);
void ct_hdr_memo_count_hit(void);
unsigned long ct_hdr_memo_hits(void);

/* The `(` args `)` part of a function signature (ct_parse_func_signature's
 * argument list) memoized as above.  On success *ftype / *arg_attrs are,
 * when not NULL, the `function_type` (no results) and `arg_attrs`
 * attributes that these arguments give a function without results (NULL
 * when unknown: the caller builds them).  args (ct_svec_init'ed, empty)
 * gets the arguments. */
typedef CT_SVEC(AsmArgument, 16) CtArgList;
bool ct_parse_func_args_memo(AsmParser *p, CtArgList *args, const IrAttr **ftype,
                             const IrAttr **arg_attrs);
/* ct_parse_func_signature with its argument list memoized so. */
bool ct_parse_func_signature_memo(AsmParser *p, CtArgList *args, IrTypeVec *results,
                                  const IrAttr **ftype, const IrAttr **arg_attrs);

#endif
