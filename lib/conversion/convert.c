/* convert.c — the generic dialect-conversion driver (see convert.h): legality
 * by op-name prefix, the type converter with a per-type cache, the old->new
 * value mapping (1:N), region signature conversion, and the pre-order walk
 * that applies one pattern per illegal op and destroys the converted ops at
 * the end. */
#include "conversion/convert.h"

#include <stdlib.h>
#include <string.h>

/* Listener: records the ops a pattern creates. */
static void on_inserted(void *user, IrOp *op) {
  CvConversion *cv = user;
  vec_push(&cv->created, op);
}

void cv_init(CvConversion *cv, IrContext *ctx, const char *const *illegal,
             CvTypeFn convert_type, void *user) {
  memset(cv, 0, sizeof *cv);
  cv->ctx = ctx;
  cv->illegal = illegal;
  cv->convert_type = convert_type;
  cv->user = user;
  cv->listener = (RwListener){.user = cv, .op_inserted = on_inserted};
  cv->bst = (IrOpState){.ctx = ctx};
  const char *e = getenv("CTILE_CV_INPLACE");
  cv->inplace = !(e && e[0] == '0' && !e[1]);
  rw_rewriter_init(&cv->rw, ctx, &cv->listener);
}

void cv_free(CvConversion *cv) {
  ir_op_state_free(&cv->bst); /* (its spare regions go to the context) */
  for (size_t i = 0; i < cv->owned.len; i++) free(cv->owned.data[i]);
  vec_free(&cv->owned);
  vec_free(&cv->created);
  vec_free(&cv->dead);
  ptrmap_free(&cv->patterns);
  ptrmap_free(&cv->map);
  ptrmap_free(&cv->tcache);
  ptrmap_free(&cv->orig_types);
  ptrmap_free(&cv->names);
  ptrmap_free(&cv->infos);
  ptrmap_free(&cv->by_prefix);
}

void cv_add_pattern(CvConversion *cv, const IrOpInfo *root, CvPatternFn fn) {
  union { CvPatternFn f; void *p; } u = {.f = fn};
  ptrmap_put(&cv->patterns, root, u.p);
}

/* The prefixes judge an op by its name, so their verdict is cached per op
 * kind (IrOpInfo): in by_prefix, and in front of it in cv->kinds (a
 * direct-mapped table the walk reads inline for every op); the dynamic
 * hook is asked per op. */
static inline unsigned info_slot(const IrOpInfo *info) {
  /* (infos sit in arrays: the pointer over 8 times the golden ratio spreads
   * their strides over the 256 slots) */
  return (unsigned)((((uintptr_t)info >> 3) * UINT64_C(0x9E3779B97F4A7C15)) >> 56);
}

/* The verdict by prefix (1 illegal, 2 legal), cached in by_prefix. */
static uintptr_t by_prefix_slow(CvConversion *cv, IrOp *op) {
  uintptr_t v = (uintptr_t)ptrmap_get(&cv->by_prefix, op->info);
  if (!v) {
    const char *n = ir_op_name(op);
    v = 2;
    for (const char *const *p = cv->illegal; p && *p; p++)
      if (!strncmp(n, *p, strlen(*p))) v = 1;
    ptrmap_put(&cv->by_prefix, op->info, (void *)v);
  }
  cv->kinds[info_slot(op->info)] = (uintptr_t)op->info | v;
  return v;
}

static inline bool is_illegal(CvConversion *cv, IrOp *op) {
  uintptr_t k = cv->kinds[info_slot(op->info)];
  uintptr_t v = (k & ~(uintptr_t)3) == (uintptr_t)op->info ? k & 3 : by_prefix_slow(cv, op);
  if (v == 1) return true;
  return cv->dyn_illegal && cv->dyn_illegal(cv, op);
}

bool cv_is_illegal(CvConversion *cv, IrOp *op) { return is_illegal(cv, op); }

/* ---- types and the value map --------------------------------------------- */

const IrType *cv_convert_type1(CvConversion *cv, const IrType *t) {
  const IrType *c = ptrmap_get(&cv->tcache, t);
  if (c) return c;
  IrTypeVec out = {0};
  if (!cv->convert_type(cv, t, &out) || out.len != 1) {
    vec_free(&out);
    return NULL;
  }
  c = out.data[0];
  vec_free(&out);
  ptrmap_put(&cv->tcache, t, (void *)(uintptr_t)c);
  return c;
}

