/* canonicalize.c — cuda_tile canonicalization patterns, with NVIDIA's
 * semantics (CudaTile.cpp getCanonicalizationPatterns and
 * OpsCanonicalization.td):
 *   addf:   put a mulf operand on the left (helps FMA fusion);
 *   if:     remove unused results, replace yields by values/conditions,
 *           static conditions, trivial ifs to selects, empty else removal,
 *           combining adjacent and nested ifs, and both branches leaving the
 *           parent (return/continue/break) — each also understands those
 *           terminators inside a branch;
 *   select: `select p, false, true` -> not p, constant selects, selects of
 *           0/1 constants to exti.
 * Patterns are added per op in name order with benefit 1, like MLIR. */
#include "dialect/cuda_tile/ct_transforms.h"

/* ---- addf ------------------------------------------------------------------------ */

static bool is_mulf(IrValue *v) { return v && v->def && ct_op_is(v->def, CT_OP_mulf); }

/* addf a, (mulf x, y) -> addf (mulf x, y), a */
static bool addf_mul_lhs(IrOp *op, RwRewriter *rw) {
  IrValue *l = ir_op_operand(op, 0), *r = ir_op_operand(op, 1);
  if (!is_mulf(r) || is_mulf(l)) return false;
  IrValue *v = ct_build_binary(rw, CT_OP_addf, ir_op_loc(op), r, l, ir_op_result(op, 0)->type,
                               op->props);
  if (!v) return false;
  rw_replace_op(rw, op, &v);
  return true;
}

/* ---- if helpers ------------------------------------------------------------------ */

static IrBlock *then_block(IrOp *op) { return ir_op_regions(op)[0].last; }
static IrBlock *else_block(IrOp *op) { return ir_op_regions(op)[1].last; }
static IrOp *block_term(IrBlock *b) { return b ? b->last : NULL; }
static IrOp *then_term(IrOp *op) { return block_term(then_block(op)); }
static IrOp *else_term(IrOp *op) { return block_term(else_block(op)); }
static bool is_yield(IrOp *op) { return op && ct_op_is(op, CT_OP_yield); }
static bool has_single_op(IrBlock *b) { return b && b->first && b->first == b->last; }

/* Erases `start` and every op after it in its block (last first, so users go
 * before their definitions). */
static void erase_rest_of_block(RwRewriter *rw, IrOp *start) {
  IrBlock *b = start->block;
  for (;;) {
    IrOp *last = b->last;
    for (uint32_t i = 0; i < last->nresults; i++)
      while (ir_op_result(last, i)->uses) ir_use_set(ir_op_result(last, i)->uses, NULL);
    rw_erase_op(rw, last);
    if (last == start) break;
  }
}

/* Replaces `op` by the ops of the single block of `region`: a yield's
 * operands replace op's results; a return/continue/break makes the rest of
 * op's block unreachable, so it is erased. */
static bool replace_op_with_region(RwRewriter *rw, IrOp *op, IrRegion *region) {
  IrBlock *b = region->first;
  IrOp *term = b->last;
  rw_inline_block_before(rw, b, op->block, op, NULL);
  if (is_yield(term)) {
    IrValue **vals = xcalloc(op->nresults ? op->nresults : 1, sizeof *vals);
    for (uint32_t i = 0; i < op->nresults && i < term->noperands; i++)
      vals[i] = ir_op_operand(term, i);
    rw_replace_op(rw, op, vals);
    free(vals);
    rw_erase_op(rw, term);
    return true;
  }
  if (ct_is_terminator_for_parent(term)) {
    erase_rest_of_block(rw, op);
    return true;
  }
  return false;
}

/* Operands of `op` as a fresh array (caller frees). */
static IrValue **operands_copy(IrOp *op) {
  IrValue **v = xcalloc(op->noperands ? op->noperands : 1, sizeof *v);
  for (uint32_t i = 0; i < op->noperands; i++) v[i] = ir_op_operand(op, i);
  return v;
}

