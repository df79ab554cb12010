/* interp_queue.h — ctile-run handlers for queues and pipelines: nv_tileaa's
 * create_queue / queue.get / queue.put / execute and the nv_tileas async
 * pipeline family and agent region that lower-nv-tileaa makes of them (see
 * interp_queue.c for the semantics). */
#ifndef CTILE_INTERP_QUEUE_H
#define CTILE_INTERP_QUEUE_H

#include "interp/interp_internal.h"

/* The handler of a queue / pipeline / region op, or NULL when op is not one. */
InHandler in_queue_handler(IrOp *op);

/* Whether op terminates a queue or pipeline region with its operands
 * (nv_tileaa.queue.yield, nv_tileas.async.pipeline.yield). */
bool in_queue_is_terminator(IrOp *op);

#endif
