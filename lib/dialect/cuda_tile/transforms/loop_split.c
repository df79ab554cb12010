/* loop_split.c — the `loop-split` pass (NVIDIA's LoopSplitPass, an interface
 * pass on function-like ops, option split-threshold=1).
 *
 * A `for` whose body holds an `if` on `cmpi <pred> %iv, %inv` (%inv loop
 * invariant, the cmpi's signedness that of the loop) is split at the point
 * where the condition flips: two copies of the loop run [lb, split) and
 * [split, ub), each keeping only the branch that is taken there (the if's
 * yields become the mapped values; a `continue` inside the branch ends the
 * copied body).  The split point is %inv (+1 for > and <=), aligned to the
 * step when the step is not the constant 1, then clamped with mini/maxi.
 * Ifs on the same cmpi directly in the body are all split; if the cmpi has
 * any other user it is copied as a constant true/false.
 *
 * Splitting happens only when profitable: an if branch with at least
 * `threshold` ops (terminator excluded) or a heavy op (loads, stores, mma,
 * reduce, if, for); threshold 1 always splits, 0 never.  The threshold comes
 * from the discardable `cuda_tile.loop_split` integer attribute of the if,
 * else the for, else the function, else the pass option.  For loops are
 * visited in post-order; each gets at most one split per run. */
#include "dialect/cuda_tile/ct_transforms.h"

typedef struct LsState {
  IrOp *func;
  int64_t option;
  bool has_entry_hint;
  int64_t entry_hint;
  IrOp *for_op;        /* loop being examined */
  bool has_for_hint;
  int64_t for_hint;
} LsState;

static bool hint_of(IrOp *op, int64_t *out) {
  const IrAttr *a = ir_op_attrz(op, "cuda_tile.loop_split");
  if (!a || a->def != &ir_integer_attr_def) return false;
  *out = a->ints[0];
  return true;
}

static const IrAttr *enum_kw(IrContext *ctx, const CtEnumInfo *e, const char *kw) {
  return ct_enum_attr(ctx, e, ct_enum_lookup(e, (Str){kw, strlen(kw)}));
}

static const IrAttr *props1(IrContext *ctx, const char *name, const IrAttr *v) {
  IrNamedAttr a = {ir_ident(ctx, name, strlen(name)), v};
  return ir_dict_attr(ctx, &a, 1, NULL);
}

static bool is_unsigned_loop(IrOp *f) { return ir_op_attrz(f, "unsignedCmp") != NULL; }

/* Normalizes `cmp` to `iv <pred> rhs`. */
static bool normalize_cmp(IrOp *f, IrOp *cmp, int *pred, IrValue **rhs) {
  int sign = ct_enum_value(ir_op_attrz(cmp, "signedness"), &ct_enum_signedness);
  if (sign != (is_unsigned_loop(f) ? 0 : 1)) return false;
  IrValue *iv = ir_op_regions(f)[0].first->args[0];
  int p = ct_enum_value(ir_op_attrz(cmp, "comparison_predicate"), &ct_enum_comparison_predicate);
  if (ir_op_operand(cmp, 0) == iv) {
    *pred = p;
    *rhs = ir_op_operand(cmp, 1);
    return true;
  }
  if (ir_op_operand(cmp, 1) != iv) return false;
  *rhs = ir_op_operand(cmp, 0);
  switch (p) {
  case CT_CMP_LESS_THAN: *pred = CT_CMP_GREATER_THAN; return true;
  case CT_CMP_LESS_THAN_OR_EQUAL: *pred = CT_CMP_GREATER_THAN_OR_EQUAL; return true;
  case CT_CMP_GREATER_THAN: *pred = CT_CMP_LESS_THAN; return true;
  case CT_CMP_GREATER_THAN_OR_EQUAL: *pred = CT_CMP_LESS_THAN_OR_EQUAL; return true;
  default: return false;
  }
}

static bool is_heavy(IrOp *op) {
  static const char *const heavy[] = {"cuda_tile.load_ptr_tko", "cuda_tile.load_view_tko",
                                      "cuda_tile.store_ptr_tko", "cuda_tile.store_view_tko",
                                      "cuda_tile.mmaf", "cuda_tile.mmai", "cuda_tile.reduce",
                                      "cuda_tile.if", "cuda_tile.for", NULL};
  for (int i = 0; heavy[i]; i++)
    if (!strcmp(op->info->name, heavy[i])) return true;
  return false;
}

