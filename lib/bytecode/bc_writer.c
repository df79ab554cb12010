/* bc_writer.c — serializes a cuda_tile.module to Tile IR bytecode, byte for
 * byte as NVIDIA's writer does for the same module and target version.
 *
 * File layout:
 *   magic[8] major:u8 minor:u8 tag:u16le  section*  0x00
 *   section = id:u8 (bit 7: aligned) length:varint [align:varint pad] data
 * Sections are emitted in NVIDIA's order: global, function, constant, debug,
 * type, producer, string.  Strings, types, constants and debug attributes get
 * table indices on first use, so the order in which this file *visits* the
 * module is part of the format: function names and signatures first, then
 * globals, then function bodies, then debug-info strings when the debug
 * section is written.  Each section is built in its own buffer (alignment
 * inside a section is relative to the section start, which is itself
 * aligned in the file to the largest alignment the section asked for),
 * except the function section when writing to memory, which is built in
 * the output (direct_begin).  Nothing is allocated per op: ops are encoded
 * from per-kind plans (WPlan), values are numbered in an open-addressed
 * table, and locations the parser left compact are never materialized. */
#include <stdlib.h>
#include <string.h>

#include "bytecode/bc_internal.h"
#include "dialect/cuda_tile/cuda_tile.h"

typedef VEC(uint64_t) U64Vec;

bool bc_write_plain;

/* What write_op derives from an op kind's row, computed once per kind: the
 * interned argument names (attribute lookups compare pointers), the flag
 * bits and the shape of the operand list. */
typedef struct WPlan {
  const BcOpDesc *d;       /* NULL: the kind has no bytecode row */
  bool ready;              /* filled in */
  bool avail;              /* the kind's opcode exists in the target version */
  bool whole;              /* no result is versioned: a whole-header memo key
                              can hold ops of at most AM_RES results */
  bool reducing;           /* reduce or scan: its body may only hold pure ops */
  bool fast;               /* write_ops may take its ops: avail, whole, no
                              regions in its row, at most 16 operand groups */
  uint8_t gvar[16];        /* per operand group: 1 for a Variadic<> one (its
                              count is written in segment ops) */
  BcPlan b;
} WPlan;

/* One slot of the value table: IrValue* -> index in the value stack.  A
 * slot belongs to the function being written when its generation is the
 * writer's (starting a function empties the table in O(1)); a value whose
 * region was left keeps its slot, and lookups check it against the stack. */
typedef struct ValSlot {
  const IrValue *key;
  uint32_t idx, gen;
} ValSlot;

enum { BC_TCACHE = 64 }; /* Writer.tcache entries, a power of two */

/* One entry of the attribute-section memo: the bytes write_op wrote for an
 * op's flags and attributes, and its operand group sizes, keyed by what
 * they are computed from (the kind's plan, the op's two uniqued
 * dictionaries and its operand count; the target version is the writer's);
 * for ops of at most AM_RES results (none versioned) the whole header, from
 * the opcode on, keyed also by the result types ("whole").
 * Indices into the string, type and constant tables never change once
 * given, so the same key always encodes to the same bytes.  Direct-mapped;
 * sections longer than AM_BYTES or groups of 255+ operands are not kept. */
enum { AM_SLOTS = 4096, AM_BYTES = 40, AM_RES = 2 }; /* AM_BYTES: 33 to 48 (memo_copy) */
typedef struct AttrMemo {
  const void *plan;
  const IrAttr *props, *attrs;
  const IrType *res[AM_RES]; /* whole: the result types (NULL past nres) */
  uint32_t noperands;
  bool whole;                /* the bytes start at the opcode: the key also
                                holds the result types (ops of at most
                                AM_RES results, none versioned) */
  uint8_t nres;
  uint8_t n, ngroups;
  uint8_t sizes[16];
  uint8_t bytes[AM_BYTES];
} AttrMemo;

typedef struct Writer {
  IrContext *ctx;
  uint16_t ver;
  char vstr[16];
  bool failed;
  /* string table: IrIdent* -> index+1 */
  U64Map str_map;
  VEC(const IrIdent *) strs;
  /* type table: IrType* -> index+1 */
  U64Map type_map;
  VEC(const IrType *) types;
  /* constant pool: IrAttr* -> index+1; serialized data back to back */
  U64Map const_map;
  VEC(size_t) const_off;
  BcBuf const_data;
  /* debug info: attribute -> index (>= BC_DI_RESERVED) */
  U64Map di_map;
  VEC(const IrAttr *) dis;
  U64Map fn_di;              /* function op -> debug op index */
  VEC(U64Vec) di_per_fn;     /* per function: debug indices of its ops */
  uint64_t cur_fn_di;        /* debug index of the function being written */
  /* values of the function being written (see ValSlot) */
  ValSlot *vslots;
  size_t vcap, vused;
  uint32_t vgen;
  VEC(IrValue *) val_stack;
  /* per cuda_tile op kind (CtOpIndex), allocated on first use */
  WPlan *plans;
  const IrIdent *id_seg;
  uint32_t max_opcode;       /* highest opcode of the target version */
  /* output: bytes go to `sink` section by section; `emitted` counts them
   * (section padding is relative to the start of the file) */
  void (*sink)(const uint8_t *data, size_t len, void *user);
  void *sink_user;
  size_t emitted;
  BcBuf *direct;             /* the sink's buffer when writing to memory */
  /* types recently given an index, direct-mapped by address (ops share a
   * few result types; indices never change once given) */
  struct { const IrType *t; uint64_t index; } tcache[BC_TCACHE];
  AttrMemo *amemo;           /* AM_SLOTS entries, allocated on first use */
  /* the checks of check_nested made while writing instead of in a walk of
   * their own (bc_stream_writer_function): any failure is enough there, the
   * caller then writes the whole module, which reports the diagnostics */
  bool inline_checks;
  unsigned in_reduce;        /* inside a reduce or scan body (inline_checks) */
} Writer;

static void w_error(Writer *w, const IrLoc *loc, const char *fmt, ...) {
  IrDiag *d = ir_diag_new(w->ctx, IR_SEV_ERROR, loc ? loc : ir_unknown_loc(w->ctx));
  va_list ap;
  va_start(ap, fmt);
  ir_diag_vappend(w->ctx, d, fmt, ap);
  va_end(ap);
  ir_diag_emit(w->ctx, d);
  w->failed = true;
}

/* NVIDIA's op->emitError(): at the op, with the current-operation note when
 * the context prints ops on diagnostics. */
static void w_op_error(Writer *w, IrOp *op, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  IrDiag *d = ir_op_emitv(op, IR_SEV_ERROR, fmt, ap);
  va_end(ap);
  ir_diag_emit(w->ctx, d);
  w->failed = true;
}

/* ---- tables ---------------------------------------------------------------- */

static uint64_t str_index(Writer *w, const IrIdent *s) {
  uintptr_t k = (uintptr_t)s;
  void *v = u64map_get(&w->str_map, k);
  if (v) return (uintptr_t)v - 1;
  vec_push(&w->strs, s);
  u64map_put(&w->str_map, k, (void *)(uintptr_t)w->strs.len);
  return w->strs.len - 1;
}

static uint64_t type_index(Writer *w, const IrType *t);

/* Registers the types a type refers to, in the order its encoding lists
 * them (NVIDIA's registerDependentTypes). */
static void type_deps(Writer *w, const IrType *t) {
  if (t->def == &ir_function_type_def) {
    for (size_t i = 0; i < t->ntypes; i++) type_index(w, t->types[i]);
  } else if (ct_type_is_tile(t) || ct_type_is_ptr(t) || ct_type_is_tensor_view(t) ||
             ct_type_is_view(t)) {
    if (t->ntypes) type_index(w, t->types[0]);
  }
}

static uint64_t type_index(Writer *w, const IrType *t) {
  uintptr_t k = (uintptr_t)t;
  void *v = u64map_get(&w->type_map, k);
  if (v) return (uintptr_t)v - 1;
  type_deps(w, t);
  vec_push(&w->types, t);
  u64map_put(&w->type_map, k, (void *)(uintptr_t)w->types.len);
  return w->types.len - 1;
}

static inline void put_type(Writer *w, BcBuf *b, const IrType *t) {
  size_t h = ((uintptr_t)t >> 4) & (BC_TCACHE - 1);
  if (w->tcache[h].t != t) {
    w->tcache[h].index = type_index(w, t);
    w->tcache[h].t = t;
  }
  bc_varint(b, w->tcache[h].index);
}

/* LEVarSize of int64 / int32 values. */
static void put_i64s(BcBuf *b, const int64_t *v, size_t n) {
  bc_varint(b, n);
  for (size_t i = 0; i < n; i++) bc_le(b, (uint64_t)v[i], 8);
}
static void put_i32s(BcBuf *b, const int64_t *v, size_t n) {
  bc_varint(b, n);
  for (size_t i = 0; i < n; i++) bc_le(b, (uint32_t)v[i], 4);
}

static bool type_version_ok(Writer *w, const char *name, uint16_t since) {
  if (w->ver >= since) return true;
  char need[16];
  bc_version_str(since, need);
  w_error(w, NULL, "type '%s' requires bytecode version %s+, targeting %s", name, need,
          w->vstr);
  return false;
}

/* Padding of a view type: bytecode 13.3+ uses the unified bitfield
 * (written before the parameters), older versions a presence byte. */
