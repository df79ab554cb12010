/* std.h — the public header of the standard op engine (lib/dialect/std), the
 * layer below the dialects that holds what several of them share, so that no
 * dialect includes another (docs/architecture.md, "Layers"):
 *   * the enums and attributes arith and math share, as in MLIR, where math
 *     uses arith's: the cmpi / cmpf predicates, the rounding modes, the
 *     #arith.overflow and #arith.fastmath attributes (defined here, printed
 *     and parsed under the `arith` dialect) and their accessors;
 *   * the one LLVM dialect type the nvvm and nv_tileas subsets use,
 *     `!llvm.ptr<addrspace>`.
 * arith.h and nvvm.h re-export it, so the layers above keep using those.
 * The engine's custom syntax and verifiers are in std_ops.h, the constant
 * folding helpers in std_const.h.  Implemented in std_attrs.c, std_llvm.c. */
#ifndef CTILE_STD_H
#define CTILE_STD_H

#include "ir/ir.h"

/* ---- enums ---------------------------------------------------------------- */
/* arith.cmpi predicates: the values of MLIR's CmpIPredicate (I64EnumAttr,
 * stored as `predicate = N : i64`).  X(enum, keyword) */
#define ARITH_CMPI_PREDICATES(X) \
  X(ARITH_CMPI_EQ, "eq") X(ARITH_CMPI_NE, "ne") X(ARITH_CMPI_SLT, "slt") \
  X(ARITH_CMPI_SLE, "sle") X(ARITH_CMPI_SGT, "sgt") X(ARITH_CMPI_SGE, "sge") \
  X(ARITH_CMPI_ULT, "ult") X(ARITH_CMPI_ULE, "ule") X(ARITH_CMPI_UGT, "ugt") \
  X(ARITH_CMPI_UGE, "uge")
typedef enum ArithCmpIPredicate {
#define X(e, s) e,
  ARITH_CMPI_PREDICATES(X)
#undef X
  ARITH_CMPI_COUNT
} ArithCmpIPredicate;

/* arith.cmpf predicates (CmpFPredicate, 0..15). */
#define ARITH_CMPF_PREDICATES(X) \
  X(ARITH_CMPF_FALSE, "false") X(ARITH_CMPF_OEQ, "oeq") X(ARITH_CMPF_OGT, "ogt") \
  X(ARITH_CMPF_OGE, "oge") X(ARITH_CMPF_OLT, "olt") X(ARITH_CMPF_OLE, "ole") \
  X(ARITH_CMPF_ONE, "one") X(ARITH_CMPF_ORD, "ord") X(ARITH_CMPF_UEQ, "ueq") \
  X(ARITH_CMPF_UGT, "ugt") X(ARITH_CMPF_UGE, "uge") X(ARITH_CMPF_ULT, "ult") \
  X(ARITH_CMPF_ULE, "ule") X(ARITH_CMPF_UNE, "une") X(ARITH_CMPF_UNO, "uno") \
  X(ARITH_CMPF_TRUE, "true")
typedef enum ArithCmpFPredicate {
#define X(e, s) e,
  ARITH_CMPF_PREDICATES(X)
#undef X
  ARITH_CMPF_COUNT
} ArithCmpFPredicate;

/* RoundingMode of arith.truncf (`roundingmode = N : i32`, optional). */
#define ARITH_ROUNDING_MODES(X) \
  X(ARITH_RND_TO_NEAREST_EVEN, "to_nearest_even") X(ARITH_RND_DOWNWARD, "downward") \
  X(ARITH_RND_UPWARD, "upward") X(ARITH_RND_TOWARD_ZERO, "toward_zero") \
  X(ARITH_RND_TO_NEAREST_AWAY, "to_nearest_away")
typedef enum ArithRoundingMode {
#define X(e, s) e,
  ARITH_ROUNDING_MODES(X)
#undef X
  ARITH_RND_COUNT
} ArithRoundingMode;

const char *arith_cmpi_name(ArithCmpIPredicate p);   /* "slt"; NULL if out of range */
const char *arith_cmpf_name(ArithCmpFPredicate p);
const char *arith_rounding_name(ArithRoundingMode m);

/* IntegerOverflowFlags bits (#arith.overflow<nsw, nuw>). */
enum { ARITH_OVF_NONE = 0, ARITH_OVF_NSW = 1, ARITH_OVF_NUW = 2 };
/* FastMathFlags bits (#arith.fastmath<nnan,ninf>); `fast` is all seven. */
enum {
  ARITH_FM_NONE = 0, ARITH_FM_REASSOC = 1, ARITH_FM_NNAN = 2, ARITH_FM_NINF = 4,
  ARITH_FM_NSZ = 8, ARITH_FM_ARCP = 16, ARITH_FM_CONTRACT = 32, ARITH_FM_AFN = 64,
  ARITH_FM_FAST = 127
};

/* ---- attributes ----------------------------------------------------------- */
/* #arith.overflow<...> and #arith.fastmath<...>: ints[0] = the bits. */
extern const IrAttrDef arith_overflow_attr_def;
extern const IrAttrDef arith_fastmath_attr_def;
const IrAttr *arith_overflow_attr(IrContext *ctx, unsigned bits);
const IrAttr *arith_fastmath_attr(IrContext *ctx, unsigned bits);
/* `predicate = N : i64` and `roundingmode = N : i32` values. */
const IrAttr *arith_predicate_attr(IrContext *ctx, int pred);
const IrAttr *arith_rounding_attr(IrContext *ctx, ArithRoundingMode m);

/* Accessors (0 / -1 when the attribute is absent or malformed). */
unsigned arith_op_overflow(const IrOp *op);   /* overflowFlags bits */
unsigned arith_op_fastmath(const IrOp *op);   /* fastmath bits */
int arith_op_predicate(const IrOp *op);       /* cmpi/cmpf predicate, -1 if none */
int arith_op_rounding(const IrOp *op);        /* truncf roundingmode, -1 if none */
bool arith_op_is_exact(const IrOp *op);       /* isExact present */

/* ---- !llvm.ptr<N> ----------------------------------------------------------- */
extern const IrTypeDef llvm_ptr_type_def;
/* !llvm.ptr<addrspace> (uniqued). */
const IrType *llvm_ptr_type(IrContext *ctx, int64_t addrspace);
static inline bool llvm_is_ptr(const IrType *t) { return t && t->def == &llvm_ptr_type_def; }

#endif