static IrValue **results_of(IrOp *op) {
  IrValue **v = xcalloc(op->nresults ? op->nresults : 1, sizeof *v);
  for (uint32_t i = 0; i < op->nresults; i++) v[i] = ir_op_result(op, i);
  return v;
}

/* Replaces terminator `term` by a yield of vals at the end of its block. */
static void replace_with_yield(RwRewriter *rw, IrOp *term, IrValue *const *vals, size_t n) {
  IrBlock *b = term->block;
  const IrLoc *loc = ir_op_loc(term);
  RwInsertPoint ip = rw_save_insertion_point(rw);
  rw_set_insertion_point_before(rw, term);
  IrOp *y = rw_build_op(rw, ct_op(yield), loc, vals, n, NULL, 0, NULL, NULL);
  rw_restore_insertion_point(rw, ip);
  (void)b;
  if (y) rw_erase_op(rw, term);
}

static IrBlock *new_block_in(IrRegion *r) {
  IrBlock *b = ir_block_new();
  ir_region_append(r, b);
  return b;
}

/* ---- if patterns ------------------------------------------------------------------- */

/* Keeps only the used results. */
static bool if_remove_unused_results(IrOp *op, RwRewriter *rw) {
  if (!op->nresults) return false;
  IrOp *tt = then_term(op), *et = else_term(op);
  if (!is_yield(tt) && !is_yield(et)) return false;
  uint32_t nused = 0;
  for (uint32_t i = 0; i < op->nresults; i++)
    if (ir_value_has_uses(ir_op_result(op, i))) nused++;
  if (nused == op->nresults) return false;
  const IrType **types = xcalloc(nused ? nused : 1, sizeof *types);
  uint32_t *idx = xcalloc(nused ? nused : 1, sizeof *idx);
  for (uint32_t i = 0, k = 0; i < op->nresults; i++)
    if (ir_value_has_uses(ir_op_result(op, i))) {
      idx[k] = i;
      types[k++] = ir_op_result(op, i)->type;
    }
  IrOp *n = ct_build_if(rw, ir_op_loc(op), ir_op_operand(op, 0), types, nused);
  if (!n) {
    free(types);
    free(idx);
    return false;
  }
  IrBlock *nb[2] = {new_block_in(&ir_op_regions(n)[0]), new_block_in(&ir_op_regions(n)[1])};
  for (int r = 0; r < 2; r++) {
    IrBlock *src = ir_op_regions(op)[r].first;
    if (!src) continue;
    rw_inline_block_before(rw, src, nb[r], NULL, NULL);
    IrOp *y = nb[r]->last;
    if (is_yield(y)) {
      IrValue **vals = xcalloc(nused ? nused : 1, sizeof *vals);
      for (uint32_t k = 0; k < nused; k++) vals[k] = ir_op_operand(y, idx[k]);
      ir_op_set_operands(y, vals, nused);
      rw_finalize_modification(rw, y);
      free(vals);
    }
  }
  IrValue **rep = xcalloc(op->nresults, sizeof *rep);
  for (uint32_t k = 0; k < nused; k++) rep[idx[k]] = ir_op_result(n, k);
  rw_replace_op(rw, op, rep);
  free(rep);
  free(types);
  free(idx);
  return true;
}

/* Results yielded identically by both branches, or true/false constants. */
static bool if_replace_yield_with_value(IrOp *op, RwRewriter *rw) {
  if (!op->nresults) return false;
  IrOp *tt = then_term(op), *et = else_term(op);
  if (!is_yield(tt) || !is_yield(et)) return false;
  bool changed = false;
  IrValue *cond = ir_op_operand(op, 0);
  for (uint32_t i = 0; i < op->nresults && i < tt->noperands && i < et->noperands; i++) {
    IrValue *t = ir_op_operand(tt, i), *f = ir_op_operand(et, i), *res = ir_op_result(op, i);
    if (t == f) {
      if (ir_value_has_uses(res)) {
        rw_replace_all_uses_with(rw, res, t);
        changed = true;
      }
      continue;
    }
    bool tv, fv;
    if (!ct_const_bool(t, &tv) || !ct_const_bool(f, &fv)) continue;
    if (!tv && fv && ir_value_has_uses(res)) {
      IrValue *n = ct_build_not(rw, ir_op_loc(op), cond);
      if (n) {
        rw_replace_all_uses_with(rw, res, n);
        changed = true;
      }
    }
    if (tv && !fv && ir_value_has_uses(res)) {
      rw_replace_all_uses_with(rw, res, cond);
      changed = true;
    }
  }
  return changed;
}

