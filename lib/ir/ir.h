/* ir.h — the IR core of libctile: context and uniquer, identifiers, types,
 * attributes, locations, operations/blocks/regions with intrusive use-def
 * lists, the op registry, diagnostics, symbol tables and the verifier driver.
 *
 * Model: MLIR's, written as plain C.
 *  - Types and attributes are immutable, hash-consed in the context's uniquer:
 *    after uniquing, structural equality is pointer equality.  Every type and
 *    attribute has the same shape (a `def` naming its kind plus a generic
 *    payload: flags, an int array, a type array, element arrays, a string),
 *    so one uniquer serves every dialect and the generic printer/bytecode can
 *    walk any of them.  Each def documents how it uses the payload.
 *  - Locations are attributes (kinds IR_LOC_*).
 *  - An operation is one allocation from its context's slab (slab.c):
 *    results in front of the IrOp header, then regions, successor slots and
 *    inline operand storage; the slab page knows the context.
 *  - Everything allocated hangs off the context; no global mutable state. */
#ifndef CTILE_IR_H
#define CTILE_IR_H

#include "support/support.h"

typedef struct IrContext IrContext;
typedef struct IrDialect IrDialect;
typedef struct IrIdent IrIdent;
typedef struct IrType IrType;
typedef struct IrTypeDef IrTypeDef;
typedef struct IrAttr IrAttr;
typedef struct IrAttrDef IrAttrDef;
typedef IrAttr IrLoc; /* locations are attributes of the IR_LOC_* kinds */
typedef struct IrOp IrOp;
typedef struct IrOpInfo IrOpInfo;
typedef struct IrValue IrValue;
typedef struct IrUse IrUse;
typedef struct IrBlock IrBlock;
typedef struct IrRegion IrRegion;
typedef struct IrOpState IrOpState;
typedef struct IrNamedAttr IrNamedAttr;

/* Forward declarations of upper layers' structures used in hook signatures. */
struct AsmParser;
struct AsmPrinter;
struct RwPatternSet;
struct RwRewriter;

/* ======================================================================== */
/* Identifiers: interned NUL-terminated strings; compare with ==.            */
/* ======================================================================== */
struct IrIdent {
  uint32_t len;   /* bytes, excluding the NUL */
  uint32_t hash;
  char str[];     /* NUL-terminated */
};

const IrIdent *ir_ident(IrContext *ctx, const char *s, size_t n);
static inline const IrIdent *ir_identz(IrContext *ctx, const char *z) {
  return ir_ident(ctx, z, strlen(z));
}
static inline Str ir_ident_str(const IrIdent *id) {
  return (Str){id->str, id->len};
}

/* ======================================================================== */
/* Types                                                                     */
/* ======================================================================== */

/* Describes one kind of type.  Builtin kinds are defined in lib/ir; dialect
 * kinds are static objects of their dialect, listed in IrDialect.types. */
struct IrTypeDef {
  const char *name;     /* mnemonic within its dialect: "integer", "tile" */
  const char *dialect;  /* "builtin", "cuda_tile", ... */
  /* Optional hooks (dialect types).  print writes the body after the
   * "!dialect." prefix (e.g. "tile<4xf32>" for cuda_tile.tile). */
  void (*print)(struct AsmPrinter *p, const IrType *t);
  /* A static shaped type in the builtin tensor layout (ints = shape,
   * types[0] = element): usable as the type of dense elements attributes
   * (MLIR's ShapedTypeInterface), e.g. cuda_tile.tile. */
  bool shaped;
};

/* Uniqued type.  Construct a key on the stack (hash ignored) and call
 * ir_type_unique; the payload arrays are copied into the context. */
struct IrType {
  const IrTypeDef *def;
  uint32_t hash;
  uint32_t flags;              /* small payload (float kind, signedness…) */
  uint32_t nints, ntypes;
  const int64_t *ints;         /* widths, shapes, strides, … */
  const IrType *const *types;  /* element / input+result types */
  const IrAttr *attr;          /* optional attribute payload */
  const IrIdent *str;          /* optional string payload */
};

const IrType *ir_type_unique(IrContext *ctx, const IrType *key);

/* Builtin type defs. */
extern const IrTypeDef ir_integer_type_def; /* ints[0]=width; flags=IrSignedness */
extern const IrTypeDef ir_index_type_def;
extern const IrTypeDef ir_float_type_def;   /* flags=IrFloatKind */
extern const IrTypeDef ir_none_type_def;
extern const IrTypeDef ir_function_type_def;/* types=inputs..results; ints[0]=#inputs */
extern const IrTypeDef ir_tuple_type_def;   /* types=elements */
extern const IrTypeDef ir_tensor_type_def;  /* ints=shape (IR_DYNAMIC for ?); types[0]=elem; attr=encoding;
                                               flags&1: unranked `tensor<*xT>` (no ints) */
extern const IrTypeDef ir_vector_type_def;  /* ints=shape; types[0]=elem; flags bit i = scalable dim i */
extern const IrTypeDef ir_opaque_type_def;  /* unregistered: str="dialect.body" text after '!';
                                               flags&1: builtin syntax kept verbatim
                                               (memref<...>, complex<...>), no '!' */

#define IR_DYNAMIC INT64_MIN /* a `?` dimension or stride */

typedef enum IrSignedness { IR_SIGNLESS = 0, IR_SIGNED = 1, IR_UNSIGNED = 2 } IrSignedness;

/* Float kinds: X(enum, mlir-spelling, bit-width) */
#define IR_FLOAT_KINDS(X)                \
  X(IR_F16, "f16", 16)                   \
  X(IR_BF16, "bf16", 16)                 \
  X(IR_F32, "f32", 32)                   \
  X(IR_TF32, "tf32", 19)                 \
  X(IR_F64, "f64", 64)                   \
  X(IR_F80, "f80", 80)                   \
  X(IR_F128, "f128", 128)                \
  X(IR_F8E4M3FN, "f8E4M3FN", 8)          \
  X(IR_F8E5M2, "f8E5M2", 8)              \
  X(IR_F8E4M3, "f8E4M3", 8)              \
  X(IR_F8E4M3FNUZ, "f8E4M3FNUZ", 8)      \
  X(IR_F8E5M2FNUZ, "f8E5M2FNUZ", 8)      \
  X(IR_F8E4M3B11FNUZ, "f8E4M3B11FNUZ", 8) \
  X(IR_F8E3M4, "f8E3M4", 8)              \
  X(IR_F8E8M0FNU, "f8E8M0FNU", 8)        \
  X(IR_F6E2M3FN, "f6E2M3FN", 6)          \
  X(IR_F6E3M2FN, "f6E3M2FN", 6)          \
  X(IR_F4E2M1FN, "f4E2M1FN", 4)