/* The value map holds a 1:1 replacement directly (an IrValue pointer), a
 * 1:N one as a CvMapped allocation tagged with bit 0, so the common case
 * costs no allocation, and the result of an op converted in place (which
 * stands for itself) as its original type tagged with bit 1. */
enum { CV_TAG_MANY = 1, CV_TAG_SELF = 2 };

const IrType *cv_original_type(CvConversion *cv, IrValue *v) {
  const IrType *t = ptrmap_get(&cv->orig_types, v);
  if (t) return t;
  uintptr_t e = (uintptr_t)ptrmap_get(&cv->map, v);
  if (e & CV_TAG_SELF) return (const IrType *)(e & ~(uintptr_t)CV_TAG_SELF);
  return v->type;
}

/* Notes the type result v of an op converted in place had before. */
static void note_original_type(CvConversion *cv, IrValue *v, const IrType *t) {
  if ((uintptr_t)t & 3) ptrmap_put(&cv->orig_types, v, (void *)(uintptr_t)t);
  else ptrmap_put(&cv->map, v, (void *)((uintptr_t)t | CV_TAG_SELF));
}

void cv_map(CvConversion *cv, IrValue *from, IrValue *const *vals, size_t n) {
  if (n == 1 && vals[0]) {
    ptrmap_put(&cv->map, from, vals[0]);
    return;
  }
  CvMapped *m = xmalloc(sizeof *m + n * sizeof(IrValue *));
  m->n = (uint32_t)n;
  for (size_t i = 0; i < n; i++) m->vals[i] = vals[i];
  vec_push(&cv->owned, m);
  ptrmap_put(&cv->map, from, (void *)((uintptr_t)m | 1));
}

/* Unmapped values (block arguments converted in place, values defined by
 * legal ops) stand for themselves. */
IrValue *cv_lookup(CvConversion *cv, IrValue *v) {
  uintptr_t e = (uintptr_t)ptrmap_get(&cv->map, v);
  if (!e || (e & CV_TAG_SELF)) return v;
  if (!(e & 1)) return (IrValue *)e;
  const CvMapped *m = (const CvMapped *)(e & ~(uintptr_t)1);
  return m->n == 1 ? m->vals[0] : NULL;
}

/* 1:N lookups: a 1:1 entry is returned through a one-element scratch. */
size_t cv_lookup_n(CvConversion *cv, IrValue *v, IrValue *const **vals) {
  uintptr_t e = (uintptr_t)ptrmap_get(&cv->map, v);
  if (!e || (e & CV_TAG_SELF)) return 0;
  if (e & 1) {
    const CvMapped *m = (const CvMapped *)(e & ~(uintptr_t)1);
    *vals = m->vals;
    return m->n;
  }
  cv->one = (IrValue *)e;
  *vals = &cv->one;
  return 1;
}

void cv_replace(CvConversion *cv, IrOp *op, IrValue *const *vals) {
  for (unsigned i = 0; i < op->nresults; i++)
    if (vals[i]) cv_map(cv, ir_op_result(op, i), &vals[i], 1);
}

void cv_state_init(CvConversion *cv, IrOpState *st, const IrOpInfo *info, const IrLoc *loc) {
  if (!loc && cv->cur) {
    /* (what ir_op_state_init does, without looking up the unknown
     * location that the next lines would overwrite) */
    *st = (IrOpState){.ctx = cv->ctx, .info = info};
    /* the rewritten op's location, still compact when the parser left it
     * so: copying the bits avoids materializing one location per op */
    uintptr_t bits = cv->cur->loc_bits;
    if (bits & 1) {
      st->loc = NULL;
      st->loc_bits = bits;
    } else {
      st->loc = (const IrLoc *)bits;
    }
    return;
  }
  ir_op_state_init(st, cv->ctx, info, loc);
}

/* Frees what a build left in cv->bst: the dialect's defaults (props) and
 * attributes that did not fit the lent array, and after a failed build
 * everything (the regions it was given). */
static void state_clear(IrOpState *st, bool failed) {
  if (failed) {
    IrContext *ctx = st->ctx;
    ir_op_state_free(st);
    *st = (IrOpState){.ctx = ctx};
    return;
  }
  vec_free(&st->attrs);
  vec_free(&st->props);
}

/* Whether every name in the dictionary `attrs` is an inherent attribute of
 * the registered kind `info` (the inherent names are literals: cv_ident
 * caches their identifiers by address). */
