/* bc_reader.c — reads Tile IR bytecode into a cuda_tile.module.
 *
 * The reader first splits the file into sections (validating ids, lengths
 * and alignment), then decodes them in dependency order: strings, producer,
 * types, constants, globals, function table, debug info; finally it builds
 * the module (globals, then functions, as NVIDIA's reader does; the module
 * is always named "kernels", which the format does not store).
 *
 * Hardening: every read is bounds-checked against its section; counts are
 * checked against the bytes left before anything is allocated for them (each
 * element needs at least one byte), so a lying length costs nothing; table
 * indices are range-checked; types and debug attributes are decoded on first
 * use with cycle detection and a depth cap; nesting (ops, regions,
 * attributes, types) is capped at the text parser's limit.  Every failure is
 * reported through the context's diagnostics (at "<file>":0:0, the message
 * naming the byte offset: "error at offset N: ...") and yields NULL. */
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm.h" /* ASM_MAX_NESTING_DEPTH */
#include "bytecode/bc_internal.h"
#include "dialect/cuda_tile/cuda_tile.h"

/* The text parser's nesting limit, counted as it counts: one level per
 * operation, region, attribute, type and location on the way down (a
 * function body starts below module op, module region, entry op and entry
 * region: BC_FN_BODY_DEPTH). */
#define BC_MAX_DEPTH ASM_MAX_NESTING_DEPTH
#define BC_FN_BODY_DEPTH 4

typedef struct Cur {
  const uint8_t *p, *end;
} Cur;

/* What rd_op_at derives from an op's row, computed once per row: the
 * registered kind, the interned argument names (properties are added by
 * pointer), the flag bits and the shape of the operand list. */
typedef struct RPlan {
  const IrOpInfo *info;    /* NULL until computed */
  BcPlan b;
} RPlan;

/* The dictionaries ir_op_create made of ops' properties, by kind and
 * properties: an op with the same ones as an earlier op of its kind is given
 * that dictionary instead of having it built and uniqued again (kinds
 * without default-valued properties, at most BC_MEMO_PROPS of them).
 * Direct-mapped; a collision replaces the entry. */
#define BC_MEMO_PROPS 6
#define BC_MEMO_SLOTS 2048 /* a power of two */
typedef struct PropsMemo {
  const RPlan *plan;       /* NULL: empty */
  const IrAttr *dict;
  uint8_t n;
  IrNamedAttr props[BC_MEMO_PROPS];
} PropsMemo;

/* Op templates: an op's header (result types, flags, attributes: the bytes
 * between its opcode and its operands) mostly repeats an earlier op's of
 * its kind byte for byte — the same opcode with the same type, enum and
 * constant indices.  What decoding such bytes gave (they decode the same
 * every time within one file: the version and the tables are the file's)
 * is remembered in a direct-mapped table, by the opcode and the first
 * bytes (as many as the shortest header of the kind, at most BC_TMPL_KEY:
 * the key must not reach into the operands): the result types, flags,
 * properties, and, where the properties are the whole dictionary, the op's
 * uniqued dictionary.  A later op whose next bytes equal a template's
 * takes all of it and skips the bytes.  Headers with an
 * attribute whose decoding counts nesting levels (arrays, predicates,
 * hints) are only taken at a depth no deeper than where they were made. */
#define BC_TMPL_SLOTS 2048 /* a power of two */
#define BC_TMPL_KEY 3      /* most header bytes hashed */
#define BC_TMPL_BYTES 24   /* longest header remembered */
#define BC_TMPL_RES 4    /* most results */
typedef struct OpTmpl {
  const BcOpDesc *d;       /* NULL: empty */
  const IrAttr *dict;      /* the properties' dictionary, or NULL: props */
  const IrAttr *seg_dict;  /* with AttrSizedOperandSegments: the whole
                              dictionary of the op the template was made
                              from, for operand groups of the sizes in
                              seg_key (a byte each; seg_g groups), or NULL */
  uint64_t seg_key;
  uint64_t flags;
  unsigned max_depth;      /* deepest nesting it may be taken at */
  uint8_t len;             /* header bytes */
  int8_t last;             /* rd_last after the header, from its start */
  uint8_t nres, nprops;
  uint8_t skipped;         /* results the file's version predates (bits) */
  uint8_t seg_g;
  uint8_t bytes[BC_TMPL_BYTES];
  const IrType *res[BC_TMPL_RES];
  IrNamedAttr props[BC_MEMO_PROPS];
} OpTmpl;

#define BC_OPCODE_TABLE 256 /* opcodes below this are looked up directly */
#define BC_SEG_CACHE 32     /* operandSegmentSizes remembered */
#define BC_ENUM_CACHE 32    /* enum cases remembered per enum */
#define BC_EMPTY_ARRAYS 16  /* arrays of n empty dictionaries remembered */

typedef struct Reader {
  IrContext *ctx;
  uint16_t ver;
  char vstr[16];
  bool failed;
  Cur sec[BC_SEC_COUNT];
  bool has_sec[BC_SEC_COUNT];
  /* strings */
  uint64_t nstrs;
  const uint8_t *str_offs, *str_data;
  size_t str_len;
  /* types (decoded lazily) */
  uint64_t ntypes;
  const uint8_t *type_offs, *type_data;
  size_t type_len;
  const IrType **types;
  uint8_t *type_state; /* 0 unread, 1 reading, 2 done */
  /* constants */
  uint64_t nconsts;
  const uint8_t *const_offs, *const_data;
  size_t const_len;
  /* debug info */
  uint64_t di_nops, di_nidx, di_nattrs;
  const uint8_t *di_op_offs, *di_idx, *di_attr_offs, *di_data;
  size_t di_len;
  const IrAttr **dis;
  uint8_t *di_state;
  /* values visible in the function being read */
  VEC(IrValue *) vals;
  unsigned depth;
  const IrIdent *producer;
  /* per op kind (index into bc_op_descs), computed on first use */
  RPlan *plans;
  PropsMemo *memo;           /* BC_MEMO_SLOTS, allocated on first use */
  OpTmpl *tmpl;              /* BC_TMPL_SLOTS, allocated on first use */
  uint8_t tmpl_key[BC_OPCODE_TABLE]; /* header bytes hashed per opcode (OpTmpl) */
  const BcOpDesc *by_opcode[BC_OPCODE_TABLE];
  IrOpState **pool;          /* per nesting depth (st_begin) */
  IrOpState *entry_st;       /* the entry op's (build_function) */
  const IrIdent *id_seg;     /* "operandSegmentSizes" */
  /* the entry op's property names, and its empty-dictionary arrays by
   * length (arg_attrs / res_attrs; up to BC_EMPTY_ARRAYS) */
  const IrIdent *id_sym, *id_ftype, *id_args, *id_res, *id_hints;
  const IrAttr *empty_arrays[BC_EMPTY_ARRAYS];
  const IrAttr *no_hints;
  const IrAttr **dense;      /* per constant index, decoded on first use */
  const IrAttr *enums[BC_E_TEST_PRIORITY + 1][BC_ENUM_CACHE];
  struct {
    size_t n;
    int64_t sizes[16];
    const IrAttr *attr;
  } segc[BC_SEG_CACHE];
  size_t nsegc, segc_next;
  const IrLoc *loc;          /* where errors are reported: "<file>":0:0 */
  const uint8_t *base;       /* the whole file, for "error at offset N" */
  size_t len;
} Reader;

/* Start of the field the primitive reads below last touched: errors name its
 * offset in the file.  Per thread, since readers run independently. */
static _Thread_local const uint8_t *rd_last;

/* Errors are located at "<file>:0:0", as MLIR's own bytecode reader does,
 * and start "error at offset N: " as NVIDIA's reader's do, N being the file
 * offset of the field read last (the one at fault, or the end of the data). */
static bool r_error(Reader *r, const char *fmt, ...) {
  IrDiag *d = ir_diag_new(r->ctx, IR_SEV_ERROR, r->loc ? r->loc : ir_unknown_loc(r->ctx));
  size_t off = 0;
  if (r->base && rd_last >= r->base && rd_last <= r->base + r->len)
    off = (size_t)(rd_last - r->base);
  ir_diag_append(r->ctx, d, "error at offset %llu: ", (unsigned long long)off);
  va_list ap;
  va_start(ap, fmt);
  ir_diag_vappend(r->ctx, d, fmt, ap);
  va_end(ap);
  ir_diag_emit(r->ctx, d);
  r->failed = true;
  return false;
}

/* The parser's nesting guard (ASM_MAX_NESTING_DEPTH, with the parser's
 * message) for every level the reader descends: operations, regions, types,
 * attributes and debug info.  True, after the error, when one more level
 * would pass the limit. */
static bool rd_too_deep(Reader *r) {
  return r->depth >= BC_MAX_DEPTH &&
         !r_error(r, "nesting depth exceeds the limit of %d", BC_MAX_DEPTH);
}

/* ---- primitive reads ----------------------------------------------------- */

static size_t left(const Cur *c) { return (size_t)(c->end - c->p); }

static bool rd_varint_slow(Cur *c, uint64_t *out) {
  uint64_t v = 0;
  for (unsigned shift = 0;; shift += 7) {
    if (c->p >= c->end || shift > 63) return false;
    uint8_t b = *c->p++;
    if (shift == 63 && (b & 0x7e)) return false; /* bits beyond 64 */
    v |= (uint64_t)(b & 0x7f) << shift;
    if (!(b & 0x80)) break;
  }
  *out = v;
  return true;
}

/* A varint; most (opcodes, value and type indices, counts) are one byte,
 * read inline. */
static inline bool rd_varint(Cur *c, uint64_t *out) {
  rd_last = c->p;
  if (c->p < c->end && *c->p < 0x80) {
    *out = *c->p++;
    return true;
  }
  return rd_varint_slow(c, out);
}

static bool rd_svarint(Cur *c, int64_t *out) {
  uint64_t v;
  if (!rd_varint(c, &v)) return false;
  *out = (int64_t)((v >> 1) ^ (~(v & 1) + 1));
  return true;
}

static bool rd_byte(Cur *c, uint8_t *out) {
  rd_last = c->p;
  if (c->p >= c->end) return false;
  *out = *c->p++;
  return true;
}

static uint64_t le_at(const uint8_t *p, unsigned n) {
  uint64_t v = 0;
  for (unsigned i = 0; i < n; i++) v |= (uint64_t)p[i] << (8 * i);
  return v;
}

static bool rd_le(Cur *c, unsigned n, uint64_t *out) {
  rd_last = c->p;
  if (left(c) < n) return false;
  *out = le_at(c->p, n);
  c->p += n;
  return true;
}

