/* verify.c — the verifier driver.  Order, as in MLIR: for each op (pre-order)
 * the generic structural checks and the op's verify hook, then its regions'
 * blocks and nested ops, then its verify_regions hook; dominance of uses is
 * reported last, for the first use in pre-order that fails it.  Verification
 * stops at the first failure so that a broken op never reaches later checks.
 *
 * The dominance checks ride along the structural walk (each op's operands
 * are checked when the walk reaches it, while the op and its block are in
 * cache) instead of a second walk over the whole tree; the first failure is
 * only recorded there and reported once the structural walk has passed, so
 * the diagnostics and their order are those of two separate walks.
 *
 * Whole-op memo: an op whose row has IR_TRAIT_VERIFY_PURE (ir.h) has a
 * verify hook whose verdict depends on nothing but the op's signature —
 * kind, property and attribute dictionaries, operand and result types,
 * region and successor counts — all uniqued, immortal objects of the
 * context or plain numbers.  The signatures that passed the count checks
 * and such a hook are kept in a per-context table (a context state slot,
 * freed with it), and a later op with one of them, in this walk or a later
 * one (the second verify after a pass, the streamed reader's walk per
 * function), skips both.  Only passes are stored, as full signatures (a hit
 * is an exact match, never a hash coincidence); everything that depends on
 * where the op is — null operands, dominance, the parent op, symbol tables,
 * terminators and regions — is checked on every op, hit or not.  A hook
 * that read more than the signature for one op calls ir_verify_memo_veto
 * and its verdict is not stored. */
#include "ir/ir_internal.h"
#include "ir/verify.h"

#include <stdio.h>

static const char *plural(long n, const char *one, const char *many) {
  return n == 1 ? one : many;
}

/* Whether n lies in [min, max] (max < 0: unbounded), in one comparison. */
static inline bool count_in(uint32_t n, int min, int max) {
  return (uint32_t)(n - (uint32_t)min) <= (uint32_t)(max - min);
}