static void put_padding(Writer *w, BcBuf *b, const IrType *t) {
  int pad = ct_view_padding(t);
  if (w->ver >= BC_V(13, 3)) {
    if (pad != CT_NO_PADDING) bc_varint(b, (uint64_t)pad);
  } else {
    bc_byte(b, pad != CT_NO_PADDING);
    if (pad != CT_NO_PADDING) bc_varint(b, (uint64_t)pad);
  }
}

static void put_view_flags(Writer *w, BcBuf *b, const IrType *t, bool unified_type) {
  if (unified_type || w->ver >= BC_V(13, 3))
    bc_varint(b, ct_view_padding(t) != CT_NO_PADDING ? 1 : 0);
}

static bool serialize_type(Writer *w, BcBuf *b, const IrType *t) {
  if (ir_type_is_integer(t)) {
    switch (ir_integer_width(t)) {
    case 1: bc_varint(b, BC_T_I1); return true;
    case 4:
      if (!type_version_ok(w, "Int4", BC_V(13, 3))) return false;
      bc_varint(b, BC_T_I4);
      return true;
    case 8: bc_varint(b, BC_T_I8); return true;
    case 16: bc_varint(b, BC_T_I16); return true;
    case 32: bc_varint(b, BC_T_I32); return true;
    case 64: bc_varint(b, BC_T_I64); return true;
    }
    w_error(w, NULL, "unsupported integer type width");
    return false;
  }
  if (ir_type_is_float(t)) {
    switch (ir_float_kind(t)) {
    case IR_F16: bc_varint(b, BC_T_F16); return true;
    case IR_BF16: bc_varint(b, BC_T_BF16); return true;
    case IR_F32: bc_varint(b, BC_T_F32); return true;
    case IR_TF32: bc_varint(b, BC_T_TF32); return true;
    case IR_F64: bc_varint(b, BC_T_F64); return true;
    case IR_F8E4M3FN: bc_varint(b, BC_T_F8E4M3FN); return true;
    case IR_F8E5M2: bc_varint(b, BC_T_F8E5M2); return true;
    case IR_F8E8M0FNU:
      if (!type_version_ok(w, "Float8E8M0FNU", BC_V(13, 2))) return false;
      bc_varint(b, BC_T_F8E8M0FNU);
      return true;
    case IR_F4E2M1FN:
      if (!type_version_ok(w, "Float4E2M1FN", BC_V(13, 3))) return false;
      bc_varint(b, BC_T_F4E2M1FN);
      return true;
    default: break;
    }
    w_error(w, NULL, "unsupported float type: %T", t);
    return false;
  }
  if (t->def == &ir_function_type_def) {
    bc_varint(b, BC_T_FUNC);
    size_t ni = ir_func_num_inputs(t), nr = ir_func_num_results(t);
    /* types = inputs then results (indexed directly: with no types the
     * array is NULL and pointer arithmetic on it would be UB) */
    bc_varint(b, ni);
    for (size_t i = 0; i < ni; i++) put_type(w, b, t->types[i]);
    bc_varint(b, nr);
    for (size_t i = 0; i < nr; i++) put_type(w, b, t->types[ni + i]);
    return true;
  }
  if (ct_type_is_ptr(t)) {
    bc_varint(b, BC_T_PTR);
    put_type(w, b, ct_ptr_type_pointee(t));
    return true;
  }
  if (ct_type_is_tile(t)) {
    bc_varint(b, BC_T_TILE);
    put_type(w, b, ct_tile_type_elem(t));
    put_i64s(b, ct_tile_type_shape(t), ct_tile_type_rank(t));
    return true;
  }
  if (ct_type_is_tensor_view(t)) {
    bc_varint(b, BC_T_TENSOR_VIEW);
    put_type(w, b, ct_tensor_view_elem(t));
    put_i64s(b, ct_tensor_view_shape(t), ct_tensor_view_rank(t));
    put_i64s(b, ct_tensor_view_strides(t), ct_tensor_view_num_strides(t));
    return true;
  }
  if (ct_type_is_token(t)) {
    bc_varint(b, BC_T_TOKEN);
    return true;
  }
  if (ct_type_is_partition_view(t)) {
    bc_varint(b, BC_T_PARTITION_VIEW);
    put_view_flags(w, b, t, false);
    put_i32s(b, ct_view_tile_shape(t), ct_view_tile_rank(t));
    put_type(w, b, ct_view_tensor_view(t));
    put_i32s(b, ct_view_dim_map(t), ct_view_dim_map_size(t));
    put_padding(w, b, t);
    return true;
  }
  if (ct_type_is_strided_view(t)) {
    if (!type_version_ok(w, "StridedViewType", BC_V(13, 3))) return false;
    bc_varint(b, BC_T_STRIDED_VIEW);
    put_view_flags(w, b, t, true);
    put_i32s(b, ct_view_tile_shape(t), ct_view_tile_rank(t));
    put_i32s(b, ct_view_traversal_strides(t), ct_view_num_traversal_strides(t));
    put_type(w, b, ct_view_tensor_view(t));
    put_i32s(b, ct_view_dim_map(t), ct_view_dim_map_size(t));
    if (ct_view_padding(t) != CT_NO_PADDING) bc_varint(b, (uint64_t)ct_view_padding(t));
    return true;
  }
  if (ct_type_is_gather_scatter_view(t)) {
    if (!type_version_ok(w, "GatherScatterViewType", BC_V(13, 3))) return false;
    bc_varint(b, BC_T_GATHER_SCATTER_VIEW);
    put_view_flags(w, b, t, true);
    put_i32s(b, ct_view_tile_shape(t), ct_view_tile_rank(t));
    put_type(w, b, ct_view_tensor_view(t));
    bc_varint(b, ct_view_sparse_dim(t));
    if (ct_view_padding(t) != CT_NO_PADDING) bc_varint(b, (uint64_t)ct_view_padding(t));
    return true;
  }
  w_error(w, NULL, "unsupported type in bytecode writer");
  return false;
}

/* Constant pool entry for a dense elements attribute: size + MLIR raw data
 * (bc_dense_to_raw: splats as one element, i1 bit-packed, tf32 in 3 bytes). */
static uint64_t const_index(Writer *w, const IrAttr *a) {
  uintptr_t k = (uintptr_t)a;
  void *v = u64map_get(&w->const_map, k);
  if (v) return (uintptr_t)v - 1;
  vec_push(&w->const_off, w->const_data.len);
  if (ct_type_is_tile(a->type)) {
    bc_dense_to_raw(ct_tile_type_elem(a->type), ct_tile_type_num_elements(a->type), a->data,
                    a->ndata, &w->const_data);
  } else {
    bc_varint(&w->const_data, a->ndata);
    bc_bytes(&w->const_data, a->data, a->ndata);
  }
  u64map_put(&w->const_map, k, (void *)(uintptr_t)w->const_off.len);
  return w->const_off.len - 1;
}

/* ---- debug info ------------------------------------------------------------- */

static bool di_reserved(const IrAttr *a) {
  return !a || a->def == &ir_file_loc_def || a->def == &ir_unknown_loc_def;
}

static uint64_t di_index(Writer *w, const IrAttr *a);

static void di_register_deps(Writer *w, const IrAttr *a) {
  const IrAttrDef *d = a->def;
  if (d == &ct_di_compile_unit_attr_def) di_index(w, a->elems[0]);
  else if (d == &ct_di_lexical_block_attr_def) {
    di_index(w, a->elems[0]);
    di_index(w, a->elems[1]);
  } else if (d == &ct_di_loc_attr_def) di_index(w, a->elems[1]);
  else if (d == &ct_di_subprogram_attr_def) {
    di_index(w, a->elems[0]);
    di_index(w, a->elems[3]);
  } else if (d == &ir_callsite_loc_def) {
    di_index(w, a->elems[0]);
    di_index(w, a->elems[1]);
  } else if (d == &ir_fused_loc_def) {
    for (size_t i = 0; i < a->nelems; i++) di_index(w, a->elems[i]);
  } else if ((d == &ir_name_loc_def || d == &ir_opaque_loc_def) && a->nelems) {
    di_index(w, a->elems[0]);
  }
}

static uint64_t di_index(Writer *w, const IrAttr *a) {
  uintptr_t k = (uintptr_t)a;
  void *v = u64map_get(&w->di_map, k);
  if (v) return (uintptr_t)v - 1;
  if (di_reserved(a)) return BC_DI_UNKNOWN;
  di_register_deps(w, a);
  uint64_t idx = w->dis.len + BC_DI_RESERVED;
  u64map_put(&w->di_map, k, (void *)(uintptr_t)(idx + 1));
  vec_push(&w->dis, a);
  return idx;
}

/* The op's location as the debug section sees it: NULL (reserved, index 0)
 * for a plain file:line:col the parser left compact, which is thereby never
 * materialized. */
static const IrLoc *op_di_loc(IrOp *op) {
  return ir_op_loc_is_compact(op) ? NULL : ir_op_loc(op);
}

/* Debug op index of a function op (0 when its location is reserved). */
static uint64_t di_fn_index(Writer *w, IrOp *fn) {
  void *v = u64map_get(&w->fn_di, (uintptr_t)fn);
  if (v) return (uintptr_t)v - 1;
  if (di_reserved(op_di_loc(fn))) return BC_DI_UNKNOWN;
  uint64_t idx = w->fn_di.len + BC_DI_RESERVED;
  u64map_put(&w->fn_di, (uintptr_t)fn, (void *)(uintptr_t)(idx + 1));
  return idx;
}

