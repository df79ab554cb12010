/* verify_compute.c — verification of the cuda_tile compute ops.
 *
 * What MLIR runs for these ops, in MLIR's order, with MLIR's/NVIDIA's words:
 *  1. ODS invariants (verifyInvariantsImpl): required attributes, attribute
 *     constraints, operand and result type constraints, then the PredOpTraits
 *     (AllTypesMatch, AllShapesMatch, AllRanksMatch, AllElementTypeMatch,
 *     TypesMatchWith) in trait order — one table row per op (Spec);
 *  2. native traits: SameOperandsAndResultShape / ...ElementType (from the
 *     op row's trait bits) and SameOperandsShape (reduce/scan);
 *  3. the op's own verify() (Spec.extra), NVIDIA's messages verbatim.
 * Seed 003's family verifiers (float arith, conversions, reshape, mma) win
 * where they word a condition differently: their texts replace NVIDIA's at
 * the same check, and their checks that a type-matching trait would also
 * catch run just before the traits (docs/diagnostics.md lists both texts).
 * reduce/scan region checks live in ops_compute_region.c. */
#include "dialect/cuda_tile/ct_ods.h"
#include "dialect/cuda_tile/ct_ops.h"
#include "dialect/cuda_tile/ct_ops_compute.h"
#include "dialect/cuda_tile/ct_types.h"
#include "dialect/cuda_tile/verify_memo.h"
#include "ir/verify.h"

/* ---- element classes ------------------------------------------------------ */
enum {
  B_I1 = 1u << 0, B_I4 = 1u << 1, B_I8 = 1u << 2, B_I16 = 1u << 3, B_I32 = 1u << 4,
  B_I64 = 1u << 5, B_F16 = 1u << 6, B_BF16 = 1u << 7, B_F32 = 1u << 8,
  B_F64 = 1u << 9, B_TF32 = 1u << 10, B_E4M3 = 1u << 11, B_E5M2 = 1u << 12,
  B_E8M0 = 1u << 13, B_F4 = 1u << 14, B_PTR = 1u << 15,
};
#define B_INT (B_I1 | B_I8 | B_I16 | B_I32 | B_I64)
#define B_BASEF (B_F16 | B_BF16 | B_F32 | B_F64)
#define B_FLOAT (B_BASEF | B_TF32 | B_E4M3 | B_E5M2 | B_E8M0 | B_F4)
#define B_NUMBER (B_INT | B_FLOAT)
#define B_ANY 0xffffffffu

static uint32_t elem_bit(const IrType *e) {
  if (ir_type_is_integer(e) && e->flags == IR_SIGNLESS) {
    switch (ir_integer_width(e)) {
    case 1: return B_I1;
    case 4: return B_I4;
    case 8: return B_I8;
    case 16: return B_I16;
    case 32: return B_I32;
    case 64: return B_I64;
    default: return 0;
    }
  }
  if (ir_type_is_float(e)) {
    switch (ir_float_kind(e)) {
    case IR_F16: return B_F16;
    case IR_BF16: return B_BF16;
    case IR_F32: return B_F32;
    case IR_F64: return B_F64;
    case IR_TF32: return B_TF32;
    case IR_F8E4M3FN: return B_E4M3;
    case IR_F8E5M2: return B_E5M2;
    case IR_F8E8M0FNU: return B_E8M0;
    case IR_F4E2M1FN: return B_F4;
    default: return 0;
    }
  }
  if (ct_type_is_ptr(e)) return B_PTR;
  return 0;
}

/* A type constraint: tile whose element is in `elems` (B_ANY: any tile),
 * of rank `rank` (-1: any), with ODS's description. */
typedef struct Con {
  uint32_t elems;
  int rank;
  const char *desc;
} Con;

#define DESC_INT "i1 or i8 or i16 or i32 or i64"
#define DESC_FLOAT_REST "tf32 or f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN"
static const Con c_tile = {B_ANY, -1, "Tile type"};
static const Con c_int = {B_INT, -1, "tile of " DESC_INT " values"};
static const Con c_int4 = {B_INT | B_I4, -1, "tile of " DESC_INT " or i4 values"};
static const Con c_basef = {B_BASEF, -1, "tile of f16 or bf16 or f32 or f64 values"};
static const Con c_float = {B_FLOAT, -1,
                            "tile of f16 or bf16 or f32 or f64 or " DESC_FLOAT_REST " values"};
static const Con c_number = {B_NUMBER, -1,
                             "tile of " DESC_INT " or f16 or bf16 or f32 or f64 or "
                             DESC_FLOAT_REST " values"};
static const Con c_number4 = {B_NUMBER | B_I4, -1,
                              "tile of " DESC_INT " or f16 or bf16 or f32 or f64 or "
                              DESC_FLOAT_REST " or i4 values"};
static const Con c_i1 = {B_I1, -1, "tile of i1 values"};
static const Con c_i8 = {B_I8, -1, "tile of i8 values"};
static const Con c_idx = {B_I32, 0, "variadic of 0D tile of i32 values"};
static const Con c_mmaf_in = {B_BASEF | B_TF32 | B_E4M3 | B_E5M2, -1,
                              "mmaf operand tile type of f16 or bf16 or f32 or f64 or "
                              "tf32 or f8E4M3FN or f8E5M2 values"};
