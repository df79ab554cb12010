/* pat_core.c — cuda_tile -> nv_tileaa patterns for structure and control
 * flow, plus the helpers every pattern file shares:
 *   cuda_tile.module           builtin.module @name
 *   entry / testing$func       nv_tileaa.func (signature converted; entries
 *                              carry the unit attribute `nv_tileaa.kernel`);
 *                              the body starts the mem-token chain with
 *                              nv_tileaa.create_mem_token
 *   return                     nv_tileaa.return
 *   for / if                   scf.for / scf.if (regions moved, block
 *                              signatures converted)
 *   yield / continue           scf.yield, or nv_tileaa.yield in reduce/scan
 *   constant                   arith.constant (scalars: integer/float attr,
 *                              tiles: dense elements retyped to the tile)
 *   get_tile_block_id / get_num_tile_blocks
 *                              nv_tileaa.get_program_id / get_num_programs
 *                              {axis = 0, 1, 2} : i32
 *   make_token / join_tokens   nv_tileaa.create_mem_token / join_mem_token
 *   assume                     nv_tileaa.assume {predicates = [div_by |
 *                              bounded | same_elements]} */
#include "conversion/cuda_tile_to_nv_tileaa/c2a.h"

#include <string.h>

/* ---- shared helpers --------------------------------------------------------- */

const IrType *c2a_res_type(CvConversion *cv, IrOp *op, unsigned i) {
  return cv_convert_type1(cv, ir_op_result(op, i)->type);
}

static const IrAttr *dictc_build(CvConversion *cv, const char *const *names,
                                 const IrAttr *const *vals, size_t n);

const IrAttr *c2a_dict(IrContext *ctx, const char *const *names, const IrAttr *const *vals,
                       size_t n) {
  IrNamedAttr e[16];
  size_t k = 0;
  for (size_t i = 0; i < n && k < 16; i++)
    if (vals[i]) e[k++] = (IrNamedAttr){ir_identz(ctx, names[i]), vals[i]};
  return k ? ir_dict_attr(ctx, e, k, NULL) : NULL;
}

/* The names are string literals, so a (name pointer, value) list names
 * one dictionary: lists of up to 4 pairs are memoized by their pointers
 * (the patterns build the same few dictionaries over and over). */
const IrAttr *c2a_dictc(CvConversion *cv, const char *const *names, const IrAttr *const *vals,
                        size_t n) {
  struct C2aDictMemo *m = NULL;
  if (n && n <= 4) {
    C2a *st = c2a(cv);
    if (!st->dmemo) st->dmemo = xcalloc(C2A_DMEMO_SLOTS, sizeof *st->dmemo);
    uint64_t h = n;
    for (size_t i = 0; i < n; i++)
      h = (h ^ (uintptr_t)names[i]) * UINT64_C(0x9E3779B97F4A7C15) + (uintptr_t)vals[i];
    h *= UINT64_C(0x9E3779B97F4A7C15);
    m = &st->dmemo[h >> 54]; /* 1024 slots */
    bool same = m->n == n;
    for (size_t i = 0; i < n && same; i++) same = m->names[i] == names[i] && m->vals[i] == vals[i];
    if (same) return m->dict;
  }
  const IrAttr *d = dictc_build(cv, names, vals, n);
  if (m) {
    m->n = (uint32_t)n;
    for (size_t i = 0; i < n; i++) m->names[i] = names[i], m->vals[i] = vals[i];
    m->dict = d;
  }
  return d;
}

/* The memo's key is the whole input of aa_segment_attr but the context,
 * which is fixed for the run: the count and every size (arrays longer than
 * C2A_SEG_MAX are built each time). */
