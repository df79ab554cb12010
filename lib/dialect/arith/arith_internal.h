/* arith_internal.h — private to lib/dialect/arith: the standard op engine
 * the rows are driven by (dialect/std/std_const.h, which brings std_ops.h)
 * and the dialect hooks defined in fold.c and canonicalize.c. */
#ifndef CTILE_ARITH_INTERNAL_H
#define CTILE_ARITH_INTERNAL_H

#include "dialect/arith/arith.h"
#include "dialect/std/std_const.h"

/* IrDialect.fold and IrDialect.canonicalize of arith. */
bool arith_fold_op(IrOp *op, const IrAttr *const *consts, IrFoldResult *results);
void arith_add_canonicalization_patterns(struct RwPatternSet *set, IrContext *ctx);

#endif