typedef enum IrFloatKind {
#define X(e, s, w) e,
  IR_FLOAT_KINDS(X)
#undef X
  IR_FLOAT_KIND_COUNT
} IrFloatKind;

const char *ir_float_kind_name(IrFloatKind k);
unsigned ir_float_kind_width(IrFloatKind k);

/* Exact float-format conversions (lib/ir/float.c), IEEE-754 style with the
 * per-format rules of APFloat (finite-only formats, unsigned E8M0, NaN
 * encodings).  Bits are right-aligned in the uint64 (tf32 as its 19 bits,
 * f80/f128 unsupported: treated as f64). */
/* double -> format bits, rounding to nearest-even; values out of range
 * become ±inf, or NaN/saturate where the format has no inf (as APFloat). */
uint64_t ir_float_to_bits(IrFloatKind k, double v);
/* format bits -> double (exact: every supported format fits in a double). */
double ir_float_from_bits(IrFloatKind k, uint64_t bits);
/* Rounds v to the nearest value representable in k (via to/from bits). */
double ir_float_round(IrFloatKind k, double v);
/* Bit width of the storage (f16:16, tf32:32 as stored by MLIR's APFloat
 * bitcast, f8*:8, f4E2M1FN:4 …). */
unsigned ir_float_storage_bits(IrFloatKind k);

const IrType *ir_integer_type(IrContext *ctx, unsigned width, IrSignedness s);
const IrType *ir_index_type(IrContext *ctx);
const IrType *ir_float_type(IrContext *ctx, IrFloatKind k);
const IrType *ir_none_type(IrContext *ctx);
const IrType *ir_function_type(IrContext *ctx, const IrType *const *inputs,
                               size_t nin, const IrType *const *results,
                               size_t nres);
const IrType *ir_tuple_type(IrContext *ctx, const IrType *const *elems, size_t n);
const IrType *ir_tensor_type(IrContext *ctx, const int64_t *shape, size_t rank,
                             const IrType *elem, const IrAttr *encoding);
const IrType *ir_vector_type(IrContext *ctx, const int64_t *shape, size_t rank,
                             const IrType *elem, uint32_t scalable_mask);
const IrType *ir_opaque_type(IrContext *ctx, const char *text, size_t n);

static inline bool ir_type_is(const IrType *t, const IrTypeDef *d) {
  return t && t->def == d;
}
static inline bool ir_type_is_integer(const IrType *t) {
  return ir_type_is(t, &ir_integer_type_def);
}
static inline bool ir_type_is_index(const IrType *t) {
  return ir_type_is(t, &ir_index_type_def);
}
static inline bool ir_type_is_float(const IrType *t) {
  return ir_type_is(t, &ir_float_type_def);
}
static inline unsigned ir_integer_width(const IrType *t) { return (unsigned)t->ints[0]; }
static inline IrFloatKind ir_float_kind(const IrType *t) { return (IrFloatKind)t->flags; }
/* The float types of the Tile IR element palette (cuda_tile's AnyFloat, which
 * nv_tileaa shares): f16 bf16 f32 tf32 f64 f8E4M3FN f8E5M2 f8E8M0FNU f4E2M1FN. */
bool ir_type_is_tile_float(const IrType *t);
static inline bool ir_type_is_int_width(const IrType *t, unsigned w) {
  return ir_type_is_integer(t) && ir_integer_width(t) == w;
}
/* Shaped types in the tensor layout (ints = shape, types[0] = element):
 * builtin tensor and vector, and every dialect kind with IrTypeDef.shaped
 * (cuda_tile.tile, nv_tileaa.tile).  This is what MLIR's standard dialects
 * call a "value semantics container" (memref excluded). */
static inline bool ir_type_is_shaped(const IrType *t) {
  return t && (t->def == &ir_tensor_type_def || t->def == &ir_vector_type_def ||
               t->def->shaped);
}
/* The element type of a shaped type; any other type is its own element
 * (MLIR's getElementTypeOrSelf). */
static inline const IrType *ir_type_elem_or_self(const IrType *t) {
  return ir_type_is_shaped(t) && t->ntypes ? t->types[0] : t;
}
/* The same shaped type (same kind, shape, encoding) with element `elem`
 * (MLIR's ShapedType::clone(elem)); a non-shaped `t` gives `elem` itself,
 * so scalars map to scalars.  Generic over every shaped kind because they
 * all share the tensor layout: the payload is copied with types[0]
 * replaced (flags, shape and attr kept). */
const IrType *ir_shaped_with_elem(IrContext *ctx, const IrType *t, const IrType *elem);
/* Whether a and b have the same shape: both non-shaped, or both shaped with
 * equal rank and dims (an unranked tensor matches any shape, `?` any dim). */
bool ir_type_same_shape(const IrType *a, const IrType *b);

/* Function type accessors. */
static inline size_t ir_func_num_inputs(const IrType *t) { return (size_t)t->ints[0]; }
static inline size_t ir_func_num_results(const IrType *t) {
  return t->ntypes - (size_t)t->ints[0];
}
static inline const IrType *const *ir_func_inputs(const IrType *t) { return t->types; }
static inline const IrType *const *ir_func_results(const IrType *t) {
  return t->types ? t->types + t->ints[0] : NULL; /* NULL + 0 is UB */
}

/* ======================================================================== */
/* Attributes and locations                                                  */
/* ======================================================================== */

struct IrAttrDef {
  const char *name;     /* mnemonic: "integer", "di_loc", … */
  const char *dialect;  /* "builtin" or the dialect's name */
  /* Optional hook for dialect attributes: prints the body after the
   * "#dialect." prefix. */
  void (*print)(struct AsmPrinter *p, const IrAttr *a);
  /* Optional: base name for an alias (`#di_file = ...`) when printing, as
   * MLIR's OpAsmDialectInterface::getAlias; NULL = never aliased. */
  const char *(*alias)(const IrAttr *a);
  bool is_location;     /* usable inside loc(...) (LocationAttr) */
};

/* Uniqued attribute; same conventions as IrType.  Each def documents its use
 * of the payload fields. */
struct IrAttr {
  const IrAttrDef *def;
  uint32_t hash;
  uint32_t flags;
  const IrType *type;           /* value type (integer/float/dense…) */
  uint32_t nints, nelems;
  const int64_t *ints;          /* integer payload */
  const IrAttr *const *elems;   /* element payload (array, dict values, locs) */
  const IrIdent *const *names;  /* dict keys, parallel to elems (sorted) */
  const IrIdent *str;           /* string payload */
  double f;                     /* float payload */
  size_t ndata;
  const uint8_t *data;          /* raw bytes (dense elements) */
};

const IrAttr *ir_attr_unique(IrContext *ctx, const IrAttr *key);