const IrAttr *c2a_segment_attr(CvConversion *cv, const int32_t *sizes, size_t n) {
  if (!n || n > C2A_SEG_MAX) return aa_segment_attr(cv->ctx, sizes, n);
  uint64_t h = n;
  for (size_t i = 0; i < n; i++) h = (h + (uint32_t)sizes[i]) * UINT64_C(0x9E3779B97F4A7C15);
  struct C2aSegMemo *m = &c2a(cv)->smemo[h >> 60]; /* 16 slots */
  bool same = m->n == n;
  for (size_t i = 0; i < n && same; i++) same = m->sizes[i] == sizes[i];
  if (same) return m->attr;
  const IrAttr *a = aa_segment_attr(cv->ctx, sizes, n);
  m->n = (uint32_t)n;
  for (size_t i = 0; i < n; i++) m->sizes[i] = sizes[i];
  m->attr = a;
  return a;
}

const IrAttr *c2a_int_attr(CvConversion *cv, const IrType *t, int64_t v) {
  uint64_t h = ((uintptr_t)t + (uint64_t)v * 31) * UINT64_C(0x9E3779B97F4A7C15);
  struct C2aIntMemo *m = &c2a(cv)->imemo[h >> 58]; /* 64 slots */
  if (m->t == t && m->v == v) return m->attr;
  const IrAttr *a = ir_integer_attr(cv->ctx, t, v);
  *m = (struct C2aIntMemo){t, v, a};
  return a;
}

static const IrAttr *dictc_build(CvConversion *cv, const char *const *names,
                                 const IrAttr *const *vals, size_t n) {
  IrNamedAttr e[16];
  size_t k = 0;
  for (size_t i = 0; i < n && k < 16; i++)
    if (vals[i]) e[k++] = (IrNamedAttr){cv_ident(cv, names[i]), vals[i]};
  return k ? ir_dict_attr(cv->ctx, e, k, NULL) : NULL;
}

IrOp *c2a_one_to_one(CvConversion *cv, IrOp *op, const IrOpInfo *info, const char *name,
                     const char *const *keep_attrs) {
  IrValue *ops[64];
  const IrType *rts[16];
  if (op->noperands > 64 || op->nresults > 16) return NULL;
  for (unsigned i = 0; i < op->noperands; i++)
    if (!(ops[i] = cv_operand(cv, op, i))) return NULL;
  for (unsigned i = 0; i < op->nresults; i++)
    if (!(rts[i] = c2a_res_type(cv, op, i))) return NULL;
  const IrAttr *vals[16];
  const char *names[16];
  size_t n = 0;
  for (const char *const *k = keep_attrs; k && *k && n < 16; k++) {
    const IrAttr *a = ir_op_attrz(op, *k);
    if (a) names[n] = *k, vals[n++] = a;
  }
  const IrAttr *attrs = c2a_dictc(cv, names, vals, n);
  /* (built last: op may become the new op in place) */
  if (!info) info = cv_op_info(cv, name);
  return cv_build_replace(cv, op, info, ops, op->noperands, rts, op->nresults, NULL, attrs);
}

/* arith.constant of an integer/index type; index constants are shared per
 * function (built once at the top of its body). */
IrValue *c2a_const_int(CvConversion *cv, const IrLoc *loc, const IrType *t, int64_t v) {
  C2a *st = c2a(cv);
  bool shared = ir_type_is_index(t) && st->fn_body;
  if (shared)
    for (size_t i = 0; i < st->consts.len; i++)
      if (st->consts.data[i].v == v) return st->consts.data[i].val;
  const char *n = "value";
  const IrAttr *a = c2a_int_attr(cv, t, v);
  RwInsertPoint ip = rw_save_insertion_point(&cv->rw);
  if (shared) {
    IrOp *first = st->fn_body->first; /* after create_mem_token */
    if (first && first->next) rw_set_insertion_point_before(&cv->rw, first->next);
    else rw_set_insertion_point_end(&cv->rw, st->fn_body);
  }
  IrOp *c = cv_build_named(cv, "arith.constant", loc, NULL, 0, &t, 1, c2a_dictc(cv, &n, &a, 1));
  rw_restore_insertion_point(&cv->rw, ip);
  IrValue *r = c ? ir_op_result(c, 0) : NULL;
  if (r && shared) vec_push(&st->consts, ((struct C2aConst){v, r}));
  return r;
}

