/* fold.c — the scf canonicalization patterns of MLIR 22 (SCF.cpp) that the
 * converted programs meet: for scf.if ConditionPropagation,
 * ConvertTrivialIfToSelect, RemoveEmptyElseBranch, RemoveStaticCondition,
 * RemoveUnusedResults and ReplaceIfYieldWithConditionOrValue (in MLIR's
 * registration order, CombineIfs included); SimplifyTrivialLoops for scf.for (no trip: the
 * inits; one trip: the body inlined; an empty body yielding outer values:
 * those values) and ForOpIterArgsFolder; SingleBlockExecuteInliner for scf.execute_region and
 * FoldConstantCase for scf.index_switch; RemoveLoopInvariantArgsFromBeforeBlock,
 * RemoveLoopInvariantValueYielded, WhileConditionTruth, WhileCmpCond and
 * WhileUnusedResult for scf.while.  Not implemented: CombineNestedIfs,
 * ForOpTensorCastFolder and scf.while's other patterns
 * (WhileRemoveDuplicatedResults, WhileRemoveUnusedArgs, WhileOpAlignBeforeArgs). */
#include "dialect/scf/scf_internal.h"

#include "dialect/std/std.h"
#include "rewrite/rewrite.h"

/* ---- helpers ------------------------------------------------------------------------ */

/* The patterns make and match arith ops (constants, select, xori, cmpi) by
 * their registered names, through the context's registry rather than
 * arith's header: no dialect includes another (docs/architecture.md).  The
 * predicate enum and accessor are the standard op engine's (std.h). */
static bool is_arith(const IrOp *op, const char *name) { return rw_op_is_named(op, name); }

/* arith.constant `b` of i1(-like) type t at the insertion point; NULL when
 * arith is not registered. */
static IrValue *bool_constant(RwRewriter *rw, const IrLoc *loc, const IrType *t, bool b) {
  IrNamedAttr v = {ir_identz(rw->ctx, "value"), ir_bool_attr(rw->ctx, b)};
  IrOp *k = rw_build_named_op(rw, "arith.constant", loc, NULL, 0, &t, 1,
                              ir_dict_attr(rw->ctx, &v, 1, NULL), NULL);
  return k ? ir_op_result(k, 0) : NULL;
}

/* The integer value of a constant (integer, index or bool attribute). */
static bool const_int(IrValue *v, int64_t *out) {
  const IrAttr *a = rw_value_constant(v);
  if (ir_attr_is(a, &ir_integer_attr_def) || ir_attr_is(a, &ir_bool_attr_def)) {
    *out = a->ints[0];
    return true;
  }
  return false;
}

/* MLIR's replaceOpWithRegion: inlines the single block of region r before
 * op (its arguments replaced by `args`), replaces op's results with the
 * block terminator's operands and erases the terminator. */
static void replace_with_region(RwRewriter *rw, IrOp *op, unsigned r, IrValue *const *args) {
  IrBlock *b = ir_op_region(op, r)->first;
  IrOp *term = b->last;
  IrValueVec res = {0};
  for (uint32_t i = 0; i < term->noperands; i++) vec_push(&res, ir_op_operand(term, i));
  rw_inline_block_before(rw, b, op->block, op, args);
  rw_replace_op(rw, op, res.data);
  rw_erase_op(rw, term);
  vec_free(&res);
}

static bool region_has_one_block(IrOp *op, unsigned r) {
  IrRegion *rg = ir_op_region(op, r);
  return rg->first && rg->first == rg->last;
}

/* Whether v is defined inside region r (a block argument or an op result of
 * one of its blocks, not deeper). */
static bool defined_in(IrValue *v, IrRegion *r) {
  IrBlock *b = v->def ? v->def->block : ir_value_arg_block(v);
  return b && b->parent == r;
}

/* An scf.if like `op` (condition, location) with result types `types` and
 * two empty regions, created at the insertion point. */
static IrOp *new_if(RwRewriter *rw, IrOp *op, const IrType *const *types, size_t n) {
  IrOpState st;
  ir_op_state_init(&st, rw->ctx, scf_op(if), ir_op_loc(op));
  vec_push(&st.operands, ir_op_operand(op, 0));
  for (size_t i = 0; i < n; i++) vec_push(&st.result_types, types[i]);
  ir_op_state_add_region(&st);
  ir_op_state_add_region(&st);
  return rw_create_op(rw, &st);
}

/* Replaces the operands of terminator t with vals (in place, notified). */
static void set_yield(RwRewriter *rw, IrOp *t, IrValue *const *vals, size_t n) {
  rw_start_modification(rw, t);
  ir_op_set_operands(t, vals, n);
  rw_finalize_modification(rw, t);
}

/* ---- scf.if ------------------------------------------------------------------------ */

/* Uses of the condition inside the then (else) region become `true`
 * (`false`) constants made before the if. */
static bool if_condition_propagation(IrOp *op, RwRewriter *rw) {
  IrValue *c = ir_op_operand(op, 0);
  if (is_arith(c->def, "arith.constant")) return false;
  IrValue *k[2] = {NULL, NULL};
  bool changed = false;
  for (IrUse *u = c->uses, *next; u; u = next) {
    next = u->next;
    IrOp *owner = u->owner;
    for (unsigned r = 0; r < 2; r++) {
      IrRegion *rg = ir_op_region(op, r);
      IrOp *a = owner;
      while (a && a->block && a->block->parent != rg) a = ir_op_parent_op(a);
      if (!a || !a->block || a == op) continue;
      if (!k[r]) {
        rw_set_insertion_point_before(rw, op);
        k[r] = bool_constant(rw, ir_op_loc(op), ir_integer_type(rw->ctx, 1, IR_SIGNLESS), r == 0);
        if (!k[r]) return changed;
      }
      rw_start_modification(rw, owner);
      ir_use_set(u, k[r]);
      rw_finalize_modification(rw, owner);
      changed = true;
      break;
    }
  }
  return changed;
}