static const Con c_mmaf_acc = {B_F16 | B_F32 | B_F64, -1,
                               "mmaf acc/result tile type of f16 or f32 or f64 values"};
static const Con c_mmai_in = {B_I8, -1, "mmai operand tile type of i8 values"};
static const Con c_mmai_acc = {B_I32, -1, "mmai result tile type of i32 values"};
static const Con c_mmas_in = {B_E4M3 | B_E5M2 | B_F4, -1,
                              "mmaf_scaled operand tile type of f8E4M3FN or f8E5M2 or "
                              "f4E2M1FN values"};
static const Con c_mmas_scale = {B_E4M3 | B_E8M0, -1,
                                 "mmaf_scaled scale tile type of f8E4M3FN or f8E8M0FNU "
                                 "values"};
static const Con c_mmas_acc = {B_F32, -1, "mmaf_scaled result tile type of f32 values"};
static const Con c_vtile = {B_ANY, -1, "variadic of Tile type"};

static bool con_ok(const Con *c, const IrType *t) {
  if (!ct_type_is_tile(t)) return false;
  if (c->rank >= 0 && ct_tile_type_rank(t) != (size_t)c->rank) return false;
  return c->elems == B_ANY || (elem_bit(ct_tile_type_elem(t)) & c->elems) != 0;
}

/* ---- PredOpTraits ---------------------------------------------------------- */
typedef enum PKind {
  P_NONE,
  P_TYPE,   /* AllTypesMatch: "all of {..} have same type" */
  P_SHAPE,  /* AllShapesMatch: "all of {..} have same shape" */
  P_RANK,   /* AllRanksMatch: "all of {..} have same rank" */
  P_ELEM,   /* AllElementTypeMatch: "all of {..} have the same element type" */
  P_CMP,    /* TypesMatchWith lhs -> result: i1 tile of lhs's shape */
} PKind;

/* Values are named by code: 0..9 operand i, 10.. result i-10. */
#define R(i) (10 + (i))
typedef struct Pred {
  uint8_t kind;
  const char *names;
  int8_t v[5]; /* value codes, -1 terminated */
} Pred;

typedef struct AttrReq {
  const char *name;
  uint8_t kind; /* A_* */
  bool required;
} AttrReq;

enum { A_SIGN = 1, A_OVF, A_RND, A_ORD, A_PRED, A_UNIT, A_I64, A_I32NN, A_DARR32, A_ARRAY,
       A_BOOL };

typedef struct Spec {
  const Con *opnd[5]; /* per operand slot; the last listed one covers the rest */
  uint8_t nopnd;      /* number of entries in opnd */
  const Con *res;
  AttrReq attrs[3];
  Pred preds[3];
  bool (*extra)(IrOp *op);
} Spec;

/* ---- shared verifiers (NVIDIA's SharedVerifiers.h) ------------------------- */
static const IrType *result_elem(IrOp *op) {
  const IrType *t = op->nresults ? ir_op_result(op, 0)->type : NULL;
  return ct_type_is_tile(t) ? ct_tile_type_elem(t) : t;
}
static bool is_f32(const IrType *t) { return ir_type_is_float(t) && ir_float_kind(t) == IR_F32; }

static int attr_enum(IrOp *op, const char *name, const CtEnumInfo *e, int dflt) {
  int v = ct_enum_value(ir_op_attrz(op, name), e);
  return v < 0 ? dflt : v;
}
static bool has_attr(IrOp *op, const char *name) { return ir_op_attrz(op, name) != NULL; }

/* flush_to_zero on a non-f32 element: the seed's wording (seed 003,
 * verify_float_arith; NVIDIA: "flush_to_zero modifier only supported for f32
 * data type, but got: '<type>'" — the same condition, so the seed wins for
 * every op carrying the modifier). */
static bool verify_ftz(IrOp *op) {
  const IrType *t = result_elem(op);
  if (has_attr(op, "flush_to_zero") && !is_f32(t))
    return ir_op_error(op, "flush-to-zero is only legal for f32 element type");
  return true;
}

static bool verify_approx(IrOp *op, bool approx) {
  const IrType *t = result_elem(op);
  if (approx && !is_f32(t))
    return ir_op_error(op, "approx modifier only supported for f32 data type, but got: "
                           "'%T'", t);
  return true;
}

static bool verify_div_sqrt_modifiers(IrOp *op, bool has_rnd, bool approx, bool full) {
  if (approx && full)
    return ir_op_error(op, "approx modifier and full modifier are mutually exclusive");
  const IrType *t = result_elem(op);
  if (!verify_ftz(op)) return false;
  if (approx && !is_f32(t))
    return ir_op_error(op, "approx modifier only supported for f32 data type, but got: "
                           "'%T'", t);
  if (full && !is_f32(t))
    return ir_op_error(op, "full modifier only supported for f32 data type, but got: '%T'",
                       t);
  if (has_rnd && approx) return ir_op_error(op, "rounding mode does not allow approx modifier");
  if (has_rnd && full) return ir_op_error(op, "rounding mode does not allow full modifier");
  return true;
}