/* arith.index_cast to index (identity for index values), one per value,
 * right after its definition. */
IrValue *c2a_index_cast(CvConversion *cv, const IrLoc *loc, IrValue *v) {
  if (!v || ir_type_is_index(v->type)) return v;
  C2a *st = c2a(cv);
  IrValue *r = ptrmap_get(&st->casts, v);
  if (r) return r;
  const IrType *t = ir_index_type(cv->ctx);
  RwInsertPoint ip = rw_save_insertion_point(&cv->rw);
  if (v->def) rw_set_insertion_point_after(&cv->rw, v->def);
  else rw_set_insertion_point_start(&cv->rw, ir_value_arg_block(v));
  IrOp *c = cv_build_named(cv, "arith.index_cast", loc, &v, 1, &t, 1, NULL);
  rw_restore_insertion_point(&cv->rw, ip);
  r = c ? ir_op_result(c, 0) : NULL;
  if (r) ptrmap_put(&st->casts, v, r);
  return r;
}

IrValue *c2a_binop(CvConversion *cv, const char *name, const IrLoc *loc, IrValue *a,
                   IrValue *b) {
  if (!a || !b) return NULL;
  IrValue *ops[2] = {a, b};
  const IrType *t = a->type;
  IrOp *c = cv_build_named(cv, name, loc, ops, 2, &t, 1, NULL);
  return c ? ir_op_result(c, 0) : NULL;
}

/* ---- the token chain ---------------------------------------------------------- */

void c2a_chain_start(CvConversion *cv, IrBlock *b, IrValue *tok) {
  ptrmap_put(&c2a(cv)->chain, b, tok);
}

IrValue *c2a_chain_get(CvConversion *cv, IrOp *at) {
  for (IrBlock *b = at->block; b;) {
    IrValue *t = ptrmap_get(&c2a(cv)->chain, b);
    if (t) return t;
    IrOp *p = ir_block_parent_op(b);
    b = p ? p->block : NULL;
  }
  return NULL;
}

void c2a_chain_set(CvConversion *cv, IrOp *at, IrValue *tok) {
  if (at->block && tok) c2a_chain_start(cv, at->block, tok);
}

/* ---- module and functions -------------------------------------------------------- */

/* Creates an op with `nregions` empty regions at the insertion point, at
 * the location of the op being rewritten (cv_build_regions). */
static IrOp *build_with_regions(CvConversion *cv, const IrOpInfo *info, IrOp *old,
                                IrValue *const *ops, size_t nops, const IrType *const *rts,
                                size_t nres, const IrAttr *props, const IrAttr *attrs,
                                unsigned nregions) {
  (void)old;
  return cv_build_regions(cv, info, ops, nops, rts, nres, props, attrs, nregions);
}

IrOp *c2a_build_regions(CvConversion *cv, const IrOpInfo *info, IrValue *const *ops, size_t nops,
                        const IrType *const *rts, size_t nres, const IrAttr *attrs,
                        unsigned nregions) {
  return build_with_regions(cv, info, NULL, ops, nops, rts, nres, NULL, attrs, nregions);
}

static bool p_module(CvConversion *cv, IrOp *op) {
  const char *n = "sym_name";
  const IrAttr *name = ir_op_attrz(op, "sym_name");
  IrOp *m = build_with_regions(cv, &ir_builtin_module_info, op, NULL, 0, NULL, 0,
                               NULL, c2a_dictc(cv, &n, &name, 1), 1);
  if (!m) return false;
  cv_take_region(cv, op, 0, ir_op_region(m, 0));
  return true;
}