/* Builtin attribute defs and their payload conventions. */
extern const IrAttrDef ir_unit_attr_def;     /* `unit` */
extern const IrAttrDef ir_bool_attr_def;     /* ints[0] = 0/1 (type i1) */
extern const IrAttrDef ir_integer_attr_def;  /* ints[0] = value (sign-extended); type */
extern const IrAttrDef ir_float_attr_def;    /* f = value; type */
extern const IrAttrDef ir_string_attr_def;   /* str; type optional (`"x" : T`) */
extern const IrAttrDef ir_type_attr_def;     /* type */
extern const IrAttrDef ir_symref_attr_def;   /* str = root; elems = nested symrefs (flat) */
extern const IrAttrDef ir_array_attr_def;    /* elems */
extern const IrAttrDef ir_dict_attr_def;     /* names + elems, sorted by name */
extern const IrAttrDef ir_dense_array_attr_def;    /* type = element type; integer elems in ints,
                                                      float elems as doubles in data (ndata = n*8),
                                                      nints = count for ints; for floats nelems unused */
extern const IrAttrDef ir_dense_elements_attr_def; /* type = shaped type; flags&1 = splat;
                                                      data = raw packed little-endian element
                                                      storage (i1 as one byte each); */
extern const IrAttrDef ir_dense_string_attr_def;   /* type = shaped; elems = string attrs;
                                                      flags&1 = splat */
extern const IrAttrDef ir_opaque_attr_def;   /* unregistered dialect attr: str = text after '#';
                                                type optional; flags&1: builtin syntax kept
                                                verbatim (affine_map<...>, strided<...>,
                                                sparse<...>, dense_resource<...>,
                                                distinct[N]<...>), no '#' */
extern const IrAttrDef ir_unknown_loc_def;   /* loc(unknown) */
extern const IrAttrDef ir_file_loc_def;      /* str = file; ints = {line, col}; a range
                                                `"f":L:C to L2:C2` has nints 4 {L, C, L2, C2}
                                                (`to :C2` when L2 == L); flags&1: `"f":L`
                                                (line only, col 0) */
extern const IrAttrDef ir_name_loc_def;      /* str = name; elems[0] = child loc or NULL (nelems 0) */
extern const IrAttrDef ir_callsite_loc_def;  /* elems = {callee, caller} */
extern const IrAttrDef ir_fused_loc_def;     /* elems = locs; flags&1: last elem is metadata */
extern const IrAttrDef ir_opaque_loc_def;    /* elems[0] = fallback loc (unused by text) */

const IrAttr *ir_unit_attr(IrContext *ctx);
const IrAttr *ir_bool_attr(IrContext *ctx, bool v);
const IrAttr *ir_integer_attr(IrContext *ctx, const IrType *type, int64_t v);
const IrAttr *ir_float_attr(IrContext *ctx, const IrType *type, double v);
const IrAttr *ir_string_attr(IrContext *ctx, const char *s, size_t n);
const IrAttr *ir_string_attr_typed(IrContext *ctx, const char *s, size_t n, const IrType *t);
const IrAttr *ir_type_attr(IrContext *ctx, const IrType *t);
const IrAttr *ir_symref_attr(IrContext *ctx, const IrIdent *root,
                             const IrAttr *const *nested, size_t n);
const IrAttr *ir_array_attr(IrContext *ctx, const IrAttr *const *elems, size_t n);
/* Builds a dictionary from (possibly unsorted) entries; later duplicates win
 * unless `dup` is non-NULL, in which case the first duplicated name is stored
 * there and NULL is returned. */
const IrAttr *ir_dict_attr(IrContext *ctx, const IrNamedAttr *entries, size_t n,
                           const IrIdent **dup);
const IrAttr *ir_empty_dict(IrContext *ctx);
const IrAttr *ir_dense_i64_array(IrContext *ctx, const IrType *elem,
                                 const int64_t *v, size_t n);
const IrAttr *ir_dense_f64_array(IrContext *ctx, const IrType *elem,
                                 const double *v, size_t n);
const IrAttr *ir_dense_elements(IrContext *ctx, const IrType *shaped,
                                const void *data, size_t ndata, bool splat);
const IrAttr *ir_opaque_attr(IrContext *ctx, const char *text, size_t n,
                             const IrType *type);

const IrLoc *ir_unknown_loc(IrContext *ctx);
const IrLoc *ir_file_loc(IrContext *ctx, const IrIdent *file, int64_t line, int64_t col);
const IrLoc *ir_name_loc(IrContext *ctx, const IrIdent *name, const IrLoc *child);
const IrLoc *ir_callsite_loc(IrContext *ctx, const IrLoc *callee, const IrLoc *caller);
const IrLoc *ir_fused_loc(IrContext *ctx, const IrLoc *const *locs, size_t n,
                          const IrAttr *metadata);
bool ir_attr_is_loc(const IrAttr *a);
/* The first file:line:col location found inside `loc` (depth-first), or NULL. */
const IrLoc *ir_loc_find_file(const IrLoc *loc);

static inline bool ir_attr_is(const IrAttr *a, const IrAttrDef *d) {
  return a && a->def == d;
}

struct IrNamedAttr {
  const IrIdent *name;
  const IrAttr *value;
};

/* Dictionary lookup (a scan of small dictionaries, else binary search); NULL
 * when absent. */
const IrAttr *ir_dict_get(const IrAttr *dict, const IrIdent *name);
const IrAttr *ir_dict_getz(IrContext *ctx, const IrAttr *dict, const char *name);
/* The entry whose key is the `len` bytes at `name`, without interning the
 * name (a scan comparing lengths then bytes, or for large dictionaries a
 * binary search): the same answer as ir_dict_get with the interned name. */
const IrAttr *ir_dict_getn(const IrAttr *dict, const char *name, size_t len);
/* A new dictionary with `name` set to `value` (or removed when value NULL). */
const IrAttr *ir_dict_set(IrContext *ctx, const IrAttr *dict,
                          const IrIdent *name, const IrAttr *value);

/* Byte size of one element of a dense elements attr with element type t
 * (i1 → 1, iN → ceil(N/8) rounded to 1/2/4/8, floats by storage width,
 * index → 8).  0 when the type has no dense storage. */
size_t ir_dense_elem_size(const IrType *elem);
/* Number of elements of a shaped type's static shape (product of ints).
 * Returns -1 on overflow or dynamic dims. */
int64_t ir_shape_num_elements(const int64_t *shape, size_t rank);

/* ======================================================================== */
/* Diagnostics                                                              */
/* ======================================================================== */
typedef enum IrSeverity {
  IR_SEV_ERROR, IR_SEV_WARNING, IR_SEV_REMARK, IR_SEV_NOTE
} IrSeverity;