static int rounding(IrOp *op, const char *name, int dflt) {
  return attr_enum(op, name, &ct_enum_rounding, dflt);
}

/* ---- seed 003 verify_float_arith (addf, subf, mulf, fma; divf below) -----
 * Order: element types, flush-to-zero, rounding.  The texts are the seed's;
 * docs/diagnostics.md lists NVIDIA's texts for the same conditions. */
static bool is_float_arith(IrOp *op) {
  return ct_op_is(op, CT_OP_addf) || ct_op_is(op, CT_OP_subf) || ct_op_is(op, CT_OP_mulf) ||
         ct_op_is(op, CT_OP_divf) || ct_op_is(op, CT_OP_fma);
}

/* Runs before the AllTypesMatch trait so that an element-type mismatch gets
 * the seed's text; a shape-only mismatch keeps NVIDIA's trait message. */
static bool verify_float_arith_types(IrOp *op) {
  const IrType *e = result_elem(op);
  for (unsigned i = 0; i < op->noperands; i++) {
    const IrType *t = ir_op_operand(op, i)->type;
    if (ct_type_is_tile(t) && ct_tile_type_elem(t) != e)
      return ir_op_error(op, "expected matching operand and result element types");
  }
  return true;
}

static bool verify_ieee(IrOp *op) {
  if (!verify_ftz(op)) return false;
  int r = rounding(op, "rounding_mode", CT_ROUNDING_NEAREST_EVEN);
  if (r > CT_ROUNDING_POSITIVE_INF)
    return ir_op_error(op, "rounding mode not allowed outside divf");
  return true;
}

static bool verify_divf(IrOp *op) {
  if (!verify_ftz(op)) return false;
  int r = rounding(op, "rounding_mode", CT_ROUNDING_NEAREST_EVEN);
  if (r > CT_ROUNDING_FULL) return ir_op_error(op, "invalid rounding mode for divf");
  if ((r == CT_ROUNDING_APPROX || r == CT_ROUNDING_FULL) && !is_f32(result_elem(op)))
    return ir_op_error(op, "approx and full rounding modes require f32");
  return true;
}

static bool verify_sqrt(IrOp *op) {
  int r = rounding(op, "rounding_mode", CT_ROUNDING_NEAREST_EVEN);
  if (r > CT_ROUNDING_APPROX)
    return ir_op_error(op, "invalid rounding mode specified, expect one of [nearest_even, "
                           "zero, negative_inf, positive_inf, approx]");
  bool approx = r == CT_ROUNDING_APPROX;
  return verify_div_sqrt_modifiers(op, !approx, approx, false);
}

static bool verify_full_approx(IrOp *op) { /* exp, tanh */
  int r = rounding(op, "rounding_mode", CT_ROUNDING_FULL);
  if (r != CT_ROUNDING_FULL && r != CT_ROUNDING_APPROX)
    return ir_op_error(op, "invalid rounding mode specified, expect one of [approx, full]");
  return verify_approx(op, r == CT_ROUNDING_APPROX);
}

static bool verify_divi(IrOp *op) {
  int r = rounding(op, "rounding", CT_ROUNDING_ZERO);
  if (r != CT_ROUNDING_ZERO && r != CT_ROUNDING_NEGATIVE_INF && r != CT_ROUNDING_POSITIVE_INF)
    return ir_op_error(op, "invalid rounding mode specified, expect one of [zero, "
                           "negative_inf, positive_inf]");
  if (r == CT_ROUNDING_NEGATIVE_INF &&
      attr_enum(op, "signedness", &ct_enum_signedness, -1) == CT_SIGNEDNESS_UNSIGNED)
    return ir_op_error(op, "rounding mode 'negative_inf' is not allowed with 'unsigned' flag");
  return true;
}

static bool verify_negi(IrOp *op) {
  if (attr_enum(op, "overflow", &ct_enum_overflow, CT_OVERFLOW_NONE) == CT_OVERFLOW_NUW)
    return ir_op_error(op, "'no_unsigned_wrap' overflow flag is not supported");
  return true;
}

/* ---- conversions ------------------------------------------------------------ */
static const IrType *opnd_t(IrOp *op, unsigned i) { return ir_op_operand(op, i)->type; }
static const IrType *res_t(IrOp *op, unsigned i) { return ir_op_result(op, i)->type; }

/* Bit width as MLIR's getIntOrFloatBitWidth (tf32: 19). */
static unsigned bit_width(const IrType *e) {
  if (ir_type_is_integer(e)) return ir_integer_width(e);
  if (ir_type_is_float(e)) return ir_float_kind_width(ir_float_kind(e));
  return 0;
}

static bool verify_bitcast(IrOp *op) {
  const IrType *s = ct_tile_type_elem(opnd_t(op, 0)), *r = ct_tile_type_elem(res_t(op, 0));
  unsigned sw = bit_width(s), rw = bit_width(r);
  if (sw == rw) return true;
  return ir_op_error(op, "bitcast requires equal-width source and destination element types");
}

