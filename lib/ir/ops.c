/* ops.c — operations, blocks and regions: creation from an IrOpState (one
 * allocation per op), the intrusive use-def lists, attribute access,
 * insertion/removal, ordering queries and walks. */
#include "ir/ir_internal.h"

#include <stdlib.h>

/* ---- uses ------------------------------------------------------------------- */
static void use_link(IrUse *u, IrValue *v) {
  u->value = v;
  if (!v) {
    u->next = NULL;
    u->prevp = NULL;
    return;
  }
  u->next = v->uses;
  if (u->next) u->next->prevp = &u->next;
  u->prevp = &v->uses;
  v->uses = u;
}

static void use_unlink(IrUse *u) {
  if (!u->value) return;
  *u->prevp = u->next;
  if (u->next) u->next->prevp = u->prevp;
  u->value = NULL;
  u->next = NULL;
  u->prevp = NULL;
}

void ir_use_set(IrUse *u, IrValue *v) {
  if (u->value == v) return;
  use_unlink(u);
  use_link(u, v);
}

bool ir_value_has_one_use(const IrValue *v) { return v->uses && !v->uses->next; }

void ir_value_replace_all_uses(IrValue *from, IrValue *to) {
  if (from == to) return;
  while (from->uses) ir_use_set(from->uses, to);
}

/* ---- op state --------------------------------------------------------------- */
void ir_op_state_init(IrOpState *st, IrContext *ctx, const IrOpInfo *info,
                      const IrLoc *loc) {
  memset(st, 0, sizeof *st);
  st->ctx = ctx;
  st->info = info;
  st->loc = loc ? loc : ir_unknown_loc(ctx);
}

const IrLoc *ir_op_state_loc(IrOpState *st) {
  if (!st->loc) st->loc = ir_loc_from_bits(st->ctx, st->loc_bits);
  return st->loc;
}

const IrLoc *ir_op_loc_slow(IrOp *op) {
  const IrLoc *l = ir_loc_from_bits(ir_op_context(op), op->loc_bits);
  op->loc_bits = (uintptr_t)l;
  return l;
}

static IrWalkResult materialize_loc(IrOp *op, void *user) {
  (void)user;
  (void)ir_op_loc(op);
  return IR_WALK_ADVANCE;
}

void ir_op_materialize_locs(IrOp *op) { ir_walk_pre(op, materialize_loc, NULL); }

void ir_op_state_free(IrOpState *st) {
  for (size_t i = 0; i < st->regions.len; i++) {
    if (!st->regions.data[i]) continue;
    ir_region_clear(st->regions.data[i]);
    free(st->regions.data[i]);
  }
  vec_free(&st->operands);
  vec_free(&st->result_types);
  vec_free(&st->attrs);
  vec_free(&st->props);
  vec_free(&st->successors);
  vec_free(&st->regions);
  /* emptied regions go to the context's pool, for the next state's ops */
  IrContext *ctx = st->ctx;
  for (size_t i = 0; i < st->spare.len; i++) vec_push(&ctx->spare_regions, st->spare.data[i]);
  vec_free(&st->spare);
}

IrRegion *ir_op_state_add_region(IrOpState *st) {
  IrContext *ctx = st->ctx;
  IrRegion *r = st->spare.len               ? vec_pop(&st->spare)
                : ctx->spare_regions.len ? vec_pop(&ctx->spare_regions)
                                          : xmalloc(sizeof *r);
  *r = (IrRegion){0};
  vec_push(&st->regions, r);
  return r;
}

/* Hooks name attributes by literals: the same few pointers, whose idents
 * a pointer-keyed memo returns after a byte comparison (the pointer alone
 * would not do: a caller may reuse a buffer for different names). */
static const IrIdent *ident_litn(IrContext *ctx, const char *z, size_t n) {
  IrLitMemo *m = &ctx->lit_memo[((uintptr_t)z >> 3 ^ (uintptr_t)z >> 9) & (IR_LIT_MEMO_SLOTS - 1)];
  if (m->s == z && m->id->len == n && bytes_eq(m->id->str, z, n)) return m->id;
  const IrIdent *id = ir_ident(ctx, z, n);
  m->s = z;
  m->id = id;
  return id;
}