static void di_add(Writer *w, uint64_t fn_idx, const IrLoc *loc) {
  if (fn_idx < BC_DI_RESERVED) return;
  size_t i = fn_idx - BC_DI_RESERVED;
  while (w->di_per_fn.len <= i) vec_push(&w->di_per_fn, (U64Vec){0});
  uint64_t di = di_reserved(loc) ? BC_DI_UNKNOWN : di_index(w, loc);
  vec_push(&w->di_per_fn.data[i], di);
}

static const char *loc_kind_name(const IrAttr *a) {
  if (a->def == &ir_opaque_loc_def) return "OpaqueLoc";
  if (a->def == &ir_name_loc_def) return "NameLoc";
  if (a->def == &ir_fused_loc_def) return "FusedLoc";
  if (a->def == &ir_unknown_loc_def) return "UnknownLoc";
  if (a->def == &ir_file_loc_def) return "FileLineColLoc";
  return "Unknown Attribute";
}

static bool di_validate_slow(Writer *w, IrOp *op, const IrAttr *a);
/* Whether the op's location can be written (most are compact: NULL here). */
static inline bool di_validate(Writer *w, IrOp *op, const IrAttr *a) {
  return !a || di_validate_slow(w, op, a);
}

static bool di_validate_slow(Writer *w, IrOp *op, const IrAttr *a) {
  if (!a || a->def == &ct_di_loc_attr_def || a->def == &ir_file_loc_def ||
      a->def == &ir_unknown_loc_def)
    return true;
  if (a->def == &ir_callsite_loc_def)
    return di_validate(w, op, a->elems[0]) && di_validate(w, op, a->elems[1]);
  w_op_error(w, op, "unsupported location, got %s, expected DILocAttr or CallSiteLoc",
          loc_kind_name(a));
  return false;
}

static bool serialize_di(Writer *w, BcBuf *b, const IrAttr *a) {
  const IrAttrDef *d = a->def;
  if (d == &ct_di_compile_unit_attr_def) {
    bc_varint(b, BC_DI_COMPILE_UNIT);
    bc_varint(b, di_index(w, a->elems[0]));
  } else if (d == &ct_di_file_attr_def) {
    bc_varint(b, BC_DI_FILE);
    bc_varint(b, str_index(w, a->elems[0]->str));
    bc_varint(b, str_index(w, a->elems[1]->str));
  } else if (d == &ct_di_lexical_block_attr_def) {
    bc_varint(b, BC_DI_LEXICAL_BLOCK);
    bc_varint(b, di_index(w, a->elems[0]));
    bc_varint(b, di_index(w, a->elems[1]));
    bc_varint(b, (uint64_t)a->ints[0]);
    bc_varint(b, (uint64_t)a->ints[1]);
  } else if (d == &ct_di_loc_attr_def) {
    const IrAttr *src = a->elems[0];
    bc_varint(b, BC_DI_LOC);
    bc_varint(b, di_index(w, a->elems[1]));
    bc_varint(b, str_index(w, src->str));
    bc_varint(b, (uint64_t)src->ints[0]);
    bc_varint(b, (uint64_t)src->ints[1]);
  } else if (d == &ct_di_subprogram_attr_def) {
    bc_varint(b, BC_DI_SUBPROGRAM);
    bc_varint(b, di_index(w, a->elems[0]));
    bc_varint(b, (uint64_t)a->ints[0]);
    bc_varint(b, str_index(w, a->elems[1]->str));
    bc_varint(b, str_index(w, a->elems[2]->str));
    bc_varint(b, di_index(w, a->elems[3]));
    bc_varint(b, (uint64_t)a->ints[1]);
  } else if (d == &ir_callsite_loc_def) {
    bc_varint(b, BC_DI_CALL_SITE);
    bc_varint(b, di_index(w, a->elems[0]));
    bc_varint(b, di_index(w, a->elems[1]));
  } else {
    return false;
  }
  return true;
}

/* ---- sections ------------------------------------------------------------------- */

static void emit(Writer *w, const uint8_t *data, size_t len) {
  if (!len) return;
  w->sink(data, len, w->sink_user);
  w->emitted += len;
}

/* Emits one section: header, padding to `align` (absolute), data. */
static void section(Writer *w, uint8_t id, const BcBuf *data, size_t align) {
  BcBuf h = {0};
  bc_byte(&h, (uint8_t)((id & 0x7f) | (align > 1 ? 0x80 : 0)));
  bc_varint(&h, data->len);
  if (align > 1) {
    bc_varint(&h, align);
    while ((w->emitted + h.len) % align) bc_byte(&h, BC_ALIGN_BYTE);
  }
  emit(w, h.d, h.len);
  emit(w, data->d, data->len);
  bc_buf_free(&h);
}

/* An offset-table section: count, pad to `word`, offsets, data. */
static void table_section(Writer *w, uint8_t id, size_t n, const size_t *offs,
                          const BcBuf *data, unsigned word) {
  BcBuf b = {0};
  bc_varint(&b, n);
  bc_align(&b, word);
  for (size_t i = 0; i < n; i++) bc_le(&b, offs[i], word);
  bc_bytes(&b, data->d, data->len);
  section(w, id, &b, word);
  bc_buf_free(&b);
}

static void write_string_section(Writer *w) {
  BcBuf data = {0};
  size_t *offs = malloc((w->strs.len + 1) * sizeof *offs);
  for (size_t i = 0; i < w->strs.len; i++) {
    offs[i] = data.len;
    Str s = ir_ident_str(w->strs.data[i]);
    bc_bytes(&data, s.s, s.n);
  }
  table_section(w, BC_SEC_STRING, w->strs.len, offs, &data, 4);
  free(offs);
  bc_buf_free(&data);
}

static bool write_type_section(Writer *w) {
  BcBuf data = {0};
  VEC(size_t) offs = {0};
  /* serialize_type may register no new types (dependencies come first), but
   * iterate by index in case it does. */
  for (size_t i = 0; i < w->types.len; i++) {
    vec_push(&offs, data.len);
    if (!serialize_type(w, &data, w->types.data[i])) break;
  }
  if (!w->failed) table_section(w, BC_SEC_TYPE, w->types.len, offs.data, &data, 4);
  vec_free(&offs);
  bc_buf_free(&data);
  return !w->failed;
}

static void write_constant_section(Writer *w) {
  if (!w->const_off.len) return;
  table_section(w, BC_SEC_CONSTANT, w->const_off.len, w->const_off.data, &w->const_data,
                8);
}

static bool write_debug_section(Writer *w) {
  if (!w->di_per_fn.len && !w->dis.len) return true;
  BcBuf b = {0};
  bc_varint(&b, w->di_per_fn.len);
  bc_align(&b, 4);
  uint64_t off = 0;
  for (size_t i = 0; i < w->di_per_fn.len; i++) {
    bc_le(&b, off, 4);
    off += w->di_per_fn.data[i].len;
  }
  bc_varint(&b, off);
  bc_align(&b, 8);
  for (size_t i = 0; i < w->di_per_fn.len; i++)
    for (size_t j = 0; j < w->di_per_fn.data[i].len; j++)
      bc_le(&b, w->di_per_fn.data[i].data[j], 8);
  /* Serializing can register no new attributes (dependencies come first). */
  BcBuf data = {0};
  VEC(size_t) offs = {0};
  bool ok = true;
  for (size_t i = 0; i < w->dis.len && ok; i++) {
    vec_push(&offs, data.len);
    ok = serialize_di(w, &data, w->dis.data[i]);
  }
  if (!ok) w_error(w, NULL, "failed to serialize debug info attribute");
  else {
    bc_varint(&b, w->dis.len);
    size_t align = 8;
    bc_align(&b, 4);
    for (size_t i = 0; i < offs.len; i++) bc_le(&b, offs.data[i], 4);
    bc_bytes(&b, data.d, data.len);
    section(w, BC_SEC_DEBUG, &b, align);
  }
  vec_free(&offs);
  bc_buf_free(&data);
  bc_buf_free(&b);
  return ok;
}

/* ---- attributes -------------------------------------------------------------------- */

static bool put_attr(Writer *w, BcBuf *b, IrOp *op, const char *name, const IrAttr *a,
                     bool self);

static uint64_t int_zext(const IrAttr *a) {
  unsigned width = ir_type_is_integer(a->type) ? ir_integer_width(a->type) : 64;
  uint64_t v = (uint64_t)a->ints[0];
  return width >= 64 ? v : v & ((UINT64_C(1) << width) - 1);
}

static void put_dict(Writer *w, BcBuf *b, IrOp *op, const IrAttr *d) {
  bc_varint(b, d->nelems);
  for (size_t i = 0; i < d->nelems && !w->failed; i++) {
    bc_varint(b, str_index(w, d->names[i]));
    Str n = ir_ident_str(d->names[i]);
    char nm[128];
    snprintf(nm, sizeof nm, "%.*s", (int)n.n, n.s);
    if (!put_attr(w, b, op, nm, d->elems[i], true) && !w->failed) w->failed = true;
  }
}

/* Writes `a`; with `self` it is preceded by its tag (and type where the
 * kind has one) — NVIDIA's writeSingleAttribute. */