static bool if_remove_static_condition(IrOp *op, RwRewriter *rw) {
  bool c;
  if (!ct_const_bool(ir_op_operand(op, 0), &c)) return false;
  if (c) return replace_op_with_region(rw, op, &ir_op_regions(op)[0]);
  if (!ir_region_empty(&ir_op_regions(op)[1])) return replace_op_with_region(rw, op, &ir_op_regions(op)[1]);
  rw_erase_op(rw, op);
  return true;
}

/* Yielded values defined outside the if become selects. */
static bool if_convert_to_select(IrOp *op, RwRewriter *rw) {
  if (!op->nresults) return false;
  IrValue *cond = ir_op_operand(op, 0);
  IrOp *tt = then_term(op), *et = else_term(op);
  bool ty = is_yield(tt), ey = is_yield(et);
  if (!ty && !ey) return false;
  IrOp *tsrc = ty ? tt : et, *fsrc = ey ? et : tt;
  uint32_t n = op->nresults;
  if (tsrc->noperands < n || fsrc->noperands < n) return false;
  for (uint32_t i = 0; i < n; i++)
    if (!ct_type_is_tile(ir_op_result(op, i)->type)) return false;
  IrValue **tv = operands_copy(tsrc), **fv = operands_copy(fsrc);
  IrRegion *treg = ty ? &ir_op_regions(op)[0] : &ir_op_regions(op)[1];
  IrRegion *freg = ey ? &ir_op_regions(op)[1] : &ir_op_regions(op)[0];
  const IrType **types = xcalloc(n, sizeof *types);
  uint32_t nk = 0;
  for (uint32_t i = 0; i < n; i++)
    if (ct_value_region(tv[i]) == treg || ct_value_region(fv[i]) == freg)
      types[nk++] = tv[i]->type;
  bool ok = false;
  if (nk != n) {
    IrOp *rep = ct_build_if(rw, ir_op_loc(op), cond, types, nk);
    if (rep) {
      rw_inline_region_before(rw, &ir_op_regions(op)[0], &ir_op_regions(rep)[0], NULL);
      rw_inline_region_before(rw, &ir_op_regions(op)[1], &ir_op_regions(rep)[1], NULL);
      IrRegion *rt = ty ? &ir_op_regions(rep)[0] : &ir_op_regions(rep)[1];
      IrRegion *rf = ey ? &ir_op_regions(rep)[1] : &ir_op_regions(rep)[0];
      IrValue **results = xcalloc(n, sizeof *results);
      IrValue **ty_vals = xcalloc(n, sizeof *ty_vals), **fy_vals = xcalloc(n, sizeof *fy_vals);
      uint32_t k = 0;
      rw_set_insertion_point_before(rw, rep);
      for (uint32_t i = 0; i < n; i++) {
        if (ct_value_region(tv[i]) == rt || ct_value_region(fv[i]) == rf) {
          results[i] = ir_op_result(rep, k);
          ty_vals[k] = tv[i];
          fy_vals[k++] = fv[i];
        } else if (tv[i] == fv[i]) {
          results[i] = tv[i];
        } else {
          results[i] = ct_build_select(rw, ir_op_loc(op), cond, tv[i], fv[i]);
        }
      }
      if (ty) replace_with_yield(rw, then_term(rep), ty_vals, k);
      if (ey) replace_with_yield(rw, else_term(rep), fy_vals, k);
      rw_replace_op(rw, op, results);
      free(results);
      free(ty_vals);
      free(fy_vals);
      ok = true;
    }
  }
  free(types);
  free(tv);
  free(fv);
  return ok;
}

