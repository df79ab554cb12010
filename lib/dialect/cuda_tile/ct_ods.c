/* ct_ods.c — ODS-style constraint checkers and type predicates shared by
 * both halves of the cuda_tile op set (see ct_ods.h for the wording each
 * check reproduces and the order ODS runs them in). */
#include "dialect/cuda_tile/ct_ods.h"
#include "dialect/cuda_tile/ct_types.h"
#include "dialect/cuda_tile/verify_memo.h"
#include "ir/verify.h"

#include <string.h>

/* ---- operands / results ------------------------------------------------- */

/* One value's constraint: "<kind> #idx must be <desc>, but got '<type>'". */
static bool check_value(IrOp *op, const char *kind, unsigned idx,
                        const IrType *t, CtTypePred pred, const char *desc) {
  if (pred(t)) return true;
  return ir_op_error(op, "%s #%u must be %s, but got '%T'", kind, idx, desc, t);
}

/* ---- operand segments ---------------------------------------------------- */

/* `a` when it is a valid operandSegmentSizes value (i32 dense array). */
static const IrAttr *segment_attr_check(const IrAttr *a) {
  if (!ir_attr_is(a, &ir_dense_array_attr_def)) return NULL;
  if (!ir_type_is_int_width(a->type, 32)) return NULL;
  return a;
}

static const IrAttr *segment_attr(const IrOp *op) {
  const IrAttr *a = ir_op_attrz(op, "operandSegmentSizes");
  if (!ir_attr_is(a, &ir_dense_array_attr_def)) return NULL;
  if (!ir_type_is_int_width(a->type, 32)) return NULL;
  return a;
}

/* AttrSizedOperandSegments: reads `operandSegmentSizes` into sizes/starts,
 * with ODS's messages for a missing, malformed or inconsistent attribute. */
static bool ct_ods_segments(IrOp *op, const IrAttr *raw, unsigned nseg, int32_t *sizes,
                            uint32_t *starts) {
  if (!raw) return ir_op_error(op, "requires attribute 'operandSegmentSizes'");
  const IrAttr *a = segment_attr_check(raw);
  if (!a)
    return ir_op_error(op, "attribute 'operandSegmentSizes' failed to satisfy "
                           "constraint: i32 dense array attribute");
  if (a->nints != nseg)
    return ir_op_error(op, "'operandSegmentSizes' attribute for specifying "
                           "operand segments must have %u elements, but got %u",
                       nseg, (unsigned)a->nints);
  int64_t total = 0;
  for (unsigned i = 0; i < nseg; i++) {
    if (a->ints[i] < 0)
      return ir_op_error(op, "'operandSegmentSizes' attribute cannot have "
                             "negative elements");
    total += a->ints[i];
  }
  if (total != (int64_t)op->noperands)
    return ir_op_error(op, "operand count (%u) does not match with the total "
                           "size (%lld) specified in attribute "
                           "'operandSegmentSizes'",
                       op->noperands, (long long)total);
  uint32_t at = 0;
  for (unsigned i = 0; i < nseg; i++) {
    if (sizes) sizes[i] = (int32_t)a->ints[i];
    if (starts) starts[i] = at;
    at += (uint32_t)a->ints[i];
  }
  return true;
}

static bool ct_ods_optional_segment(IrOp *op, uint32_t start, int32_t size) {
  if (size <= 1) return true;
  return ir_op_error(op, "operand group starting at #%u requires 0 or 1 "
                         "element, but found %d", start, size);
}

bool ct_ods_sized_region(IrOp *op, unsigned idx, const char *name, bool at_most) {
  size_t nblocks = 0;
  for (IrBlock *b = ir_op_region(op, idx)->first; b; b = b->next) nblocks++;
  if (at_most ? nblocks <= 1 : nblocks == 1) return true;
  return ir_op_error(op, "region #%u ('%s') failed to verify constraint: region with %s1 blocks",
                     idx, name, at_most ? "at most " : "");
}

