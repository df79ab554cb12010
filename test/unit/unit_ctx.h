/* unit_ctx.h — a context with every dialect registered whose diagnostics
 * are captured into `diags` (one message per line), for the unit tests that
 * check messages.  Include after unit.h. */
#ifndef CTILE_UNIT_CTX_H
#define CTILE_UNIT_CTX_H

#include "dialect/dialects.h"
#include "ir/ir.h"
#include "support/support.h"

static StrBuf diags;

static inline void capture(void *user, const IrDiag *d) {
  (void)user;
  sb_puts(&diags, sb_cstr((StrBuf *)&d->msg));
  sb_putc(&diags, '\n');
}

/* A fresh context, diags emptied. */
static inline IrContext *new_ctx(void) {
  IrContext *ctx = ir_context_create();
  ctile_register_all(ctx);
  ir_ctx_set_diag_handler(ctx, capture, NULL);
  sb_clear(&diags);
  return ctx;
}

#endif