/* Results whose yielded values come from outside the if become
 * arith.select (or the common value); the rest stay in a new if. */
static bool if_trivial_to_select(IrOp *op, RwRewriter *rw) {
  if (op->nresults == 0) return false;
  IrOp *ty = scf_region_terminator(op, 0), *ey = scf_region_terminator(op, 1);
  if (!ty || !ey || ty->noperands != op->nresults || ey->noperands != op->nresults) return false;
  IrRegion *tr = ir_op_region(op, 0), *er = ir_op_region(op, 1);
  /* the results that stay in an if (all of them, the usual answer, is
   * found without allocating) */
  uint32_t nkeep = 0;
  for (uint32_t i = 0; i < op->nresults; i++)
    nkeep += defined_in(ir_op_operand(ty, i), tr) || defined_in(ir_op_operand(ey, i), er);
  if (nkeep == op->nresults || !ir_op_info_find(rw->ctx, "arith.select", 12)) return false;
  IrTypeVec keep = {0};
  for (uint32_t i = 0; i < op->nresults; i++)
    if (defined_in(ir_op_operand(ty, i), tr) || defined_in(ir_op_operand(ey, i), er))
      vec_push(&keep, ir_op_operand(ty, i)->type);
  rw_set_insertion_point_before(rw, op);
  IrOp *rep = new_if(rw, op, keep.data, keep.len);
  rw_inline_region_before(rw, tr, ir_op_region(rep, 0), NULL);
  rw_inline_region_before(rw, er, ir_op_region(rep, 1), NULL);
  IrValueVec res = {0}, tv = {0}, fv = {0};
  IrValue *cond = ir_op_operand(op, 0);
  rw_set_insertion_point_before(rw, rep);
  for (uint32_t i = 0; i < op->nresults; i++) {
    IrValue *t = ir_op_operand(ty, i), *f = ir_op_operand(ey, i);
    if (defined_in(t, ir_op_region(rep, 0)) || defined_in(f, ir_op_region(rep, 1))) {
      vec_push(&res, ir_op_result(rep, (unsigned)tv.len));
      vec_push(&tv, t);
      vec_push(&fv, f);
    } else if (t == f) {
      vec_push(&res, t);
    } else {
      IrValue *ops[3] = {cond, t, f};
      IrOp *s = rw_build_named_op(rw, "arith.select", ir_op_loc(op), ops, 3, &t->type, 1, NULL,
                                  NULL);
      vec_push(&res, ir_op_result(s, 0));
    }
  }
  set_yield(rw, ty, tv.data, tv.len);
  set_yield(rw, ey, fv.data, fv.len);
  rw_replace_op(rw, op, res.data);
  vec_free(&keep);
  vec_free(&res);
  vec_free(&tv);
  vec_free(&fv);
  return true;
}

/* An if without results whose else block holds only its yield loses the
 * else region. */
static bool if_remove_empty_else(IrOp *op, RwRewriter *rw) {
  if (op->nresults) return false;
  IrRegion *er = ir_op_region(op, 1);
  if (!er->last || er->last->first != er->last->last) return false;
  rw_start_modification(rw, op);
  rw_erase_block(rw, er->last);
  rw_finalize_modification(rw, op);
  return true;
}

/* A constant condition: the taken region replaces the op (no else and
 * false: the op goes). */
static bool if_static_condition(IrOp *op, RwRewriter *rw) {
  IrValue *c = ir_op_operand(op, 0);
  if (!is_arith(c->def, "arith.constant")) return false;
  int64_t v;
  if (!const_int(c, &v)) return false;
  if (v & 1) replace_with_region(rw, op, 0, NULL);
  else if (!ir_region_empty(ir_op_region(op, 1))) replace_with_region(rw, op, 1, NULL);
  else rw_erase_op(rw, op);
  return true;
}

/* Unused results are dropped (a new if with the used ones). */
static bool if_remove_unused_results(IrOp *op, RwRewriter *rw) {
  uint32_t nused = 0; /* all used, the usual answer, allocates nothing */
  for (uint32_t i = 0; i < op->nresults; i++) nused += ir_value_has_uses(ir_op_result(op, i));
  if (nused == op->nresults) return false;
  IrTypeVec types = {0};
  VEC(uint32_t) used = {0};
  for (uint32_t i = 0; i < op->nresults; i++)
    if (ir_value_has_uses(ir_op_result(op, i))) {
      vec_push(&types, ir_op_result(op, i)->type);
      vec_push(&used, i);
    }
  bool ok = used.len != op->nresults;
  if (ok) {
    rw_set_insertion_point_before(rw, op);
    IrOp *n = new_if(rw, op, types.data, types.len);
    IrValueVec res = {0}, vals = {0};
    for (unsigned r = 0; r < 2; r++) {
      IrOp *y = scf_region_terminator(op, r);
      rw_inline_region_before(rw, ir_op_region(op, r), ir_op_region(n, r), NULL);
      if (!y) continue;
      vals.len = 0;
      for (size_t k = 0; k < used.len; k++) vec_push(&vals, ir_op_operand(y, used.data[k]));
      set_yield(rw, y, vals.data, vals.len);
    }
    for (uint32_t i = 0; i < op->nresults; i++) vec_push(&res, NULL);
    for (size_t k = 0; k < used.len; k++) res.data[used.data[k]] = ir_op_result(n, (unsigned)k);
    rw_replace_op(rw, op, res.data);
    vec_free(&res);
    vec_free(&vals);
  }
  vec_free(&types);
  vec_free(&used);
  return ok;
}