static bool if_remove_empty_else(IrOp *op, RwRewriter *rw) {
  if (op->nresults) return false;
  IrBlock *eb = else_block(op);
  if (!eb || !has_single_op(eb)) return false;
  if (ct_is_terminator_for_parent(else_term(op))) return false;
  IrOp *n = ct_build_if(rw, ir_op_loc(op), ir_op_operand(op, 0), NULL, 0);
  if (!n) return false;
  if (op->attrs) n->attrs = op->attrs;
  rw_inline_region_before(rw, &ir_op_regions(op)[0], &ir_op_regions(n)[0], ir_op_regions(n)[0].first);
  rw_erase_op(rw, op);
  return true;
}

static bool is_not_of(IrValue *v, IrValue *of) {
  if (!v->def || !ct_op_is(v->def, CT_OP_xori)) return false;
  bool one;
  return ct_const_bool(ir_op_operand(v->def, 1), &one) && one &&
         ir_op_operand(v->def, 0) == of;
}

/* Merges an if into the preceding if with the same (or negated) condition. */
static bool if_combine(IrOp *next, RwRewriter *rw) {
  IrOp *prev = next->prev;
  if (!prev || !ct_op_is(prev, CT_OP_if_)) return false;
  IrValue *nc = ir_op_operand(next, 0), *pc = ir_op_operand(prev, 0);
  IrBlock *nthen = NULL, *nelse = NULL;
  if (nc == pc) {
    nthen = then_block(next);
    nelse = else_block(next);
  }
  if (is_not_of(nc, pc)) {
    nelse = then_block(next);
    nthen = else_block(next);
  }
  if (is_not_of(pc, nc)) {
    nelse = then_block(next);
    nthen = else_block(next);
  }
  if (ct_is_terminator_for_parent(then_term(prev))) nthen = NULL;
  if (ct_is_terminator_for_parent(else_term(prev))) nelse = NULL;
  if (!nthen && !nelse) return false;

  uint32_t np = prev->nresults;
  IrValue **pthen = results_of(prev), **pelse = results_of(prev);
  if (nthen && then_block(prev)) {
    IrOp *t = then_term(prev);
    for (uint32_t i = 0; i < np && i < t->noperands; i++) pthen[i] = ir_op_operand(t, i);
  }
  if (nelse && else_block(prev)) {
    IrOp *t = else_term(prev);
    for (uint32_t i = 0; i < np && i < t->noperands; i++) pelse[i] = ir_op_operand(t, i);
  }
  for (uint32_t i = 0; i < np; i++) {
    IrUse *u = ir_op_result(prev, i)->uses;
    while (u) {
      IrUse *nu = u->next;
      IrOp *owner = u->owner;
      IrRegion *or_ = owner->block ? owner->block->parent : NULL;
      if (nthen && ct_region_is_ancestor(nthen->parent, or_)) {
        ir_use_set(u, pthen[i]);
        rw_finalize_modification(rw, owner);
      } else if (nelse && ct_region_is_ancestor(nelse->parent, or_)) {
        ir_use_set(u, pelse[i]);
        rw_finalize_modification(rw, owner);
      }
      u = nu;
    }
  }
  uint32_t nn = next->nresults;
  const IrType **types = xcalloc(np + nn ? np + nn : 1, sizeof *types);
  for (uint32_t i = 0; i < np; i++) types[i] = ir_op_result(prev, i)->type;
  for (uint32_t i = 0; i < nn; i++) types[np + i] = ir_op_result(next, i)->type;
  IrOp *comb = ct_build_if(rw, ir_op_loc(next), pc, types, np + nn);
  free(types);
  if (!comb) {
    free(pthen);
    free(pelse);
    return false;
  }
  rw_inline_region_before(rw, &ir_op_regions(prev)[0], &ir_op_regions(comb)[0], ir_op_regions(comb)[0].first);
  if (nthen) {
    IrOp *y1 = then_term(comb), *y2 = nthen->last;
    if (!is_yield(y1)) y1 = NULL;
    if (!is_yield(y2)) y2 = NULL;
    IrBlock *cb = then_block(comb);
    rw_inline_block_before(rw, nthen, cb, NULL, NULL);
    if (y1 && y2) {
      size_t n = y1->noperands + y2->noperands;
      IrValue **vals = xcalloc(n ? n : 1, sizeof *vals);
      for (uint32_t i = 0; i < y1->noperands; i++) vals[i] = ir_op_operand(y1, i);
      for (uint32_t i = 0; i < y2->noperands; i++) vals[y1->noperands + i] = ir_op_operand(y2, i);
      ct_build_yield(rw, ir_op_loc(y2), cb, vals, n);
      free(vals);
    }
    if (y1) rw_erase_op(rw, y1);
    if (y2) rw_erase_op(rw, y2);
  }
  rw_inline_region_before(rw, &ir_op_regions(prev)[1], &ir_op_regions(comb)[1], ir_op_regions(comb)[1].first);
  if (nelse) {
    if (ir_region_empty(&ir_op_regions(comb)[1])) {
      rw_inline_region_before(rw, nelse->parent, &ir_op_regions(comb)[1], ir_op_regions(comb)[1].first);
    } else {
      IrOp *y1 = else_term(comb), *y2 = nelse->last;
      if (!is_yield(y1)) y1 = NULL;
      if (!is_yield(y2)) y2 = NULL;
      IrBlock *cb = else_block(comb);
      rw_inline_block_before(rw, nelse, cb, NULL, NULL);
      if (y1 && y2) {
        size_t n = y1->noperands + y2->noperands;
        IrValue **vals = xcalloc(n ? n : 1, sizeof *vals);
        for (uint32_t i = 0; i < y1->noperands; i++) vals[i] = ir_op_operand(y1, i);
        for (uint32_t i = 0; i < y2->noperands; i++)
          vals[y1->noperands + i] = ir_op_operand(y2, i);
        ct_build_yield(rw, ir_op_loc(y2), cb, vals, n);
        free(vals);
      }
      if (y1) rw_erase_op(rw, y1);
      if (y2) rw_erase_op(rw, y2);
    }
  }
  IrValue **cr = results_of(comb);
  rw_replace_op(rw, prev, cr);
  rw_replace_op(rw, next, cr + np);
  free(cr);
  free(pthen);
  free(pelse);
  return true;
}