const IrIdent *ir_ident_lit(IrContext *ctx, const char *z) { return ident_litn(ctx, z, strlen(z)); }

void ir_op_state_add_attrn(IrOpState *st, const char *name, size_t len, const IrAttr *a) {
  vec_push(&st->attrs, ((IrNamedAttr){ident_litn(st->ctx, name, len), a}));
}

void ir_op_state_add_propn(IrOpState *st, const char *name, size_t len, const IrAttr *a) {
  vec_push(&st->props, ((IrNamedAttr){ident_litn(st->ctx, name, len), a}));
}

const IrAttr *ir_op_state_get_attr(IrOpState *st, const char *name) {
  const IrIdent *id = ir_identz(st->ctx, name);
  for (size_t i = st->props.len; i-- > 0;)
    if (st->props.data[i].name == id) return st->props.data[i].value;
  for (size_t i = st->attrs.len; i-- > 0;)
    if (st->attrs.data[i].name == id) return st->attrs.data[i].value;
  return NULL;
}

static bool is_inherent(const IrOpInfo *info, const IrIdent *name) {
  if (!info->inherent) return false;
  for (const char *const *p = info->inherent; *p; p++)
    if (**p == name->str[0] && !strcmp(*p, name->str)) return true;
  return false;
}

/* ---- creation ----------------------------------------------------------------- */
/* Operands created with the op live after its successors; ir_op_set_operands
 * moves them to the heap when they outgrow that, recording the array in the
 * context's heap_operands map (rare: rewrites that add operands) and setting
 * IrOp.heap_operands, so the header needs no operand pointer. */
static IrUse *inline_operands(const IrOp *op) {
  return (IrUse *)(ir_op_successors(op) + op->nsuccessors);
}

IrUse *ir_op_operands_heap(const IrOp *op) {
  return u64map_get(&ir_op_context(op)->heap_operands, (uintptr_t)op);
}

/* Frees a grown operand array (nothing for inline operands). */
static void free_heap_operands(IrOp *op) {
  if (!op->heap_operands) return;
  IrContext *ctx = ir_op_context(op);
  free(u64map_get(&ctx->heap_operands, (uintptr_t)op));
  u64map_remove(&ctx->heap_operands, (uintptr_t)op);
  op->heap_operands = 0;
}

/* The properties and discardable dictionaries of the op st describes:
 * the dialect's defaults added, attributes split into inherent and
 * discardable ones.  Consumes st->props_dict.  Reports a duplicate name and
 * returns false. */
static inline __attribute__((always_inline)) bool state_dicts(IrOpState *st, const IrAttr **pd_out,
                                                               const IrAttr **ad_out) {
  IrContext *ctx = st->ctx;
  const IrOpInfo *info = st->info;
  /* Default-valued inherent attributes the state lacks (one trait test for
   * every other op). */
  if (info->traits & IR_TRAIT_DEFAULT_PROPS) {
    const IrDialect *d = ir_op_info_dialect(ctx, info);
    if (d && d->populate_defaults) d->populate_defaults(st);
  }
  const IrAttr *pdict = st->props_dict;
  st->props_dict = NULL; /* consumed */
  /* Split attributes into properties and discardable ones. */
  /* Both lists fit in ndict + st->props.len + st->attrs.len entries; small
   * ones (the common case) stay on the stack. */
  const IrIdent *dup = NULL;
  const IrAttr *pd, *ad = NULL;
  if (!st->attrs.len && (!pdict || !st->props.len)) {
    /* the common case: properties only, given one way (no copies) */
    pd = pdict                 ? pdict
         : st->props.len ? ir_dict_attr(ctx, st->props.data, st->props.len, &dup)
                         : NULL;
  } else {
    size_t ndict = pdict ? pdict->nelems : 0;
    size_t ntotal = ndict + st->props.len + st->attrs.len;
    IrNamedAttr sbuf[16];
    IrNamedAttr *props = ntotal <= 8 ? sbuf : xmalloc(2 * ntotal * sizeof *props);
    IrNamedAttr *attrs = props + ntotal;
    size_t nprops = 0, nattrs = 0;
    for (size_t i = 0; i < ndict; i++)
      props[nprops++] = (IrNamedAttr){pdict->names[i], pdict->elems[i]};
    for (size_t i = 0; i < st->props.len; i++) props[nprops++] = st->props.data[i];
    for (size_t i = 0; i < st->attrs.len; i++) {
      if (!(info->traits & IR_TRAIT_UNREGISTERED) && is_inherent(info, st->attrs.data[i].name))
        props[nprops++] = st->attrs.data[i];
      else attrs[nattrs++] = st->attrs.data[i];
    }
    /* The given dictionary as it is when nothing was added to it. */
    pd = pdict && nprops == ndict ? pdict
         : nprops               ? ir_dict_attr(ctx, props, nprops, &dup)
                                : NULL;
    ad = (!dup && nattrs) ? ir_dict_attr(ctx, attrs, nattrs, &dup) : NULL;
    if (props != sbuf) free(props);
  }
  if (dup) {
    ir_error(ctx, ir_op_state_loc(st), "attribute '%s' occurs more than once in the attribute list",
             dup->str);
    return false;
  }
  *pd_out = pd;
  *ad_out = ad;
  return true;
}

