/* interp_lower.h — ctile-run handlers for the ops of the hop-2 lowering
 * (nv_tileas.alloc_mbarrier and the nvvm mbarrier ops); see interp_lower.c. */
#ifndef CTILE_INTERP_LOWER_H
#define CTILE_INTERP_LOWER_H

#include "interp/interp_internal.h"

/* The handler of a lowered op, or NULL when op is not one. */
InHandler in_lower_handler(IrOp *op);

#endif