static bool put_attr(Writer *w, BcBuf *b, IrOp *op, const char *name, const IrAttr *a,
                     bool self) {
  const IrAttrDef *d = a->def;
  if (d == &ir_type_attr_def) {
    if (self) bc_varint(b, BC_A_TAG_TYPE);
    put_type(w, b, a->type);
  } else if (d == &ir_string_attr_def) {
    if (self) bc_varint(b, BC_A_TAG_STRING);
    bc_varint(b, str_index(w, a->str));
  } else if (d == &ir_integer_attr_def || d == &ir_bool_attr_def) {
    const IrType *t = d == &ir_bool_attr_def ? ir_integer_type(w->ctx, 1, IR_SIGNLESS) : a->type;
    if (self) {
      bc_varint(b, BC_A_TAG_INTEGER);
      put_type(w, b, t);
    }
    bc_varint(b, d == &ir_bool_attr_def ? (uint64_t)(a->ints[0] != 0) : int_zext(a));
  } else if (d == &ir_float_attr_def) {
    if (self) {
      bc_varint(b, BC_A_TAG_FLOAT);
      put_type(w, b, a->type);
    }
    IrFloatKind k = ir_float_kind(a->type);
    uint64_t bits = ir_float_to_bits(k, a->f);
    if (ir_float_kind_width(k) <= 8) bc_byte(b, (uint8_t)bits);
    else bc_svarint(b, bits);
  } else if (d == &ir_dense_elements_attr_def) {
    if (self) {
      bc_varint(b, BC_A_TAG_DENSE);
      put_type(w, b, a->type);
    }
    bc_varint(b, const_index(w, a));
  } else if (d == &ct_div_by_attr_def) {
    if (self) bc_varint(b, BC_A_TAG_DIV_BY);
    bc_varint(b, ct_div_by_divisor(a));
    bc_byte(b, (uint8_t)((ct_div_by_has_every(a) ? 1 : 0) | (ct_div_by_has_along(a) ? 2 : 0)));
    if (ct_div_by_has_every(a)) bc_svarint(b, (uint64_t)ct_div_by_every(a));
    if (ct_div_by_has_along(a)) bc_svarint(b, (uint64_t)ct_div_by_along(a));
  } else if (d == &ct_same_elements_attr_def) {
    if (self) bc_varint(b, BC_A_TAG_SAME_ELEMENTS);
    put_i64s(b, a->ints, a->nints);
  } else if (d == &ir_array_attr_def) {
    if (self) bc_varint(b, BC_A_TAG_ARRAY);
    bc_varint(b, a->nelems);
    for (size_t i = 0; i < a->nelems; i++)
      if (!put_attr(w, b, op, "arrayElement", a->elems[i], true)) {
        if (!w->failed) w_op_error(w, op, "failed to write ArrayAttr element: %A", a->elems[i]);
        return false;
      }
  } else if (d == &ir_dict_attr_def) {
    if (self) bc_varint(b, BC_A_TAG_DICT);
    put_dict(w, b, op, a);
  } else if (d == &ct_opt_hints_attr_def) {
    if (self) bc_varint(b, BC_A_TAG_OPT_HINTS);
    put_dict(w, b, op, ct_opt_hints_dict(a));
  } else if (d == &ct_bounded_attr_def) {
    if (self) bc_varint(b, BC_A_TAG_BOUNDED);
    bc_byte(b, (uint8_t)((ct_bounded_has_lb(a) ? 1 : 0) | (ct_bounded_has_ub(a) ? 2 : 0)));
    if (ct_bounded_has_lb(a)) bc_svarint(b, (uint64_t)ct_bounded_lb(a));
    if (ct_bounded_has_ub(a)) bc_svarint(b, (uint64_t)ct_bounded_ub(a));
  } else {
    w_op_error(w, op,
            "unsupported attribute type encountered during serialization of attribute '%s': %A",
            name, a);
    return false;
  }
  return !w->failed;
}

/* Enum case value of an enum-kinded attribute (EnumAttr or I32 enum). */
static int64_t enum_value(const IrAttr *a) {
  if (a->def == &ir_integer_attr_def) return a->ints[0];
  return a->nints ? a->ints[0] : 0;
}

/* Writes one ODS attribute in its inline (non-self-contained) form. */
static bool put_op_attr(Writer *w, BcBuf *b, IrOp *op, const BcArg *arg, const IrAttr *a) {
  switch (arg->kind) {
  case BC_A_UNIT:
  case BC_A_SKIP: return true;
  case BC_A_ENUM: bc_varint(b, (uint64_t)enum_value(a)); return true;
  case BC_A_STR:
  case BC_A_SYMREF: bc_varint(b, str_index(w, a->str)); return true;
  case BC_A_U32: bc_varint(b, (uint32_t)a->ints[0]); return true;
  case BC_A_U64: bc_varint(b, (uint64_t)a->ints[0]); return true;
  case BC_A_BOOL: bc_byte(b, a && a->ints[0] ? 1 : 0); return true;
  case BC_A_DI32: put_i32s(b, a->ints, a->nints); return true;
  case BC_A_ARRAY:
  case BC_A_DENSE:
  case BC_A_HINTS: return put_attr(w, b, op, arg->name, a, false);
  case BC_A_PRED: return put_attr(w, b, op, arg->name, a, true);
  case BC_A_TESTVAL:
    if (a->nints) {
      bc_svarint(b, (uint64_t)a->ints[0]);
      return true;
    }
    break;
  }
  w_op_error(w, op, "unsupported attribute type encountered during serialization of "
                      "attribute '%s': %A", arg->name, a);
  return false;
}

/* ---- operations -------------------------------------------------------------------- */

static bool write_op(Writer *w, BcBuf *b, IrOp *op);
static bool write_ops(Writer *w, BcBuf *b, IrOp *first);

static size_t val_hash(const IrValue *v) {
  uint64_t x = (uint64_t)(uintptr_t)v >> 3;
  return (size_t)((x * UINT64_C(0x9E3779B97F4A7C15)) >> 29);
}

/* Starts a function: every slot of the value table becomes free. */
static void vals_reset(Writer *w) {
  w->val_stack.len = 0;
  w->vused = 0;
  if (++w->vgen == 0) { /* wrapped: clear the stamps for real */
    if (w->vcap) memset(w->vslots, 0, w->vcap * sizeof *w->vslots);
    w->vgen = 1;
  }
}

static void vals_grow(Writer *w) {
  size_t ncap = w->vcap ? w->vcap * 2 : 256;
  ValSlot *ns = xcalloc(ncap, sizeof *ns);
  for (size_t i = 0; i < w->vcap; i++) {
    if (w->vslots[i].gen != w->vgen) continue;
    size_t h = val_hash(w->vslots[i].key) & (ncap - 1);
    while (ns[h].gen) h = (h + 1) & (ncap - 1);
    ns[h] = w->vslots[i];
  }
  free(w->vslots);
  w->vslots = ns;
  w->vcap = ncap;
}

static void push_value(Writer *w, IrValue *v) {
  uint32_t idx = (uint32_t)w->val_stack.len;
  vec_push(&w->val_stack, v);
  if ((w->vused + 1) * 2 > w->vcap) vals_grow(w);
  size_t m = w->vcap - 1, h = val_hash(v) & m;
  while (w->vslots[h].gen == w->vgen && w->vslots[h].key != v) h = (h + 1) & m;
  if (w->vslots[h].gen != w->vgen) w->vused++;
  w->vslots[h] = (ValSlot){v, idx, w->vgen};
}

/* Leaves a region: its values go out of scope (their slots stay, see
 * ValSlot). */
static void pop_values(Writer *w, size_t to) {
  if (w->val_stack.len > to) w->val_stack.len = to;
}

/* Op results are numbered without the table: an op's first result index
 * is kept in its `order` field while its function is written (write_block
 * marks each block's order hints invalid before writing it, so ordering
 * queries renumber the block afterwards), and result i is that plus i.
 * A hint left by anything else is harmless: an index is only taken when
 * the value stack holds the value there (else 0, as for a value not in
 * scope). */
static inline void push_results(Writer *w, IrOp *op, uint32_t n) {
  size_t base = w->val_stack.len;
  op->order = (uint32_t)base & 0x7fffffffu;
  vec_reserve(&w->val_stack, base + n);
  for (uint32_t i = 0; i < n; i++) w->val_stack.data[base + i] = ir_op_result(op, i);
  w->val_stack.len = base + n;
}

/* A value's index (0 for one not in scope, as for invalid IR). */
static inline void put_value(Writer *w, BcBuf *b, IrValue *v) {
  uint64_t out = 0;
  if (v->def) {
    size_t i = (size_t)v->def->order + ir_value_index(v);
    if (i < w->val_stack.len && w->val_stack.data[i] == v) out = i;
  } else if (w->vcap) {
    size_t m = w->vcap - 1;
    for (size_t h = val_hash(v) & m; w->vslots[h].gen == w->vgen; h = (h + 1) & m)
      if (w->vslots[h].key == v) {
        uint32_t i = w->vslots[h].idx;
        if (i < w->val_stack.len && w->val_stack.data[i] == v) out = i;
        break;
      }
  }
  bc_varint(b, out);
}

