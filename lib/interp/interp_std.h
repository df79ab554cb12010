/* interp_std.h — handlers of MLIR's arith and math ops (interp_std.c), and
 * the nv_tileaa float ops that share their kernels. */
#ifndef CTILE_INTERP_STD_H
#define CTILE_INTERP_STD_H

#include "interp/interp_internal.h"

/* The handler of an arith/math op by full name, or NULL. */
InHandler in_std_handler(const char *name);
/* nv_tileaa addf subf mulf divf fma sqrt rsqrt exp2 fp_to_fp. */
bool in_std_float_aa(Exec *e, IrOp *op);

#endif