IrOp *ir_op_create(IrOpState *st) {
  IrContext *ctx = st->ctx;
  const IrOpInfo *info = st->info;
  if (st->regions.len > IR_OP_MAX_REGIONS || st->successors.len > IR_OP_MAX_SUCCESSORS) {
    bool regs = st->regions.len > IR_OP_MAX_REGIONS;
    st->props_dict = NULL; /* consumed even so */
    ir_error(ctx, ir_op_state_loc(st), "operation has too many %s (%zu, at most %d)",
             regs ? "regions" : "successors", regs ? st->regions.len : st->successors.len,
             regs ? IR_OP_MAX_REGIONS : IR_OP_MAX_SUCCESSORS);
    return NULL;
  }
  const IrAttr *pd, *ad;
  if (!state_dicts(st, &pd, &ad)) return NULL;

  size_t nres = st->result_types.len, nops = st->operands.len;
  size_t nsucc = st->successors.len, nreg = st->regions.len;
  size_t size = nres * sizeof(IrValue) + sizeof(IrOp) + nreg * sizeof(IrRegion) +
                nsucc * sizeof(IrBlock *) + nops * sizeof(IrUse);
  /* Not calloc: every field is set below (clearing cost a third of the time). */
  char *mem = ir_slab_alloc(&ctx->ops, size);
  IrOp *op = (IrOp *)(mem + nres * sizeof(IrValue));
  /* One initializer (plain stores) rather than memset + field writes. */
  *op = (IrOp){.info = info,
               .loc_bits = st->loc ? (uintptr_t)st->loc : st->loc_bits,
               .props = pd,
               .attrs = ad,
               .nresults = (uint32_t)nres,
               .noperands = (uint32_t)nops,
               .nsuccessors = (uint16_t)nsucc,
               .nregions = (uint16_t)nreg};
  IrUse *uses = inline_operands(op);
  for (size_t i = 0; i < nres; i++) {
    IrValue *r = ir_op_result(op, (unsigned)i);
    *r = (IrValue){.type = st->result_types.data[i], .def = op};
  }
  for (size_t i = 0; i < nops; i++) {
    IrValue *v = st->operands.data[i];
    IrUse *u = &uses[i];
    if (!v) {
      *u = (IrUse){.owner = op};
      continue;
    }
    IrUse *first = v->uses;
    *u = (IrUse){.value = v, .next = first, .prevp = &v->uses, .owner = op};
    if (first) first->prevp = &u->next;
    v->uses = u;
  }
  for (size_t i = 0; i < nsucc; i++) ir_op_successors(op)[i] = st->successors.data[i];
  for (size_t i = 0; i < nreg; i++) {
    ir_region_init(&ir_op_regions(op)[i], op);
    ir_region_take(&ir_op_regions(op)[i], st->regions.data[i]);
    vec_push(&st->spare, st->regions.data[i]); /* a state reused for the next op */
    st->regions.data[i] = NULL;
  }
  st->regions.len = 0;
  return op;
}