static bool verify_exti(IrOp *op) {
  if (bit_width(ct_tile_type_elem(res_t(op, 0))) <= bit_width(ct_tile_type_elem(opnd_t(op, 0))))
    return ir_op_error(op, "exti requires the result width to be strictly greater than the "
                           "input width");
  return true;
}

static bool verify_trunci(IrOp *op) {
  if (bit_width(ct_tile_type_elem(res_t(op, 0))) >= bit_width(ct_tile_type_elem(opnd_t(op, 0))))
    return ir_op_error(op, "trunci requires the result width to be strictly less than the "
                           "input width");
  return true;
}

static bool is_e8m0(const IrType *t) {
  return ir_type_is_float(t) && ir_float_kind(t) == IR_F8E8M0FNU;
}

static bool verify_ftof(IrOp *op) {
  if (opnd_t(op, 0) == res_t(op, 0))
    return ir_op_error(op, "ftof rejects identity conversions");
  int r = rounding(op, "rounding_mode", CT_ROUNDING_NEAREST_EVEN);
  if (is_e8m0(ct_tile_type_elem(res_t(op, 0)))) {
    if (r != CT_ROUNDING_ZERO && r != CT_ROUNDING_POSITIVE_INF)
      return ir_op_error(op, "invalid rounding mode specified for conversion to f8E8M0FNU. "
                             "Only 'zero' and 'positive_inf' are supported");
  } else if (r != CT_ROUNDING_NEAREST_EVEN) {
    return ir_op_error(op, "ftof requires nearest-even rounding");
  }
  return true;
}

static bool verify_ftoi(IrOp *op) {
  if (rounding(op, "rounding_mode", -1) != CT_ROUNDING_NEAREST_INT_TO_ZERO)
    return ir_op_error(op, "ftoi requires truncation toward zero");
  return true;
}

static bool verify_itof(IrOp *op) {
  if (is_e8m0(ct_tile_type_elem(res_t(op, 0))))
    return ir_op_error(op, "integer to f8E8M0FNU conversion is not supported, please first "
                           "convert to another float type");
  if (rounding(op, "rounding_mode", -1) != CT_ROUNDING_NEAREST_EVEN)
    return ir_op_error(op, "itof requires nearest-even rounding");
  return true;
}

/* ---- table ------------------------------------------------------------------ */
#define OPS1(a) {&a}, 1
#define OPS2(a, b) {&a, &b}, 2
#define OPS3(a, b, c) {&a, &b, &c}, 3
#define NOATTR {{NULL, 0, false}}
#define NOPRED {{P_NONE, NULL, {-1}}}
#define TYPES(n, ...) {P_TYPE, n, {__VA_ARGS__, -1}}
#define SHAPES(n, ...) {P_SHAPE, n, {__VA_ARGS__, -1}}
#define RANKS(n, ...) {P_RANK, n, {__VA_ARGS__, -1}}
#define ELEMS(n, ...) {P_ELEM, n, {__VA_ARGS__, -1}}
#define T_BIN TYPES("{lhs, rhs, result}", 0, 1, R(0))
#define T_UN TYPES("{source, result}", 0, R(0))
#define A_OVFL {{"overflow", A_OVF, false}}
#define A_RNDFTZ {{"rounding_mode", A_RND, true}, {"flush_to_zero", A_UNIT, false}}
#define A_SIGNR {{"signedness", A_SIGN, true}}

#define UNARY(cls, x) {OPS1(cls), &cls, NOATTR, {T_UN}, x}
#define BINARY(cls, x) {OPS2(cls, cls), &cls, NOATTR, {T_BIN}, x}

static const Spec spec_unary_f = UNARY(c_basef, NULL);
static const Spec spec_unary_i = UNARY(c_int, NULL);
static const Spec spec_binary_f = BINARY(c_basef, NULL);
static const Spec spec_binary_i = BINARY(c_int, NULL);
static const Spec spec_binary_ovf = {OPS2(c_int, c_int), &c_int, A_OVFL, {T_BIN}, NULL};
static const Spec spec_negi = {OPS1(c_int), &c_int, A_OVFL, {T_UN}, verify_negi};
static const Spec spec_binary_sign = {OPS2(c_int, c_int), &c_int, A_SIGNR, {T_BIN}, NULL};
static const Spec spec_divi = {OPS2(c_int, c_int), &c_int,
                               {{"signedness", A_SIGN, true}, {"rounding", A_RND, false}},
                               {T_BIN}, verify_divi};
static const Spec spec_remi = {OPS2(c_int, c_int), &c_int, A_SIGNR,
                               {TYPES("{result, lhs, rhs}", R(0), 0, 1),
                                SHAPES("{result, lhs, rhs}", R(0), 0, 1)},
                               NULL};
static const Spec spec_mulhii = {OPS2(c_int, c_int), &c_int, NOATTR,
                                 {TYPES("{x, y, result}", 0, 1, R(0))}, NULL};
static const Spec spec_ieee = {OPS2(c_basef, c_basef), &c_basef, A_RNDFTZ, {T_BIN},
                               verify_ieee};