bool ct_ods_segment_range(const IrOp *op, unsigned seg, unsigned nseg,
                          uint32_t *start, uint32_t *size) {
  *start = 0;
  *size = 0;
  const IrAttr *a = segment_attr(op);
  if (!a || a->nints != nseg || seg >= nseg) return false;
  uint64_t at = 0;
  for (unsigned i = 0; i < seg; i++) at += (uint64_t)a->ints[i];
  if (a->ints[seg] < 0 || at + (uint64_t)a->ints[seg] > op->noperands) return false;
  *start = (uint32_t)at;
  *size = (uint32_t)a->ints[seg];
  return true;
}

const IrAttr *ct_ods_segment_attr(IrContext *ctx, const int32_t *sizes, size_t n) {
  int64_t v[16];
  if (n > 16) n = 16;
  for (size_t i = 0; i < n; i++) v[i] = sizes[i];
  return ir_dense_i64_array(ctx, ir_integer_type(ctx, 32, IR_SIGNLESS), v, n);
}

/* ---- attributes ---------------------------------------------------------- */

/* "requires attribute 'name'" when `a` is NULL; returns `a`. */
static const IrAttr *ct_ods_check_required(IrOp *op, const char *name, const IrAttr *a) {
  if (!a) ir_op_error(op, "requires attribute '%s'", name);
  return a;
}

/* "attribute 'name' failed to satisfy constraint: <desc>" when `a` is
 * present and !pred(a). */
static bool ct_ods_check_attr(IrOp *op, const char *name, const IrAttr *a, CtAttrPred pred,
                       const char *desc) {
  if (!a || pred(a)) return true;
  return ir_op_error(op, "attribute '%s' failed to satisfy constraint: %s", name,
                     desc);
}



/* ---- declarative specs --------------------------------------------------- */

/* A spec's shape, derived once per op kind (and thread) on first use: how
 * many groups of each list, how many single-value groups, the attribute
 * names' lengths.  The per-op work is then flat loops over the groups. */
typedef struct OdsProg {
  bool ready;
  uint8_t nopnd, nres, nattr, nreg;
  uint8_t opnd_singles, res_singles; /* CT_ODS_ONE groups among them */
  bool opnd_simple;                  /* no segments, every operand group CT_ODS_ONE */
  uint8_t attr_len[6];
} OdsProg;

static _Thread_local OdsProg ods_progs[CT_OP_COUNT];

static unsigned count_groups(const CtOdsValueSpec *v, unsigned max) {
  unsigned n = 0;
  while (n < max && v[n].arity != CT_ODS_NONE) n++;
  return n;
}

static unsigned count_singles(const CtOdsValueSpec *v, unsigned n) {
  unsigned k = 0;
  for (unsigned i = 0; i < n; i++) k += v[i].arity == CT_ODS_ONE;
  return k;
}

static void ods_prog_init(OdsProg *p, const CtOdsSpec *s) {
  p->nopnd = (uint8_t)count_groups(s->operands, CT_ODS_MAX_GROUPS);
  p->nres = (uint8_t)count_groups(s->results, 3);
  p->opnd_singles = (uint8_t)count_singles(s->operands, p->nopnd);
  p->res_singles = (uint8_t)count_singles(s->results, p->nres);
  p->opnd_simple = !s->segments && p->opnd_singles == p->nopnd;
  p->nattr = 0;
  while (p->nattr < 6 && s->attrs[p->nattr].name) {
    p->attr_len[p->nattr] = (uint8_t)strlen(s->attrs[p->nattr].name);
    p->nattr++;
  }
  p->nreg = 0;
  while (p->nreg < 2 && s->regions[p->nreg].name) p->nreg++;
  p->ready = true;
}

static const OdsProg *ods_prog(size_t row, const CtOdsSpec *s) {
  OdsProg *p = &ods_progs[row];
  if (!p->ready) ods_prog_init(p, s);
  return p;
}

/* The attribute checks of a spec depend on nothing but the op's two
 * (uniqued) dictionaries: the pairs an op kind accepted during the current
 * verify walk (ir/verify.h), with the `operandSegmentSizes` entry found
 * there, so that an op repeating one skips every lookup. */
#define ATTR_MEMO_BITS 3
#define ATTR_MEMO_WAYS (1 << ATTR_MEMO_BITS)
typedef struct AttrMemo {
  uint64_t walk;
  const IrAttr *props, *attrs;
  const IrAttr *seg;
} AttrMemo;

