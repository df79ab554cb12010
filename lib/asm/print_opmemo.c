/* print_opmemo.c — the printer's op memo: the printed text of an op
 * without regions or successors, replayed for later ops of the same shape.
 *
 * What follows an op's result names (`%x = `) is a function of the op's
 * kind, its uniqued property and attribute dictionaries, its operand and
 * result types, the printer's options and alias state, the default dialect
 * in scope, and the names of its operands.  The first op of each shape is
 * printed as usual (custom hook or generic printer) while the printer
 * notes where each operand's name went (asm_print_operand and the generic
 * printer report it here); its text is kept with those holes.  A later op
 * of the same shape gets the kept text with its own operand names spliced
 * in, and the hook does not run.
 *
 * An op is not recorded when its text depends on anything else: a value id
 * that is not exactly one of its operands (a result, a block argument, an
 * operand value that occurs twice: which operand the hook meant is
 * unknown), a location, a block, region, successor or nested op, a newline
 * (its indentation), a type alias defined or a dense resource noted while
 * printing it.  The printer's options are fixed for its life, and so is its
 * memo (one per AsmPrinter).  Memory is bounded: a fixed table of entries
 * and at most OM_TEXT_MAX bytes of text, everything dropped when full. */
#include "asm/printer_internal.h"

#define OM_SLOT_BITS 11
#define OM_SLOTS (1u << OM_SLOT_BITS)
#define OM_TEXT_MAX ((size_t)1 << 19) /* bytes of kept text */
#define OM_POOL_MAX ((size_t)1 << 16) /* types and holes kept */
#define OM_OP_TEXT_MAX 4096           /* longer texts are not kept */

/* One kept text.  info == NULL: an empty slot. */
typedef struct OmEntry {
  uint64_t hash;
  const IrOpInfo *info;
  const IrAttr *props, *attrs;
  const char *dd;
  const AsmAliases *al;
  uint32_t gen;
  uint16_t nops, nres;
  uint32_t types_off;           /* operand then result types, in types */
  uint32_t text_off, text_len;  /* in text */
  uint32_t holes_off, nholes;   /* in holes: position << 5 | operand index */
} OmEntry;

typedef struct AsmOpMemo {
  OmEntry ent[OM_SLOTS];
  StrBuf text;
  VEC(const IrType *) types;
  VEC(uint32_t) holes;
} AsmOpMemo;

static inline uint64_t om_mix(uint64_t h, uintptr_t x) {
  return (h ^ x) * 0x9E3779B97F4A7C15ull;
}

/* Whether entry e (whose hash matched) is op's shape. */
static inline bool om_match(const AsmOpMemo *m, const OmEntry *e, const AsmPrinter *p,
                            IrOp *op, const char *dd) {
  if (e->info != op->info || e->props != op->props || e->attrs != op->attrs || e->dd != dd ||
      e->al != p->aliases || e->gen != p->alias_gen || e->nops != op->noperands ||
      e->nres != op->nresults)
    return false;
  if (!e->nops && !e->nres) return true;
  const IrType *const *t = m->types.data + e->types_off;
  IrUse *ops = ir_op_operands(op);
  for (uint32_t i = 0; i < op->noperands; i++)
    if (!ops[i].value || t[i] != ops[i].value->type) return false;
  t += op->noperands;
  for (uint32_t i = 0; i < op->nresults; i++)
    if (t[i] != ir_op_result(op, i)->type) return false;
  return true;
}

/* Appends s[0..n) to b in 16-byte pieces (the kept text has 16 bytes of
 * slack after every entry); no terminating NUL (om_replay adds it). */
static inline void om_put(StrBuf *b, const char *s, size_t n) {
  sb_reserve(b, n + 16);
  char *d = b->s + b->len;
  for (size_t i = 0; i < n; i += 16) memcpy(d + i, s + i, 16);
  b->len += n;
}