/* Results yielding the same value in both branches, or true/false
 * constants (the condition or its negation), are replaced. */
static bool if_yield_condition_or_value(IrOp *op, RwRewriter *rw) {
  if (op->nresults == 0) return false;
  IrOp *ty = scf_region_terminator(op, 0), *ey = scf_region_terminator(op, 1);
  if (!ty || !ey) return false;
  bool changed = false;
  rw_set_insertion_point_before(rw, op);
  for (uint32_t i = 0; i < op->nresults && i < ty->noperands && i < ey->noperands; i++) {
    IrValue *t = ir_op_operand(ty, i), *f = ir_op_operand(ey, i), *r = ir_op_result(op, i);
    if (t == f) {
      if (ir_value_has_uses(r)) {
        rw_replace_all_uses_with(rw, r, t);
        changed = true;
      }
      continue;
    }
    if (!is_arith(t->def, "arith.constant") || !ir_type_is_int_width(t->type, 1) ||
        !is_arith(f->def, "arith.constant"))
      continue;
    int64_t tv, fv;
    if (!const_int(t, &tv) || !const_int(f, &fv)) continue;
    if (!(tv & 1) && (fv & 1) && ir_value_has_uses(r)) {
      const IrType *i1 = ir_integer_type(rw->ctx, 1, IR_SIGNLESS);
      IrValue *ops[2] = {ir_op_operand(op, 0), bool_constant(rw, ir_op_loc(op), i1, true)};
      IrOp *x = ops[1] ? rw_build_named_op(rw, "arith.xori", ir_op_loc(op), ops, 2, &i1, 1, NULL,
                                           NULL)
                       : NULL;
      if (!x) continue;
      rw_replace_all_uses_with(rw, r, ir_op_result(x, 0));
      changed = true;
    }
    if ((tv & 1) && !(fv & 1) && ir_value_has_uses(r)) {
      rw_replace_all_uses_with(rw, r, ir_op_operand(op, 0));
      changed = true;
    }
  }
  return changed;
}

/* Whether v is xori(c, 1) (either operand order of the constant). */
static bool is_not_of(IrValue *v, IrValue *c) {
  if (!is_arith(v->def, "arith.xori")) return false;
  int64_t k;
  return ir_op_operand(v->def, 0) == c && const_int(ir_op_operand(v->def, 1), &k) && (k & 1);
}

/* Appends the ops of `src` to the end of `dst` and replaces both
 * terminators with one yield of their operands (dst's first), made at the
 * location of src's terminator. */
static void merge_yielding(RwRewriter *rw, IrBlock *src, IrBlock *dst) {
  IrOp *y1 = dst->last, *y2 = src->last;
  IrValueVec vals = {0};
  for (uint32_t i = 0; i < y1->noperands; i++) vec_push(&vals, ir_op_operand(y1, i));
  for (uint32_t i = 0; i < y2->noperands; i++) vec_push(&vals, ir_op_operand(y2, i));
  rw_inline_block_before(rw, src, dst, NULL, NULL);
  rw_set_insertion_point_end(rw, dst);
  rw_build_op(rw, scf_op(yield), ir_op_loc(y2), vals.data, vals.len, NULL, 0, NULL, NULL);
  rw_erase_op(rw, y1);
  rw_erase_op(rw, y2);
  vec_free(&vals);
}

/* CombineIfs: an if right after an if on the same (or negated) condition
 * merges into one if whose results are both ops' results. */
static bool if_combine(IrOp *next, RwRewriter *rw) {
  IrOp *prev = next->prev;
  if (!prev || prev->info != scf_op(if)) return false;
  IrValue *pc = ir_op_operand(prev, 0), *nc = ir_op_operand(next, 0);
  IrBlock *nthen = NULL, *nelse = NULL;
  bool nhas_else = !ir_region_empty(ir_op_region(next, 1));
  if (nc == pc) {
    nthen = scf_body(next, 0);
    if (nhas_else) nelse = scf_body(next, 1);
  }
  if (is_not_of(nc, pc) || is_not_of(pc, nc)) {
    nelse = scf_body(next, 0);
    if (nhas_else) nthen = scf_body(next, 1);
  }
  if (!nthen && !nelse) return false;
  IrOp *pty = scf_region_terminator(prev, 0), *pey = scf_region_terminator(prev, 1);
  if (!pty || (nthen && !nthen->last) || (nelse && !nelse->last)) return false;
  /* uses of prev's results inside next's branches take the yielded values */
  for (uint32_t i = 0; pey && i < prev->nresults; i++) {
    IrValue *r = ir_op_result(prev, i);
    for (IrUse *u = r->uses, *nu; u; u = nu) {
      nu = u->next;
      IrOp *a = u->owner;
      IrValue *to = NULL;
      for (IrOp *x = a; x && !to; x = ir_op_parent_op(x)) {
        if (nthen && x->block && x->block->parent == nthen->parent) to = ir_op_operand(pty, i);
        else if (nelse && x->block && x->block->parent == nelse->parent) to = ir_op_operand(pey, i);
        if (x == next) break;
      }
      if (!to) continue;
      rw_start_modification(rw, a);
      ir_use_set(u, to);
      rw_finalize_modification(rw, a);
    }
  }
  IrTypeVec types = {0};
  for (uint32_t i = 0; i < prev->nresults; i++) vec_push(&types, ir_op_result(prev, i)->type);
  for (uint32_t i = 0; i < next->nresults; i++) vec_push(&types, ir_op_result(next, i)->type);
  rw_set_insertion_point_before(rw, next);
  IrOpState st;
  ir_op_state_init(&st, rw->ctx, scf_op(if), ir_op_loc(next));
  vec_push(&st.operands, pc);
  for (size_t i = 0; i < types.len; i++) vec_push(&st.result_types, types.data[i]);
  ir_op_state_add_region(&st);
  ir_op_state_add_region(&st);
  IrOp *comb = rw_create_op(rw, &st);
  rw_inline_region_before(rw, ir_op_region(prev, 0), ir_op_region(comb, 0), NULL);
  if (nthen) merge_yielding(rw, nthen, scf_body(comb, 0));
  rw_inline_region_before(rw, ir_op_region(prev, 1), ir_op_region(comb, 1), NULL);
  if (nelse) {
    if (ir_region_empty(ir_op_region(comb, 1)))
      rw_inline_region_before(rw, nelse->parent, ir_op_region(comb, 1), NULL);
    else
      merge_yielding(rw, nelse, scf_body(comb, 1));
  }
  IrValueVec pv = {0}, nv = {0};
  for (uint32_t i = 0; i < comb->nresults; i++)
    vec_push(i < prev->nresults ? &pv : &nv, ir_op_result(comb, i));
  rw_replace_op(rw, prev, pv.data);
  rw_replace_op(rw, next, nv.data);
  vec_free(&pv);
  vec_free(&nv);
  vec_free(&types);
  return true;
}