static _Thread_local AttrMemo attr_memo[CT_OP_COUNT][ATTR_MEMO_WAYS];

static AttrMemo *attr_memo_slot(size_t row, const IrOp *op) {
  uint64_t h = ((uintptr_t)op->props ^ (uintptr_t)op->attrs * 31) * 0x9E3779B97F4A7C15u;
  return &attr_memo[row][h >> (64 - ATTR_MEMO_BITS)];
}

/* Symbol ops (their sym_name property is unique) never repeat a signature,
 * so neither memo above applies to them.  Their attribute checks are
 * remembered per context instead: a few property dictionaries of each
 * kind that passed them, with their discardable ones, and a later op of the
 * kind whose properties differ from those only in the sym_name entry (the
 * same names in the same order and the same values but that one, which
 * passes the spec's own sym_name constraint) and whose discardable
 * dictionary is the same passes them too.  Dictionaries are uniqued and
 * immortal in their context, so the memo lives in it (a context state). */
#define SYM_MEMO_BITS 6
typedef struct SymMemo {
  struct {
    const IrAttr *props, *attrs;
  } e[CT_OP_COUNT][1 << SYM_MEMO_BITS];
} SymMemo;

/* The entry of `op`'s kind for its properties: a hash of their entries
 * whose values are not strings (the name is one), so that the ops that
 * differ only in their name share it. */
static inline size_t sym_memo_way(const IrAttr *props) {
  uint64_t h = props ? props->nelems : 0;
  for (uint32_t i = 0; props && i < props->nelems; i++)
    if (props->elems[i]->def != &ir_string_attr_def)
      h = (h ^ (uintptr_t)props->elems[i]) * 0x9E3779B97F4A7C15u;
  return (size_t)(h >> (64 - SYM_MEMO_BITS));
}

static _Thread_local struct {
  uint64_t walk;
  SymMemo *m;
} sym_memo_cur;

static SymMemo *sym_memo(IrOp *op) {
  uint64_t walk = ir_verify_walk_id();
  if (!walk) return NULL;
  if (sym_memo_cur.walk != walk) {
    sym_memo_cur.m =
        ir_ctx_zeroed_state(ir_op_context(op), "cuda_tile.verify_symmemo", sizeof(SymMemo));
    sym_memo_cur.walk = walk;
  }
  return sym_memo_cur.m;
}

/* Whether dictionary `b` is `a` (which passed spec `s`) but for the value
 * of its sym_name entry, which passes s's sym_name constraint. */
static bool same_but_sym_name(const IrAttr *a, const IrAttr *b, const CtOdsSpec *s,
                              const OdsProg *p) {
  if (a == b) return true;
  if (!a || !b || a->nelems != b->nelems) return false;
  bool differs = false;
  for (uint32_t i = 0; i < a->nelems; i++) {
    if (a->names[i] != b->names[i]) return false;
    if (a->elems[i] == b->elems[i]) continue;
    const IrIdent *n = a->names[i];
    if (differs || n->len != 8 || memcmp(n->str, "sym_name", 8)) return false;
    for (unsigned k = 0; k < p->nattr; k++)
      if (p->attr_len[k] == 8 && !memcmp(s->attrs[k].name, "sym_name", 8) && s->attrs[k].pred &&
          !s->attrs[k].pred(b->elems[i]))
        return false;
    differs = true;
  }
  return true;
}

/* Operands [at, at + k) (clipped to the op's count) against one group's
 * predicate: the first that fails is reported. */
static bool check_operands(IrOp *op, uint32_t at, uint32_t k, const CtOdsValueSpec *v) {
  uint32_t end = at + k < op->noperands ? at + k : op->noperands;
  for (uint32_t i = at; i < end; i++) {
    const IrType *t = ir_op_operands(op)[i].value->type;
    if (!v->pred(t)) return check_value(op, "operand", i, t, v->pred, v->desc);
  }
  return true;
}