static bool all_inherent(CvConversion *cv, const IrOpInfo *info, const IrAttr *attrs) {
  if ((info->traits & IR_TRAIT_UNREGISTERED) || !info->inherent) return false;
  uint32_t found = 0;
  for (const char *const *p = info->inherent; *p && found < attrs->nelems; p++) {
    const IrIdent *id = cv_ident(cv, *p);
    for (uint32_t i = 0; i < attrs->nelems; i++)
      if (attrs->names[i] == id) {
        found++;
        break;
      }
  }
  return found == attrs->nelems;
}

/* Builds the op without copying what it is given: the operand and result
 * type arrays are lent to the state (ir_op_create only reads them), and a
 * properties dictionary — or an attribute dictionary whose names are all
 * inherent, which ir_op_create would turn into the same uniqued properties
 * dictionary entry by entry — becomes the op's properties as it is. */
static inline __attribute__((always_inline)) IrOp *
build_op(CvConversion *cv, IrOp *reuse, const IrOpInfo *info, const IrLoc *loc,
         IrValue *const *operands, size_t noperands, const IrType *const *result_types,
         size_t nresults, const IrAttr *props, const IrAttr *attrs, unsigned nregions) {
  for (size_t i = 0; i < noperands; i++)
    if (!operands[i]) return NULL; /* an operand without a 1:1 conversion */
  /* (cv->bst: empty between builds, owning only the capacity of its region
   * vectors and the emptied regions in `spare`; what cv_state_init would
   * set is set here, the rest is already clear) */
  IrOpState *stp = &cv->bst;
  for (unsigned i = 0; i < nregions; i++) ir_op_state_add_region(stp);
  stp->info = info;
  if (!loc && cv->cur) {
    uintptr_t bits = cv->cur->loc_bits; /* (copied compact: see cv_state_init) */
    stp->loc = bits & 1 ? NULL : (const IrLoc *)bits;
    stp->loc_bits = bits;
  } else {
    stp->loc = loc ? loc : ir_unknown_loc(cv->ctx);
    stp->loc_bits = 0;
  }
  stp->operands = (IrValueVec){(IrValue **)(uintptr_t)operands, noperands, noperands};
  stp->result_types = (IrTypeVec){(const IrType **)(uintptr_t)result_types, nresults, nresults};
  if (props && !props->nelems) props = NULL;
  if (attrs && !attrs->nelems) attrs = NULL;
  /* What ir_op_create makes of the dictionaries depends on the op kind and
   * the two dictionaries only (the dialect's defaults are a function of both):
   * a kind built again with the same dictionary takes the memoized
   * properties as they are — defaults present, nothing to add or merge —
   * and its discardable dictionary is set on the new op. */
  uint64_t h = (((uintptr_t)info * 31 + (uintptr_t)props) * 31 + (uintptr_t)attrs) *
               UINT64_C(0x9E3779B97F4A7C15);
  struct CvBuildMemo *memo = &cv->bmemo[h >> 56];
  const IrAttr *key_props = props, *key_attrs = attrs; /* (attrs may move to props below) */
  if (memo->info == info && memo->in_props == props && memo->in_attrs == attrs) {
    stp->props_dict = memo->props;
    IrOp *op = !reuse ? ir_op_create(stp) : ir_op_reset(reuse, stp) ? reuse : NULL;
    stp->operands = (IrValueVec){0}; /* lent, not owned */
    stp->result_types = (IrTypeVec){0};
    if (!op || stp->attrs.data || stp->props.data) state_clear(stp, !op);
    if (!op) return NULL;
    op->attrs = memo->attrs;
    if (!reuse) rw_insert_op(&cv->rw, op);
    return op;
  }
  if (props) stp->props_dict = props;
  else if (attrs && all_inherent(cv, info, attrs)) stp->props_dict = attrs, attrs = NULL;
  /* discardable attributes: a stack array lent like the operands (a
   * larger dictionary, rare, goes through the heap) */
  IrNamedAttr abuf[CV_LENT_ATTRS];
  bool lent_attrs = cv_state_lend_attrs(stp, attrs, abuf);
  IrOp *op = !reuse ? ir_op_create(stp) : ir_op_reset(reuse, stp) ? reuse : NULL;
  stp->operands = (IrValueVec){0}; /* lent, not owned */
  stp->result_types = (IrTypeVec){0};
  if (lent_attrs) stp->attrs = (IrNamedAttrVec){0};
  /* The state owns heap memory where the dialect's defaults were added
   * (props) or the attributes did not fit. */
  if (!op || stp->attrs.data || stp->props.data) state_clear(stp, !op);
  if (!op) return NULL;
  *memo = (struct CvBuildMemo){info, key_props, key_attrs, op->props, op->attrs};
  if (!reuse) rw_insert_op(&cv->rw, op);
  return op;
}