/* Skips padding up to `align` (relative to base). */
static bool rd_pad(Cur *c, const uint8_t *base, size_t align) {
  rd_last = c->p;
  while ((size_t)(c->p - base) % align) {
    if (c->p >= c->end || *c->p != BC_ALIGN_BYTE) return false;
    c->p++;
  }
  return true;
}

/* rd_count's failures: reports why the count at c (or just read, *n) is
 * not acceptable. */
static bool rd_count_fail(Reader *r, Cur *c, size_t elem, uint64_t *n, const char *what,
                          bool read) {
  if (!read) return r_error(r, "failed to read %s count", what);
  (void)elem;
  return r_error(r, "%s count %llu exceeds the remaining %zu bytes", what,
                 (unsigned long long)*n, left(c));
}

/* Reads a count that must be coverable by `elem` bytes per element (inline:
 * most are one byte, read per op and block). */
static inline bool rd_count(Reader *r, Cur *c, size_t elem, uint64_t *n, const char *what) {
  if (!rd_varint(c, n)) {
    *n = 0; /* (also tells gcc's -Wmaybe-uninitialized that callers see a value) */
    rd_count_fail(r, c, elem, n, what, false);
    return false;
  }
  if (*n > left(c) / (elem ? elem : 1)) {
    rd_count_fail(r, c, elem, n, what, true);
    return false;
  }
  return true;
}

/* LEVarSize: count then fixed-width little-endian elements. */
static bool rd_ints(Reader *r, Cur *c, unsigned width, int64_t **out, size_t *n) {
  uint64_t k;
  if (!rd_count(r, c, width, &k, "array")) return false;
  int64_t *v = malloc((k ? k : 1) * sizeof *v);
  for (uint64_t i = 0; i < k; i++) {
    uint64_t x = le_at(c->p, width);
    c->p += width;
    v[i] = width == 4 ? (int64_t)(int32_t)(uint32_t)x : (int64_t)x;
  }
  *out = v;
  *n = (size_t)k;
  return true;
}

/* ---- strings --------------------------------------------------------------- */

static const IrIdent *get_string(Reader *r, uint64_t i) {
  if (i >= r->nstrs) {
    r_error(r, "string index %llu out of bounds (%llu strings)", (unsigned long long)i,
            (unsigned long long)r->nstrs);
    return NULL;
  }
  rd_last = r->str_offs + 4 * i;
  uint64_t a = le_at(r->str_offs + 4 * i, 4);
  uint64_t b = i + 1 < r->nstrs ? le_at(r->str_offs + 4 * (i + 1), 4) : r->str_len;
  if (a > b || b > r->str_len) {
    r_error(r, "invalid string offset for string %llu", (unsigned long long)i);
    return NULL;
  }
  return ir_ident(r->ctx, (const char *)r->str_data + a, (size_t)(b - a));
}

static const IrIdent *rd_string(Reader *r, Cur *c) {
  uint64_t i;
  if (!rd_varint(c, &i)) {
    r_error(r, "failed to read string index");
    return NULL;
  }
  return get_string(r, i);
}

/* An offset table: count varint, pad to `word`, count words; the data after
 * it.  Checks count against the bytes left. */
static bool rd_table(Reader *r, Cur c, const uint8_t *base, unsigned word, uint64_t *n,
                     const uint8_t **offs, const uint8_t **data, size_t *len,
                     const char *what) {
  if (!rd_varint(&c, n)) return r_error(r, "failed to read the number of %s", what);
  if (!rd_pad(&c, base, word)) return r_error(r, "invalid padding in the %s table", what);
  if (*n > left(&c) / word)
    return r_error(r, "number of %s (%llu) exceeds the maximum of %zu that can fit in the "
                      "remaining payload of %zu bytes.",
                   what, (unsigned long long)*n, left(&c) / word, left(&c));
  *offs = c.p;
  *data = c.p + *n * word;
  *len = (size_t)(c.end - *data);
  return true; /* offsets are checked when an entry is used */
}

/* ---- types ------------------------------------------------------------------- */

static const IrType *get_type(Reader *r, uint64_t i);

static inline const IrType *rd_type(Reader *r, Cur *c) {
  uint64_t i;
  if (!rd_varint(c, &i)) {
    r_error(r, "failed to read type index");
    return NULL;
  }
  /* decoded already: most uses */
  if (i < r->ntypes && r->type_state[i] == 2) return r->types[i];
  return get_type(r, i);
}

static bool file_type_ok(Reader *r, const char *name, uint16_t since) {
  if (r->ver >= since) return true;
  char need[16];
  bc_version_str(since, need);
  return r_error(r, "type '%s' requires bytecode version %s+, file version is %s", name, need,
                 r->vstr);
}

/* Optional padding value of a view type (see the writer). */
static bool rd_padding(Reader *r, Cur *c, bool unified, uint64_t flags, int *pad) {
  bool present;
  if (unified) present = flags & 1;
  else {
    uint8_t b;
    if (!rd_byte(c, &b)) return r_error(r, "failed to read padding_value");
    present = b != 0;
  }
  *pad = CT_NO_PADDING;
  if (present) {
    uint64_t v;
    if (!rd_varint(c, &v) || v >= (uint64_t)ct_enum_padding_value.ncases)
      return r_error(r, "invalid padding_value");
    *pad = (int)v;
  }
  return true;
}

static const IrType *decode_type(Reader *r, Cur *c) {
  IrContext *ctx = r->ctx;
  CtEmitter e = ct_emitter_loc(ctx, ir_unknown_loc(ctx));
  uint64_t tag;
  if (!rd_varint(c, &tag)) {
    r_error(r, "failed to read type tag");
    return NULL;
  }
  switch (tag) {
  case BC_T_I1: return ir_integer_type(ctx, 1, IR_SIGNLESS);
  case BC_T_I4:
    return file_type_ok(r, "Int4", BC_V(13, 3)) ? ir_integer_type(ctx, 4, IR_SIGNLESS) : NULL;
  case BC_T_I8: return ir_integer_type(ctx, 8, IR_SIGNLESS);
  case BC_T_I16: return ir_integer_type(ctx, 16, IR_SIGNLESS);
  case BC_T_I32: return ir_integer_type(ctx, 32, IR_SIGNLESS);
  case BC_T_I64: return ir_integer_type(ctx, 64, IR_SIGNLESS);
  case BC_T_F16: return ir_float_type(ctx, IR_F16);
  case BC_T_BF16: return ir_float_type(ctx, IR_BF16);
  case BC_T_F32: return ir_float_type(ctx, IR_F32);
  case BC_T_TF32: return ir_float_type(ctx, IR_TF32);
  case BC_T_F64: return ir_float_type(ctx, IR_F64);
  case BC_T_F8E4M3FN: return ir_float_type(ctx, IR_F8E4M3FN);
  case BC_T_F8E5M2: return ir_float_type(ctx, IR_F8E5M2);
  case BC_T_F8E8M0FNU:
    return file_type_ok(r, "Float8E8M0FNU", BC_V(13, 2)) ? ir_float_type(ctx, IR_F8E8M0FNU)
                                                         : NULL;
  case BC_T_F4E2M1FN:
    return file_type_ok(r, "Float4E2M1FN", BC_V(13, 3)) ? ir_float_type(ctx, IR_F4E2M1FN)
                                                        : NULL;
  case BC_T_TOKEN: return ct_token_type(ctx);
  case BC_T_PTR: {
    const IrType *p = rd_type(r, c);
    return p ? ct_ptr_type_checked(ctx, &e, p) : NULL;
  }
  case BC_T_TILE: {
    const IrType *el = rd_type(r, c);
    int64_t *shape;
    size_t n;
    if (!el || !rd_ints(r, c, 8, &shape, &n)) return NULL;
    const IrType *t = ct_tile_type_checked(ctx, &e, shape, n, el);
    free(shape);
    return t;
  }
  case BC_T_TENSOR_VIEW: {
    const IrType *el = rd_type(r, c);
    int64_t *shape = NULL, *strides = NULL;
    size_t n, ns;
    const IrType *t = NULL;
    if (el && rd_ints(r, c, 8, &shape, &n)) {
      if (rd_ints(r, c, 8, &strides, &ns))
        t = ct_tensor_view_type_checked(ctx, &e, el, shape, n, strides, ns);
    }
    free(shape);
    free(strides);
    return t;
  }
  case BC_T_FUNC: {
    uint64_t ni, nr;
    if (!rd_count(r, c, 1, &ni, "function input")) return NULL;
    const IrType **ts = malloc((ni + 1) * sizeof *ts);
    const IrType *t = NULL;
    bool ok = true;
    for (uint64_t i = 0; i < ni && ok; i++) ok = (ts[i] = rd_type(r, c)) != NULL;
    if (ok && rd_count(r, c, 1, &nr, "function result")) {
      const IrType **all = realloc(ts, (ni + nr + 1) * sizeof *ts);
      ts = all;
      for (uint64_t i = 0; i < nr && ok; i++) ok = (ts[ni + i] = rd_type(r, c)) != NULL;
      if (ok) t = ir_function_type(ctx, ts, ni, ts + ni, nr);
    }
    free(ts);
    return t;
  }
  case BC_T_PARTITION_VIEW:
  case BC_T_STRIDED_VIEW:
  case BC_T_GATHER_SCATTER_VIEW: {
    bool pv = tag == BC_T_PARTITION_VIEW;
    if (tag == BC_T_STRIDED_VIEW && !file_type_ok(r, "StridedViewType", BC_V(13, 3)))
      return NULL;
    if (tag == BC_T_GATHER_SCATTER_VIEW &&
        !file_type_ok(r, "GatherScatterViewType", BC_V(13, 3)))
      return NULL;
    bool unified = !pv || r->ver >= BC_V(13, 3);
    uint64_t flags = 0;
    if (unified && !rd_varint(c, &flags)) {
      r_error(r, "failed to read optional parameter flags");
      return NULL;
    }
    int64_t *tile = NULL, *strides = NULL, *dims = NULL;
    size_t nt = 0, ns = 0, nd = 0;
    uint64_t sparse = 0;
    int pad = CT_NO_PADDING;
    const IrType *tv = NULL, *t = NULL;
    bool ok = rd_ints(r, c, 4, &tile, &nt);
    if (ok && tag == BC_T_STRIDED_VIEW) ok = rd_ints(r, c, 4, &strides, &ns);
    if (ok) ok = (tv = rd_type(r, c)) != NULL;
    if (ok && !ct_type_is_tensor_view(tv)) ok = r_error(r, "expected TensorViewType but got %T", tv);
    if (ok && tag == BC_T_GATHER_SCATTER_VIEW) {
      ok = rd_varint(c, &sparse) && sparse <= UINT32_MAX;
      if (!ok) r_error(r, "failed to read sparse_dim");
    } else if (ok) {
      ok = rd_ints(r, c, 4, &dims, &nd);
    }
    if (ok) ok = rd_padding(r, c, unified, flags, &pad);
    if (ok) {
      if (tag == BC_T_PARTITION_VIEW)
        t = ct_partition_view_type_checked(ctx, &e, tile, nt, tv, dims, nd, pad);
      else if (tag == BC_T_STRIDED_VIEW)
        t = ct_strided_view_type_checked(ctx, &e, tile, nt, strides, ns, tv, dims, nd, pad);
      else
        t = ct_gather_scatter_view_type_checked(ctx, &e, tile, nt, tv, (uint32_t)sparse, pad);
    }
    free(tile);
    free(strides);
    free(dims);
    return t;
  }
  }
  r_error(r, "unknown type tag %llu", (unsigned long long)tag);
  return NULL;
}

