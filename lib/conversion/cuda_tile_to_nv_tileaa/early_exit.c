/* early_exit.c — structured early exits, before the conversion proper.
 *
 * cuda_tile lets `return` (in a function), `break`/`continue` (in a loop) and
 * `continue` (in a for) end a region of an `if` nested in the construct they
 * leave; scf and nv_tileaa.func accept those terminators only at the end of
 * the construct's own body.  c2a_lift_early_exits rewrites, in cuda_tile,
 * every function, loop and for body whose exits are nested in ifs so that the
 * body ends in one `cuda_tile.yield` of an exit record
 *     (tag : tile<i32>, values of exit kind 0, values of kind 1, ...)
 * where tag is k+1 for exit kind k.  An `if` that may exit yields the record
 * plus its own results (tag 0: it fell through), and the ops after it move
 * into a new `if tag == 0` whose else branch forwards the record.  Slots of
 * the kinds not taken hold zero constants (or a fresh token).  The owners
 * then end their bodies with:
 *     function  return <kind 0 values>
 *     for       continue <kind 0 values>
 *     loop      kinds (break, continue): the loop pattern (pat_core.c) turns
 *               the body into scf.while's before region ending in
 *               scf.condition(tag == 2) <record values>. */
#include "conversion/cuda_tile_to_nv_tileaa/c2a.h"

#include <string.h>

/* Attribute dictionaries the rewrite builds again and again, made once
 * per run: the `value` of the tag constants 0..2 and of the zero constant
 * of each type (a few types per module). */
typedef struct ExitAttrs {
  const IrAttr *tag[3];
  struct { const IrType *t; const IrAttr *dict; } zero[16];
  unsigned nzero;
} ExitAttrs;

typedef struct Exits {
  const IrOpInfo *kinds[2];  /* exit terminators, in slot order */
  IrTypeVec types[2];        /* their operand types */
  int nkinds;
  IrContext *ctx;
  ExitAttrs *memo;
} Exits;

static const IrType *i32_tile(IrContext *ctx) {
  return ct_scalar_tile_type(ctx, ir_integer_type(ctx, 32, IR_SIGNLESS));
}

/* Builds op `info` before `pos` (or at the end of `b` when pos is NULL),
 * at pos's location (its bits copied, compact or not).  The operand and
 * result arrays are lent to the state and the properties given as the
 * dictionary they are, so an op without regions costs no allocation. */
static IrOp *make(IrContext *ctx, const IrOpInfo *info, IrBlock *b, IrOp *pos,
                  IrValue *const *ops, size_t nops, const IrType *const *rts, size_t nres,
                  const IrAttr *props, unsigned nregions) {
  IrOpState st;
  if (pos) {
    st = (IrOpState){.ctx = ctx, .info = info};
    if (pos->loc_bits & 1) st.loc_bits = pos->loc_bits;
    else st.loc = (const IrLoc *)pos->loc_bits;
  } else {
    ir_op_state_init(&st, ctx, info, NULL);
  }
  st.operands = (IrValueVec){(IrValue **)(uintptr_t)ops, nops, nops};
  st.result_types = (IrTypeVec){(const IrType **)(uintptr_t)rts, nres, nres};
  if (props && props->nelems) st.props_dict = props;
  for (unsigned i = 0; i < nregions; i++) ir_op_state_add_region(&st);
  IrOp *op = ir_op_create(&st);
  st.operands = (IrValueVec){0}; /* lent */
  st.result_types = (IrTypeVec){0};
  if (st.props.data || st.attrs.data || st.regions.data || st.spare.data) ir_op_state_free(&st);
  if (!op) return NULL;
  if (pos) ir_block_insert_before(pos, op);
  else ir_block_append(b, op);
  return op;
}