/* ---- scf.for ----------------------------------------------------------------------- */

/* The constant bound values of a loop, sign- or zero-extended from the
 * bound type's width (index: 64). */
static bool bound(IrValue *v, bool is_unsigned, int64_t *out, uint64_t *uout) {
  int64_t x;
  if (!const_int(v, &x)) return false;
  unsigned w = ir_type_is_index(v->type) ? 64 : ir_integer_width(v->type);
  uint64_t m = w >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1;
  *uout = (uint64_t)x & m;
  *out = x;
  (void)is_unsigned;
  return true;
}

/* SimplifyTrivialLoops: lb == ub or no trip -> the inits; one trip -> the
 * body inlined with iv = lb; a body that only yields values defined
 * outside the loop (and iterates) -> those values. */
static bool for_simplify_trivial(IrOp *op, RwRewriter *rw) {
  IrValue *lb = scf_for_lb(op), *ub = scf_for_ub(op);
  unsigned ninit = scf_for_num_inits(op);
  IrValueVec vals = {0};
  bool ok = false;
  bool uns = scf_for_is_unsigned(op);
  int64_t l, u, st;
  uint64_t lu, uu, su;
  if (lb == ub) {
    for (unsigned i = 0; i < ninit; i++) vec_push(&vals, ir_op_operand(op, 3 + i));
    rw_replace_op(rw, op, vals.data);
    ok = true;
  } else if (bound(lb, uns, &l, &lu) && bound(ub, uns, &u, &uu)) {
    bool none = uns ? uu <= lu : u <= l;
    if (none) {
      for (unsigned i = 0; i < ninit; i++) vec_push(&vals, ir_op_operand(op, 3 + i));
      rw_replace_op(rw, op, vals.data);
      ok = true;
    } else if (bound(scf_for_step(op), uns, &st, &su)) {
      uint64_t diff = uns ? uu - lu : (uint64_t)u - (uint64_t)l;
      if ((int64_t)su >= (int64_t)diff && st > 0) {
        vec_push(&vals, lb);
        for (unsigned i = 0; i < ninit; i++) vec_push(&vals, ir_op_operand(op, 3 + i));
        replace_with_region(rw, op, 0, vals.data);
        ok = true;
      } else {
        IrBlock *b = scf_body(op, 0);
        IrOp *y = b ? b->last : NULL;
        if (y && b->first == y && y->info == scf_op(yield)) {
          bool outside = true;
          for (uint32_t i = 0; i < y->noperands && outside; i++)
            outside = !ir_op_is_ancestor(op, ir_op_operand(y, i)->def
                                                 ? ir_op_operand(y, i)->def
                                                 : ir_block_parent_op(ir_value_arg_block(ir_op_operand(y, i))));
          if (outside) {
            for (uint32_t i = 0; i < y->noperands; i++) vec_push(&vals, ir_op_operand(y, i));
            rw_replace_op(rw, op, vals.data);
            ok = true;
          }
        }
      }
    }
  }
  vec_free(&vals);
  return ok;
}

/* ForOpIterArgsFolder: an iter arg that is yielded unchanged, whose init
 * is yielded, or that is unused together with its result, is dropped: the
 * uses of the arg and of the result take the init. */
