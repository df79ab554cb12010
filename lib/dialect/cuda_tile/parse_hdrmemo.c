/* parse_hdrmemo.c — the records of memoized region-op headers (see
 * ct_hdrmemo.h): writing a header's parse as one attribute and reading it
 * back for another text with the same bytes.  Offsets are relative to the
 * start of the memoized text, so a record read back at another place gives
 * that place's pointers (names, diagnostics locations). */
#include "dialect/cuda_tile/ct_hdrmemo.h"

#include <stdlib.h>
#include <string.h>

void ct_hdr_enc_init(CtHdrEnc *e, IrContext *ctx, const char *base) {
  e->ctx = ctx;
  e->base = base;
  ct_svec_init(&e->ints);
  ct_svec_init(&e->attrs);
}

void ct_hdr_put_int(CtHdrEnc *e, int64_t v) { ct_svec_push(&e->ints, v); }

/* A pointer as an offset from base; -1 for NULL. */
static int64_t enc_off(const CtHdrEnc *e, const char *s) {
  return s ? (int64_t)(s - e->base) : -1;
}

void ct_hdr_put_operand(CtHdrEnc *e, const AsmOperand *o) {
  ct_hdr_put_int(e, enc_off(e, o->loc.ptr));
  ct_hdr_put_int(e, enc_off(e, o->name.s));
  ct_hdr_put_int(e, (int64_t)o->name.n);
  ct_hdr_put_int(e, (int64_t)o->number);
}

void ct_hdr_put_attr(CtHdrEnc *e, const IrAttr *a) {
  ct_svec_push(&e->attrs, a ? a : ir_unit_attr(e->ctx));
}

void ct_hdr_put_type(CtHdrEnc *e, const IrType *t) {
  ct_hdr_put_attr(e, t ? ir_type_attr(e->ctx, t) : NULL);
}

void ct_hdr_put_argument(CtHdrEnc *e, const AsmArgument *a) {
  ct_hdr_put_operand(e, &a->ssa);
  ct_hdr_put_type(e, a->type);
  ct_hdr_put_attr(e, a->attrs);
  ct_hdr_put_attr(e, a->loc);
}

void ct_hdr_enc_free(CtHdrEnc *e) {
  ct_svec_free(&e->ints);
  ct_svec_free(&e->attrs);
}

const IrAttr *ct_hdr_finish(CtHdrEnc *e) {
  IrContext *ctx = e->ctx;
  const IrAttr *ints =
      ir_dense_i64_array(ctx, ir_integer_type(ctx, 64, IR_SIGNLESS), e->ints.data, e->ints.len);
  ct_svec_push(&e->attrs, NULL); /* room for the integers in front */
  memmove(e->attrs.data + 1, e->attrs.data, (e->attrs.len - 1) * sizeof *e->attrs.data);
  e->attrs.data[0] = ints;
  const IrAttr *rec = ir_array_attr(ctx, e->attrs.data, e->attrs.len);
  ct_hdr_enc_free(e);
  return rec;
}

bool ct_hdr_is_record(const IrAttr *a) { return a->def == &ir_array_attr_def; }

bool ct_hdr_dec_init(CtHdrDec *d, const IrAttr *rec, const char *base) {
  if (!rec || !ir_attr_is(rec, &ir_array_attr_def) || rec->nelems < 1 ||
      !ir_attr_is(rec->elems[0], &ir_dense_array_attr_def))
    return false;
  d->base = base;
  d->ints = rec->elems[0]->ints;
  d->ni = rec->elems[0]->nints;
  d->attrs = rec->elems + 1;
  d->na = rec->nelems - 1;
  d->ki = d->ka = 0;
  return true;
}

/* -1: not decided yet (CTILE_HDRMEMO decides on first use); 0 / 1. */
static int hdr_on = -1;
static unsigned long hdr_hits;

bool ct_hdr_memo_enabled(void) {
  int v = __atomic_load_n(&hdr_on, __ATOMIC_RELAXED);
  if (v < 0) { /* a race only reads the variable twice */
    const char *env = getenv("CTILE_HDRMEMO");
    v = !(env && !strcmp(env, "0"));
    __atomic_store_n(&hdr_on, v, __ATOMIC_RELAXED);
  }
  return v != 0;
}

void ct_hdr_memo_set_enabled(bool on) { __atomic_store_n(&hdr_on, on ? 1 : 0, __ATOMIC_RELAXED); }

void ct_hdr_memo_count_hit(void) { __atomic_add_fetch(&hdr_hits, 1, __ATOMIC_RELAXED); }

bool ct_hdr_replay_begin(AsmParser *p, CtHdrDec *d, const IrAttr *rec, const char *base) {
  if (!ct_hdr_dec_init(d, rec, base)) return asm_error(p, "internal error: bad header record");
  ct_hdr_memo_count_hit();
  return true;
}

unsigned long ct_hdr_memo_hits(void) { return __atomic_load_n(&hdr_hits, __ATOMIC_RELAXED); }