static const IrType *get_type(Reader *r, uint64_t i) {
  if (i >= r->ntypes) {
    r_error(r, "type index %llu out of bounds (%llu types)", (unsigned long long)i,
            (unsigned long long)r->ntypes);
    return NULL;
  }
  if (r->type_state[i] == 2) return r->types[i];
  if (r->type_state[i] == 1) {
    r_error(r, "cyclic type reference at type index %llu", (unsigned long long)i);
    return NULL;
  }
  if (rd_too_deep(r)) return NULL;
  rd_last = r->type_offs + 4 * i;
  uint64_t a = le_at(r->type_offs + 4 * i, 4);
  uint64_t b = i + 1 < r->ntypes ? le_at(r->type_offs + 4 * (i + 1), 4) : r->type_len;
  if (a > b || b > r->type_len) {
    r_error(r, "invalid offset for type %llu", (unsigned long long)i);
    return NULL;
  }
  Cur c = {r->type_data + a, r->type_data + b};
  r->type_state[i] = 1;
  r->depth++;
  const IrType *t = decode_type(r, &c);
  r->depth--;
  if (!t) {
    r_error(r, "failed to parse type at index %llu", (unsigned long long)i);
    r->type_state[i] = 0;
    return NULL;
  }
  r->types[i] = t;
  r->type_state[i] = 2;
  return t;
}

/* ---- constants ------------------------------------------------------------------ */

static const IrAttr *get_dense(Reader *r, uint64_t i, const IrType *type) {
  if (i >= r->nconsts) {
    r_error(r, "constant index %llu out of bounds (%llu constants)", (unsigned long long)i,
            (unsigned long long)r->nconsts);
    return NULL;
  }
  if (!ct_type_is_tile(type) || !ct_dense_elem_type_ok(ct_tile_type_elem(type))) {
    r_error(r, "invalid type %T for a dense constant", type);
    return NULL;
  }
  /* Each index decoded once per type (a constant's users share its type). */
  if (!r->dense) r->dense = xcalloc((size_t)r->nconsts, sizeof *r->dense);
  if (r->dense[i] && r->dense[i]->type == type) return r->dense[i];
  rd_last = r->const_offs + 8 * i;
  uint64_t a = le_at(r->const_offs + 8 * i, 8);
  uint64_t b = i + 1 < r->nconsts ? le_at(r->const_offs + 8 * (i + 1), 8) : r->const_len;
  if (a > b || b > r->const_len) {
    r_error(r, "invalid offset for constant %llu", (unsigned long long)i);
    return NULL;
  }
  Cur c = {r->const_data + a, r->const_data + b};
  uint64_t n;
  if (!rd_varint(&c, &n) || n > left(&c)) {
    r_error(r, "failed to read constant data size");
    return NULL;
  }
  size_t ndata;
  bool splat;
  uint8_t *data = bc_dense_from_raw(ct_tile_type_elem(type), ct_tile_type_num_elements(type),
                                    c.p, (size_t)n, &ndata, &splat);
  if (!data) {
    r_error(r, "invalid raw buffer of %llu bytes for constant of type %T",
            (unsigned long long)n, type);
    return NULL;
  }
  const IrAttr *attr = ir_dense_elements(r->ctx, type, data, ndata, splat);
  free(data);
  if (attr) r->dense[i] = attr;
  return attr;
}

/* ---- debug info ------------------------------------------------------------------ */

static const IrAttr *get_di(Reader *r, uint64_t i);

static const IrAttr *rd_di(Reader *r, Cur *c) {
  uint64_t i;
  if (!rd_varint(c, &i)) {
    r_error(r, "failed to read debug info index");
    return NULL;
  }
  return get_di(r, i);
}

static const IrAttr *str_attr(Reader *r, const IrIdent *s) {
  Str v = ir_ident_str(s);
  return ir_string_attr(r->ctx, v.s, v.n);
}

static const IrAttr *decode_di(Reader *r, Cur *c) {
  uint64_t tag, line, col;
  if (!rd_varint(c, &tag)) {
    r_error(r, "failed to read debug info tag");
    return NULL;
  }
  switch (tag) {
  case BC_DI_UNKNOWN: return ir_unknown_loc(r->ctx);
  case BC_DI_COMPILE_UNIT: {
    const IrAttr *f = rd_di(r, c);
    if (f && f->def != &ct_di_file_attr_def) return r_error(r, "expected DIFileAttr"), NULL;
    return f ? ct_di_compile_unit_attr(r->ctx, f) : NULL;
  }
  case BC_DI_FILE: {
    const IrIdent *n = rd_string(r, c), *d = n ? rd_string(r, c) : NULL;
    return d ? ct_di_file_attr(r->ctx, str_attr(r, n), str_attr(r, d)) : NULL;
  }
  case BC_DI_LEXICAL_BLOCK: {
    const IrAttr *s = rd_di(r, c), *f = s ? rd_di(r, c) : NULL;
    if (!f) return NULL;
    if (!ct_attr_is_di_local_scope(s) || f->def != &ct_di_file_attr_def)
      return r_error(r, "invalid DILexicalBlockAttr operands"), NULL;
    if (!rd_varint(c, &line) || !rd_varint(c, &col) || line > UINT32_MAX || col > UINT32_MAX)
      return r_error(r, "failed to read DILexicalBlockAttr line/column"), NULL;
    return ct_di_lexical_block_attr(r->ctx, s, f, (uint32_t)line, (uint32_t)col);
  }
  case BC_DI_LOC: {
    const IrAttr *s = rd_di(r, c);
    const IrIdent *file = s ? rd_string(r, c) : NULL;
    if (!file) return NULL;
    if (!ct_attr_is_di_local_scope(s)) return r_error(r, "invalid DILocAttr scope"), NULL;
    if (!rd_varint(c, &line) || !rd_varint(c, &col) || line > UINT32_MAX || col > UINT32_MAX)
      return r_error(r, "failed to read DILocAttr line/column"), NULL;
    return ct_di_loc(r->ctx, ir_file_loc(r->ctx, file, (int64_t)line, (int64_t)col), s);
  }
  case BC_DI_SUBPROGRAM: {
    const IrAttr *f = rd_di(r, c);
    if (!f) return NULL;
    uint64_t sl;
    if (!rd_varint(c, &line) || line > UINT32_MAX) return r_error(r, "bad line"), NULL;
    const IrIdent *n = rd_string(r, c), *ln = n ? rd_string(r, c) : NULL;
    const IrAttr *cu = ln ? rd_di(r, c) : NULL;
    if (!cu) return NULL;
    if (!rd_varint(c, &sl) || sl > UINT32_MAX) return r_error(r, "bad scope line"), NULL;
    if (f->def != &ct_di_file_attr_def || cu->def != &ct_di_compile_unit_attr_def)
      return r_error(r, "invalid DISubprogramAttr operands"), NULL;
    return ct_di_subprogram_attr(r->ctx, f, (uint32_t)line, str_attr(r, n), str_attr(r, ln),
                                 cu, (uint32_t)sl);
  }
  case BC_DI_CALL_SITE: {
    const IrAttr *callee = rd_di(r, c), *caller = callee ? rd_di(r, c) : NULL;
    if (!caller) return NULL;
    if (!ir_attr_is_loc(callee) || !ir_attr_is_loc(caller))
      return r_error(r, "invalid CallSiteLoc operands"), NULL;
    return ir_callsite_loc(r->ctx, callee, caller);
  }
  }
  r_error(r, "unknown debug info tag %llu", (unsigned long long)tag);
  return NULL;
}

static const IrAttr *get_di(Reader *r, uint64_t i) {
  if (i < BC_DI_RESERVED) return ir_unknown_loc(r->ctx);
  i -= BC_DI_RESERVED;
  if (i >= r->di_nattrs) {
    r_error(r, "debug info index %llu out of bounds", (unsigned long long)i + BC_DI_RESERVED);
    return NULL;
  }
  if (r->di_state[i] == 2) return r->dis[i];
  if (r->di_state[i] == 1) {
    r_error(r, "cyclic or too deeply nested debug info at index %llu",
            (unsigned long long)i + BC_DI_RESERVED);
    return NULL;
  }
  if (rd_too_deep(r)) return NULL;
  rd_last = r->di_attr_offs + 4 * i;
  uint64_t a = le_at(r->di_attr_offs + 4 * i, 4);
  uint64_t b = i + 1 < r->di_nattrs ? le_at(r->di_attr_offs + 4 * (i + 1), 4) : r->di_len;
  if (a > b || b > r->di_len) {
    r_error(r, "invalid offset for debug info %llu", (unsigned long long)i + BC_DI_RESERVED);
    return NULL;
  }
  Cur c = {r->di_data + a, r->di_data + b};
  r->di_state[i] = 1;
  r->depth++;
  const IrAttr *d = decode_di(r, &c);
  r->depth--;
  r->di_state[i] = d ? 2 : 0;
  r->dis[i] = d;
  return d;
}

/* Iterator over one function's debug locations. */
typedef struct DiIter {
  uint64_t next, end;
} DiIter;

static DiIter di_iter(Reader *r, uint64_t fn_index) {
  DiIter it = {0, 0};
  if (fn_index < BC_DI_RESERVED || fn_index - BC_DI_RESERVED >= r->di_nops) return it;
  uint64_t k = fn_index - BC_DI_RESERVED;
  it.next = le_at(r->di_op_offs + 4 * k, 4);
  it.end = k + 1 < r->di_nops ? le_at(r->di_op_offs + 4 * (k + 1), 4) : r->di_nidx;
  if (it.end > r->di_nidx || it.next > it.end) it.next = it.end = 0;
  return it;
}