static bool p_func(CvConversion *cv, IrOp *op) {
  IrContext *ctx = cv->ctx;
  const IrAttr *fta = ir_op_attrz(op, "function_type");
  if (!fta || !fta->type) return false;
  const IrType *ft = fta->type;
  const IrType *in[64], *out[16];
  size_t ni = ir_func_num_inputs(ft), no = ir_func_num_results(ft);
  if (ni > 64 || no > 16) return false;
  for (size_t i = 0; i < ni; i++)
    if (!(in[i] = cv_convert_type1(cv, ir_func_inputs(ft)[i]))) return false;
  for (size_t i = 0; i < no; i++)
    if (!(out[i] = cv_convert_type1(cv, ir_func_results(ft)[i]))) return false;
  const IrType *nft = ir_function_type(ctx, in, ni, out, no);
  const char *pn[3] = {"sym_name", "function_type", "arg_attrs"};
  const IrAttr *pv[3] = {ir_op_attrz(op, "sym_name"), ir_type_attr(ctx, nft),
                         ir_op_attrz(op, "arg_attrs")};
  const char *an = "nv_tileaa.kernel";
  const IrAttr *av = ct_op_is(op, CT_OP_entry) ? ir_unit_attr(ctx) : NULL;
  IrOp *f = build_with_regions(cv, aa_op(func), op, NULL, 0, NULL, 0, c2a_dictc(cv, pn, pv, 3),
                               c2a_dictc(cv, &an, &av, 1), 1);
  if (!f) return false;
  cv_take_region(cv, op, 0, ir_op_region(f, 0));
  IrBlock *body = ir_op_region(f, 0)->first;
  if (body) {
    /* the token chain starts at the top of the body */
    RwInsertPoint ip = rw_save_insertion_point(&cv->rw);
    rw_set_insertion_point_start(&cv->rw, body);
    const IrType *tt = aa_mem_token_type(ctx);
    IrOp *t = cv_build(cv, aa_op(create_mem_token), NULL, NULL, 0, &tt, 1, NULL, NULL);
    rw_restore_insertion_point(&cv->rw, ip);
    if (!t) return false;
    c2a_chain_start(cv, body, ir_op_result(t, 0));
    c2a(cv)->fn_body = body;
    c2a(cv)->consts.len = 0;
  }
  return true;
}

static bool p_return(CvConversion *cv, IrOp *op) {
  return c2a_one_to_one(cv, op, aa_op(return_), NULL, NULL) != NULL;
}

/* ---- control flow ------------------------------------------------------------------ */

static bool p_for(CvConversion *cv, IrOp *op) {
  IrValue *ops[64];
  const IrType *rts[16];
  if (op->noperands > 64 || op->nresults > 16) return false;
  for (unsigned i = 0; i < op->noperands; i++)
    if (!(ops[i] = cv_operand(cv, op, i))) return false;
  for (unsigned i = 0; i < op->nresults; i++)
    if (!(rts[i] = c2a_res_type(cv, op, i))) return false;
  /* the token chain goes through the loop as its last iter_arg */
  IrValue *tok = c2a_chain_get(cv, op);
  unsigned no = op->noperands, nr = op->nresults;
  if (tok) {
    ops[no++] = tok;
    rts[nr++] = aa_mem_token_type(cv->ctx);
  }
  const char *n = "unsignedCmp";
  const IrAttr *u = ir_op_attrz(op, "unsignedCmp");
  const IrOpInfo *info = cv_op_info(cv, "scf.for");
  IrOp *f = build_with_regions(cv, info, op, ops, no, rts, nr, NULL,
                               c2a_dictc(cv, &n, &u, 1), 1);
  if (!f) return false;
  cv_take_region(cv, op, 0, ir_op_region(f, 0));
  IrBlock *body = ir_op_region(f, 0)->first;
  if (tok && body) {
    IrValue *a = ir_block_add_arg_lazy(body, rts[nr - 1], cv->ctx, op->loc_bits);
    c2a_chain_start(cv, body, a);
    ptrmap_put(&c2a(cv)->threaded, f, f);
    c2a_chain_set(cv, op, ir_op_result(f, nr - 1));
  }
  IrValue *res[16];
  for (unsigned i = 0; i < op->nresults; i++) res[i] = ir_op_result(f, i);
  cv_replace(cv, op, res);
  return true;
}