/* The slab of the context whose ops these are (every op is in one). */
static inline IrSlab *op_slab(const IrOp *op) {
  return ir_slab_of((const char *)op - op->nresults * sizeof(IrValue));
}

/* Frees an op tree whose operands (at every depth) are already unlinked.
 * Values defined inside may still have uses outside the tree only in broken
 * IR being torn down; those uses are detached so nothing dangles. */
static void free_block_tree(IrBlock *b, IrSlab *s);

/* Detaches the remaining uses of op's results and returns op's block to
 * the slab (its regions, if any, already freed). */
static inline void free_op_block(IrOp *op, IrSlab *s) {
  for (uint32_t i = 0; i < op->nresults; i++) {
    IrValue *v = ir_op_result(op, i);
    while (v->uses) use_unlink(v->uses);
  }
  if (op->heap_operands) free_heap_operands(op);
  ir_slab_free(s, (char *)op - op->nresults * sizeof(IrValue));
}

static void free_op_tree(IrOp *op, IrSlab *s) {
  for (uint32_t r = 0; r < op->nregions; r++) {
    IrBlock *b = ir_op_regions(op)[r].first;
    while (b) {
      IrBlock *n = b->next;
      free_block_tree(b, s);
      b = n;
    }
  }
  free_op_block(op, s);
}

/* Block arguments and blocks come from their context's slab or from malloc
 * (no context at hand). */
static void arg_free(IrValue *v) {
  IrBlockArg *a = (IrBlockArg *)v;
  if (a->ctx) ir_slab_free(&a->ctx->ops, a);
  else free(a);
}

/* A block's argument array comes from the same place as the block (its
 * context's slab, or malloc). */
static void args_free(IrBlock *b) {
  if (!b->ctx) free(b->args);
  else if (b->args) ir_slab_free(&b->ctx->ops, b->args);
}

static void block_free(IrBlock *b) {
  args_free(b);
  if (b->ctx) ir_slab_free(&b->ctx->ops, b);
  else free(b);
}

/* Ops without regions (most of them) are freed in the loop, not by a
 * call per op. */
static void free_block_tree(IrBlock *b, IrSlab *s) {
  IrOp *o = b->first;
  if (!s && o) s = op_slab(o); /* (the caller may not know the context) */
  while (o) {
    IrOp *n = o->next;
    if (o->nregions) free_op_tree(o, s);
    else free_op_block(o, s);
    o = n;
  }
  for (uint32_t i = 0; i < b->nargs; i++) {
    IrValue *v = b->args[i];
    while (v->uses) use_unlink(v->uses);
    arg_free(v);
  }
  block_free(b);
}

/* ---- teardown ------------------------------------------------------------------
 * Destroying a tree is two walks: the first unlinks every operand in it (so
 * that no use list reaches into the tree while it is freed) and counts its
 * slab objects, the second frees.  When the tree holds every live object of
 * its context's slab (a tool destroying its module), nothing outside it can
 * use its results, so the second walk only frees what is not in the slab
 * (malloc'd blocks and block arguments) and the slab's pages go back in one
 * step (ir_slab_release_all). */

/* Unlinks the operands of op. */
static inline void drop_operands(IrOp *op) {
  IrUse *uses = ir_op_operands(op);
  for (uint32_t i = 0; i < op->noperands; i++) use_unlink(&uses[i]);
}

/* The first walk: unlinks every operand in the tree under op and returns
 * the number of slab objects in it (ops, and the blocks, argument arrays
 * and arguments cut from the slab), op included. */
static size_t drop_and_count(IrOp *op) {
  size_t n = 1;
  drop_operands(op);
  for (uint32_t r = 0; r < op->nregions; r++)
    for (IrBlock *b = ir_op_regions(op)[r].first; b; b = b->next) {
      if (b->ctx) n += 1 + (b->args != NULL); /* the block and its argument array */
      for (uint32_t i = 0; i < b->nargs; i++) n += ((IrBlockArg *)b->args[i])->ctx != NULL;
      for (IrOp *o = b->first; o; o = o->next) {
        if (o->nregions) {
          n += drop_and_count(o);
        } else {
          drop_operands(o);
          n++;
        }
      }
    }
  return n;
}