static const IrLoc *di_next(Reader *r, DiIter *it) {
  if (it->next >= it->end) return ir_unknown_loc(r->ctx);
  const IrAttr *a = get_di(r, le_at(r->di_idx + 8 * it->next++, 8));
  if (a && !ir_attr_is_loc(a)) {
    r_error(r, "debug info attribute is not a location");
    return NULL;
  }
  return a;
}

/* ---- attributes ------------------------------------------------------------------ */

static const IrAttr *rd_attr_self(Reader *r, Cur *c);

static const IrAttr *rd_dict(Reader *r, Cur *c) {
  uint64_t n;
  if (!rd_count(r, c, 2, &n, "dictionary")) return NULL;
  IrNamedAttr *es = malloc((n ? n : 1) * sizeof *es);
  const IrAttr *res = NULL;
  uint64_t i = 0;
  for (; i < n; i++) {
    const IrIdent *name = rd_string(r, c);
    if (!name) break;
    if (!ir_ident_str(name).n) {
      r_error(r, "invalid empty attribute name for DictionaryAttr element %llu",
              (unsigned long long)i);
      break;
    }
    const IrAttr *v = rd_attr_self(r, c);
    if (!v) break;
    es[i] = (IrNamedAttr){name, v};
  }
  if (i == n) {
    const IrIdent *dup = NULL;
    res = ir_dict_attr(r->ctx, es, (size_t)n, &dup);
    if (!res)
      r_error(r, "failed to parse DictionaryAttr, duplicate key found: %s",
              ir_ident_str(dup).s);
  }
  free(es);
  return res;
}

/* bare-id ::= (letter|[_]) (letter|digit|[_$.])* — what the hints printer
 * writes unquoted and the text parser reads back as a key. */
static bool is_bare_id(Str s) {
  if (!s.n) return false;
  for (size_t i = 0; i < s.n; i++) {
    char ch = s.s[i];
    bool alpha = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '_';
    bool more = (ch >= '0' && ch <= '9') || ch == '$' || ch == '.';
    if (!alpha && !(i && more)) return false;
  }
  return true;
}

/* Optimization hints: a dictionary of architecture keys to dictionaries of
 * hint keys.  Only what the text syntax can carry is accepted (keys that are
 * bare identifiers, dictionary values), so reading never yields text the
 * parser would reject. */
static const IrAttr *rd_hints(Reader *r, Cur *c) {
  const IrAttr *d = rd_dict(r, c);
  if (!d) return NULL;
  for (uint32_t i = 0; i < d->nelems; i++) {
    Str key = ir_ident_str(d->names[i]);
    if (!is_bare_id(key))
      return r_error(r, "invalid optimization_hints key \"%.*s\": expected an identifier",
                     (int)key.n, key.s), NULL;
    const IrAttr *in = d->elems[i];
    if (!ir_attr_is(in, &ir_dict_attr_def))
      return r_error(r, "expected dictionary attribute for optimization_hints entry `%.*s` "
                        "got value=%A", (int)key.n, key.s, in), NULL;
    for (uint32_t k = 0; k < in->nelems; k++) {
      Str hk = ir_ident_str(in->names[k]);
      if (!is_bare_id(hk))
        return r_error(r, "invalid optimization hint name \"%.*s\" in entry `%.*s`: "
                          "expected an identifier", (int)hk.n, hk.s, (int)key.n, key.s), NULL;
    }
  }
  return ct_opt_hints_attr(r->ctx, d);
}

static const IrAttr *rd_div_by(Reader *r, Cur *c) {
  uint64_t div;
  uint8_t flags;
  int64_t every = 0, along = 0;
  if (!rd_varint(c, &div) || !rd_byte(c, &flags) ||
      ((flags & 1) && !rd_svarint(c, &every)) || ((flags & 2) && !rd_svarint(c, &along)))
    return r_error(r, "failed to read DivByAttr"), NULL;
  return ct_div_by_attr(r->ctx, div, flags & 1, every, flags & 2, along);
}

static const IrAttr *rd_bounded(Reader *r, Cur *c) {
  uint8_t flags;
  int64_t lb = 0, ub = 0;
  if (!rd_byte(c, &flags) || ((flags & 1) && !rd_svarint(c, &lb)) ||
      ((flags & 2) && !rd_svarint(c, &ub)))
    return r_error(r, "failed to read BoundedAttr"), NULL;
  return ct_bounded_attr(r->ctx, flags & 1, lb, flags & 2, ub);
}

static const IrAttr *int_attr(Reader *r, const IrType *t, uint64_t v) {
  unsigned w = ir_integer_width(t);
  int64_t s = w >= 64 ? (int64_t)v : (int64_t)(v << (64 - w)) >> (64 - w);
  if (w == 1) return ir_bool_attr(r->ctx, v & 1);
  return ir_integer_attr(r->ctx, t, s);
}

/* A self-contained attribute: tag, then the kind's payload. */
static const IrAttr *rd_attr_self(Reader *r, Cur *c) {
  uint64_t tag;
  if (!rd_varint(c, &tag)) return r_error(r, "failed to read attribute tag"), NULL;
  if (rd_too_deep(r)) return NULL;
  r->depth++;
  const IrAttr *res = NULL;
  switch (tag) {
  case BC_A_TAG_INTEGER: {
    const IrType *t = rd_type(r, c);
    uint64_t v;
    /* As NVIDIA's reader: i1 is one byte (any non-zero is true), wider
     * integers a varint that must fit the width. */
    uint8_t b;
    if (!t) break;
    unsigned w = ir_type_is_integer(t) ? ir_integer_width(t) : 0;
    if (!w || w > 64) r_error(r, "unsupported width for inline integer attribute: %u", w);
    else if (w == 1 && !rd_byte(c, &b)) r_error(r, "failed to read byte for inline bool (i1)");
    else if (w == 1) res = ir_bool_attr(r->ctx, b != 0);
    else if (!rd_varint(c, &v))
      r_error(r, "failed to read VarInt for inline integer (width=%u)", w);
    else if (w < 64 && (v >> w))
      r_error(r, "value %llu does not fit in %u bits", (unsigned long long)v, w);
    else res = int_attr(r, t, v);
    break;
  }
  case BC_A_TAG_FLOAT: {
    const IrType *t = rd_type(r, c);
    if (t && !ir_type_is_float(t)) {
      r_error(r, "expected a float type, got %T", t);
      break;
    }
    if (!t) break;
    IrFloatKind k = ir_float_kind(t);
    uint64_t bits = 0;
    if (ir_float_kind_width(k) <= 8) {
      uint8_t b;
      if (!rd_byte(c, &b)) break;
      bits = b;
    } else {
      int64_t s;
      if (!rd_svarint(c, &s)) break;
      bits = (uint64_t)s;
    }
    res = ir_float_attr(r->ctx, t, ir_float_from_bits(k, bits));
    break;
  }
  case BC_A_TAG_BOOL: {
    uint8_t b;
    if (rd_byte(c, &b)) res = ir_bool_attr(r->ctx, b != 0);
    break;
  }
  case BC_A_TAG_TYPE: {
    const IrType *t = rd_type(r, c);
    if (t) res = ir_type_attr(r->ctx, t);
    break;
  }
  case BC_A_TAG_STRING: {
    const IrIdent *s = rd_string(r, c);
    if (s) res = str_attr(r, s);
    break;
  }
  case BC_A_TAG_ARRAY: {
    uint64_t n;
    if (!rd_count(r, c, 1, &n, "array")) break;
    const IrAttr **es = malloc((n ? n : 1) * sizeof *es);
    uint64_t i = 0;
    for (; i < n && (es[i] = rd_attr_self(r, c)); i++) {}
    if (i == n) res = ir_array_attr(r->ctx, es, (size_t)n);
    free(es);
    break;
  }
  case BC_A_TAG_DENSE: {
    const IrType *t = rd_type(r, c);
    uint64_t i;
    if (t && rd_varint(c, &i)) res = get_dense(r, i, t);
    break;
  }
  case BC_A_TAG_DIV_BY: res = rd_div_by(r, c); break;
  case BC_A_TAG_SAME_ELEMENTS: {
    int64_t *v;
    size_t n;
    if (rd_ints(r, c, 8, &v, &n)) {
      res = ct_same_elements_attr(r->ctx, v, n);
      free(v);
    }
    break;
  }
  case BC_A_TAG_DICT: res = rd_dict(r, c); break;
  case BC_A_TAG_OPT_HINTS: res = rd_hints(r, c); break;
  case BC_A_TAG_BOUNDED: res = rd_bounded(r, c); break;
  default: r_error(r, "unknown attribute tag %llu", (unsigned long long)tag); break;
  }
  r->depth--;
  if (!res && !r->failed) r_error(r, "failed to read attribute");
  return res;
}

static const CtEnumInfo *enum_info(unsigned id) {
  switch (id) {
  case BC_E_OVERFLOW: return &ct_enum_overflow;
  case BC_E_ROUNDING: return &ct_enum_rounding;
  case BC_E_SIGNEDNESS: return &ct_enum_signedness;
  case BC_E_CMP_PRED: return &ct_enum_comparison_predicate;
  case BC_E_CMP_ORD: return &ct_enum_comparison_ordering;
  case BC_E_MEM_ORD: return &ct_enum_memory_ordering_semantics;
  case BC_E_MEM_SCOPE: return &ct_enum_memory_scope;
  case BC_E_RMW_MODE: return &ct_enum_atomic_rmw_mode;
  case BC_E_VISIBILITY: return &ct_enum_symbol_visibility;
  }
  return NULL;
}

static const IrAttr *enum_attr(Reader *r, unsigned id, uint64_t v) {
  const CtEnumInfo *e = enum_info(id);
  if (!e) return r_error(r, "enum attribute is not supported by this reader"), NULL;
  if (v >= (uint64_t)e->ncases) return r_error(r, "invalid value %llu for enum %s",
                                               (unsigned long long)v, e->summary), NULL;
  if (v >= BC_ENUM_CACHE || id > BC_E_TEST_PRIORITY) return ct_enum_attr(r->ctx, e, (int)v);
  const IrAttr **slot = &r->enums[id][v];
  if (!*slot) *slot = ct_enum_attr(r->ctx, e, (int)v);
  return *slot;
}