static bool p_if(CvConversion *cv, IrOp *op) {
  IrValue *c = cv_operand(cv, op, 0);
  const IrType *rts[16];
  if (op->nresults > 16) return false;
  for (unsigned i = 0; i < op->nresults; i++)
    if (!(rts[i] = c2a_res_type(cv, op, i))) return false;
  /* the token chain leaves through the last result (each branch yields its
   * chain token; an absent else branch yields the incoming one) */
  IrValue *tok = c2a_chain_get(cv, op);
  unsigned nr = op->nresults;
  if (tok) rts[nr++] = aa_mem_token_type(cv->ctx);
  const IrOpInfo *info = cv_op_info(cv, "scf.if");
  IrOp *f = build_with_regions(cv, info, op, &c, 1, rts, nr, NULL, NULL, 2);
  if (!f) return false;
  cv_take_region(cv, op, 0, ir_op_region(f, 0));
  cv_take_region(cv, op, 1, ir_op_region(f, 1));
  if (tok) {
    IrRegion *els = ir_op_region(f, 1);
    if (ir_region_empty(els)) {
      IrBlock *eb = ir_block_new();
      ir_region_append(els, eb);
      RwInsertPoint ip = rw_save_insertion_point(&cv->rw);
      rw_set_insertion_point_end(&cv->rw, eb);
      IrOp *y = cv_build_named(cv, "scf.yield", NULL, &tok, 1, NULL, 0, NULL);
      rw_restore_insertion_point(&cv->rw, ip);
      if (!y) return false;
    }
    /* both branches start from the incoming token (the enclosing block's
     * chain moves on to the if's result) */
    for (unsigned r = 0; r < 2; r++)
      if (ir_op_region(f, r)->first) c2a_chain_start(cv, ir_op_region(f, r)->first, tok);
    ptrmap_put(&c2a(cv)->threaded, f, f);
    c2a_chain_set(cv, op, ir_op_result(f, nr - 1));
  }
  IrValue *res[16];
  for (unsigned i = 0; i < op->nresults; i++) res[i] = ir_op_result(f, i);
  cv_replace(cv, op, res);
  return true;
}

/* loop (its body already ends in `yield (tag, break values, continue
 * values)`, early_exit.c): scf.while whose before region is the body ending
 * in scf.condition(tag == 2) of the record, whose after region yields the
 * continue values; the loop's results are the break values. */