static bool for_iter_args_folder(IrOp *op, RwRewriter *rw) {
  IrBlock *b = scf_body(op, 0);
  IrOp *y = b ? b->last : NULL;
  unsigned n = scf_for_num_inits(op);
  if (!y || y->info != scf_op(yield) || y->noperands != n || b->nargs != n + 1) return false;
  /* which iter args are kept (the usual answer, all of them, allocates
   * nothing) */
  VEC(bool) keep = {0};
  for (unsigned i = 0, any = 0; i < n; i++) {
    IrValue *init = ir_op_operand(op, 3 + i), *arg = b->args[1 + i], *yv = ir_op_operand(y, i);
    bool fwd = yv == arg || yv == init ||
               (!ir_value_has_uses(arg) && !ir_value_has_uses(ir_op_result(op, i)));
    if (fwd && !any) {
      any = 1;
      for (unsigned j = 0; j < i; j++) vec_push(&keep, true);
    }
    if (any) vec_push(&keep, !fwd);
  }
  if (!keep.len) return false;
  rw_set_insertion_point_before(rw, op);
  IrOpState st;
  ir_op_state_init(&st, rw->ctx, scf_op(for), ir_op_loc(op));
  for (unsigned i = 0; i < 3; i++) vec_push(&st.operands, ir_op_operand(op, i));
  IrBlock *nb = ir_block_new();
  ir_block_add_arg(nb, b->args[0]->type, ir_value_arg_loc(b->args[0]));
  for (unsigned i = 0; i < n; i++)
    if (keep.data[i]) {
      vec_push(&st.operands, ir_op_operand(op, 3 + i));
      vec_push(&st.result_types, ir_op_result(op, i)->type);
      ir_block_add_arg(nb, b->args[1 + i]->type, ir_value_arg_loc(b->args[1 + i]));
    }
  if (scf_for_is_unsigned(op)) ir_op_state_add_prop(&st, "unsignedCmp", ir_unit_attr(rw->ctx));
  if (op->attrs)
    for (uint32_t i = 0; i < op->attrs->nelems; i++)
      vec_push(&st.attrs, ((IrNamedAttr){op->attrs->names[i], op->attrs->elems[i]}));
  ir_region_append(ir_op_state_add_region(&st), nb);
  IrOp *nf = rw_create_op(rw, &st);
  /* block transfer values and the replacement results */
  IrValueVec args = {0}, res = {0}, kept = {0};
  vec_push(&args, nb->args[0]);
  unsigned k = 0;
  for (unsigned i = 0; i < n; i++) {
    if (keep.data[i]) {
      vec_push(&args, nb->args[1 + k]);
      vec_push(&res, ir_op_result(nf, k));
      vec_push(&kept, ir_op_operand(y, i));
      k++;
    } else {
      vec_push(&args, ir_op_operand(op, 3 + i));
      vec_push(&res, ir_op_operand(op, 3 + i));
    }
  }
  rw_inline_block_before(rw, b, nb, NULL, args.data);
  IrOp *merged = nb->last;
  rw_set_insertion_point_before(rw, merged);
  rw_build_op(rw, scf_op(yield), ir_op_loc(merged), kept.data, kept.len, NULL, 0, NULL, NULL);
  rw_erase_op(rw, merged);
  rw_replace_op(rw, op, res.data);
  vec_free(&keep);
  vec_free(&args);
  vec_free(&res);
  vec_free(&kept);
  return true;
}

/* ---- scf.execute_region / scf.index_switch ------------------------------------------ */

static bool execute_region_inline(IrOp *op, RwRewriter *rw) {
  if (!region_has_one_block(op, 0) || ir_op_attrz(op, "no_inline")) return false;
  IrOp *t = ir_op_region(op, 0)->first->last;
  if (!t || t->info != scf_op(yield)) return false;
  replace_with_region(rw, op, 0, NULL);
  return true;
}

/* Results that every yield forwards from a value defined outside the op
 * are dropped: a new execute_region (attributes kept, no_inline included)
 * keeps the others, and the dropped results' uses take the values. */
static bool execute_region_forward(IrOp *op, RwRewriter *rw) {
  IrRegion *r = ir_op_region(op, 0);
  IrValueVec fwd = {0};
  size_t nfwd = 0;
  for (uint32_t i = 0; i < op->nresults; i++) {
    IrValue *same = NULL;
    bool ok = true;
    for (IrBlock *b = r->first; b && ok; b = b->next) {
      IrOp *t = b->last;
      if (!t || t->info != scf_op(yield)) continue;
      if (i >= t->noperands) ok = false;
      else if (!same) same = ir_op_operand(t, i);
      else if (same != ir_op_operand(t, i)) ok = false;
    }
    if (ok && same) {
      IrOp *owner = same->def ? same->def : ir_block_parent_op(ir_value_arg_block(same));
      if (owner && ir_op_is_ancestor(op, owner)) ok = false;
    }
    vec_push(&fwd, ok ? same : NULL);
    if (ok && same) nfwd++;
  }
  if (!nfwd) {
    vec_free(&fwd);
    return false;
  }
  rw_set_insertion_point_before(rw, op);
  IrOpState st;
  ir_op_state_init(&st, rw->ctx, op->info, ir_op_loc(op));
  for (uint32_t i = 0; i < op->nresults; i++)
    if (!fwd.data[i]) vec_push(&st.result_types, ir_op_result(op, i)->type);
  st.props_dict = op->props;
  if (op->attrs)
    for (uint32_t i = 0; i < op->attrs->nelems; i++)
      vec_push(&st.attrs, ((IrNamedAttr){op->attrs->names[i], op->attrs->elems[i]}));
  ir_op_state_add_region(&st);
  IrOp *n = rw_create_op(rw, &st);
  IrValueVec vals = {0}, res = {0};
  for (IrBlock *b = r->first; b; b = b->next) {
    IrOp *t = b->last;
    if (!t || t->info != scf_op(yield)) continue;
    vals.len = 0;
    for (uint32_t i = 0; i < t->noperands && i < op->nresults; i++)
      if (!fwd.data[i]) vec_push(&vals, ir_op_operand(t, i));
    set_yield(rw, t, vals.data, vals.len);
  }
  rw_inline_region_before(rw, r, ir_op_region(n, 0), NULL);
  unsigned k = 0;
  for (uint32_t i = 0; i < op->nresults; i++)
    vec_push(&res, fwd.data[i] ? fwd.data[i] : ir_op_result(n, k++));
  rw_replace_op(rw, op, res.data);
  vec_free(&fwd);
  vec_free(&vals);
  vec_free(&res);
  return true;
}

/* ---- scf.while ------------------------------------------------------------------------ */

/* A new scf.while at the insertion point: `inits` operands, `types`
 * results, two empty regions. */