/* The inline form of one ODS attribute (see the writer's put_op_attr). */
static const IrAttr *rd_op_attr(Reader *r, Cur *c, const BcArg *a, const IrType *res0) {
  uint64_t v;
  switch (a->kind) {
  case BC_A_ENUM:
    if (!rd_varint(c, &v)) break;
    return enum_attr(r, a->enum_id, v);
  case BC_A_STR: {
    const IrIdent *s = rd_string(r, c);
    return s ? str_attr(r, s) : NULL;
  }
  case BC_A_SYMREF: {
    const IrIdent *s = rd_string(r, c);
    return s ? ir_symref_attr(r->ctx, s, NULL, 0) : NULL;
  }
  case BC_A_U32:
    if (!rd_varint(c, &v) || v > UINT32_MAX) break;
    return ir_integer_attr(r->ctx, ir_integer_type(r->ctx, 32, IR_SIGNLESS), (int32_t)v);
  case BC_A_U64:
    if (!rd_varint(c, &v)) break;
    return ir_integer_attr(r->ctx, ir_integer_type(r->ctx, 64, IR_SIGNLESS), (int64_t)v);
  case BC_A_BOOL: {
    uint8_t b;
    if (!rd_byte(c, &b)) break;
    return ir_bool_attr(r->ctx, b != 0);
  }
  case BC_A_DI32: {
    int64_t *vals;
    size_t n;
    if (!rd_ints(r, c, 4, &vals, &n)) return NULL;
    for (size_t i = 0; i < n; i++)
      if (vals[i] == INT32_MAX || vals[i] == INT32_MIN) {
        r_error(r, "array contains unsupported value %lld", (long long)vals[i]);
        free(vals);
        return NULL;
      }
    const IrAttr *res = ir_dense_i64_array(r->ctx, ir_integer_type(r->ctx, 32, IR_SIGNLESS),
                                           vals, n);
    free(vals);
    return res;
  }
  case BC_A_ARRAY: {
    uint64_t n;
    if (!rd_count(r, c, 1, &n, "array")) return NULL;
    const IrAttr **es = malloc((n ? n : 1) * sizeof *es);
    uint64_t i = 0;
    for (; i < n && (es[i] = rd_attr_self(r, c)); i++) {}
    const IrAttr *res = i == n ? ir_array_attr(r->ctx, es, (size_t)n) : NULL;
    free(es);
    return res;
  }
  case BC_A_DENSE:
    if (!res0) return r_error(r, "dense attribute '%s' without a result type", a->name), NULL;
    if (!rd_varint(c, &v)) break;
    return get_dense(r, v, res0);
  case BC_A_PRED: return rd_attr_self(r, c);
  case BC_A_HINTS: return rd_hints(r, c);
  default: break;
  }
  if (!r->failed) r_error(r, "failed to read attribute '%s'", a->name);
  return NULL;
}

/* ---- operations ----------------------------------------------------------------- */

typedef struct FnCtx {
  DiIter di;
  const IrLoc *arg_loc; /* location of block arguments: the region's op's */
} FnCtx;

static bool rd_block(Reader *r, Cur *c, IrRegion *reg, FnCtx *fc);
static bool rd_op(Reader *r, Cur *c, IrBlock *blk, FnCtx *fc);

/* rd_value's failures (i: the index read, if any). */
static IrValue *rd_value_fail(Reader *r, bool read, uint64_t i) {
  if (!read) return r_error(r, "failed to read operand index"), NULL;
  return r_error(r, "operand index %llu out of bounds (%zu values defined)",
                 (unsigned long long)i, r->vals.len), NULL;
}

/* An operand: an index into the values the function defined so far. */
static inline IrValue *rd_value(Reader *r, Cur *c) {
  uint64_t i;
  if (!rd_varint(c, &i)) return rd_value_fail(r, false, 0);
  if (i >= r->vals.len) return rd_value_fail(r, true, i);
  return r->vals.data[i];
}

/* The row's plan (see RPlan), computed on first use; NULL after reporting
 * an op kind whose dialect is not registered. */
static RPlan *plan_of(Reader *r, const BcOpDesc *d) {
  size_t di = (size_t)(d - bc_op_descs);
  if (!r->plans) r->plans = xcalloc(bc_num_op_descs, sizeof *r->plans);
  RPlan *p = &r->plans[di];
  if (p->info) return p;
  if (!ir_op_info_dialect(r->ctx, &ct_op_infos[d->op])) {
    r_error(r, "operation '%s' is not registered", bc_op_name(d));
    return NULL;
  }
  const IrOpInfo *info = &ct_op_infos[d->op];
  bc_plan_init(&p->b, r->ctx, d, info);
  p->info = info;
  return p;
}

/* Empties st for a new op but keeps the buffers of its operands, result
 * types, properties and regions, and its spare regions (st_end leaves
 * nothing else in them): what ir_op_state_init does, field by field (the
 * assertion catches a field added to the state without a line here). */
_Static_assert(sizeof(IrOpState) == 4 * sizeof(void *) + 7 * sizeof(IrValueVec) + sizeof(void *),
               "IrOpState changed: update st_reset");
static inline void st_reset(Reader *r, IrOpState *st, const IrOpInfo *info, const IrLoc *loc) {
  st->ctx = r->ctx;
  st->info = info;
  st->loc = loc ? loc : ir_unknown_loc(r->ctx);
  st->loc_bits = 0;
  st->operands.len = st->result_types.len = st->attrs.len = st->props.len = 0;
  st->successors.len = st->regions.len = 0;
  st->props_dict = NULL;
}

/* The op state of the current nesting depth, emptied for a new op (one
 * state per depth, reused by every op read at that depth). */
static IrOpState *st_begin(Reader *r, const IrOpInfo *info, const IrLoc *loc) {
  if (!r->pool) r->pool = xcalloc(BC_MAX_DEPTH + 1, sizeof *r->pool);
  size_t k = r->depth < BC_MAX_DEPTH ? r->depth : BC_MAX_DEPTH;
  IrOpState *st = r->pool[k];
  if (!st) st = r->pool[k] = xcalloc(1, sizeof *st);
  st_reset(r, st, info, loc);
  return st;
}

/* After ir_op_create (or a failure): frees what the op did not take, except
 * the buffers st_reset keeps. */
static void st_end(IrOpState *st) {
  /* Most ops leave nothing else (attributes, successors, regions not taken:
   * ir_op_create moves the regions to the spare list) */
  if (!st->regions.len && !st->attrs.data && !st->successors.data) return;
  IrValueVec ops = st->operands;
  IrTypeVec res = st->result_types;
  IrNamedAttrVec props = st->props;
  st->operands = (IrValueVec){0};
  st->result_types = (IrTypeVec){0};
  st->props = (IrNamedAttrVec){0};
  ir_op_state_free(st);
  st->operands = ops;
  st->result_types = res;
  st->props = props;
}

/* Property i of the row, by its interned name. */
static void add_prop(IrOpState *st, const RPlan *p, const BcArg *a, size_t i, const IrAttr *v) {
  if (i < BC_MAX_ARGS) vec_push(&st->props, ((IrNamedAttr){p->b.ids[i], v}));
  else ir_op_state_add_prop(st, a->name, v);
}

/* operandSegmentSizes: the few distinct ones of a file, remembered. */
static const IrAttr *seg_sizes(Reader *r, const int64_t *sizes, size_t g) {
  for (size_t i = 0; i < r->nsegc; i++)
    if (r->segc[i].n == g && !memcmp(r->segc[i].sizes, sizes, g * sizeof *sizes))
      return r->segc[i].attr;
  const IrAttr *a =
      ir_dense_i64_array(r->ctx, ir_integer_type(r->ctx, 32, IR_SIGNLESS), sizes, g);
  size_t slot = r->nsegc < BC_SEG_CACHE ? r->nsegc++ : (r->segc_next++ % BC_SEG_CACHE);
  r->segc[slot].n = g;
  memcpy(r->segc[slot].sizes, sizes, g * sizeof *sizes);
  r->segc[slot].attr = a;
  return a;
}

/* The memo entry for these properties of an op of plan p. */
static PropsMemo *memo_slot(Reader *r, const RPlan *p, const IrNamedAttr *props, size_t n) {
  if (!r->memo) r->memo = xcalloc(BC_MEMO_SLOTS, sizeof *r->memo);
  uint64_t h = (uintptr_t)p;
  for (size_t i = 0; i < n; i++) {
    h = (h ^ (uintptr_t)props[i].name) * 0x9E3779B97F4A7C15ull;
    h = (h ^ (uintptr_t)props[i].value) * 0x9E3779B97F4A7C15ull;
  }
  return &r->memo[(h >> 32) & (BC_MEMO_SLOTS - 1)];
}

/* Decodes an op's header — result count and types, flags, attributes:
 * everything before its operands — into st (result types, properties),
 * *flags and skipped[] (results the file's version predates). */
static bool rd_op_header(Reader *r, Cur *c, const BcOpDesc *d, const RPlan *p, IrOpState *st,
                         uint64_t *flags_out, bool skipped[8]) {
  bool ok = true;
  /* Results. */
  uint64_t nres = 0;
  bool versioned = p->b.versioned;
  if (d->var_results) ok = rd_count(r, c, 1, &nres, "result");
  if (versioned && !d->var_results) {
    for (size_t i = 0; i < d->nres; i++) nres += d->res_ver[i] == bc_op_ver(d) || r->ver >= d->res_ver[i];
  } else if (!d->var_results) nres = d->nres;
  for (uint64_t i = 0; i < nres && ok; i++) {
    const IrType *t = rd_type(r, c);
    if (!t) ok = false;
    else vec_push(&st->result_types, t);
  }
  if (ok && versioned) {
    /* Results the file's version predates are materialized (all are
     * tokens); they take no index in the file's value numbering. */
    IrTypeVec all = {0};
    size_t k = 0;
    for (size_t i = 0; i < d->nres && i < 8; i++) {
      if (d->res_ver[i] != bc_op_ver(d) && r->ver < d->res_ver[i]) {
        skipped[i] = true;
        vec_push(&all, ct_token_type(r->ctx));
      } else if (k < st->result_types.len) {
        vec_push(&all, st->result_types.data[k++]);
      }
    }
    vec_free(&st->result_types);
    st->result_types = all;
  }

  /* Flags. */
  uint16_t min_opt = p->b.min_opt;
  uint64_t flags = 0;
  bool have_flags = min_opt != 0xffff && (min_opt == bc_op_ver(d) || r->ver >= min_opt);
  if (ok && have_flags && !rd_varint(c, &flags)) ok = r_error(r, "failed to read op flags");
  const int *bits = p->b.bits;
  *flags_out = flags;

  /* Attributes. */
  const IrType *res0 = st->result_types.len ? st->result_types.data[0] : NULL;
  for (size_t i = 0; i < d->nargs && ok; i++) {
    const BcArg *a = &d->args[i];
    if (a->kind <= BC_OPND_VAR || a->kind == BC_A_SKIP) continue;
    if (a->optional) {
      bool present = i < BC_MAX_ARGS && bits[i] >= 0 && (flags >> bits[i]) & 1;
      if (!present) continue;
      const IrAttr *v = a->kind == BC_A_UNIT ? ir_unit_attr(r->ctx) : rd_op_attr(r, c, a, res0);
      if (!v) ok = false;
      else add_prop(st, p, a, i, v);
      continue;
    }
    const IrAttr *v = NULL;
    if (r->ver >= a->ver) v = rd_op_attr(r, c, a, res0), ok = v != NULL;
    else v = ct_op_default_attr(r->ctx, (CtOpIndex)d->op, a->name); /* NULL: none */
    if (v) add_prop(st, p, a, i, v);
  }
  return ok;
}