/* A placeholder value of type t (zero tile / fresh token), or NULL. */
static IrValue *undef(Exits *x, const IrType *t, IrBlock *b, IrOp *pos) {
  IrContext *ctx = x->ctx;
  if (ct_type_is_token(t)) {
    IrOp *o = make(ctx, ct_op(make_token), b, pos, NULL, 0, &t, 1, NULL, 0);
    return o ? ir_op_result(o, 0) : NULL;
  }
  if (!ct_type_is_tile(t) || ct_type_is_ptr(ct_tile_type_elem(t))) return NULL;
  ExitAttrs *m = x->memo;
  const IrAttr *dict = NULL;
  for (unsigned i = 0; i < m->nzero && !dict; i++)
    if (m->zero[i].t == t) dict = m->zero[i].dict;
  if (!dict) {
    uint8_t zero[8] = {0};
    const IrAttr *v = ct_dense_attr(ctx, t, zero, 1);
    const IrNamedAttr na = {ir_identz(ctx, "value"), v};
    dict = ir_dict_attr(ctx, &na, 1, NULL);
    if (m->nzero < 16) m->zero[m->nzero].t = t, m->zero[m->nzero++].dict = dict;
  }
  IrOp *o = make(ctx, ct_op(constant), b, pos, NULL, 0, &t, 1, dict, 0);
  return o ? ir_op_result(o, 0) : NULL;
}

static IrValue *tag_const(Exits *x, int64_t k, IrBlock *b, IrOp *pos) {
  IrContext *ctx = x->ctx;
  const IrType *t = i32_tile(ctx);
  const IrAttr **slot = k >= 0 && k < 3 ? &x->memo->tag[k] : NULL;
  const IrAttr *dict = slot ? *slot : NULL;
  if (!dict) {
    int32_t v = (int32_t)k;
    const IrNamedAttr na = {ir_identz(ctx, "value"), ct_dense_attr(ctx, t, &v, 1)};
    dict = ir_dict_attr(ctx, &na, 1, NULL);
    if (slot) *slot = dict;
  }
  IrOp *o = make(ctx, ct_op(constant), b, pos, NULL, 0, &t, 1, dict, 0);
  return o ? ir_op_result(o, 0) : NULL;
}

/* Number of record values, and their types appended to `out`. */
static void record_types(const Exits *x, const IrType *const *fall, size_t nfall, IrTypeVec *out) {
  vec_push(out, i32_tile(x->ctx));
  for (int k = 0; k < x->nkinds; k++)
    for (size_t i = 0; i < x->types[k].len; i++) vec_push(out, x->types[k].data[i]);
  for (size_t i = 0; i < nfall; i++) vec_push(out, fall[i]);
}

/* Replaces terminator `term` (exit kind `kind`, or -1 for fall-through with
 * `nfall` values) by a yield of the record. */
static bool yield_record(Exits *x, IrOp *term, int kind, const IrType *const *fall,
                         size_t nfall) {
  IrContext *ctx = x->ctx;
  IrBlock *b = term->block;
  IrValueVec vals = {0};
  vec_push(&vals, tag_const(x, kind + 1, b, term));
  unsigned next = 0;
  for (int k = 0; k < x->nkinds; k++)
    for (size_t i = 0; i < x->types[k].len; i++)
      vec_push(&vals, k == kind ? ir_op_operand(term, next++)
                                : undef(x, x->types[k].data[i], b, term));
  /* exits leave the if's own results undefined */
  for (size_t i = 0; i < nfall; i++)
    vec_push(&vals, kind < 0 ? ir_op_operand(term, (unsigned)i) : undef(x, fall[i], b, term));
  bool ok = true;
  for (size_t i = 0; i < vals.len; i++) ok &= vals.data[i] != NULL;
  if (ok) ok = make(ctx, ct_op(yield), b, term, vals.data, vals.len, NULL, 0, NULL, 0) != NULL;
  vec_free(&vals);
  if (ok) ir_op_erase(term);
  return ok;
}

static int exit_kind(const Exits *x, const IrOp *op) {
  for (int k = 0; k < x->nkinds; k++)
    if (op->info == x->kinds[k]) return k;
  return -1;
}

/* Whether op (an if) has an exit of x somewhere in its ifs. */
static bool has_exit(const Exits *x, IrOp *op) {
  for (unsigned r = 0; r < op->nregions; r++)
    for (IrBlock *b = ir_op_region(op, r)->first; b; b = b->next)
      for (IrOp *o = b->first; o; o = o->next) {
        if (exit_kind(x, o) >= 0) return true;
        if (ct_op_is(o, CT_OP_if_) && has_exit(x, o)) return true;
      }
  return false;
}

static bool normalize(Exits *x, IrBlock *b, const IrType *const *fall, size_t nfall);

/* An if with exits: its regions yield (record, results); the rest of the
 * block moves under `if tag == 0`. */