/* Frees the malloc'd blocks (and their malloc'd arguments) of a tree whose
 * slab objects go back with the slab's pages. */
static void free_tree_blocks(IrOp *op) {
  for (uint32_t r = 0; r < op->nregions; r++) {
    IrBlock *b = ir_op_regions(op)[r].first;
    while (b) {
      IrBlock *n = b->next;
      for (IrOp *o = b->first; o; o = o->next)
        if (o->nregions) free_tree_blocks(o);
      for (uint32_t i = 0; i < b->nargs; i++)
        if (!((IrBlockArg *)b->args[i])->ctx) free(b->args[i]);
      if (!b->ctx) {
        free(b->args);
        free(b);
      }
      b = n;
    }
  }
}

void ir_op_drop_all_references(IrOp *op) { (void)drop_and_count(op); }

void ir_op_destroy(IrOp *op) {
  IrSlab *s = op_slab(op);
  size_t n = drop_and_count(op);
  if (!op->block && n == s->live && n > 1) {
    /* every live object is in the tree: after the first walk no use list
     * links anything outside it */
    free_tree_blocks(op);
    /* so are the ops with grown operand arrays */
    U64Map *h = &((IrContext *)(void *)((char *)s - offsetof(IrContext, ops)))->heap_operands;
    for (size_t i = 0; i < h->cap; i++) free(h->vals[i]);
    u64map_free(h);
    ir_slab_release_all(s);
    return;
  }
  free_op_tree(op, s);
}

void ir_op_erase(IrOp *op) {
  if (op->block) ir_op_unlink(op);
  ir_op_destroy(op);
}

void ir_op_set_operand(IrOp *op, unsigned i, IrValue *v) { ir_use_set(&ir_op_operands(op)[i], v); }

void ir_op_set_operands(IrOp *op, IrValue *const *vals, size_t n) {
  IrUse *uses = ir_op_operands(op);
  for (uint32_t i = 0; i < op->noperands; i++) use_unlink(&uses[i]);
  /* The buffer's capacity isn't kept: growing past the current count always
   * takes a fresh heap buffer (rare: only rewrites that add operands). */
  if (n > op->noperands) {
    free_heap_operands(op);
    uses = xcalloc(n, sizeof *uses);
    u64map_put(&ir_op_context(op)->heap_operands, (uintptr_t)op, uses);
    op->heap_operands = 1;
  }
  op->noperands = (uint32_t)n;
  for (size_t i = 0; i < n; i++) {
    uses[i].owner = op;
    use_link(&uses[i], vals[i]);
  }
}

void ir_op_replace_all_uses_with(IrOp *op, IrValue *const *vals) {
  for (uint32_t i = 0; i < op->nresults; i++)
    ir_value_replace_all_uses(ir_op_result(op, i), vals[i]);
}

bool ir_op_isz(const IrOp *op, const char *name) { return op && !strcmp(op->info->name, name); }
/* The op's block starts nresults values before it, in a page (or the first
 * page of a large run) whose header names the slab, inside the context. */
IrContext *ir_op_context(const IrOp *op) {
  IrSlab *s = ir_slab_of((const char *)op - op->nresults * sizeof(IrValue));
  return (IrContext *)(void *)((char *)s - offsetof(IrContext, ops));
}

/* ---- attributes ---------------------------------------------------------------- */
const IrAttr *ir_op_attr(const IrOp *op, const IrIdent *name) {
  const IrAttr *a = ir_dict_get(op->props, name);
  return a ? a : ir_dict_get(op->attrs, name);
}

/* By bytes rather than by interned name: hooks look attributes up by
 * literal name for every op, and interning (hash and table probe) cost more
 * than the scan of an op's few attributes. */