IrOp *cv_build(CvConversion *cv, const IrOpInfo *info, const IrLoc *loc,
               IrValue *const *operands, size_t noperands,
               const IrType *const *result_types, size_t nresults,
               const IrAttr *props, const IrAttr *attrs) {
  return build_op(cv, NULL, info, loc, operands, noperands, result_types, nresults, props, attrs,
                  0);
}

IrOp *cv_build_regions(CvConversion *cv, const IrOpInfo *info, IrValue *const *operands,
                       size_t noperands, const IrType *const *result_types, size_t nresults,
                       const IrAttr *props, const IrAttr *attrs, unsigned nregions) {
  return build_op(cv, NULL, info, NULL, operands, noperands, result_types, nresults, props, attrs,
                  nregions);
}

/* In place, the op keeps everything a rebuilt op would differ in only by
 * identity (position, result values); what it gets is what ir_op_create
 * would make of the same state (ir_op_reset), and its results need no map
 * entry (cv_lookup returns a value without one), only their original
 * types where they changed. */
IrOp *cv_build_replace(CvConversion *cv, IrOp *op, const IrOpInfo *info,
                       IrValue *const *operands, size_t noperands,
                       const IrType *const *result_types, size_t nresults,
                       const IrAttr *props, const IrAttr *attrs) {
  enum { MAXRES = 16 };
  if (cv->inplace && op == cv->cur && cv->rw.before == op && op->nresults == nresults &&
      op->noperands == noperands && !op->nregions && !op->nsuccessors && nresults <= MAXRES) {
    const IrType *old[MAXRES];
    for (unsigned i = 0; i < nresults; i++) old[i] = ir_op_result(op, i)->type;
    if (!build_op(cv, op, info, NULL, operands, noperands, result_types, nresults, props, attrs,
                  0))
      return NULL;
    for (unsigned i = 0; i < nresults; i++)
      if (old[i] != result_types[i]) note_original_type(cv, ir_op_result(op, i), old[i]);
    cv->cur_in_place = true;
    return op;
  }
  IrOp *r = build_op(cv, NULL, info, NULL, operands, noperands, result_types, nresults, props,
                     attrs, 0);
  if (!r) return r;
  for (unsigned i = 0; i < nresults && i < op->nresults; i++) {
    IrValue *v = ir_op_result(r, i);
    cv_map(cv, ir_op_result(op, i), &v, 1);
  }
  return r;
}

/* Puts attrs' entries into st->attrs: in buf when they fit (lent: the
 * caller clears st->attrs after ir_op_create, which only reads them; true),
 * else on the heap (false). */
bool cv_state_lend_attrs(IrOpState *st, const IrAttr *attrs, IrNamedAttr buf[CV_LENT_ATTRS]) {
  if (attrs && attrs->nelems <= CV_LENT_ATTRS) {
    for (uint32_t i = 0; i < attrs->nelems; i++) buf[i] = (IrNamedAttr){attrs->names[i], attrs->elems[i]};
    st->attrs = (IrNamedAttrVec){buf, attrs->nelems, attrs->nelems};
    return true;
  }
  for (uint32_t i = 0; attrs && i < attrs->nelems; i++)
    vec_push(&st->attrs, ((IrNamedAttr){attrs->names[i], attrs->elems[i]}));
  return false;
}

/* Names are string literals in the patterns: their addresses key a cache of
 * op infos and identifiers, which saves hashing the text on every op. */
const IrIdent *cv_ident(CvConversion *cv, const char *name) {
  const IrIdent *id = ptrmap_get(&cv->names, name);
  if (!id) {
    id = ir_identz(cv->ctx, name);
    ptrmap_put(&cv->names, name, (void *)(uintptr_t)id);
  }
  return id;
}

const IrOpInfo *cv_op_info(CvConversion *cv, const char *name) {
  const IrOpInfo *info = ptrmap_get(&cv->infos, name);
  if (!info) {
    info = ir_op_info_lookup(cv->ctx, name, strlen(name));
    ptrmap_put(&cv->infos, name, (void *)(uintptr_t)info);
  }
  return info;
}