static bool lift_if(Exits *x, IrOp *ifop, const IrType *const *fall, size_t nfall) {
  IrContext *ctx = x->ctx;
  IrBlock *b = ifop->block;
  size_t nres = ifop->nresults;
  const IrType *rt[64];
  if (nres > 32) return false;
  for (size_t i = 0; i < nres; i++) rt[i] = ir_op_result(ifop, (unsigned)i)->type;
  /* an absent else branch falls through */
  IrRegion *els = ir_op_region(ifop, 1);
  if (ir_region_empty(els)) {
    IrBlock *eb = ir_block_new();
    ir_region_append(els, eb);
    if (!make(ctx, ct_op(yield), eb, NULL, NULL, 0, NULL, 0, NULL, 0)) return false;
  }
  for (unsigned r = 0; r < 2; r++)
    if (!normalize(x, ir_op_region(ifop, r)->first, rt, nres)) return false;
  IrTypeVec rec = {0};
  record_types(x, rt, nres, &rec);
  IrValue *cond = ir_op_operand(ifop, 0);
  IrOp *n = make(ctx, ct_op(if_), b, ifop, &cond, 1, rec.data, rec.len, NULL, 2);
  if (!n) return vec_free(&rec), false;
  ir_region_take(ir_op_region(n, 0), ir_op_region(ifop, 0));
  ir_region_take(ir_op_region(n, 1), ir_op_region(ifop, 1));
  size_t nrec = rec.len - nres;
  for (size_t i = 0; i < nres; i++)
    ir_value_replace_all_uses(ir_op_result(ifop, (unsigned)i), ir_op_result(n, (unsigned)(nrec + i)));
  ir_op_erase(ifop);
  vec_free(&rec);
  /* the rest of the block */
  IrTypeVec outer = {0};
  record_types(x, fall, nfall, &outer);
  IrValue *tag = ir_op_result(n, 0);
  IrValue *zero = tag_const(x, 0, b, NULL);
  IrValue *cops[2] = {tag, zero};
  const IrType *i1 = ct_scalar_tile_type(ctx, ir_integer_type(ctx, 1, IR_SIGNLESS));
  IrNamedAttr ca[2] = {
      {ir_identz(ctx, "comparison_predicate"),
       ct_enum_attr(ctx, &ct_enum_comparison_predicate, CT_CMP_EQUAL)},
      {ir_identz(ctx, "signedness"), ct_enum_attr(ctx, &ct_enum_signedness, CT_SIGNEDNESS_SIGNED)}};
  IrOp *cmp = make(ctx, ct_op(cmpi), b, NULL, cops, 2, &i1, 1, ir_dict_attr(ctx, ca, 2, NULL), 0);
  if (!cmp) return vec_free(&outer), false;
  IrValue *c = ir_op_result(cmp, 0);
  IrOp *rest = make(ctx, ct_op(if_), b, NULL, &c, 1, outer.data, outer.len, NULL, 2);
  if (!rest) return vec_free(&outer), false;
  IrBlock *tb = ir_block_new(), *eb = ir_block_new();
  ir_region_append(ir_op_region(rest, 0), tb);
  ir_region_append(ir_op_region(rest, 1), eb);
  /* move the tail (the ops after n, before the zero constant) */
  IrOp *zop = zero->def;
  for (IrOp *o = n->next; o && o != zop;) {
    IrOp *nx = o->next;
    ir_op_unlink(o);
    ir_block_append(tb, o);
    o = nx;
  }
  /* else: forward the record (the if's fall-through slots are undefined) */
  IrValueVec fw = {0};
  for (size_t i = 0; i < nrec; i++) vec_push(&fw, ir_op_result(n, (unsigned)i));
  bool ok = true;
  for (size_t i = 0; i < nfall; i++) {
    IrValue *u = undef(x, fall[i], eb, NULL);
    ok &= u != NULL;
    vec_push(&fw, u);
  }
  ok = ok && make(ctx, ct_op(yield), eb, NULL, fw.data, fw.len, NULL, 0, NULL, 0) != NULL;
  vec_free(&fw);
  /* the block now ends with a yield of `rest`'s record */
  IrValueVec rv = {0};
  for (size_t i = 0; i < outer.len; i++) vec_push(&rv, ir_op_result(rest, (unsigned)i));
  ok = ok && make(ctx, ct_op(yield), b, NULL, rv.data, rv.len, NULL, 0, NULL, 0) != NULL;
  vec_free(&rv);
  vec_free(&outer);
  return ok && normalize(x, tb, fall, nfall);
}

