/* ct_opattr.h — ir_op_attrz for the cuda_tile op hooks, inline: a
 * registered op keeps its inherent attributes in its properties and usually
 * has no discardable dictionary, so the usual lookup is a scan of a few
 * property names by length and bytes, with no call.  Anything else (a
 * discardable dictionary present, a dictionary too large to scan) goes to
 * ir_op_attrn, which looks in the properties first and then in the
 * discardable attributes: the answer is the same either way. */
#ifndef CTILE_DIALECT_CUDA_TILE_CT_OPATTR_H
#define CTILE_DIALECT_CUDA_TILE_CT_OPATTR_H

#include "ir/ir.h"
#include "support/support.h"

enum { CT_OPATTR_SCAN_MAX = 8 };

/* The attribute `name` (len bytes) of op: a property, else a discardable
 * attribute, else NULL. */
static inline const IrAttr *ct_op_attrn(const IrOp *op, const char *name, size_t len) {
  const IrAttr *pr = op->props;
  if ((op->attrs && op->attrs->nelems) || (pr && pr->nelems > CT_OPATTR_SCAN_MAX))
    return ir_op_attrn(op, name, len);
  if (!pr) return NULL;
  for (uint32_t i = 0; i < pr->nelems; i++) {
    const IrIdent *k = pr->names[i];
    if (k->len == len && bytes_eq(k->str, name, len)) return pr->elems[i];
  }
  return NULL;
}

/* By literal name: its length folds at compile time. */
#define ct_op_attrz(op, lit) ct_op_attrn((op), "" lit, sizeof(lit) - 1)

#endif