IrOp *cv_build_named(CvConversion *cv, const char *name, const IrLoc *loc,
                     IrValue *const *operands, size_t noperands,
                     const IrType *const *result_types, size_t nresults,
                     const IrAttr *attrs) {
  const IrOpInfo *info = cv_op_info(cv, name);
  return cv_build(cv, info, loc, operands, noperands, result_types, nresults, NULL, attrs);
}

void cv_take_region(CvConversion *cv, IrOp *op, unsigned ri, IrRegion *dst) {
  (void)cv;
  ir_region_take(dst, ir_op_region(op, ri));
}

/* ---- the walk ------------------------------------------------------------- */

static bool convert_region(CvConversion *cv, IrRegion *r);

/* Region signature conversion: each block argument takes its converted
 * type; 1:N arguments are replaced by N new arguments at the end of the
 * list (uses are remapped through the value map). */
static bool convert_block_args(CvConversion *cv, IrBlock *b) {
  uint32_t n0 = b->nargs;
  for (uint32_t i = 0; i < n0; i++) {
    IrValue *a = b->args[i];
    const IrType *t1 = cv_convert_type1(cv, a->type);
    if (t1) {
      if (t1 != a->type) ptrmap_put(&cv->orig_types, a, (void *)(uintptr_t)a->type);
      a->type = t1;
      continue;
    }
    IrTypeVec out = {0};
    if (!cv->convert_type(cv, a->type, &out)) {
      vec_free(&out);
      IrOp *p = ir_block_parent_op(b);
      ir_error(cv->ctx, p ? ir_op_loc(p) : ir_unknown_loc(cv->ctx),
               "failed to convert the type %T of block argument #%u", a->type, i);
      return false;
    }
    IrValue *nv[16];
    if (out.len > 16) {
      vec_free(&out);
      return ir_error(cv->ctx, ir_unknown_loc(cv->ctx), "block argument expands to too many values");
    }
    for (size_t k = 0; k < out.len; k++)
      nv[k] = ir_block_add_arg(b, out.data[k], ir_value_arg_loc(a));
    cv_map(cv, a, nv, out.len);
    vec_free(&out);
  }
  return true;
}

/* Remaps the operands of a legal op to converted values. */
static bool remap_operands(CvConversion *cv, IrOp *op) {
  for (unsigned i = 0; i < op->noperands; i++) {
    IrValue *v = ir_op_operand(op, i);
    IrValue *const *vals;
    size_t n = cv_lookup_n(cv, v, &vals);
    if (!n) continue;
    if (n != 1)
      return ir_op_error(op, "operand #%u was converted to %zu values", i, n);
    ir_op_set_operand(op, i, vals[0]);
  }
  return true;
}

static bool convert_op_regions(CvConversion *cv, IrOp *op) {
  for (unsigned ri = 0; ri < op->nregions; ri++)
    if (!convert_region(cv, ir_op_region(op, ri))) return false;
  return true;
}

static bool convert_illegal(CvConversion *cv, IrOp *op) {
  union { CvPatternFn f; void *p; } u = {.p = ptrmap_get(&cv->patterns, op->info)};
  size_t start = cv->created.len;
  IrOp *saved = cv->cur;
  cv->cur = op;
  cv->cur_in_place = false;
  rw_set_insertion_point_before(&cv->rw, op);
  bool ok = u.f && u.f(cv, op);
  cv->cur = saved;
  if (!ok) {
    cv->created.len = start;
    ir_op_emit_error(op, "failed to legalize operation '%s'", ir_op_name(op));
    return false;
  }
  if (!cv->cur_in_place) { /* (an op converted in place stays) */
    ir_op_unlink(op);
    vec_push(&cv->dead, op);
  }
  cv->cur_in_place = false;
  /* Convert the regions of the ops the pattern created (the old op's
   * regions moved into them).  Ops nested inside another created op are
   * reached through its regions; converting a legal op twice only remaps
   * operands again, which is idempotent. */
  size_t end = cv->created.len;
  for (size_t i = start; i < end; i++) {
    IrOp *c = cv->created.data[i];
    if (!convert_op_regions(cv, c)) return false;
  }
  cv->created.len = start;
  return true;
}