/* if a { if b { ... } } -> if (andi a, b) { ... } */
static bool if_combine_nested(IrOp *op, RwRewriter *rw) {
  IrBlock *tb = then_block(op);
  if (!tb || !tb->first || tb->first->next != tb->last) return false;
  IrBlock *eb = else_block(op);
  if (eb && !has_single_op(eb)) return false;
  IrOp *nested = tb->first;
  if (!ct_op_is(nested, CT_OP_if_)) return false;
  IrBlock *neb = else_block(nested);
  if (neb && !has_single_op(neb)) return false;
  if (ct_is_terminator_for_parent(then_term(op)) || ct_is_terminator_for_parent(else_term(op)) ||
      ct_is_terminator_for_parent(else_term(nested)))
    return false;
  if (ct_is_terminator_for_parent(then_term(nested)) && (eb || neb)) return false;

  IrOp *tt = then_term(op);
  uint32_t n = tt->noperands;
  IrValue **thenv = operands_copy(tt);
  IrValue **elsev = NULL;
  uint32_t ne = 0;
  if (eb) {
    elsev = operands_copy(else_term(op));
    ne = else_term(op)->noperands;
  }
  uint32_t *upgrade = xcalloc(n ? n : 1, sizeof *upgrade);
  uint32_t nup = 0;
  bool ok = true;
  for (uint32_t i = 0; i < n && ok; i++) {
    IrValue *v = thenv[i];
    if (v->def == nested) {
      IrOp *net = else_term(nested);
      if (!net || i >= ne || ir_op_operand(net, ir_value_index(v)) != elsev[i]) {
        ok = false;
        break;
      }
      thenv[i] = ir_op_operand(then_term(nested), ir_value_index(v));
      continue;
    }
    if (ct_value_region(v) == &ir_op_regions(op)[0] || !ct_type_is_tile(v->type) || i >= ne) {
      ok = false;
      break;
    }
    upgrade[nup++] = i;
  }
  if (!ok) {
    free(thenv);
    free(elsev);
    free(upgrade);
    return false;
  }
  const IrLoc *loc = ir_op_loc(op);
  IrValue *cond = ct_build_binary(rw, CT_OP_andi, loc, ir_op_operand(op, 0),
                                  ir_op_operand(nested, 0), ir_op_operand(op, 0)->type, NULL);
  const IrType **types = xcalloc(op->nresults ? op->nresults : 1, sizeof *types);
  for (uint32_t i = 0; i < op->nresults; i++) types[i] = ir_op_result(op, i)->type;
  IrOp *nif = cond ? ct_build_if(rw, loc, cond, types, op->nresults) : NULL;
  free(types);
  if (!nif) {
    free(thenv);
    free(elsev);
    free(upgrade);
    return false;
  }
  IrBlock *nb = new_block_in(&ir_op_regions(nif)[0]);
  IrValue **results = results_of(nif);
  rw_set_insertion_point_before(rw, nif);
  for (uint32_t k = 0; k < nup; k++) {
    uint32_t i = upgrade[k];
    results[i] = ct_build_select(rw, loc, ir_op_operand(op, 0), thenv[i], elsev[i]);
  }
  rw_inline_block_before(rw, then_block(nested), nb, NULL, NULL);
  IrOp *nt = nb->last;
  if (is_yield(nt)) replace_with_yield(rw, nt, thenv, n);
  if (ne) {
    IrBlock *b = new_block_in(&ir_op_regions(nif)[1]);
    ct_build_yield(rw, loc, b, elsev, ne);
  }
  rw_replace_op(rw, op, results);
  free(results);
  free(thenv);
  free(elsev);
  free(upgrade);
  return true;
}