/* Ops of a region's blocks minus one (the terminator); *heavy |= any heavy. */
static int64_t count_ops(IrRegion *r, bool *heavy) {
  int64_t n = 0;
  for (IrBlock *b = r->first; b; b = b->next)
    for (IrOp *o = b->first; o; o = o->next) {
      *heavy |= is_heavy(o);
      n++;
    }
  return n - 1;
}

static bool split_profitable(IrOp *ifop, int64_t threshold) {
  if (threshold == 1) return true;
  bool heavy = false;
  int64_t t = count_ops(&ir_op_regions(ifop)[0], &heavy);
  int64_t e = count_ops(&ir_op_regions(ifop)[1], &heavy);
  return t >= threshold || e >= threshold || heavy;
}

typedef VEC(IrOp *) OpVec;

static bool vec_has(const OpVec *v, IrOp *op) {
  for (size_t i = 0; i < v->len; i++)
    if (v->data[i] == op) return true;
  return false;
}

typedef struct Split {
  IrOp *cmp;
  int pred;
  IrValue *rhs;
  bool second_then, copy_cmp;
  OpVec ifs;
} Split;

static bool splittable(IrOp *f, IrOp *ifop, int64_t threshold, Split *s) {
  if (!threshold) return false;
  IrValue *c = ir_op_operand(ifop, 0);
  IrOp *cmp = c->def;
  if (!cmp || !ct_op_is(cmp, CT_OP_cmpi)) return false;
  int pred;
  IrValue *rhs;
  if (!normalize_cmp(f, cmp, &pred, &rhs)) return false;
  if (rhs->def && ir_op_is_ancestor(f, rhs->def)) return false;
  switch (pred) {
  case CT_CMP_GREATER_THAN:
  case CT_CMP_GREATER_THAN_OR_EQUAL: s->second_then = true; break;
  case CT_CMP_LESS_THAN:
  case CT_CMP_LESS_THAN_OR_EQUAL: s->second_then = false; break;
  default: return false;
  }
  s->copy_cmp = false;
  bool profitable = false;
  for (IrUse *u = ir_op_result(cmp, 0)->uses; u; u = u->next) {
    IrOp *user = u->owner;
    if (ct_op_is(user, CT_OP_if_)) {
      profitable |= split_profitable(user, threshold);
      if (ir_op_parent_op(user) == f) {
        if (!vec_has(&s->ifs, user)) vec_push(&s->ifs, user);
        continue;
      }
    }
    s->copy_cmp = true;
  }
  if (!profitable) return false;
  s->cmp = cmp;
  s->pred = pred;
  s->rhs = rhs;
  return true;
}

/* Builds `for` over [lb, ub) with f's step and `inits`, at rw's insertion
 * point, and copies the body: the cmpi becomes a constant, the split ifs
 * keep one branch. */
