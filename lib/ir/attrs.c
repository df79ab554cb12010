/* attrs.c — builtin attributes and locations: defs, constructors,
 * dictionary operations. */
#include "ir/ir_internal.h"

#include <stdlib.h>

const IrAttrDef ir_unit_attr_def = {.name = "unit", .dialect = "builtin"};
const IrAttrDef ir_bool_attr_def = {.name = "bool", .dialect = "builtin"};
const IrAttrDef ir_integer_attr_def = {.name = "integer", .dialect = "builtin"};
const IrAttrDef ir_float_attr_def = {.name = "float", .dialect = "builtin"};
const IrAttrDef ir_string_attr_def = {.name = "string", .dialect = "builtin"};
const IrAttrDef ir_type_attr_def = {.name = "type", .dialect = "builtin"};
const IrAttrDef ir_symref_attr_def = {.name = "symref", .dialect = "builtin"};
const IrAttrDef ir_array_attr_def = {.name = "array", .dialect = "builtin"};
const IrAttrDef ir_dict_attr_def = {.name = "dictionary", .dialect = "builtin"};
const IrAttrDef ir_dense_array_attr_def = {.name = "dense_array", .dialect = "builtin"};
const IrAttrDef ir_dense_elements_attr_def = {.name = "dense", .dialect = "builtin"};
const IrAttrDef ir_dense_string_attr_def = {.name = "dense_string", .dialect = "builtin"};
/* Builtin attributes kept verbatim (flags&1) get MLIR's builtin aliases:
 * affine maps print as `#map`, integer sets as `#set`. */
static const char *opaque_attr_alias(const IrAttr *a) {
  if (!(a->flags & 1u) || !a->str) return NULL;
  if (!strncmp(a->str->str, "affine_map<", 11)) return "map";
  if (!strncmp(a->str->str, "affine_set<", 11)) return "set";
  return NULL;
}
const IrAttrDef ir_opaque_attr_def = {.name = "opaque", .dialect = "builtin",
                                      .alias = opaque_attr_alias};
const IrAttrDef ir_unknown_loc_def = {.name = "unknown_loc", .dialect = "builtin", .is_location = true};
const IrAttrDef ir_file_loc_def = {.name = "file_loc", .dialect = "builtin", .is_location = true};
const IrAttrDef ir_name_loc_def = {.name = "name_loc", .dialect = "builtin", .is_location = true};
const IrAttrDef ir_callsite_loc_def = {.name = "callsite_loc", .dialect = "builtin", .is_location = true};
const IrAttrDef ir_fused_loc_def = {.name = "fused_loc", .dialect = "builtin", .is_location = true};
const IrAttrDef ir_opaque_loc_def = {.name = "opaque_loc", .dialect = "builtin", .is_location = true};

const IrAttr *ir_unit_attr(IrContext *ctx) { return ctx->unit_attr; }
const IrAttr *ir_empty_dict(IrContext *ctx) { return ctx->empty_dict; }

const IrAttr *ir_bool_attr(IrContext *ctx, bool v) {
  int64_t x = v;
  return ir_attr_unique(ctx, &(IrAttr){.def = &ir_bool_attr_def,
                                       .type = ir_integer_type(ctx, 1, IR_SIGNLESS),
                                       .nints = 1, .ints = &x});
}

const IrAttr *ir_integer_attr(IrContext *ctx, const IrType *type, int64_t v) {
  return ir_attr_unique(ctx, &(IrAttr){.def = &ir_integer_attr_def, .type = type,
                                       .nints = 1, .ints = &v});
}

const IrAttr *ir_float_attr(IrContext *ctx, const IrType *type, double v) {
  return ir_attr_unique(ctx, &(IrAttr){.def = &ir_float_attr_def, .type = type, .f = v});
}

const IrAttr *ir_string_attr(IrContext *ctx, const char *s, size_t n) {
  return ir_attr_unique(ctx, &(IrAttr){.def = &ir_string_attr_def, .str = ir_ident(ctx, s, n)});
}