/* Both branches leave the parent: keep `if c { then }` and inline the else
 * branch after it (the rest of the block is unreachable). */
static bool if_move_terminator_to_parent(IrOp *op, RwRewriter *rw) {
  if (ir_region_empty(&ir_op_regions(op)[1])) return false;
  if (!ct_is_terminator_for_parent(then_term(op)) ||
      !ct_is_terminator_for_parent(else_term(op)))
    return false;
  IrOp *n = ct_build_if(rw, ir_op_loc(op), ir_op_operand(op, 0), NULL, 0);
  if (!n) return false;
  rw_inline_region_before(rw, &ir_op_regions(op)[0], &ir_op_regions(n)[0], ir_op_regions(n)[0].first);
  return replace_op_with_region(rw, op, &ir_op_regions(op)[1]);
}

/* ---- select patterns ------------------------------------------------------------- */

/* select p, false, true -> xori p, true */
static bool select_i1_to_not(IrOp *op, RwRewriter *rw) {
  bool fv, tv;
  IrValue *f = ir_op_operand(op, 1), *t = ir_op_operand(op, 2);
  if (!ct_const_bool(f, &fv) || fv || !ct_const_bool(t, &tv) || !tv) return false;
  IrValue *v = ct_build_binary(rw, CT_OP_xori, ir_op_loc(op), ir_op_operand(op, 0), t,
                               ir_op_result(op, 0)->type, NULL);
  if (!v) return false;
  rw_replace_op(rw, op, &v);
  return true;
}