static bool check_results(IrOp *op, uint32_t at, uint32_t k, const CtOdsValueSpec *v) {
  uint32_t end = at + k < op->nresults ? at + k : op->nresults;
  for (uint32_t i = at; i < end; i++) {
    const IrType *t = ir_op_result(op, i)->type;
    if (!v->pred(t)) return check_value(op, "result", i, t, v->pred, v->desc);
  }
  return true;
}

/* The region constraints of `s` (not part of an op's signature: checked on
 * every op, memo or not). */
static bool ct_ods_regions(IrOp *op, const CtOdsSpec *s, const OdsProg *p) {
  for (unsigned i = 0; i < p->nreg; i++)
    if (i < op->nregions && !ct_ods_sized_region(op, i, s->regions[i].name, s->regions[i].at_most))
      return false;
  return true;
}

static bool ct_ods_run_sig(IrOp *op, size_t row, const CtOdsSpec *s, const OdsProg *p, bool memo,
                           CtOdsGroups *g);

/* ct_ods_verify with `p`, the shape of `s`; `memo`: `s` is the spec of
 * row `row`, whose memos apply.  Everything but the region constraints is
 * a function of the op's signature (verify_memo.h): a signature that
 * passed before passes again, with the operand groups it had. */
static bool ct_ods_run(IrOp *op, size_t row, const CtOdsSpec *s, const OdsProg *p, bool memo,
                       CtOdsGroups *g) {
  CtOdsGroups local;
  /* a symbol's name is a property, unique to it: its signature never repeats */
  if (op->info->traits & IR_TRAIT_SYMBOL) memo = false;
  if (!memo) return ct_ods_run_sig(op, row, s, p, false, g ? g : &local) && ct_ods_regions(op, s, p);
  bool hit;
  CtVMemoSlot *slot = ct_vmemo_probe(op, &hit, g);
  if (!hit) {
    if (!g) {
      g = &local;
      memset(g, 0, sizeof *g);
    }
    if (!ct_ods_run_sig(op, row, s, p, true, g)) return false;
    ct_vmemo_store(slot, op, g);
  }
  return !p->nreg || ct_ods_regions(op, s, p);
}

/* The signature part of ct_ods_run: segments, attributes, operand and
 * result types. */