static bool p_loop(CvConversion *cv, IrOp *op) {
  IrContext *ctx = cv->ctx;
  IrBlock *body = ir_op_region(op, 0)->first;
  IrOp *y = body ? body->last : NULL;
  if (!y || !ct_op_is(y, CT_OP_yield)) return false;
  size_t nr = op->nresults, ni = body->nargs;
  if (y->noperands != 1 + nr + ni || nr + ni > 30) return false;
  IrValue *ops[32];
  const IrType *rts[32];
  for (unsigned i = 0; i < op->noperands; i++)
    if (!(ops[i] = cv_operand(cv, op, i))) return false;
  for (size_t i = 0; i < nr + ni; i++)
    if (!(rts[i] = cv_convert_type1(cv, ir_op_operand(y, (unsigned)(1 + i))->type))) return false;
  /* the token chain: an extra before-region argument, passed on by
   * scf.condition and the after region, and an extra result */
  IrValue *tok = c2a_chain_get(cv, op);
  unsigned no = op->noperands;
  size_t nres = nr + ni;
  if (tok) {
    ops[no++] = tok;
    rts[nres++] = aa_mem_token_type(ctx);
  }
  IrOp *w = build_with_regions(cv, cv_op_info(cv, "scf.while"), op, ops, no, rts, nres, NULL,
                               NULL, 2);
  if (!w) return false;
  /* before: the body; its final yield becomes scf.condition (p_yield) */
  cv_take_region(cv, op, 0, ir_op_region(w, 0));
  if (tok) {
    IrValue *a = ir_block_add_arg_lazy(body, aa_mem_token_type(ctx), ctx, op->loc_bits);
    c2a_chain_start(cv, body, a);
    ptrmap_put(&c2a(cv)->threaded, w, w);
  }
  /* after: forward the continue values (and the token) */
  IrBlock *after = ir_block_new();
  ir_region_append(ir_op_region(w, 1), after);
  IrValue *args[32];
  for (size_t i = 0; i < nres; i++) args[i] = ir_block_add_arg_lazy(after, rts[i], ctx, op->loc_bits);
  RwInsertPoint ip = rw_save_insertion_point(&cv->rw);
  rw_set_insertion_point_end(&cv->rw, after);
  IrOp *sy = cv_build_named(cv, "scf.yield", NULL, args + nr, nres - nr, NULL, 0, NULL);
  rw_restore_insertion_point(&cv->rw, ip);
  if (!sy) return false;
  if (tok) c2a_chain_set(cv, op, ir_op_result(w, (unsigned)(nres - 1)));
  IrValue *res[32];
  for (size_t i = 0; i < nr; i++) res[i] = ir_op_result(w, (unsigned)i);
  cv_replace(cv, op, res);
  return true;
}

/* The exit record's yield at the end of a while's before region:
 * scf.condition(tag == 2) of the record's values (and the chain token). */
static bool while_condition(CvConversion *cv, IrOp *op, IrOp *w) {
  IrValue *ops[34];
  if (op->noperands > 32) return false;
  for (unsigned i = 0; i < op->noperands; i++)
    if (!(ops[i] = cv_operand(cv, op, i))) return false;
  const IrType *tt = ops[0]->type;
  IrValue *two = c2a_const_int(cv, NULL, tt, 2);
  const char *pn = "predicate";
  const IrAttr *eq = c2a_int_attr(cv, ir_integer_type(cv->ctx, 64, IR_SIGNLESS), 0);
  const IrType *i1 = ir_integer_type(cv->ctx, 1, IR_SIGNLESS);
  IrValue *cops[2] = {ops[0], two};
  IrOp *c = two ? cv_build_named(cv, "arith.cmpi", NULL, cops, 2, &i1, 1, c2a_dictc(cv, &pn, &eq, 1))
                : NULL;
  if (!c) return false;
  ops[0] = ir_op_result(c, 0);
  unsigned n = op->noperands;
  if (ptrmap_get(&c2a(cv)->threaded, w)) {
    if (!(ops[n++] = c2a_chain_get(cv, op))) return false;
  }
  return cv_build_named(cv, "scf.condition", NULL, ops, n, NULL, 0, NULL) != NULL;
}

/* yield/continue: the terminator of whatever now owns the region. */
static bool p_yield(CvConversion *cv, IrOp *op) {
  IrOp *parent = ir_op_parent_op(op);
  if (parent && ir_op_isz(parent, "scf.while")) return while_condition(cv, op, parent);
  if (parent && (aa_op_is(parent, AA_OP_reduce) || aa_op_is(parent, AA_OP_scan)))
    return c2a_one_to_one(cv, op, aa_op(yield), NULL, NULL) != NULL;
  if (!parent || (!ir_op_isz(parent, "scf.for") && !ir_op_isz(parent, "scf.if"))) return false;
  if (!ptrmap_get(&c2a(cv)->threaded, parent))
    return c2a_one_to_one(cv, op, NULL, "scf.yield", NULL) != NULL;
  /* a token-carrying parent: the region's current chain token goes last */
  IrValue *ops[64];
  if (op->noperands >= 64) return false;
  for (unsigned i = 0; i < op->noperands; i++)
    if (!(ops[i] = cv_operand(cv, op, i))) return false;
  if (!(ops[op->noperands] = c2a_chain_get(cv, op))) return false;
  return cv_build_named(cv, "scf.yield", NULL, ops, op->noperands + 1, NULL, 0, NULL) != NULL;
}

