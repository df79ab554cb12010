/* ct_segments.h — the operand segments of an AttrSizedOperandSegments op,
 * read for a printer with one lookup of `operandSegmentSizes` (where
 * ct_ods_segment_range looks the attribute up again for every segment).
 * Each segment gets what ct_ods_segment_range gives it: its start and size,
 * or 0 and 0 when the attribute is missing or malformed or the segment
 * runs past the operands. */
#ifndef CTILE_DIALECT_CUDA_TILE_CT_SEGMENTS_H
#define CTILE_DIALECT_CUDA_TILE_CT_SEGMENTS_H

#include "ir/ir.h"

enum { CT_MAX_SEGS = 5 };
typedef struct CtSegs {
  uint32_t start[CT_MAX_SEGS], size[CT_MAX_SEGS];
} CtSegs;

static inline CtSegs ct_op_segments(const IrOp *op, unsigned nseg) {
  CtSegs s = {{0}, {0}};
  const IrAttr *a = ir_op_attrz(op, "operandSegmentSizes");
  if (!ir_attr_is(a, &ir_dense_array_attr_def) || !ir_type_is_int_width(a->type, 32) ||
      a->nints != nseg || nseg > CT_MAX_SEGS)
    return s;
  uint64_t at = 0;
  for (unsigned i = 0; i < nseg; i++) {
    int64_t n = a->ints[i];
    if (n >= 0 && at + (uint64_t)n <= op->noperands) {
      s.start[i] = (uint32_t)at;
      s.size[i] = (uint32_t)n;
    }
    at += (uint64_t)n;
  }
  return s;
}

/* The first operand of segment `seg`, or NULL when it is empty. */
static inline IrValue *ct_seg_first(IrOp *op, const CtSegs *s, unsigned seg) {
  return s->size[seg] ? ir_op_operand(op, s->start[seg]) : NULL;
}

#endif