/* Writes entry e's text with op's operand names in its holes. */
static void om_replay(AsmPrinter *p, const AsmOpMemo *m, const OmEntry *e, IrOp *op) {
  const char *t = m->text.s + e->text_off;
  IrUse *ops = ir_op_operands(op);
  uint32_t prev = 0;
  for (uint32_t i = 0; i < e->nholes; i++) {
    const uint32_t *h = m->holes.data + e->holes_off; /* NULL while no op had holes */
    uint32_t pos = h[i] >> 5;
    om_put(p->out, t + prev, pos - prev);
    IrValue *v = ops[h[i] & 31].value;
    uintptr_t name = asm_value_name_fast(p->names, v); /* p->names: see asm_opmemo_begin */
    int32_t rno = -1;
    if (name) {
      asm_put_value_name_inline(p->out, name);
    } else if ((name = asm_value_name_multi(p->names, v, &rno)) != 0) {
      asm_put_value_name_inline(p->out, name); /* `%x#N` of a result group */
      if (rno >= 0 && rno < 10) { /* `#N`, the common case, without a call */
        StrBuf *b = p->out;
        sb_reserve(b, 2);
        b->s[b->len++] = '#';
        b->s[b->len++] = (char)('0' + rno);
        b->s[b->len] = 0;
      } else if (rno >= 0) {
        sb_putc(p->out, '#');
        asm_put_uint(p->out, (uint64_t)rno);
      }
    } else {
      asm_print_value_id(p, v, true);
    }
    prev = pos;
  }
  om_put(p->out, t + prev, e->text_len - prev);
  p->out->s[p->out->len] = 0;
}

bool asm_opmemo_begin(AsmPrinter *p, IrOp *op, const char *dd, AsmOpMemoRec *rec) {
  rec->op = NULL;
  if (op->nregions || op->nsuccessors || p->init || !p->names || p->om_rec ||
      op->noperands > ASM_OPMEMO_MAX_OPERANDS || op->nresults > ASM_OPMEMO_MAX_RESULTS)
    return false;
  /* The hash covers the fixed part of the key and the first operand and
   * result types (om_match compares every type): no loop per operand. */
  IrUse *ops = ir_op_operands(op);
  const IrValue *v0 = op->noperands ? ops[0].value : NULL;
  if (op->noperands && !v0) return false;
  uint64_t h = om_mix(om_mix(om_mix(om_mix((uintptr_t)op->info, (uintptr_t)op->props),
                                    (uintptr_t)op->attrs),
                             (uintptr_t)dd),
                      (uintptr_t)p->aliases + p->alias_gen);
  h = om_mix(h, (uintptr_t)op->noperands << 8 | op->nresults);
  if (v0) h = om_mix(h, (uintptr_t)v0->type);
  if (op->nresults) h = om_mix(h, (uintptr_t)ir_op_result(op, 0)->type);
  uint32_t slot = (uint32_t)(h >> (64 - OM_SLOT_BITS));
  AsmOpMemo *m = p->om;
  if (m) { /* two ways: slot and its neighbour */
    const OmEntry *e = &m->ent[slot];
    if ((e->hash == h && om_match(m, e, p, op, dd)) ||
        ((e = &m->ent[slot ^ 1])->hash == h && om_match(m, e, p, op, dd))) {
      om_replay(p, m, e, op);
      return true;
    }
  }
  for (uint32_t i = 1; i < op->noperands; i++)
    if (!ops[i].value) return false; /* (a malformed op: not recorded) */
  rec->hash = h;
  rec->slot = slot;
  rec->op = op;
  rec->dd = dd;
  rec->out = p->out;
  rec->start = p->out->len;
  rec->gen = p->alias_gen;
  rec->nres_used = (uint32_t)p->res_used.len;
  rec->nholes = 0;
  rec->fail = false;
  p->om_rec = rec;
  return false;
}