static bool write_block(Writer *w, BcBuf *b, IrBlock *blk) {
  size_t mark = w->val_stack.len;
  blk->order_valid = 0; /* its ops' order fields hold value indices (push_results) */
  bc_varint(b, blk->nargs);
  for (uint32_t i = 0; i < blk->nargs; i++) {
    put_type(w, b, blk->args[i]->type);
    push_value(w, blk->args[i]);
  }
  size_t nops = 0;
  for (IrOp *o = blk->first; o; o = o->next) nops++;
  bc_varint(b, nops);
  bool ok = write_ops(w, b, blk->first);
  pop_values(w, mark);
  return ok;
}

static void plan_init(Writer *w, WPlan *p, const IrOpInfo *info) {
  p->ready = true;
  p->d = bc_op_of(info);
  if (!p->d) return;
  bc_plan_init(&p->b, w->ctx, p->d, info);
  p->avail = bc_op_opcode(p->d) <= w->max_opcode;
  p->whole = !p->b.versioned;
  p->reducing = p->d->op == CT_OP_reduce || p->d->op == CT_OP_scan;
  size_t g = 0;
  for (size_t i = 0; i < p->d->nargs && g < 16; i++)
    if (p->d->args[i].kind <= BC_OPND_VAR) p->gvar[g++] = p->d->args[i].kind == BC_OPND_VAR;
  p->fast = p->avail && p->whole && !p->d->nregions && p->b.ngroups <= 16;
}

/* The plan of the op's kind; NULL for ops without a bytecode row. */
static const WPlan *plan_of(Writer *w, IrOp *op) {
  const IrOpInfo *info = op->info;
  if (info < ct_op_infos || info >= ct_op_infos + CT_OP_COUNT) return NULL;
  if (!w->plans) w->plans = xcalloc(CT_OP_COUNT, sizeof *w->plans);
  WPlan *p = &w->plans[info - ct_op_infos];
  if (!p->ready) plan_init(w, p, info);
  return p->d ? p : NULL;
}

/* Argument i of the op's row, looked up by its interned name. */
static const IrAttr *arg_attr(const WPlan *p, IrOp *op, size_t i) {
  return i < BC_MAX_ARGS ? ir_op_attr(op, p->b.ids[i]) : ir_op_attrz(op, p->d->args[i].name);
}

/* Sizes of the op's ODS operand groups (operandSegmentSizes, or computed for
 * ops with at most one variable-length group). */
static bool operand_groups(Writer *w, IrOp *op, const WPlan *p, uint32_t *sizes) {
  const BcOpDesc *d = p->d;
  size_t n = p->b.ngroups;
  for (size_t i = 0; i < n; i++) sizes[i] = 1;
  if (p->b.seg) {
    const IrAttr *seg = ir_op_attr(op, w->id_seg);
    if (!seg || seg->nints != n) {
      w_op_error(w, op, "missing or malformed operandSegmentSizes");
      return false;
    }
    for (size_t i = 0; i < n; i++) sizes[i] = (uint32_t)seg->ints[i];
    return true;
  }
  if (!p->b.nvar) return true;
  int64_t rest = (int64_t)op->noperands - (int64_t)(n - p->b.nvar);
  for (size_t i = 0, g = 0; i < d->nargs; i++)
    if (d->args[i].kind <= BC_OPND_VAR) {
      if (d->args[i].kind != BC_OPND) sizes[g] = rest > 0 ? (uint32_t)rest : 0, rest = 0;
      g++;
    }
  return true;
}

/* Writes an op's flags (optional attributes, then for segment ops optional
 * operands, grouped by version) and its attributes in ODS order; fills in
 * the sizes of its operand groups. */
static bool write_op_attrs(Writer *w, BcBuf *b, IrOp *op, const WPlan *p, uint32_t *sizes) {
  const BcOpDesc *d = p->d;
  char need[16];
  /* The op's attributes by argument (each looked up once). */
  const IrAttr *av[BC_MAX_ARGS];
  size_t nav = d->nargs < BC_MAX_ARGS ? d->nargs : BC_MAX_ARGS;
  for (size_t i = 0; i < nav; i++)
    av[i] = d->args[i].kind >= BC_A_UNIT ? ir_op_attr(op, p->b.ids[i]) : NULL;

  /* Flags: optional attributes, then (segment ops) optional operands, grouped
   * by version. */
  if (!operand_groups(w, op, p, sizes)) return false;
  if (p->b.any_opt) {
    uint64_t flags = 0;
    size_t g = 0;
    for (size_t i = 0; i < nav; i++) {
      const BcArg *a = &d->args[i];
      size_t gi = g;
      if (a->kind <= BC_OPND_VAR) g++;
      if (p->b.bits[i] < 0) continue;
      bool is_attr = a->kind >= BC_A_UNIT;
      bool present = is_attr ? av[i] != NULL : sizes[gi] != 0;
      if (!present) continue;
      if (a->ver != bc_op_ver(d) && w->ver < a->ver) {
        bc_version_str(a->ver, need);
        w_op_error(w, op, "optional %s '%s' is provided but requires bytecode version "
                            "%s, targeting %s",
                is_attr ? "attribute" : "operand", a->name, need, w->vstr);
        return false;
      }
      flags |= UINT64_C(1) << p->b.bits[i];
    }
    if (p->b.min_opt == bc_op_ver(d) || w->ver >= p->b.min_opt) bc_varint(b, flags);
  }

  /* Attributes in ODS order. */
  for (size_t i = 0; i < d->nargs; i++) {
    const BcArg *a = &d->args[i];
    if (a->kind <= BC_OPND_VAR || a->kind == BC_A_UNIT || a->kind == BC_A_SKIP) continue;
    const IrAttr *v = i < nav ? av[i] : arg_attr(p, op, i);
    if (a->optional) {
      if (v && !put_op_attr(w, b, op, a, v)) return false;
      continue;
    }
    /* the op's default for this attribute (defaults.c), if it has one */
    if (w->ver >= a->ver) {
      if (!v) v = ct_op_default_attr(w->ctx, (CtOpIndex)d->op, a->name);
      if (!v) {
        w_op_error(w, op, "missing required attribute '%s'", a->name);
        return false;
      }
      if (!put_op_attr(w, b, op, a, v)) return false;
    } else if (v) {
      const IrAttr *dv = ct_op_default_attr(w->ctx, (CtOpIndex)d->op, a->name);
      if (dv && (a->kind == BC_A_ENUM ? enum_value(v) : v->ints[0]) !=
                    (a->kind == BC_A_ENUM ? enum_value(dv) : dv->ints[0])) {
        bc_version_str(a->ver, need);
        w_op_error(w, op, "attribute '%s' requires bytecode version %s+, but targeting %s",
                a->name, need, w->vstr);
        return false;
      }
    }
  }

  return !w->failed;
}

/* The memo slot of the op's key (AttrMemo; rt: its result types for a
 * whole-header key, else NULLs). */
static inline AttrMemo *attr_memo_slot(Writer *w, const WPlan *p, const IrOp *op,
                                       const IrType *const rt[AM_RES]) {
  if (!w->amemo) w->amemo = xcalloc(AM_SLOTS, sizeof *w->amemo);
  uint64_t h = (uint64_t)(uintptr_t)p * UINT64_C(0x9E3779B97F4A7C15);
  h = (h ^ (uintptr_t)op->props) * UINT64_C(0x9E3779B97F4A7C15);
  h = (h ^ (uintptr_t)op->attrs ^ op->noperands) * UINT64_C(0x9E3779B97F4A7C15);
  h = (h ^ (uintptr_t)rt[0] ^ ((uintptr_t)rt[1] << 1)) * UINT64_C(0x9E3779B97F4A7C15);
  return &w->amemo[(h >> 40) & (AM_SLOTS - 1)];
}

/* Appends a memo entry's bytes. */
static inline void memo_copy(BcBuf *b, const AttrMemo *am) {
  if (b->cap - b->len >= AM_BYTES) { /* (inline: three moves) */
    uint8_t *to = b->d + b->len;
    memcpy(to, am->bytes, 16);
    memcpy(to + 16, am->bytes + 16, 16);
    memcpy(to + 32, am->bytes + 32, AM_BYTES - 32);
    b->len += am->n;
  } else {
    bc_bytes(b, am->bytes, am->n);
  }
}

/* Remembers the section just written, when it fits (false: it did not). */
static bool attr_memo_put(Writer *w, AttrMemo *am, const WPlan *p, const IrOp *op,
                          const uint8_t *bytes, size_t n, const uint32_t *sizes) {
  if (w->failed || n > AM_BYTES || p->b.ngroups > 16) return false;
  for (size_t i = 0; i < p->b.ngroups; i++)
    if (sizes[i] > 255) return false;
  am->plan = p;
  am->whole = false;
  am->props = op->props;
  am->attrs = op->attrs;
  am->noperands = op->noperands;
  am->n = (uint8_t)n;
  am->ngroups = p->b.ngroups;
  for (size_t i = 0; i < p->b.ngroups; i++) am->sizes[i] = (uint8_t)sizes[i];
  memcpy(am->bytes, bytes, n);
  return true;
}

/* write_op's refusals of an op: no bytecode row, not in the target
 * version, impure in a reduce or scan body, regions where its row has none
 * (the last two only with inline_checks). */
static bool write_op_refused(Writer *w, IrOp *op, const WPlan *p) {
  if (!p)
    w_op_error(w, op, "operation not supported in bytecode (missing from BytecodeOpcodes.td)");
  else if (!p->avail)
    w_op_error(w, op, "operation '%s' is not available in bytecode version %s",
               op->info->name, w->vstr);
  else if (op->nregions && !p->d->nregions)
    w_op_error(w, op, "unexpected regions");
  else
    w_op_error(w, op, "only pure operations allowed");
  return false;
}