static IrOp *new_while(RwRewriter *rw, IrOp *op, IrValue *const *inits, size_t n,
                       const IrType *const *types, size_t nt) {
  IrOpState st;
  ir_op_state_init(&st, rw->ctx, scf_op(while), ir_op_loc(op));
  for (size_t i = 0; i < n; i++) vec_push(&st.operands, inits[i]);
  for (size_t i = 0; i < nt; i++) vec_push(&st.result_types, types[i]);
  if (op->attrs)
    for (uint32_t i = 0; i < op->attrs->nelems; i++)
      vec_push(&st.attrs, ((IrNamedAttr){op->attrs->names[i], op->attrs->elems[i]}));
  ir_op_state_add_region(&st);
  ir_op_state_add_region(&st);
  return rw_create_op(rw, &st);
}

/* The while's before/after blocks and terminators, when well formed. */
static bool while_parts(IrOp *op, IrBlock **b, IrBlock **a, IrOp **c, IrOp **y) {
  *b = scf_body(op, 0);
  *a = scf_body(op, 1);
  *c = *b ? (*b)->last : NULL;
  *y = *a ? (*a)->last : NULL;
  return *c && *y && (*c)->info == scf_op(condition) && (*y)->info == scf_op(yield) &&
         (*b)->nargs == op->noperands && (*y)->noperands == op->noperands &&
         (*a)->nargs == (*c)->noperands - 1;
}

/* RemoveLoopInvariantArgsFromBeforeBlock: a before argument whose next
 * value is its init (yielded directly, or forwarded unchanged through the
 * condition) is replaced by the init and dropped. */
/* Whether the while's before argument i is loop invariant (its yielded
 * value is its init, or an after argument receiving the before argument
 * itself or the init). */
static bool before_arg_invariant(IrOp *op, IrBlock *b, IrBlock *a, IrOp *c, IrOp *y, uint32_t i) {
  IrValue *init = ir_op_operand(op, i), *yv = ir_op_operand(y, i);
  if (yv == init) return true;
  if (ir_value_arg_block(yv) != a) return false;
  IrValue *ca = ir_op_operand(c, 1 + ir_value_index(yv));
  return ca == b->args[i] || ca == init;
}

static bool while_invariant_before_args(IrOp *op, RwRewriter *rw) {
  IrBlock *b, *a;
  IrOp *c, *y;
  if (!while_parts(op, &b, &a, &c, &y)) return false;
  uint32_t n = op->noperands;
  bool any = false; /* none, the usual answer, allocates nothing */
  for (uint32_t i = 0; i < n && !any; i++) any = before_arg_invariant(op, b, a, c, y, i);
  if (!any) return false;
  VEC(bool) inv = {0};
  for (uint32_t i = 0; i < n; i++) vec_push(&inv, before_arg_invariant(op, b, a, c, y, i));
  IrValueVec inits = {0}, yargs = {0}, map = {0};
  for (uint32_t i = 0; i < n; i++)
    if (!inv.data[i]) {
      vec_push(&inits, ir_op_operand(op, i));
      vec_push(&yargs, ir_op_operand(y, i));
    }
  rw_set_insertion_point_before(rw, y);
  rw_build_op(rw, scf_op(yield), ir_op_loc(y), yargs.data, yargs.len, NULL, 0, NULL, NULL);
  rw_erase_op(rw, y);
  rw_set_insertion_point_before(rw, op);
  IrTypeVec rt = {0};
  for (uint32_t i = 0; i < op->nresults; i++) vec_push(&rt, ir_op_result(op, i)->type);
  IrOp *nw = new_while(rw, op, inits.data, inits.len, rt.data, rt.len);
  IrBlock *nb = ir_block_new();
  for (uint32_t i = 0; i < n; i++)
    if (!inv.data[i]) ir_block_add_arg(nb, yargs.data[nb->nargs]->type, ir_value_arg_loc(b->args[i]));
  ir_region_append(ir_op_region(nw, 0), nb);
  for (uint32_t i = 0, j = 0; i < n; i++)
    vec_push(&map, inv.data[i] ? ir_op_operand(op, i) : nb->args[j++]);
  rw_inline_block_before(rw, b, nb, NULL, map.data);
  rw_inline_region_before(rw, ir_op_region(op, 1), ir_op_region(nw, 1), NULL);
  IrValueVec res = {0};
  for (uint32_t i = 0; i < op->nresults; i++) vec_push(&res, ir_op_result(nw, i));
  rw_replace_op(rw, op, res.data);
  vec_free(&inv);
  vec_free(&inits);
  vec_free(&yargs);
  vec_free(&map);
  vec_free(&rt);
  vec_free(&res);
  return true;
}

/* RemoveLoopInvariantValueYielded: a condition argument defined outside
 * the before block replaces its after argument and its result. */