static const Spec spec_divf = {OPS2(c_basef, c_basef), &c_basef, A_RNDFTZ, {T_BIN},
                               verify_divf};
static const Spec spec_fma = {OPS3(c_basef, c_basef, c_basef), &c_basef, A_RNDFTZ,
                              {TYPES("{lhs, rhs, acc, result}", 0, 1, 2, R(0))}, verify_ieee};
static const Spec spec_minmaxf = {OPS2(c_basef, c_basef), &c_basef,
                                  {{"propagate_nan", A_UNIT, false},
                                   {"flush_to_zero", A_UNIT, false}},
                                  {T_BIN}, verify_ftz};
static const Spec spec_atan2 = {OPS2(c_basef, c_basef), &c_basef, NOATTR,
                                {TYPES("{x, y, result}", 0, 1, R(0))}, NULL};
static const Spec spec_pow = {OPS2(c_basef, c_basef), &c_basef, NOATTR,
                              {TYPES("{result, source, exponent}", R(0), 0, 1),
                               RANKS("{source, exponent, result}", 0, 1, R(0))},
                              NULL};
static const Spec spec_sqrt = {OPS1(c_basef), &c_basef, A_RNDFTZ, {T_UN}, verify_sqrt};
static const Spec spec_unary_ftz = {OPS1(c_basef), &c_basef,
                                    {{"flush_to_zero", A_UNIT, false}}, {T_UN}, verify_ftz};
static const Spec spec_full = {OPS1(c_basef), &c_basef, {{"rounding_mode", A_RND, false}},
                               {T_UN}, verify_full_approx};
static const Spec spec_cmpi = {OPS2(c_int, c_int), &c_i1,
                               {{"comparison_predicate", A_PRED, true},
                                {"signedness", A_SIGN, true}},
                               {TYPES("{lhs, rhs}", 0, 1), {P_CMP, NULL, {0, R(0), -1}}},
                               NULL};
static const Spec spec_cmpf = {OPS2(c_basef, c_basef), &c_i1,
                               {{"comparison_predicate", A_PRED, true},
                                {"comparison_ordering", A_ORD, true}},
                               {TYPES("{lhs, rhs}", 0, 1), {P_CMP, NULL, {0, R(0), -1}}},
                               NULL};
#define FROM_TO SHAPES("{from, to}", 0, R(0))
static const Spec spec_bitcast = {OPS1(c_number), &c_number, NOATTR,
                                  {SHAPES("{source, result}", 0, R(0))}, verify_bitcast};
static const Spec spec_exti = {OPS1(c_int4), &c_int4, A_SIGNR, {FROM_TO}, verify_exti};
static const Spec spec_trunci = {OPS1(c_int4), &c_int4, A_OVFL, {FROM_TO}, verify_trunci};
static const Spec spec_ftof = {OPS1(c_float), &c_float, {{"rounding_mode", A_RND, false}},
                               {FROM_TO}, verify_ftof};
static const Spec spec_ftoi = {OPS1(c_float), &c_int,
                               {{"signedness", A_SIGN, true}, {"rounding_mode", A_RND, true}},
                               {FROM_TO}, verify_ftoi};
static const Spec spec_itof = {OPS1(c_int), &c_float,
                               {{"signedness", A_SIGN, true}, {"rounding_mode", A_RND, true}},
                               {FROM_TO}, verify_itof};
static const Spec spec_broadcast = {OPS1(c_tile), &c_tile, NOATTR,
                                    {RANKS("{source, result}", 0, R(0))},
                                    ctc_verify_broadcast};
static const Spec spec_reshape = {OPS1(c_tile), &c_tile, NOATTR, NOPRED, ctc_verify_reshape};
static const Spec spec_permute = {OPS1(c_tile), &c_tile, {{"permutation", A_DARR32, true}},
                                  {ELEMS("{source, result}", 0, R(0)),
                                   RANKS("{source, result}", 0, R(0))},
                                  ctc_verify_permute};
static const Spec spec_cat = {OPS2(c_tile, c_tile), &c_tile, {{"dim", A_I64, true}},
                              {RANKS("{lhs, rhs, result}", 0, 1, R(0)),
                               ELEMS("{lhs, rhs, result}", 0, 1, R(0))},
                              ctc_verify_cat};
static const Spec spec_extract = {OPS2(c_tile, c_idx), &c_tile, NOATTR,
                                  {RANKS("{source, result}", 0, R(0))}, ctc_verify_extract};
static const Spec spec_iota = {{NULL}, 0, &c_int, NOATTR, NOPRED, ctc_verify_iota};
static const Spec spec_select = {OPS3(c_i1, c_tile, c_tile), &c_tile, NOATTR,
                                 {TYPES("{val_if_true, val_if_false, result}", 1, 2, R(0)),
                                  SHAPES("{cond, val_if_true, val_if_false, result}", 0, 1, 2,
                                         R(0))},
                                 ctc_verify_select};
static const Spec spec_pack = {OPS1(c_number4), &c_i8, NOATTR,
                               {RANKS("{source, result}", 0, R(0))}, ctc_verify_pack};