/* write_op's part for an op without a whole-header memo hit: the opcode and
 * results, then the flags and attributes (an earlier op's bytes when it had
 * the same key without result types, else written and remembered).  Fills
 * in sizes and *nser (results in the file's numbering). */
static bool write_op_header(Writer *w, BcBuf *b, IrOp *op, const WPlan *p, AttrMemo *am,
                            bool whole, const IrType *const rt[AM_RES], uint32_t *sizes,
                            uint32_t *nser) {
  const BcOpDesc *d = p->d;
  size_t hstart = b->len;
  bc_varint(b, bc_op_opcode(d));

  char need[16];
  /* Results. */
  if (p->b.versioned) {
    *nser = 0;
    bool keep[8] = {0};
    for (uint32_t i = 0; i < op->nresults && i < 8; i++) {
      uint16_t rv = i < d->nres ? d->res_ver[i] : bc_op_ver(d);
      if (rv == bc_op_ver(d) || w->ver >= rv) keep[i] = true, ++*nser;
      else if (ir_value_has_uses(ir_op_result(op, i))) {
        bc_version_str(rv, need);
        w_op_error(w, op,
                "result '%s' requires bytecode version %s but is being used and targeting %s. "
                "Cannot serialize to older bytecode version when newer features are used.",
                "result_token",
                need, w->vstr);
        return false;
      }
    }
    if (d->var_results) bc_varint(b, *nser);
    for (uint32_t i = 0; i < op->nresults && i < 8; i++)
      if (keep[i]) put_type(w, b, ir_op_result(op, i)->type);
  } else {
    if (d->var_results) bc_varint(b, op->nresults);
    for (uint32_t i = 0; i < op->nresults; i++) put_type(w, b, ir_op_result(op, i)->type);
  }

  /* Flags and attributes: an earlier op's bytes when it had the same key
   * (AttrMemo, without result types), else written here and remembered
   * (with the opcode and results for a whole-header key). */
  if (!whole && am->plan == p && !am->whole && am->props == op->props &&
      am->attrs == op->attrs && am->noperands == op->noperands) {
    memo_copy(b, am);
    if (p->b.seg)
      for (size_t i = 0; i < am->ngroups; i++) sizes[i] = am->sizes[i];
  } else {
    size_t start = whole ? hstart : b->len;
    if (!write_op_attrs(w, b, op, p, sizes)) return false;
    if (attr_memo_put(w, am, p, op, b->d + start, b->len - start, sizes) && whole) {
      am->whole = true;
      am->nres = (uint8_t)op->nresults;
      am->res[0] = rt[0];
      am->res[1] = rt[1];
    }
  }
  return true;
}

/* Writes one op (NVIDIA's writeOperation + the generated per-op writer).
 * Most ops are a whole-header memo hit (AttrMemo): then only the operands,
 * regions and results are looked at here. */
static bool write_op(Writer *w, BcBuf *b, IrOp *op) {
  const WPlan *p = plan_of(w, op);
  if (!p || !p->avail || (w->in_reduce && !ct_op_is_effect_free(op)))
    return write_op_refused(w, op, p);
  if (!ir_op_loc_is_compact(op)) {
    const IrLoc *loc = ir_op_loc(op);
    if (!di_validate(w, op, loc)) return false;
    di_add(w, w->cur_fn_di, loc);
  } else if (w->cur_fn_di >= BC_DI_RESERVED) {
    di_add(w, w->cur_fn_di, NULL);
  }
  const BcOpDesc *d = p->d;

  /* The whole header (opcode, results, flags, attributes) of an earlier op
   * with the same key when the key can hold the result types (AttrMemo);
   * else write_op_header. */
  uint32_t sizes[16];
  uint32_t nres = op->nresults, nser = nres; /* results in the file's numbering */
  bool whole = p->whole && nres <= AM_RES;
  const IrType *rt[AM_RES] = {NULL, NULL};
  if (whole && nres) {
    rt[0] = ir_op_result(op, 0)->type;
    if (nres > 1) rt[1] = ir_op_result(op, 1)->type;
  }
  AttrMemo *am = attr_memo_slot(w, p, op, rt);
  if (whole && am->plan == p && am->whole && am->props == op->props &&
      am->attrs == op->attrs && am->noperands == op->noperands &&
      am->nres == nres && am->res[0] == rt[0] && am->res[1] == rt[1] && !bc_write_plain) {
    memo_copy(b, am);
    if (p->b.seg) /* (only segment ops use the sizes below) */
      for (size_t i = 0; i < am->ngroups; i++) sizes[i] = am->sizes[i];
  } else if (!write_op_header(w, b, op, p, am, whole, rt, sizes, &nser)) {
    return false;
  }

  /* Operands. */
  uint32_t nopnd = op->noperands;
  const IrUse *uses = nopnd ? ir_op_operands(op) : NULL;
  if (p->b.seg) {
    uint32_t pos = 0;
    size_t g = 0;
    for (size_t i = 0; i < d->nargs; i++) {
      const BcArg *a = &d->args[i];
      if (a->kind > BC_OPND_VAR) continue;
      uint32_t n = sizes[g++];
      if (a->kind == BC_OPND_VAR) bc_varint(b, n);
      for (uint32_t k = 0; k < n && pos < nopnd; k++) put_value(w, b, uses[pos++].value);
    }
  } else if (p->b.ngroups) {
    if (p->b.count_operands) bc_varint(b, nopnd);
    for (uint32_t k = 0; k < nopnd; k++) put_value(w, b, uses[k].value);
  }

  /* Regions. */
  if (d->nregions) {
    bc_varint(b, op->nregions);
    w->in_reduce += w->inline_checks && p->reducing;
    for (uint32_t r = 0; r < op->nregions; r++) {
      size_t nb = 0;
      for (IrBlock *blk = ir_op_regions(op)[r].first; blk; blk = blk->next) nb++;
      bc_varint(b, nb);
      for (IrBlock *blk = ir_op_regions(op)[r].first; blk; blk = blk->next)
        if (!write_block(w, b, blk)) return false;
    }
    w->in_reduce -= w->inline_checks && p->reducing;
  } else if (op->nregions && w->inline_checks) {
    return write_op_refused(w, op, p);
  }
  push_results(w, op, nser);
  return !w->failed;
}

/* Writes the ops from `first` on (write_op for each), the common ones here
 * without a call: an op of a `fast` kind without regions, at a compact
 * location (nothing for the debug section), outside reduce and scan bodies
 * (inline_checks), whose whole header is a memo hit (AttrMemo).  Such an op
 * is looked at (nothing written) before it is known to be one, so any other
 * goes to write_op from the start.  Its bytes are write_op's: the memo's,
 * then its operands, the same way. */
static bool write_ops(Writer *w, BcBuf *b, IrOp *first) {
  if (!w->plans) w->plans = xcalloc(CT_OP_COUNT, sizeof *w->plans);
  if (!w->amemo) w->amemo = xcalloc(AM_SLOTS, sizeof *w->amemo);
  bool quick = w->cur_fn_di < BC_DI_RESERVED && !w->in_reduce && !bc_write_plain;
  for (IrOp *op = first; op; op = op->next) {
    const IrOpInfo *info = op->info;
    const WPlan *p;
    uint32_t nres = op->nresults;
    if (!quick || info < ct_op_infos || info >= ct_op_infos + CT_OP_COUNT ||
        !(p = &w->plans[info - ct_op_infos])->fast || !(op->loc_bits & 1) || op->nregions ||
        nres > AM_RES)
      goto slow;
    const IrType *rt[AM_RES] = {NULL, NULL};
    if (nres) {
      rt[0] = ir_op_result(op, 0)->type;
      if (nres > 1) rt[1] = ir_op_result(op, 1)->type;
    }
    AttrMemo *am = attr_memo_slot(w, p, op, rt);
    if (!(am->plan == p && am->whole && am->props == op->props && am->attrs == op->attrs &&
          am->noperands == op->noperands && am->nres == nres && am->res[0] == rt[0] &&
          am->res[1] == rt[1]))
      goto slow;
    memo_copy(b, am);
    uint32_t nopnd = op->noperands;
    const IrUse *uses = nopnd ? ir_op_operands(op) : NULL;
    if (p->b.seg) {
      uint32_t pos = 0;
      for (size_t g = 0; g < am->ngroups; g++) {
        uint32_t n = am->sizes[g];
        if (p->gvar[g]) bc_varint(b, n);
        for (uint32_t k = 0; k < n && pos < nopnd; k++) put_value(w, b, uses[pos++].value);
      }
    } else if (p->b.ngroups) {
      if (p->b.count_operands) bc_varint(b, nopnd);
      for (uint32_t k = 0; k < nopnd; k++) put_value(w, b, uses[k].value);
    }
    push_results(w, op, nres);
    continue;
  slow:
    if (!write_op(w, b, op)) return false;
  }
  return !w->failed;
}

/* ---- module --------------------------------------------------------------------- */

static bool is_function(IrOp *op) {
  return ct_op_is(op, CT_OP_entry) || ct_op_is(op, CT_OP_testing_func);
}