const IrAttr *ir_string_attr_typed(IrContext *ctx, const char *s, size_t n,
                                   const IrType *t) {
  return ir_attr_unique(ctx, &(IrAttr){.def = &ir_string_attr_def, .type = t,
                                       .str = ir_ident(ctx, s, n)});
}

const IrAttr *ir_type_attr(IrContext *ctx, const IrType *t) {
  return ir_attr_unique(ctx, &(IrAttr){.def = &ir_type_attr_def, .type = t});
}

const IrAttr *ir_symref_attr(IrContext *ctx, const IrIdent *root,
                             const IrAttr *const *nested, size_t n) {
  return ir_attr_unique(ctx, &(IrAttr){.def = &ir_symref_attr_def, .str = root,
                                       .nelems = (uint32_t)n, .elems = nested});
}

const IrAttr *ir_array_attr(IrContext *ctx, const IrAttr *const *elems, size_t n) {
  return ir_attr_unique(ctx, &(IrAttr){.def = &ir_array_attr_def,
                                       .nelems = (uint32_t)n, .elems = elems});
}

static int named_cmp(const void *a, const void *b) {
  const IrNamedAttr *x = a, *y = b;
  int c = strcmp(x->name->str, y->name->str);
  if (c) return c;
  /* stable: keep input order for equal names (pointer order of the array) */
  return (x < y) ? -1 : (x > y);
}

/* The memo slot of a short entry list (see IrDictMemo). */
static IrDictMemo *dict_memo_slot(IrContext *ctx, const IrNamedAttr *entries, size_t n) {
  uint64_t h = n;
  for (size_t i = 0; i < n; i++) {
    h = (h ^ (uintptr_t)entries[i].name) * 0x9E3779B97F4A7C15ull;
    h = (h ^ (uintptr_t)entries[i].value) * 0x9E3779B97F4A7C15ull;
  }
  return &ctx->dict_memo[(h >> 40) & (IR_DICT_MEMO_SLOTS - 1)];
}

const IrAttr *ir_dict_attr(IrContext *ctx, const IrNamedAttr *entries, size_t n,
                           const IrIdent **dup) {
  if (n == 0) return ctx->empty_dict;
  IrDictMemo *memo = NULL;
  if (n <= IR_DICT_MEMO_MAX) {
    memo = dict_memo_slot(ctx, entries, n);
    bool hit = memo->dict && memo->n == n;
    for (size_t i = 0; hit && i < n; i++)
      hit = memo->e[i].name == entries[i].name && memo->e[i].value == entries[i].value;
    if (hit) return memo->dict;
  }
  /* small dictionaries (the common case) stay on the stack */
  IrNamedAttr tbuf[16];
  const IrIdent *nbuf[16];
  const IrAttr *vbuf[16];
  bool small = n <= 16;
  IrNamedAttr *tmp = small ? tbuf : xmalloc(n * sizeof *tmp);
  memcpy(tmp, entries, n * sizeof *tmp);
  if (small) {
    /* insertion sort (stable, as named_cmp's tie-break makes qsort): the
     * few attributes of an op are often sorted already */
    for (size_t i = 1; i < n; i++) {
      IrNamedAttr x = tmp[i];
      size_t j = i;
      for (; j > 0 && tmp[j - 1].name != x.name && strcmp(tmp[j - 1].name->str, x.name->str) > 0; j--)
        tmp[j] = tmp[j - 1];
      tmp[j] = x;
    }
  } else if (n > 1) {
    qsort(tmp, n, sizeof *tmp, named_cmp);
  }
  /* remove duplicates: the later entry in input order wins */
  size_t m = 0;
  for (size_t i = 0; i < n; i++) {
    if (m && tmp[m - 1].name == tmp[i].name) {
      if (dup) {
        *dup = tmp[i].name;
        if (!small) free(tmp);
        return NULL;
      }
      tmp[m - 1] = tmp[i];
    } else {
      tmp[m++] = tmp[i];
    }
  }
  const IrIdent **names = small ? nbuf : xmalloc(m * sizeof *names);
  const IrAttr **vals = small ? vbuf : xmalloc(m * sizeof *vals);
  for (size_t i = 0; i < m; i++) {
    names[i] = tmp[i].name;
    vals[i] = tmp[i].value;
  }
  const IrAttr *d = ir_attr_unique(ctx, &(IrAttr){.def = &ir_dict_attr_def,
                                                  .nelems = (uint32_t)m,
                                                  .names = names, .elems = vals});
  if (!small) {
    free(tmp);
    free(names);
    free(vals);
  }
  if (memo && m == n) { /* no duplicates: the same answer for any `dup` */
    memo->dict = d;
    memo->n = n;
    memcpy(memo->e, entries, n * sizeof *entries);
  }
  return d;
}

