/* math_internal.h — private to lib/dialect/math: the standard op engine the
 * rows are driven by (dialect/std/std_const.h, which brings std_ops.h) and
 * the dialect's fold hook (fold.c). */
#ifndef CTILE_MATH_INTERNAL_H
#define CTILE_MATH_INTERNAL_H

#include "dialect/math/math.h"
#include "dialect/std/std_const.h"

/* IrDialect.fold of math. */
bool math_fold_op(IrOp *op, const IrAttr *const *consts, IrFoldResult *results);

#endif
