/* verify.c — the verifier driver.  Order, as in MLIR: for each op (pre-order)
 * the generic structural checks and the op's verify hook, then its regions'
 * blocks and nested ops, then its verify_regions hook; dominance of uses is
 * checked last over the whole tree.  Verification stops at the first failure
 * so that a broken op never reaches later checks. */
#include "ir/ir_internal.h"

#include <stdio.h>

static const char *plural(long n, const char *one, const char *many) {
  return n == 1 ? one : many;
}

/* Operand/result/region/successor counts with MLIR's trait wording. */
static bool verify_counts(IrOp *op) {
  const IrOpInfo *in = op->info;
  long n = op->noperands;
  if (in->max_operands >= 0 && in->min_operands == in->max_operands && n != in->max_operands) {
    if (in->max_operands == 0) return ir_op_error(op, "requires zero operands");
    if (in->max_operands == 1) return ir_op_error(op, "requires a single operand");
    return ir_op_error(op, "expected %d operands, but found %ld", in->max_operands, n);
  }
  if (n < in->min_operands)
    return ir_op_error(op, "expected %d or more operands, but found %ld", in->min_operands, n);
  if (in->max_operands >= 0 && n > in->max_operands)
    return ir_op_error(op, "expected at most %d operands, but found %ld", in->max_operands, n);
  n = op->nresults;
  if (in->max_results >= 0 && in->min_results == in->max_results && n != in->max_results) {
    if (in->max_results == 0) return ir_op_error(op, "requires zero results");
    if (in->max_results == 1) return ir_op_error(op, "requires one result");
    return ir_op_error(op, "expected %d results, but found %ld", in->max_results, n);
  }
  if (n < in->min_results)
    return ir_op_error(op, "expected %d or more results, but found %ld", in->min_results, n);
  if (in->max_results >= 0 && n > in->max_results)
    return ir_op_error(op, "expected at most %d results, but found %ld", in->max_results, n);
  if (in->num_regions >= 0 && (long)op->nregions != in->num_regions) {
    if (in->num_regions == 0) return ir_op_error(op, "requires zero regions");
    if (in->num_regions == 1) return ir_op_error(op, "requires one region");
    return ir_op_error(op, "expected %d regions", in->num_regions);
  }
  if (in->num_successors >= 0 && (long)op->nsuccessors != in->num_successors) {
    if (in->num_successors == 0) return ir_op_error(op, "requires zero successors");
    return ir_op_error(op, "requires %d %s", in->num_successors,
                       plural(in->num_successors, "successor", "successors"));
  }
  return true;
}

static bool verify_parent(IrOp *op) {
  const char *want = op->info->parent;
  if (!want || !(op->info->traits & IR_TRAIT_HAS_PARENT)) return true;
  IrOp *p = ir_op_parent_op(op);
  const char *name = p ? p->info->name : "";
  size_t nl = strlen(name);
  for (const char *s = want; *s;) {
    const char *bar = strchr(s, '|');
    size_t len = bar ? (size_t)(bar - s) : strlen(s);
    if (p && len == nl && !memcmp(s, name, len)) return true;
    s += len + (bar ? 1 : 0);
  }
  /* MLIR: expects parent op 'a' / expects parent op to be one of 'a, b' */
  IrContext *ctx = op->ctx;
  IrDiag *d = ir_diag_new(ctx, IR_SEV_ERROR, ir_op_loc(op));
  ir_diag_append(ctx, d, "'%s' op expects parent op ", op->info->name);
  if (strchr(want, '|')) {
    ir_diag_append(ctx, d, "to be one of '");
    for (const char *s = want; *s; s++) {
      if (*s == '|') ir_diag_append(ctx, d, ", ");
      else ir_diag_append(ctx, d, "%c", *s);
    }
    ir_diag_append(ctx, d, "'");
  } else {
    ir_diag_append(ctx, d, "'%s'", want);
  }
  ir_diag_emit(ctx, d);
  return false;
}

static bool verify_block(IrOp *parent, IrBlock *b) {
  bool no_term = parent->info->traits & (IR_TRAIT_NO_TERMINATOR | IR_TRAIT_UNREGISTERED);
  for (IrOp *o = b->first; o; o = o->next) {
    if ((o->info->traits & IR_TRAIT_TERMINATOR) && o->next)
      return ir_op_error(o, "must be the last operation in the parent block");
  }
  if (no_term) return true;
  if (!b->last) return ir_error(parent->ctx, ir_op_loc(parent), "empty block: expect at least a terminator");
  if (!(b->last->info->traits & (IR_TRAIT_TERMINATOR | IR_TRAIT_UNREGISTERED)))
    return ir_error(parent->ctx, ir_op_loc(b->last), "block with no terminator, has '%s'",
                    b->last->info->name);
  return true;
}