static bool ct_ods_run_sig(IrOp *op, size_t row, const CtOdsSpec *s, const OdsProg *p, bool memo,
                           CtOdsGroups *g) {
  uint64_t walk = memo && (p->nattr || s->segments) ? ir_verify_walk_id() : 0;
  AttrMemo *m = walk ? attr_memo_slot(row, op) : NULL;
  bool memo_hit = m && m->walk == walk && m->props == op->props && m->attrs == op->attrs;
  /* a symbol op of a row (memo off, see ct_ods_run): its kind's last
   * passing dictionaries, but for the name */
  SymMemo *sm = !memo && row && (op->info->traits & IR_TRAIT_SYMBOL) && p->nattr && !s->segments
                    ? sym_memo(op)
                    : NULL;
  size_t way = sm ? sym_memo_way(op->props) : 0;
  if (sm && sm->e[row][way].props && sm->e[row][way].attrs == op->attrs &&
      same_but_sym_name(sm->e[row][way].props, op->props, s, p))
    memo_hit = true;
  unsigned nopnd = p->nopnd;
  const IrAttr *seg = NULL;
  if (s->segments) {
    seg = memo_hit ? m->seg : ir_op_attrn(op, "operandSegmentSizes", 19);
    if (!ct_ods_segments(op, seg, nopnd, g->size, g->start)) return false;
  } else if (p->opnd_simple) {
    for (unsigned i = 0; i < nopnd; i++) {
      g->start[i] = i;
      g->size[i] = 1;
    }
  } else {
    /* positional: CT_ODS_ONE groups take one value each, the (single)
     * optional/variadic group the rest */
    uint32_t rest = op->noperands > p->opnd_singles ? op->noperands - p->opnd_singles : 0;
    uint32_t at = 0;
    for (unsigned i = 0; i < nopnd; i++) {
      uint32_t k = s->operands[i].arity == CT_ODS_ONE ? 1 : rest;
      if (s->operands[i].arity != CT_ODS_ONE) rest = 0;
      g->start[i] = at;
      g->size[i] = (int32_t)k;
      at += k;
    }
  }
  if (!memo_hit && p->nattr) {
    /* attributes: each looked up once; presence, then constraints */
    const IrAttr *av[6];
    for (unsigned i = 0; i < p->nattr; i++) {
      av[i] = ir_op_attrn(op, s->attrs[i].name, p->attr_len[i]);
      if (s->attrs[i].required && !ct_ods_check_required(op, s->attrs[i].name, av[i]))
        return false;
    }
    for (unsigned i = 0; i < p->nattr; i++)
      if (s->attrs[i].pred &&
          !ct_ods_check_attr(op, s->attrs[i].name, av[i], s->attrs[i].pred, s->attrs[i].desc))
        return false;
  }
  if (m && !memo_hit) *m = (AttrMemo){walk, op->props, op->attrs, seg};
  if (sm && !memo_hit) {
    sm->e[row][way].props = op->props;
    sm->e[row][way].attrs = op->attrs;
  }
  if (p->opnd_simple) {
    uint32_t n = op->noperands < nopnd ? op->noperands : nopnd;
    for (uint32_t i = 0; i < n; i++) {
      const IrType *t = ir_op_operands(op)[i].value->type;
      const CtOdsValueSpec *v = &s->operands[i];
      if (!v->pred(t)) return check_value(op, "operand", i, t, v->pred, v->desc);
    }
  } else {
    if (s->segments)
      for (unsigned i = 0; i < nopnd; i++)
        if (s->operands[i].arity == CT_ODS_ONE && g->size[i] != 1)
          return ir_op_error(op, "operand group #%u requires exactly 1 element", i);
    for (unsigned i = 0; i < nopnd; i++) {
      const CtOdsValueSpec *v = &s->operands[i];
      uint32_t k = v->arity == CT_ODS_ONE ? 1u : (uint32_t)g->size[i];
      if (v->arity == CT_ODS_OPT && !ct_ods_optional_segment(op, g->start[i], g->size[i]))
        return false;
      if (!check_operands(op, g->start[i], k, v)) return false;
    }
  }
  if (p->nres == 1 && s->results[0].arity == CT_ODS_ONE) {
    if (op->nresults && !check_results(op, 0, 1, &s->results[0])) return false;
  } else {
    uint32_t rest = op->nresults > p->res_singles ? op->nresults - p->res_singles : 0;
    uint32_t at = 0;
    for (unsigned i = 0; i < p->nres; i++) {
      const CtOdsValueSpec *v = &s->results[i];
      uint32_t k = v->arity == CT_ODS_ONE ? 1 : rest;
      if (v->arity != CT_ODS_ONE) rest = 0;
      if (!check_results(op, at, k, v)) return false;
      at += k;
    }
  }
  return true;
}

/* ---- PredOpTraits ------------------------------------------------------- */

bool ct_ods_same_type(IrOp *op, const char *names, size_t n,
                      const IrType *const *types) {
  for (size_t i = 1; i < n; i++)
    if (types[i] != types[0])
      return ir_op_error(op, "failed to verify that all of %s have same type", names);
  return true;
}

bool ct_ods_same_type_vals(IrOp *op, const char *names, IrValue *a, IrValue *b,
                           IrValue *c, IrValue *d) {
  const IrType *t[4];
  size_t n = 0;
  IrValue *vals[4] = {a, b, c, d};
  for (size_t i = 0; i < 4 && vals[i]; i++) t[n++] = vals[i]->type;
  return ct_ods_same_type(op, names, n, t);
}

bool ct_ods_fail_that(IrOp *op, const char *what) {
  return ir_op_error(op, "failed to verify that %s", what);
}

/* ---- type predicates ----------------------------------------------------- */

/* Function-pointer forms (CtTypePred) of ct_types.h's kind tests. */
bool ct_is_tile(const IrType *t) { return ct_type_is_tile(t); }
bool ct_is_token(const IrType *t) { return ct_type_is_token(t); }
bool ct_is_ptr(const IrType *t) { return ct_type_is_ptr(t); }
bool ct_is_tensor_view(const IrType *t) { return ct_type_is_tensor_view(t); }
bool ct_is_partition_view(const IrType *t) { return ct_type_is_partition_view(t); }
bool ct_is_tile_view(const IrType *t) { return ct_type_is_view(t); }