/* Whether decoding an attribute of this kind depends on the nesting depth
 * (self-contained attributes count levels; the other kinds are a varint,
 * a string or an array of integers, or an index into a table whose entries
 * are decoded once). */
static bool kind_nests(uint8_t kind) {
  return kind == BC_A_ARRAY || kind == BC_A_PRED || kind == BC_A_HINTS;
}

/* The template slot for an op of kind d (opcode `opcode`) whose header
 * starts at c: the hash of the opcode and the first bytes, as many as the
 * kind's shortest header (OpTmpl); *hit when it holds these exact bytes. */
static inline OpTmpl *tmpl_slot(Reader *r, const BcOpDesc *d, uint64_t opcode, const Cur *c,
                                bool *hit) {
  size_t n = left(c);
  unsigned kl = r->tmpl_key[opcode];
  uint64_t h = opcode + 1;
  for (unsigned k = 0; k < kl && k < n; k++) h = (h << 8 | c->p[k]) * 0x9E3779B97F4A7C15ull;
  OpTmpl *t = &r->tmpl[(h >> 40) & (BC_TMPL_SLOTS - 1)];
  *hit = false;
  if (t->d != d || t->len > n || r->depth > t->max_depth) return t;
  unsigned k = 0;
  while (k < t->len && t->bytes[k] == c->p[k]) k++;
  *hit = k == t->len;
  return t;
}

/* Reads one op record into `blk`. */
static bool rd_op_at(Reader *r, Cur *c, IrBlock *blk, FnCtx *fc) {
  uint64_t opcode;
  if (!rd_varint(c, &opcode)) return r_error(r, "failed to read opcode");
  const BcOpDesc *d = opcode < BC_OPCODE_TABLE ? r->by_opcode[opcode] : NULL;
  if (!d) d = bc_op_by_opcode(opcode);
  if (!d || bc_op_ver(d) > r->ver)
    return r_error(r, "unknown or unsupported opcode 0x%llx for bytecode version %s",
                   (unsigned long long)opcode, r->vstr);
  RPlan *p = plan_of(r, d);
  if (!p) return false;
  const IrOpInfo *info = p->info;
  const IrLoc *loc = di_next(r, &fc->di);
  if (!loc) return false;
  IrOpState *st = st_begin(r, info, loc);
  bool ok = true;
  bool seg = p->b.seg;
  const int *bits = p->b.bits;

  /* The header: from the op kind's template when its bytes repeat one
   * decoded before (OpTmpl), else decoded (and remembered). */
  bool skipped[8] = {0};
  uint64_t flags = 0;
  const IrAttr *tdict = NULL; /* the template's property dictionary */
  const IrAttr *tseg_dict = NULL; /* and with operandSegmentSizes, for these sizes: */
  uint64_t tseg_key = 0;
  size_t tseg_g = 0;
  OpTmpl fresh;               /* a template being made */
  const uint8_t *hdr = NULL;  /* its bytes */
  bool make = false;
  if (!r->tmpl) {
    r->tmpl = xcalloc(BC_TMPL_SLOTS, sizeof *r->tmpl);
    memset(r->tmpl_key, BC_TMPL_KEY, sizeof r->tmpl_key);
  }
  bool thit = false;
  OpTmpl *t = opcode < BC_OPCODE_TABLE ? tmpl_slot(r, d, opcode, c, &thit) : NULL;
  if (thit) {
    rd_last = c->p + t->last;
    c->p += t->len;
    flags = t->flags;
    for (unsigned i = 0; i < t->nres; i++) {
      vec_push(&st->result_types, t->res[i]);
      skipped[i] = (t->skipped >> i) & 1;
    }
    tdict = t->dict;
    tseg_dict = t->seg_dict;
    tseg_key = t->seg_key;
    tseg_g = t->seg_g;
    if (!tdict)
      for (unsigned i = 0; i < t->nprops; i++) vec_push(&st->props, t->props[i]);
  } else {
    const uint8_t *start = hdr = c->p;
    ok = rd_op_header(r, c, d, p, st, &flags, skipped);
    size_t len = (size_t)(c->p - start);
    /* (errors name the offset of the field read last: a hit sets it as
     * this decoding did, so it must lie among these bytes or the opcode's) */
    make = ok && opcode < BC_OPCODE_TABLE && len <= BC_TMPL_BYTES &&
           st->result_types.len <= BC_TMPL_RES && st->props.len <= BC_MEMO_PROPS &&
           rd_last + 16 >= start && rd_last <= c->p;
    if (make) {
      fresh.d = d;
      fresh.len = (uint8_t)len;
      fresh.last = (int8_t)(rd_last - start);
      memcpy(fresh.bytes, start, len);
      fresh.flags = flags;
      fresh.nres = (uint8_t)st->result_types.len;
      fresh.skipped = 0;
      for (unsigned i = 0; i < fresh.nres; i++) {
        fresh.res[i] = st->result_types.data[i];
        fresh.skipped |= (uint8_t)(skipped[i] << i);
      }
      fresh.nprops = (uint8_t)st->props.len;
      if (fresh.nprops) memcpy(fresh.props, st->props.data, fresh.nprops * sizeof *fresh.props);
      fresh.max_depth = UINT_MAX;
      for (size_t i = 0; i < d->nargs; i++)
        if (kind_nests(d->args[i].kind)) fresh.max_depth = r->depth;
      fresh.dict = fresh.seg_dict = NULL;
      fresh.seg_key = 0;
      fresh.seg_g = 0;
    }
  }

  /* Operands. */
  uint64_t skey = 0; /* the group sizes, a byte each (OpTmpl.seg_key) */
  size_t g = 0;
  bool skey_ok = true;
  if (ok && seg) {
    int64_t sizes[16];
    for (size_t i = 0; i < d->nargs && ok; i++) {
      const BcArg *a = &d->args[i];
      if (a->kind > BC_OPND_VAR) continue;
      uint64_t n = 1;
      if (a->kind == BC_OPND_VAR) ok = rd_count(r, c, 1, &n, "operand");
      else if (a->kind == BC_OPND_OPT) n = i < BC_MAX_ARGS && bits[i] >= 0 && ((flags >> bits[i]) & 1);
      for (uint64_t k = 0; k < n && ok; k++) {
        IrValue *v = rd_value(r, c);
        if (!v) ok = false;
        else vec_push(&st->operands, v);
      }
      if (g < 8 && n < 256) skey |= n << (8 * g);
      else skey_ok = false;
      if (g < 16) sizes[g++] = (int64_t)n;
    }
    if (ok && tseg_dict && skey_ok && g == tseg_g && skey == tseg_key) {
      /* the template's whole dictionary, operandSegmentSizes included */
      st->props_dict = tseg_dict;
      st->props.len = 0;
    } else if (ok) {
      vec_push(&st->props, ((IrNamedAttr){r->id_seg, seg_sizes(r, sizes, g)}));
    }
  } else if (ok) {
    uint64_t n = (uint64_t)(p->b.ngroups - p->b.nvar);
    if (p->b.count_operands) ok = rd_count(r, c, 1, &n, "operand");
    for (uint64_t k = 0; k < n && ok; k++) {
      IrValue *v = rd_value(r, c);
      if (!v) ok = false;
      else vec_push(&st->operands, v);
    }
  }

  /* Regions. */
  if (ok && d->nregions) {
    uint64_t nr;
    if (!rd_count(r, c, 1, &nr, "region") || nr != d->nregions)
      ok = r->failed ? false : r_error(r, "expected %u regions for '%s'", d->nregions, bc_op_name(d));
    if (ok && rd_too_deep(r)) ok = false;
    r->depth++;
    /* Block arguments take this op's location (NVIDIA's parseBlock). */
    const IrLoc *outer = fc->arg_loc;
    fc->arg_loc = loc;
    for (uint64_t k = 0; k < nr && ok; k++) {
      IrRegion *reg = ir_op_state_add_region(st);
      uint64_t nb;
      if (!rd_count(r, c, 2, &nb, "block")) ok = false;
      for (uint64_t b = 0; b < nb && ok; b++) ok = rd_block(r, c, reg, fc);
    }
    fc->arg_loc = outer;
    r->depth--;
  }

  /* Properties an earlier op of this kind had: its dictionary (the
   * template's, else PropsMemo). */
  bool cacheable = ok && !(info->traits & IR_TRAIT_DEFAULT_PROPS) && !st->attrs.len &&
                   st->props.len && st->props.len <= BC_MEMO_PROPS;
  /* (a template made here keeps the dictionary when the properties are
   * exactly the header's: no operandSegmentSizes, no defaults added) */
  bool whole = make && cacheable && !seg && st->props.len == fresh.nprops;
  bool seg_whole = make && cacheable && seg && skey_ok && st->props.len == fresh.nprops + 1u;
  PropsMemo *slot = cacheable ? memo_slot(r, p, st->props.data, st->props.len) : NULL;
  bool hit = slot && slot->plan == p && slot->n == st->props.len &&
             !memcmp(slot->props, st->props.data, st->props.len * sizeof *slot->props);
  if (hit) {
    st->props_dict = slot->dict;
    st->props.len = 0;
  } else if (tdict) {
    st->props_dict = tdict;
  }
  IrOp *op = ok ? ir_op_create(st) : NULL;
  if (op && slot && !hit && op->props) {
    slot->plan = p;
    slot->dict = op->props;
    slot->n = (uint8_t)st->props.len;
    memcpy(slot->props, st->props.data, st->props.len * sizeof *slot->props);
  }
  if (op && make) {
    if (whole) fresh.dict = op->props;
    if (seg_whole) {
      fresh.seg_dict = op->props;
      fresh.seg_key = skey;
      fresh.seg_g = (uint8_t)g;
    }
    /* (its slot again: the ops of its regions may have changed the key) */
    if (fresh.len < r->tmpl_key[opcode]) r->tmpl_key[opcode] = fresh.len;
    Cur at = {hdr, hdr + fresh.len};
    *tmpl_slot(r, d, opcode, &at, &thit) = fresh;
  }
  st_end(st);
  if (!op) return r->failed ? false : r_error(r, "failed to create operation '%s'", bc_op_name(d));
  ir_block_append(blk, op);
  for (uint32_t i = 0; i < op->nresults; i++) {
    /* Results not in the file's numbering (see above) get no index. */
    if (i < 8 && skipped[i]) continue;
    vec_push(&r->vals, ir_op_result(op, i));
  }
  return true;
}