/* Unique symbol names directly inside a symbol table. */
static bool verify_symbol_table(IrOp *op) {
  if (!(op->info->traits & IR_TRAIT_SYMBOL_TABLE)) return true;
  U64Map seen = {0};
  bool ok = true;
  for (uint32_t r = 0; r < op->nregions && ok; r++)
    for (IrBlock *b = ir_op_regions(op)[r].first; b && ok; b = b->next)
      for (IrOp *o = b->first; o && ok; o = o->next) {
        const IrIdent *n = ir_symbol_name(o);
        if (!n) continue;
        IrOp *prev = u64map_get(&seen, (uintptr_t)n);
        if (prev) {
          IrDiag *d = ir_diag_new(op->ctx, IR_SEV_ERROR, ir_op_loc(o));
          ir_diag_append(op->ctx, d, "redefinition of symbol named '%s'", n->str);
          ir_diag_add_note(op->ctx, d, ir_op_loc(prev), "see existing symbol definition here");
          ir_diag_emit(op->ctx, d);
          ok = false;
        } else {
          u64map_put(&seen, (uintptr_t)n, o);
        }
      }
  u64map_free(&seen);
  return ok;
}

static bool verify_op(IrOp *op) {
  for (uint32_t i = 0; i < op->noperands; i++)
    if (!op->operands[i].value) return ir_op_error(op, "null operand found");
  if (!(op->info->traits & IR_TRAIT_UNREGISTERED)) {
    if (!verify_counts(op) || !verify_parent(op)) return false;
    if (!verify_symbol_table(op)) return false;
    if (op->info->verify && !op->info->verify(op)) return false;
  }
  for (uint32_t r = 0; r < op->nregions; r++) {
    for (IrBlock *b = ir_op_regions(op)[r].first; b; b = b->next) {
      if (!verify_block(op, b)) return false;
      for (IrOp *o = b->first; o; o = o->next)
        if (!verify_op(o)) return false;
    }
  }
  if (!(op->info->traits & IR_TRAIT_UNREGISTERED) && op->info->verify_regions &&
      !op->info->verify_regions(op))
    return false;
  return true;
}

/* The block of `v`'s definition and, for results, the defining op. */
static bool dominates_use(IrValue *v, IrOp *user) {
  IrBlock *defb = v->def ? v->def->block : ir_value_arg_block(v);
  if (!defb) return false;
  /* find the ancestor of `user` that lives in defb's region */
  IrOp *a = user;
  while (a && a->block && a->block->parent != defb->parent) a = ir_op_parent_op(a);
  if (!a || !a->block) return false;
  if (a->block != defb) return true; /* multi-block region: accept */
  if (!v->def) return true;          /* block argument of an enclosing block */
  if (v->def == a) return false;     /* op using its own result */
  return ir_op_is_before_in_block(v->def, a);
}

/* Whether `v` is defined inside isolated op `iso`: a result of an op nested
 * in it, or an argument of a block of one of its regions (or deeper). */
static bool defined_inside(IrValue *v, IrOp *iso) {
  IrOp *owner = v->def ? v->def : ir_block_parent_op(ir_value_arg_block(v));
  if (!owner) return false;
  return v->def ? (owner != iso && ir_op_is_ancestor(iso, owner)) : ir_op_is_ancestor(iso, owner);
}

static IrWalkResult dom_walk(IrOp *op, void *user) {
  bool *ok = user;
  for (uint32_t i = 0; i < op->noperands; i++) {
    IrValue *v = op->operands[i].value;
    for (IrOp *p = ir_op_parent_op(op); p; p = ir_op_parent_op(p)) {
      if (!(p->info->traits & IR_TRAIT_ISOLATED_FROM_ABOVE)) continue;
      if (!defined_inside(v, p)) {
        IrDiag *d = ir_diag_new(op->ctx, IR_SEV_ERROR, ir_op_loc(op));
        ir_diag_append(op->ctx, d, "'%s' op using value defined outside the region",
                       op->info->name);
        ir_diag_add_note(op->ctx, d, ir_op_loc(p), "required by region isolation constraints");
        ir_diag_emit(op->ctx, d);
        *ok = false;
        return IR_WALK_INTERRUPT;
      }
      break;
    }
    if (!dominates_use(v, op)) {
      IrDiag *d = ir_diag_new(op->ctx, IR_SEV_ERROR, ir_op_loc(op));
      ir_diag_append(op->ctx, d, "operand #%u does not dominate this use", i);
      ir_diag_add_note(op->ctx, d, v->def ? ir_op_loc(v->def) : ir_value_arg_loc(v), "operand defined here");
      ir_diag_emit(op->ctx, d);
      *ok = false;
      return IR_WALK_INTERRUPT;
    }
  }
  return IR_WALK_ADVANCE;
}

bool ir_verify(IrOp *op) {
  if (!verify_op(op)) return false;
  bool ok = true;
  ir_walk_pre(op, dom_walk, &ok);
  return ok;
}