static IrOp *copy_loop(RwRewriter *rw, IrOp *f, const Split *s, const OpVec *ops, IrValue *lb,
                       IrValue *ub, IrValue *const *inits, size_t ninits, bool clone_then) {
  IrContext *ctx = rw->ctx;
  IrOpState st;
  ir_op_state_init(&st, ctx, ct_op(for_), ir_op_loc(f));
  vec_push(&st.operands, lb);
  vec_push(&st.operands, ub);
  vec_push(&st.operands, ir_op_operand(f, 2));
  for (size_t i = 0; i < ninits; i++) {
    vec_push(&st.operands, inits[i]);
    vec_push(&st.result_types, inits[i]->type);
  }
  if (is_unsigned_loop(f)) ir_op_state_add_prop(&st, "unsignedCmp", ir_unit_attr(ctx));
  IrRegion *r = ir_op_state_add_region(&st);
  IrBlock *body = ir_block_new();
  ir_region_append(r, body);
  ir_block_add_arg(body, lb->type, ir_op_loc(f));
  for (size_t i = 0; i < ninits; i++)
    ir_block_add_arg(body, inits[i]->type, inits[i]->def ? ir_op_loc(inits[i]->def) : ir_value_arg_loc(inits[i]));
  IrOp *nf = rw_create_op(rw, &st);
  if (!nf) return NULL;
  body = ir_op_regions(nf)[0].first;
  RwInsertPoint ip = rw_save_insertion_point(rw);
  rw_set_insertion_point_end(rw, body);
  RwMapping m;
  rw_mapping_init(&m);
  IrBlock *ob = ir_op_regions(f)[0].first;
  for (uint32_t i = 0; i < ob->nargs && i < body->nargs; i++)
    rw_mapping_map(&m, ob->args[i], body->args[i]);
  for (size_t k = 0; k < ops->len; k++) {
    IrOp *op = ops->data[k];
    if (op == s->cmp) {
      const IrType *t = ct_scalar_tile_type(ctx, ir_integer_type(ctx, 1, IR_SIGNLESS));
      uint8_t v = clone_then ? 1 : 0;
      IrOp *c = ct_build_constant(rw, ir_op_loc(op), t, ct_dense_attr(ctx, t, &v, 1));
      if (c) rw_mapping_map(&m, ir_op_result(op, 0), ir_op_result(c, 0));
      continue;
    }
    if (!vec_has(&s->ifs, op)) {
      rw_clone_op(rw, op, &m);
      continue;
    }
    IrRegion *src = &ir_op_regions(op)[clone_then ? 0 : 1];
    bool stop = false;
    for (IrOp *sub = src->first ? src->first->first : NULL; sub; sub = sub->next) {
      if (ct_op_is(sub, CT_OP_continue_)) {
        rw_clone_op(rw, sub, &m);
        stop = true;
        break;
      }
      if (ct_op_is(sub, CT_OP_yield)) {
        for (uint32_t i = 0; i < op->nresults && i < sub->noperands; i++)
          rw_mapping_map(&m, ir_op_result(op, i),
                         rw_mapping_lookup_value(&m, ir_op_operand(sub, i)));
      } else {
        rw_clone_op(rw, sub, &m);
      }
    }
    if (stop) break;
  }
  rw_mapping_free(&m);
  rw_restore_insertion_point(rw, ip);
  return nf;
}

static bool const_is_one(IrValue *v) {
  if (!v->def || !ct_op_is(v->def, CT_OP_constant)) return false;
  const IrAttr *a = ir_op_attrz(v->def, "value");
  if (!a || !ct_type_is_tile(v->type) || !ir_type_is_integer(ct_tile_type_elem(v->type)))
    return false;
  if (ct_dense_num_elements(a) != 1) return false;
  return ct_const_int_is(v, 1);
}

static void perform_split(RwRewriter *rw, IrOp *f, Split *s) {
  IrContext *ctx = rw->ctx;
  const IrLoc *loc = ir_op_loc(f);
  IrValue *step = ir_op_operand(f, 2), *lb = ir_op_operand(f, 0), *ub = ir_op_operand(f, 1);
  const IrType *it = step->type;
  const IrAttr *sign = ct_enum_attr(ctx, &ct_enum_signedness, is_unsigned_loop(f) ? 0 : 1);
  const IrAttr *ovf = props1(ctx, "overflow", enum_kw(ctx, &ct_enum_overflow, "none"));
  const IrAttr *sprops = props1(ctx, "signedness", sign);
  IrValue *split = s->rhs;
  if (s->pred == CT_CMP_GREATER_THAN || s->pred == CT_CMP_LESS_THAN_OR_EQUAL) {
    size_t es = ir_dense_elem_size(ct_tile_type_elem(it));
    uint64_t one = 1;
    uint8_t buf[8] = {0};
    memcpy(buf, &one, es <= 8 ? es : 8);
    IrOp *c = ct_build_constant(rw, loc, it, ct_dense_attr(ctx, it, buf, 1));
    split = ct_build_binary(rw, CT_OP_addi, loc, split, ir_op_result(c, 0), it, ovf);
  }
  if (!const_is_one(step)) {
    IrNamedAttr dp[2] = {{ir_ident(ctx, "rounding", 8), enum_kw(ctx, &ct_enum_rounding, "positive_inf")},
                         {ir_ident(ctx, "signedness", 10), sign}};
    IrValue *diff = ct_build_binary(rw, CT_OP_subi, loc, split, lb, it, ovf);
    IrValue *k = ct_build_binary(rw, CT_OP_divi, loc, diff, step, it,
                                 ir_dict_attr(ctx, dp, 2, NULL));
    IrValue *kstep = ct_build_binary(rw, CT_OP_muli, loc, k, step, it, ovf);
    split = ct_build_binary(rw, CT_OP_addi, loc, lb, kstep, it, ovf);
  }
  IrValue *lo = ct_build_binary(rw, CT_OP_mini, loc, split, ub, it, sprops);
  IrValue *hi = ct_build_binary(rw, CT_OP_maxi, loc, split, lb, it, sprops);

  OpVec ops = {0};
  for (IrOp *o = ir_op_regions(f)[0].first->first; o; o = o->next)
    if (s->copy_cmp || o != s->cmp) vec_push(&ops, o);
  size_t ninit = f->noperands - 3;
  IrValue **inits = xcalloc(ninit ? ninit : 1, sizeof *inits);
  for (size_t i = 0; i < ninit; i++) inits[i] = ir_op_operand(f, 3 + (unsigned)i);
  rw_set_insertion_point_before(rw, f);
  IrOp *first = copy_loop(rw, f, s, &ops, lb, lo, inits, ninit, !s->second_then);
  IrOp *second = NULL;
  if (first) {
    IrValue **r1 = xcalloc(ninit ? ninit : 1, sizeof *r1);
    for (size_t i = 0; i < ninit; i++) r1[i] = ir_op_result(first, (unsigned)i);
    rw_set_insertion_point_after(rw, first);
    second = copy_loop(rw, f, s, &ops, hi, ub, r1, ninit, s->second_then);
    free(r1);
  }
  if (second) {
    IrValue **res = xcalloc(ninit ? ninit : 1, sizeof *res);
    for (size_t i = 0; i < ninit; i++) res[i] = ir_op_result(second, (unsigned)i);
    rw_replace_op(rw, f, res);
    free(res);
  }
  free(inits);
  vec_free(&ops);
}