/* Operand/result/region/successor counts with MLIR's trait wording. */
static bool verify_counts(IrOp *op) {
  const IrOpInfo *in = op->info;
  if (count_in(op->noperands, in->min_operands, in->max_operands) &&
      count_in(op->nresults, in->min_results, in->max_results) &&
      (in->num_regions < 0 || op->nregions == (uint32_t)in->num_regions) &&
      (in->num_successors < 0 || op->nsuccessors == (uint32_t)in->num_successors))
    return true;
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

/* The first use that fails dominance or region isolation, in pre-order:
 * `op`'s operand #idx, and for isolation the isolated ancestor `iso`. */
typedef struct DomFailure {
  IrOp *op;
  IrOp *iso; /* non-NULL: "using value defined outside the region" */
  uint32_t idx;
} DomFailure;


/* The whole-op memo (see the top of the file): a two-way set-associative
 * table of signatures that passed; a newly stored one takes the first slot
 * of its pair and the older one moves to the second. */
#define OPMEMO_BITS 12
#define OPMEMO_MAX_VALUES 8

typedef struct OpMemoSlot {
  const IrOpInfo *info; /* NULL: empty */
  const IrAttr *props, *attrs;
  uint32_t counts; /* see above opmemo_match */
  const IrType *types[OPMEMO_MAX_VALUES]; /* operands', then results' */
} OpMemoSlot;

#define PARENT_OK_BITS 6
#define PARENT_OK_SIZE (1 << PARENT_OK_BITS)

typedef struct OpMemo {
  IrVerifyMemoStats stats;
  uint64_t collide; /* ir_verify_memo_collide: all signatures share pair 0 */
  /* (op kind, parent op kind) pairs that passed verify_parent,
   * direct-mapped: op infos live as long as the context (registered ones
   * are its dialects' tables, unregistered ones its allocations), so an
   * accepted pair stays accepted in every walk, and most ops repeat one of
   * a few pairs (the streamed bytecode reader runs one walk per function). */
  struct {
    const IrOpInfo *op, *parent;
  } parent_ok[PARENT_OK_SIZE];
  OpMemoSlot slots[1u << OPMEMO_BITS];
} OpMemo;

static const char opmemo_key[] = "ir.verify_op_memo";

/* State of one ir_verify walk. */
typedef struct VerifyState {
  DomFailure dom; /* its op stays NULL while no use failed */
  uint64_t walk;  /* the walk's id (ir_verify_walk_id) */
  IrContext *ctx; /* the tree's */
  OpMemo *memo;   /* the context's, once an op asked for it */
  uint64_t rich;  /* ops reached whose location is not plain (ir_verify_rich_locs) */
} VerifyState;

static inline OpMemo *walk_memo(VerifyState *st) {
  if (!st->memo) st->memo = ir_ctx_zeroed_state(st->ctx, opmemo_key, sizeof(OpMemo));
  return st->memo;
}

/* The counts part of a signature: noperands | nresults << 8, with bit 16
 * set so that 0 never is a key.  Only ops with at most OPMEMO_MAX_VALUES
 * values and no regions or successors are memoized (a pure hook's op has
 * none, and an op that has some runs its hook): region and successor counts
 * are thus part of the key, always zero. */
static inline bool opmemo_match(const OpMemoSlot *s, const IrOp *op, const IrType *const *sig,
                                uint32_t k, uint32_t counts) {
  if (s->info != op->info || s->counts != counts || s->props != op->props ||
      s->attrs != op->attrs)
    return false;
  for (uint32_t i = 0; i < k; i++)
    if (s->types[i] != sig[i]) return false;
  return true;
}

/* The pair of slots of `op`'s signature: `sig`, its k operand and result
 * types (k <= OPMEMO_MAX_VALUES), and `counts` (opmemo_counts, not 0).  The
 * hash takes the kind, the dictionaries, the counts and the first and last
 * of the types, not every type: signatures that differ only in the others
 * share a pair (and the full comparison, opmemo_match, tells them apart). */
static inline OpMemoSlot *opmemo_probe(OpMemo *m, const IrOp *op, const IrType *const *sig,
                                       uint32_t k, uint32_t counts) {
  const uint64_t mul = 0x9E3779B97F4A7C15u;
  uintptr_t t = k ? (uintptr_t)sig[0] * 5 ^ (uintptr_t)sig[k - 1] * 11 : 0;
  uint64_t h = ((uintptr_t)op->info ^ (uintptr_t)op->props * 31 ^ (uintptr_t)op->attrs * 7 ^
                counts ^ t) * mul;
  return &m->slots[(h >> (64 - OPMEMO_BITS)) & ~(uint64_t)1 & ~m->collide];
}

/* Records that `op`'s signature `sig` (and `counts`) passed, in the pair
 * `s` opmemo_probe gave. */
static void opmemo_store(OpMemo *m, OpMemoSlot *s, IrOp *op, const IrType *const *sig,
                         uint32_t counts) {
  s[1] = s[0];
  uint32_t k = op->noperands + op->nresults;
  s->info = op->info;
  s->props = op->props;
  s->attrs = op->attrs;
  s->counts = counts;
  for (uint32_t i = 0; i < k; i++) s->types[i] = sig[i];
  m->stats.stored++;
}

/* Set by ir_verify_memo_veto while a pure hook runs. */
static _Thread_local bool memo_veto;

void ir_verify_memo_veto(void) { memo_veto = true; }

void ir_verify_memo_collide(IrContext *ctx, bool on) {
  OpMemo *m = ir_ctx_zeroed_state(ctx, opmemo_key, sizeof(OpMemo));
  m->collide = on ? ~(uint64_t)0 : 0;
}

IrVerifyMemoStats ir_verify_memo_stats(IrContext *ctx) {
  OpMemo *m = ir_ctx_dialect_state(ctx, opmemo_key);
  return m ? m->stats : (IrVerifyMemoStats){0, 0};
}

/* Whether `name` is one of the '|'-separated names of `want` (a trailing
 * '|' adds no empty alternative). */
static bool name_in_list(const char *want, const char *name) {
  for (const char *s = want; *s;) {
    const char *n = name;
    while (*s && *s != '|' && *s == *n) s++, n++;
    if ((!*s || *s == '|') && !*n) return true;
    while (*s && *s != '|') s++;
    if (*s) s++;
  }
  return false;
}

static bool verify_parent(IrOp *op, VerifyState *st) {
  const char *want = op->info->parent;
  if (!want || !(op->info->traits & IR_TRAIT_HAS_PARENT)) return true;
  IrOp *p = ir_op_parent_op(op);
  if (p) {
    /* op infos are array rows a fixed stride apart: mix before taking bits */
    uint64_t x = ((uintptr_t)op->info ^ (uintptr_t)p->info * 31) * 0x9E3779B97F4A7C15u;
    size_t h = (size_t)(x >> (64 - PARENT_OK_BITS));
    OpMemo *m = walk_memo(st);
    if (m->parent_ok[h].op == op->info && m->parent_ok[h].parent == p->info) return true;
    if (name_in_list(want, p->info->name)) {
      m->parent_ok[h].op = op->info;
      m->parent_ok[h].parent = p->info;
      return true;
    }
  }
  /* MLIR: expects parent op 'a' / expects parent op to be one of 'a, b' */
  IrContext *ctx = ir_op_context(op);
  IrDiag *d = ir_op_diag(op, IR_SEV_ERROR, "expects parent op ");
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

/* The block's terminator rules.  Its walk over the ops also numbers them
 * when the block's order cache is stale (as after parsing), so that every
 * dominance check of a use in this block, which runs after this, compares
 * two numbers (verify_list) instead of walking the block. */
static bool verify_block(IrOp *parent, IrBlock *b) {
  bool no_term = parent->info->traits & (IR_TRAIT_NO_TERMINATOR | IR_TRAIT_UNREGISTERED);
  if (b->order_valid) {
    for (IrOp *o = b->first; o; o = o->next)
      if ((o->info->traits & IR_TRAIT_TERMINATOR) && o->next)
        return ir_op_error(o, "must be the last operation in the parent block");
  } else {
    uint32_t n = 0;
    for (IrOp *o = b->first; o; o = o->next) {
      if ((o->info->traits & IR_TRAIT_TERMINATOR) && o->next)
        return ir_op_error(o, "must be the last operation in the parent block");
      o->order = n++;
    }
    b->order_valid = 1;
  }
  if (no_term) return true;
  if (!b->last) return ir_error(ir_op_context(parent), ir_op_loc(parent), "empty block: expect at least a terminator");
  if (!(b->last->info->traits & (IR_TRAIT_TERMINATOR | IR_TRAIT_UNREGISTERED)))
    return ir_error(ir_op_context(parent), ir_op_loc(b->last), "block with no terminator, has '%s'",
                    b->last->info->name);
  return true;
}

/* Unique symbol names directly inside a symbol table.  The names seen so
 * far sit in an open-addressing table of (name, op) sized once for every op
 * of the regions (names are interned: compared by pointer). */
typedef struct SymSeen {
  const IrIdent *name;
  IrOp *op;
} SymSeen;

static bool verify_symbol_table(IrOp *op) {
  if (!(op->info->traits & IR_TRAIT_SYMBOL_TABLE)) return true;
  size_t nops = 0;
  for (uint32_t r = 0; r < op->nregions; r++)
    for (IrBlock *b = ir_op_regions(op)[r].first; b; b = b->next)
      for (IrOp *o = b->first; o; o = o->next) nops++;
  /* at least 1.5 slots per op: probes stay short, and the zeroed table (a
   * module's is the largest) costs less to clear than at 2 */
  unsigned bits = 4;
  while (((size_t)1 << bits) < nops + nops / 2 + 1) bits++;
  size_t mask = ((size_t)1 << bits) - 1;
  SymSeen small[16];
  SymSeen *seen = bits == 4 ? small : xcalloc(mask + 1, sizeof *seen);
  if (bits == 4) memset(small, 0, sizeof small);
  bool ok = true;
  for (uint32_t r = 0; r < op->nregions && ok; r++)
    for (IrBlock *b = ir_op_regions(op)[r].first; b && ok; b = b->next)
      for (IrOp *o = b->first; o && ok; o = o->next) {
        const IrIdent *n = ir_symbol_name(o);
        if (!n) continue;
        size_t h = (size_t)(((uintptr_t)n * 0x9E3779B97F4A7C15u) >> (64 - bits));
        while (seen[h].name && seen[h].name != n) h = (h + 1) & mask;
        if (seen[h].name) {
          IrDiag *d = ir_op_emit(o, IR_SEV_ERROR, "redefinition of symbol named '%s'", n->str);
          ir_diag_add_note(ir_op_context(op), d, ir_op_loc(seen[h].op),
                           "see existing symbol definition here");
          ir_diag_emit(ir_op_context(op), d);
          ok = false;
        } else {
          seen[h] = (SymSeen){n, o};
        }
      }
  if (seen != small) free(seen);
  return ok;
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

/* The dominance and isolation checks of `op`'s operand #i onwards; records
 * the first failure in *f.  Most operands are defined in the user's own
 * block (a result of an op before it, or an argument of the block): such a
 * value lies inside every ancestor of the user, so the isolation check
 * passes, and dominance is the order in the block.  The operands are known
 * to be non-null. */
static void dom_check(IrOp *op, uint32_t i, DomFailure *f) {
  IrOp *iso = NULL; /* nearest isolated-from-above ancestor, found once */
  bool iso_known = false;
  for (; i < op->noperands; i++) {
    IrValue *v = ir_op_operands(op)[i].value;
    if (op->block) {
      if (v->def && v->def->block == op->block) {
        /* the block's order cache is valid while nothing is inserted */
        bool before = op->block->order_valid ? v->def->order < op->order
                                             : ir_op_is_before_in_block(v->def, op);
        if (v->def != op && before) continue;
        *f = (DomFailure){op, NULL, i};
        return;
      }
      if (!v->def && ir_value_arg_block(v) == op->block) continue;
    }
    if (!iso_known) {
      for (IrOp *p = ir_op_parent_op(op); p && !iso; p = ir_op_parent_op(p))
        if (p->info->traits & IR_TRAIT_ISOLATED_FROM_ABOVE) iso = p;
      iso_known = true;
    }
    if (iso && !defined_inside(v, iso)) {
      *f = (DomFailure){op, iso, i};
      return;
    }
    if (!dominates_use(v, op)) {
      *f = (DomFailure){op, NULL, i};
      return;
    }
  }
}

/* Where a non-dominating operand is defined, relative to its user, in the
 * words of MLIR's diagnoseInvalidOperandDominance. */
static bool region_is_proper_ancestor(IrRegion *anc, IrRegion *r) {
  while (r && r->parent) {
    IrBlock *b = r->parent->block;
    r = b ? b->parent : NULL;
    if (r == anc) return true;
  }
  return false;
}

static void dom_note(IrDiag *d, IrOp *user, IrValue *v) {
  IrContext *ctx = ir_op_context(user);
  IrRegion *r1 = user->block ? user->block->parent : NULL;
  if (v->def) {
    IrBlock *b2 = v->def->block;
    IrRegion *r2 = b2 ? b2->parent : NULL;
    const char *where = user->block == b2 ? " (op in the same block)"
                        : r1 == r2 ? " (op in the same region)"
                        : region_is_proper_ancestor(r2, r1) ? " (op in a parent region)"
                        : region_is_proper_ancestor(r1, r2) ? " (op in a child region)"
                        : " (op is neither in a parent nor in a child region)";
    ir_diag_add_note(ctx, d, ir_op_loc(v->def), "operand defined here%s", where);
    return;
  }
  IrBlock *b2 = ir_value_arg_block(v);
  IrRegion *r2 = b2 ? b2->parent : NULL;
  IrOp *owner = r2 ? r2->parent : NULL;
  const IrLoc *loc = owner ? ir_op_loc(owner) : ir_unknown_loc(ctx);
  if (!r2) {
    ir_diag_add_note(ctx, d, loc, " (block without parent)");
    return;
  }
  unsigned index = 0;
  for (IrBlock *b = r2->first; b && b != b2; b = b->next) index++;
  const char *where = r1 == r2 ? " in the same region)"
                      : region_is_proper_ancestor(r2, r1) ? " in a parent region)"
                      : region_is_proper_ancestor(r1, r2) ? " in a child region)"
                      : " neither in a parent nor in a child region)";
  ir_diag_add_note(ctx, d, loc, "operand defined as a block argument (block #%u%s", index, where);
}

static void dom_report(const DomFailure *f) {
  IrOp *op = f->op;
  IrDiag *d;
  if (f->iso) {
    d = ir_op_diag(op, IR_SEV_ERROR, "using value defined outside the region");
    ir_diag_add_note(ir_op_context(op), d, ir_op_loc(f->iso), "required by region isolation constraints");
  } else {
    d = ir_op_emit(op, IR_SEV_ERROR, "operand #%u does not dominate this use", f->idx);
    dom_note(d, op, ir_op_operands(op)[f->idx].value);
  }
  ir_diag_emit(ir_op_context(op), d);
}

/* How many enclosing blocks outside_dominates looks at. */
#define OUTER_MAX 8

/* Whether operand `v` of `op` (in block `b`, whose order cache is valid),
 * defined outside `b`, passes dom_check in its usual case: a result of an
 * op, or an argument, of one of the blocks enclosing `b`, up to the region
 * of the nearest isolated-from-above ancestor of `op`, and (a result) of an
 * op before the ancestor of `op` in that block.  `anc` holds the ancestors
 * of `op` (anc[k] the op whose region holds the k-th enclosing block, the
 * innermost first; *na of them, filled on first use): the k+1-th enclosing
 * block is anc[k]'s.  Such a value lies inside the isolated ancestor (the
 * walk stops at it: the blocks up to its own are inside it), and its
 * definition dominates `op`, so dom_check would accept it; false means
 * "ask dom_check", never "fails". */
static inline bool outside_dominates(const IrValue *v, IrBlock *b, IrOp **anc, int *na) {
  if (*na < 0) {
    int n = 0;
    for (IrBlock *cb = b; n < OUTER_MAX && cb && cb->parent && cb->parent->parent;) {
      IrOp *p = cb->parent->parent;
      anc[n++] = p;
      if (p->info->traits & IR_TRAIT_ISOLATED_FROM_ABOVE) break;
      cb = p->block;
    }
    *na = n;
  }
  const IrOp *d = v->def;
  const IrBlock *db = d ? d->block : ((const IrBlockArg *)v)->block;
  /* anc[k] is in the (k+1)-th enclosing block; the isolated op (last, when
   * the walk stopped at it) is outside its region: its block does not count */
  int n = *na;
  if (n && (anc[n - 1]->info->traits & IR_TRAIT_ISOLATED_FROM_ABOVE)) n--;
  for (int k = 0; k < n; k++) {
    const IrOp *a = anc[k];
    if (a->block != db) continue;
    if (!d) return true;
    return d != a && db->order_valid && d->order < a->order;
  }
  return false;
}

/* The operands of `op` from #i on, once the fast loop of verify_list
 * stopped there: a null one ("null operand found"), or one the fast check
 * cannot settle.  Values of the enclosing blocks are settled here
 * (outside_dominates); at the first other one dom_check looks at it and the
 * rest.  Kept out of line: most ops never get here. */
static bool __attribute__((noinline)) operands_rest(IrOp *op, const IrUse *u, uint32_t i,
                                                    VerifyState *st) {
  uint32_t n = op->noperands;
  for (uint32_t j = i; j < n; j++)
    if (!u[j].value) return ir_op_error(op, "null operand found");
  if (st->dom.op) return true;
  IrBlock *b = op->block;
  if (b && b->order_valid) {
    IrOp *anc[OUTER_MAX];
    int na = -1;
    for (; i < n; i++) {
      const IrValue *v = u[i].value;
      const IrOp *d = v->def;
      if (d ? d->block == b && d->order < op->order : ((const IrBlockArg *)v)->block == b)
        continue;
      if (!outside_dominates(v, b, anc, &na)) break;
    }
    if (i == n) return true;
  }
  dom_check(op, i, &st->dom);
  return true;
}

/* The checks of a registered op after its operands when the whole-op memo
 * does not answer: counts, parent, symbol table and the verify hook; `slot`
 * (not NULL: the op is memoizable, its signature `sig` missed in the pair
 * `slot`) receives the signature when the hook passed without a veto. */
static bool __attribute__((noinline)) verify_op_full(IrOp *op, VerifyState *st, OpMemoSlot *slot,
                                                     const IrType *const *sig, uint32_t counts) {
  const IrOpInfo *in = op->info;
  uint64_t tr = in->traits;
  if (!verify_counts(op)) return false;
  if ((tr & IR_TRAIT_HAS_PARENT) && !verify_parent(op, st)) return false;
  if ((tr & IR_TRAIT_SYMBOL_TABLE) && !verify_symbol_table(op)) return false;
  if (!slot) return !in->verify || in->verify(op);
  memo_veto = false;
  if (in->verify && !in->verify(op)) return false;
  if (!memo_veto) opmemo_store(st->memo, slot, op, sig, counts);
  return true;
}

static bool verify_list(IrOp *o, bool single, VerifyState *st);

/* Whether `o`'s location, not compact, is a file:line:col or unknown one
 * (what ir_verify_rich_locs does not count). */
static inline bool loc_plain(const IrOp *o) {
  const IrLoc *l = ir_op_loc(o);
  return l->def == &ir_file_loc_def || l->def == &ir_unknown_loc_def;
}

/* The blocks of `op`'s regions and their ops. */
static bool verify_regions_of(IrOp *op, VerifyState *st) {
  uint32_t nr = op->nregions;
  IrRegion *regions = ir_op_regions(op);
  for (uint32_t r = 0; r < nr; r++)
    for (IrBlock *b = regions[r].first; b; b = b->next)
      if (!verify_block(op, b) || !verify_list(b->first, false, st)) return false;
  return true;
}

/* The structural walk over `o` and the ops after it in its block (`single`:
 * `o` alone).  For each op, in this order: its operands (none null, and,
 * until one use failed, dominance: st->dom keeps the first failure), then
 * for a registered op the counts, parent, symbol table and verify hook —
 * the counts and the hook answered by the whole-op memo for a pure op's
 * known signature — then its regions, then its verify_regions hook.
 *
 * One pass over the operands does the usual case of the dominance check (a
 * result of an earlier op of the user's block, or an argument of that
 * block, in a block whose order cache is valid) and collects the operand
 * types of the signature; whatever it cannot settle goes to operands_rest,
 * and the signature is then read again from the operands.  An op that
 * misses the memo (or is not memoizable) goes to verify_op_full. */
static bool verify_list(IrOp *o, bool single, VerifyState *st) {
  for (; o; o = single ? NULL : o->next) {
    const IrOpInfo *in = o->info;
    uint64_t tr = in->traits;
    uint32_t nops = o->noperands, nres = o->nresults;
    const IrUse *u = ir_op_operands(o);
    const IrType *sig[OPMEMO_MAX_VALUES]; /* operands', then results' types */
    uint32_t i = 0;
    IrBlock *b = o->block;
    if (!(o->loc_bits & 1)) st->rich += !loc_plain(o);
    if (!st->dom.op && b && b->order_valid) {
      uint32_t ord = o->order;
      for (; i < nops; i++) {
        const IrValue *v = u[i].value;
        if (!v) break;
        sig[i & (OPMEMO_MAX_VALUES - 1)] = v->type;
        const IrOp *d = v->def;
        if (d ? d->block != b || d->order >= ord : ((const IrBlockArg *)v)->block != b) break;
      }
    }
    if (i < nops) {
      if (!operands_rest(o, u, i, st)) return false;
      if (nops <= OPMEMO_MAX_VALUES)
        for (; i < nops; i++) sig[i] = u[i].value->type;
    }
    if (!(tr & IR_TRAIT_UNREGISTERED)) {
      /* a signature that passed the counts and a pure hook before passes
       * again (see the counts above opmemo_match for what is memoizable) */
      uint32_t k = nops + nres;
      if ((tr & IR_TRAIT_VERIFY_PURE) && k <= OPMEMO_MAX_VALUES && !(o->nregions | o->nsuccessors)) {
        const IrValue *r = ir_op_result(o, 0);
        for (uint32_t j = 0; j < nres; j++) sig[nops + j] = r[-(ptrdiff_t)j].type;
        uint32_t counts = nops | nres << 8 | 1u << 16;
        OpMemo *m = walk_memo(st);
        OpMemoSlot *s = opmemo_probe(m, o, sig, k, counts);
        if (opmemo_match(s, o, sig, k, counts) || opmemo_match(s + 1, o, sig, k, counts)) {
          if ((tr & IR_TRAIT_HAS_PARENT) && !verify_parent(o, st)) return false;
          if ((tr & IR_TRAIT_SYMBOL_TABLE) && !verify_symbol_table(o)) return false;
          m->stats.hits++;
        } else if (!verify_op_full(o, st, s, sig, counts)) {
          return false;
        }
      } else if (!verify_op_full(o, st, NULL, NULL, 0)) {
        return false;
      }
    }
    if (o->nregions && !verify_regions_of(o, st)) return false;
    if (in->verify_regions && !(tr & IR_TRAIT_UNREGISTERED) && !in->verify_regions(o))
      return false;
  }
  return true;
}

/* The walk in progress on this thread (0: none) and the last id handed out;
 * a nested walk gets a fresh id and restores its caller's when it ends.
 * walk_state is that walk's state (NULL: none). */
static _Thread_local uint64_t walk_id, walk_ids;
static _Thread_local VerifyState *walk_state;

uint64_t ir_verify_walk_id(void) { return walk_id; }

uint64_t ir_verify_rich_locs(void) { return walk_state ? walk_state->rich : UINT64_MAX; }

bool ir_verify(IrOp *op) {
  uint64_t outer = walk_id;
  VerifyState *outer_state = walk_state;
  walk_id = ++walk_ids;
  VerifyState st = {.dom = {NULL, NULL, 0}, .walk = walk_id, .ctx = ir_op_context(op)};
  walk_state = &st;
  bool ok = verify_list(op, true, &st);
  walk_id = outer;
  walk_state = outer_state;
  if (!ok) return false;
  if (st.dom.op) {
    dom_report(&st.dom);
    return false;
  }
  return true;
}