typedef struct IrDiag IrDiag;
struct IrDiag {
  IrSeverity sev;
  const IrLoc *loc;
  StrBuf msg;
  IrDiag *notes;      /* attached notes (severity NOTE), linked */
  IrDiag *next_note;
};

/* A handler receives each completed diagnostic (with its notes).  Without a
 * handler, diagnostics are printed to stderr in MLIR's format. */
typedef void (*IrDiagHandler)(void *user, const IrDiag *d);
void ir_ctx_set_diag_handler(IrContext *ctx, IrDiagHandler h, void *user);
void ir_ctx_get_diag_handler(IrContext *ctx, IrDiagHandler *h, void **user);

/* Builds a diagnostic.  Message formatting is printf-like plus:
 *   %T  const IrType*   printed as in MLIR diagnostics
 *   %A  const IrAttr*   printed as in MLIR diagnostics
 * (resolved through the context's printer hooks; see ir_ctx_set_printers). */
IrDiag *ir_diag_new(IrContext *ctx, IrSeverity sev, const IrLoc *loc);
void ir_diag_append(IrContext *ctx, IrDiag *d, const char *fmt, ...);
void ir_diag_vappend(IrContext *ctx, IrDiag *d, const char *fmt, va_list ap);
IrDiag *ir_diag_add_note(IrContext *ctx, IrDiag *d, const IrLoc *loc,
                         const char *fmt, ...);
void ir_diag_emit(IrContext *ctx, IrDiag *d); /* reports and frees */

/* Convenience: format, emit, return false (so `return ir_error(...)`). */
bool ir_error(IrContext *ctx, const IrLoc *loc, const char *fmt, ...);
bool ir_warning(IrContext *ctx, const IrLoc *loc, const char *fmt, ...);
bool ir_remark(IrContext *ctx, const IrLoc *loc, const char *fmt, ...);
/* Op diagnostics (MLIR's op->emitOpError / emitOpError-with-severity)
 * prefix the message with "'dialect.op' op ". */
bool ir_op_error(IrOp *op, const char *fmt, ...);
IrDiag *ir_op_diag(IrOp *op, IrSeverity sev, const char *fmt, ...);
/* MLIR's op->emitError / emitWarning / emitRemark: at the op's location,
 * no prefix, with the current-operation note when enabled.  Returns the
 * unemitted diagnostic (add notes, then ir_diag_emit). */
IrDiag *ir_op_emit(IrOp *op, IrSeverity sev, const char *fmt, ...);
IrDiag *ir_op_emitv(IrOp *op, IrSeverity sev, const char *fmt, va_list ap);
/* ir_op_emit of an error, emitted; returns false. */
bool ir_op_emit_error(IrOp *op, const char *fmt, ...);
/* Number of errors emitted in this context so far. */
unsigned ir_ctx_num_errors(IrContext *ctx);

/* Printer hooks installed by the asm layer, used for %T / %A and by the
 * default stderr handler to show source lines. */
typedef void (*IrTypePrintFn)(StrBuf *b, const IrType *t);
typedef void (*IrAttrPrintFn)(StrBuf *b, const IrAttr *a);
void ir_ctx_set_printers(IrContext *ctx, IrTypePrintFn pt, IrAttrPrintFn pa);
/* Prints one op for a diagnostic note, as MLIR's Diagnostic::appendOp: names
 * numbered from the nearest isolated-from-above ancestor, no aliases, large
 * elements attributes elided, generic form when `generic`; no trailing
 * newline.  Installed by the asm layer. */
typedef void (*IrOpPrintFn)(StrBuf *b, IrOp *op, bool generic);
void ir_ctx_set_op_printer(IrContext *ctx, IrOpPrintFn po);
/* MLIR's -mlir-print-op-on-diagnostic (off by default in a context; the
 * tools turn it on unless verifying diagnostics): diagnostics made through
 * ir_op_error / ir_op_diag / ir_op_emit get a first note
 * "see current operation: <op>" (generic form for errors). */
void ir_ctx_set_print_op_on_diagnostic(IrContext *ctx, bool on);

/* Formats a diagnostic in MLIR's shape ("file:line:col: error: msg") with
 * notes; if the source buffer of the file is registered, adds the source
 * line and a caret. */
void ir_diag_format(IrContext *ctx, const IrDiag *d, StrBuf *out);
/* Registers a source buffer so diagnostics can quote lines from it. */
void ir_ctx_add_source(IrContext *ctx, const IrIdent *file, const char *buf,
                       size_t len);
void ir_ctx_clear_sources(IrContext *ctx);

/* ======================================================================== */
/* Values and uses                                                          */
/* ======================================================================== */
/* 24 bytes: a result's number is its distance from the op header in front
 * of which it lives (ir_value_index), so only arguments store theirs. */
struct IrValue {
  const IrType *type;
  IrUse *uses;        /* first use, linked through IrUse.next */
  IrOp *def;          /* defining op for results; NULL for block arguments */
};

/* A block argument: the value plus what only arguments have. */
typedef struct IrBlockArg {
  IrValue value;
  uint32_t argno;     /* argument number (ir_value_index) */
  IrBlock *block;     /* owning block */
  uintptr_t loc_bits; /* IrLoc pointer, or compact bits (ir_lazy_file_loc) */
  IrContext *ctx;     /* the context whose slab holds the argument (required
                         for compact bits); NULL: malloc'd */
} IrBlockArg;
const IrLoc *ir_block_arg_loc_slow(IrBlockArg *a);

/* The result number of an op result (results lie in front of the header in
 * reverse order: result i at (IrValue *)op - 1 - i) or the argument number
 * of a block argument. */
static inline unsigned ir_value_index(const IrValue *v) {
  return v->def ? (unsigned)((const IrValue *)(const void *)v->def - 1 - v)
                : ((const IrBlockArg *)v)->argno;
}

/* The argument behind a value, or NULL for an op result. */
static inline IrBlockArg *ir_block_arg(IrValue *v) {
  return v->def ? NULL : (IrBlockArg *)v;
}
/* Owning block / location of a block argument; NULL for op results. */
static inline IrBlock *ir_value_arg_block(const IrValue *v) {
  return v->def ? NULL : ((const IrBlockArg *)v)->block;
}
/* The argument's location, materialized on first use like ir_op_loc. */
static inline const IrLoc *ir_value_arg_loc(const IrValue *v) {
  if (v->def) return NULL;
  IrBlockArg *a = (IrBlockArg *)(uintptr_t)v;
  return (a->loc_bits & 1) ? ir_block_arg_loc_slow(a) : (const IrLoc *)a->loc_bits;
}
static inline void ir_value_set_arg_loc(IrValue *v, const IrLoc *loc) {
  if (!v->def) ((IrBlockArg *)v)->loc_bits = (uintptr_t)loc;
}