/* One operation, one nesting level deeper (as the text parser's
 * parse_operation). */
static bool rd_op(Reader *r, Cur *c, IrBlock *blk, FnCtx *fc) {
  if (rd_too_deep(r)) return false;
  r->depth++;
  bool ok = rd_op_at(r, c, blk, fc);
  r->depth--;
  return ok;
}

static bool rd_block(Reader *r, Cur *c, IrRegion *reg, FnCtx *fc) {
  IrBlock *blk = ir_block_new_in(r->ctx);
  ir_region_append(reg, blk);
  size_t mark = r->vals.len;
  uint64_t na, nops;
  if (!rd_count(r, c, 1, &na, "block argument")) return false;
  for (uint64_t i = 0; i < na; i++) {
    const IrType *t = rd_type(r, c);
    if (!t) return false;
    vec_push(&r->vals, ir_block_add_arg_lazy(blk, t, r->ctx, (uintptr_t)fc->arg_loc));
  }
  if (!rd_count(r, c, 1, &nops, "operation")) return false;
  for (uint64_t i = 0; i < nops; i++)
    if (!rd_op(r, c, blk, fc)) return false;
  r->vals.len = mark;
  return true;
}

/* ---- sections and the module ----------------------------------------------------- */

static bool split_sections(Reader *r, Cur *c, const uint8_t *base) {
  for (;;) {
    uint8_t idb;
    if (!rd_byte(c, &idb)) return r_error(r, "unexpected end of data while reading section header");
    unsigned id = idb & 0x7f;
    bool aligned = idb & 0x80;
    if (id == BC_SEC_END) {
      if (aligned) return r_error(r, "end section should not have alignment flag set");
      if (left(c)) return r_error(r, "end section is not the last section");
      return true;
    }
    if (id >= BC_SEC_COUNT) return r_error(r, "unknown section ID: %u", id);
    uint64_t len, align = 1;
    if (!rd_varint(c, &len)) return r_error(r, "failed to read section length");
    if (len > left(c))
      return r_error(r, "section length %llu exceeds remaining data size %zu",
                     (unsigned long long)len, left(c));
    if (aligned) {
      if (!rd_varint(c, &align) || !align || (align & (align - 1)) || align > 4096)
        return r_error(r, "invalid alignment value: %llu", (unsigned long long)align);
      if (!rd_pad(c, base, (size_t)align)) return r_error(r, "invalid section padding");
    }
    size_t need = (id == BC_SEC_STRING || id == BC_SEC_TYPE) ? 4
                  : (id == BC_SEC_CONSTANT || id == BC_SEC_DEBUG || id == BC_SEC_FUNC) ? 8 : 1;
    if (need > 1 && !aligned)
      return r_error(r, "section %u must have alignment that is a multiple of %zu bytes, but "
                        "has no alignment flag set", id, need);
    if (need > 1 && align % need)
      return r_error(r, "section %u must have alignment that is a multiple of %zu bytes, but "
                        "has alignment of %llu", id, need, (unsigned long long)align);
    if (len > left(c))
      return r_error(r, "section length %llu exceeds remaining bytecode data. %zu",
                     (unsigned long long)len, left(c));
    if (r->has_sec[id]) return r_error(r, "duplicate section ID: %u", id);
    r->has_sec[id] = true;
    r->sec[id] = (Cur){c->p, c->p + len};
    c->p += len;
  }
}

static bool read_debug_section(Reader *r) {
  Cur c = r->sec[BC_SEC_DEBUG];
  const uint8_t *base = c.p;
  if (!rd_varint(&c, &r->di_nops) || !rd_pad(&c, base, 4) || r->di_nops > left(&c) / 4)
    return r_error(r, "invalid debug info operation table");
  r->di_op_offs = c.p;
  c.p += r->di_nops * 4;
  if (!rd_varint(&c, &r->di_nidx) || !rd_pad(&c, base, 8) || r->di_nidx > left(&c) / 8)
    return r_error(r, "invalid debug info index table");
  r->di_idx = c.p;
  c.p += r->di_nidx * 8;
  if (!rd_table(r, c, base, 4, &r->di_nattrs, &r->di_attr_offs, &r->di_data, &r->di_len,
                "debug info attributes"))
    return false;
  r->dis = calloc(r->di_nattrs + 1, sizeof *r->dis);
  r->di_state = calloc(r->di_nattrs + 1, 1);
  return true;
}

static IrOp *build_global(Reader *r, Cur *c) {
  uint64_t name_i, type_i, const_i, align, vis = 0, constant = 0;
  if (!rd_varint(c, &name_i) || !rd_varint(c, &type_i) || !rd_varint(c, &const_i) ||
      !rd_varint(c, &align))
    return r_error(r, "failed to read global entry"), NULL;
  if (r->ver >= BC_V(13, 3) && (!rd_varint(c, &vis) || !rd_varint(c, &constant)))
    return r_error(r, "failed to read global symbol visibility"), NULL;
  const IrIdent *name = get_string(r, name_i);
  if (!name) return NULL;
  if (!ir_ident_str(name).n)
    return r_error(r, "global symbol name at index %llu is empty",
                   (unsigned long long)name_i), NULL;
  const IrType *t = get_type(r, type_i);
  const IrAttr *val = t ? get_dense(r, const_i, t) : NULL;
  const IrAttr *visa = val ? enum_attr(r, BC_E_VISIBILITY, vis) : NULL;
  if (!visa) return NULL;
  IrOpState st;
  ir_op_state_init(&st, r->ctx, ct_op(global), ir_unknown_loc(r->ctx));
  ir_op_state_add_prop(&st, "sym_name", str_attr(r, name));
  ir_op_state_add_prop(&st, "value", val);
  ir_op_state_add_prop(&st, "alignment",
                       ir_integer_attr(r->ctx, ir_integer_type(r->ctx, 64, IR_SIGNLESS),
                                       (int64_t)align));
  if (constant) ir_op_state_add_prop(&st, "constant", ir_unit_attr(r->ctx));
  ir_op_state_add_prop(&st, "symbol_visibility", visa);
  IrOp *op = ir_op_create(&st);
  ir_op_state_free(&st);
  return op;
}

/* One entry of the function table, scanned when the file is opened; the
 * body is decoded only when the function is materialized. */
typedef struct BcFnEntry {
  uint64_t name_i, sig_i, loc_i;
  uint8_t flags;
  const IrAttr *hints;
  Cur body;
} BcFnEntry;

static bool scan_function(Reader *r, Cur *c, BcFnEntry *e) {
  uint64_t body_len;
  if (!rd_varint(c, &e->name_i) || !rd_varint(c, &e->sig_i) || !rd_byte(c, &e->flags) ||
      !rd_varint(c, &e->loc_i))
    return r_error(r, "failed to read function entry");
  e->hints = NULL;
  if ((e->flags & BC_FN_KERNEL) && (e->flags & BC_FN_HAS_HINTS)) {
    e->hints = rd_attr_self(r, c);
    if (!e->hints) return false;
    if (e->hints->def != &ct_opt_hints_attr_def)
      return r_error(r, "invalid optimization hints attribute");
  }
  if (!rd_varint(c, &body_len) || body_len > left(c))
    return r_error(r, "invalid function body length");
  e->body = (Cur){c->p, c->p + body_len};
  c->p += body_len;
  return true;
}

/* An array of n empty dictionaries (an entry's arg_attrs / res_attrs). */
static const IrAttr *empty_dicts(Reader *r, size_t n) {
  if (n < BC_EMPTY_ARRAYS && r->empty_arrays[n]) return r->empty_arrays[n];
  const IrAttr **empty = xcalloc(n + 1, sizeof *empty);
  for (size_t i = 0; i < n; i++) empty[i] = ir_empty_dict(r->ctx);
  const IrAttr *a = ir_array_attr(r->ctx, empty, n);
  free(empty);
  if (n < BC_EMPTY_ARRAYS) r->empty_arrays[n] = a;
  return a;
}