#define DICT_SCAN_MAX IR_DICT_SCAN_MAX

const IrAttr *ir_dict_get(const IrAttr *dict, const IrIdent *name) {
  if (!dict) return NULL;
  if (dict->nelems <= DICT_SCAN_MAX) { /* interned keys: compare pointers */
    for (uint32_t i = 0; i < dict->nelems; i++)
      if (dict->names[i] == name) return dict->elems[i];
    return NULL;
  }
  size_t lo = 0, hi = dict->nelems;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    const IrIdent *k = dict->names[mid];
    if (k == name) return dict->elems[mid];
    int c = strcmp(k->str, name->str);
    if (c < 0) lo = mid + 1;
    else hi = mid;
  }
  return NULL;
}

/* Keys are unique byte strings, so the scan finds exactly the entry whose
 * key is `name`.  Larger dictionaries are binary-searched in their order
 * (strcmp's on the keys' text, as ir_dict_get searches), except for a name
 * with a NUL inside, which that order cannot place: those scan too. */
const IrAttr *ir_dict_getn(const IrAttr *dict, const char *name, size_t len) {
  if (!dict) return NULL;
  uint32_t n = dict->nelems;
  if (n <= DICT_SCAN_MAX || memchr(name, 0, len)) return ir_dict_scann(dict, name, len);
  size_t lo = 0, hi = n;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    const IrIdent *k = dict->names[mid];
    size_t m = k->len < len ? k->len : len;
    int c = memcmp(k->str, name, m);
    if (c == 0) {
      if (k->len == len) return dict->elems[mid];
      /* one is a prefix of the other: the shorter sorts first (a key with
       * a NUL inside differs from name at or before that NUL, as with
       * strcmp, or has name as its text and sorts after it) */
      c = k->len < len ? -1 : 1;
    }
    if (c < 0) lo = mid + 1;
    else hi = mid;
  }
  return NULL;
}

const IrAttr *ir_dict_getz(IrContext *ctx, const IrAttr *dict, const char *name) {
  (void)ctx;
  return ir_dict_getn(dict, name, strlen(name));
}

const IrAttr *ir_dict_set(IrContext *ctx, const IrAttr *dict,
                          const IrIdent *name, const IrAttr *value) {
  size_t n = dict ? dict->nelems : 0;
  IrNamedAttr *e = xmalloc((n + 1) * sizeof *e);
  size_t m = 0;
  for (size_t i = 0; i < n; i++)
    if (dict->names[i] != name) e[m++] = (IrNamedAttr){dict->names[i], dict->elems[i]};
  if (value) e[m++] = (IrNamedAttr){name, value};
  const IrAttr *d = ir_dict_attr(ctx, e, m, NULL);
  free(e);
  return d;
}