static const Spec spec_unpack = {OPS1(c_i8), &c_number4, NOATTR,
                                 {RANKS("{source, result}", 0, R(0))}, ctc_verify_pack};
static const Spec spec_mmaf = {OPS3(c_mmaf_in, c_mmaf_in, c_mmaf_acc), &c_mmaf_acc,
                               {{"fast_acc", A_UNIT, false}},
                               {TYPES("{acc, result}", 2, R(0)), ELEMS("{lhs, rhs}", 0, 1),
                                RANKS("{lhs, rhs, acc}", 0, 1, 2)},
                               ctc_verify_mmaf};
static const Spec spec_mmai = {OPS3(c_mmai_in, c_mmai_in, c_mmai_acc), &c_mmai_acc,
                               {{"signedness_lhs", A_SIGN, true},
                                {"signedness_rhs", A_SIGN, true}},
                               {TYPES("{acc, result}", 2, R(0)), ELEMS("{lhs, rhs}", 0, 1),
                                RANKS("{lhs, rhs, acc}", 0, 1, 2)},
                               ctc_verify_mmai};
static const Spec spec_mmas = {{&c_mmas_in, &c_mmas_in, &c_mmas_acc, &c_mmas_scale,
                                &c_mmas_scale},
                               5, &c_mmas_acc, NOATTR,
                               {TYPES("{acc, result}", 2, R(0)), ELEMS("{lhs, rhs}", 0, 1),
                                ELEMS("{lhs_scale, rhs_scale}", 3, 4)},
                               ctc_verify_mmaf_scaled};
static const Spec spec_reduce = {OPS1(c_vtile), &c_vtile,
                                 {{"dim", A_I32NN, true}, {"identities", A_ARRAY, true}},
                                 NOPRED, ctc_verify_reduce};
static const Spec spec_scan = {OPS1(c_vtile), &c_vtile,
                               {{"dim", A_I32NN, true}, {"reverse", A_BOOL, true},
                                {"identities", A_ARRAY, true}},
                               NOPRED, ctc_verify_scan};