struct IrUse {
  IrValue *value;     /* used value (NULL when unset) */
  IrUse *next;        /* next use of the same value */
  IrUse **prevp;      /* link that points at this use */
  IrOp *owner;        /* op holding this operand */
};

static inline bool ir_value_is_block_arg(const IrValue *v) { return v->def == NULL; }
static inline bool ir_value_has_uses(const IrValue *v) { return v->uses != NULL; }
bool ir_value_has_one_use(const IrValue *v);
/* Rewrites every use of `from` to `to` (O(uses)). */
void ir_value_replace_all_uses(IrValue *from, IrValue *to);
void ir_use_set(IrUse *u, IrValue *v); /* relinks one operand */

/* ======================================================================== */
/* Operations                                                               */
/* ======================================================================== */

/* Op traits (bit flags on IrOpInfo.traits). */
enum {
  IR_TRAIT_TERMINATOR = 1u << 0,
  IR_TRAIT_PURE = 1u << 1,               /* no side effects, speculatable */
  IR_TRAIT_COMMUTATIVE = 1u << 2,
  IR_TRAIT_ISOLATED_FROM_ABOVE = 1u << 3,
  IR_TRAIT_SYMBOL = 1u << 4,             /* defines `sym_name` */
  IR_TRAIT_SYMBOL_TABLE = 1u << 5,
  IR_TRAIT_NO_TERMINATOR = 1u << 6,      /* regions need no terminator */
  IR_TRAIT_SINGLE_BLOCK = 1u << 7,
  IR_TRAIT_CONSTANT_LIKE = 1u << 8,
  IR_TRAIT_SAME_OPERANDS_AND_RESULT_TYPE = 1u << 9,
  IR_TRAIT_SAME_OPERANDS_AND_RESULT_SHAPE = 1u << 10,
  IR_TRAIT_SAME_OPERANDS_AND_RESULT_ELEMENT_TYPE = 1u << 11,
  IR_TRAIT_SAME_TYPE_OPERANDS = 1u << 12,
  IR_TRAIT_ATTR_SIZED_OPERAND_SEGMENTS = 1u << 13,
  IR_TRAIT_ATTR_SIZED_RESULT_SEGMENTS = 1u << 14,
  IR_TRAIT_RETURN_LIKE = 1u << 15,
  IR_TRAIT_RECURSIVE_EFFECTS = 1u << 16, /* effects = those of nested ops */
  IR_TRAIT_IMPLICIT_TERMINATOR = 1u << 17, /* custom form may omit the terminator */
  IR_TRAIT_HAS_PARENT = 1u << 18,        /* see IrOpInfo.parent */
  IR_TRAIT_ELEMENTWISE = 1u << 19,
  IR_TRAIT_IDEMPOTENT = 1u << 20,
  IR_TRAIT_INVOLUTION = 1u << 21,
  IR_TRAIT_FUNCTION_LIKE = 1u << 22,
  IR_TRAIT_MEMORY_READ = 1u << 23,
  IR_TRAIT_MEMORY_WRITE = 1u << 24,
  IR_TRAIT_ZERO_RESULTS_NO_ENFORCE = 1u << 25,
  /* Some inherent attribute has a default value (ODS DefaultValuedAttr):
   * ir_op_create asks the dialect's populate_defaults hook to add the
   * missing ones, as MLIR's populateDefaultProperties does. */
  IR_TRAIT_DEFAULT_PROPS = 1u << 26,
  /* No memory effects but not speculatable (ODS NoMemoryEffect without
   * Pure, e.g. an integer division that may trap): erasable when unused and
   * CSE-able like a pure op, but never to be hoisted or executed
   * speculatively. */
  IR_TRAIT_NO_MEMORY_EFFECT = 1u << 27,
  /* The verify hook's verdict is a function of the op's signature alone:
   * its kind, property and attribute dictionaries, operand and result
   * types, and region and successor counts.  The hook reads no other IR
   * (parent, regions, defining ops), no context option, and emits nothing
   * when it passes (a hook that does so for some ops only calls
   * ir_verify_memo_veto, ir/verify.h).  ir_verify remembers, per context,
   * the signatures that passed such a hook (and the count checks) and
   * skips both for them (lib/ir/verify.c). */
  IR_TRAIT_VERIFY_PURE = 1u << 28,
  /* The suggested-name hook (IrOpInfo.result_names) reads nothing but the
   * op's kind, property and attribute dictionaries, result count and first
   * result type; the printer memoizes its answer per such shape
   * (lib/asm/printer.c, run_hook). */
  IR_TRAIT_NAMES_PURE = 1u << 29,
  /* The block-argument name hook (IrOpInfo.block_arg_names) reads nothing
   * but the op's kind, dictionaries and the block's position and argument
   * count; memoized likewise (run_block_hook). */
  IR_TRAIT_BLOCK_NAMES_PURE = 1u << 30,
  IR_TRAIT_UNREGISTERED = 1u << 31,      /* an op the context doesn't know */
};

/* Receives names suggested by an op for its results / block arguments. */
typedef void (*IrNameSetFn)(void *user, IrValue *v, const char *name);

/* Fold results: one per op result, either an attribute (constant) or an
 * existing value. */
typedef struct IrFoldResult {
  const IrAttr *attr;
  IrValue *value;
} IrFoldResult;

/* One registered operation kind.  Dialects define these in X-macro tables
 * (lib/dialect/<d>/ops.def); hooks are optional (NULL = none). */
struct IrOpInfo {
  const char *name;             /* "cuda_tile.addi" */
  uint64_t traits;
  int16_t min_operands, max_operands; /* max -1: unbounded */
  int16_t min_results, max_results;   /* max -1: unbounded */
  int16_t num_regions;                /* -1: variadic */
  int16_t num_successors;
  const char *const *inherent;  /* NULL-terminated inherent attribute names
                                   (stored as properties) */
  const char *parent;           /* with IR_TRAIT_HAS_PARENT: required parent op
                                   name(s), '|'-separated */
  const char *summary;          /* one line, for --help style listings */

  /* Syntax. parse: after the op name (and the "%r = " part) has been read,
   * parses the custom form into `st`.  print: prints after "name". */
  bool (*parse)(struct AsmParser *p, IrOpState *st);
  void (*print)(struct AsmPrinter *p, IrOp *op);
  void (*result_names)(IrOp *op, IrNameSetFn set, void *user);
  void (*block_arg_names)(IrOp *op, IrBlock *b, IrNameSetFn set, void *user);
  const char *default_dialect;  /* ops in this op's regions may omit "<d>." */

  /* Semantics. */
  bool (*verify)(IrOp *op);          /* after generic checks */
  bool (*verify_regions)(IrOp *op);  /* after nested ops verified */
  bool (*fold)(IrOp *op, const IrAttr *const *operand_consts,
               IrFoldResult *results);
  void (*canonicalize)(struct RwPatternSet *set, IrContext *ctx);
  const void *extra;            /* dialect-private data */
};