const IrAttr *ir_dense_i64_array(IrContext *ctx, const IrType *elem,
                                 const int64_t *v, size_t n) {
  return ir_attr_unique(ctx, &(IrAttr){.def = &ir_dense_array_attr_def, .type = elem,
                                       .nints = (uint32_t)n, .ints = v});
}

const IrAttr *ir_dense_f64_array(IrContext *ctx, const IrType *elem,
                                 const double *v, size_t n) {
  return ir_attr_unique(ctx, &(IrAttr){.def = &ir_dense_array_attr_def, .type = elem,
                                       .ndata = n * sizeof(double),
                                       .data = (const uint8_t *)v,
                                       .nelems = 0, .flags = 1});
}

const IrAttr *ir_dense_elements(IrContext *ctx, const IrType *shaped,
                                const void *data, size_t ndata, bool splat) {
  return ir_attr_unique(ctx, &(IrAttr){.def = &ir_dense_elements_attr_def, .type = shaped,
                                       .flags = splat ? 1u : 0u, .ndata = ndata,
                                       .data = data});
}

const IrAttr *ir_opaque_attr(IrContext *ctx, const char *text, size_t n,
                             const IrType *type) {
  return ir_attr_unique(ctx, &(IrAttr){.def = &ir_opaque_attr_def, .type = type,
                                       .str = ir_ident(ctx, text, n)});
}

/* ---- locations ---------------------------------------------------------------- */
const IrLoc *ir_unknown_loc(IrContext *ctx) { return ctx->unknown_loc; }

const IrLoc *ir_file_loc(IrContext *ctx, const IrIdent *file, int64_t line, int64_t col) {
  int64_t lc[2] = {line, col};
  return ir_attr_unique(ctx, &(IrAttr){.def = &ir_file_loc_def, .str = file,
                                       .nints = 2, .ints = lc});
}

const IrLoc *ir_name_loc(IrContext *ctx, const IrIdent *name, const IrLoc *child) {
  /* MLIR's NameLoc::get(name) is NameLoc::get(name, UnknownLoc): one object. */
  if (child && child->def == &ir_unknown_loc_def) child = NULL;
  return ir_attr_unique(ctx, &(IrAttr){.def = &ir_name_loc_def, .str = name,
                                       .nelems = child ? 1 : 0, .elems = &child});
}

const IrLoc *ir_callsite_loc(IrContext *ctx, const IrLoc *callee, const IrLoc *caller) {
  const IrAttr *e[2] = {callee, caller};
  return ir_attr_unique(ctx, &(IrAttr){.def = &ir_callsite_loc_def, .nelems = 2, .elems = e});
}

const IrLoc *ir_fused_loc(IrContext *ctx, const IrLoc *const *locs, size_t n,
                          const IrAttr *metadata) {
  const IrAttr **e = xmalloc((n + 1) * sizeof *e);
  for (size_t i = 0; i < n; i++) e[i] = locs[i];
  if (metadata) e[n] = metadata;
  const IrLoc *l = ir_attr_unique(ctx, &(IrAttr){.def = &ir_fused_loc_def,
                                                 .flags = metadata ? 1u : 0u,
                                                 .nelems = (uint32_t)(n + (metadata != NULL)),
                                                 .elems = e});
  free(e);
  return l;
}

bool ir_attr_is_loc(const IrAttr *a) { return a && a->def->is_location; }

const IrLoc *ir_loc_find_file(const IrLoc *loc) {
  if (!loc) return NULL;
  if (loc->def == &ir_file_loc_def) return loc;
  if (loc->def == &ir_name_loc_def || loc->def == &ir_callsite_loc_def ||
      loc->def == &ir_fused_loc_def || loc->def == &ir_opaque_loc_def) {
    uint32_t n = loc->nelems;
    if (loc->def == &ir_fused_loc_def && (loc->flags & 1)) n--;
    for (uint32_t i = 0; i < n; i++) {
      const IrLoc *f = ir_loc_find_file(loc->elems[i]);
      if (f) return f;
    }
  }
  return NULL;
}