const IrAttr *ir_op_attrn_slow(const IrOp *op, const char *name, size_t len) {
  const IrAttr *p = op->props, *d = op->attrs;
  /* both scanned here (no call) in the common case of small dictionaries */
  if ((!p || p->nelems <= IR_DICT_SCAN_MAX) && (!d || d->nelems <= IR_DICT_SCAN_MAX)) {
    const IrAttr *a = p ? ir_dict_scann(p, name, len) : NULL;
    return a || !d ? a : ir_dict_scann(d, name, len);
  }
  const IrAttr *a = ir_dict_getn(p, name, len);
  return a ? a : ir_dict_getn(d, name, len);
}

void ir_op_set_attr(IrOp *op, const char *name, const IrAttr *a) {
  const IrIdent *id = ir_identz(ir_op_context(op), name);
  if (!(op->info->traits & IR_TRAIT_UNREGISTERED) && is_inherent(op->info, id)) {
    ir_op_set_prop(op, name, a);
    return;
  }
  op->attrs = ir_dict_set(ir_op_context(op), op->attrs, id, a);
  if (op->attrs && op->attrs->nelems == 0) op->attrs = NULL;
}

void ir_op_set_prop(IrOp *op, const char *name, const IrAttr *a) {
  op->props = ir_dict_set(ir_op_context(op), op->props, ir_identz(ir_op_context(op), name), a);
  if (op->props && op->props->nelems == 0) op->props = NULL;
}

void ir_op_remove_attr(IrOp *op, const char *name) {
  const IrIdent *id = ir_identz(ir_op_context(op), name);
  if (ir_dict_get(op->props, id)) {
    op->props = ir_dict_set(ir_op_context(op), op->props, id, NULL);
    if (op->props->nelems == 0) op->props = NULL;
  }
  if (ir_dict_get(op->attrs, id)) {
    op->attrs = ir_dict_set(ir_op_context(op), op->attrs, id, NULL);
    if (op->attrs->nelems == 0) op->attrs = NULL;
  }
}

/* ---- structure queries ------------------------------------------------------------ */
IrOp *ir_op_parent_op(const IrOp *op) {
  return op->block ? ir_block_parent_op(op->block) : NULL;
}

bool ir_op_is_ancestor(const IrOp *ancestor, const IrOp *op) {
  for (const IrOp *o = op; o; o = ir_op_parent_op(o))
    if (o == ancestor) return true;
  return false;
}

static void renumber(IrBlock *b) {
  uint32_t i = 0;
  for (IrOp *o = b->first; o; o = o->next) o->order = i++;
  b->order_valid = 1;
}

bool ir_op_is_before_in_block(IrOp *a, IrOp *b) {
  if (!a->block || a->block != b->block) return false;
  if (!a->block->order_valid) renumber(a->block);
  return a->order < b->order;
}

/* ---- blocks ------------------------------------------------------------------------- */
IrBlock *ir_block_new(void) { return xcalloc(1, sizeof(IrBlock)); }

IrBlock *ir_block_new_in(IrContext *ctx) {
  IrBlock *b = ir_slab_alloc(&ctx->ops, sizeof *b);
  *b = (IrBlock){.ctx = ctx};
  return b;
}

void ir_block_destroy(IrBlock *b) {
  for (IrOp *o = b->first; o; o = o->next) ir_op_drop_all_references(o);
  free_block_tree(b, NULL);
}

IrValue *ir_block_add_arg_lazy(IrBlock *b, const IrType *t, IrContext *ctx, uintptr_t loc_bits) {
  if (b->nargs == b->args_cap) {
    uint32_t cap = b->args_cap ? b->args_cap * 2 : 4;
    if (b->ctx) { /* from the slab, as the block */
      IrValue **na = ir_slab_alloc(&b->ctx->ops, cap * sizeof *na);
      if (b->nargs) memcpy(na, b->args, b->nargs * sizeof *na);
      if (b->args) ir_slab_free(&b->ctx->ops, b->args);
      b->args = na;
    } else {
      b->args = xrealloc(b->args, cap * sizeof *b->args);
    }
    b->args_cap = cap;
  }
  IrBlockArg *a = ctx ? ir_slab_alloc(&ctx->ops, sizeof *a) : xmalloc(sizeof *a);
  *a = (IrBlockArg){.value = {.type = t}, .argno = b->nargs, .block = b,
                    .loc_bits = loc_bits, .ctx = ctx};
  b->args[b->nargs++] = &a->value;
  return &a->value;
}