static bool while_invariant_yielded(IrOp *op, RwRewriter *rw) {
  IrBlock *b, *a;
  IrOp *c, *y;
  if (!while_parts(op, &b, &a, &c, &y)) return false;
  uint32_t n = c->noperands - 1;
  if (op->nresults != n) return false;
  bool any = false; /* none, the usual answer, allocates nothing */
  for (uint32_t i = 0; i < n && !any; i++) {
    IrValue *v = ir_op_operand(c, 1 + i);
    any = (v->def ? v->def->block : ir_value_arg_block(v)) != b;
  }
  if (!any) return false;
  IrValueVec vals = {0}, cargs = {0}, map = {0}, res = {0}, inits = {0};
  IrTypeVec types = {0};
  for (uint32_t i = 0; i < n; i++) vec_push(&vals, ir_op_operand(c, 1 + i));
  {
    vec_push(&cargs, ir_op_operand(c, 0));
    for (uint32_t i = 0; i < n; i++) {
      IrValue *v = vals.data[i];
      IrBlock *pb = v->def ? v->def->block : ir_value_arg_block(v);
      if (pb == b) {
        vec_push(&cargs, v);
        vec_push(&types, v->type);
      }
    }
    rw_set_insertion_point_before(rw, c);
    rw_build_op(rw, scf_op(condition), ir_op_loc(c), cargs.data, cargs.len, NULL, 0, NULL, NULL);
    rw_erase_op(rw, c);
    rw_set_insertion_point_before(rw, op);
    for (uint32_t i = 0; i < op->noperands; i++) vec_push(&inits, ir_op_operand(op, i));
    IrOp *nw = new_while(rw, op, inits.data, inits.len, types.data, types.len);
    IrBlock *na = ir_block_new();
    for (uint32_t i = 0, j = 0; i < n; i++) {
      IrValue *v = vals.data[i];
      IrBlock *pb = v->def ? v->def->block : ir_value_arg_block(v);
      if (pb != b) {
        vec_push(&map, v);
        vec_push(&res, v);
      } else {
        IrValue *arg = ir_block_add_arg(na, types.data[j], ir_value_arg_loc(a->args[i]));
        vec_push(&map, arg);
        vec_push(&res, ir_op_result(nw, j));
        j++;
      }
    }
    ir_region_append(ir_op_region(nw, 1), na);
    rw_inline_block_before(rw, a, na, NULL, map.data);
    rw_inline_region_before(rw, ir_op_region(op, 0), ir_op_region(nw, 0), NULL);
    rw_replace_op(rw, op, res.data);
  }
  vec_free(&vals);
  vec_free(&cargs);
  vec_free(&map);
  vec_free(&res);
  vec_free(&types);
  vec_free(&inits);
  return any;
}

/* WhileConditionTruth: an after argument that receives the condition
 * itself is `true` there (a constant made before the while). */
static bool while_condition_truth(IrOp *op, RwRewriter *rw) {
  IrBlock *b, *a;
  IrOp *c, *y;
  if (!while_parts(op, &b, &a, &c, &y)) return false;
  IrValue *cond = ir_op_operand(c, 0), *t = NULL;
  bool changed = false;
  for (uint32_t i = 1; i < c->noperands; i++) {
    IrValue *arg = a->args[i - 1];
    if (ir_op_operand(c, i) != cond || !ir_value_has_uses(arg)) continue;
    if (!t) {
      rw_set_insertion_point_before(rw, op);
      t = bool_constant(rw, ir_op_loc(op), cond->type, true);
      if (!t) return changed;
    }
    rw_replace_all_uses_with(rw, arg, t);
    changed = true;
  }
  return changed;
}

/* WhileCmpCond: in the after block, a cmpi of a forwarded operand of the
 * condition's cmpi against the same other operand, with the same (or the
 * inverted) predicate, is true (false). */
static bool while_cmp_cond(IrOp *op, RwRewriter *rw) {
  IrBlock *b, *a;
  IrOp *c, *y;
  if (!while_parts(op, &b, &a, &c, &y)) return false;
  IrValue *cv = ir_op_operand(c, 0);
  IrOp *cmp = is_arith(cv->def, "arith.cmpi") ? cv->def : NULL;
  if (!cmp) return false;
  static const int inv[ARITH_CMPI_COUNT] = {
      [ARITH_CMPI_EQ] = ARITH_CMPI_NE,   [ARITH_CMPI_NE] = ARITH_CMPI_EQ,
      [ARITH_CMPI_SLT] = ARITH_CMPI_SGE, [ARITH_CMPI_SLE] = ARITH_CMPI_SGT,
      [ARITH_CMPI_SGT] = ARITH_CMPI_SLE, [ARITH_CMPI_SGE] = ARITH_CMPI_SLT,
      [ARITH_CMPI_ULT] = ARITH_CMPI_UGE, [ARITH_CMPI_ULE] = ARITH_CMPI_UGT,
      [ARITH_CMPI_UGT] = ARITH_CMPI_ULE, [ARITH_CMPI_UGE] = ARITH_CMPI_ULT};
  int p = arith_op_predicate(cmp);
  if (p < 0 || p >= ARITH_CMPI_COUNT) return false;
  bool changed = false;
  for (uint32_t k = 1; k < c->noperands; k++) {
    IrValue *fwd = ir_op_operand(c, k), *arg = a->args[k - 1];
    for (unsigned side = 0; side < 2; side++) {
      if (fwd != ir_op_operand(cmp, side)) continue;
      /* the users, newest use first as MLIR's use lists (collected:
       * replacing edits the list; an op using the value twice once) */
      VEC(IrOp *) users = {0};
      for (IrUse *u = arg->uses; u; u = u->next) vec_push(&users, u->owner);
      for (size_t ui = 0; ui < users.len; ui++) {
        IrOp *cmp2 = users.data[ui];
        bool seen = false;
        for (size_t uj = 0; uj < ui; uj++) seen |= users.data[uj] == cmp2;
        if (seen) continue;
        if (!is_arith(cmp2, "arith.cmpi") ||
            ir_op_operand(cmp2, 1 - side) != ir_op_operand(cmp, 1 - side))
          continue;
        int p2 = arith_op_predicate(cmp2);
        bool same;
        if (p2 == p) same = true;
        else if (p2 == inv[p]) same = false;
        else continue;
        rw_set_insertion_point_before(rw, cmp2);
        IrValue *k1 = bool_constant(rw, ir_op_loc(cmp2), ir_op_result(cmp2, 0)->type, same);
        if (!k1) continue;
        rw_replace_op(rw, cmp2, &k1);
        changed = true;
      }
      vec_free(&users);
    }
  }
  return changed;
}