const IrType *ct_tile_elem(const IrType *t) {
  return ct_is_tile(t) && t->ntypes ? t->types[0] : NULL;
}
size_t ct_tile_rank(const IrType *t) { return ct_is_tile(t) ? t->nints : 0; }
const int64_t *ct_tile_shape(const IrType *t) { return ct_is_tile(t) ? t->ints : NULL; }

bool ct_is_tile_of(const IrType *t, const int64_t *shape, size_t rank, const IrType *elem) {
  return ct_type_is_tile(t) && t->flags == 0 && t->nints == rank && t->ntypes == 1 &&
         !t->attr && !t->str && t->types[0] == elem &&
         (!rank || !memcmp(t->ints, shape, rank * sizeof(int64_t)));
}

bool ct_elem_is_int(const IrType *e) {
  if (!ir_type_is_integer(e) || e->flags != IR_SIGNLESS) return false;
  unsigned w = ir_integer_width(e);
  return w == 1 || w == 8 || w == 16 || w == 32 || w == 64;
}
bool ct_elem_is_base_float(const IrType *e) {
  if (!ir_type_is_float(e)) return false;
  IrFloatKind k = ir_float_kind(e);
  return k == IR_F16 || k == IR_BF16 || k == IR_F32 || k == IR_F64;
}
bool ct_elem_is_float(const IrType *e) {
  if (!ir_type_is_float(e)) return false;
  switch (ir_float_kind(e)) {
  case IR_F16: case IR_BF16: case IR_F32: case IR_F64: case IR_TF32:
  case IR_F8E4M3FN: case IR_F8E5M2: case IR_F8E8M0FNU: case IR_F4E2M1FN:
    return true;
  default:
    return false;
  }
}
bool ct_elem_is_number(const IrType *e) {
  return ct_elem_is_int(e) || ct_elem_is_float(e);
}

bool ct_is_int_tile(const IrType *t) { return ct_elem_is_int(ct_tile_elem(t)); }
bool ct_is_i1_tile(const IrType *t) { return ir_type_is_int_width(ct_tile_elem(t), 1); }
bool ct_is_i32_tile(const IrType *t) {
  return ir_type_is_int_width(ct_tile_elem(t), 32);
}
bool ct_is_base_float_tile(const IrType *t) {
  return ct_elem_is_base_float(ct_tile_elem(t));
}
bool ct_is_float_tile(const IrType *t) { return ct_elem_is_float(ct_tile_elem(t)); }
bool ct_is_number_tile(const IrType *t) { return ct_elem_is_number(ct_tile_elem(t)); }
bool ct_is_ptr_tile(const IrType *t) { return ct_is_ptr(ct_tile_elem(t)); }
bool ct_is_scalar_i1_tile(const IrType *t) { return ct_is_i1_tile(t) && ct_tile_rank(t) == 0; }
bool ct_is_scalar_i32_tile(const IrType *t) {
  return ct_is_i32_tile(t) && ct_tile_rank(t) == 0;
}
bool ct_is_scalar_int_tile(const IrType *t) {
  return ct_is_int_tile(t) && ct_tile_rank(t) == 0;
}
bool ct_is_scalar_ptr_tile(const IrType *t) {
  return ct_is_ptr_tile(t) && ct_tile_rank(t) == 0;
}
bool ct_is_any_type(const IrType *t) { return t != NULL; }
bool ct_is_i64_tile(const IrType *t) { return ir_type_is_int_width(ct_tile_elem(t), 64); }
bool ct_is_strided_view(const IrType *t) { return ct_type_is_strided_view(t); }
bool ct_is_gather_scatter_view(const IrType *t) { return ct_type_is_gather_scatter_view(t); }
bool ct_is_cuda_tile_type(const IrType *t) {
  return t && t->def && t->def->dialect && !strcmp(t->def->dialect, "cuda_tile");
}

/* ---- attribute predicates ------------------------------------------------ */