static bool check_nested(Writer *w, IrOp *module, IrOp *op, int in_reduce) {
  for (uint32_t r = 0; r < op->nregions; r++)
    for (IrBlock *b = ir_op_regions(op)[r].first; b; b = b->next)
      for (IrOp *o = b->first; o; o = o->next) {
        bool ours = o->info >= ct_op_infos && o->info < ct_op_infos + CT_OP_COUNT;
        if (!ours && strncmp(o->info->name, "cuda_tile.", 10)) {
          ir_remark(w->ctx, ir_op_loc(o), "invalid op: %s", o->info->name);
          ir_op_error(module, "only ops from the 'cuda_tile' dialect are allowed");
          return false;
        }
        if (in_reduce && !ct_op_is_effect_free(o)) {
          ir_remark(w->ctx, ir_op_loc(o), "invalid op: %s", o->info->name);
          ir_op_error(op, "only pure operations allowed");
          return false;
        }
        if (!o->nregions) continue;
        bool red = ct_op_is(o, CT_OP_reduce) || ct_op_is(o, CT_OP_scan);
        if (!check_nested(w, module, o, in_reduce || red)) return false;
      }
  return true;
}

static bool check_self_contained(Writer *w, IrOp *module) {
  IrBlock *body = module->nregions ? ir_op_regions(module)[0].first : NULL;
  for (IrOp *o = body ? body->first : NULL; o; o = o->next)
    if (!is_function(o) && !ct_op_is(o, CT_OP_global)) {
      ir_remark(w->ctx, ir_op_loc(o), "invalid op: %s", o->info->name);
      ir_op_error(module, "only function and global ops are allowed in the body");
      return false;
    }
  return check_nested(w, module, module, 0);
}

static bool write_global_section(Writer *w, IrOp *module) {
  IrBlock *body = ir_op_regions(module)[0].first;
  BcBuf b = {0};
  size_t n = 0;
  for (IrOp *o = body ? body->first : NULL; o; o = o->next) n += ct_op_is(o, CT_OP_global);
  if (!n) return true;
  bc_varint(&b, n);
  for (IrOp *o = body->first; o; o = o->next) {
    if (!ct_op_is(o, CT_OP_global)) continue;
    const IrAttr *name = ir_op_attrz(o, "sym_name");
    const IrAttr *val = ir_op_attrz(o, "value");
    const IrAttr *al = ir_op_attrz(o, "alignment");
    const IrAttr *vis = ir_op_attrz(o, "symbol_visibility");
    bool constant = ir_op_attrz(o, "constant") != NULL;
    int64_t visv = vis ? enum_value(vis) : 0;
    Str nm = ir_ident_str(name->str);
    if (w->ver < BC_V(13, 3)) {
      if (visv != CT_VISIBILITY_PUBLIC) {
        w_op_error(w, o, "global `%.*s` uses non-public symbol visibility, which cannot be "
                           "encoded in bytecode version %s (requires bytecode 13.3+)",
                (int)nm.n, nm.s, w->vstr);
        break;
      }
      if (constant) {
        w_op_error(w, o, "constant global `%.*s` cannot be encoded in bytecode version %s "
                           "(the `constant` attribute requires bytecode 13.3+)",
                (int)nm.n, nm.s, w->vstr);
        break;
      }
    }
    bc_varint(&b, str_index(w, name->str));
    bc_varint(&b, type_index(w, val->type));
    bc_varint(&b, const_index(w, val));
    bc_varint(&b, al ? (uint64_t)al->ints[0] : 0);
    if (w->ver >= BC_V(13, 3)) {
      bc_varint(&b, (uint64_t)visv);
      bc_varint(&b, constant);
    }
  }
  if (!w->failed) section(w, BC_SEC_GLOBAL, &b, 1);
  bc_buf_free(&b);
  return !w->failed;
}

typedef struct FnMeta {
  IrOp *op;
  uint64_t name, sig, loc;
} FnMeta;

/* Writing into a buffer (bc_write_module), the function section — nearly
 * the whole file — is built in place in the output rather than in a buffer
 * of its own that is then copied: its data goes after a gap big enough for
 * any section header, and once its length is known the header is written
 * and the data moved down against it. */
enum { BC_SEC_HDR_MAX = 24 }; /* id, length varint, alignment varint, padding */

static void direct_begin(Writer *w, size_t *start) {
  bc_buf_reserve(w->direct, BC_SEC_HDR_MAX);
  w->direct->len += BC_SEC_HDR_MAX;
  *start = w->direct->len;
}

static void direct_end(Writer *w, uint8_t id, size_t start, size_t align) {
  BcBuf *f = w->direct;
  size_t len = f->len - start, at = start - BC_SEC_HDR_MAX;
  uint8_t hd[BC_SEC_HDR_MAX];
  size_t n = 0;
  hd[n++] = (uint8_t)((id & 0x7f) | (align > 1 ? 0x80 : 0));
  for (uint64_t v = len;; v >>= 7) {
    hd[n++] = (uint8_t)((v & 0x7f) | (v >> 7 ? 0x80 : 0));
    if (!(v >> 7)) break;
  }
  if (align > 1) {
    hd[n++] = (uint8_t)align; /* < 128: one byte */
    while ((w->emitted + n) % align) hd[n++] = BC_ALIGN_BYTE;
  }
  memmove(f->d + at + n, f->d + start, len);
  memcpy(f->d + at, hd, n);
  f->len = at + n + len;
  w->emitted += n + len;
}

/* The function section being built: in the output (direct_begin) or in a
 * buffer of its own. */
typedef struct FnSection {
  BcBuf own;
  BcBuf *b;
  size_t start;
} FnSection;

static void fn_section_begin(Writer *w, FnSection *fs, size_t nfns) {
  *fs = (FnSection){.b = w->direct ? w->direct : &fs->own};
  if (w->direct) direct_begin(w, &fs->start);
  bc_varint(fs->b, nfns);
}

/* Writes one function entry: name, signature, flags, location, hints, body. */
static bool fn_section_add(Writer *w, FnSection *fs, const FnMeta *m) {
  BcBuf *b = fs->b;
  IrOp *fn = m->op;
  bc_varint(b, m->name);
  bc_varint(b, m->sig);
  bool entry = ct_op_is(fn, CT_OP_entry);
  const IrAttr *hints = entry ? ir_op_attrz(fn, "optimization_hints") : NULL;
  bc_byte(b, (uint8_t)(entry ? BC_FN_KERNEL | (hints ? BC_FN_HAS_HINTS : 0) : 0));
  bc_varint(b, m->loc);
  if (hints && !put_attr(w, b, fn, "optimization_hints", hints, true)) return false;
  vals_reset(w);
  w->cur_fn_di = m->loc;
  /* The body goes right after room for its length, a varint of FN_LEN_GUESS
   * bytes (bodies of 128 bytes to 16 KB); another length moves it. */
  enum { FN_LEN_GUESS = 2 };
  bc_buf_reserve(b, FN_LEN_GUESS);
  size_t at = b->len, start = at + FN_LEN_GUESS;
  b->len = start;
  IrBlock *blk = fn->nregions ? ir_op_regions(fn)[0].first : NULL;
  for (IrBlock *bb = blk; bb; bb = bb->next) {
    bb->order_valid = 0; /* (see push_results) */
    for (uint32_t a = 0; bb == blk && a < bb->nargs; a++) push_value(w, bb->args[a]);
    if (!w->failed) write_ops(w, b, bb->first);
  }
  if (w->failed) return false;
  size_t n = b->len - start;
  uint8_t lenv[10];
  size_t nl = 0;
  for (uint64_t v = n;; v >>= 7) {
    lenv[nl++] = (uint8_t)((v & 0x7f) | (v >> 7 ? 0x80 : 0));
    if (!(v >> 7)) break;
  }
  if (nl != FN_LEN_GUESS) {
    if (nl > FN_LEN_GUESS) bc_buf_reserve(b, nl - FN_LEN_GUESS);
    memmove(b->d + at + nl, b->d + start, n);
    b->len = at + nl + n;
  }
  memcpy(b->d + at, lenv, nl);
  return true;
}

/* Pads and emits the section (unless writing failed) and frees its buffers. */
static bool fn_section_end(Writer *w, FnSection *fs) {
  BcBuf *b = fs->b;
  if (!w->failed) {
    while ((b->len - fs->start) % 8) bc_byte(b, BC_ALIGN_BYTE); /* relative to the section */
    if (w->direct) direct_end(w, BC_SEC_FUNC, fs->start, 8);
    else section(w, BC_SEC_FUNC, b, 8);
  }
  bc_buf_free(&fs->own);
  return !w->failed;
}

static bool write_function_section(Writer *w, FnMeta *fns, size_t nfns) {
  FnSection fs;
  fn_section_begin(w, &fs, nfns);
  for (size_t i = 0; i < nfns && !w->failed; i++) fn_section_add(w, &fs, &fns[i]);
  return fn_section_end(w, &fs);
}

static IrOp *find_tile_module(IrContext *ctx, IrOp *op) {
  if (ct_op_is(op, CT_OP_module)) return op;
  if (!strcmp(op->info->name, "builtin.module")) {
    IrBlock *b = op->nregions ? ir_op_regions(op)[0].first : NULL;
    IrOp *only = b ? b->first : NULL;
    if (!only || only->next || !ct_op_is(only, CT_OP_module)) {
      ir_error(ctx, ir_op_loc(op), "expected a single CUDA Tile IR module in the MLIR module");
      return NULL;
    }
    return only;
  }
  ir_error(ctx, ir_op_loc(op), "expected a CUDA Tile IR module, but got a %s", op->info->name);
  return NULL;
}