IrValue *ir_block_add_arg(IrBlock *b, const IrType *t, const IrLoc *loc) {
  return ir_block_add_arg_lazy(b, t, NULL, (uintptr_t)loc);
}

const IrLoc *ir_block_arg_loc_slow(IrBlockArg *a) {
  const IrLoc *l = ir_loc_from_bits(a->ctx, a->loc_bits);
  a->loc_bits = (uintptr_t)l;
  return l;
}

void ir_block_erase_arg(IrBlock *b, unsigned i) {
  IrValue *v = b->args[i];
  while (v->uses) use_unlink(v->uses);
  arg_free(v);
  memmove(&b->args[i], &b->args[i + 1], (b->nargs - i - 1) * sizeof *b->args);
  b->nargs--;
  for (unsigned k = i; k < b->nargs; k++) ((IrBlockArg *)b->args[k])->argno = k;
}

static void link_between(IrBlock *b, IrOp *prev, IrOp *next, IrOp *op) {
  op->block = b;
  op->prev = prev;
  op->next = next;
  if (prev) prev->next = op;
  else b->first = op;
  if (next) next->prev = op;
  else b->last = op;
  b->order_valid = 0;
}

void ir_block_append(IrBlock *b, IrOp *op) { link_between(b, b->last, NULL, op); }
void ir_block_insert_before(IrOp *pos, IrOp *op) { link_between(pos->block, pos->prev, pos, op); }
void ir_block_insert_after(IrOp *pos, IrOp *op) { link_between(pos->block, pos, pos->next, op); }

void ir_op_unlink(IrOp *op) {
  IrBlock *b = op->block;
  if (!b) return;
  if (op->prev) op->prev->next = op->next;
  else b->first = op->next;
  if (op->next) op->next->prev = op->prev;
  else b->last = op->prev;
  op->prev = op->next = NULL;
  op->block = NULL;
}

IrOp *ir_block_terminator(IrBlock *b) {
  return b->last && (b->last->info->traits & IR_TRAIT_TERMINATOR) ? b->last : NULL;
}

IrOp *ir_block_parent_op(const IrBlock *b) { return b->parent ? b->parent->parent : NULL; }

/* ---- regions ------------------------------------------------------------------------- */
void ir_region_init(IrRegion *r, IrOp *parent) {
  r->first = r->last = NULL;
  r->parent = parent;
}

void ir_region_append(IrRegion *r, IrBlock *b) {
  b->parent = r;
  b->next = NULL;
  b->prev = r->last;
  if (r->last) r->last->next = b;
  else r->first = b;
  r->last = b;
}

void ir_region_remove_block(IrRegion *r, IrBlock *b) {
  if (b->prev) b->prev->next = b->next;
  else r->first = b->next;
  if (b->next) b->next->prev = b->prev;
  else r->last = b->prev;
  b->prev = b->next = NULL;
  b->parent = NULL;
}

void ir_region_clear(IrRegion *r) {
  for (IrBlock *b = r->first; b; b = b->next)
    for (IrOp *o = b->first; o; o = o->next) ir_op_drop_all_references(o);
  IrBlock *b = r->first;
  while (b) {
    IrBlock *n = b->next;
    free_block_tree(b, NULL);
    b = n;
  }
  r->first = r->last = NULL;
}

void ir_region_take(IrRegion *dst, IrRegion *src) {
  IrBlock *b = src->first;
  while (b) {
    IrBlock *n = b->next;
    ir_region_append(dst, b);
    b = n;
  }
  src->first = src->last = NULL;
}

