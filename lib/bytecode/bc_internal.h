/* bc_internal.h — what the Tile IR bytecode writer and reader share: the
 * format's constants (section ids, type/attribute/debug tags), the version
 * helpers, a growable byte buffer with the format's integer encodings, and
 * the per-op encoding table (bc_optable.c).
 *
 * The per-op table mirrors NVIDIA's ODS declarations (Ops.td): for each op its
 * opcode, the version that introduced it, its results (with the version of
 * each), and its arguments — operands and attributes — in ODS order, because
 * the on-disk layout of an op is derived from that order:
 *
 *   op      = opcode:varint  [numResults:varint if a Variadic<> group]
 *             resultType:varint*  [flags:varint]  attribute*  operands
 *             [numRegions:varint region*]
 *   flags   = one bit per optional attribute / optional operand (operand
 *             segments only), bits ordered by (version, attrs-then-operands)
 *   region  = numBlocks:varint block*;  block = numArgs:varint argType*
 *             numOps:varint op*
 *
 * Versions are packed as (major << 8 | minor). */
#ifndef CTILE_BC_INTERNAL_H
#define CTILE_BC_INTERNAL_H

#include <stdint.h>
#include <stdio.h>

#include "bytecode/bytecode.h"
#include "dialect/cuda_tile/cuda_tile.h"

#define BC_V(major, minor) ((uint16_t)(((major) << 8) | (minor)))
#define BC_V_MAJOR(v) ((unsigned)((v) >> 8))
#define BC_V_MINOR(v) ((unsigned)((v)&0xff))
#define BC_V_MIN BC_V(13, 1)     /* oldest readable/writable version */
#define BC_V_CURRENT BC_V(13, 3) /* newest; the writer's default */

enum { BC_ALIGN_BYTE = 0xCB };

/* Section ids (low 7 bits of the section byte; bit 7 = "has alignment"). */
enum {
  BC_SEC_END = 0, BC_SEC_STRING = 1, BC_SEC_FUNC = 2, BC_SEC_DEBUG = 3,
  BC_SEC_CONSTANT = 4, BC_SEC_TYPE = 5, BC_SEC_GLOBAL = 6, BC_SEC_PRODUCER = 7,
  BC_SEC_COUNT = 8
};

/* Type tags. */
enum {
  BC_T_I1 = 0, BC_T_I8 = 1, BC_T_I16 = 2, BC_T_I32 = 3, BC_T_I64 = 4,
  BC_T_F16 = 5, BC_T_BF16 = 6, BC_T_F32 = 7, BC_T_TF32 = 8, BC_T_F64 = 9,
  BC_T_F8E4M3FN = 10, BC_T_F8E5M2 = 11, BC_T_PTR = 12, BC_T_TILE = 13,
  BC_T_TENSOR_VIEW = 14, BC_T_PARTITION_VIEW = 15, BC_T_FUNC = 16,
  BC_T_TOKEN = 17, BC_T_F8E8M0FNU = 18, BC_T_F4E2M1FN = 19,
  BC_T_GATHER_SCATTER_VIEW = 20, BC_T_STRIDED_VIEW = 21, BC_T_I4 = 22
};

/* Self-contained attribute tags. */
enum {
  BC_A_TAG_INTEGER = 1, BC_A_TAG_FLOAT = 2, BC_A_TAG_BOOL = 3, BC_A_TAG_TYPE = 4,
  BC_A_TAG_STRING = 5, BC_A_TAG_ARRAY = 6, BC_A_TAG_DENSE = 7, BC_A_TAG_DIV_BY = 8,
  BC_A_TAG_SAME_ELEMENTS = 9, BC_A_TAG_DICT = 10, BC_A_TAG_OPT_HINTS = 11,
  BC_A_TAG_BOUNDED = 12
};

/* Debug-info tags; debug index 0 is the reserved "unknown location". */
enum {
  BC_DI_UNKNOWN = 0, BC_DI_COMPILE_UNIT = 1, BC_DI_FILE = 2,
  BC_DI_LEXICAL_BLOCK = 3, BC_DI_LOC = 4, BC_DI_SUBPROGRAM = 5, BC_DI_CALL_SITE = 6
};
enum { BC_DI_RESERVED = 1 };

/* Function-entry flags. */
enum { BC_FN_PRIVATE = 1, BC_FN_KERNEL = 2, BC_FN_HAS_HINTS = 4 };

/* ---- per-op table ------------------------------------------------------- */

typedef enum BcArgKind {
  BC_OPND,       /* one operand */
  BC_OPND_OPT,   /* Optional<> operand */
  BC_OPND_VAR,   /* Variadic<> operand */
  BC_A_UNIT,     /* UnitAttr: only a flag bit */
  BC_A_ENUM,     /* enum attribute: varint case value */
  BC_A_STR,      /* StrAttr / SymbolNameAttr: string index */
  BC_A_SYMREF,   /* FlatSymbolRefAttr: string index */
  BC_A_U32,      /* I32Attr: varint */
  BC_A_U64,      /* I64Attr: varint */
  BC_A_BOOL,     /* BoolAttr: one byte */
  BC_A_DI32,     /* DenseI32ArrayAttr: count + int32 LE each */
  BC_A_ARRAY,    /* ArrayAttr: count + self-contained elements */
  BC_A_DENSE,    /* dense constant: constant-pool index */
  BC_A_PRED,     /* assume predicate (attribute interface): self-contained */
  BC_A_HINTS,    /* optimization hints: dictionary, not self-contained */
  BC_A_TESTVAL,  /* testing bytecode_test_value: signed varint */
  BC_A_SKIP      /* not encoded in op records (function_type, arg_attrs) */
} BcArgKind;