void asm_opmemo_print_operand(AsmPrinter *p, IrValue *v) {
  AsmOpMemoRec *rec = p->om_rec;
  if (rec->fail) {
    asm_print_value_id(p, v, true);
    return;
  }
  if (p->out != rec->out || rec->nholes == ASM_OPMEMO_HOLES) rec->fail = true;
  IrUse *ops = ir_op_operands(rec->op);
  uint32_t idx = 0, seen = 0;
  for (uint32_t i = 0; i < rec->op->noperands; i++)
    if (ops[i].value == v) {
      idx = i;
      seen++;
    }
  if (seen != 1) rec->fail = true; /* not an operand, or one of several equal ones */
  size_t at = p->out->len;
  asm_print_value_id(p, v, true);
  if (rec->fail) return;
  rec->hole_pos[rec->nholes] = (uint32_t)(at - rec->start);
  rec->hole_end[rec->nholes] = (uint32_t)(p->out->len - rec->start);
  rec->hole_idx[rec->nholes++] = (uint8_t)idx;
}

/* Drops every entry and the kept text. */
static void om_clear(AsmOpMemo *m) {
  memset(m->ent, 0, sizeof m->ent);
  sb_clear(&m->text);
  m->types.len = 0;
  m->holes.len = 0;
}

void asm_opmemo_end(AsmPrinter *p, AsmOpMemoRec *rec) {
  if (!rec->op) return;
  p->om_rec = NULL;
  if (rec->fail || p->out != rec->out || p->alias_gen != rec->gen ||
      p->res_used.len != rec->nres_used)
    return;
  size_t n = p->out->len - rec->start;
  if (n > OM_OP_TEXT_MAX) return;
  AsmOpMemo *m = p->om;
  if (!m) m = p->om = xcalloc(1, sizeof *m);
  if (m->text.len + n > OM_TEXT_MAX ||
      m->types.len + ASM_OPMEMO_MAX_OPERANDS + ASM_OPMEMO_MAX_RESULTS > OM_POOL_MAX ||
      m->holes.len + ASM_OPMEMO_HOLES > OM_POOL_MAX)
    om_clear(m);
  /* the new text goes to its slot; what was there moves to the other way
   * unless that one is empty */
  OmEntry *e = &m->ent[rec->slot], *other = &m->ent[rec->slot ^ 1];
  if (e->info && !other->info) e = other;
  else if (e->info) *other = *e;
  IrOp *op = rec->op;
  e->hash = rec->hash;
  e->info = op->info;
  e->props = op->props;
  e->attrs = op->attrs;
  e->dd = rec->dd;
  e->al = p->aliases;
  e->gen = p->alias_gen;
  e->nops = (uint16_t)op->noperands;
  e->nres = (uint16_t)op->nresults;
  e->types_off = (uint32_t)m->types.len;
  for (uint32_t i = 0; i < op->noperands; i++)
    vec_push(&m->types, ir_op_operands(op)[i].value->type);
  for (uint32_t i = 0; i < op->nresults; i++) vec_push(&m->types, ir_op_result(op, i)->type);
  /* the text without the operand names; a hole's position is where its
   * name goes in that text */
  const char *s = p->out->s + rec->start;
  e->text_off = (uint32_t)m->text.len;
  e->holes_off = (uint32_t)m->holes.len;
  e->nholes = rec->nholes;
  uint32_t prev = 0;
  for (uint32_t i = 0; i < rec->nholes; i++) {
    sb_putn(&m->text, s + prev, rec->hole_pos[i] - prev);
    vec_push(&m->holes, (uint32_t)(m->text.len - e->text_off) << 5 | rec->hole_idx[i]);
    prev = rec->hole_end[i];
  }
  sb_putn(&m->text, s + prev, n - prev);
  e->text_len = (uint32_t)(m->text.len - e->text_off);
  sb_reserve(&m->text, 16); /* om_put reads up to 15 bytes past */
}

void asm_opmemo_free(AsmPrinter *p) {
  AsmOpMemo *m = p->om;
  if (!m) return;
  sb_free(&m->text);
  vec_free(&m->types);
  vec_free(&m->holes);
  free(m);
  p->om = NULL;
}