/* ---- walks ------------------------------------------------------------------------- */
IrWalkResult ir_walk_pre(IrOp *op, IrWalkFn fn, void *user) {
  IrWalkResult r = fn(op, user);
  if (r == IR_WALK_INTERRUPT) return r;
  if (r == IR_WALK_SKIP) return IR_WALK_ADVANCE;
  for (uint32_t i = 0; i < op->nregions; i++)
    for (IrBlock *b = ir_op_regions(op)[i].first; b; b = b->next)
      for (IrOp *o = b->first, *n; o; o = n) {
        n = o->next;
        if (ir_walk_pre(o, fn, user) == IR_WALK_INTERRUPT) return IR_WALK_INTERRUPT;
      }
  return IR_WALK_ADVANCE;
}

IrWalkResult ir_walk_post(IrOp *op, IrWalkFn fn, void *user) {
  for (uint32_t i = 0; i < op->nregions; i++)
    for (IrBlock *b = ir_op_regions(op)[i].first; b; b = b->next)
      for (IrOp *o = b->first, *n; o; o = n) {
        n = o->next;
        if (ir_walk_post(o, fn, user) == IR_WALK_INTERRUPT) return IR_WALK_INTERRUPT;
      }
  return fn(op, user) == IR_WALK_INTERRUPT ? IR_WALK_INTERRUPT : IR_WALK_ADVANCE;
}

/* ---- builtin.module ------------------------------------------------------------------ */
static const char *const module_inherent[] = {"sym_name", "sym_visibility", NULL};
/* Custom syntax printer, defined in lib/asm/printer.c. */
void asm_builtin_module_print(struct AsmPrinter *p, IrOp *op);
const IrOpInfo ir_builtin_module_info = {
    .name = "builtin.module",
    .traits = IR_TRAIT_ISOLATED_FROM_ABOVE | IR_TRAIT_SYMBOL_TABLE |
              IR_TRAIT_NO_TERMINATOR | IR_TRAIT_SINGLE_BLOCK,
    .min_operands = 0, .max_operands = 0, .min_results = 0, .max_results = 0,
    .num_regions = 1, .num_successors = 0,
    .inherent = module_inherent,
    .summary = "A top level container operation",
    .print = asm_builtin_module_print,
    .default_dialect = "builtin",
};

IrOp *ir_module_create(IrContext *ctx, const IrLoc *loc) {
  IrOpState st;
  ir_op_state_init(&st, ctx, &ir_builtin_module_info, loc);
  IrRegion *r = ir_op_state_add_region(&st);
  ir_region_append(r, ir_block_new());
  IrOp *m = ir_op_create(&st);
  ir_op_state_free(&st);
  return m;
}

IrBlock *ir_module_body(IrOp *module) { return ir_op_regions(module)[0].first; }

/* The rewrite of an op into another of the same shape (a conversion's 1:1
 * pattern): the dictionaries are made exactly as ir_op_create makes them
 * from st, and every field ir_op_create sets from st is set in place, so
 * the op cannot be told from one ir_op_create built at its position.  The
 * op's own identity is kept: its position, order hint, result values (with
 * their uses) and operand slots (relinked to st's values). */
bool ir_op_reset(IrOp *op, IrOpState *st) {
  if (op->nregions || op->nsuccessors || st->regions.len || st->successors.len ||
      st->operands.len != op->noperands || st->result_types.len != op->nresults) {
    st->props_dict = NULL; /* consumed even so, as by ir_op_create */
    return false;
  }
  const IrAttr *pd, *ad;
  if (!state_dicts(st, &pd, &ad)) return false;
  op->info = st->info;
  op->loc_bits = st->loc ? (uintptr_t)st->loc : st->loc_bits;
  op->props = pd;
  op->attrs = ad;
  for (uint32_t i = 0; i < op->nresults; i++) ir_op_result(op, i)->type = st->result_types.data[i];
  /* each operand relinked at the head of its value's uses, as a new op's
   * would be (an unchanged value too: the use lists keep the order a
   * rebuilt op would give them) */
  IrUse *uses = ir_op_operands(op);
  for (uint32_t i = 0; i < op->noperands; i++) {
    use_unlink(&uses[i]);
    use_link(&uses[i], st->operands.data[i]);
  }
  return true;
}