static void writer_free(Writer *w) {
  u64map_free(&w->str_map);
  vec_free(&w->strs);
  u64map_free(&w->type_map);
  vec_free(&w->types);
  u64map_free(&w->const_map);
  vec_free(&w->const_off);
  bc_buf_free(&w->const_data);
  u64map_free(&w->di_map);
  vec_free(&w->dis);
  u64map_free(&w->fn_di);
  for (size_t i = 0; i < w->di_per_fn.len; i++) vec_free(&w->di_per_fn.data[i]);
  vec_free(&w->di_per_fn);
  free(w->vslots);
  vec_free(&w->val_stack);
  free(w->plans);
  free(w->amemo);
}

static void writer_init(Writer *w, IrContext *ctx, unsigned vmajor, unsigned vminor,
                        void (*sink)(const uint8_t *data, size_t len, void *user), void *user,
                        BcBuf *direct) {
  *w = (Writer){.ctx = ctx, .ver = BC_V(vmajor, vminor), .sink = sink, .sink_user = user,
                .direct = direct, .vgen = 1};
  bc_version_str(w->ver, w->vstr);
  w->id_seg = ir_identz(ctx, "operandSegmentSizes");
  w->max_opcode = bc_max_opcode(w->ver);
}

/* The version check and the file header. */
static bool write_header(Writer *w, IrOp *module) {
  if (w->ver < BC_V_MIN) {
    ir_error(w->ctx, ir_op_loc(module),
             "unsupported version requested %s, must be in range [13.1, 13.3]", w->vstr);
    return false;
  }
  static const uint8_t magic[8] = {0x7F, 'T', 'i', 'l', 'e', 'I', 'R', 0x00};
  uint8_t hdr[12];
  memcpy(hdr, magic, 8);
  hdr[8] = (uint8_t)BC_V_MAJOR(w->ver);
  hdr[9] = (uint8_t)BC_V_MINOR(w->ver);
  hdr[10] = hdr[11] = 0;
  emit(w, hdr, sizeof hdr);
  return true;
}

/* A function's metadata: it fixes the first string and type indices, so
 * every function is declared before anything else is written. */
static FnMeta declare_fn(Writer *w, IrOp *o) {
  FnMeta m = {.op = o};
  m.name = str_index(w, ir_op_attrz(o, "sym_name")->str);
  m.sig = type_index(w, ir_op_attrz(o, "function_type")->type);
  m.loc = di_fn_index(w, o);
  di_add(w, m.loc, op_di_loc(o));
  return m;
}

/* The sections after the function section: constants, debug info, types,
 * producer (`producer`: the module's attribute, or NULL), strings, end. */
static bool write_tail(Writer *w, const IrAttr *producer) {
  write_constant_section(w);
  bool ok = write_debug_section(w) && write_type_section(w);
  if (ok && w->ver >= BC_V(13, 3) && producer && producer->def == &ir_string_attr_def) {
    BcBuf p = {0};
    bc_varint(&p, str_index(w, producer->str));
    section(w, BC_SEC_PRODUCER, &p, 1);
    bc_buf_free(&p);
  }
  if (ok) {
    write_string_section(w);
    uint8_t end = BC_SEC_END;
    emit(w, &end, 1);
  }
  return ok && !w->failed;
}

/* Streams the file to `sink` section by section (NVIDIA's section order);
 * after a failure the bytes already passed to the sink must be discarded.
 * `direct`, when given, is the buffer the sink appends to: the function
 * section is then built in it in place (direct_begin). */
static bool write_module(IrOp *op, unsigned vmajor, unsigned vminor,
                         void (*sink)(const uint8_t *data, size_t len, void *user),
                         void *user, BcBuf *direct) {
  IrContext *ctx = ir_op_context(op);
  IrOp *module = find_tile_module(ctx, op);
  if (!module) return false;
  Writer w;
  writer_init(&w, ctx, vmajor, vminor, sink, user, direct);
  if (!check_self_contained(&w, module) || !write_header(&w, module)) {
    writer_free(&w);
    return false;
  }
  VEC(FnMeta) fns = {0};
  IrBlock *body = module->nregions ? ir_op_regions(module)[0].first : NULL;
  for (IrOp *o = body ? body->first : NULL; o; o = o->next)
    if (is_function(o)) vec_push(&fns, declare_fn(&w, o));
  bool ok = write_global_section(&w, module) && write_function_section(&w, fns.data, fns.len);
  ok = ok && write_tail(&w, ir_op_attrz(module, "producer"));
  vec_free(&fns);
  writer_free(&w);
  return ok;
}

bool bc_write_module_stream(IrOp *op, unsigned vmajor, unsigned vminor,
                            void (*sink)(const uint8_t *data, size_t len, void *user),
                            void *user) {
  return write_module(op, vmajor, vminor, sink, user, NULL);
}

static void to_buffer(const uint8_t *data, size_t len, void *user) {
  bc_bytes(user, data, len);
}

bool bc_write_module(IrOp *op, unsigned vmajor, unsigned vminor, uint8_t **out,
                     size_t *out_len) {
  BcBuf file = {0};
  *out = NULL;
  *out_len = 0;
  if (!write_module(op, vmajor, vminor, to_buffer, &file, &file)) {
    bc_buf_free(&file);
    return false;
  }
  *out = file.d;
  *out_len = file.len;
  return true;
}

/* ---- writing a module a function at a time --------------------------------------- */

/* What write_module does, in the calls of a caller that holds only part of
 * the module at a time (see bytecode.h): the declared functions' metadata,
 * then the globals, then each function's entry, written to memory. */
struct BcStreamWriter {
  Writer w;
  BcBuf file;
  VEC(FnMeta) fns;
  VEC(const IrIdent *) names;     /* each declared function's name */
  VEC(const IrType *) sigs;       /* and its signature */
  size_t next;                    /* the next function to write */
  FnSection fs;
  bool started;                   /* the function section was begun */
  const IrAttr *producer;
};

BcStreamWriter *bc_stream_writer_new(IrContext *ctx, unsigned vmajor, unsigned vminor) {
  BcStreamWriter *s = xcalloc(1, sizeof *s);
  writer_init(&s->w, ctx, vmajor, vminor, to_buffer, &s->file, &s->file);
  return s;
}

bool bc_stream_writer_declare(BcStreamWriter *s, const IrIdent *name, const IrType *sig) {
  if (s->w.failed || s->started || !name || !sig || sig->def != &ir_function_type_def)
    return false;
  /* declare_fn for an entry with this name and signature at a compact
   * location (debug index 0: nothing for the debug section) */
  FnMeta m = {.name = str_index(&s->w, name), .sig = type_index(&s->w, sig)};
  vec_push(&s->fns, m);
  vec_push(&s->names, name);
  vec_push(&s->sigs, sig);
  return true;
}

bool bc_stream_writer_globals(BcStreamWriter *s, IrOp *module) {
  Writer *w = &s->w;
  if (w->failed || s->started || !ct_op_is(module, CT_OP_module)) return false;
  IrBlock *body = module->nregions ? ir_op_regions(module)[0].first : NULL;
  for (IrOp *o = body ? body->first : NULL; o; o = o->next)
    if (!ct_op_is(o, CT_OP_global)) return false;
  if (!check_nested(w, module, module, 0) || !write_header(w, module) ||
      !write_global_section(w, module))
    return false;
  s->producer = ir_op_attrz(module, "producer");
  fn_section_begin(w, &s->fs, s->fns.len);
  s->started = true;
  return true;
}

bool bc_stream_writer_function(BcStreamWriter *s, IrOp *fn, IrOp *module) {
  Writer *w = &s->w;
  if (w->failed || !s->started || s->next >= s->fns.len || !ct_op_is(fn, CT_OP_entry))
    return false;
  const IrAttr *name = ir_op_attrz(fn, "sym_name");
  const IrAttr *ft = ir_op_attrz(fn, "function_type");
  size_t i = s->next++;
  if (!name || name->def != &ir_string_attr_def || name->str != s->names.data[i] || !ft ||
      ft->def != &ir_type_attr_def || ft->type != s->sigs.data[i] ||
      !di_reserved(op_di_loc(fn)))
    return false; /* not what was declared; debug info */
  (void)module; /* (check_nested's checks are made while writing: inline_checks) */
  FnMeta m = s->fns.data[i];
  m.op = fn;
  w->inline_checks = true;
  w->in_reduce = 0;
  bool ok = fn_section_add(w, &s->fs, &m);
  w->inline_checks = false;
  return ok;
}

bool bc_stream_writer_finish(BcStreamWriter *s, uint8_t **out, size_t *out_len) {
  Writer *w = &s->w;
  *out = NULL;
  *out_len = 0;
  if (w->failed || !s->started || s->next != s->fns.len) return false;
  s->started = false;
  if (!fn_section_end(w, &s->fs) || !write_tail(w, s->producer)) return false;
  *out = s->file.d;
  *out_len = s->file.len;
  s->file = (BcBuf){0};
  return true;
}

void bc_stream_writer_free(BcStreamWriter *s) {
  if (!s) return;
  if (s->started) {
    bc_buf_free(&s->fs.own);
  }
  writer_free(&s->w);
  bc_buf_free(&s->file);
  vec_free(&s->fns);
  vec_free(&s->names);
  vec_free(&s->sigs);
  free(s);
}