/* Looks up op info by full name; unknown names get (and cache) an
 * unregistered info with IR_TRAIT_UNREGISTERED. */
const IrOpInfo *ir_op_info_lookup(IrContext *ctx, const char *name, size_t n);
const IrOpInfo *ir_op_info_find(IrContext *ctx, const char *name, size_t n); /* NULL if unknown */
static inline bool ir_op_info_has(const IrOpInfo *info, uint64_t trait) {
  return (info->traits & trait) != 0;
}

struct IrOp {
  const IrOpInfo *info;         /* (its context: ir_op_context, from the slab page) */
  IrBlock *block;               /* parent block (NULL when detached) */
  IrOp *prev, *next;            /* siblings */
  /* The location, read with ir_op_loc and written with ir_op_set_loc: a
   * uniqued IrLoc pointer, or (bit 0 set) a compact file:line:col that the
   * parser leaves unmaterialized until somebody asks for it (see
   * ir_lazy_file_loc), so parsing a large file allocates no location per op. */
  uintptr_t loc_bits;
  const IrAttr *props;          /* dictionary of properties (inherent attrs) or NULL */
  const IrAttr *attrs;          /* dictionary of discardable attributes or NULL */
  uint32_t nresults, noperands;
  uint32_t order : 31;          /* position hint for ordering queries */
  uint32_t heap_operands : 1;   /* operands grown past the inline storage: a heap
                                   array, found through the context (ir_op_operands) */
  uint16_t nsuccessors, nregions; /* at most IR_OP_MAX_REGIONS / _SUCCESSORS */
  /* Trailing storage: regions, then successors (ir_op_regions,
   * ir_op_successors), then the operands as created (ir_op_operands).  No
   * pointer to the operands: the header is 72 bytes on 64-bit hosts. */
};

#define IR_OP_MAX_REGIONS 65535
#define IR_OP_MAX_SUCCESSORS 65535


/* Results live in front of the header, in reverse order. */
static inline IrValue *ir_op_result(IrOp *op, unsigned i) {
  return (IrValue *)op - 1 - i;
}
static inline const char *ir_op_name(const IrOp *op) { return op->info->name; }

/* Compact, not yet uniqued file locations (bit 0 set): the parser's form of
 * an op's `"file":line:col`.  ir_lazy_file_loc returns the compact bits, or
 * the uniqued location's pointer when the position does not fit (huge line
 * or column numbers, 32-bit hosts). */
uintptr_t ir_lazy_file_loc(IrContext *ctx, const IrIdent *file, int64_t line, int64_t col);
/* The same in two steps, for a caller that makes many locations in one
 * file: ir_lazy_file_key registers the file once (0 when compact bits are
 * unavailable: too many files, 32-bit hosts), and ir_lazy_loc_bits makes
 * the bits from it (0 when the key is 0 or the position does not fit; use
 * ir_lazy_file_loc then).  Bits: 1 (tag) | file (15) | line (28) | col (20). */
enum { IR_LAZY_FILE_BITS = 15, IR_LAZY_LINE_BITS = 28, IR_LAZY_COL_BITS = 20 };
uintptr_t ir_lazy_file_key(IrContext *ctx, const IrIdent *file);
static inline uintptr_t ir_lazy_loc_bits(uintptr_t key, int64_t line, int64_t col) {
#if UINTPTR_MAX > 0xffffffffu
  if (!key || (uint64_t)line >= ((uint64_t)1 << IR_LAZY_LINE_BITS) ||
      (uint64_t)col >= ((uint64_t)1 << IR_LAZY_COL_BITS))
    return 0;
  return key | (uintptr_t)line << (1 + IR_LAZY_FILE_BITS) |
         (uintptr_t)col << (1 + IR_LAZY_FILE_BITS + IR_LAZY_LINE_BITS);
#else
  (void)key;
  (void)line;
  (void)col;
  return 0;
#endif
}
/* The uniqued location for `bits` (a pointer, or compact bits). */
const IrLoc *ir_loc_from_bits(IrContext *ctx, uintptr_t bits);
/* The op's location, materialized (and cached in the op) on first use.  Not
 * safe against concurrent first uses of the same op: code that reads
 * locations from several threads materializes them first
 * (ir_op_materialize_locs). */
const IrLoc *ir_op_loc_slow(IrOp *op);
static inline const IrLoc *ir_op_loc(const IrOp *op) {
  return (op->loc_bits & 1) ? ir_op_loc_slow((IrOp *)op) : (const IrLoc *)op->loc_bits;
}
static inline void ir_op_set_loc(IrOp *op, const IrLoc *loc) { op->loc_bits = (uintptr_t)loc; }
/* True while the op's location is still compact, i.e. a plain file:line:col
 * (no names, call sites or debug-info scopes): walks that look for those can
 * skip it without materializing anything. */
static inline bool ir_op_loc_is_compact(const IrOp *op) { return (op->loc_bits & 1) != 0; }
/* Materializes the locations of op and every nested op. */
void ir_op_materialize_locs(IrOp *op);
static inline bool ir_op_is(const IrOp *op, const IrOpInfo *info) { return op && op->info == info; }
bool ir_op_isz(const IrOp *op, const char *name);
/* The op's context: every op lives in its context's slab, whose page
 * header names it (no pointer per op). */
IrContext *ir_op_context(const IrOp *op);

/* Named vector types (VEC(T) alone is an anonymous struct: every use would
 * be a distinct type, so anything passed between functions needs a name). */
typedef VEC(const IrType *) IrTypeVec;
typedef VEC(IrValue *) IrValueVec;
typedef VEC(IrNamedAttr) IrNamedAttrVec;

/* State from which an op is created (the parser and builders fill it). */
struct IrOpState {
  IrContext *ctx;
  const IrOpInfo *info;
  const IrLoc *loc;             /* the location, or NULL with loc_bits set */
  uintptr_t loc_bits;           /* compact location (ir_lazy_file_loc) when loc is NULL */
  IrValueVec operands;
  IrTypeVec result_types;
  IrNamedAttrVec attrs;         /* discardable (`{...}`) */
  IrNamedAttrVec props;         /* properties (`<{...}>`) */
  VEC(IrBlock *) successors;
  VEC(IrRegion *) regions;      /* heap regions, moved into the op */
  VEC(IrRegion *) spare;        /* emptied ones, reused by ir_op_state_add_region */
  /* Properties already made into a dictionary (the generic parser's
   * `<{...}>`), or NULL: ir_op_create takes it as the op's properties when
   * nothing adds to it (defaults, inherent attributes in `attrs`, `props`),
   * else merges those into it; it clears the field (consumed). */
  const IrAttr *props_dict;
};