typedef enum BcEnumId {
  BC_E_NONE, BC_E_OVERFLOW, BC_E_ROUNDING, BC_E_SIGNEDNESS, BC_E_CMP_PRED,
  BC_E_CMP_ORD, BC_E_MEM_ORD, BC_E_MEM_SCOPE, BC_E_RMW_MODE, BC_E_VISIBILITY,
  BC_E_TEST_PRIORITY
} BcEnumId;

typedef struct BcArg {
  const char *name;   /* ODS argument name (the property name) */
  uint8_t kind;       /* BcArgKind */
  uint8_t optional;   /* OptionalAttr / UnitAttr */
  uint8_t enum_id;    /* BcEnumId for BC_A_ENUM */
  uint16_t ver;       /* version that introduced the argument (a DefaultValuedAttr
                       * argument's default: ct_op_default_attr) */
} BcArg;

typedef struct BcOpDesc {
  uint16_t op;             /* CtOpIndex: the op's row in ct_op_infos; its
                              opcode and version are the row's CT_BC column
                              (bc_op_opcode, bc_op_ver) */
  uint8_t var_results;     /* some operand or result group is Variadic<>
                              (Optional<> does not count): the result
                              count is encoded */
  uint8_t nregions;
  uint8_t nres;            /* declared result groups */
  const uint16_t *res_ver; /* version of each declared result */
  uint8_t nargs;
  const BcArg *args;       /* ODS order */
} BcOpDesc;

/* Indexed by CtOpIndex (bc_num_op_descs == CT_OP_COUNT); an op without a
 * row has a zeroed entry (bc_op_of gives NULL for it). */
extern const BcOpDesc bc_op_descs[];
extern const size_t bc_num_op_descs;

/* The row of a cuda_tile op kind (NULL for other ops and ops without one). */
const BcOpDesc *bc_op_of(const IrOpInfo *info);
/* The op's full name ("cuda_tile.addi"), from its row in the op table. */
static inline const char *bc_op_name(const BcOpDesc *d) { return ct_op_infos[d->op].name; }
/* The op's opcode and the version that introduced it (the row's CT_BC). */
static inline uint32_t bc_op_opcode(const BcOpDesc *d) { return ct_op_bc_opcode((CtOpIndex)d->op); }
static inline uint16_t bc_op_ver(const BcOpDesc *d) { return ct_op_bc_since((CtOpIndex)d->op); }
const BcOpDesc *bc_op_by_opcode(uint64_t opcode);

/* True if major.minor is readable and writable (see bc_common.c). */
bool bc_version_supported(unsigned major, unsigned minor);

/* ---- byte buffer ---------------------------------------------------------- */

typedef struct BcBuf {
  uint8_t *d;
  size_t len, cap;
} BcBuf;

void bc_buf_reserve(BcBuf *b, size_t extra);
static inline void bc_byte(BcBuf *b, uint8_t v) {
  if (b->len == b->cap) bc_buf_reserve(b, 1);
  b->d[b->len++] = v;
}
void bc_bytes(BcBuf *b, const void *p, size_t n);
void bc_varint_slow(BcBuf *b, uint64_t v);
/* Inline for the common one-byte case (opcodes, small indices, counts). */
static inline void bc_varint(BcBuf *b, uint64_t v) {
  if (v < 0x80 && b->len < b->cap) b->d[b->len++] = (uint8_t)v;
  else bc_varint_slow(b, v);
}
static inline void bc_svarint(BcBuf *b, uint64_t v) {
  bc_varint(b, (v << 1) ^ (uint64_t)((int64_t)v >> 63));
}
void bc_le(BcBuf *b, uint64_t v, unsigned nbytes);
/* Pads with BC_ALIGN_BYTE so that (base + len) is a multiple of `align`. */
void bc_align(BcBuf *b, size_t align);
void bc_buf_free(BcBuf *b);

size_t bc_supported_versions(const uint16_t **out);
/* Highest opcode available in version v (newer ops are refused). */
uint32_t bc_max_opcode(uint16_t v);
void bc_version_str(uint16_t v, char buf[16]); /* "13.1" */
/* Dense constants: IR element storage <-> MLIR raw data (see bc_common.c). */
void bc_dense_to_raw(const IrType *elem, int64_t count, const uint8_t *data, size_t ndata,
                     BcBuf *out);
uint8_t *bc_dense_from_raw(const IrType *elem, int64_t count, const uint8_t *raw, size_t n,
                           size_t *ndata, bool *splat);
#define BC_MAX_ARGS 16 /* most ODS arguments of any op (print_tko..: < 10) */
unsigned bc_flag_bits(const BcOpDesc *d, bool seg, int bits[BC_MAX_ARGS]);

/* What the writer and the reader derive once per op kind from its row
 * (bc_plan_init): the encoding's shape and the arguments' interned names. */
typedef struct BcPlan {
  bool seg;                /* AttrSizedOperandSegments */
  bool versioned;          /* some result is newer than the op */
  bool any_opt;            /* some optional attribute / operand: flags */
  bool count_operands;     /* no segments: an Optional<>/Variadic<> group */
  uint16_t min_opt;        /* oldest optional argument's version, 0xffff: none */
  uint8_t ngroups, nvar;   /* operand groups, and how many are not single */
  int bits[BC_MAX_ARGS];   /* bc_flag_bits */
  const IrIdent *ids[BC_MAX_ARGS];
} BcPlan;
void bc_plan_init(BcPlan *p, IrContext *ctx, const BcOpDesc *d, const IrOpInfo *info);

/* Tests only: true makes the writer encode every op's header itself, not
 * from a whole-header memo hit (bc_writer.c: write_ops, write_op). */
extern bool bc_write_plain;

#endif