/* ---- values ---------------------------------------------------------------------------- */

static bool p_constant(CvConversion *cv, IrOp *op) {
  const IrAttr *v = ir_op_attrz(op, "value");
  const IrType *rt = c2a_res_type(cv, op, 0);
  if (!v || !rt || !ir_attr_is(v, &ir_dense_elements_attr_def)) return false;
  /* the converted value is a function of the (uniqued) source value and
   * the converted type: memoized by both */
  C2a *st = c2a(cv);
  if (!st->cmemo) st->cmemo = xcalloc(C2A_CMEMO_SLOTS, sizeof *st->cmemo);
  uint64_t h = ((uintptr_t)v * 31 + (uintptr_t)rt) * UINT64_C(0x9E3779B97F4A7C15);
  struct C2aConstMemo *m = &st->cmemo[h >> 56]; /* 256 slots */
  const IrAttr *nv;
  if (m->src == v && m->t == rt) {
    nv = m->val;
  } else {
    if (aa_is_tile(rt)) {
      nv = ir_dense_elements(cv->ctx, rt, v->data, v->ndata, ct_dense_is_splat(v));
    } else if (ir_type_is_float(rt)) {
      nv = ir_float_attr(cv->ctx, rt, ct_dense_float(v, 0));
    } else if (ir_type_is_integer(rt) || ir_type_is_index(rt)) {
      nv = ir_integer_attr(cv->ctx, rt, ct_dense_int(v, 0));
    } else {
      return false;
    }
    *m = (struct C2aConstMemo){v, rt, nv};
  }
  const char *n = "value";
  return cv_build_replace(cv, op, cv_op_info(cv, "arith.constant"), NULL, 0, &rt, 1, NULL,
                          c2a_dictc(cv, &n, &nv, 1)) != NULL;
}

static bool p_grid(CvConversion *cv, IrOp *op) {
  bool id = ct_op_is(op, CT_OP_get_tile_block_id);
  IrValue *res[3];
  for (unsigned i = 0; i < 3; i++) {
    const IrType *rt = c2a_res_type(cv, op, i);
    if (!rt) return false;
    const char *n = "axis";
    const IrAttr *a = c2a_int_attr(cv, ir_integer_type(cv->ctx, 32, IR_SIGNLESS), i);
    IrOp *g = cv_build(cv, id ? aa_op(get_program_id) : aa_op(get_num_programs), NULL,
                       NULL, 0, &rt, 1, NULL, c2a_dictc(cv, &n, &a, 1));
    if (!g) return false;
    res[i] = ir_op_result(g, 0);
  }
  cv_replace(cv, op, res);
  return true;
}

static bool p_make_token(CvConversion *cv, IrOp *op) {
  return c2a_one_to_one(cv, op, aa_op(create_mem_token), NULL, NULL) != NULL;
}

static bool p_join_tokens(CvConversion *cv, IrOp *op) {
  if (op->noperands == 0) return p_make_token(cv, op);
  return c2a_one_to_one(cv, op, aa_op(join_mem_token), NULL, NULL) != NULL;
}

/* assume: nv_tileaa.assume {predicates = [p]} with cuda_tile's predicate
 * turned into nv_tileaa's (div_by, bounded, same_elements share their
 * payloads). */
