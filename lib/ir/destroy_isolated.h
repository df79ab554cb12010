/* destroy_isolated.h — one-walk teardown of an isolated op tree
 * (destroy_isolated.c). */
#ifndef CTILE_IR_DESTROY_ISOLATED_H
#define CTILE_IR_DESTROY_ISOLATED_H

#include "ir/ir.h"

/* Destroys op and its regions, as ir_op_destroy does, for a tree that no
 * use crosses: no op in it uses a value defined outside it and nothing
 * outside uses a value defined in it (e.g. a verified IsolatedFromAbove op
 * without results).  An op still in a block is unlinked first. */
void ir_op_destroy_isolated(IrOp *op);

#endif