/* Builds the entry op of a scanned function, decoding its body. */
static IrOp *build_function(Reader *r, const BcFnEntry *e) {
  uint64_t name_i = e->name_i, sig_i = e->sig_i, loc_i = e->loc_i;
  uint8_t flags = e->flags;
  const IrAttr *hints = e->hints;
  Cur body = e->body;
  const IrIdent *name = get_string(r, name_i);
  if (!name) return NULL;
  Str nm = ir_ident_str(name);
  if (!nm.n) return r_error(r, "function name at index %llu is empty",
                            (unsigned long long)name_i), NULL;
  const IrType *sig = get_type(r, sig_i);
  if (!sig) return NULL;
  if (sig->def != &ir_function_type_def)
    return r_error(r, "function signature index %llu does not refer to a function type for "
                      "function '%.*s', got type: %T",
                   (unsigned long long)sig_i, (int)nm.n, nm.s, sig), NULL;
  if (!(flags & BC_FN_KERNEL))
    return r_error(r, "un-expected non-entry function '%.*s'", (int)nm.n, nm.s), NULL;
  FnCtx fc = {di_iter(r, loc_i), NULL};
  const IrLoc *loc = di_next(r, &fc.di);
  if (!loc) return NULL;
  fc.arg_loc = loc;
  if (!r->entry_st) r->entry_st = xcalloc(1, sizeof *r->entry_st);
  IrOpState *st = r->entry_st; /* (its buffers reused function after function) */
  st_reset(r, st, ct_op(entry), loc);
  if (!r->id_sym) {
    r->id_sym = ir_identz(r->ctx, "sym_name");
    r->id_ftype = ir_identz(r->ctx, "function_type");
    r->id_args = ir_identz(r->ctx, "arg_attrs");
    r->id_res = ir_identz(r->ctx, "res_attrs");
    r->id_hints = ir_identz(r->ctx, "optimization_hints");
  }
  /* As NVIDIA's reader builds the entry: one empty dictionary per argument
   * and per result (arrays present even when empty), and empty optimization
   * hints when the file has none (the custom form prints none of these). */
  size_t ni = ir_func_num_inputs(sig), nr = ir_func_num_results(sig);
  if (!hints && !r->no_hints) r->no_hints = ct_opt_hints_attr(r->ctx, NULL);
  IrNamedAttr props[] = { /* (in the dictionary's order) */
      {r->id_args, empty_dicts(r, ni)},
      {r->id_ftype, ir_type_attr(r->ctx, sig)},
      {r->id_hints, hints ? hints : r->no_hints},
      {r->id_res, empty_dicts(r, nr)},
      {r->id_sym, str_attr(r, name)},
  };
  for (size_t i = 0; i < sizeof props / sizeof *props; i++) vec_push(&st->props, props[i]);
  IrRegion *reg = ir_op_state_add_region(st);
  IrBlock *blk = ir_block_new_in(r->ctx);
  ir_region_append(reg, blk);
  r->vals.len = 0;
  /* addEntryBlock (the block and its arguments from the context's slab,
   * as the ops: cheaper to make and to tear down) */
  for (size_t i = 0; i < ni; i++)
    vec_push(&r->vals, ir_block_add_arg_lazy(blk, sig->types[i], r->ctx, (uintptr_t)loc));
  bool ok = true;
  unsigned depth = r->depth;
  r->depth = BC_FN_BODY_DEPTH;
  while (ok && body.p < body.end) ok = rd_op(r, &body, blk, &fc);
  r->depth = depth;
  IrOp *op = ok ? ir_op_create(st) : NULL;
  st_end(st);
  if (!ok) r_error(r, "failed to parse function body for function '%.*s'", (int)nm.n, nm.s);
  return op;
}

/* The lazily materialized module: sections decoded and the global and
 * function tables scanned at open; function bodies decoded on request. */
struct BcLazyModule {
  Reader r;
  VEC(BcFnEntry) fns;
  bool globals_ok;
};

static void reader_free(Reader *r) {
  free(r->plans);
  free(r->memo);
  free(r->tmpl);
  if (r->pool)
    for (size_t i = 0; i <= BC_MAX_DEPTH; i++)
      if (r->pool[i]) {
        ir_op_state_free(r->pool[i]);
        free(r->pool[i]);
      }
  free(r->pool);
  if (r->entry_st) ir_op_state_free(r->entry_st);
  free(r->entry_st);
  free(r->dense);
  free(r->types);
  free(r->type_state);
  free(r->dis);
  free(r->di_state);
  vec_free(&r->vals);
}

/* Header, section split and the tables every function needs. */
static bool open_file(Reader *r, const uint8_t *data, size_t len) {
  static const uint8_t magic[8] = {0x7F, 'T', 'i', 'l', 'e', 'I', 'R', 0x00};
  Cur c = {data, data + len};
  r->base = data;
  r->len = len;
  rd_last = data;
  for (int i = 0; i < 8; i++) {
    uint8_t b;
    if (!rd_byte(&c, &b)) return r_error(r, "invalid magic number: unexpected end of data");
    if (b != magic[i])
      return r_error(r, "invalid magic number at position %d, got %d expected %d", i, b,
                     magic[i]);
  }
  uint64_t maj, min, tag;
  if (!rd_le(&c, 1, &maj) || !rd_le(&c, 1, &min) || !rd_le(&c, 2, &tag))
    return r_error(r, "failed to parse bytecode header");
  if (!bc_version_supported((unsigned)maj, (unsigned)min)) {
    rd_last = data + 8;
    return r_error(r, "unsupported Tile version %u.%u.%u, this reader supports versions "
                      "[13.1 - 13.3]",
                   (unsigned)maj, (unsigned)min, (unsigned)tag);
  }
  r->ver = BC_V(maj, min);
  bc_version_str(r->ver, r->vstr);
  if (!split_sections(r, &c, data)) return r_error(r, "failed to parse section header");

  if (!r->has_sec[BC_SEC_STRING]) return r_error(r, "string section is mandatory");
  Cur s = r->sec[BC_SEC_STRING];
  if (!rd_table(r, s, s.p, 4, &r->nstrs, &r->str_offs, &r->str_data, &r->str_len, "strings"))
    return r_error(r, "failed to parse string section");
  if (r->has_sec[BC_SEC_PRODUCER]) {
    Cur p = r->sec[BC_SEC_PRODUCER];
    if (!(r->producer = rd_string(r, &p))) return r_error(r, "failed to parse producer section");
  }
  if (r->has_sec[BC_SEC_TYPE]) {
    Cur t = r->sec[BC_SEC_TYPE];
    if (!rd_table(r, t, t.p, 4, &r->ntypes, &r->type_offs, &r->type_data, &r->type_len, "types"))
      return r_error(r, "failed to parse type section");
    r->types = calloc(r->ntypes + 1, sizeof *r->types);
    r->type_state = calloc(r->ntypes + 1, 1);
  }
  if (r->has_sec[BC_SEC_CONSTANT]) {
    Cur k = r->sec[BC_SEC_CONSTANT];
    if (!rd_table(r, k, k.p, 8, &r->nconsts, &r->const_offs, &r->const_data, &r->const_len,
                  "constants"))
      return r_error(r, "failed to parse constant section");
  }
  if (!r->has_sec[BC_SEC_FUNC]) return r_error(r, "function section is mandatory");
  if (r->has_sec[BC_SEC_DEBUG] && !read_debug_section(r))
    return r_error(r, "failed to parse debug section");
  return true;
}

BcLazyModule *bc_lazy_open(IrContext *ctx, const char *name, const uint8_t *data, size_t len) {
  BcLazyModule *m = xcalloc(1, sizeof *m);
  m->r.ctx = ctx;
  m->r.loc = ir_file_loc(ctx, ir_identz(ctx, name ? name : "<bytecode>"), 0, 0);
  Reader *r = &m->r;
  r->id_seg = ir_identz(ctx, "operandSegmentSizes");
  for (size_t i = 0; i < bc_num_op_descs; i++) {
    uint32_t opc = bc_op_opcode(&bc_op_descs[i]);
    if (opc < BC_OPCODE_TABLE && !r->by_opcode[opc]) r->by_opcode[opc] = &bc_op_descs[i];
  }
  bool ok = open_file(r, data, len);
  Cur f = r->sec[BC_SEC_FUNC];
  uint64_t nf = 0;
  if (ok) ok = rd_count(r, &f, 5, &nf, "function");
  for (uint64_t i = 0; i < nf && ok; i++) {
    BcFnEntry e;
    ok = scan_function(r, &f, &e);
    if (ok) vec_push(&m->fns, e);
    else r_error(r, "failed to create function from bytecode");
  }
  if (!ok) {
    bc_lazy_close(m);
    return NULL;
  }
  return m;
}

void bc_lazy_close(BcLazyModule *m) {
  if (!m) return;
  reader_free(&m->r);
  vec_free(&m->fns);
  free(m);
}

size_t bc_lazy_num_functions(const BcLazyModule *m) { return m->fns.len; }

const char *bc_lazy_function_name(BcLazyModule *m, size_t i, size_t *len) {
  const IrIdent *id = i < m->fns.len ? get_string(&m->r, m->fns.data[i].name_i) : NULL;
  Str s = id ? ir_ident_str(id) : (Str){"", 0};
  if (len) *len = s.n;
  return s.s;
}

size_t bc_lazy_function_size(const BcLazyModule *m, size_t i) {
  return i < m->fns.len ? (size_t)(m->fns.data[i].body.end - m->fns.data[i].body.p) : 0;
}

IrOp *bc_lazy_load_function(BcLazyModule *m, size_t i) {
  if (i >= m->fns.len) return NULL;
  m->r.failed = false;
  IrOp *op = build_function(&m->r, &m->fns.data[i]);
  if (!op) r_error(&m->r, "failed to create function from bytecode");
  return op;
}

/* The module op with its globals (when `globals`) and every function (when
 * `functions`), in NVIDIA's reader order: globals first. */
static IrOp *load_module(BcLazyModule *m, bool globals, bool functions) {
  Reader *r = &m->r;
  IrOpState st;
  ir_op_state_init(&st, r->ctx, ct_op(module), ir_unknown_loc(r->ctx));
  ir_op_state_add_prop(&st, "sym_name", ir_string_attr(r->ctx, "kernels", 7));
  if (r->producer) ir_op_state_add_prop(&st, "producer", str_attr(r, r->producer));
  IrRegion *reg = ir_op_state_add_region(&st);
  ir_region_append(reg, ir_block_new());
  IrOp *module = ir_op_create(&st);
  ir_op_state_free(&st);
  if (!module) return NULL;
  IrBlock *body = ir_op_regions(module)[0].first;
  bool ok = true;
  /* Globals first, then functions (NVIDIA's reader order). */
  if (globals && r->has_sec[BC_SEC_GLOBAL]) {
    Cur g = r->sec[BC_SEC_GLOBAL];
    uint64_t n;
    ok = rd_count(r, &g, 4, &n, "global");
    for (uint64_t i = 0; i < n && ok; i++) {
      IrOp *op = build_global(r, &g);
      if (!op) ok = r_error(r, "failed to create global from bytecode");
      else ir_block_append(body, op);
    }
  }
  for (size_t i = 0; functions && i < m->fns.len && ok; i++) {
    IrOp *op = bc_lazy_load_function(m, i);
    if (!op) ok = false;
    else ir_block_append(body, op);
  }
  if (!ok) {
    ir_op_destroy(module);
    return NULL;
  }
  return module;
}

IrOp *bc_lazy_load_module(BcLazyModule *m) { return load_module(m, true, true); }

IrOp *bc_lazy_load_module_shell(BcLazyModule *m, bool globals) {
  return load_module(m, globals, false);
}

IrOp *bc_read_module(IrContext *ctx, const char *name, const uint8_t *data, size_t len) {
  BcLazyModule *m = bc_lazy_open(ctx, name, data, len);
  if (!m) return NULL;
  IrOp *op = bc_lazy_load_module(m);
  bc_lazy_close(m);
  return op;
}