static bool p_assume(CvConversion *cv, IrOp *op) {
  IrValue *v = cv_operand(cv, op, 0);
  const IrAttr *p = ir_op_attrz(op, "predicate");
  if (!v || !p) return false;
  IrAttr k = {.flags = p->flags, .nints = p->nints, .ints = p->ints};
  int64_t d[3];
  if (ir_attr_is(p, &ct_div_by_attr_def)) {
    d[0] = p->ints[0];
    d[1] = ct_div_by_has_every(p) ? p->ints[1] : 0;
    d[2] = ct_div_by_has_along(p) ? p->ints[2] : 0;
    k.def = &aa_div_by_attr_def;
    k.nints = 3;
    k.ints = d;
  } else if (ir_attr_is(p, &ct_bounded_attr_def)) {
    k.def = &aa_bounded_attr_def;
  } else if (ir_attr_is(p, &ct_same_elements_attr_def)) {
    k.def = &aa_same_elements_attr_def;
  } else {
    return false;
  }
  const IrAttr *ap = ir_attr_unique(cv->ctx, &k);
  const char *n = "predicates";
  const IrAttr *arr = ir_array_attr(cv->ctx, &ap, 1);
  const IrType *t = v->type;
  IrOp *a = cv_build(cv, aa_op(assume), NULL, &v, 1, &t, 1, NULL, c2a_dictc(cv, &n, &arr, 1));
  if (!a) return false;
  IrValue *r = ir_op_result(a, 0);
  cv_replace(cv, op, &r);
  return true;
}

/* print_tko: nv_tileaa.print of the value operands (format in `str`); its
 * token is the incoming one (printing is not a memory effect). */
static bool p_print(CvConversion *cv, IrOp *op) {
  const IrAttr *ss = ir_op_attrz(op, "operandSegmentSizes");
  unsigned nv = ss && ss->nints >= 2 ? (unsigned)ss->ints[0] : op->noperands;
  IrValue *ops[64];
  if (nv > 64) return false;
  for (unsigned i = 0; i < nv; i++)
    if (!(ops[i] = cv_operand(cv, op, i))) return false;
  IrValue *tok = nv < op->noperands ? cv_operand(cv, op, nv) : c2a_chain_get(cv, op);
  const char *n = "str";
  const IrAttr *str = ir_op_attrz(op, "str");
  if (!tok || !cv_build(cv, aa_op(print), NULL, ops, nv, NULL, 0, NULL,
                        c2a_dictc(cv, &n, &str, 1)))
    return false;
  cv_replace(cv, op, &tok);
  return true;
}

/* assert: nv_tileaa.assert with the message. */
static bool p_assert(CvConversion *cv, IrOp *op) {
  return c2a_one_to_one(cv, op, aa_op(assert_), NULL, (const char *const[]){"message", NULL}) !=
         NULL;
}

void c2a_add_core_patterns(CvConversion *cv) {
  cv_add_pattern(cv, ct_op(print_tko), p_print);
  cv_add_pattern(cv, ct_op(assert_), p_assert);
  cv_add_pattern(cv, ct_op(assume), p_assume);
  cv_add_pattern(cv, &ct_op_infos[CT_OP_module], p_module);
  cv_add_pattern(cv, ct_op(entry), p_func);
  cv_add_pattern(cv, ct_op(testing_func), p_func);
  cv_add_pattern(cv, ct_op(return_), p_return);
  cv_add_pattern(cv, ct_op(for_), p_for);
  cv_add_pattern(cv, ct_op(loop), p_loop);
  cv_add_pattern(cv, ct_op(if_), p_if);
  cv_add_pattern(cv, ct_op(yield), p_yield);
  cv_add_pattern(cv, ct_op(continue_), p_yield);
  cv_add_pattern(cv, ct_op(constant), p_constant);
  cv_add_pattern(cv, ct_op(get_tile_block_id), p_grid);
  cv_add_pattern(cv, ct_op(get_num_tile_blocks), p_grid);
  cv_add_pattern(cv, ct_op(make_token), p_make_token);
  cv_add_pattern(cv, ct_op(join_tokens), p_join_tokens);
}