bool ct_attr_is_i32(const IrAttr *a) {
  return ir_attr_is(a, &ir_integer_attr_def) && ir_type_is_int_width(a->type, 32) &&
         a->type->flags == IR_SIGNLESS;
}
bool ct_attr_is_i64(const IrAttr *a) {
  return ir_attr_is(a, &ir_integer_attr_def) && ir_type_is_int_width(a->type, 64) &&
         a->type->flags == IR_SIGNLESS;
}
bool ct_attr_is_string(const IrAttr *a) { return ir_attr_is(a, &ir_string_attr_def); }
bool ct_attr_is_unit(const IrAttr *a) { return ir_attr_is(a, &ir_unit_attr_def); }
bool ct_attr_is_bool(const IrAttr *a) { return ir_attr_is(a, &ir_bool_attr_def); }
bool ct_attr_is_flat_symref(const IrAttr *a) {
  return ir_attr_is(a, &ir_symref_attr_def) && a->nelems == 0;
}
bool ct_attr_is_dense_i32_array(const IrAttr *a) {
  return ir_attr_is(a, &ir_dense_array_attr_def) && ir_type_is_int_width(a->type, 32);
}
bool ct_attr_is_dense_i64_array(const IrAttr *a) {
  return ir_attr_is(a, &ir_dense_array_attr_def) && ir_type_is_int_width(a->type, 64);
}
bool ct_attr_is_dense_elements(const IrAttr *a) {
  return ir_attr_is(a, &ir_dense_elements_attr_def);
}
bool ct_attr_is_type(const IrAttr *a) { return ir_attr_is(a, &ir_type_attr_def); }
bool ct_attr_is_dict(const IrAttr *a) { return ir_attr_is(a, &ir_dict_attr_def); }
bool ct_attr_is_array(const IrAttr *a) { return ir_attr_is(a, &ir_array_attr_def); }

bool ct_ods_all_same_shape(IrOp *op, const char *names, const IrType *const *t, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (!ct_type_is_tile(t[i]) || !ct_tile_same_shape(t[0], t[i]))
      return ir_op_error(op, "failed to verify that all of %s have same shape", names);
  return true;
}

/* The spec column of the rows, by op index (compute rows: NULL). */
#define CT_OP(c, m, tr, a, b, rc, rd, nr, inh, pa, pr, ve, sp, nm, bc, sum) [CT_OP_##c] = &sp,
#define CT_OPX(c, m, tr, a, b, rc, rd, nr, inh, pa, pr, ve, sp, nm, par, dd, ban, vr, bc, sum) \
  [CT_OP_##c] = &sp,
const CtOdsSpec *const ct_op_ods_specs[CT_OP_COUNT] = {
    [CT_OP_module] = &ct_spec_module,
#include "dialect/cuda_tile/ops_core.def"
};
#undef CT_OPX
#undef CT_OP

bool ct_ods_verify(IrOp *op, const CtOdsSpec *s, CtOdsGroups *g) {
  CtOdsGroups local;
  if (!g) g = &local;
  memset(g, 0, sizeof *g);
  const IrOpInfo *info = op->info;
  if (info >= ct_op_infos && info < ct_op_infos + CT_OP_COUNT &&
      ct_op_ods_specs[info - ct_op_infos] == s) {
    size_t row = (size_t)(info - ct_op_infos);
    return ct_ods_run(op, row, s, ods_prog(row, s), true, g);
  }
  OdsProg p = {0};
  ods_prog_init(&p, s);
  return ct_ods_run(op, 0, s, &p, false, g);
}

/* ct_ods_verify_op: looks the op's row up by index. */
bool ct_ods_verify_op(IrOp *op, CtOdsGroups *g) {
  const IrOpInfo *info = op->info;
  const CtOdsSpec *s = NULL;
  size_t row = 0;
  if (info >= ct_op_infos && info < ct_op_infos + CT_OP_COUNT) {
    row = (size_t)(info - ct_op_infos);
    s = ct_op_ods_specs[row];
  }
  if (!s) return ir_op_error(op, "has no ODS spec on its row");
  if (g) memset(g, 0, sizeof *g);
  return ct_ods_run(op, row, s, ods_prog(row, s), true, g);
}