/* Makes block b end in a yield of the record (see the file comment). */
static bool normalize(Exits *x, IrBlock *b, const IrType *const *fall, size_t nfall) {
  for (IrOp *op = b->first; op; op = op->next) {
    int k = exit_kind(x, op);
    if (k >= 0) return yield_record(x, op, k, fall, nfall);
    if (ct_op_is(op, CT_OP_yield) && !op->next) return yield_record(x, op, -1, fall, nfall);
    if (ct_op_is(op, CT_OP_if_) && has_exit(x, op)) return lift_if(x, op, fall, nfall);
  }
  return false;
}

/* Whether body needs the rewrite: an exit nested in one of its ifs. */
static bool needs(const Exits *x, IrBlock *b) {
  for (IrOp *o = b->first; o; o = o->next)
    if (ct_op_is(o, CT_OP_if_) && has_exit(x, o)) return true;
  return false;
}

static void exits_free(Exits *x) {
  for (int k = 0; k < 2; k++) vec_free(&x->types[k]);
}

/* Rewrites one owner (function, for or loop). */
static bool lift_owner(IrOp *op, ExitAttrs *memo) {
  IrContext *ctx = ir_op_context(op);
  IrBlock *body = ir_op_region(op, 0)->first;
  if (!body) return true;
  Exits x;
  memset(&x, 0, sizeof x);
  x.ctx = ctx;
  x.memo = memo;
  if (ct_op_is(op, CT_OP_loop)) {
    x.nkinds = 2;
    x.kinds[0] = ct_op(break_);
    x.kinds[1] = ct_op(continue_);
    for (unsigned i = 0; i < op->nresults; i++) vec_push(&x.types[0], ir_op_result(op, i)->type);
    for (unsigned i = 0; i < body->nargs; i++) vec_push(&x.types[1], body->args[i]->type);
    /* loops are always rewritten: the scf.while pattern expects the record */
  } else {
    x.nkinds = 1;
    bool fn = !ct_op_is(op, CT_OP_for_);
    x.kinds[0] = fn ? ct_op(return_) : ct_op(continue_);
    if (fn) {
      const IrAttr *ft = ir_op_attrz(op, "function_type");
      for (size_t i = 0; ft && i < ir_func_num_results(ft->type); i++)
        vec_push(&x.types[0], ir_func_results(ft->type)[i]);
    } else {
      for (unsigned i = 1; i < body->nargs; i++) vec_push(&x.types[0], body->args[i]->type);
    }
    if (!needs(&x, body)) return exits_free(&x), true;
  }
  bool ok = normalize(&x, body, NULL, 0);
  if (ok && !ct_op_is(op, CT_OP_loop)) {
    /* the record's kind-0 values leave through the owner's terminator */
    IrOp *y = body->last;
    IrValueVec v = {0};
    for (unsigned i = 1; i < y->noperands; i++) vec_push(&v, ir_op_operand(y, i));
    IrOp *t = make(ctx, x.kinds[0], body, y, v.data, v.len, NULL, 0, NULL, 0);
    vec_free(&v);
    if (t) ir_op_erase(y);
    ok = t != NULL;
  }
  exits_free(&x);
  if (!ok) ir_op_emit_error(op, "cannot restructure the early exits of this op");
  return ok;
}

typedef VEC(IrOp *) OpVec;

/* The owners under op (functions, fors and loops), inner ones first (the
 * order of ir_walk_post), by a direct recursion into the ops with regions
 * only. */
static void collect(IrOp *op, OpVec *owners, const IrOpInfo *const kinds[4]) {
  for (uint32_t i = 0; i < op->nregions; i++)
    for (IrBlock *b = ir_op_region(op, i)->first; b; b = b->next)
      for (IrOp *o = b->first; o; o = o->next)
        if (o->nregions) collect(o, owners, kinds);
  for (int k = 0; k < 4; k++)
    if (op->info == kinds[k]) {
      vec_push(owners, op);
      break;
    }
}

bool c2a_lift_early_exits(IrOp *root) {
  OpVec owners = {0};
  const IrOpInfo *const kinds[4] = {ct_op(entry), ct_op(testing_func), ct_op(for_), ct_op(loop)};
  collect(root, &owners, kinds);
  ExitAttrs memo;
  memset(&memo, 0, sizeof memo);
  bool ok = true;
  for (size_t i = 0; i < owners.len && ok; i++) ok = lift_owner(owners.data[i], &memo);
  vec_free(&owners);
  return ok;
}