/* Op -> spec: the `spec` column of the ops_compute.def rows. */
static const Spec *const specs[CT_OP_COUNT] = {
#define CT_OP(c, m, tr, a, b, rc, rd, nr, inh, pa, pr, ve, sp, nm, bc, sum)
#define CT_OPX(c, m, tr, a, b, rc, rd, nr, inh, pa, pr, ve, sp, nm, par, dd, ban, vr, bc, sum)
#define CT_OPC(c, m, tr, a, b, rc, rd, nr, inh, fmt, spec, in, nm, bc, sum) [CT_OP_##c] = &spec,
#define CT_OPCX(c, m, tr, a, b, rc, rd, nr, inh, fmt, spec, in, nm, par, dd, ban, vr, bc, sum) \
  [CT_OP_##c] = &spec,
#include "dialect/cuda_tile/ops_compute.def"
#undef CT_OPCX
#undef CT_OPC
#undef CT_OPX
#undef CT_OP
};

/* seed 003 verify_mma, integer half: mmai's ODS element constraints are
 * exactly the seed's "legal integer input" and "i32 accumulator/result"
 * conditions, so a failing tile gets the seed's text. */
#define CT_MMAI_INPUTS "integer mma inputs must share a legal integer element type"
#define CT_MMAI_ACC "integer mma accumulator and result must be i32"

/* ---- driver ------------------------------------------------------------------ */
static const IrType *code_type(IrOp *op, int8_t c) {
  if (c >= 10) return (unsigned)(c - 10) < op->nresults ? res_t(op, (unsigned)(c - 10)) : NULL;
  return (unsigned)c < op->noperands ? opnd_t(op, (unsigned)c) : NULL;
}

static bool check_pred(IrOp *op, const Pred *pr) {
  const IrType *first = code_type(op, pr->v[0]);
  if (!first) return true;
  if (pr->kind == P_CMP) {
    const IrType *r = code_type(op, pr->v[1]);
    bool ok = r && ct_type_is_tile(r) && ct_tile_same_shape(first, r) &&
              ir_type_is_int_width(ct_tile_type_elem(r), 1);
    if (!ok)
      return ir_op_error(op, "failed to verify that Result type has i1 element type and same "
                             "shape as operands");
    return true;
  }
  for (int i = 1; i < 5 && pr->v[i] >= 0; i++) {
    const IrType *t = code_type(op, pr->v[i]);
    if (!t) continue;
    bool ok;
    switch (pr->kind) {
    case P_TYPE: ok = t == first; break;
    case P_SHAPE: ok = ct_tile_same_shape(t, first); break;
    case P_RANK: ok = ct_tile_type_rank(t) == ct_tile_type_rank(first); break;
    default: ok = ct_tile_type_elem(t) == ct_tile_type_elem(first); break;
    }
    if (!ok && ct_op_is(op, CT_OP_mmai) && pr->kind == P_ELEM)
      return ir_op_error(op, CT_MMAI_INPUTS);
    if (!ok && ct_op_is(op, CT_OP_mmaf) && pr->kind == P_TYPE)
      return ir_op_error(op, "floating mma accumulator and result must share type");
    if (!ok) {
      static const char *const what[] = {"", "have same type", "have same shape",
                                         "have same rank", "have the same element type"};
      return ir_op_error(op, "failed to verify that all of %s %s", pr->names, what[pr->kind]);
    }
  }
  return true;
}

static const char *attr_desc(uint8_t kind) {
  switch (kind) {
  case A_SIGN: return ct_enum_signedness.summary;
  case A_OVF: return ct_enum_overflow.summary;
  case A_RND: return ct_enum_rounding.summary;
  case A_ORD: return ct_enum_comparison_ordering.summary;
  case A_PRED: return ct_enum_comparison_predicate.summary;
  case A_UNIT: return "unit attribute";
  case A_I64: return "64-bit signless integer attribute";
  case A_I32NN: return "32-bit signless integer attribute whose value is non-negative";
  case A_DARR32: return "i32 dense array attribute";
  case A_ARRAY: return "array attribute";
  default: return "bool attribute";
  }
}

static bool attr_ok(uint8_t kind, const IrAttr *a) {
  switch (kind) {
  case A_SIGN: return ct_enum_value(a, &ct_enum_signedness) >= 0;
  case A_OVF: return ct_enum_value(a, &ct_enum_overflow) >= 0;
  case A_RND: return ct_enum_value(a, &ct_enum_rounding) >= 0;
  case A_ORD: return ct_enum_value(a, &ct_enum_comparison_ordering) >= 0;
  case A_PRED: return ct_enum_value(a, &ct_enum_comparison_predicate) >= 0;
  case A_UNIT: return ir_attr_is(a, &ir_unit_attr_def);
  case A_I64:
    return ir_attr_is(a, &ir_integer_attr_def) && ir_type_is_integer(a->type) &&
           a->type->flags == IR_SIGNLESS && ir_integer_width(a->type) == 64;
  case A_I32NN:
    return ir_attr_is(a, &ir_integer_attr_def) && ir_type_is_integer(a->type) &&
           a->type->flags == IR_SIGNLESS && ir_integer_width(a->type) == 32 &&
           a->ints[0] >= 0;
  case A_DARR32:
    return ir_attr_is(a, &ir_dense_array_attr_def) && ir_type_is_int_width(a->type, 32);
  case A_ARRAY: return ir_attr_is(a, &ir_array_attr_def);
  default: return ir_attr_is(a, &ir_bool_attr_def);
  }
}

static bool check_value(IrOp *op, const char *kind, unsigned idx, const IrType *t,
                        const Con *c) {
  if (con_ok(c, t)) return true;
  if (ct_op_is(op, CT_OP_mmai) && ct_type_is_tile(t))
    return ir_op_error(op, kind[0] == 'o' && idx < 2 ? CT_MMAI_INPUTS : CT_MMAI_ACC);
  return ir_op_error(op, "%s #%u must be %s, but got '%T'", kind, idx, c->desc, t);
}

/* SameOperandsAndResultShape / SameOperandsAndResultElementType. */
static bool check_native(IrOp *op) {
  uint64_t tr = op->info->traits;
  if (tr & IR_TRAIT_SAME_OPERANDS_AND_RESULT_SHAPE) {
    const IrType *first = op->noperands ? opnd_t(op, 0) : NULL;
    for (unsigned i = 0; first && i < op->noperands + op->nresults; i++) {
      const IrType *t = i < op->noperands ? opnd_t(op, i) : res_t(op, i - op->noperands);
      if (!ct_tile_same_shape(t, first))
        return ir_op_error(op, "requires the same shape for all operands and results");
    }
  }
  if (tr & IR_TRAIT_SAME_OPERANDS_AND_RESULT_ELEMENT_TYPE) {
    const IrType *first = op->nresults ? ct_tile_type_elem(res_t(op, 0)) : NULL;
    for (unsigned i = 0; first && i < op->noperands + op->nresults; i++) {
      const IrType *t = i < op->noperands ? opnd_t(op, i) : res_t(op, i - op->noperands);
      if (ct_tile_type_elem(t) != first)
        return ir_op_error(op, "requires the same element type for all operands and results");
    }
  }
  return true;
}

bool ct_compute_has_spec(const IrOpInfo *info) {
  return info >= ct_op_infos && info < ct_op_infos + CT_OP_COUNT && specs[info - ct_op_infos];
}

/* The attribute checks below depend on nothing but the op's two uniqued
 * dictionaries: the pairs each op kind accepted during the current verify
 * walk (ir/verify.h) are remembered, a few per kind, so that an op
 * repeating one skips every lookup. */
#define ATTR_MEMO_BITS 3
#define ATTR_MEMO_WAYS (1 << ATTR_MEMO_BITS)
typedef struct AttrMemo {
  uint64_t walk;
  const IrAttr *props, *attrs;
} AttrMemo;

static _Thread_local AttrMemo attr_memo[CT_OP_COUNT][ATTR_MEMO_WAYS];

/* Attributes: presence, then constraints (ODS order); mmai's signedness
 * attributes are the seed's "expect signedness attribute for operand A". */
static bool check_attrs(IrOp *op, const Spec *s) {
  if (ct_op_is(op, CT_OP_mmai) &&
      (!ir_op_attrz(op, "signedness_lhs") || !ir_op_attrz(op, "signedness_rhs")))
    return ir_op_error(op, "expect signedness attribute for operand A");
  const IrAttr *av[3]; /* each spec attribute, looked up once */
  for (int i = 0; i < 3 && s->attrs[i].name; i++) {
    av[i] = ir_op_attrz(op, s->attrs[i].name);
    if (s->attrs[i].required && !av[i])
      return ir_op_error(op, "requires attribute '%s'", s->attrs[i].name);
  }
  for (int i = 0; i < 3 && s->attrs[i].name; i++) {
    const IrAttr *a = av[i];
    if (a && !attr_ok(s->attrs[i].kind, a))
      return ir_op_error(op, "attribute '%s' failed to satisfy constraint: %s",
                         s->attrs[i].name, attr_desc(s->attrs[i].kind));
  }
  return true;
}

static bool verify_compute_spec(IrOp *op, size_t row, const Spec *s);

/* Whether a spec's checks read nothing but the op's signature
 * (verify_memo.h): extract reads its index operands' defining constants,
 * reduce and scan their regions (ct_verify_compute memoizes the rest of
 * theirs and runs ctc_verify_aggregate_region on a hit). */
static bool spec_is_signature_pure(const Spec *s) {
  return s->extra != ctc_verify_extract && s->extra != ctc_verify_reduce &&
         s->extra != ctc_verify_scan;
}

bool ct_verify_compute(IrOp *op) {
  if (op->info < ct_op_infos || op->info >= ct_op_infos + CT_OP_COUNT) return true;
  size_t row = (size_t)(op->info - ct_op_infos);
  const Spec *s = specs[row];
  if (!s) return true;
  bool aggregate = s->extra == ctc_verify_reduce || s->extra == ctc_verify_scan;
  if (!aggregate && !spec_is_signature_pure(s)) return verify_compute_spec(op, row, s);
  /* a signature that passed these checks before passes them again; of
   * reduce's and scan's, only those that read the region remain */
  bool hit;
  CtVMemoSlot *slot = ct_vmemo_probe(op, &hit, NULL);
  if (hit) return !aggregate || ctc_verify_aggregate_region(op);
  if (!verify_compute_spec(op, row, s)) return false;
  ct_vmemo_store(slot, op, NULL);
  return true;
}

/* ct_verify_compute past the row lookup: every check of spec `s`. */
static bool verify_compute_spec(IrOp *op, size_t row, const Spec *s) {
  if (s->attrs[0].name || ct_op_is(op, CT_OP_mmai)) {
    uint64_t walk = ir_verify_walk_id();
    AttrMemo *m = NULL;
    if (walk) {
      uint64_t h = ((uintptr_t)op->props ^ (uintptr_t)op->attrs * 31) * 0x9E3779B97F4A7C15u;
      m = &attr_memo[row][h >> (64 - ATTR_MEMO_BITS)];
    }
    if (!m || m->walk != walk || m->props != op->props || m->attrs != op->attrs) {
      if (!check_attrs(op, s)) return false;
      if (m) *m = (AttrMemo){walk, op->props, op->attrs};
    }
  }
  /* operand and result type constraints; a value of the type the
   * previous one had, under the same constraint, passes as it did */
  const Con *last_c = NULL;
  const IrType *last_t = NULL;
  for (unsigned i = 0; i < op->noperands && s->nopnd; i++) {
    const Con *c = s->opnd[i < s->nopnd ? i : s->nopnd - 1u];
    const IrType *t = opnd_t(op, i);
    if (c == last_c && t == last_t) continue;
    if (!check_value(op, "operand", i, t, c)) return false;
    last_c = c;
    last_t = t;
  }
  for (unsigned i = 0; i < op->nresults; i++) {
    const IrType *t = res_t(op, i);
    if (s->res == last_c && t == last_t) continue;
    if (!check_value(op, "result", i, t, s->res)) return false;
    last_c = s->res;
    last_t = t;
  }
  /* seed 003: mma shapes, float-arith element types and reshape's element
   * type before the type-matching traits */
  if ((ct_op_is(op, CT_OP_mmaf) || ct_op_is(op, CT_OP_mmai)) && !ctc_verify_mma_seed_shapes(op))
    return false;
  if (is_float_arith(op) && !verify_float_arith_types(op)) return false;
  /* seed 003 verify_reshape: its element-type rule replaces the
   * SameOperandsAndResultElementType trait's text for reshape */
  if (ct_op_is(op, CT_OP_reshape) &&
      ct_tile_type_elem(opnd_t(op, 0)) != ct_tile_type_elem(res_t(op, 0)))
    return ir_op_error(op, "reshape requires matching element types");
  /* PredOpTraits, native traits, then the op's own verifier */
  for (int i = 0; i < 3 && s->preds[i].kind != P_NONE; i++)
    if (!check_pred(op, &s->preds[i])) return false;
  if (!check_native(op)) return false;
  return s->extra ? s->extra(op) : true;
}