void ir_op_state_init(IrOpState *st, IrContext *ctx, const IrOpInfo *info,
                      const IrLoc *loc);
void ir_op_state_free(IrOpState *st); /* frees leftovers (regions not moved) */
/* The state's location, materializing a compact one. */
const IrLoc *ir_op_state_loc(IrOpState *st);
IrRegion *ir_op_state_add_region(IrOpState *st);
/* The same with the name's length: the NUL-terminated versions are inline
 * so that the strlen of a literal name folds at compile time, and a name
 * seen before is recognized by its pointer, length and bytes (no strcmp). */
void ir_op_state_add_attrn(IrOpState *st, const char *name, size_t len, const IrAttr *a);
void ir_op_state_add_propn(IrOpState *st, const char *name, size_t len, const IrAttr *a);
static inline void ir_op_state_add_attr(IrOpState *st, const char *name, const IrAttr *a) {
  ir_op_state_add_attrn(st, name, strlen(name), a);
}
static inline void ir_op_state_add_prop(IrOpState *st, const char *name, const IrAttr *a) {
  ir_op_state_add_propn(st, name, strlen(name), a);
}
/* Finds an attribute already in the state (props then attrs). */
const IrAttr *ir_op_state_get_attr(IrOpState *st, const char *name);

/* Creates a detached op from `st` (consumes regions).  For registered ops,
 * attributes named in info->inherent move from attrs to props.  Returns NULL
 * and reports an error if a dictionary has a duplicate key. */
IrOp *ir_op_create(IrOpState *st);
/* Destroys a detached op (and its regions).  Its results must be unused. */
void ir_op_destroy(IrOp *op);
/* Unlinks from its block and destroys. */
void ir_op_erase(IrOp *op);
void ir_op_drop_all_references(IrOp *op); /* operands of op and nested ops */

void ir_op_set_operand(IrOp *op, unsigned i, IrValue *v);
void ir_op_set_operands(IrOp *op, IrValue *const *vals, size_t n);
void ir_op_replace_all_uses_with(IrOp *op, IrValue *const *vals);

/* Attribute access: properties first, then discardable attributes. */
const IrAttr *ir_op_attr(const IrOp *op, const IrIdent *name);
/* By name of `len` bytes; neither this nor ir_op_attrz interns the name
 * (keys are compared by length, then bytes).  Inline for the usual case of
 * a registered op: no discardable attributes and a few properties, scanned
 * here without a call; anything else takes ir_op_attrn_slow. */
const IrAttr *ir_op_attrn_slow(const IrOp *op, const char *name, size_t len);
static inline const IrAttr *ir_op_attrn(const IrOp *op, const char *name, size_t len) {
  const IrAttr *p = op->props;
  if ((op->attrs && op->attrs->nelems) || (p && p->nelems > 8))
    return ir_op_attrn_slow(op, name, len);
  for (uint32_t i = 0, n = p ? p->nelems : 0; i < n; i++) {
    const IrIdent *k = p->names[i];
    if (k->len == len && bytes_eq(k->str, name, len)) return p->elems[i];
  }
  return NULL;
}
/* Inline so that the strlen of a literal name folds at compile time: hooks
 * look attributes up by literal name on every op. */
static inline const IrAttr *ir_op_attrz(const IrOp *op, const char *name) {
  return ir_op_attrn(op, name, strlen(name));
}
void ir_op_set_attr(IrOp *op, const char *name, const IrAttr *a);  /* discardable */
void ir_op_set_prop(IrOp *op, const char *name, const IrAttr *a);
void ir_op_remove_attr(IrOp *op, const char *name);

IrOp *ir_op_parent_op(const IrOp *op);
bool ir_op_is_ancestor(const IrOp *ancestor, const IrOp *op); /* reflexive */
/* True if a comes before b in the same block. */
bool ir_op_is_before_in_block(IrOp *a, IrOp *b);

/* Walks op and all nested ops.  The callback returns IR_WALK_ADVANCE,
 * IR_WALK_SKIP (don't visit nested ops; pre-order only) or
 * IR_WALK_INTERRUPT.  Erasing the visited op is allowed in post-order. */
typedef enum { IR_WALK_ADVANCE, IR_WALK_SKIP, IR_WALK_INTERRUPT } IrWalkResult;
typedef IrWalkResult (*IrWalkFn)(IrOp *op, void *user);
IrWalkResult ir_walk_pre(IrOp *op, IrWalkFn fn, void *user);
IrWalkResult ir_walk_post(IrOp *op, IrWalkFn fn, void *user);

/* ======================================================================== */
/* Blocks and regions                                                       */
/* ======================================================================== */
struct IrBlock {
  IrBlock *prev, *next;         /* siblings in the region */
  IrRegion *parent;
  IrOp *first, *last;           /* ops */
  IrValue **args;
  uint32_t nargs, args_cap;
  uint32_t order_valid;         /* op->order values are valid */
  IrContext *ctx;               /* cut from this context's slab (ir_block_new_in),
                                   or NULL (ir_block_new: malloc) */
};

struct IrRegion {
  IrBlock *first, *last;
  IrOp *parent;                 /* NULL while owned by an IrOpState */
};

IrBlock *ir_block_new(void);
/* The same from ctx's operation slab (cheaper to make and to tear down with
 * the ops around it); destroyed the same way. */
IrBlock *ir_block_new_in(IrContext *ctx);
void ir_block_destroy(IrBlock *b);       /* detached block: ops and args */
IrValue *ir_block_add_arg(IrBlock *b, const IrType *t, const IrLoc *loc);
/* The same with a compact location (ir_lazy_file_loc bits) made on demand;
 * with a context the argument comes from its slab. */
IrValue *ir_block_add_arg_lazy(IrBlock *b, const IrType *t, IrContext *ctx, uintptr_t loc_bits);
void ir_block_erase_arg(IrBlock *b, unsigned i); /* must be unused */
void ir_block_append(IrBlock *b, IrOp *op);
void ir_block_insert_before(IrOp *pos, IrOp *op);
void ir_block_insert_after(IrOp *pos, IrOp *op);
void ir_op_unlink(IrOp *op);            /* detach from its block */
IrOp *ir_block_terminator(IrBlock *b);  /* last op if it is a terminator */
IrOp *ir_block_parent_op(const IrBlock *b);

void ir_region_init(IrRegion *r, IrOp *parent);
void ir_region_append(IrRegion *r, IrBlock *b);
void ir_region_remove_block(IrRegion *r, IrBlock *b); /* unlinks, no free */
void ir_region_clear(IrRegion *r);       /* destroys all blocks */
void ir_region_take(IrRegion *dst, IrRegion *src); /* moves blocks */
static inline IrRegion *ir_op_regions(const IrOp *op) {
  return (IrRegion *)(uintptr_t)(op + 1);
}
static inline IrBlock **ir_op_successors(const IrOp *op) {
  return (IrBlock **)(ir_op_regions(op) + op->nregions);
}
static inline IrRegion *ir_op_region(IrOp *op, unsigned i) { return &ir_op_regions(op)[i]; }
/* The heap array of an op whose operands outgrew their inline storage. */
IrUse *ir_op_operands_heap(const IrOp *op);
/* The op's operand array (noperands entries): after its successors, or on
 * the heap once ir_op_set_operands has grown it. */