/* WhileUnusedResult: a result unused both outside and as an after argument
 * is dropped from the condition, the after block and the results. */
static bool while_unused_result(IrOp *op, RwRewriter *rw) {
  IrBlock *b, *a;
  IrOp *c, *y;
  if (!while_parts(op, &b, &a, &c, &y) || op->nresults != a->nargs) return false;
  uint32_t nkeep = 0; /* all kept, the usual answer, allocates nothing */
  for (uint32_t i = 0; i < op->nresults; i++)
    nkeep += ir_value_has_uses(ir_op_result(op, i)) || ir_value_has_uses(a->args[i]);
  if (nkeep == op->nresults) return false;
  VEC(bool) keep = {0};
  for (uint32_t i = 0; i < op->nresults; i++)
    vec_push(&keep, ir_value_has_uses(ir_op_result(op, i)) || ir_value_has_uses(a->args[i]));
  IrValueVec cargs = {0}, inits = {0}, map = {0}, res = {0};
  IrTypeVec types = {0};
  vec_push(&cargs, ir_op_operand(c, 0));
  for (uint32_t i = 0; i < op->nresults; i++)
    if (keep.data[i]) {
      vec_push(&cargs, ir_op_operand(c, 1 + i));
      vec_push(&types, ir_op_result(op, i)->type);
    }
  rw_set_insertion_point_before(rw, c);
  rw_build_op(rw, scf_op(condition), ir_op_loc(c), cargs.data, cargs.len, NULL, 0, NULL, NULL);
  rw_erase_op(rw, c);
  rw_set_insertion_point_before(rw, op);
  for (uint32_t i = 0; i < op->noperands; i++) vec_push(&inits, ir_op_operand(op, i));
  IrOp *nw = new_while(rw, op, inits.data, inits.len, types.data, types.len);
  IrBlock *na = ir_block_new();
  IrValue *any_val = ir_op_operand(b->last, 0); /* stands for the unused arguments */
  for (uint32_t i = 0, j = 0; i < op->nresults; i++) {
    if (keep.data[i]) {
      vec_push(&map, ir_block_add_arg(na, types.data[j], ir_op_loc(op)));
      vec_push(&res, ir_op_result(nw, j));
      j++;
    } else {
      vec_push(&map, any_val);
      vec_push(&res, NULL);
    }
  }
  ir_region_append(ir_op_region(nw, 1), na);
  rw_inline_block_before(rw, a, na, NULL, map.data);
  rw_inline_region_before(rw, ir_op_region(op, 0), ir_op_region(nw, 0), NULL);
  rw_replace_op(rw, op, res.data);
  vec_free(&keep);
  vec_free(&cargs);
  vec_free(&inits);
  vec_free(&map);
  vec_free(&res);
  vec_free(&types);
  return true;
}

/* FoldConstantCase: a constant selector picks its case (or the default)
 * region, inlined in place of the op. */
static bool index_switch_constant(IrOp *op, RwRewriter *rw) {
  int64_t v;
  if (!const_int(ir_op_operand(op, 0), &v)) return false;
  size_t n;
  const int64_t *cases = scf_switch_cases(op, &n);
  unsigned r = 0;
  for (size_t i = 0; i < n; i++)
    if (cases[i] == v) {
      r = (unsigned)i + 1;
      break;
    }
  if (r >= op->nregions || !region_has_one_block(op, r)) return false;
  IrOp *t = ir_op_region(op, r)->first->last;
  if (!t || t->info != scf_op(yield)) return false;
  replace_with_region(rw, op, r, NULL);
  return true;
}

/* IrDialect.canonicalize of scf. */
void scf_add_canonicalization_patterns(struct RwPatternSet *set, IrContext *ctx) {
  (void)ctx;
  rw_pattern_add(set, "scf.execute_region", 1, execute_region_forward, "ExecuteRegionForwarding");
  rw_pattern_add(set, "scf.execute_region", 1, execute_region_inline, "SingleBlockExecuteInliner");
  rw_pattern_add(set, "scf.for", 1, for_iter_args_folder, "ForOpIterArgsFolder");
  rw_pattern_add(set, "scf.for", 1, for_simplify_trivial, "SimplifyTrivialLoops");
  rw_pattern_add(set, "scf.if", 1, if_combine, "CombineIfs");
  rw_pattern_add(set, "scf.if", 1, if_condition_propagation, "ConditionPropagation");
  rw_pattern_add(set, "scf.if", 1, if_trivial_to_select, "ConvertTrivialIfToSelect");
  rw_pattern_add(set, "scf.if", 1, if_remove_empty_else, "RemoveEmptyElseBranch");
  rw_pattern_add(set, "scf.if", 1, if_static_condition, "RemoveStaticCondition");
  rw_pattern_add(set, "scf.if", 1, if_remove_unused_results, "RemoveUnusedResults");
  rw_pattern_add(set, "scf.if", 1, if_yield_condition_or_value,
                 "ReplaceIfYieldWithConditionOrValue");
  rw_pattern_add(set, "scf.index_switch", 1, index_switch_constant, "FoldConstantCase");
  rw_pattern_add(set, "scf.while", 1, while_invariant_before_args,
                 "RemoveLoopInvariantArgsFromBeforeBlock");
  rw_pattern_add(set, "scf.while", 1, while_invariant_yielded, "RemoveLoopInvariantValueYielded");
  rw_pattern_add(set, "scf.while", 1, while_condition_truth, "WhileConditionTruth");
  rw_pattern_add(set, "scf.while", 1, while_cmp_cond, "WhileCmpCond");
  rw_pattern_add(set, "scf.while", 1, while_unused_result, "WhileUnusedResult");
}