static bool convert_region(CvConversion *cv, IrRegion *r) {
  for (IrBlock *b = r->first; b; b = b->next) {
    if (!convert_block_args(cv, b)) return false;
    IrOp *next;
    for (IrOp *op = b->first; op; op = next) {
      next = op->next;
      if (is_illegal(cv, op)) {
        if (!convert_illegal(cv, op)) return false;
      } else {
        if (!remap_operands(cv, op)) return false;
        if (!convert_op_regions(cv, op)) return false;
      }
    }
  }
  return true;
}

/* What the walk before the conversion learns: the op results and block
 * arguments under the root (the value map holds at most one entry per
 * value: results of rewritten ops, block arguments converted 1:N; the
 * original types one per argument; so both are sized once rather than
 * rehashed as they fill), and whether some illegal op has no pattern.
 * `fine` caches, direct-mapped by the info pointer, op kinds found legal
 * or with a pattern. */
typedef struct CvCount {
  size_t nres, nargs;
  bool unmatched;
  const IrOpInfo *fine[256];
} CvCount;

static void count_values(CvConversion *cv, IrOp *op, CvCount *c) {
  for (uint32_t i = 0; i < op->nregions; i++)
    for (IrBlock *b = ir_op_region(op, i)->first; b; b = b->next) {
      c->nargs += b->nargs;
      for (IrOp *o = b->first; o; o = o->next) {
        c->nres += o->nresults;
        const IrOpInfo **f = &c->fine[info_slot(o->info)];
        if (*f != o->info) {
          if (is_illegal(cv, o) && !ptrmap_get(&cv->patterns, o->info)) c->unmatched = true;
          else *f = o->info;
        }
        if (o->nregions) count_values(cv, o, c);
      }
    }
}

bool cv_apply_partial(CvConversion *cv, IrOp *root) {
  CvCount cnt;
  memset(&cnt, 0, sizeof cnt);
  count_values(cv, root, &cnt);
  size_t nres = cnt.nres, nargs = cnt.nargs;
  /* An op no pattern converts fails the conversion, and the failure's
   * "see current operation" note prints that op's operands: as unlinked
   * old values (<<UNKNOWN SSA VALUE>>) when their definitions were
   * rebuilt, as live ones when converted in place.  Such a run rebuilds,
   * so its diagnostics are those of the rebuilding conversion. */
  bool inplace = cv->inplace;
  if (cnt.unmatched || cv->dyn_illegal) cv->inplace = false;
  ptrmap_reserve(&cv->map, cv->map.len + nres + nargs);
  ptrmap_reserve(&cv->orig_types, cv->orig_types.len + nargs);
  bool ok = convert_op_regions(cv, root);
  /* Destroy the converted ops.  Their results are used only by other
   * converted ops, which the pre-order walk reached later: destroying them
   * newest first, each op's users are gone before it (one walk per op,
   * which also cuts its own references).  An op whose results are still
   * used (by a legal op no pattern remapped: an error) is kept for the
   * second loop, which handles the rest as a batch: cut every reference
   * they hold, then report those still used, oldest first. */
  size_t w = cv->dead.len; /* survivors gather at [w, len), in walk order */
  for (size_t i = cv->dead.len; i-- > 0;) {
    IrOp *d = cv->dead.data[i];
    bool used = false;
    for (unsigned k = 0; k < d->nresults && !used; k++) used = ir_value_has_uses(ir_op_result(d, k));
    if (used) cv->dead.data[--w] = d; /* (w > i: nothing unread is overwritten) */
    else ir_op_destroy(d);
  }
  size_t nleft = cv->dead.len - w;
  if (nleft && w) memmove(cv->dead.data, cv->dead.data + w, nleft * sizeof *cv->dead.data);
  cv->dead.len = nleft;
  for (size_t i = 0; i < cv->dead.len; i++) ir_op_drop_all_references(cv->dead.data[i]);
  for (size_t i = 0; i < cv->dead.len; i++) {
    IrOp *d = cv->dead.data[i];
    bool used = false;
    for (unsigned k = 0; k < d->nresults; k++) used |= ir_value_has_uses(ir_op_result(d, k));
    if (used) {
      /* a legal op still reads a value that no pattern replaced */
      if (ok) ir_op_error(d, "has a result without a replacement that is still used");
      ok = false;
      IrBlock *b = root->nregions ? ir_op_region(root, 0)->first : NULL;
      if (b) ir_block_append(b, d); /* freed with the root (error path) */
      continue;
    }
    ir_op_destroy(d);
  }
  cv->dead.len = 0;
  cv->inplace = inplace;
  return ok;
}