static IrWalkResult visit_if(IrOp *op, void *user) {
  LsState *st = user;
  if (!ct_op_is(op, CT_OP_if_)) return IR_WALK_ADVANCE;
  int64_t thr = st->option, h;
  if (hint_of(op, &h)) thr = h;
  else if (st->has_for_hint) thr = st->for_hint;
  else if (st->has_entry_hint) thr = st->entry_hint;
  Split s = {0};
  bool ok = splittable(st->for_op, op, thr, &s);
  if (ok) {
    RwRewriter rw;
    rw_rewriter_init(&rw, ir_op_context(op), NULL);
    rw_set_insertion_point_before(&rw, st->for_op);
    perform_split(&rw, st->for_op, &s);
  }
  vec_free(&s.ifs);
  return ok ? IR_WALK_INTERRUPT : IR_WALK_ADVANCE;
}

static IrWalkResult visit_for(IrOp *op, void *user) {
  LsState *st = user;
  if (!ct_op_is(op, CT_OP_for_) || !ir_op_regions(op)[0].first || op->noperands < 3)
    return IR_WALK_ADVANCE;
  st->for_op = op;
  st->has_for_hint = hint_of(op, &st->for_hint);
  ir_walk_post(op, visit_if, st);
  return IR_WALK_ADVANCE;
}

static bool run_loop_split(IrOp *op, const char *options) {
  if (!ir_op_info_has(op->info, IR_TRAIT_FUNCTION_LIKE)) {
    ir_op_error(op, "trying to schedule a pass on an unsupported operation");
    return false;
  }
  LsState st = {0};
  st.func = op;
  st.option = rw_pass_option_int(options, "split-threshold", 1);
  st.has_entry_hint = hint_of(op, &st.entry_hint);
  ir_walk_post(op, visit_for, &st);
  return true;
}

static const RwPassOption loop_split_opts[] = {
    {"split-threshold", RW_OPT_INT,
     "Threshold to split loop only if-block contaings not less than given number of operations",
     NULL},
    {NULL, RW_OPT_BOOL, NULL, NULL},
};

static const RwPassInfo loop_split_pass = {
    .name = "loop-split",
    .summary = "Split loops when predicate in if-condition compares iv with loop invariant",
    .anchor = NULL,
    .run = run_loop_split,
    .class_name = "LoopSplitPass",
    .opts = loop_split_opts,
};

void ct_register_loop_split(IrContext *ctx) { rw_register_pass(ctx, &loop_split_pass); }