static inline IrUse *ir_op_operands(const IrOp *op) {
  if (op->heap_operands) return ir_op_operands_heap(op);
  return (IrUse *)(void *)(ir_op_successors(op) + op->nsuccessors);
}
static inline IrValue *ir_op_operand(IrOp *op, unsigned i) {
  return ir_op_operands(op)[i].value;
}
static inline bool ir_region_empty(const IrRegion *r) { return r->first == NULL; }
static inline IrBlock *ir_region_entry(const IrRegion *r) { return r->first; }

/* ======================================================================== */
/* Dialects and the context                                                 */
/* ======================================================================== */
struct IrDialect {
  const char *name;
  const IrOpInfo *ops;            /* array of nops rows */
  size_t nops;
  /* Parses the body of "!name.<rest>" / "#name.<rest>"; the parser is
   * positioned right after "name." and the keyword is `mnemonic` already
   * consumed.  Return NULL after reporting an error. */
  const IrType *(*parse_type)(struct AsmParser *p, Str mnemonic);
  const IrAttr *(*parse_attr)(struct AsmParser *p, Str mnemonic, const IrType *type);
  /* Called once when registered (e.g. to cache idents in dialect state). */
  void (*init)(IrContext *ctx);
  void (*destroy)(IrContext *ctx);
  /* Dialect-level hooks, so folds and canonicalization patterns can live in
   * their own files instead of the op table: `fold` is used for ops of this
   * dialect whose row has no fold hook; `canonicalize` adds the dialect's
   * patterns once (after the per-op hooks). */
  bool (*fold)(IrOp *op, const IrAttr *const *operand_consts, IrFoldResult *results);
  void (*canonicalize)(struct RwPatternSet *set, IrContext *ctx);
  /* Adds to `st` the default value of each default-valued inherent
   * attribute it lacks (in none of st->props_dict, st->props and st->attrs),
   * appending to st->props.  ir_op_create calls it, before splitting
   * properties from discardable attributes, for ops of this dialect whose
   * row has IR_TRAIT_DEFAULT_PROPS, so generic-form input and ops built by
   * rewrites get the defaults the custom parsers fill in. */
  void (*populate_defaults)(IrOpState *st);
  /* MLIR's Dialect::materializeConstant: builds the dialect's constant-like
   * op holding `value` of `type` at the rewriter's insertion point (through
   * rw_build_op & co.), or returns NULL.  The greedy driver uses it for the
   * attributes folds produce; rw_materialize_constant reaches it by an op
   * name of the dialect. */
  IrOp *(*materialize_constant)(struct RwRewriter *rw, const IrAttr *value, const IrType *type,
                                const IrLoc *loc);
};

IrContext *ir_context_create(void);
void ir_context_destroy(IrContext *ctx);
void ir_register_dialect(IrContext *ctx, const IrDialect *d);
const IrDialect *ir_lookup_dialect(IrContext *ctx, const char *name, size_t n);
/* The dialect that registered `info` (NULL for unregistered ops). */
const IrDialect *ir_op_info_dialect(IrContext *ctx, const IrOpInfo *info);
/* Calls fn for every registered dialect, in registration order. */
void ir_ctx_for_each_dialect(IrContext *ctx, void (*fn)(const IrDialect *, void *),
                             void *user);
/* Calls fn for every registered op info (dialect registration order, then
 * table order); unregistered placeholder infos are not visited. */
void ir_ctx_for_each_op_info(IrContext *ctx, void (*fn)(const IrOpInfo *, void *),
                             void *user);
/* Per-dialect private state slot (index chosen by the dialect). */
void *ir_ctx_dialect_state(IrContext *ctx, const char *dialect);
void ir_ctx_set_dialect_state(IrContext *ctx, const char *dialect, void *state,
                              void (*free_fn)(void *));
/* The state in slot `key`, or a zeroed block of `size` bytes put there
 * (and freed with the context) on first use. */
void *ir_ctx_zeroed_state(IrContext *ctx, const char *key, size_t size);
/* Whether unregistered dialects/ops are accepted by the verifier/parser. */
void ir_ctx_allow_unregistered(IrContext *ctx, bool allow);
bool ir_ctx_allows_unregistered(IrContext *ctx);
/* Immortal arena allocation in the context. */
void *ir_ctx_alloc(IrContext *ctx, size_t n);
/* Statistics for benchmarks: bytes held by the uniquer arena. */
size_t ir_ctx_arena_bytes(IrContext *ctx);

/* A module op created by the caller: builtin.module with one block. */
extern const IrOpInfo ir_builtin_module_info;
IrOp *ir_module_create(IrContext *ctx, const IrLoc *loc);
IrBlock *ir_module_body(IrOp *module);

/* ======================================================================== */
/* Symbols                                                                  */
/* ======================================================================== */
/* The symbol name of an op (its `sym_name` string attribute) or NULL. */
const IrIdent *ir_symbol_name(const IrOp *op);
/* Finds the op named `name` directly inside symbol-table op `table`. */
IrOp *ir_symbol_lookup(IrOp *table, const IrIdent *name);
/* Resolves a (possibly nested) symbol reference from the nearest symbol
 * table enclosing `from`, walking outward. */
IrOp *ir_symbol_resolve(IrOp *from, const IrAttr *symref);
IrOp *ir_symbol_table_of(IrOp *op); /* nearest enclosing symbol-table op */

/* ======================================================================== */
/* Verification                                                             */
/* ======================================================================== */
/* Verifies op and everything nested: generic structural checks (operand,
 * result, region and successor counts; terminators; parent constraints;
 * unique symbols; dominance of uses), then each op's verify hook, nested
 * regions, then verify_regions.  Diagnostics go to the context; returns
 * true when everything verified. */
bool ir_verify(IrOp *op);

/* ======================================================================== */
/* In-place rewrite                                                         */
/* ======================================================================== */
/* Makes op (no regions or successors) the op ir_op_create would build from
 * st — kind, location, dictionaries (defaults added, attributes split),
 * result types, operands — keeping its position, its result values and
 * their uses.  st must have op's operand and result counts and no regions or
 * successors; false (op untouched) otherwise or when ir_op_create would
 * fail (reported as it reports).  Consumes st->props_dict. */
bool ir_op_reset(IrOp *op, IrOpState *st);

#endif