/* select of three constants -> constant */
static bool select_consts(IrOp *op, RwRewriter *rw) {
  IrValue *c = ir_op_operand(op, 0), *t = ir_op_operand(op, 1), *f = ir_op_operand(op, 2);
  if (!c->def || !t->def || !f->def || !ct_op_is(c->def, CT_OP_constant) ||
      !ct_op_is(t->def, CT_OP_constant) || !ct_op_is(f->def, CT_OP_constant))
    return false;
  const IrAttr *ca = ir_op_attrz(c->def, "value"), *ta = ir_op_attrz(t->def, "value"),
               *fa = ir_op_attrz(f->def, "value");
  const IrType *rt = ir_op_result(op, 0)->type;
  if (!ca || !ta || !fa || !ct_type_is_tile(rt)) return false;
  const IrType *elem = ct_tile_type_elem(rt);
  if (!ir_type_is_integer(elem) && !ir_type_is_float(elem)) return false;
  int64_t n = ct_tile_type_num_elements(rt);
  size_t es = ir_dense_elem_size(elem);
  if (n <= 0 || !es) return false;
  uint8_t *buf = xcalloc((size_t)n, es);
  for (int64_t i = 0; i < n; i++) {
    uint64_t bits = ct_dense_int(ca, i) ? ct_dense_bits(ta, i) : ct_dense_bits(fa, i);
    memcpy(buf + (size_t)i * es, &bits, es); /* little endian storage */
  }
  const IrAttr *v = ct_dense_attr(rw->ctx, rt, buf, (size_t)n);
  free(buf);
  if (!v) return false;
  IrOp *k = ct_build_constant(rw, ir_op_loc(op), rt, v);
  if (!k) return false;
  IrValue *r = ir_op_result(k, 0);
  rw_replace_op(rw, op, &r);
  return true;
}

/* select p, 1, 0 -> exti p unsigned;  select p, 0, 1 -> exti (not p) unsigned */
static bool select_to_exti(IrOp *op, RwRewriter *rw) {
  const IrType *rt = ir_op_result(op, 0)->type;
  if (!ct_type_is_tile(rt)) return false;
  const IrType *e = ct_tile_type_elem(rt);
  if (!ir_type_is_integer(e) || ir_integer_width(e) == 1) return false;
  IrValue *t = ir_op_operand(op, 1), *f = ir_op_operand(op, 2), *c = ir_op_operand(op, 0);
  bool direct = ct_const_int_is(t, 1) && ct_const_int_is(f, 0);
  bool inverse = !direct && ct_const_int_is(t, 0) && ct_const_int_is(f, 1);
  if (!direct && !inverse) return false;
  if (inverse) c = ct_build_not(rw, ir_op_loc(op), c);
  if (!c) return false;
  IrNamedAttr sign = {ir_ident(rw->ctx, "signedness", 10),
                      ct_enum_attr(rw->ctx, &ct_enum_signedness, 0 /* unsigned */)};
  const IrAttr *props = ir_dict_attr(rw->ctx, &sign, 1, NULL);
  IrValue *v = ct_build_binary(rw, CT_OP_exti, ir_op_loc(op), c, NULL, rt, props);
  if (!v) return false;
  rw_replace_op(rw, op, &v);
  return true;
}

/* ---- registration ------------------------------------------------------------------ */

void ct_add_addf_canonicalization(RwPatternSet *set) {
  rw_pattern_add(set, "cuda_tile.addf", 1, addf_mul_lhs, "AddFOp::canonicalize");
}

void ct_add_canonicalization_patterns(RwPatternSet *set, IrContext *ctx) {
  (void)ctx;
  ct_add_addf_canonicalization(set);
  rw_pattern_add(set, "cuda_tile.if", 1, if_remove_unused_results, "RemoveUnusedResults");
  rw_pattern_add(set, "cuda_tile.if", 1, if_replace_yield_with_value, "ReplaceYieldWithValue");
  rw_pattern_add(set, "cuda_tile.if", 1, if_remove_static_condition, "RemoveStaticCondition");
  rw_pattern_add(set, "cuda_tile.if", 1, if_convert_to_select, "ConvertToSelect");
  rw_pattern_add(set, "cuda_tile.if", 1, if_remove_empty_else, "RemoveEmptyElseBranch");
  rw_pattern_add(set, "cuda_tile.if", 1, if_combine, "CombineIfs");
  rw_pattern_add(set, "cuda_tile.if", 1, if_combine_nested, "CombineNestedIfs");
  rw_pattern_add(set, "cuda_tile.if", 1, if_move_terminator_to_parent, "MoveTerminatorToParent");
  rw_pattern_add(set, "cuda_tile.select", 1, select_i1_to_not, "SelectI1ToNot");
  rw_pattern_add(set, "cuda_tile.select", 1, select_consts, "SelectConsts");
  rw_pattern_add(set, "cuda_tile.select", 1, select_to_exti, "SelectToExtI");
}
